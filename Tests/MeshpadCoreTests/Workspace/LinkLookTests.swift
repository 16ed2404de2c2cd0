import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// A link's words and arrowheads, set by a finger from the link's long-press menu, drawn on the
/// map and carried through `.meshpad` and `.mm`.
@Suite struct LinkLookTests {
    /// A rig with a link from food to shelter, and where to press on it.
    static func linked() throws -> (EditRig, Edge, Vec2) {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.click(rig.screen(of: rig.id("shelter")), .ctrl)
        rig.key("L", .ctrl)
        let link = try #require(rig.document.edges.last { $0.kind == .link })
        // The middle of the link as it is drawn: an arch, not the line between the nodes.
        let index = try #require(rig.document.edges.firstIndex { $0.id == link.id })
        let middle = rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: index).point(at: 0.5))
        return (rig, link, middle)
    }

    @Test func aLinkIsLabelledFromItsMenuAsOneUndoStep() throws {
        var (rig, link, middle) = try Self.linked()
        MenuTests.longPress(&rig, at: middle)
        MenuTests.tapRow(&rig, "Label…")
        #expect(rig.workspace.panels.dialog?.kind == .linkLabel(link.id, .middle))
        rig.type("feeds")
        rig.key("Return")
        #expect(rig.document.edge(link.id)?.label == "feeds")
        rig.key("Z", .ctrl)
        #expect(rig.document.edge(link.id)?.label == nil)
        rig.key("Y", .ctrl)
        #expect(rig.document.edge(link.id)?.label == "feeds")
        // An emptied label is no label.
        MenuTests.longPress(&rig, at: middle)
        MenuTests.tapRow(&rig, "Label…")
        rig.key("Backspace", .ctrl)
        rig.key("Return")
        #expect(rig.document.edge(link.id)?.label == nil)
    }

    @Test func itsArrowheadsAreTurnedOnAndOffWithATickShowingWhich() throws {
        var (rig, link, middle) = try Self.linked()
        let before = link.arrows
        MenuTests.longPress(&rig, at: middle)
        let ticked = rig.workspace.panels.menu?.rows.first { $0.title == "Arrow at the end" }?.isChecked
        #expect(ticked == before.contains(.end))
        MenuTests.tapRow(&rig, "Arrow at the end")
        #expect(rig.document.edge(link.id)?.arrows.contains(.end) == !before.contains(.end))
        MenuTests.longPress(&rig, at: middle)
        MenuTests.tapRow(&rig, "Arrow at the start")
        #expect(rig.document.edge(link.id)?.arrows.contains(.start) == !before.contains(.start))
        rig.key("Z", .ctrl)
        rig.key("Z", .ctrl)
        #expect(rig.document.edge(link.id)?.arrows == before)
    }

    @Test func aBranchHasNoLabelOrArrows() throws {
        var rig = EditRig()
        let food = rig.id("food")
        // A point on the branch as it is drawn (a curve).
        let index = try #require(rig.document.edges.firstIndex { $0.kind == .tree && $0.to == food })
        let onBranch = rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: index).point(at: 0.5))
        MenuTests.longPress(&rig, at: onBranch)
        #expect(MenuTests.rows(rig) == ["Delete"])
    }

    @Test func aLabelledLinkWithArrowsIsDrawnWithThem() throws {
        var (rig, link, _) = try Self.linked()
        rig.workspace.transact("look") { $0.record(.setLink(edge: link.id, from: link.look, to: LinkLook(label: "feeds", arrows: [.end]))) }
        func drawn(_ document: Document) -> DrawList {
            var list = DrawList()
            SceneBuilder(theme: .standard).build(document: document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                                 selection: [], into: &list)
            return list
        }
        let list = drawn(rig.document)
        #expect(list.labels.contains { $0.text == "feeds" })
        // The arrowhead is one more triangle than the same map without it, its tip on the
        // target's outline, not at its centre.
        var plain = rig.document
        plain.transact("no arrow", [.setLink(edge: link.id, from: LinkLook(label: "feeds", arrows: [.end]), to: LinkLook(label: "feeds"))])
        #expect(list.indices.count == drawn(plain).indices.count + 3)
        let to = try #require(rig.document.node(link.to))
        let index = try #require(rig.document.edges.firstIndex { $0.id == link.id })
        let tip = rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: index).end)
        #expect(tip.distance(to: rig.screen(of: to.id)) > 5)
        #expect(list.positions.count >= 2, "drawn")
        let x = tip.x, y = tip.y
        let tipDrawn = stride(from: 0, to: list.positions.count, by: 2).contains { abs(Double(list.positions[$0]) - x) < 0.01 && abs(Double(list.positions[$0 + 1]) - y) < 0.01 }
        #expect(tipDrawn, "the arrowhead's tip is where the link meets the node's outline")
    }

    @Test func labelsAndArrowsLastThroughMeshpadAndFreeplaneFiles() throws {
        var (rig, link, _) = try Self.linked()
        rig.workspace.transact("look") { $0.record(.setLink(edge: link.id, from: link.look, to: LinkLook(label: "feeds & waters", arrows: [.start, .end]))) }
        let native = try NativeFormat.decode(NativeFormat.encode(rig.document))
        #expect(native.edge(link.id)?.look == LinkLook(label: "feeds & waters", arrows: [.start, .end]))
        let mm = try FreeMindFormat.decode(FreeMindFormat.encode(rig.document)).document
        let back = try #require(mm.edges.first { $0.kind == .link })
        #expect(back.look == LinkLook(label: "feeds & waters", arrows: [.start, .end]))
    }

    @Test(.needsSharedMaps) func aFreeplaneConnectorsLabelIsReadAndAnEditedOneChangesOnlyThatAttribute() throws {
        let path = sharedMaps.appendingPathComponent("real/mm/freeplane-doc-whatsNew-1.5.x.mm")
        let data = try Data(contentsOf: path)
        var document = try FreeMindFormat.decode(data).document
        let labelled = document.edges.filter { $0.kind == .link && $0.label != nil }
        let link = try #require(labelled.first ?? document.edges.first { $0.kind == .link })
        document.transact("look", [.setLink(edge: link.id, from: link.look, to: LinkLook(label: "renamed", arrows: link.arrows))])
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed.count == 1 && changed.added.count == 1 && changed.added.first?.contains("MIDDLE_LABEL=\"renamed\"") == true,
                "\(changed)")
    }
}
