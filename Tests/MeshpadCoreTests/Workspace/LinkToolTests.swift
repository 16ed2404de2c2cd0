import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A link tool that teaches itself (issue 33): its banner says what to do, a tap on each end
/// makes a link as a drag does, a new link has an arrowhead and a finger-wide hit area, and a
/// link's label stands beside its line where no node hides it.
@Suite struct LinkToolTests {
    static func links(_ rig: EditRig) -> [Edge] { rig.document.edges.filter { $0.kind == .link } }

    @Test func tapTheNodeToLinkFromThenTheNodeToLinkTo() throws {
        var rig = EditRig()
        rig.tapToolbar(.linkMode)
        #expect(rig.workspace.panels.banner?.message.hasPrefix("Tap the node to link from") == true)
        let food = rig.id("food"), education = rig.id("education")
        rig.tap(rig.screen(of: food))
        #expect(rig.workspace.panels.banner?.message.hasPrefix("Now tap the node to link to") == true)
        #expect(Self.links(rig).isEmpty, "one tap makes nothing yet")
        rig.tap(rig.screen(of: education))
        let link = try #require(Self.links(rig).first)
        #expect(link.from == food && link.to == education)
        #expect(link.look.arrows == .end, "an arrowhead says which way it goes")
        #expect(rig.workspace.input.mode == .normal && rig.workspace.panels.banner == nil, "one link, then the tool is put away")
        rig.workspace.undo()
        #expect(Self.links(rig).isEmpty, "one undo step")
        // The banner's Cancel puts the tool away before a link is made.
        rig.tapToolbar(.linkMode)
        let cancel = try #require(rig.workspace.overlayLayout.parts.first { $0.role == .bannerButton(.cancelLink) })
        rig.tap(cancel.rect.center)
        #expect(rig.workspace.input.mode == .normal && rig.workspace.panels.banner == nil)
    }

    @Test func aDragInTheLinkToolStillLinks() throws {
        var rig = EditRig()
        rig.tapToolbar(.linkMode)
        rig.fingerDrag(from: rig.screen(of: rig.id("food")), to: rig.screen(of: rig.id("shelter")))
        let link = try #require(Self.links(rig).first)
        #expect(link.from == rig.id("food") && link.to == rig.id("shelter"))
    }

    /// A finger a thumb's width off the line still takes the link.
    @Test func aLinkIsHitAFingersWidthAway() throws {
        var document = Document.sample()
        let shelter = try #require(document.nodes.first { $0.text == "shelter" }?.id)
        let water = try #require(document.nodes.first { $0.text == "clean water" }?.id)
        let connected = document.connect(shelter, to: water)
        let edge = try #require(connected)
        var rig = EditRig(document: document)
        let index = try #require(rig.document.edges.firstIndex { $0.id == edge })
        let path = rig.document.path(ofEdgeAt: index)
        let middle = rig.camera.screenPoint(ofMap: path.point(at: 0.5))
        let across = Vec2(-(path.end - path.start).y, (path.end - path.start).x)
        rig.tap(middle + across * (18 / across.length))
        #expect(rig.workspace.selection.edge == edge)
    }

    static func straight(_ from: Vec2, _ to: Vec2) -> EdgePath { EdgePath.line(from: from, to: to) }

    @Test func aLabelStandsBesideItsLineNotOnIt() {
        let look = LinkLook(label: "by bus")
        for (a, b) in [(Vec2(0, 0), Vec2(400, 0)), (Vec2(0, 0), Vec2(0, 400)), (Vec2(0, 0), Vec2(300, 300))] {
            let path = Self.straight(a, b)
            let label = look.placedLabels(along: path, textSize: 14, scale: 1)[0]
            let box = Rect(x: label.centre.x - label.width / 2, y: label.centre.y - 14 * 0.8, width: label.width, height: 14 * 1.6)
            // Sample the line: no point of it inside the label's pill.
            let crossed = (0...100).contains { box.contains(path.point(at: Double($0) / 100)) }
            #expect(!crossed, "the line from \(a) to \(b) runs through its label at \(label.centre)")
        }
    }

    @Test func aLabelMovesOffANodeInItsWay() {
        let look = LinkLook(label: "by bus")
        let path = Self.straight(Vec2(0, 0), Vec2(400, 0))
        let free = look.placedLabels(along: path, textSize: 14, scale: 1)[0].centre
        // A node over where the label would stand.
        let node = Rect(x: free.x - 60, y: free.y - 20, width: 120, height: 40)
        let moved = look.placedLabels(along: path, textSize: 14, scale: 1, covered: { $0.intersects(node) })[0]
        let box = Rect(x: moved.centre.x - moved.width / 2, y: moved.centre.y - 14 * 0.8, width: moved.width, height: 14 * 1.6)
        #expect(!box.intersects(node), "moved to \(moved.centre)")
    }
}
