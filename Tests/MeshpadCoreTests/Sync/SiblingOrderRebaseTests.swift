@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// A screen's own operations that come back from the log in order with nothing between them
/// take `SyncEngine.receive`'s shortcut: they only leave the pending list, their `applied` record
/// kept as what the log did. That record must be made as the log will make it: against the
/// confirmed tombstones and the graves of this screen's own earlier pending deletes. (It was
/// once made against the confirmed ones alone, so an operation bringing back a node an earlier
/// pending step deleted — a redo, an undo, a late text — used an older grave or none, while the
/// log used the newer one: another place among its siblings, another position, or no node. The
/// shared-map soak's divergence, found only when no other screen's change landed between.)
@Suite struct SiblingOrderRebaseTests {
    static var sizing: NodeSizing { NodeSizing(measurer: FixedAdvanceMeasurer()) }

    /// Root with children a, b, p, c (in that order, nodes and edges).
    static func start() -> (Document, a: NodeID, b: NodeID, p: NodeID, c: NodeID) {
        var document = Document(rootText: "root")
        let root = document.rootID
        let a = document.addChild(of: root, text: "a", at: Vec2(100, 0))!
        let b = document.addChild(of: root, text: "b", at: Vec2(100, 40))!
        let p = document.addChild(of: root, text: "p", at: Vec2(100, 80))!
        let c = document.addChild(of: root, text: "c", at: Vec2(100, 120))!
        document.measureAll(with: sizing)
        return (document, a, b, p, c)
    }

    /// The log carried out from the start by the rules, as an opening screen (and the test's
    /// referee) does.
    static func replay(_ log: FakeLog, on start: Document) -> Document {
        var map = start
        var tombstones = Tombstones()
        for entry in log.entries {
            _ = SyncRules.carryOut(entry.operation.transaction.changes, label: "", on: &map, tombstones: &tombstones, sizing: sizing)
        }
        return map
    }

    /// Ann's log so far: Bob deleted p, brought it back by typing in it (p's grave: 4th node,
    /// 3rd edge) and deleted a, so p is now the 3rd node and its edge the 2nd.
    static func history(on start: Document, p: NodeID, a: NodeID, into log: inout FakeLog) -> SimulatedClient {
        var bob = SimulatedClient(client: 2, start: start)
        bob.delete(p)
        bob.sync(with: &log)
        bob.setText(p, "p again")
        bob.sync(with: &log)
        bob.delete(a)
        bob.sync(with: &log)
        return bob
    }

    /// Ann makes a child of p, takes it back, deletes p, then redoes the child (which brings p
    /// back). With `interleaved`, another screen's change lands in the log before Ann's come back.
    static func annRedoesUnderHerOwnDelete(interleaved: Bool) -> (ann: Document, log: Document, annPending: Int) {
        let (start, a, _, p, c) = Self.start()
        var log = FakeLog()
        var bob = history(on: start, p: p, a: a, into: &log)
        var ann = SimulatedClient(client: 1, start: start)
        ann.receive(log.after(0))

        // All of Ann's changes pending at once (she is offline, or just faster than the network).
        _ = ann.addChild(under: p, text: "m")
        let child = ann.ownSteps.last!
        ann.undo()
        ann.delete(p)
        ann.make("redo new node", child.changes)
        if interleaved {
            bob.receive(log.after(bob.engine.confirmedSeq))
            bob.setText(c, "c by bob")
            bob.send(to: &log)
        }
        ann.send(to: &log)
        ann.receive(log.after(ann.engine.confirmedSeq))
        return (ann.document, replay(log, on: start), ann.engine.pending.count)
    }

    @Test func ownOperationsComingBackAloneEndAsTheLogDoes() {
        let (ann, log, pending) = Self.annRedoesUnderHerOwnDelete(interleaved: false)
        #expect(pending == 0)
        // Today: Ann's map lists p after c (p put back at its first grave's place, the 4th
        // node and 3rd edge), the log before c (at its last grave's place).
        let same = ann.hasSameContent(as: log)
        #expect(same, "Ann's map differs from the log\(ann.firstDifference(from: log))")
    }

    @Test func ownOperationsComingBackAfterAnotherScreensEndAsTheLogDoes() {
        // The same changes with one of Bob's landing first: the shortcut is not taken, Ann's are
        // carried out again on the confirmed map with its tombstones, and she matches the log.
        let (ann, log, pending) = Self.annRedoesUnderHerOwnDelete(interleaved: true)
        #expect(pending == 0)
        let same = ann.hasSameContent(as: log)
        #expect(same, "Ann's map differs from the log\(ann.firstDifference(from: log))")
    }

    @Test func aNodeOnlyTheLogBringsBackIsOnEveryScreen() {
        // No older grave at all: Ann's redo puts the child in as a free node (p is nowhere in the
        // tombstones she carried it out with), the log brings p back with the child under it.
        let (start, _, _, p, _) = Self.start()
        var log = FakeLog()
        var ann = SimulatedClient(client: 1, start: start)
        _ = ann.addChild(under: p, text: "m")
        let child = ann.ownSteps.last!
        ann.undo()
        ann.delete(p)
        ann.make("redo new node", child.changes)
        ann.send(to: &log)
        ann.receive(log.after(0))
        let replayed = Self.replay(log, on: start)
        #expect(ann.engine.pending.isEmpty)
        let same = ann.document.hasSameContent(as: replayed)
        #expect(same, "Ann's map differs from the log\(ann.document.firstDifference(from: replayed))")
    }
}
