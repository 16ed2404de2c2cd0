import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's link (a web address, a file, another node of the map), as a finger follows it: the
/// marker on the node or "Open link" in its long-press menu; anything outside the map asks first.
@Suite struct LinkTests {
    static func rig(link: String?, on text: String = "food") -> EditRig {
        var rig = EditRig()
        let id = rig.id(text)
        rig.workspace.document.modify(id) { $0.link = link }
        return rig
    }

    static func opened(_ rig: EditRig) -> [String] {
        rig.requests.compactMap { if case .openExternally(let link) = $0 { return link } else { return nil } }
    }

    static func marker(_ rig: EditRig, _ text: String) -> Vec2 {
        let node = rig.document.node(rig.id(text))
        return node.map { NodeMarker.link.screenCenter(of: $0, at: $0.position, side: FoldBadge.side(of: $0, in: rig.document), camera: rig.camera) } ?? .zero
    }

    @Test func aWebAddressOpensFromTheMenuAfterAskingAndNotBefore() {
        var rig = Self.rig(link: "https://example.org/plan?a=1&b=2")
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("food")))
        #expect(MenuTests.rows(rig).contains("Open link"))
        MenuTests.tapRow(&rig, "Open link")
        let dialog = rig.workspace.panels.dialog
        #expect(dialog?.kind == .openLink("https://example.org/plan?a=1&b=2") && dialog?.message == "https://example.org/plan?a=1&b=2",
                "it says where it leads")
        #expect(Self.opened(rig).isEmpty, "nothing opens before the person says so")
        let open = rig.workspace.overlayLayout.parts.first { $0.role == .button(.confirm) }
        #expect(open?.text == "Open")
        rig.tap(open?.rect.center ?? .zero)
        #expect(Self.opened(rig) == ["https://example.org/plan?a=1&b=2"])
        #expect(rig.workspace.panels.dialog == nil)
    }

    @Test func cancelOpensNothing() {
        var rig = Self.rig(link: "file.pdf")
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("food")))
        MenuTests.tapRow(&rig, "Open link")
        let cancel = rig.workspace.overlayLayout.parts.first { $0.role == .button(.cancel) }
        rig.tap(cancel?.rect.center ?? .zero)
        #expect(Self.opened(rig).isEmpty && rig.workspace.panels.dialog == nil)
    }

    @Test func aNodeWithoutALinkOffersNone() {
        var rig = Self.rig(link: nil)
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("food")))
        #expect(!MenuTests.rows(rig).contains("Open link"))
        #expect(!NodeMarker.link.isShown(rig.document.node(rig.id("food")) ?? Node(id: NodeID(0), text: "", position: .zero), zoom: 1))
    }

    @Test func aTapOnTheMarkerAsksToOpenItAndSelectsNothing() {
        var rig = Self.rig(link: "https://example.org")
        rig.tap(rig.screen(of: rig.id("shelter")))
        let selected = rig.workspace.selection.nodes
        rig.tap(Self.marker(rig, "food"))
        #expect(rig.workspace.panels.dialog?.kind == .openLink("https://example.org"))
        #expect(rig.workspace.selection.nodes == selected)
    }

    @Test func aLinkToANodeOfTheMapGoesThereUnfoldingWhatHidesIt() throws {
        var rig = Self.rig(link: nil)
        let water = rig.id("clean water")
        // A child of "clean water", hidden by a fold, is where the link leads.
        let added = rig.workspace.document.addChild(of: water, text: "well", at: Vec2(300, 200))
        let well = try #require(added)
        rig.workspace.document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        rig.workspace.document.modify(well) { $0.sourceID = "ID_42" }
        rig.workspace.document.setFolded(water, true)
        rig.workspace.document.modify(rig.id("food")) { $0.link = "#ID_42" }
        rig.tap(Self.marker(rig, "food"))
        rig.settle()
        #expect(rig.workspace.panels.dialog == nil, "inside the map: nothing to ask")
        #expect(rig.workspace.selection.nodes == [well])
        #expect(!rig.document.isHidden(well))
        // Centred in what the toolbar leaves of the canvas, as Centre does.
        let canvas = rig.workspace.canvasRect
        let usable = canvas.height - rig.workspace.measures.targetPixels - 24
        #expect(rig.camera.screenPoint(ofMap: rig.document.node(well)?.position ?? .zero).distance(to: Vec2(canvas.center.x, usable / 2)) < 1)
        // Meshpad's own IDs work too, and a link to nowhere says so.
        rig.workspace.document.modify(rig.id("food")) { $0.link = "#ID_404" }
        rig.tap(Self.marker(rig, "food"))
        #expect(rig.workspace.panels.banner?.message.contains("not in this map") == true)
    }

    @Test func aKioskFollowsLinksInsideTheMapButOpensNothingOutside() {
        var rig = KioskWorkspaceTests.kioskRig()
        rig.workspace.document.modify(rig.id("food")) { $0.link = "https://example.org" }
        rig.tap(Self.marker(rig, "food"))
        #expect(rig.workspace.panels.dialog == nil && Self.opened(rig).isEmpty)
        #expect(rig.workspace.panels.banner?.message == "Links to outside the map do not open here")
    }

    @Test func aReadOnlyMapStillFollowsLinks() {
        var rig = Self.rig(link: "https://example.org")
        rig.workspace.lockdown.isReadOnly = true
        rig.tap(Self.marker(rig, "food"))
        #expect(rig.workspace.panels.dialog?.kind == .openLink("https://example.org"))
    }
}
