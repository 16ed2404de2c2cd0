import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// XMind files: both generations read (the real files in `../shared/maps/real/xmind`), Zen
/// written and read back whole, what Meshpad does not model given back to XMind, and hostile
/// archives refused with words that name the problem.
@Suite struct XMindFormatTests {
    // MARK: - Fixtures

    static let folder = sharedMaps.appendingPathComponent("real/xmind")

    static func real(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// A 1×1 PNG.
    static let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==") ?? Data()

    /// A map with everything XMind holds: notes, links (out and to a node), tags, a task, a
    /// priority, a flag, a picture, a labelled link, a summary, a cloud, a free-standing tree.
    static func fullMap() -> Document {
        var builder = MapBuilder(rootText: "Trip")
        let root = builder.rootID
        func child(_ parent: NodeID, _ text: String, _ change: (inout Node) -> Void = { _ in }) -> NodeID {
            var node = Node(id: root, text: text, position: .zero)
            change(&node)
            return builder.add(node, under: parent) ?? root
        }
        let pack = child(root, "Pack") {
            $0.note = "passport\nticket"
            $0.tags = ["home", "urgent"]
            $0.icons = [TaskState.openIcon, Priority.icon(2), "flag-red"]
        }
        let socks = child(pack, "socks") { $0.style.cloud = Cloud() }
        let shirt = child(pack, "shirt") { $0.style.cloud = Cloud() }
        _ = child(pack, "clothes") { $0.summaryMarks = .summary }
        let book = child(pack, "book") { $0.link = "https://example.org/book?a=1&b=2" }
        _ = child(root, "Map") {
            $0.image = "images/map.png"
            $0.icons = [TaskState.doneIcon]
        }
        let other = child(root, "中文 topic") { $0.link = "#n2" }
        var free = Node(id: root, text: "Ideas", position: Vec2(300, 400))
        free.note = "floating"
        let ideas = builder.add(free, under: nil) ?? root
        _ = child(ideas, "more")
        builder.link(socks, to: book, look: LinkLook(label: "goes with", arrows: .end))
        builder.link(other, to: shirt, look: LinkLook(arrows: .end))
        var document = builder.build()
        document.embeddedPictures["images/map.png"] = EmbeddedPicture(name: "map.png", bytes: png)
        return document
    }

    /// Written as Zen and read back; `sheet` is the sheet it was read from (a workbook's other
    /// sheets are written back around it, in their places).
    static func roundTrip(_ document: Document, sheet: Int? = nil) throws -> (document: Document, warnings: [String]) {
        let written = try XMindFormat.encode(document)
        return (try XMindFormat.decode(written.data, sheet: sheet).document, written.warnings)
    }

    /// What an XMind file says about a map, by text: what must survive a trip through Zen.
    static func content(_ document: Document) -> [String] {
        document.nodes.map { node in
            let parent = document.parent(of: node.id).flatMap { document.node($0)?.text } ?? "-"
            // A link to a node is named by the node's text: its ID may be written anew.
            var link = node.link ?? ""
            if link.hasPrefix("#"), let target = document.nodes.first(where: { "#" + ($0.sourceID ?? "") == link || "#\($0.id)" == link }) {
                link = "# " + target.text
            }
            return [node.text, "under \(parent)", node.note, link, node.tags.joined(separator: ","),
                    node.icons.joined(separator: ","), node.summaryMarks.rawValue.description, node.style.cloud == nil ? "" : "cloud",
                    node.image == nil ? "" : "picture"].joined(separator: "|")
        }.sorted()
    }

    static func links(_ document: Document) -> [String] {
        document.edges.filter { $0.kind == .link }.map { edge in
            "\(document.node(edge.from)?.text ?? "?") → \(document.node(edge.to)?.text ?? "?") \(edge.label ?? "")"
        }.sorted()
    }

    static func zip(_ entries: [(String, String)]) throws -> Data {
        try ZipArchive.write(entries.map { ($0.0, Data($0.1.utf8)) }, format: "XMind")
    }

    static func json(_ archive: ZipArchive, _ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: archive.data(name) ?? Data())
    }

    static func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    // MARK: - Real files

    /// Each real file: its sheets' titles, and of the first sheet the root's title, how many
    /// topics (attached, floating and summary ones), free-standing trees and relationships.
    static let realFiles: [(file: String, sheets: [String], root: String, nodes: Int, free: Int, links: Int)] = [
        ("tobyqin-xmindparser-xmind_2026-zen.xmind", ["test"], "test", 42, 1, 1),
        ("tobyqin-xmindparser-xmind_pro-x8.xmind", ["Sheet 1", "Sheet 2"], "test", 40, 1, 1),
        ("tobyqin-xmindparser-xmind_zen-zen.xmind", ["Map 1", "Map 2"], "Central Topic", 24, 1, 0),
        ("xifenghuyang-xmindnote-design-patterns-x8.xmind", ["画布 1", "画布 2"], "设计模式", 454, 0, 4),
        ("xifenghuyang-xmindnote-javascript-x8.xmind", ["基础知识框架", "对象分类"], "javaScript知识架构", 91, 0, 1),
        ("xiongmengmeng-xmind-technology-thread-contentxml-only.xmind", ["Sheet 1", "线程基本概念", "Java内存模型", "线程安全"], "", 1, 0, 0),
        ("xmindltd-xmind-sdk-js-default-x8.xmind", ["sheet-1"], "Computer science", 26, 0, 0),
        ("zhangyinghahaha-xmind-js-language-zen.xmind", ["画布 1"], "JS Language", 6, 0, 0),
        ("zhangyinghahaha-xmind-linux-zen.xmind", ["画布 1"], "Linux", 440, 0, 1),
        ("zhangyinghahaha-xmind-vue3-typescript-final-zen.xmind", ["画布 1", "画布 2"], "Vue3+TypeScript", 398, 2, 0),
    ]

    @Test(.needsSharedMaps) func theFolderHoldsTheFilesTested() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".xmind") }
        #expect(Set(names) == Set(Self.realFiles.map(\.file)))
    }

    @Test(.needsSharedMaps, arguments: realFiles.map(\.file))
    func realFileOpensWithItsSheetsAndTopics(_ file: String) throws {
        let expected = try #require(Self.realFiles.first { $0.file == file })
        let data = try Self.real(file)
        #expect(try XMindFormat.sheets(in: data) == expected.sheets)
        let document = try XMindFormat.decode(data).document
        #expect(document.root.text == expected.root)
        #expect(document.nodes.count == expected.nodes)
        #expect(document.nodes.filter { $0.id != document.rootID && document.parent(of: $0.id) == nil }.count == expected.free)
        #expect(document.edges.filter { $0.kind == .link }.count == expected.links)
        // Every sheet opens, and every map written back as Zen opens again the same.
        for sheet in expected.sheets.indices {
            let map = try XMindFormat.decode(data, sheet: sheet).document
            // A 2020 workbook is written back whole, this sheet in its place; an XMind 8 one as this sheet alone.
            let place = expected.sheets.count > 1 && XMindFormat.isWrittenBackWhole(data) ? sheet : nil
            let again = try Self.roundTrip(map, sheet: place).document
            #expect(Self.content(again) == Self.content(map), "sheet \(sheet) of \(file)")
            #expect(Self.links(again) == Self.links(map), "sheet \(sheet) of \(file)")
        }
    }

    @Test(.needsSharedMaps) func xmind8FileGivesNotesLinksLabelsMarkersPicturesAndSummaries() throws {
        let imported = try XMindFormat.decode(try Self.real("tobyqin-xmindparser-xmind_pro-x8.xmind"))
        let document = imported.document
        #expect(document.nodes.contains { $0.note == "this is a note" })
        #expect(node(document, "note2")?.note == "line1\nline2")
        #expect(node(document, "a")?.link == "http://test.com")
        #expect(node(document, "to file")?.link == "file:////abc/ef")
        #expect(node(document, "to topic")?.link == "#4tmccl0gm2i50cploeik8jd9pc")
        #expect(node(document, "label")?.tags == ["this is a  label"])
        #expect(node(document, "b")?.icons == [TaskState.doneIcon, "flag-red", "people-red", "up"])
        #expect(node(document, "test")?.icons == ["star"])
        #expect(node(document, "测试") != nil)
        #expect(document.nodes.contains { $0.note == "测试中文" })
        #expect(node(document, "aaa")?.summaryMarks == .summary)
        #expect(node(document, "pic")?.folded == true)
        let picture = try #require(document.nodes.first { $0.image != nil })
        let path = try #require(picture.image)
        #expect(path == "attachments/5mfgt4esig6h76mf72a10ctblj.png")
        let bytes = try #require(document.embeddedPictures[path]?.bytes)
        #expect(bytes.count == 4144)
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let floating = try #require(node(document, "floating test"))
        #expect(document.parent(of: floating.id) == nil)
        #expect(document.children(of: floating.id).count == 3)
        #expect(imported.warnings.first?.contains("2 sheets") == true)
    }

    @Test(.needsSharedMaps) func zenFileGivesNotesLinksLabelsMarkersAndPictures() throws {
        let document = try XMindFormat.decode(try Self.real("tobyqin-xmindparser-xmind_zen-zen.xmind")).document
        #expect(node(document, "note topic")?.note == "note info\nnew line of note")
        #expect(node(document, "link topic")?.link == "http://www.link.com")
        #expect(node(document, "label topic")?.tags == ["great"])
        #expect(node(document, "makers topic")?.icons == [Priority.icon(2), "ksmiletris", TaskState.openIcon, "task-oct", "flag-orange"])
        #expect(node(document, "中文") != nil)
        #expect(node(document, "<>{}*&^^&*^%@!") != nil)
        let image = try #require(node(document, "image topic")?.image)
        #expect(document.embeddedPictures[image]?.bytes.count == 863)
        #expect(document.embeddedPictures[image]?.name == "40af36d11c22d4747e35dd2d82cfa2c0e6ed91a333fa77b18c8d2e675e7b9fa0.png")
        #expect(node(document, "Callout") == nil, "a callout is kept with its topic, not shown as a node")
        #expect(try XMindFormat.decode(try Self.real("tobyqin-xmindparser-xmind_zen-zen.xmind"), sheet: 1).document.root.text == "another sheet")
    }

    @Test(.needsSharedMaps) func newestZenFileGivesLabelsNotesAndASummary() throws {
        let document = try XMindFormat.decode(try Self.real("tobyqin-xmindparser-xmind_2026-zen.xmind")).document
        #expect(node(document, "label")?.tags == ["this", "that", "then"])
        #expect(node(document, "note")?.note == "hello")
        #expect(node(document, "to url")?.link != nil)
        #expect(node(document, "aaa")?.summaryMarks == .summary)
        #expect(document.nodes.filter { $0.image != nil }.count == 3)
        #expect(document.nodes.compactMap(\.image).allSatisfy { document.embeddedPictures[$0] != nil })
    }

    @Test(.needsSharedMaps) func relationshipTitlesBecomeLinkLabels() throws {
        let linux = try XMindFormat.decode(try Self.real("zhangyinghahaha-xmind-linux-zen.xmind")).document
        #expect(Self.links(linux) == ["2个盘面 → 磁头 柱面（cylinder）"])
        #expect(linux.nodes.filter { !$0.note.isEmpty }.count == 14)
        let patterns = try XMindFormat.decode(try Self.real("xifenghuyang-xmindnote-design-patterns-x8.xmind")).document
        #expect(patterns.edges.contains { $0.label == "包含/调用" })
        #expect(patterns.nodes.filter { $0.style.cloud != nil }.count == 4, "the boundary round topics 0 to 3")
    }

    /// Its three pictures are in notes: Meshpad's notes are plain text, so each is its topic's picture.
    @Test(.needsSharedMaps) func xmind8PicturesWithCapitalExtensionsArrive() throws {
        let data = try Self.real("xifenghuyang-xmindnote-javascript-x8.xmind")
        let sizes = try [0, 1].flatMap { sheet in
            let document = try XMindFormat.decode(data, sheet: sheet).document
            return document.nodes.compactMap(\.image).compactMap { document.embeddedPictures[$0]?.bytes.count }
        }.sorted()
        #expect(sizes == [16016, 62297, 69702])
    }

    @Test(.needsSharedMaps) func summariesOfTheSDKFileMarkTheirGroups() throws {
        let document = try XMindFormat.decode(try Self.real("xmindltd-xmind-sdk-js-default-x8.xmind")).document
        #expect(document.nodes.filter { $0.summaryMarks.contains(.summary) }.count == 3)
    }

    @Test(.needsSharedMaps) func aSheetPastTheLastIsRefusedWithTheCount() throws {
        let data = try Self.real("xiongmengmeng-xmind-technology-thread-contentxml-only.xmind")
        let text = Self.message { _ = try XMindFormat.decode(data, sheet: 4) }
        #expect(text.contains("no sheet 5") && text.contains("4 sheets") && text.contains("4 “线程安全”"), "\(text)")
        #expect(try XMindFormat.decode(data, sheet: 2).document.root.text == "Java内存模型")
    }

    @Test(.needsSharedMaps) func unknownKeysOfARealZenFileAreWrittenBack() throws {
        let data = try Self.real("tobyqin-xmindparser-xmind_zen-zen.xmind")
        let written = try XMindFormat.encode(try XMindFormat.decode(data).document)
        let archive = try ZipArchive.read(written.data, format: "XMind")
        let text = String(decoding: try #require(archive.data("content.json")), as: UTF8.self)
        for kept in ["\"callout\"", "\"Callout\"", "\"structureClass\"", "#FA7B74", "\"theme\"", "new line of note", "\"ops\"", "right-number"] {
            #expect(text.contains(kept), "\(kept) is lost")
        }
        #expect(archive.names.contains("resources/e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855.txt"),
                "the attachment a topic links to")
        #expect(archive.names.filter { $0.hasPrefix("resources/") }.count == 4)
    }

    @Test(.needsSharedMaps) func aRealFileCutInHalfIsRefused() throws {
        let data = try Self.real("tobyqin-xmindparser-xmind_zen-zen.xmind")
        let text = Self.message { _ = try XMindFormat.decode(data.prefix(data.count / 2)) }
        #expect(text.contains("ZIP"), "\(text)")
    }

    // MARK: - Writing and reading back

    @Test func aMapWrittenAndReadBackIsTheSame() throws {
        let map = Self.fullMap()
        let (again, warnings) = try Self.roundTrip(map)
        #expect(Self.content(again) == Self.content(map))
        #expect(Self.links(again) == Self.links(map))
        #expect(again.nodes.count == map.nodes.count)
        #expect(warnings.isEmpty, "\(warnings)")
        let picture = try #require(node(again, "Map")?.image)
        #expect(again.embeddedPictures[picture]?.bytes == Self.png)
        // The link to a node still finds it.
        let link = try #require(node(again, "中文 topic")?.link)
        #expect(again.nodes.first { "#" + ($0.sourceID ?? "") == link }?.text == "Pack")
        // The free-standing tree is where it was, from the root.
        #expect(node(again, "Ideas")?.position == Vec2(300, 400))
    }

    @Test func aWrittenFileHasWhatXMindExpects() throws {
        let written = try XMindFormat.encode(Self.fullMap())
        let archive = try ZipArchive.read(written.data, format: "XMind")
        #expect(archive.names.starts(with: ["content.json", "metadata.json", "manifest.json"]))
        #expect(archive.names.contains("content.xml"))
        #expect(archive.names.contains("resources/map.png"))
        let manifest = try #require(try Self.json(archive, "manifest.json") as? [String: Any])
        let entries = try #require(manifest["file-entries"] as? [String: Any])
        #expect(Set(entries.keys) == ["content.json", "metadata.json", "resources/map.png"])
        let sheets = try #require(try Self.json(archive, "content.json") as? [[String: Any]])
        let root = try #require(sheets.first?["rootTopic"] as? [String: Any])
        let pack = try #require(((root["children"] as? [String: Any])?["attached"] as? [[String: Any]])?.first)
        #expect(pack["labels"] as? [String] == ["home", "urgent"])
        #expect((pack["markers"] as? [[String: String]])?.map { $0["markerId"] ?? "" } == ["task-start", "priority-2", "flag-red"])
        #expect((pack["summaries"] as? [[String: Any]])?.first?["range"] as? String == "(0,1)")
        #expect((pack["boundaries"] as? [[String: Any]])?.first?["range"] as? String == "(0,1)")
        #expect(((pack["notes"] as? [String: Any])?["plain"] as? [String: Any])?["content"] as? String == "passport\nticket")
        let relationships = try #require(sheets.first?["relationships"] as? [[String: Any]])
        #expect(relationships.compactMap { $0["title"] as? String } == ["goes with"])
        // Ids are unique.
        let ids = String(decoding: try #require(archive.data("content.json")), as: UTF8.self)
            .components(separatedBy: "\"id\":\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(Set(ids).count == ids.count)
        // The stub content.xml is read only when there is no content.json.
        let stub = try ZipArchive.write([("content.xml", try #require(archive.data("content.xml")))], format: "XMind")
        #expect(try XMindFormat.decode(stub).document.root.text == "Warning")
    }

    @Test func whatXMindCannotHoldIsNamed() throws {
        var builder = MapBuilder(rootText: "root")
        var styled = Node(id: builder.rootID, text: "styled", position: .zero)
        styled.style.bold = true
        styled.attributes = AttributeTable(rows: [.init("cost", "3")])
        styled.icons = ["penguin"]
        styled.image = "gone.png"
        _ = builder.add(styled, under: builder.rootID)
        let warnings = try XMindFormat.encode(builder.build()).warnings.joined(separator: "\n")
        #expect(warnings.contains("fonts of 1 node"))
        #expect(warnings.contains("attributes of 1 node"))
        #expect(warnings.contains("penguin"))
        #expect(warnings.contains("gone.png"))
    }

    @Test func unknownKeysSurviveXMindToMeshpadToXMind() throws {
        let content = """
        [{"id":"s1","class":"sheet","title":"Plans","x-sheet":{"keep":true},"theme":{"id":"t1"},
          "rootTopic":{"id":"r","class":"topic","title":"Root","style":{"properties":{"fo:color":"#123456"}},
            "children":{"attached":[
              {"id":"a","title":"A","x-topic":[1,2,3],"markers":[{"markerId":"star-red"}],
               "notes":{"plain":{"content":"rich"},"realHTML":{"content":"<div><b>rich</b></div>"}}},
              {"id":"b","title":"B"}],
              "callout":[{"id":"c","title":"a callout"}]}},
          "relationships":[{"id":"rel","end1Id":"a","end2Id":"b","title":"why","x-line":"dashed"}]},
         {"id":"s2","title":"Other","rootTopic":{"id":"r2","title":"Second"}}]
        """
        let data = try Self.zip([("content.json", content), ("metadata.json", #"{"creator":{"name":"Vana"},"x-meta":7}"#)])
        #expect(try XMindFormat.sheets(in: data) == ["Plans", "Other"])
        var document = try XMindFormat.decode(data).document
        // Saved as .meshpad and opened again: what XMind held comes along.
        document = try NativeFormat.decode(try NativeFormat.encode(document))
        // An edit to B only: A keeps everything.
        let b = try #require(node(document, "B")?.id)
        document.modify(b) { $0.note = "edited" }
        let written = try XMindFormat.encode(document)
        let archive = try ZipArchive.read(written.data, format: "XMind")
        let text = String(decoding: try #require(archive.data("content.json")), as: UTF8.self)
        for kept in ["x-sheet", "x-topic", "#123456", "a callout", "x-line", "star-red", "<b>rich</b>", "\"theme\""] {
            #expect(text.contains(kept), "\(kept) is lost")
        }
        #expect(String(decoding: try #require(archive.data("metadata.json")), as: UTF8.self).contains("x-meta"))
        let again = try XMindFormat.decode(written.data).document
        #expect(node(again, "A")?.icons == ["star"])
        #expect(node(again, "B")?.note == "edited")
    }

    // MARK: - Hostile and broken files

    @Test(arguments: ["../evil", "/etc/x", "a/../../evil"])
    func anEntryNamedOutsideTheArchiveIsRefused(_ name: String) throws {
        let data = try Self.zip([("content.json", "[]"), (name, "boo")])
        let text = Self.message { _ = try XMindFormat.decode(data) }
        #expect(text.contains("points outside the archive") && text.contains(name), "\(text)")
    }

    @Test func aTruncatedArchiveIsRefused() throws {
        let data = try XMindFormat.encode(Self.fullMap()).data
        let text = Self.message { _ = try XMindFormat.decode(data.prefix(data.count / 2)) }
        #expect(text.contains("ZIP") || text.contains("cut short"), "\(text)")
    }

    @Test func aZipBombIsRefusedAsItInflates() throws {
        let zeros = Data(count: 8 << 20)
        let data = try ZipArchive.write([("content.json", zeros)], format: "XMind")
        #expect(data.count < 64 << 10)
        let text = Self.message { _ = try XMindFormat.decode(data, sheet: nil, limits: ZipArchive.Limits(inflatedBytes: 1 << 20)) }
        #expect(text.contains("ZIP bomb"), "\(text)")
    }

    @Test func contentThatIsNotJSONIsRefused() throws {
        let text = Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", "{\"rootTopic\": ")])) }
        #expect(text.contains("content.json is not JSON"), "\(text)")
    }

    @Test func jsonNestedAMillionDeepIsRefusedWithoutOverflowingTheStack() throws {
        let brackets = String(repeating: "[", count: 1_000_000)
        let text = Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", brackets)])) }
        #expect(text.contains("nested more than 512"), "\(text)")
        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", objects)])) }.contains("nested more than 512"))
    }

    @Test func anArchiveWithoutContentIsNotAnXMindFile() throws {
        let text = Self.message { _ = try XMindFormat.decode(try Self.zip([("readme.txt", "hello")])) }
        #expect(text.contains("not an XMind file: it has neither content.json nor content.xml"), "\(text)")
        #expect(Self.message { _ = try XMindFormat.decode(Data("not a zip".utf8)) }.contains("ZIP"))
    }

    @Test func jsonThatIsNotSheetsIsRefused() throws {
        #expect(Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", "{\"a\":1}")])) }.contains("not a list of sheets"))
        #expect(Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", "[]")])) }.contains("no sheet"))
        #expect(Self.message { _ = try XMindFormat.decode(try Self.zip([("content.json", "[{\"title\":\"x\"}]")])) }.contains("rootTopic"))
    }

    @Test func xmlWithEntityDeclarationsIsRefused() throws {
        let xml = """
        <?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><xmap-content><sheet><topic><title>&a;</title></topic></sheet></xmap-content>
        """
        let text = Self.message { _ = try XMindFormat.decode(try Self.zip([("content.xml", xml)])) }
        #expect(text.contains("declares XML entities"), "\(text)")
        let broken = "<xmap-content><sheet><topic><title>x</title></topic>"
        #expect(Self.message { _ = try XMindFormat.decode(try Self.zip([("content.xml", broken)])) }.contains("content.xml"))
    }

    @Test func xmind8ContentIsReadFromXML() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:xlink="http://www.w3.org/1999/xlink" \
        xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:svg="http://www.w3.org/2000/svg" version="2.0"><sheet id="s"><topic id="r"><title>Root</title><children>\
        <topics type="attached"><topic id="a" xlink:href="https://a.example"><title>A</title><labels><label>x</label></labels>\
        <notes><html><xhtml:p>only</xhtml:p><xhtml:p>html</xhtml:p></html></notes></topic>\
        <topic id="b"><title>B</title><marker-refs><marker-ref marker-id="priority-3"/></marker-refs></topic></topics>\
        <topics type="detached"><topic id="f"><title>Free</title><position svg:x="10" svg:y="20"/></topic></topics>\
        <topics type="callout"><topic id="c"><title>Callout</title></topic></topics>\
        <topics type="summary"><topic id="s1"><title>Sum</title></topic></topics></children>\
        <summaries><summary range="(0,1)" topic-id="s1"/></summaries><boundaries><boundary range="(1,1)"/></boundaries></topic>\
        <title>First</title><relationships><relationship end1="a" end2="b"><title>rel</title></relationship></relationships></sheet>\
        <sheet id="t"><topic id="r2"><title>Two</title></topic></sheet></xmap-content>
        """
        let data = try Self.zip([("content.xml", xml)])
        #expect(try XMindFormat.sheets(in: data) == ["First", "Sheet 2"])
        let document = try XMindFormat.decode(data).document
        #expect(outline(document).prefix(4) == ["Root", "  A", "  B", "  Sum"])
        #expect(node(document, "A")?.note == "only\nhtml")
        #expect(node(document, "A")?.tags == ["x"])
        #expect(node(document, "B")?.icons == [Priority.icon(3)])
        #expect(node(document, "B")?.style.cloud != nil)
        #expect(node(document, "Sum")?.summaryMarks == .summary)
        #expect(node(document, "Free")?.position == Vec2(10, 20))
        #expect(node(document, "Callout") == nil)
        #expect(Self.links(document) == ["A → B rel"])
    }

    @Test func aMapTooDeepForXMindIsRefusedOnWriting() throws {
        var builder = MapBuilder(rootText: "0")
        var parent = builder.rootID
        for level in 1...200 { parent = builder.addChild(of: parent, text: "\(level)", at: .zero) ?? parent }
        let text = Self.message { _ = try XMindFormat.encode(builder.build()) }
        #expect(text.contains("201 levels deep"), "\(text)")
    }

    @Test func zipArchiveGivesBackWhatWasWritten() throws {
        let entries: [(name: String, data: Data)] = [("content.json", Data("[1]".utf8)), ("resources/a.png", Self.png),
                                                     ("folder/empty.txt", Data())]
        let archive = try ZipArchive.read(try ZipArchive.write(entries, format: "XMind"), format: "XMind")
        #expect(archive.names == entries.map(\.name))
        for entry in entries { #expect(archive.data(entry.name) == entry.data) }
    }
}

/// A workbook of several sheets is never cut down to the one opened by a save.
@Suite struct XMindWorkbookTests {
    static let content = """
    [{"id":"s1","class":"sheet","title":"Term one","rootTopic":{"id":"r1","class":"topic","title":"Autumn plan",
      "image":{"src":"xap:resources/leaf.png"},"children":{"attached":[{"id":"a1","title":"Harvest fair"}]}}},
     {"id":"s2","class":"sheet","title":"Term two","rootTopic":{"id":"r2","class":"topic","title":"Spring plan",
      "children":{"attached":[{"id":"b1","title":"Science week"}]}}}]
    """

    @Test func savingOneSheetOfA2020WorkbookKeepsTheOthers() throws {
        let leaf = Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
        let data = try ZipArchive.write([("content.json", Data(Self.content.utf8)), ("resources/leaf.png", leaf)], format: "XMind")
        var document = try XMindFormat.decode(data, sheet: 1).document
        let week = try #require(document.nodes.first { $0.text == "Science week" })
        document.modify(week.id) { $0.note = "in March" }
        // Through .meshpad too, as an autosave or a Save as would take it.
        document = try NativeFormat.decode(try NativeFormat.encode(document))
        let written = try XMindFormat.encode(document).data
        #expect(try XMindFormat.sheets(in: written) == ["Term one", "Term two"])
        let first = try XMindFormat.decode(written, sheet: 0).document
        #expect(Set(first.nodes.map(\.text)) == ["Autumn plan", "Harvest fair"])
        #expect(try ZipArchive.read(written, format: "XMind").data("resources/leaf.png") == leaf, "the other sheet's picture")
        let second = try XMindFormat.decode(written, sheet: 1).document
        #expect(second.nodes.first { $0.text == "Science week" }?.note == "in March")
        #expect(XMindFormat.isWrittenBackWhole(data))
    }

    @Test func oneSheetOfAnXMind8WorkbookIsNeverSavedOverIt() throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" version="2.0">
        <sheet id="s1"><topic id="r1"><title>One</title></topic><title>First</title></sheet>
        <sheet id="s2"><topic id="r2"><title>Two</title></topic><title>Second</title></sheet></xmap-content>
        """
        let data = try ZipArchive.write([("content.xml", Data(xml.utf8))], format: "XMind")
        #expect(!XMindFormat.isWrittenBackWhole(data))
        let loaded = try MapFile.decode(data, format: .xmind, sheet: 1)
        #expect(loaded.document.root.text == "Two")
        #expect(loaded.format != .xmind, "Save then asks for a file of its own")
        #expect(loaded.warnings.contains { $0.contains("stays as it is") })
        // One sheet alone is no different: XMind 8 would open a 2020 file as a stub.
        let single = try ZipArchive.write([("content.xml", Data(xml.replacingOccurrences(of: "<sheet id=\"s2\"><topic id=\"r2\"><title>Two</title></topic><title>Second</title></sheet>", with: "").utf8))], format: "XMind")
        #expect(try MapFile.decode(single, format: .xmind).format != .xmind)
        // A sheet without its central topic is refused, not a crash.
        let hollow = try ZipArchive.write([("content.xml", Data("<xmap-content xmlns=\"urn:xmind:xmap:xmlns:content:2.0\"><sheet/></xmap-content>".utf8))], format: "XMind")
        do {
            _ = try XMindFormat.decode(hollow)
            Issue.record("a sheet without a topic opened")
        } catch {
            #expect(error.description.contains("sheet 1 has no central topic"), "\(error)")
        }
        do {
            _ = try XMindFormat.decode(data, sheet: 2)
            Issue.record("a third sheet was read")
        } catch {
            #expect(error.description.contains("there is no sheet 3: the file has 2 sheets, 1 “First”, 2 “Second”"), "\(error)")
        }
    }
}

extension XMindWorkbookTests {
    /// XMind marks a topic whose words are still its placeholder; words changed in Meshpad lose the mark.
    @Test func aTopicRenamedInMeshpadIsNoLongerAPlaceholder() throws {
        let content = """
        [{"id":"s1","title":"S","rootTopic":{"id":"r","title":"Central Topic","titleUnedited":true,
          "children":{"attached":[{"id":"a","title":"Main Topic 1","titleUnedited":true}]}}}]
        """
        var document = try XMindFormat.decode(try ZipArchive.write([("content.json", Data(content.utf8))], format: "XMind")).document
        let topic = try #require(document.nodes.first { $0.text == "Main Topic 1" })
        document.modify(topic.id) { $0.text = "Field trip" }
        let archive = try ZipArchive.read(try XMindFormat.encode(document).data, format: "XMind")
        let sheets = try #require(try JSONSerialization.jsonObject(with: archive.data("content.json") ?? Data()) as? [[String: Any]])
        let root = try #require(sheets.first?["rootTopic"] as? [String: Any])
        #expect(root["titleUnedited"] as? Bool == true, "the root's words are still XMind's")
        let child = try #require(((root["children"] as? [String: Any])?["attached"] as? [[String: Any]])?.first)
        #expect(child["title"] as? String == "Field trip" && child["titleUnedited"] == nil)
    }
}
