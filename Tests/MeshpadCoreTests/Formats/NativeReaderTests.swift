import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// The fast `.meshpad` reader: it must read every file Meshpad writes (or it is no faster), and
/// it must read each exactly as `JSONDecoder` does (or the two paths disagree on what a file means).
@Suite struct NativeReaderTests {
    /// The file read the thorough way, written back: what the fast path must match byte for byte.
    func slowRecords(_ data: Data) throws -> Data {
        try NativeFormat.encodeLines(try JSONDecoder().decode(NativeFormat.File.self, from: data))
    }

    func fastRecords(_ data: Data) throws -> Data {
        try NativeFormat.encodeLines(try #require(NativeReader.file(from: data), "the fast path gave up"))
    }

    static let awkwardTexts = [
        "quotes \"here\" and a back\\slash", "line\nbreak\tand tab", "control \u{1} \u{1F}", "café 日本語 עברית",
        "emoji 🧭👩‍👩‍👧", "slash / and </script>", "",
    ]

    @Test(.needsSharedMaps) func whatMeshpadWritesIsReadByTheFastPathExactlyAsJSONDecoderReadsIt() throws {
        var awkward = detailedMap()
        for text in Self.awkwardTexts {
            let child = awkward.addChild(of: awkward.rootID, text: text, at: Vec2(Double(text.count), -7.25e-3)) ?? awkward.rootID
            awkward.modify(child) {
                $0.note = text
                $0.icons = [text]
                $0.attributes = AttributeTable(rows: [AttributeTable.Row(text, text)], folded: text.count % 2 == 0)
            }
        }
        awkward.savedView = SavedView(center: Vec2(12.5, -3), zoom: 0.75)
        let freeplane = try FreeMindFormat.decode(Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))).document
        #expect(freeplane.mindMapSource != nil)
        for document in [awkward, .sample(), .procedural(nodeCount: 500, seed: 3), freeplane] {
            let data = try NativeFormat.encode(document)
            #expect(try fastRecords(data) == slowRecords(data))
            #expect(try fastRecords(data) == data, "reading and writing again changes nothing")
        }
        #expect(try NativeFormat.decode(try NativeFormat.encode(awkward)).savedView == awkward.savedView)
    }

    /// Every real map, saved as `.meshpad`, takes the fast path and reads as `JSONDecoder` reads
    /// it: a field added to the stored records and not to the reader fails here.
    @Test(.needsSharedMaps, arguments: MindMapRoundTripTests.maps)
    func everyRealMapSavedAsMeshpadTakesTheFastPath(path: String) throws {
        let document = try FreeMindFormat.decode(Data(contentsOf: URL(fileURLWithPath: path))).document
        let data = try NativeFormat.encode(document)
        #expect(try fastRecords(data) == slowRecords(data))
    }

    @Test func escapesJSONAllowsButMeshpadDoesNotWriteAreReadAlike() throws {
        let json = #"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"\u00e9\ud83e\udded\/\b\f\r","x":1E2,"y":-0.5e-1,"note":null}]}"#
        let data = Data(json.utf8)
        #expect(try fastRecords(data) == slowRecords(data))
        let node = try #require(try NativeFormat.decode(data).node(NodeID(1)))
        #expect(node.text == "é🧭/\u{8}\u{C}\r")
        #expect(node.position == Vec2(100, -0.05))
    }

    @Test(arguments: [
        // A key this version does not know: JSONDecoder ignores it, so the map still opens.
        (#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"r","x":0,"y":0,"future":[1,{"a":2}]}]}"#, true),
        // Shapes the fast path does not take: the thorough path says what is wrong.
        (#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"r","x":"0","y":0}]}"#, false),
        (#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"\ud800","x":0,"y":0}]}"#, false),
        (#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"r","x":0,"y":0}]} trailing"#, false),
        // Foundation's reader lets a trailing comma pass; the fast path leaves that judgement to it.
        (#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"r","x":0,"y":0},]}"#, true),
    ])
    func whatTheFastPathDoesNotTakeIsDecidedByJSONDecoder(json: String, opens: Bool) {
        let data = Data(json.utf8)
        #expect(NativeReader.file(from: data) == nil)
        let viaDecoder = (try? JSONDecoder().decode(NativeFormat.File.self, from: data)) != nil
        #expect(viaDecoder == opens)
        #expect(((try? NativeFormat.decode(data)) != nil) == opens)
    }

    @Test func bytesThatAreNotUTF8AreRefusedNotRepaired() {
        var data = Data(#"{"format":"meshpad","version":1,"root":"n1","edges":[],"nodes":[{"id":"n1","text":"X","x":0,"y":0}]}"#.utf8)
        let x = data.firstIndex(of: UInt8(ascii: "X")) ?? 0
        data[x] = 0xFF
        #expect(NativeReader.file(from: data) == nil)
        #expect(throws: FormatError.self) { try NativeFormat.decode(data) }
    }

    @Test func filesInTheOlderPrettyLayoutStillOpen() throws {
        let document = detailedMap()
        let file = try #require(NativeReader.file(from: try NativeFormat.encode(document)))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let old = try encoder.encode(file)
        #expect(String(decoding: old, as: UTF8.self).contains("\"text\" : \"hire\""), "the layout files had before")
        let reopened = try NativeFormat.decode(old)
        for node in document.nodes {
            #expect(reopened.node(node.id)?.hasSameContent(as: node) == true, "\(node.id)")
        }
        #expect(reopened.edges == document.edges)
    }

    @Test func editingOneNodeChangesOneLineOfTheFile() throws {
        var document = Document.procedural(nodeCount: 300, seed: 9)
        let before = String(decoding: try NativeFormat.encode(document), as: UTF8.self).split(separator: "\n")
        let edited = document.nodes[120].id
        document.modify(edited) { $0.text = "renamed" }
        let after = String(decoding: try NativeFormat.encode(document), as: UTF8.self).split(separator: "\n")
        #expect(before.count == after.count)
        let changed = zip(before, after).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1.contains("\"id\":\"\(edited)\"") == true && changed.first?.1.contains("renamed") == true)
    }
}

/// Where a map opens: where it was saved, else readable.
@Suite struct OpeningViewTests {
    let viewport = Vec2(1280, 800)

    @Test func aMapOpensWhereItWasLookedAtWhenSaved() throws {
        var document = Document.procedural(nodeCount: 2_000, seed: 4)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var workspace = Workspace(document: document, viewportSize: viewport)
        let spot = try #require(document.nodes.last?.position)
        var camera = Camera(zoom: 0.6, zoomLimits: workspace.view.camera.zoomLimits)
        camera.place(mapPoint: spot, atScreen: viewport / 2)
        _ = workspace.apply(.setCamera(camera))
        workspace.step(bySeconds: 1)
        let reopened = try NativeFormat.decode(try NativeFormat.encode(workspace.documentForSaving))
        let again = Workspace(document: reopened, viewportSize: viewport)
        #expect(abs(again.view.camera.zoom - 0.6) < 1e-9)
        let middle = again.view.camera.mapPoint(ofScreen: viewport / 2)
        #expect((middle - spot).length < 1e-6)
        #expect(workspace.documentForSaving.revision == workspace.document.revision, "saving the view is no edit")
    }

    @Test func aBigMapWithoutASavedViewOpensOnItsRootAtOneHundredPercent() {
        var document = Document.procedural(nodeCount: 2_000, seed: 4)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let workspace = Workspace(document: document, viewportSize: viewport)
        #expect(workspace.view.camera.zoom == 1)
        let root = workspace.view.camera.screenPoint(ofMap: document.root.position)
        #expect((root - viewport / 2).length < 1e-6)
    }

    @Test func aMapThatFitsAtOneHundredPercentOpensWhole() {
        var document = Document.sample()
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let workspace = Workspace(document: document, viewportSize: viewport)
        let shown = workspace.view.camera.visibleMapRect(viewportSize: viewport)
        let bounds = document.bounds
        #expect(shown.contains(Vec2(bounds.minX, bounds.minY)) && shown.contains(Vec2(bounds.maxX, bounds.maxY)))
        #expect(workspace.view.camera.zoom <= 1)
    }
}

/// Opening measures and lays out a map with its spatial index filed once, after both; the index
/// must still be right when the layout moves nothing.
@Suite struct PreparedIndexTests {
    @Test(arguments: [1, 2, 40])
    func anImportedMapIsFiledAtItsMeasuredSizes(nodes: Int) throws {
        var text = "<map version=\"freeplane 1.9.13\">\n<node TEXT=\"a rather long root text that is wider than a blank node\">\n"
        for i in 1..<nodes { text += "<node TEXT=\"child \(i) with words\"/>\n" }
        text += "</node>\n</map>\n"
        var document = try FreeMindFormat.decode(Data(text.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
        let root = document.root
        #expect(document.topmostNode(at: root.position + Vec2(root.size.x / 2 - 2, 0)) == root.id, "its measured right end is hit")
    }
}
