import Foundation
import MeshpadTestRigs
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MeshpadCore

/// A map's presentations kept in its files: Freeplane's slides in a `.mm` open as Meshpad's and
/// are saved back where Freeplane looks for them, and a `.meshpad` keeps them as they are.
@Suite struct PresentationFormatTests {
    /// As Freeplane writes presentations, with every attribute a slide has, a condition, folded
    /// nodes empty and not, a node that is not in the map, and Meshpad's own `revealsChildren`.
    static let freeplane = """
    <map version="freeplane 1.9.13">
    <!--To view this file, download free mind mapping software Freeplane from https://www.freeplane.org -->
    <node TEXT="Talk" FOLDED="false" ID="ID_1090958577" CREATED="1700000000000" MODIFIED="1700000000001">
    <hook NAME="MapStyle" zoom="1.5">
        <properties show_icon_for_attributes="false" show_note_icons="true"/>
    </hook>
    <hook NAME="presentations">
        <presentation NAME="solid live">
            <slide NAME="New slide 1" showsAncestors="true" showsDescendants="true" showsOnlySpecificNodes="true" changesZoom="true" centersSelectedNode="true" zoom="1.5">
                <SlideCondition>
                    <node_contains_condition VALUE="plan" MATCH_CASE="false" MATCH_APPROXIMATELY="false" ITEM="filter_node"/>
                </SlideCondition>
                <NodesOnSlide>
                    <NodeOnSlide nodeId="ID_1306358364"/>
                    <NodeOnSlide nodeId="ID_GONE"/>
                </NodesOnSlide>
                <FoldedNodes>
                    <NodeOnSlide nodeId="ID_300"/>
                    <NodeOnSlide nodeId="ID_1306358364"/>
                </FoldedNodes>
            </slide>
            <slide NAME="Step by step" changesZoom="true" revealsChildren="true">
                <NodesOnSlide>
                    <NodeOnSlide nodeId="ID_200"/>
                    <NodeOnSlide nodeId="ID_301"/>
                </NodesOnSlide>
                <FoldedNodes/>
            </slide>
        </presentation>
        <presentation NAME="Risks &amp; &quot;rest&quot;">
            <slide NAME="Zoom without changing it" zoom="2.5"/>
            <slide NAME="Both" centersSelectedNode="true" showsDescendants="true">
                <SlideCondition>
                    <conjunct_condition user_name="late ones">
                        <node_contains_condition VALUE="late" ITEM="filter_node"/>
                        <time_condition_modified_after DATE="1335514983501"/>
                    </conjunct_condition>
                </SlideCondition>
                <NodesOnSlide>
                    <NodeOnSlide nodeId="ID_300"/>
                </NodesOnSlide>
            </slide>
        </presentation>
    </hook>
    <node TEXT="Plan" POSITION="right" ID="ID_1306358364">
    <node TEXT="Step" ID="ID_200"/>
    </node>
    <node TEXT="Risks" POSITION="left" FOLDED="true" ID="ID_300">
    <node TEXT="Late" ID="ID_301"/>
    </node>
    </node>
    </map>
    """

    static func imported() throws -> FreeMindFormat.Imported { try FreeMindFormat.decode(Data(freeplane.utf8)) }

    // MARK: - .mm

    @Test func freeplaneSlidesOpenWithTheirNodesAndEverySetting() throws {
        let imported = try Self.imported()
        let document = imported.document
        let plan = nodeID(document, "Plan"), step = nodeID(document, "Step"), risks = nodeID(document, "Risks"), late = nodeID(document, "Late")
        #expect(document.presentations.map(\.name) == ["solid live", "Risks & \"rest\""])
        #expect(document.presentations.first?.slides == [
            Slide(name: "New slide 1", nodes: [plan], foldedNodes: [risks, plan], placedNode: plan, zoom: 1.5,
                  showsOnlyNodes: true, showsAncestors: true, showsDescendants: true,
                  conditionXML: "<node_contains_condition ITEM=\"filter_node\" MATCH_APPROXIMATELY=\"false\" MATCH_CASE=\"false\" VALUE=\"plan\"/>"),
            Slide(name: "Step by step", nodes: [step, late], foldedNodes: [], zoom: 1, revealsChildren: true),
        ])
        let second = try #require(document.presentations.last?.slides)
        #expect(second.count == 2)
        #expect(second.first == Slide(name: "Zoom without changing it", nodes: []), "a zoom counts only with changesZoom")
        let both = try #require(second.last)
        #expect(both.name == "Both" && both.nodes == [risks] && both.foldedNodes == nil)
        #expect(both.placedNode == risks && both.showsDescendants && !both.showsOnlyNodes && !both.showsAncestors && both.zoom == nil)
        // The condition as it was written, nested elements and all, but the indentation around it.
        let condition = try #require(both.conditionXML)
        #expect(condition.hasPrefix("<conjunct_condition user_name=\"late ones\">") && condition.hasSuffix("</conjunct_condition>"))
        #expect(condition.contains("<node_contains_condition ITEM=\"filter_node\" VALUE=\"late\"/>"))
        #expect(condition.contains("<time_condition_modified_after DATE=\"1335514983501\"/>"))
        #expect(imported.warnings.count == 1 && imported.warnings.first?.contains("ID_GONE") == true, "\(imported.warnings)")
    }

    @Test func slidesSavedAsMMOpenAgainTheSame() throws {
        let first = try Self.imported().document
        let saved = FreeMindFormat.encode(first)
        let again = try FreeMindFormat.decode(saved)
        #expect(again.document.presentations == first.presentations)
        #expect(again.warnings.isEmpty, "the node that is not in the map is left out, as Freeplane leaves it out")
        #expect(FreeMindFormat.encode(again.document) == saved, "a second save writes the same file")
    }

    @Test func theSavedFileHasOnePresentationsHookInTheRootNamingTheNodesByTheirIDs() throws {
        let document = try Self.imported().document
        let file = try XMLOutline(FreeMindFormat.encode(document))
        let hooks = file.elements.filter { $0.name == "hook" && $0.attributes["NAME"] == "presentations" }
        #expect(hooks.count == 1)
        #expect(hooks.first?.path == ["map", "node"], "in the root node, where Freeplane puts it")
        #expect(file.elements.filter { $0.name == "hook" && $0.attributes["NAME"] == "MapStyle" }.count == 1, "the root's other hook is kept once")
        // Each slide's nodes, by the text of the <node> whose ID they give.
        var textByID: [String: String] = [:]
        for node in file.elements where node.name == "node" {
            if let id = node.attributes["ID"] { textByID[id] = node.attributes["TEXT"] }
        }
        func texts(_ list: String) -> [[String]] {
            file.elements.filter { $0.name == "slide" }.map { slide in
                file.elements.filter { $0.name == "NodeOnSlide" && $0.path.last == list && $0.ancestors.contains(slide.index) }
                    .map { textByID[$0.attributes["nodeId"] ?? ""] ?? "?" }
            }
        }
        #expect(texts("NodesOnSlide") == [["Plan"], ["Step", "Late"], [], ["Risks"]])
        #expect(texts("FoldedNodes") == [["Risks", "Plan"], [], [], []])
        let lists = file.elements.filter { $0.name == "FoldedNodes" }
        #expect(lists.count == 2, "a slide that folds none keeps its empty list; one that leaves folds alone has none")
        let slides = file.elements.filter { $0.name == "slide" }.map(\.attributes)
        #expect(slides.first == ["NAME": "New slide 1", "showsAncestors": "true", "showsDescendants": "true",
                                 "showsOnlySpecificNodes": "true", "changesZoom": "true", "centersSelectedNode": "true", "zoom": "1.5",
                                 "placedNodeId": "ID_1306358364"], "Freeplane 1.5's flag and 1.7's placed node")
        #expect(slides.dropFirst().first == ["NAME": "Step by step", "changesZoom": "true", "revealsChildren": "true"], "a zoom of 1 is not written")
        #expect(slides.dropFirst(2).first == ["NAME": "Zoom without changing it"])
        #expect(file.elements.filter { $0.name == "SlideCondition" }.count == 2)
    }

    @Test func aMapWithoutSlidesIsWrittenWithoutTheHook() throws {
        var document = try Self.imported().document
        document.presentations = []
        let text = String(decoding: FreeMindFormat.encode(document), as: UTF8.self)
        #expect(!text.contains("presentations") && !text.contains("NodeOnSlide"))
        #expect(text.contains("<hook NAME=\"MapStyle\""))
    }

    @Test func aSlideOnANodeThatCameWithoutAnIDGivesItOne() throws {
        let xml = """
        <map version="freeplane 1.9.13">
        <node TEXT="Root" ID="ID_1">
        <node TEXT="Coloured" POSITION="right" COLOR="#ff0000"/>
        </node>
        </map>
        """
        var document = try FreeMindFormat.decode(Data(xml.utf8)).document
        let coloured = nodeID(document, "Coloured")
        document.presentations = [Presentation(name: "Talk", slides: [Slide(name: "Red", nodes: [coloured, NodeID(999)], foldedNodes: [NodeID(999)])])]
        let saved = FreeMindFormat.encode(document)
        let file = try XMLOutline(saved)
        let node = try #require(file.elements.first { $0.name == "node" && $0.attributes["TEXT"] == "Coloured" })
        let id = try #require(node.attributes["ID"])
        #expect(node.attributes["COLOR"] == "#ff0000", "the rest of the node is as it was")
        #expect(file.elements.filter { $0.name == "NodeOnSlide" }.map { $0.attributes["nodeId"] } == [id], "a node the map does not have is left out")
        let reread = try FreeMindFormat.decode(saved).document
        let slide = try #require(reread.presentations.first?.slides.first)
        #expect(slide.nodes == [nodeID(reread, "Coloured")])
        #expect(slide.foldedNodes == [], "it still folds, none")
        #expect(slide.placedNode == nil && slide.zoom == nil, "a slide made with its nodes alone places none")
    }

    @Test func aPresentationMadeInMeshpadKeepsEverySettingThroughMM() throws {
        var builder = MapBuilder(rootText: "Root")
        let addedA = builder.addChild(of: builder.rootID, text: "A", at: Vec2(100, 0))
        let a = try #require(addedA)
        let addedB = builder.addChild(of: a, text: "B", at: Vec2(200, 0))
        let b = try #require(addedB)
        let slides = [
            Slide(name: "Agenda", nodes: [builder.rootID], foldedNodes: [a]),
            Slide(name: "Close", nodes: [a, b], placedNode: b, placedPosition: "TOP_LEFT", zoom: 0.75, showsOnlyNodes: true, showsAncestors: true,
                  revealsChildren: true, conditionXML: "<node_contains_condition ITEM=\"filter_node\" VALUE=\"B\"/>"),
        ]
        builder.presentations = [Presentation(name: "Mine", slides: slides), Presentation(name: "Empty")]
        let document = builder.build()
        let reread = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(reread.presentations == document.presentations, "IDs are given in the same order on both sides")
    }

    // MARK: - .meshpad

    @Test func aMeshpadFileKeepsThePresentationsAsTheyAre() throws {
        var document = try Self.imported().document
        // A slide whose node was deleted stays as written: it is skipped when played.
        document.presentations[0].slides.append(Slide(name: "Deleted", nodes: [NodeID(999)], foldedNodes: [NodeID(998)]))
        let data = try NativeFormat.encode(document)
        #expect(try NativeFormat.decode(data).presentations == document.presentations)
        let fast = try #require(NativeReader.file(from: data), "the fast path knows the key")
        #expect(try NativeFormat.encodeLines(fast) == data)
        #expect(try NativeFormat.encodeLines(JSONDecoder().decode(NativeFormat.File.self, from: data)) == data)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "\n").filter { $0.hasPrefix("    {\"name\"") }.count == 2, "a presentation a line")
        // Saved as .meshpad and then as .mm, Freeplane still gets the slides.
        let mm = try FreeMindFormat.decode(FreeMindFormat.encode(try NativeFormat.decode(data))).document
        #expect(mm.presentations.first?.slides.first == document.presentations.first?.slides.first)
    }

    @Test func aMapWithoutSlidesWritesNoKeyAndAnOldFileHasNone() throws {
        let data = try NativeFormat.encode(detailedMap())
        #expect(!String(decoding: data, as: UTF8.self).contains("presentations"))
        #expect(try NativeFormat.decode(data).presentations.isEmpty)
    }

    static let hostile: [(String, String)] = [
        ("\"x\"", "presentations: expected a list"),
        ("[{\"name\": 3}]", "presentations[0].name: expected text"),
        ("[{\"name\": \"a\", \"slides\": [{\"nodes\": [\"n1\"]}]}]", "presentations[0].slides[0].nodes[0]: expected a whole number"),
        ("[{\"name\": \"a\", \"slides\": [{\"nodes\": [1], \"conditionXML\": \"<unclosed>\"}]}]", "presentations: a slide's condition is not well-formed XML"),
    ]

    @Test(arguments: hostile)
    func hostilePresentationsAreRefusedNamingTheFile(presentations: String, expected: String) throws {
        let json = """
        {"format":"meshpad","version":1,"root":"n1","nodes":[{"id":"n1","text":"r","x":0,"y":0}],"edges":[],"presentations":\(presentations)}
        """
        let folder = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("talk.meshpad").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try MapFile.read(path)
            Issue.record("accepted: \(presentations)")
        } catch {
            #expect(error.description.contains("talk.meshpad") && error.description.contains(expected), "\(error.description)")
        }
    }

    /// Freeplane 1.7 and later say which node a slide places with `placedNodeId` (and where, with
    /// `placedNodePosition`); 1.5 and 1.6 with `centersSelectedNode`. Both come in, and both go out.
    @Test func freeplane17sPlacedNodeComesInAndGoesOutForEveryVersion() throws {
        let xml = """
        <map version="freeplane 1.7.10">
        <node TEXT="Trip" ID="ID_1">
        <hook NAME="presentations">
            <presentation NAME="FP made">
                <slide NAME="Lisbon slide" placedNodeId="ID_3">
                    <NodesOnSlide><NodeOnSlide nodeId="ID_2"/></NodesOnSlide>
                </slide>
                <slide NAME="Corner" placedNodeId="ID_2" placedNodePosition="TOP_LEFT"/>
                <slide NAME="Empty place" placedNodeId=""/>
            </presentation>
        </hook>
        <node TEXT="Route" POSITION="right" ID="ID_2">
        <node TEXT="Lisbon" ID="ID_3"/>
        </node>
        </node>
        </map>
        """
        let document = try FreeMindFormat.decode(Data(xml.utf8)).document
        let route = nodeID(document, "Route"), lisbon = nodeID(document, "Lisbon")
        let slides = try #require(document.presentations.first?.slides)
        #expect(slides[0].placedNode == lisbon && slides[0].nodes == [route])
        #expect(slides[0].node == lisbon, "the slide is about the node it places")
        #expect(slides[1].placedNode == route && slides[1].placedPosition == "TOP_LEFT")
        #expect(slides[2].placedNode == nil)
        let saved = FreeMindFormat.encode(document)
        let written = try XMLOutline(saved).elements.filter { $0.name == "slide" }.map(\.attributes)
        #expect(written[0]["placedNodeId"] == "ID_3" && written[0]["centersSelectedNode"] == nil, "not its first node: 1.7's word only")
        #expect(written[1]["placedNodeId"] == "ID_2" && written[1]["placedNodePosition"] == "TOP_LEFT")
        #expect(try FreeMindFormat.decode(saved).document.presentations == document.presentations)
    }
}

/// Every element of an XML file, in order, with where it stands.
private struct XMLOutline {
    struct Element {
        var index: Int
        var name: String
        var attributes: [String: String]
        /// The names of the elements it is in, outermost first.
        var path: [String]
        /// Their indexes.
        var ancestors: [Int]
    }

    let elements: [Element]

    init(_ data: Data) throws {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else { throw CocoaError(.fileReadCorruptFile) }
        elements = collector.elements
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        var open: [Int] = []

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(Element(index: elements.count, name: name, attributes: attributes, path: open.map { elements[$0].name },
                                    ancestors: open))
            open.append(elements.count - 1)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            open.removeLast()
        }
    }
}
