import Testing
@testable import MeshpadCore

/// Dragging a node onto another makes it that node's child (issue 33), as in XMind, MindNode and
/// SimpleMind: lit while it would, one undo step, never into its own branch.
@Suite struct DragToReparentTests {
    /// A child typed under `parent` by finger and keys, as a person adds one.
    static func addChild(_ text: String, to parent: NodeID, on rig: inout EditRig) -> NodeID {
        rig.tap(rig.screen(of: parent))
        rig.key("Tab")
        rig.type(text)
        rig.key("Return")
        rig.settle()
        return rig.id(text)
    }

    @Test func aNodeDroppedOnAnotherBecomesItsChildWithAHighlightOnTheWay() throws {
        var rig = EditRig()
        let food = rig.id("food"), water = rig.id("clean water")
        let from = rig.screen(of: food), to = rig.screen(of: water)
        rig.send(.fingerDown(id: 1, position: from), after: 0.5)
        for i in 1...8 { rig.send(.fingerMove(id: 1, position: from.interpolated(to: to, alpha: Double(i) / 8)), after: 0.016) }
        #expect(rig.workspace.input.dropTarget == water, "lit before the drop")
        #expect(rig.workspace.sceneExtras.dropTarget == water)
        rig.send(.fingerUp(id: 1, position: to), after: 0.3)
        #expect(rig.document.parent(of: food) == water)
        #expect(rig.workspace.input.dropTarget == nil)
        #expect(rig.workspace.history.done.count == 1, "one step")
        rig.workspace.undo()
        #expect(rig.document.parent(of: food) == rig.document.rootID)
    }

    @Test func aNodeIsNeverDroppedIntoItsOwnBranch() {
        var rig = EditRig()
        let food = rig.id("food")
        // A child of food, then food dragged onto it.
        let rice = Self.addChild("rice", to: food, on: &rig)
        rig.fingerDrag(from: rig.screen(of: food), to: rig.screen(of: rice))
        #expect(rig.document.parent(of: rice) == food)
        #expect(rig.document.parent(of: food) == rig.document.rootID, "not under its own child")
    }

    /// Dropped into a folded branch, the branch opens: what was dropped does not vanish.
    @Test func aDropIntoAFoldedBranchOpensIt() {
        var rig = EditRig()
        let shelter = rig.id("shelter")
        _ = Self.addChild("tent", to: shelter, on: &rig)
        rig.tap(rig.screen(of: shelter))
        rig.key("Space")
        #expect(rig.document.node(shelter)?.folded == true)
        rig.fingerDrag(from: rig.screen(of: rig.id("food")), to: rig.screen(of: shelter))
        #expect(rig.document.parent(of: rig.id("food")) == shelter)
        #expect(rig.document.node(shelter)?.folded == false && !rig.document.isHidden(rig.id("food")))
    }

    @Test func aDropOnEmptyMapInAFreeMapOnlyMoves() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.fingerDrag(from: rig.screen(of: food), to: Vec2(760, 40))
        #expect(rig.document.parent(of: food) == rig.document.rootID)
        #expect(rig.document.layoutMode == .free)
    }
}
