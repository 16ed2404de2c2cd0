import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Freeplane's and FreeMind's clouds: drawn behind a node's visible branch in their colour, kept
/// clear of their neighbours by the tidy tree, set and taken away from the style panel by touch,
/// and kept in `.mm` where they were.
@Suite struct CloudTests {
    static let xml = """
    <map version="freeplane 1.5.9">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="clouded" POSITION="right" ID="ID_2">
    <cloud COLOR="#ccffcc" SHAPE="ROUND_RECT"/>
    <node TEXT="inside one" ID="ID_3"/>
    <node TEXT="inside two" ID="ID_4">
    <node TEXT="deeper" ID="ID_5"><cloud/></node>
    </node>
    </node>
    <node TEXT="neighbour above" POSITION="right" ID="ID_6"><node TEXT="its child" ID="ID_7"/></node>
    <node TEXT="plain" POSITION="right" ID="ID_8"/>
    <node TEXT="also clouded" POSITION="right" ID="ID_9">
    <cloud COLOR="#fdfdca"/>
    <node TEXT="a long child that reaches far to the right" ID="ID_10"/>
    </node>
    </node>
    </map>
    """

    static func imported() throws -> Document {
        var document = try FreeMindFormat.decode(Data(xml.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    /// Where a cloud is drawn, as far as its bumps reach (map units).
    static func reach(_ document: Document, _ text: String) -> Rect? {
        document.cloudAreas[nodeID(document, text)].map { $0.box.outset(by: Document.cloudReach) }
    }

    @Test func cloudsAreReadWithTheirColourAndShape() throws {
        let document = try Self.imported()
        #expect(document.node(nodeID(document, "clouded"))?.style.cloud == Cloud(color: RGBA(hex: 0xCCFFCC), shape: .roundRect))
        #expect(document.node(nodeID(document, "deeper"))?.style.cloud == Cloud(), "FreeMind's bare <cloud/>: the theme's colour, arcs")
        #expect(document.node(nodeID(document, "also clouded"))?.style.cloud == Cloud(color: RGBA(hex: 0xFDFDCA), shape: .arc))
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
    }

    @Test func aCloudHoldsItsWholeVisibleBranchAndFoldingShrinksIt() throws {
        var document = try Self.imported()
        let clouded = nodeID(document, "clouded")
        let area = try #require(document.cloudAreas[clouded])
        for text in ["clouded", "inside one", "inside two", "deeper"] {
            let frame = try #require(document.node(nodeID(document, text))?.frame)
            #expect(area.box.contains(frame.origin) && area.box.contains(Vec2(frame.maxX, frame.maxY)), "\(text) is in the cloud")
        }
        #expect(try #require(document.cloudAreas[nodeID(document, "deeper")]).depth > area.depth, "the inner cloud is drawn on the outer")
        document.setFolded(clouded, true)
        let folded = try #require(document.cloudAreas[clouded])
        #expect(folded.box == document.node(clouded)?.frame, "folded, the cloud holds the node alone")
        #expect(document.cloudAreas[nodeID(document, "deeper")] == nil, "a cloud inside a fold is not drawn")
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
    }

    @Test func theTidyTreeKeepsNeighboursAndOtherCloudsClearOfACloud() throws {
        let document = try Self.imported()
        let inside = Set(["clouded", "inside one", "inside two", "deeper"].map { nodeID(document, $0) })
        let cloud = try #require(Self.reach(document, "clouded"))
        for node in document.nodes where !inside.contains(node.id) && node.id != document.rootID {
            #expect(!cloud.intersects(node.frame), "\(node.text) is under the cloud")
        }
        let other = try #require(Self.reach(document, "also clouded"))
        #expect(!cloud.intersects(other), "two clouds side by side do not overlap")
        // The same holds after a change: a tree-mode map lays itself out again.
        var rig = EditRig(document: document)
        rig.click(rig.screen(of: nodeID(document, "inside two")))
        rig.key("Tab")
        rig.type("added under the cloud")
        rig.key("Return")
        rig.settle()
        let grown = try #require(Self.reach(rig.document, "clouded"))
        #expect(grown.height > cloud.height)
        let within = Set(rig.document.subtree(of: nodeID(rig.document, "clouded")))
        for node in rig.document.nodes where !within.contains(node.id) && node.id != rig.document.rootID {
            #expect(!grown.intersects(node.frame), "\(node.text) is under the grown cloud")
        }
    }

    @Test func theCloudIsDrawnBehindTheNodesInItsColour() throws {
        let document = try Self.imported()
        var list = DrawList()
        let clouded = try #require(document.node(nodeID(document, "clouded")))
        let camera = Camera(origin: Vec2(400, 300) - clouded.position, zoom: 1)
        SceneBuilder(theme: .standard).build(document: document, camera: camera, viewportSize: Vec2(1200, 900), pixelScale: 1,
                                             selection: [], into: &list)
        let green = RGBA(hex: 0xCCFFCC)
        let greens = (0..<list.vertexCount).filter { list.color(ofVertex: $0) == green }
        #expect(!greens.isEmpty, "the cloud is in its colour")
        // Behind: every vertex in its colour comes before the first node's fill.
        let theme = Theme.standard
        // A node's fill: the central topic's accent, or the theme's fill tinted with its branch's colour.
        let fills = Set([theme.accent, theme.nodeFill] + theme.branchPalette.flatMap { colour in
            [true, false].map { theme.tintedFill(nil, branch: colour, firstLevel: $0) }
        })
        let firstNode = (0..<list.vertexCount).first { fills.contains(list.color(ofVertex: $0)) }
        #expect(greens.max() ?? 0 < firstNode ?? 0, "drawn before the nodes")
        // Round the branch: its colour reaches beyond the branch's box on every side.
        let box = try #require(document.cloudAreas[clouded.id]).box
        let xs = greens.map { list.point(ofVertex: $0).x }, ys = greens.map { list.point(ofVertex: $0).y }
        let p = camera.screenPoint(ofMap: box.origin), q = camera.screenPoint(ofMap: Vec2(box.maxX, box.maxY))
        #expect((xs.min() ?? 0) < p.x && (xs.max() ?? 0) > q.x && (ys.min() ?? 0) < p.y && (ys.max() ?? 0) > q.y)
    }

    @Test func savedWithoutEditsTheCloudsAreAsTheyWereAndAnEditChangesTheCloudOnly() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document))) == nil)
        let clouded = nodeID(document, "clouded"), plain = nodeID(document, "plain"), deeper = nodeID(document, "deeper")
        document.modify(clouded) { $0.style.cloud?.color = RGBA(hex: 0xDCE8FA) }
        document.modify(plain) { $0.style.cloud = Cloud(shape: .star) }
        document.modify(deeper) { $0.style.cloud = nil }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        // The recoloured cloud's colour, the removed bare one, the new star: nothing else.
        #expect(changed.removed.sorted() == ["<cloud", "<cloud COLOR=\"#ccffcc\" SHAPE=\"ROUND_RECT\""], "\(changed)")
        #expect(changed.added.sorted() == ["<cloud COLOR=\"#dce8fa\" SHAPE=\"ROUND_RECT\"", "<cloud SHAPE=\"STAR\""], "\(changed)")
        let back = try FreeMindFormat.decode(saved).document
        #expect(back.node(nodeID(back, "clouded"))?.style.cloud?.color == RGBA(hex: 0xDCE8FA))
        #expect(back.node(nodeID(back, "plain"))?.style.cloud == Cloud(shape: .star))
        #expect(back.node(nodeID(back, "deeper"))?.style.cloud == nil)
        // .meshpad keeps them too.
        let native = try NativeFormat.decode(try NativeFormat.encode(document))
        #expect(native.nodes.map(\.style.cloud) == document.nodes.map(\.style.cloud))
    }

    @Test func aCloudIsSetColouredAndTakenAwayFromTheStylePanelByTouch() throws {
        var rig = EditRig()
        let food = rig.id("food")
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Style…")
        func option(_ option: StyleOption) -> Vec2 { rig.workspace.overlayLayout.rect(of: .styleOption(option))?.center ?? Vec2(-1, -1) }
        let steps = rig.workspace.history.done.count
        rig.tap(option(.cloud(.arc)))
        #expect(rig.document.node(food)?.style.cloud == Cloud(shape: .arc))
        #expect(rig.document.cloudAreas[food] != nil, "and it is drawn")
        rig.tap(option(.cloudColor(RGBA(hex: 0xFDFDCA))))
        rig.tap(option(.cloud(.roundRect)))
        #expect(rig.document.node(food)?.style.cloud == Cloud(color: RGBA(hex: 0xFDFDCA), shape: .roundRect), "the colour is kept")
        #expect(rig.workspace.overlayLayout.parts.first { $0.role == .styleOption(.cloud(.roundRect)) }?.look == .on, "the panel shows it")
        rig.tap(option(.cloud(nil)))
        #expect(rig.document.node(food)?.style.cloud == nil && rig.document.cloudAreas.isEmpty)
        #expect(rig.workspace.history.done.count == steps + 4, "one undo step a tap")
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.style.cloud?.shape == .roundRect)
    }
}
