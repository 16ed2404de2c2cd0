import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MeshpadCore

/// An SVG export shows what the screen shows of a rich map: the cloud round a branch, a
/// summary's bracket, a link's arrowhead and labels, and a node's attribute table.
@Suite struct SVGRichExportTests {
    /// A Freeplane map with all four: "Plans" in a cloud, "b" and "c" summed up by "both", a
    /// labelled link with an arrow from "a" to "c", and two attributes on "a".
    static let map = """
        <map version="freeplane 1.9.13">
        <node TEXT="Plans" ID="ID_1">
        <node TEXT="a" ID="ID_2" POSITION="right">
        <cloud COLOR="#ccffcc" SHAPE="ARC"/>
        <arrowlink DESTINATION="ID_4" MIDDLE_LABEL="depends" TARGET_LABEL="end" ENDARROW="Default" COLOR="#aa3311"/>
        <attribute NAME="owner" VALUE="Kim"/>
        <attribute NAME="due" VALUE="May"/>
        </node>
        <node TEXT="b" ID="ID_3" POSITION="right"><hook NAME="FirstGroupNode"/></node>
        <node TEXT="c" ID="ID_4" POSITION="right"/>
        <node TEXT="both" ID="ID_5" POSITION="right"><hook NAME="SummaryNode"/></node>
        </node>
        </map>
        """

    func exported() throws -> (svg: String, document: Document) {
        var document = try FreeMindFormat.decode(Data(Self.map.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return (String(decoding: SVGExport.encode(document, theme: .classic), as: UTF8.self), document)
    }

    /// Counts the elements the parser reads and how deep it ends: XMLParser stops at the root's
    /// end without complaint, so an element closed twice shows as elements never read.
    final class Nesting: NSObject, XMLParserDelegate {
        var depth = 0, elements = 0
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements += 1
            depth += 1
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
        }
    }

    @Test func thePictureIsWellFormedXMLThatAViewerCanRead() throws {
        let (svg, _) = try exported()
        let parser = XMLParser(data: Data(svg.utf8))
        let nesting = Nesting()
        parser.delegate = nesting
        #expect(parser.parse(), "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "")")
        let written = svg.matches(of: /<[A-Za-z]/).count
        #expect(nesting.elements == written && nesting.depth == 0, "one <svg> holding every element: \(nesting.elements) of \(written) read")
    }

    @Test func theCloudIsDrawnBehindItsBranchInItsColour() throws {
        let (svg, _) = try exported()
        let cloud = svg.range(of: "fill=\"#CCFFCC\"", options: .caseInsensitive)
        let firstNode = svg.range(of: "<text")
        #expect(cloud != nil, "the cloud's colour fills something")
        #expect(svg.contains("<circle"), "an arc cloud has bumps")
        if let cloud, let firstNode { #expect(cloud.lowerBound < firstNode.lowerBound, "behind the nodes") }
    }

    @Test func theLinkHasItsArrowheadAndItsLabels() throws {
        let (svg, _) = try exported()
        #expect(svg.contains("<polygon"), "an arrowhead")
        #expect(svg.range(of: "<polygon[^>]*fill=\"#AA3311\"", options: [.regularExpression, .caseInsensitive]) != nil,
                "in the link's colour")
        #expect(svg.contains(">depends</text>"))
        #expect(svg.contains(">end</text>"))
    }

    @Test func theAttributeTableShowsEveryNameAndValue() throws {
        let (svg, _) = try exported()
        for words in ["owner", "Kim", "due", "May"] { #expect(svg.contains(">\(words)</text>"), "\(words)") }
    }

    @Test func theSummaryHasItsBracket() throws {
        let (svg, document) = try exported()
        let shownEdges = document.edges.enumerated().filter { e, edge in
            !document.isHidden(edgeAt: e) && !(edge.kind == .tree && document.hidesBranch(toNodeAt: document.endpoints(ofEdgeAt: e).to))
        }.count
        let strokes = svg.components(separatedBy: "<line").count - 1 + svg.components(separatedBy: "<path").count - 1
        #expect(strokes > shownEdges, "the bracket's strokes beside one a branch or link (\(strokes) for \(shownEdges) edges)")
        // The bracket reaches the summary: a stroke ends within a node's width of it.
        let both = try #require(document.nodes.first { $0.text == "both" })
        let ends = svg.matches(of: /(?:x2="|, )(-?[0-9.]+)"? (?:y2=")?(-?[0-9.]+)"/).compactMap { m -> Vec2? in
            guard let x = Double(m.1), let y = Double(m.2) else { return nil }
            return Vec2(x, y)
        }
        #expect(ends.contains { $0.distance(to: both.position) <= both.size.x }, "a stroke ends at the summary")
    }
}
