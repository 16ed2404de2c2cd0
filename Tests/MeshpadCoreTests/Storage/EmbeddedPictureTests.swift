import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A `.meshpad` keeps a copy of each small picture it shows, so a map moved or mailed without its
/// pictures still has them; big pictures stay beside the map, named by path.
@Suite struct EmbeddedPictureTests {
    /// A real 3×2 magenta PNG (74 bytes).
    static var dot: Data { Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAYAAACddGYaAAAAEUlEQVR4nGP4z/D/PwwzIHMA5jMR7wMfj7gAAAAASUVORK5CYII=") ?? Data() }

    /// A folder holding `images/dot.png` and a map whose child "photo" shows it.
    struct Fixture {
        let folder: String
        var document: Document
        let photo: NodeID
        var mapPath: String { folder + "/trip.meshpad" }
        var picturePath: String { folder + "/images/dot.png" }

        init(picture: Data = EmbeddedPictureTests.dot) throws {
            folder = try temporaryDirectory().path
            try FileManager.default.createDirectory(atPath: folder + "/images", withIntermediateDirectories: true)
            document = Document(rootText: "Trip")
            photo = document.addChild(of: document.rootID, text: "photo", at: Vec2(200, 0)) ?? document.rootID
            document.modify(photo) { $0.image = "images/dot.png" }
            try picture.write(to: URL(fileURLWithPath: folder + "/images/dot.png"))
        }

        /// Saves as the app does: small pictures read in from the map's folder, then written.
        mutating func save() throws {
            document.keepPictures(PictureEmbedding.look(for: document, in: folder))
            _ = try DocumentFile.write(document, to: mapPath, as: .native)
        }

        func reopen() throws -> Document { try MapFile.read(mapPath).document }

        func deletePicture() throws { try FileManager.default.removeItem(atPath: picturePath) }

        func text() throws -> String { try String(contentsOfFile: mapPath, encoding: .utf8) }
    }

    // MARK: - Saving and opening

    @Test func aSmallPictureSavedInTheMapIsStillThereWhenItsFileIsGone() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        try fixture.deletePicture()
        let reopened = try fixture.reopen()
        let photo = try #require(reopened.node(fixture.photo))
        #expect(photo.image == "images/dot.png", "the path is kept beside the copy")
        let kept = try #require(reopened.embeddedPictures["images/dot.png"], "the picture travels inside the map")
        #expect(kept.bytes == Self.dot && kept.name == "dot.png")
    }

    @Test func savingAgainKeepsTheCopyWhenThePictureFileIsGone() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        try fixture.deletePicture()
        fixture.document = try fixture.reopen()
        try fixture.save()
        #expect(try fixture.reopen().embeddedPictures["images/dot.png"]?.bytes == Self.dot)
        // Saved as elsewhere: the path is rebased, and the copy with it.
        let elsewhere = try temporaryDirectory().path
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        let moved = fixture.document.rebasingPictures(from: fixture.folder, to: elsewhere)
        _ = try DocumentFile.write(moved, to: elsewhere + "/copy.meshpad", as: .native)
        let copy = try MapFile.read(elsewhere + "/copy.meshpad").document
        let path = try #require(copy.node(fixture.photo)?.image)
        #expect(copy.embeddedPictures[path]?.bytes == Self.dot, "still shown from \(path)")
    }

    @Test func aPictureSavedOnceIsKeptBySavesAfterItsFileIsDeletedWhileTheMapIsOpen() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        try fixture.deletePicture()
        try fixture.save()
        #expect(try fixture.reopen().embeddedPictures["images/dot.png"]?.bytes == Self.dot)
    }

    @Test func aPictureChangedOnDiskIsSavedAsItIsNow() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        let edited = Self.dot + Data([0])
        try edited.write(to: URL(fileURLWithPath: fixture.picturePath))
        try fixture.save()
        #expect(try fixture.reopen().embeddedPictures["images/dot.png"]?.bytes == edited)
    }

    @Test(arguments: [(PictureEmbedding.largestEmbeddedBytes, true), (PictureEmbedding.largestEmbeddedBytes + 1, false)])
    func onlyPicturesUpToTheLimitAreEmbedded(bytes: Int, embedded: Bool) throws {
        var fixture = try Fixture(picture: Data(repeating: 7, count: bytes))
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        let reopened = try fixture.reopen()
        #expect(reopened.node(fixture.photo)?.image == "images/dot.png", "the path is always kept")
        #expect((reopened.embeddedPictures["images/dot.png"] != nil) == embedded)
        #expect(try fixture.text().contains("\"pictures\"") == embedded)
        if !embedded {
            // A big picture is named by path only: gone from disk, it is gone from the map.
            try fixture.deletePicture()
            #expect(try fixture.reopen().embeddedPictures.isEmpty)
        }
    }

    @Test func aPictureReplacedByABigOneOnDiskIsSavedByPathAlone() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        fixture.document = try fixture.reopen()
        try Data(repeating: 1, count: PictureEmbedding.largestEmbeddedBytes + 1).write(to: URL(fileURLWithPath: fixture.picturePath))
        try fixture.save()
        #expect(try fixture.reopen().embeddedPictures.isEmpty, "the file on disk is what is shown, and it is too big")
    }

    @Test func picturesPastTheMapsTotalAreSavedByPathAlone() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        let other = fixture.document.addChild(of: fixture.document.rootID, text: "other", at: Vec2(-200, 0)) ?? fixture.document.rootID
        fixture.document.modify(other) { $0.image = "images/zz.png" }
        try Self.dot.write(to: URL(fileURLWithPath: fixture.folder + "/images/zz.png"))
        let found = PictureEmbedding.look(for: fixture.document, in: fixture.folder, total: Self.dot.count + 10)
        #expect(found["images/dot.png"] == .small(EmbeddedPicture(name: "dot.png", bytes: Self.dot)))
        #expect(found["images/zz.png"] == .tooBig(bytes: Self.dot.count))
    }

    @Test func webPicturesAreNeitherFetchedNorEmbedded() throws {
        var document = Document(rootText: "Web")
        document.modify(document.rootID) { $0.image = "https://example.org/a.png" }
        #expect(PictureEmbedding.look(for: document, in: "/").isEmpty)
    }

    @Test func aMapWithoutPicturesIsWrittenWithoutAPicturesKey() throws {
        var document = Document.procedural(nodeCount: 50, seed: 1)
        document.keepPictures(PictureEmbedding.look(for: document, in: "/"))
        #expect(!String(decoding: try NativeFormat.encode(document), as: UTF8.self).contains("pictures"))
    }

    /// Bytes stay in memory when a picture is taken off a node, so undoing that loses nothing; the
    /// file only carries the pictures nodes show.
    @Test func onlyPicturesANodeShowsAreWritten() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        fixture.document.modify(fixture.photo) { $0.image = nil }
        _ = try DocumentFile.write(fixture.document, to: fixture.mapPath, as: .native)
        #expect(try !fixture.text().contains("\"pictures\""))
        #expect(fixture.document.embeddedPictures["images/dot.png"] != nil)
        fixture.document.modify(fixture.photo) { $0.image = "images/dot.png" }
        try fixture.deletePicture()
        try fixture.save()
        #expect(try fixture.reopen().embeddedPictures["images/dot.png"]?.bytes == Self.dot)
    }

    // MARK: - The file

    @Test func thePictureIsOneLineApartFromItsNodeAndReadByTheFastPath() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        let data = try Data(contentsOf: URL(fileURLWithPath: fixture.mapPath))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let base64 = Self.dot.base64EncodedString()
        #expect(lines.filter { $0.contains(base64) } == [#"    "images/dot.png" : {"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":74}"#])
        #expect(lines.contains { $0.contains("\"photo\"") && !$0.contains(base64) }, "the node's own line stays short")
        let fast = try #require(NativeReader.file(from: data), "a map with pictures takes the fast path")
        #expect(try NativeFormat.encodeLines(fast) == data)
        #expect(try NativeFormat.encodeLines(try JSONDecoder().decode(NativeFormat.File.self, from: data)) == data)
        // Editing the node's text changes its line only.
        fixture.document.modify(fixture.photo) { $0.text = "photo!" }
        let edited = String(decoding: try NativeFormat.encode(fixture.document), as: UTF8.self).split(separator: "\n")
        #expect(zip(lines, edited).filter { $0 != $1 }.count == 1 && lines.count == edited.count)
    }

    /// A map written before pictures were embedded: read as it always was, and written back the same.
    @Test func anOldFileWithoutEmbeddedPicturesOpensUnchanged() throws {
        let old = """
        {
          "edges" : [
            {"from":"n1","id":"e1","kind":"tree","to":"n2"}
          ],
          "format" : "meshpad",
          "nodes" : [
            {"id":"n1","text":"Trip","x":0,"y":0},
            {"id":"n2","image":"images/dot.png","imageScale":0.5,"text":"photo","x":200,"y":0}
          ],
          "root" : "n1",
          "version" : 1
        }

        """
        let data = Data(old.utf8)
        var records = NativeFormat.Records()
        #expect(NativeReader.read(data, into: &records) != nil, "the fast path still reads it")
        let document = try NativeFormat.decode(data)
        #expect(document.node(NodeID(2))?.image == "images/dot.png" && document.node(NodeID(2))?.imageScale == 0.5)
        #expect(document.embeddedPictures.isEmpty)
        #expect(try NativeFormat.encode(document) == data)
    }

    // MARK: - Damaged or doctored files

    static func map(picture: String) -> Data {
        Data("""
        {"edges":[],"format":"meshpad","nodes":[{"id":"n1","image":"images/dot.png","text":"Trip","x":0,"y":0}],
         "pictures":{"images/dot.png":\(picture)},"root":"n1","version":1}
        """.utf8)
    }

    static var base64: String { dot.base64EncodedString() }

    /// Each is refused with a sentence that names the picture and the node showing it, and
    /// nothing is decoded or allocated by a size the file declares.
    @Test(arguments: [
        (#"{"base64":"!!!!\#(EmbeddedPictureTests.base64.dropFirst(4))","name":"dot.png","size":74}"#, "is not base64"),
        (#"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":9223372036854775807}"#, "says it holds 9223372036854775807 bytes"),
        (#"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":-1}"#, "says it holds -1 bytes"),
        (#"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":75}"#, "says it holds 75 bytes"),
        (#"{"base64":"\#(EmbeddedPictureTests.base64.dropLast(4))","name":"dot.png","size":74}"#, "says it holds 74 bytes"),
        (#"{"base64":"\#(EmbeddedPictureTests.base64)","name":"../../.profile","size":74}"#, #"has the name "../../.profile", which is not a file name"#),
        (#"{"base64":"\#(EmbeddedPictureTests.base64)","name":"","size":74}"#, #"has the name "", which is not a file name"#),
    ])
    func aDamagedPictureIsRefusedByName(picture: String, problem: String) {
        #expect {
            try NativeFormat.decode(Self.map(picture: picture))
        } throws: { error in
            let message = (error as? FormatError)?.description ?? ""
            return message.contains(#"pictures["images/dot.png"] (the picture of node n1) \#(problem)"#)
                && message.contains("delete its line")
        }
    }

    @Test(arguments: [
        #"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":1e400}"#,
        #"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png","size":99999999999999999999999}"#,
        #"{"base64":"\#(EmbeddedPictureTests.base64)","name":"dot.png"}"#,
        #"{"base64":74,"name":"dot.png","size":74}"#,
    ])
    func aPictureOfTheWrongShapeIsRefusedNotMisread(picture: String) {
        #expect(throws: FormatError.self) { try NativeFormat.decode(Self.map(picture: picture)) }
    }

    // MARK: - Writing a .mm: pictures held only inside the map go beside it

    /// A map opened from a `.meshpad` whose picture file is gone: only the embedded copy is left.
    func embeddedOnly(path: String) throws -> (folder: String, document: Document) {
        var fixture = try Fixture()
        try fixture.save()
        try fixture.deletePicture()
        var document = try fixture.reopen()
        if path != "images/dot.png" {
            document.modify(fixture.photo) { $0.image = path }
            document.embeddedPictures = [path: EmbeddedPicture(name: "dot.png", bytes: Self.dot)]
        }
        return (fixture.folder, document)
    }

    @Test(arguments: [
        ("images/dot.png", "images/dot.png", "images/dot.png"),
        ("/no/such/folder/dot.png", "dot.png", "dot.png"),
        ("../outside/dot.png", "dot.png", "dot.png"),
        ("my%20dot.png", "my dot.png", "my%20dot.png"),
    ])
    func aPictureHeldOnlyInsideTheMapIsWrittenBesideAnMMForFreeplane(path: String, file: String, named: String) throws {
        let (folder, document) = try embeddedOnly(path: path)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let notes = try DocumentFile.write(document, to: folder + "/trip.mm", as: .freeMind)
        #expect(FileManager.default.contents(atPath: folder + "/" + file) == Self.dot, "Freeplane finds the picture")
        #expect(try String(contentsOfFile: folder + "/trip.mm", encoding: .utf8).contains("URI=\"\(named)\""))
        #expect(notes.contains { $0.contains("wrote a picture kept only inside the map beside it") && $0.contains(file) })
        #expect(document.node(NodeID(2))?.image == path, "the open map is unchanged")
        #expect(try DocumentFile.write(document, to: folder + "/trip.mm", as: .freeMind).isEmpty, "written once; then nothing new to say")
    }

    @Test func anotherFileOfThePicturesNameIsNeverReplaced() throws {
        let (folder, document) = try embeddedOnly(path: "/no/such/folder/dot.png")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("mine".utf8).write(to: URL(fileURLWithPath: folder + "/dot.png"))
        let notes = try DocumentFile.write(document, to: folder + "/trip.mm", as: .freeMind)
        #expect(FileManager.default.contents(atPath: folder + "/dot.png") == Data("mine".utf8))
        #expect(notes == ["dot.png was not written beside the map: another file of that name is there; node “photo” will show no picture in Freeplane"])
    }

    /// The picture is on disk (edited since the map kept its copy): the `.mm` names it as
    /// before, the file is left as the person made it, and nothing new is said.
    @Test func aPictureStillOnDiskIsNamedAsTodayAndNothingIsWritten() throws {
        var fixture = try Fixture()
        defer { try? FileManager.default.removeItem(atPath: fixture.folder) }
        try fixture.save()
        let edited = Self.dot + Data([1])
        try edited.write(to: URL(fileURLWithPath: fixture.picturePath))
        let before = try FileManager.default.contentsOfDirectory(atPath: fixture.folder)
        #expect(try DocumentFile.write(fixture.document, to: fixture.folder + "/trip.mm", as: .freeMind).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder).sorted() == (before + ["trip.mm"]).sorted())
        #expect(FileManager.default.contents(atPath: fixture.picturePath) == edited)
        #expect(try String(contentsOfFile: fixture.folder + "/trip.mm", encoding: .utf8).contains(#"URI="images/dot.png""#))
    }
}
