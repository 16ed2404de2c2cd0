import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Freeplane's connectors as Freeplane allows them — several between the same two nodes, one
/// from a node to itself, one along a branch — each with its labels, colour, width and dash:
/// read from `.mm`, drawn apart so each can be seen and tapped, edited by touch, and written
/// back to the XML they came from.
@Suite struct ConnectorTests {
    /// A map shaped like Freeplane's own `freeplaneFunctions.mm`: "Edges" links to itself three
    /// times, "node a" to its grandchild with three labels, two links join "node a" and "above
    /// a", and one runs along the branch from "Relations" to "node a".
    static let xml = """
    <map version="freeplane 1.5.9">
    <node TEXT="Functions" ID="ID_1">
    <node TEXT="Edges" POSITION="left" ID="ID_2">
    <arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_2" STARTINCLINATION="-137;25;" ENDINCLINATION="-137;25;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
    <arrowlink SHAPE="LINE" COLOR="#000000" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_2" STARTINCLINATION="-48;91;" ENDINCLINATION="-48;91;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
    <arrowlink SHAPE="LINE" COLOR="#0033cc" WIDTH="2" TRANSPARENCY="80" DASH="3 3" FONT_SIZE="12" FONT_FAMILY="SansSerif" DESTINATION="ID_2" STARTINCLINATION="120;32;" ENDINCLINATION="120;32;" STARTARROW="NONE" ENDARROW="DEFAULT"/>
    </node>
    <node TEXT="Relations" POSITION="right" ID="ID_3">
    <arrowlink DESTINATION="ID_5" STARTARROW="None" ENDARROW="Default"/>
    <node TEXT="above a" ID="ID_4"/>
    <node TEXT="node a" ID="ID_5">
    <arrowlink SHAPE="CUBIC_CURVE" COLOR="#ff0000" WIDTH="5" TRANSPARENCY="80" FONT_SIZE="8" FONT_FAMILY="SansSerif" DESTINATION="ID_7" SOURCE_LABEL="parent" TARGET_LABEL="grand child" MIDDLE_LABEL="hierarchy" STARTINCLINATION="-2;23;" ENDINCLINATION="-21;59;" STARTARROW="NONE" ENDARROW="NONE"/>
    <arrowlink DESTINATION="ID_4" ENDARROW="Default" STARTARROW="None"/>
    <arrowlink DESTINATION="ID_4" ENDARROW="None" STARTARROW="Default" MIDDLE_LABEL="back"/>
    <node TEXT="node b" ID="ID_6">
    <node TEXT="grand child" ID="ID_7"/>
    </node>
    </node>
    </node>
    </node>
    </map>
    """

    static func imported() throws -> Document {
        var document = try FreeMindFormat.decode(Data(xml.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    static func links(_ document: Document) -> [(index: Int, edge: Edge)] {
        document.edges.enumerated().filter { $0.element.kind == .link }.map { ($0.offset, $0.element) }
    }

    // MARK: - Reading and writing .mm

    @Test func everyConnectorIsALinkWithItsLook() throws {
        let document = try Self.imported()
        let edges = document.edges, a = nodeID(document, "node a"), above = nodeID(document, "above a")
        #expect(Self.links(document).count == 7, "three loops, one along a branch, one labelled, two between the same nodes")
        let loops = edges.filter { $0.kind == .link && $0.from == $0.to }
        #expect(loops.count == 3 && loops.allSatisfy { $0.from == nodeID(document, "Edges") })
        let first = try #require(loops.first)
        #expect(first.look.color == RGBA(0x00, 0x33, 0xCC, 80), "COLOR with TRANSPARENCY as its alpha")
        #expect(first.look.width == 2 && first.look.dash == [3, 3] && first.arrows == .end)
        let labelled = try #require(edges.first { $0.label == "hierarchy" })
        #expect(labelled.look.sourceLabel == "parent" && labelled.look.targetLabel == "grand child")
        #expect(labelled.look.color == RGBA(0xFF, 0, 0, 80) && labelled.look.width == 5 && labelled.look.dash == nil)
        #expect(document.edges(between: a, and: above).filter { $0.kind == .link }.count == 2)
        #expect(document.edges(between: nodeID(document, "Relations"), and: a).map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.link, .tree])
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
    }

    @Test func savedWithoutEditsTheConnectorsAreTheXMLTheyWere() throws {
        let data = Data(Self.xml.utf8)
        let saved = FreeMindFormat.encode(try FreeMindFormat.decode(data).document)
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(saved)) == nil)
        // And through .meshpad (an autosave) too.
        let native = try NativeFormat.decode(try NativeFormat.encode(try Self.imported()))
        #expect(Self.links(native).map(\.edge) == Self.links(try Self.imported()).map(\.edge))
        let again = FreeMindFormat.encode(native)
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(again)) == nil)
    }

    @Test func anEditedLabelOrColourChangesThatAttributeOnly() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let labelled = try #require(document.edges.first { $0.label == "hierarchy" })
        var look = labelled.look
        look.sourceLabel = "ancestor"
        look.targetLabel = nil
        look.color = RGBA(0x00, 0x80, 0x00, 80)
        look.dash = [7, 7]
        document.transact("look", [.setLink(edge: labelled.id, from: labelled.look, to: look)])
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed.count == 1 && changed.added.count == 1, "\(changed)")
        let line = changed.added.first ?? ""
        #expect(line.contains("SOURCE_LABEL=\"ancestor\"") && !line.contains("TARGET_LABEL") && line.contains("COLOR=\"#008000\"")
                && line.contains("TRANSPARENCY=\"80\"") && line.contains("DASH=\"7 7\"") && line.contains("STARTINCLINATION=\"-2;23;\""),
                "everything else of the connector as Freeplane wrote it: \(line)")
        let back = try #require(try FreeMindFormat.decode(saved).document.edges.first { $0.label == "hierarchy" })
        #expect(back.look == look)
    }

    @Test func aDeletedLoopLeavesTheOtherTwoInTheFile() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let loops = document.edges.filter { $0.kind == .link && $0.from == $0.to }
        document.transact("delete", [.remove(document.fragment(nodes: [], edges: [loops[1].id]))])
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        // (Canonical lines end at each tag: the element's start line and its "</arrowlink" went.)
        let gone = changed.removed.filter { $0.hasPrefix("<arrowlink") }
        #expect(changed.added.isEmpty && gone.count == 1 && changed.removed.count == 2, "\(changed)")
        #expect(gone.first?.contains("STARTINCLINATION=\"-48;91;\"") == true, "the second loop, as written: \(changed)")
    }

    // MARK: - Drawn apart

    @Test func aLoopRunsBesideItsNodeAndThreeLoopsAreApart() throws {
        let document = try Self.imported()
        let loops = Self.links(document).filter { $0.edge.from == $0.edge.to }
        let node = try #require(document.node(loops[0].edge.from))
        let paths = loops.map { document.path(ofEdgeAt: $0.index) }
        for path in paths {
            // Between its ends the loop is outside the node: it leaves and comes back to it.
            for t in stride(from: 0.2, through: 0.8, by: 0.1) {
                #expect(!node.contains(path.point(at: t)), "the loop runs through its own node at \(t)")
            }
            #expect(path.point(at: 0.5).distance(to: node.position) > node.size.y / 2 + 20, "it stands clear of the node")
        }
        let tips = paths.map { $0.point(at: 0.5) }
        for i in tips.indices { for j in tips.indices where i < j { #expect(tips[i].distance(to: tips[j]) > 24) } }
    }

    @Test func linksBetweenTheSameNodesAndAlongABranchAreDrawnApartAndClearOfTheNodes() throws {
        let document = try Self.imported()
        let a = nodeID(document, "node a"), above = nodeID(document, "above a"), relations = nodeID(document, "Relations")
        func paths(_ x: NodeID, _ y: NodeID) -> [(Edge.Kind, EdgePath)] {
            document.edges.indices.filter { document.edges[$0].joins(x, y) }.map { (document.edges[$0].kind, document.path(ofEdgeAt: $0)) }
        }
        let pair = paths(a, above).filter { $0.0 == .link }.map(\.1)
        #expect(pair.count == 2 && pair[0].point(at: 0.5).distance(to: pair[1].point(at: 0.5)) > 24)
        let alongBranch = paths(relations, a)
        let branch = try #require(alongBranch.first { $0.0 == .tree }?.1), link = try #require(alongBranch.first { $0.0 == .link }?.1)
        #expect(branch.distance(to: link.point(at: 0.5), tolerance: 0.5) > 12, "the link does not hide under the branch")
        // Every link starts and ends on its nodes' outlines, not inside them.
        for (index, edge) in Self.links(document) {
            let path = document.path(ofEdgeAt: index)
            let from = try #require(document.node(edge.from)), to = try #require(document.node(edge.to))
            #expect(from.contains(path.start, margin: 0.5) && !from.contains(path.start, margin: -0.5))
            #expect(to.contains(path.end, margin: 0.5) && !to.contains(path.end, margin: -0.5))
        }
    }

    @Test func eachOfThemIsTappedOnItsOwnLine() throws {
        let document = try Self.imported()
        for (index, edge) in Self.links(document) {
            let middle = document.path(ofEdgeAt: index).point(at: 0.5)
            // A finger's reach at 100 % (12 px) finds this link and no other.
            #expect(document.topmostEdge(at: middle, tolerance: 12) == edge.id, "\(edge)")
        }
    }

    @Test func labelsColourAndDashAreDrawn() throws {
        let document = try Self.imported()
        var list = DrawList()
        let camera = Camera(origin: Vec2(640, 400), zoom: 1)
        SceneBuilder(theme: .standard).build(document: document, camera: camera, viewportSize: Vec2(1600, 1200), pixelScale: 1,
                                             selection: [], into: &list)
        let texts = Set(list.labels.map(\.text))
        #expect(texts.isSuperset(of: ["parent", "hierarchy", "grand child", "back"]))
        // The red link is drawn in red; the dashed loop's dashes leave gaps: along its path,
        // some points are covered by triangles in its colour and some by none.
        #expect(!list.triangles(touching: RGBA(0xFF, 0, 0, 80)).isEmpty, "the red link is drawn in its colour")
        let dashed = try #require(Self.links(document).first { $0.edge.look.dash != nil })
        let path = document.path(ofEdgeAt: dashed.index).mapped(camera.screenPoint(ofMap:))
        let inColour = list.triangles(touching: dashed.edge.look.color ?? .init(0, 0, 0))
        var covered = 0, bare = 0
        for t in stride(from: 0.1, through: 0.9, by: 0.01) {
            let p = path.point(at: t)
            if inColour.contains(where: { Self.inside(p, $0[0], $0[1], $0[2]) }) { covered += 1 } else { bare += 1 }
        }
        #expect(covered > 10 && bare > 10, "dashes and gaps along the dashed loop: \(covered) covered, \(bare) bare")
    }

    static func inside(_ p: Vec2, _ a: Vec2, _ b: Vec2, _ c: Vec2) -> Bool {
        func side(_ u: Vec2, _ v: Vec2) -> Double { (v.x - u.x) * (p.y - u.y) - (v.y - u.y) * (p.x - u.x) }
        let s1 = side(a, b), s2 = side(b, c), s3 = side(c, a)
        return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
    }

    // MARK: - By touch

    @Test func aLoopIsMadeByLinkingANodeToItselfAndItsEndLabelsAreSetFromItsMenu() throws {
        var rig = EditRig()
        let food = rig.id("food")
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Link from here")
        rig.tap(rig.screen(of: food))
        let loop = try #require(rig.document.edges.last)
        #expect(loop.kind == .link && loop.from == food && loop.to == food)
        #expect(rig.workspace.selection.edge == loop.id, "the new loop is selected")
        let middle = rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: rig.document.edges.count - 1).point(at: 0.5))
        for (row, words, place) in [("Label at the start…", "from", LinkLabelPlace.source), ("Label at the end…", "to", .target)] {
            MenuTests.longPress(&rig, at: middle)
            MenuTests.tapRow(&rig, row)
            #expect(rig.workspace.panels.dialog?.kind == .linkLabel(loop.id, place))
            rig.type(words)
            rig.key("Return")
            #expect(rig.document.edge(loop.id)?.look[place] == words)
        }
        // One undo step each.
        rig.key("Z", .ctrl)
        #expect(rig.document.edge(loop.id)?.look.targetLabel == nil && rig.document.edge(loop.id)?.look.sourceLabel == "from")
    }

    /// A link's line is set by finger from its menu — dashed, thicker, another colour — one
    /// undo step each, and a `.mm` keeps it as Freeplane's DASH, WIDTH and COLOR.
    @Test func aLinksLineIsDashedThickenedAndColouredFromItsMenu() throws {
        var rig = EditRig()
        let food = rig.id("food")
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Link from here")
        rig.tap(rig.screen(of: food))
        let loop = try #require(rig.document.edges.last)
        let middle = rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: rig.document.edges.count - 1).point(at: 0.5))
        for row in ["Dashed line", "Thicker line", "Thicker line", "Next colour"] {
            MenuTests.longPress(&rig, at: middle)
            MenuTests.tapRow(&rig, row)
        }
        let look = try #require(rig.document.edge(loop.id)?.look)
        #expect(look.dash == LinkLook.touchDash && look.width == 5 && look.color == LinkLook.touchColours[1])
        MenuTests.longPress(&rig, at: middle)
        #expect(rig.workspace.panels.menu?.rows.first { $0.title == "Dashed line" }?.isChecked == true, "the menu shows it is dashed")
        rig.key("Escape")
        let xml = String(decoding: FreeMindFormat.encode(rig.document), as: UTF8.self)
        #expect(xml.contains("DASH=\"7 7\"") && xml.contains("WIDTH=\"5\"") && xml.contains("COLOR=\"#d32f2f\""), "\(xml)")
        rig.key("Z", .ctrl)
        #expect(rig.document.edge(loop.id)?.look.color == nil && rig.document.edge(loop.id)?.look.width == 5)
    }

    @Test func deletingTheFirstOfTwoParallelLinksMovesTheOtherIntoItsLaneAndUndoPutsItBack() throws {
        var rig = EditRig()
        let food = rig.id("food"), water = rig.id("clean water")
        for _ in 0..<2 {
            rig.click(rig.screen(of: food))
            rig.click(rig.screen(of: water), .ctrl)
            rig.key("L", .ctrl)
        }
        let pair = rig.document.edges(between: food, and: water).filter { $0.kind == .link }
        #expect(pair.count == 2)
        func middle(_ id: EdgeID) -> Vec2? {
            rig.document.edges.firstIndex { $0.id == id }.map { rig.document.path(ofEdgeAt: $0).point(at: 0.5) }
        }
        let firstLane = try #require(middle(pair[0].id)), secondLane = try #require(middle(pair[1].id))
        MenuTests.longPress(&rig, at: rig.camera.screenPoint(ofMap: firstLane))
        MenuTests.tapRow(&rig, "Delete")
        #expect(rig.document.edge(pair[0].id) == nil)
        let moved = try #require(middle(pair[1].id))
        #expect(moved.distance(to: firstLane) < 0.001, "the one left runs in the first lane")
        // The hit test finds it where it is now drawn (the rig checks every index after each step).
        #expect(rig.document.topmostEdge(at: moved, tolerance: 4) == pair[1].id)
        rig.key("Z", .ctrl)
        #expect(try #require(middle(pair[1].id)).distance(to: secondLane) < 0.001)
    }

    @Test func aLinkLookWithEveryFieldSurvivesAChangeRecord() throws {
        let look = LinkLook(label: "m", arrows: [.start], sourceLabel: "s", targetLabel: "t", color: RGBA(1, 2, 3, 40), width: 3, dash: [2, 4])
        let change = Change.setLink(edge: EdgeID(3), from: LinkLook(), to: look)
        let back = try JSONDecoder().decode(Change.self, from: JSONEncoder().encode(change))
        #expect(back == change)
        let edge = Edge(id: EdgeID(4), from: NodeID(1), to: NodeID(1), kind: .link, look: look)
        #expect(try JSONDecoder().decode(Edge.self, from: JSONEncoder().encode(edge)) == edge)
    }
}
