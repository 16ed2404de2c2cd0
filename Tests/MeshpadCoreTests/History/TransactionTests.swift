import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Every change is a transaction: live edits record as they happen, merge into one step, and
/// the record replays (and travels as JSON) to the same map.
@Suite struct TransactionTests {
    @Test func aDragIsOneMoveHoweverManyStepsItTook() throws {
        var rig = EditRig()
        let food = rig.id("food")
        let start = try #require(rig.document.node(food)?.position)
        rig.fingerDrag(from: rig.screen(of: food), to: rig.screen(of: food) + Vec2(120, 40), steps: 30)
        let step = try #require(rig.workspace.history.last)
        #expect(step.changes.count == 1, "thirty moves recorded as one: \(step.changes.map(\.summary))")
        guard case .move(let ids, let from, let to)? = step.changes.first else {
            Issue.record("not a move: \(step.changes)")
            return
        }
        #expect(ids == [food] && from == [start] && to.first.map { $0.distance(to: start + Vec2(120, 40)) < 1e-9 } == true)
    }

    @Test func textTypedAndErasedLeavesNoStep() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        let steps = rig.workspace.history.done.count
        rig.key("F2")
        rig.type(" and drink")
        for _ in 0..<10 { rig.key("Backspace") }
        rig.key("Return")
        #expect(rig.workspace.history.done.count == steps, "nothing changed, so nothing to undo")
        #expect(rig.text(of: rig.id("food")) == "food")
    }

    /// Found by the soak: a later change to a field must not be merged past another change to
    /// that field, or replaying the record lands somewhere else.
    @Test func mergingNeverReachesPastAChangeToTheSameField() {
        var document = Document.sample()
        let a = document.nodes[1].id, b = document.nodes[2].id
        let p0 = document.nodes[1].position
        var transaction = Transaction(label: "test")
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        transaction.apply(.move(ids: [a], from: [p0], to: [Vec2(1, 1)]), to: &document, sizing: sizing)
        transaction.apply(.move(ids: [a, b], from: [Vec2(1, 1), document.nodes[2].position], to: [Vec2(2, 2), Vec2(3, 3)]), to: &document, sizing: sizing)
        transaction.apply(.move(ids: [a], from: [Vec2(2, 2)], to: [Vec2(4, 4)]), to: &document, sizing: sizing)
        var replayed = Document.sample()
        transaction.redo(on: &replayed, sizing: sizing)
        #expect(replayed.node(a)?.position == Vec2(4, 4))
        #expect(replayed.node(b)?.position == Vec2(3, 3))
        transaction.undo(on: &replayed, sizing: sizing)
        #expect(replayed.node(a)?.position == p0)
    }

    /// The history is the operation stream a shared map will send: each step as JSON, read back
    /// and replayed on the map as it was, gives the map as it is.
    @Test func theRecordTravelsAsJSONAndReplaysToTheSameMap() throws {
        var rig = EditRig()
        let before = rig.document
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab")
        rig.type("rice ✓ 日本")
        rig.key("Return")
        rig.click(rig.screen(of: rig.id("shelter")))
        rig.key("B", .ctrl)
        rig.key("Space")
        rig.click(rig.screen(of: rig.id("clean water")))
        rig.click(rig.screen(of: rig.id("food")), .ctrl)
        rig.key("L", .ctrl)
        rig.click(rig.screen(of: rig.id("health care")))
        rig.key("Delete")
        rig.settle()
        let data = try JSONEncoder().encode(rig.workspace.history.done)
        let steps = try JSONDecoder().decode([Transaction].self, from: data)
        #expect(steps.count == rig.workspace.history.done.count)
        var replayed = before
        for step in steps { step.redo(on: &replayed, sizing: rig.workspace.measures.sizing) }
        #expect(replayed.hasSameContent(as: rig.document), "\(replayed.firstDifference(from: rig.document))")
        #expect(replayed.checkInvariants().isEmpty)
    }

    @Test func aChangeFromElsewhereCannotBreakTheMap() {
        var document = Document.sample()
        let child = document.nodes[1].id
        let foreign = Edge(id: document.edges[0].id, from: child, to: document.nodes[2].id, kind: .link)
        let cycle = Edge(id: EdgeID(99), from: child, to: document.rootID, kind: .tree)
        document.transact("remote", [.insert(Fragment(edges: [.init(index: document.edges.count, edge: foreign),
                                                            .init(index: document.edges.count + 1, edge: cycle)]))])
        #expect(document.edges.count == 5, "an edge ID already in use and a second parent for the root are refused")
        #expect(document.checkInvariants().isEmpty)
    }

    @Test func theConsistencyCheckFindsAnIndexThatWentWrong() {
        var document = Document.sample()
        #expect(document.checkInvariants().isEmpty)
        document.parentByChild[document.nodes[1].id] = nil
        #expect(document.checkInvariants().contains("the parent index differs from the tree edges"))
    }
}
