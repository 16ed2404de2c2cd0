import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// A node's picture is read from FreeMind's and Freeplane's `.mm`, kept in `.meshpad`, and
/// written back to `.mm` changing only what an edit changed.
@Suite struct ImageFormatTests {
    /// A Freeplane node with a picture (its ExternalObject hook) and one without.
    static let freeplaneMap = """
    <map version="freeplane 1.9.13">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="Cat" POSITION="right" ID="ID_2">
    <hook URI="pics/cat.png" SIZE="0.5" NAME="ExternalObject"/>
    </node>
    <node TEXT="Dog" POSITION="left" ID="ID_3" COLOR="#ff0000"/>
    </node>
    </map>
    """

    // MARK: - Reading

    @Test(.needsSharedMaps) func freeplanesPictureNodeHasAnImageAndNoPlaceholderText() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        let document = try FreeMindFormat.decode(data).document
        let pictured = try #require(document.nodes.first { $0.image != nil })
        #expect((try #require(pictured.image) as NSString).lastPathComponent == "freeplaneApplications.png")
        #expect(pictured.text.isEmpty)
        #expect(!document.nodes.contains { $0.text.contains("[image:") })
    }

    @Test func anExternalObjectHookIsTheNodesImage() throws {
        let document = try FreeMindFormat.decode(Data(Self.freeplaneMap.utf8)).document
        #expect(node(document, "Cat")?.image == "pics/cat.png")
        #expect(node(document, "Dog")?.image == nil)
    }

    @Test(arguments: [
        ("<html><body><p>Look</p><img src=\"a/b.png\"/><img src=\"c.png\"/></body></html>", "Look", "a/b.png"),
        ("<html><body><img src=\"file:///tmp/x.jpg\"/></body></html>", "", "file:///tmp/x.jpg"),
    ])
    func freeMindsImgInRichTextIsTheNodesImageAndTheRestItsText(html: String, text: String, image: String) throws {
        let escaped = XMLText.escapeAttribute(html)
        let inAttribute = "<map version=\"1.0.1\"><node TEXT=\"R\"><node TEXT=\"\(escaped)\"/></node></map>"
        let inRichContent = "<map version=\"1.0.1\"><node TEXT=\"R\"><node><richcontent TYPE=\"NODE\">\(html)</richcontent></node></node></map>"
        for source in [inAttribute, inRichContent] {
            let document = try FreeMindFormat.decode(Data(source.utf8)).document
            let child = try #require(document.nodes.first { $0.id != document.rootID })
            #expect(child.text == text)
            #expect(child.image == image)
        }
    }

    @Test func aNoteStillNamesItsPictures() {
        #expect(HTMLText.plainText(fromHTML: "<p>See</p><img src=\"x/cat.png\">") == "See\n[image: cat.png]")
    }

    // MARK: - Native

    @Test func anImageRoundTripsThroughMeshpadAndIsLeftOutWhenNil() throws {
        var document = detailedMap()
        let goals = try #require(node(document, "Goals & <risks>"))
        document.modify(goals.id) { $0.image = "pics/goals.png" }
        let data = try NativeFormat.encode(document)
        let back = try NativeFormat.decode(data)
        #expect(back.node(goals.id)?.image == "pics/goals.png")
        #expect(back.nodes.filter { $0.image != nil }.count == 1)
        #expect(String(decoding: data, as: UTF8.self).components(separatedBy: "\"image\"").count == 2)
    }

    @Test func anImageReadFromMMSurvivesAMeshpadCopy() throws {
        let document = try FreeMindFormat.decode(Data(Self.freeplaneMap.utf8)).document
        let copy = try NativeFormat.decode(NativeFormat.encode(document))
        #expect(FreeMindFormat.encode(copy) == FreeMindFormat.encode(document))
    }

    // MARK: - Writing .mm

    @Test func anUnchangedImageIsWrittenAsRead() throws {
        let data = Data(Self.freeplaneMap.utf8)
        let saved = FreeMindFormat.encode(try FreeMindFormat.decode(data).document)
        #expect(try Canonical.lines(saved) == Canonical.lines(data))
    }

    @Test func anEditedImageChangesOnlyTheHooksURI() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try FreeMindFormat.decode(data).document
        let cat = try #require(node(document, "Cat"))
        document.modify(cat.id) { $0.image = "pics/tiger.png" }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed == ["<hook NAME=\"ExternalObject\" SIZE=\"0.5\" URI=\"pics/cat.png\""], "\(changed.removed)")
        #expect(changed.added == ["<hook NAME=\"ExternalObject\" SIZE=\"0.5\" URI=\"pics/tiger.png\""], "\(changed.added)")
        #expect(node(try FreeMindFormat.decode(saved).document, "Cat")?.image == "pics/tiger.png")
    }

    @Test func anImageAddedOrRemovedAddsOrRemovesTheHook() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try FreeMindFormat.decode(data).document
        let cat = try #require(node(document, "Cat")), dog = try #require(node(document, "Dog"))
        document.modify(cat.id) { $0.image = nil }
        document.modify(dog.id) { $0.image = "dog.webp" }
        let fresh = document.addChild(of: document.rootID, text: "Bird", at: Vec2(300, 0))
        document.modify(try #require(fresh)) { $0.image = "/abs/bird.gif" }
        let saved = FreeMindFormat.encode(document)
        let reread = try FreeMindFormat.decode(saved).document
        #expect(node(reread, "Cat")?.image == nil)
        #expect(node(reread, "Dog")?.image == "dog.webp")
        #expect(node(reread, "Bird")?.image == "/abs/bird.gif")
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed == ["<hook NAME=\"ExternalObject\" SIZE=\"0.5\" URI=\"pics/cat.png\""], "\(changed.removed)")
    }

    @Test(.needsSharedMaps) func aPictureFromRichTextChangedIsWrittenAsAHook() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        var document = try FreeMindFormat.decode(data).document
        let pictured = try #require(document.nodes.first { $0.image != nil })
        document.modify(pictured.id) { $0.image = "other.png" }
        let reread = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(reread.nodes.first { $0.sourceID == pictured.sourceID }?.image == "other.png")
    }
}
