import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Freeplane's summary nodes: a bracket spans the siblings a summary sums up (since the node
/// marked as the first of the group) and the summary stands beyond them; the marks are kept in
/// `.mm` exactly as written.
@Suite struct SummaryTests {
    /// As Freeplane 1.5 writes a summary: an empty node marks where the group begins, an empty
    /// summary node holds the summary's words in its child.
    static let xml = """
    <map version="freeplane 1.5.9">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="before" POSITION="right" ID="ID_2"/>
    <node TEXT="" POSITION="right" ID="ID_3">
    <hook NAME="FirstGroupNode"/>
    </node>
    <node TEXT="one" POSITION="right" ID="ID_4"><node TEXT="one's child, reaching further" ID="ID_5"/></node>
    <node TEXT="two" POSITION="right" ID="ID_6"/>
    <node TEXT="three" POSITION="right" ID="ID_7"/>
    <node TEXT="" POSITION="right" ID="ID_8">
    <hook NAME="SummaryNode"/>
    <node TEXT="all three" ID="ID_9"/>
    </node>
    <node TEXT="after" POSITION="right" ID="ID_10"/>
    <node TEXT="left alone" POSITION="left" ID="ID_11"/>
    <node TEXT="left summary" POSITION="left" ID="ID_12"><hook NAME="SummaryNode"/></node>
    </node>
    </map>
    """

    static func imported() throws -> Document {
        var document = try FreeMindFormat.decode(Data(xml.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    static func id(_ document: Document, sourceID: String) -> NodeID { document.nodes.first { $0.sourceID == sourceID }?.id ?? NodeID(0) }

    @Test func theMarksAreReadAndEachSummarySumsUpItsGroup() throws {
        let document = try Self.imported()
        let marker = Self.id(document, sourceID: "ID_3"), summary = Self.id(document, sourceID: "ID_8")
        #expect(document.node(marker)?.summaryMarks == .firstOfGroup && document.node(summary)?.summaryMarks == .summary)
        #expect(document.summaryGroups[summary] == ["ID_3", "ID_4", "ID_6", "ID_7"].map { Self.id(document, sourceID: $0) },
                "from the group mark to the summary, not the sibling before it")
        #expect(document.summaryGroups[Self.id(document, sourceID: "ID_12")] == [Self.id(document, sourceID: "ID_11")],
                "on the left, without a mark: the siblings on its side since the start")
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
    }

    @Test func theEmptyMarkAndTheEmptySummaryAreNotShownAsFreeplaneShowsThem() throws {
        let document = try Self.imported()
        for source in ["ID_3", "ID_8"] {
            let node = try #require(document.node(Self.id(document, sourceID: source)))
            #expect(node.isPlaceholder && node.size == .zero, "\(source) takes no room")
            #expect(document.topmostNode(at: node.position, margin: 8) != node.id, "and a finger cannot land on it")
        }
        #expect(try #require(document.node(Self.id(document, sourceID: "ID_12"))).isPlaceholder == false, "a summary with words shows")
    }

    @Test func theSummaryStandsBeyondItsGroupCentredOnItAndNothingOverlaps() throws {
        let document = try Self.imported()
        let summary = try #require(document.node(Self.id(document, sourceID: "ID_8")))
        let words = try #require(document.node(Self.id(document, sourceID: "ID_9")))
        let members = ["ID_4", "ID_5", "ID_6", "ID_7"].compactMap { document.node(Self.id(document, sourceID: $0)) }
        let furthest = members.map(\.frame.maxX).max() ?? 0
        #expect(summary.position.x > furthest && words.frame.minX > furthest, "beyond the furthest node of the group")
        let one = try #require(members.first), three = try #require(members.last)
        #expect(abs(summary.position.y - (one.position.y + three.position.y) / 2) < 0.001, "centred on the group")
        let after = try #require(document.node(Self.id(document, sourceID: "ID_10")))
        #expect(after.frame.minY > three.frame.maxY, "the next sibling stacks below the group")
        let shown = document.nodes.filter { !$0.isPlaceholder }
        for (k, a) in shown.enumerated() {
            for b in shown[(k + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.text) and \(b.text) overlap") }
        }
    }

    @Test func aBracketSpansTheGroupAndNoBranchRunsToTheSummary() throws {
        let document = try Self.imported()
        let summaryID = Self.id(document, sourceID: "ID_8")
        let summary = try #require(document.node(summaryID))
        var span: Rect?
        for member in try #require(document.summaryGroups[summaryID]) {
            if let box = document.branchArea(of: member)?.box { span = span.map { $0.union(box) } ?? box }
        }
        let group = try #require(span)
        let bracket = SummaryBracket(span: group, summaryAt: summary.position, summarySize: summary.size, parentAt: document.root.position)
        #expect(bracket.bounds.minX > group.maxX && bracket.bounds.minY <= group.minY && bracket.bounds.maxY >= group.maxY)
        // The scene draws it: vertices at the brace's top and bottom ends.
        var list = DrawList()
        let camera = Camera(origin: Vec2(300, 300) - summary.position, zoom: 1)
        SceneBuilder(theme: .standard).build(document: document, camera: camera, viewportSize: Vec2(1200, 900), pixelScale: 1,
                                             selection: [], into: &list)
        for end in [bracket.paths[0].start, bracket.paths[1].end].map(camera.screenPoint(ofMap:)) {
            let near = stride(from: 0, to: list.positions.count, by: 2).contains {
                Vec2(Double(list.positions[$0]), Double(list.positions[$0 + 1])).distance(to: end) < 3
            }
            #expect(near, "the brace reaches \(end)")
        }
        // The branch from the root to the summary is neither drawn nor tapped.
        let branch = try #require(document.edges.firstIndex { $0.kind == .tree && $0.to == summaryID })
        #expect(document.topmostEdge(at: document.path(ofEdgeAt: branch).point(at: 0.5), tolerance: 2) == nil)
    }

    @Test func savedTheMarksAreAsWrittenAndAnEditedSummaryChangesItsLineOnly() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document))) == nil)
        let native = try NativeFormat.decode(try NativeFormat.encode(document))
        #expect(native.summaryGroups == document.summaryGroups && native.nodes.map(\.summaryMarks) == document.nodes.map(\.summaryMarks))
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(native))) == nil)
        document.modify(Self.id(document, sourceID: "ID_9")) { $0.text = "the three of them" }
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        #expect(changed.added == ["<node ID=\"ID_9\" TEXT=\"the three of them\""] && changed.removed.count == 1, "\(changed)")
    }

    @Test func foldingAnEmptySummaryShowsItSoItsBranchCanBeReached() throws {
        var document = try Self.imported()
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        let summary = Self.id(document, sourceID: "ID_8")
        document.transact("fold", sizing: sizing, [.setFolded(ids: [summary], from: [false], to: [true])])
        let folded = try #require(document.node(summary))
        #expect(!folded.isPlaceholder && folded.size.y > 0, "folded, it is a node to tap and unfold")
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
        document.transact("unfold", sizing: sizing, [.setFolded(ids: [summary], from: [true], to: [false])])
        #expect(document.node(summary)?.isPlaceholder == true)
    }

    @Test func deletingAMemberOrTheGroupMarkChangesTheGroup() throws {
        var rig = EditRig(document: try Self.imported())
        let summary = Self.id(rig.document, sourceID: "ID_8")
        rig.click(rig.screen(of: Self.id(rig.document, sourceID: "ID_6")))
        rig.key("Delete")
        #expect(rig.document.summaryGroups[summary]?.count == 3)
        // Without its mark, the group runs from the start of the side's siblings.
        rig.workspace.transact("unmark") { workspace in
            let marker = Self.id(workspace.document, sourceID: "ID_3")
            workspace.record(.remove(workspace.document.fragment(nodes: [marker], edges: [])))
        }
        #expect(rig.document.summaryGroups[summary]?.first == Self.id(rig.document, sourceID: "ID_2"))
        rig.key("Z", .ctrl)
        #expect(rig.document.summaryGroups[summary]?.first == Self.id(rig.document, sourceID: "ID_3"))
    }
}
