import Testing
@testable import MeshpadCore

/// A map written somewhere keeps pictures it can find from there, relative where it can.
@Suite struct PicturePathsTests {
    /// (path in memory, the folder it is read from, the folder written to, what is written)
    @Test(arguments: [
        ("pic.png", "/maps", "/maps", "pic.png"),
        ("pics/a b.png", "/maps", "/maps", "pics/a b.png"),
        ("pic.png", "/maps", "/elsewhere", "/maps/pic.png"),
        ("pic.png", "/maps", "/maps/sub", "/maps/pic.png"),
        ("sub/pic.png", "/maps", "/maps/sub", "pic.png"),
        ("../shared/pic.png", "/maps/trip", "/maps", "shared/pic.png"),
        ("/maps/pics/a.png", "/maps", "/maps", "pics/a.png"),
        ("/maps/pics/a.png", nil, "/maps/", "pics/a.png"),
        ("/home/me/pic.png", "/maps", "/maps", "/home/me/pic.png"),
        ("/mapsister/pic.png", "/maps", "/maps", "/mapsister/pic.png"),
        ("https://example.org/a.png", "/maps", "/elsewhere", "https://example.org/a.png"),
        ("file:///maps/a.png", "/maps", "/elsewhere", "file:///maps/a.png"),
        ("data:image/png;base64,AAAA", "/maps", "/elsewhere", "data:image/png;base64,AAAA"),
    ] as [(String, String?, String, String)])
    func aPictureIsWrittenRelativeToTheFolderItIsWrittenTo(path: String, from: String?, to: String, written: String) {
        #expect(PicturePaths.rebased(path, from: from, to: to) == written)
    }

    @Test func rebasingAMapLeavesTheMapItselfAsItWas() {
        var document = Document(rootText: "Trip")
        let child = document.addChild(of: document.rootID, text: "photo", at: Vec2(200, 0)) ?? document.rootID
        document.modify(child) { $0.image = "photo.jpg" }
        let revision = document.revision
        let written = document.rebasingPictures(from: "/maps", to: "/backup")
        #expect(written.node(child)?.image == "/maps/photo.jpg")
        #expect(document.node(child)?.image == "photo.jpg" && document.revision == revision)
        let same = document.rebasingPictures(from: "/maps", to: "/maps")
        #expect(same.revision == revision, "nothing to rebase: no edit, no copy of the map")
    }
}
