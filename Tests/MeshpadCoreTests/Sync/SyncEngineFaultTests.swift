import Foundation
@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// The engine through the faults the database convergence test injects, in memory and fast:
/// appends in flight that land late (after their screen died and a new one carried its journal
/// on), resends after a reconnect, `alreadyLogged` answers, fetches in slices delivered in any
/// order, undo and redo of own steps, pastes. After every step each screen's map with its
/// pending operations taken back must be the log carried out up to its `confirmedSeq`.
@Suite struct SyncEngineFaultTests {
    static var sizing: NodeSizing { NodeSizing(measurer: FixedAdvanceMeasurer()) }

    /// The network thread's side, as `SharedMapLink.run` keeps it.
    struct Link {
        var lastSeq: Int64
        var unconfirmed: [SharedOperation] = []
        /// Handed over, not appended yet.
        var outbox: [SharedOperation] = []
        var mailOperations: [LoggedOperation] = []
        var mailAlreadyLogged: [String] = []
    }

    struct Screen {
        var document: Document
        var engine: SyncEngine
        var link: Link
        var ownSteps: [Transaction] = []
        var undoneSteps: [Transaction] = []

        mutating func make(_ label: String, _ changes: [Change], id: String? = nil) -> Transaction {
            engine.carryOutLocal(changes, label: label, id: id, on: &document, sizing: SyncEngineFaultTests.sizing)
        }

        /// What `SharedMapConvergenceTests.Person.act` does.
        mutating func act(_ random: inout SeededGenerator, trace: inout [String]) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<4:
                let changes = RandomEdit.paste(in: document, using: &random)
                trace.append("make paste \(changes)")
                let done = make("paste", changes)
                if !done.isEmpty { ownSteps.append(done) }
            case 4..<7:
                if let step = undoneSteps.popLast() {
                    trace.append("make redo \(step.changes)")
                    let done = make("redo " + step.label, step.changes)
                    if !done.isEmpty { ownSteps.append(done) }
                }
            default:
                for edit in RandomEdit.next(in: document, using: &random) {
                    if let (label, changes) = edit.resolved(in: document) {
                        trace.append("make \(label) \(changes)")
                        let done = make(label, changes)
                        if !done.isEmpty { ownSteps.append(done) }
                    } else if let step = ownSteps.popLast() {
                        trace.append("make undo \(step.inverseChanges)")
                        _ = make("undo " + step.label, step.inverseChanges)
                        undoneSteps.append(step)
                    }
                }
            }
        }
    }

    /// The log carried out from the start, remembered at every seq.
    struct Replay {
        var maps: [Document]
        var tombstones = Tombstones()
        init(start: Document) { maps = [start] }
        mutating func upTo(_ seq: Int64, in log: FakeLog) -> Document {
            while maps.count <= Int(seq) {
                var map = maps[maps.count - 1]
                let entry = log.entries[maps.count - 1]
                _ = SyncRules.carryOut(entry.operation.transaction.changes, label: "", on: &map, tombstones: &tombstones,
                                       sizing: SyncEngineFaultTests.sizing)
                maps.append(map)
            }
            return maps[Int(seq)]
        }
    }

    /// The first problem found, or nil.
    static func run(seed: UInt64, screens: Int = 4, steps: Int = 600, trace: inout [String]) -> String? {
        var random = SeededGenerator(seed: seed)
        var log = FakeLog()
        var start = Document.sample()
        start.measureAll(with: sizing)
        var replay = Replay(start: start)
        var nextClient: Int64 = 1
        func open() -> Screen {
            let client = nextClient
            nextClient += 1
            // The opening: the log carried out from the start by an engine of its own.
            var document = start
            var opener = SyncEngine(client: 0, confirmedSeq: 0)
            opener.receive(log.entries, on: &document, sizing: sizing)
            document.numberNewItems(in: SyncEngine.numbering(forClient: client))
            let engine = SyncEngine(client: client, confirmedSeq: opener.confirmedSeq, tombstones: opener.tombstones)
            return Screen(document: document, engine: engine, link: Link(lastSeq: opener.confirmedSeq))
        }
        var people = (0..<screens).map { _ in open() }
        // Appends of dead screens still waiting on the map's lock.
        var ghosts: [SharedOperation] = []

        func append(_ k: Int, count: Int) {
            for _ in 0..<min(count, people[k].link.outbox.count) {
                let operation = people[k].link.outbox.removeFirst()
                let seq = log.append(operation)
                trace.append("screen \(k) appends \(operation.id) (client \(operation.client).\(operation.clientSeq)) at \(seq)\(seq <= people[k].link.lastSeq ? ", already logged" : "")")
                if seq <= people[k].link.lastSeq {
                    people[k].link.unconfirmed.removeAll { $0.id == operation.id }
                    people[k].link.mailAlreadyLogged.append(operation.id)
                }
            }
        }
        func fetch(_ k: Int) {
            let batch = log.after(people[k].link.lastSeq)
            guard let last = batch.last else { return }
            people[k].link.lastSeq = last.seq
            let seen = Set(batch.map(\.operation.id))
            people[k].link.unconfirmed.removeAll { seen.contains($0.id) }
            people[k].link.mailOperations += batch
        }
        func service(_ k: Int) {
            var ops = people[k].link.mailOperations
            ops.shuffle(using: &random)
            let already = people[k].link.mailAlreadyLogged
            people[k].link.mailOperations = []
            people[k].link.mailAlreadyLogged = []
            trace.append("screen \(k) receives \(ops.map(\.seq).sorted()) alreadyLogged \(already) pending \(people[k].engine.pending.map(\.operation.id)) confirmed \(people[k].engine.confirmedSeq)")
            var person = people[k]
            person.engine.receive(ops, on: &person.document, sizing: sizing)
            person.engine.alreadyLogged(already, on: &person.document, sizing: sizing)
            people[k] = person
        }
        func check(_ k: Int, _ when: String) -> String? {
            var confirmed = people[k].document
            for item in people[k].engine.pending.reversed() { item.applied.undo(on: &confirmed, sizing: sizing) }
            let expected = replay.upTo(people[k].engine.confirmedSeq, in: log)
            guard confirmed.hasSameContent(as: expected) else {
                return "seed \(seed): screen \(k) (client \(people[k].engine.client)) after \(when): its confirmed map at \(people[k].engine.confirmedSeq) differs from the log\(confirmed.firstDifference(from: expected))"
            }
            return nil
        }

        for step in 0..<steps {
            let k = Int.random(in: 0..<people.count, using: &random)
            let roll = Int.random(in: 0..<100, using: &random)
            let what: String
            switch roll {
            case 0..<45:
                people[k].act(&random, trace: &trace)
                what = "act"
            case 45..<55:
                let unsent = people[k].engine.takeUnsent()
                people[k].link.unconfirmed += unsent
                people[k].link.outbox += unsent
                append(k, count: Int.random(in: 0...people[k].link.outbox.count, using: &random))
                what = "send"
            case 55..<65:
                fetch(k)
                what = "fetch"
            case 65..<85:
                // One pass of the loop, as SharedScreen.service.
                let unsent = people[k].engine.takeUnsent()
                people[k].link.unconfirmed += unsent
                people[k].link.outbox += unsent
                append(k, count: people[k].link.outbox.count)
                fetch(k)
                service(k)
                what = "service"
            case 85..<90:
                service(k)
                what = "take mail"
            case 90..<94:
                // A reconnect: what was in flight may or may not have landed; all unconfirmed go again.
                append(k, count: Int.random(in: 0...people[k].link.outbox.count, using: &random))
                people[k].link.outbox = people[k].link.unconfirmed
                what = "reconnect"
            case 94..<97:
                // Killed: an append in flight may land later; its journal carried on by a new screen.
                let dead = people[k]
                // why: a dead link thread finishes the batch it was appending, and may resend what was unconfirmed.
                let late = Bool.random(using: &random) ? dead.link.unconfirmed : dead.link.outbox
                let landing = late.prefix(Int.random(in: 0...late.count, using: &random))
                ghosts += landing
                if !landing.isEmpty { trace.append("screen \(k)'s appends of \(landing.map(\.id)) wait on the lock") }
                let journal = dead.engine.pending.map(\.operation)
                var reborn = open()
                trace.append("screen \(k) killed; reborn as client \(reborn.engine.client) at \(reborn.engine.confirmedSeq), adopting \(journal.map(\.id))")
                reborn.engine.adopt(journal, on: &reborn.document, sizing: sizing)
                people[k] = reborn
                what = "kill"
            default:
                if !ghosts.isEmpty {
                    let ghost = ghosts.removeFirst()
                    let seq = log.append(ghost)
                    trace.append("a dead screen's append of \(ghost.id) lands at \(seq)")
                }
                what = "ghost"
            }
            if let problem = check(k, "step \(step) (\(what) by \(k))") { return problem }
        }
        for ghost in ghosts { log.append(ghost) }
        for _ in 0..<50 {
            for k in people.indices {
                let unsent = people[k].engine.takeUnsent()
                people[k].link.unconfirmed += unsent
                people[k].link.outbox = people[k].link.unconfirmed
                append(k, count: people[k].link.outbox.count)
                fetch(k)
                service(k)
                if let problem = check(k, "the quiet") { return problem }
            }
            if people.allSatisfy({ $0.engine.pending.isEmpty && $0.engine.confirmedSeq == Int64(log.entries.count) }) { break }
        }
        let final = replay.upTo(Int64(log.entries.count), in: log)
        for (k, person) in people.enumerated() {
            if !person.engine.pending.isEmpty { return "seed \(seed): screen \(k) still has pending \(person.engine.pending.map(\.operation.id))" }
            if !person.document.hasSameContent(as: final) {
                return "seed \(seed): screen \(k) differs from the log at the end\(person.document.firstDifference(from: final))"
            }
        }
        return nil
    }

    @Test func screensThroughFaultsStayTheLogPlusTheirPending() {
        let seeds = UInt64(Environment.value("MESHPAD_FAULT_SEEDS") ?? 10)
        var failures: [String] = []
        for seed in 1...seeds {
            var trace: [String] = []
            if let problem = Self.run(seed: seed, trace: &trace) {
                failures.append(problem)
                if failures.count == 1 { print(trace.suffix(40).joined(separator: "\n")) }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of \(seeds) seeds: \(failures.prefix(5).joined(separator: "\n"))")
    }
}

enum Environment {
    static func value(_ name: String) -> Int? {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init)
    }
}
