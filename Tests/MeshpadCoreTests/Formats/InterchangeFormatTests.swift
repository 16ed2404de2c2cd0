import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

@Suite struct FreeMindImportTests {
    func load(_ name: String) throws -> MapFile.Loaded {
        try MapFile.read(sharedMaps.appendingPathComponent(name).path)
    }

    /// (file, content nodes, arrow links) as the maps' README counts them.
    @Test(.needsSharedMaps, arguments: [("BuzanMap.mm", 19, 0), ("freeplaneApplications.mm", 41, 9), ("conceptMap.mm", 1, 0)])
    func freeplaneMapsImportWithTheRightCounts(file: String, nodes: Int, links: Int) throws {
        let loaded = try load(file)
        #expect(loaded.format == .freeMind)
        #expect(loaded.document.nodeCount == nodes)
        #expect(loaded.document.edges.filter { $0.kind == .link }.count == links)
        #expect(loaded.document.needsLayout)
        #expect(!loaded.document.nodes.contains { $0.text.contains("styles.") || $0.text.contains("<html") })
    }

    @Test(.needsSharedMaps) func textNewlinesRichTextNotesAndIconsComeAcross() throws {
        let buzan = try load("BuzanMap.mm").document
        #expect(buzan.root.text == "Central\nIdea")
        let apps = try load("freeplaneApplications.mm").document
        #expect(apps.nodes.contains { $0.text == "central topic" })
        // Rich XHTML in TEXT attributes becomes its plain text.
        #expect(apps.nodes.contains { $0.text == "Protect" })
        let protect = try #require(node(apps, "Protect"))
        #expect(protect.icons == ["password"])
        // DETAILS rich content is kept as the note, with its link text.
        #expect(apps.nodes.contains { $0.note.contains("digital post-its") })
        #expect(apps.nodes.allSatisfy { !$0.note.contains("<p>") })
    }

    @Test(.needsSharedMaps) func freeNodesAndSidesAreRead() throws {
        let apps = try load("freeplaneApplications.mm").document
        let sides = apps.nodes.compactMap(\.side)
        #expect(sides.contains(.left) || sides.contains(.right))
    }

    @Test func severalTopLevelNodesMakeOneRootAndFreeTrees() throws {
        let xml = "<map version=\"1.0.1\"><node TEXT=\"a\"><node TEXT=\"a1\"/></node><node TEXT=\"b\"/></map>"
        let imported = try FreeMindFormat.decode(Data(xml.utf8))
        #expect(imported.document.root.text == "a")
        #expect(imported.document.nodeCount == 3)
        #expect(node(imported.document, "b").map { imported.document.parent(of: $0.id) == nil } == true)
        #expect(!imported.warnings.isEmpty)
    }

    @Test func entityDeclarationsAreRefused() {
        let bomb = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>
            <map><node TEXT="&lol2;"/></map>
            """
        #expect(throws: FormatError(format: "FreeMind", reason: .entityDeclarations)) { try FreeMindFormat.decode(Data(bomb.utf8)) }
        let external = "<?xml version=\"1.0\"?><!DOCTYPE map [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><map><node TEXT=\"&x;\"/></map>"
        #expect(throws: FormatError(format: "FreeMind", reason: .entityDeclarations)) { try FreeMindFormat.decode(Data(external.utf8)) }
    }

    @Test func aHundredThousandDeepMapImportsAndExportsWithoutOverflowingTheStack() throws {
        let depth = 100_000
        let xml = "<map version=\"1.0.1\">" + String(repeating: "<node TEXT=\"x\">", count: depth) + String(repeating: "</node>", count: depth) + "</map>"
        var document = try FreeMindFormat.decode(Data(xml.utf8)).document
        #expect(document.nodeCount == depth)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        TreeLayout().apply(to: &document)
        let back = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(back.nodeCount == depth)
    }

    @Test func aMapOverTenMegabytesOpensAndOneBrokenNearItsEndIsRefusedThere() throws {
        // libxml2 refuses a single chunk over 10 MB: the file must reach it in pieces.
        let text = String(repeating: "long text ", count: 600)
        let count = 2_000
        var xml = "<map version=\"freeplane 1.9.13\">\n<node TEXT=\"root\">\n"
        for i in 0..<count { xml += "<node TEXT=\"\(i) \(text)\"/>\n" }
        xml += "</node>\n</map>\n"
        let data = Data(xml.utf8)
        try #require(data.count > 11_000_000)
        let document = try FreeMindFormat.decode(data).document
        #expect(document.nodeCount == count + 1)
        #expect(document.nodes.last?.text == "\(count - 1) \(text)")
        // Broken on its second-to-last line: the error names that line.
        let broken = Data(xml.replacingOccurrences(of: "</node>\n</map>", with: "</nod>\n</map>").utf8)
        do {
            _ = try FreeMindFormat.decode(broken)
            Issue.record("a broken map was read")
        } catch {
            guard case .malformed(let line, _, _) = error.reason else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(line == count + 3)
        }
    }

    @Test(.needsSharedMaps) func truncatedAndBrokenFilesAreErrorsWithAPlace() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        for cut in [data.count / 3, data.count - 20] {
            do {
                _ = try FreeMindFormat.decode(Data(data.prefix(cut)))
                Issue.record("a truncated map was read")
            } catch {
                guard case .malformed(let line, _, _) = error.reason else {
                    Issue.record("expected a syntax error, got \(error)")
                    continue
                }
                #expect(line > 0)
            }
        }
        #expect(throws: FormatError.self) { try FreeMindFormat.decode(Data("<html><body/></html>".utf8)) }
        #expect(throws: FormatError.self) { try FreeMindFormat.decode(Data("<map version=\"1.0.1\"></map>".utf8)) }
    }
}

@Suite struct RoundTripTests {
    @Test func nativeToFreeMindAndBackKeepsStructureTextNotesFoldsLinksAndStyles() throws {
        let original = detailedMap()
        let back = try FreeMindFormat.decode(FreeMindFormat.encode(original)).document
        #expect(outline(back) == outline(original))
        let goals = try #require(node(back, "Goals & <risks>"))
        #expect(goals.note == "first line\nsecond line")
        #expect(goals.link == "https://example.org/goals?a=1&b=2")
        #expect(goals.icons == ["yes", "idea"])
        #expect(goals.style.textColor == RGBA(hex: 0x18898B))
        #expect(goals.style.fillColor == RGBA(hex: 0xFFEEDD))
        #expect(goals.style.bold && goals.style.fontSize == 14)
        #expect(node(back, "ship it")?.folded == true)
        #expect(node(back, "Team \"alpha\"")?.side == .left)
        let link = try #require(back.edges.first { $0.kind == .link })
        #expect(back.node(link.from)?.text == "hire")
        #expect(back.node(link.to)?.text == "ship it")
        #expect(link.arrows == .end)
    }

    @Test(.needsSharedMaps) func freeMindExportKeepsTheIDsItWasGiven() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        let first = try FreeMindFormat.decode(data).document
        let again = try FreeMindFormat.decode(FreeMindFormat.encode(first)).document
        #expect(Set(again.nodes.compactMap(\.sourceID)) == Set(first.nodes.compactMap(\.sourceID)))
        #expect(again.edges.filter { $0.kind == .link }.count == 9)
        #expect(outline(again) == outline(first))
    }

    @Test func opmlRoundTripKeepsStructureTextNotesFoldsAndLinks() throws {
        let original = detailedMap()
        let (data, warnings) = OPMLFormat.encode(original)
        let back = try OPMLFormat.decode(data).document
        #expect(outline(back) == outline(original))
        #expect(node(back, "Goals & <risks>")?.note == "first line\nsecond line")
        #expect(node(back, "Goals & <risks>")?.link == "https://example.org/goals?a=1&b=2")
        #expect(node(back, "ship it")?.folded == true)
        #expect(back.nodes.filter(\.folded).count == 1)
        #expect(warnings.contains { $0.contains("link") }, "the free link is said to be left out")
    }

    @Test func markdownRoundTripKeepsStructureTextNotesAndLinks() throws {
        let original = detailedMap()
        let (data, warnings) = MarkdownFormat.encode(original)
        let back = try MarkdownFormat.decode(data).document
        #expect(outline(back) == outline(original))
        #expect(node(back, "Goals & <risks>")?.note == "first line\nsecond line")
        #expect(node(back, "Goals & <risks>")?.link == "https://example.org/goals?a=1&b=2")
        #expect(warnings.contains { $0.contains("folds") })
    }

    @Test(.needsSharedMaps) func freeMindToOPMLToMarkdownAndBackKeepsTheOutline() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("BuzanMap.mm"))
        let mm = try FreeMindFormat.decode(data).document
        let viaOPML = try OPMLFormat.decode(OPMLFormat.encode(mm).data).document
        let viaMarkdown = try MarkdownFormat.decode(MarkdownFormat.encode(viaOPML).data).document
        let native = try NativeFormat.decode(NativeFormat.encode(viaMarkdown))
        #expect(outline(native) == outline(mm))
    }

    @Test func markdownReadsCommonOutlines() throws {
        let text = """
            # Trip
            Some intro text.

            ## Before
            - book flights
              - compare prices
            * pack
            1. passport
            ## During
            	- see [the museum](https://museum.example)
            """
        let document = try MarkdownFormat.decode(Data(text.utf8)).document
        #expect(outline(document) == ["Trip", "  Before", "    book flights", "      compare prices", "    pack", "    passport", "  During", "    see [the museum](https://museum.example)"])
        #expect(document.root.note == "Some intro text.")
    }

    @Test func opmlWithSeveralTopLevelOutlinesGetsATitledRoot() throws {
        let text = "<opml version=\"2.0\"><head><title>Ideas</title></head><body><outline text=\"a\"/><outline text=\"b\"><outline text=\"c\"/></outline></body></opml>"
        let document = try OPMLFormat.decode(Data(text.utf8)).document
        #expect(outline(document) == ["Ideas", "  a", "  b", "    c"])
    }

    @Test func svgHasANodeAndTextForEveryNode() throws {
        var document = detailedMap()
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let svg = String(decoding: SVGExport.encode(document), as: UTF8.self)
        // What the screen shows: the nodes a fold hides are not drawn.
        let shown = document.nodes.filter { !document.isHidden($0.id) }
        let shownEdges = document.edges.filter { !document.isHidden($0.from) && !document.isHidden($0.to) }
        #expect(shown.count < document.nodeCount, "the map has a fold")
        #expect(svg.components(separatedBy: "<ellipse").count - 1 == shown.count)
        // Each edge once: a branch's curve as a path, a link (or a straight branch) as a line.
        #expect(svg.components(separatedBy: "<line").count - 1 + svg.components(separatedBy: "<path").count - 1 == shownEdges.count)
        #expect(svg.contains("Goals &amp; &lt;risks&gt;"))
        #expect(svg.hasPrefix("<?xml"))
    }

    @Test func svgDrawsEachNodeInTheShapeTheScreenDoes() throws {
        var document = detailedMap()
        let ids = document.nodes.map(\.id)
        document.modify(ids[1]) { $0.style.shape = .roundedBox }
        document.modify(ids[2]) { $0.style.shape = .plain }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let svg = String(decoding: SVGExport.encode(document), as: UTF8.self)
        let shown = document.nodes.filter { !document.isHidden($0.id) }
        let ellipses = shown.filter { $0.shape == .ellipse }.count
        #expect(ellipses == shown.count - 2)
        #expect(svg.components(separatedBy: "<ellipse").count - 1 == ellipses)
        #expect(svg.components(separatedBy: " rx=\"\(String(format: "%.1f", Theme.standard.cornerRadius))\"").count - 1 == 1, "one rounded box")
        // The plain node's underline, besides one line per edge.
        let shownEdges = document.edges.filter { !document.isHidden($0.from) && !document.isHidden($0.to) }
        #expect(svg.components(separatedBy: "<line").count - 1 + svg.components(separatedBy: "<path").count - 1 == shownEdges.count + 1)
    }

    @Test func svgLeavesOutWhatAFoldHides() throws {
        var document = detailedMap()
        let folded = try #require(document.nodes.first { !document.children(of: $0.id).isEmpty && $0.id != document.rootID })
        document.setFolded(folded.id, true)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let svg = String(decoding: SVGExport.encode(document), as: UTF8.self)
        let hidden = document.nodes.filter { document.isHidden($0.id) }
        #expect(!hidden.isEmpty)
        #expect(hidden.allSatisfy { !svg.contains(">\(XMLText.escapeText($0.text))<") })
    }
}

@Suite struct MapFileTests {
    @Test func formatsAreChosenByExtensionThenByContent() throws {
        #expect(MapFormat(path: "a.MM") == .freeMind)
        #expect(MapFormat(path: "a.meshpad") == .native)
        #expect(MapFormat(path: "notes.markdown") == .markdown)
        #expect(MapFormat(path: "a.txt") == nil)
        #expect(MapFormat.sniff(Data("  {\"format\":1}".utf8)) == .native)
        #expect(MapFormat.sniff(Data("<?xml version=\"1.0\"?>\n<map version=\"1.0.1\">".utf8)) == .freeMind)
        #expect(MapFormat.sniff(Data("<opml version=\"2.0\">".utf8)) == .opml)
        #expect(MapFormat.sniff(Data("# Title\n- item".utf8)) == .markdown)
        #expect(MapFormat.sniff(Data("just words".utf8)) == nil)
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unnamed = directory.appendingPathComponent("map.txt")
        try FreeMindFormat.encode(.sample()).write(to: unnamed)
        #expect(try MapFile.read(unnamed.path).format == .freeMind)
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.mm").path
        FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(MapFile.sizeLimit) + 1)   // sparse: takes no disk
        try handle.close()
        do {
            _ = try MapFile.read(path)
            Issue.record("a 256 MiB+ file was read")
        } catch {
            guard case .tooLarge = error.reason else { Issue.record("\(error)"); return }
            #expect(error.description.contains("huge.mm"))
        }
    }

    @Test func errorsNameTheFileAndPlace() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("broken.mm").path
        try "<map version=\"1.0.1\">\n<node TEXT=\"a\">\n<node TEXT=\"b\">\n</map>".write(toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try MapFile.read(path)
            Issue.record("a broken map was read")
        } catch {
            #expect(error.description.hasPrefix(path + ":4:"), "\(error.description)")
        }
        #expect(throws: FormatError.self) { try MapFile.read(directory.appendingPathComponent("missing.mm").path) }
        #expect(throws: FormatError.self) { try MapFile.read(directory.path) }
    }
}
