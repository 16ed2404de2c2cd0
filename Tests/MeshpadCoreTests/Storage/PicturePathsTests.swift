import MeshpadTestRigs
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

    @Test func picturePathsResolveAgainstTheMapsFolder() {
        #expect(PicturePaths.candidates("a/b.png", folder: "/maps") == ["/maps/a/b.png"])
        #expect(PicturePaths.candidates("/abs/c.png", folder: "/maps") == ["/abs/c.png"])
        #expect(PicturePaths.candidates("file:///x/my%20d.png", folder: "/maps") == ["/x/my d.png"])
        #expect(PicturePaths.candidates("my%20e.png", folder: "/maps") == ["/maps/my%20e.png", "/maps/my e.png"])
    }
}

/// Pasting a picture's path (a file manager's Copy) on a node gives it that picture.
@Suite struct PastedPictureTests {
    @Test(arguments: [
        ("/home/me/Pictures/cat.JPG", "/home/me/Pictures/cat.JPG"),
        ("file:///home/me/My%20Pictures/dog.png\n", "/home/me/My Pictures/dog.png"),
        ("  /tmp/a.svg  ", "/tmp/a.svg"),
        ("/home/me/notes.txt", nil),
        ("cat.png", nil),
        ("/a.png\n/b.png", nil),
        ("https://example.org/a.png", nil),
        ("Buy milk", nil),
    ] as [(String, String?)])
    func whatIsAPicturesPath(text: String, picture: String?) {
        #expect(PicturePaths.pastedPicture(text) == picture)
    }

    @Test func pastingAPicturesPathOnANodeSetsItsPictureInOneUndoStep() {
        var document = Document(rootText: "Trip")
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var workspace = Workspace(document: document, viewportSize: Vec2(1280, 800))
        let root = workspace.document.rootID
        workspace.paste("/home/me/Pictures/cat.png")
        #expect(workspace.document.node(root)?.image == "/home/me/Pictures/cat.png")
        #expect(workspace.document.nodeCount == 1, "no node was made of the path")
        workspace.undo()
        #expect(workspace.document.node(root)?.image == nil)
        workspace.paste("Buy milk")
        #expect(workspace.document.nodeCount == 2, "other text is still pasted as nodes")
    }
}
