import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// Randomized convergence through faults, in the manner of Yjs's random tests and Jepsen's
/// nemeses: screens on one shared map over a real PostgreSQL (`SharedScreen`s, each with its
/// own network thread, and two real `meshpad replay` processes typing at random) make seeded
/// random edits of every kind (paste and redo too; the replays' Escape cancels) while the server is stopped and started, connections are cut,
/// a screen is killed and its journal carried on by a new one, and acknowledgements are lost
/// (a screen killed while its append waits on a lock held from another connection).
///
/// At the end every screen equals the map rebuilt from the snapshot and the log, no change is
/// stored twice, every change made is stored once, every node's text is the last text the log
/// gave it, and no node sits inside its own branch. `make test` runs it for 20 s;
/// `make soak-shared` for 30 minutes (`MESHPAD_SHARED_SOAK_SECONDS`). A run's decisions (which
/// edits, which faults, in which order) come from its seed, printed first, and replay with
/// `MESHPAD_SHARED_SOAK_SEED`; the network threads' timing does not replay.
@Suite(.serialized) struct SharedMapConvergenceTests {
    /// One in-process screen and what a person on it did.
    final class Person {
        var screen: SharedScreen
        var ownSteps: [Transaction] = []
        var undoneSteps: [Transaction] = []
        /// The identities of every change this screen (or the one it carries on for) made.
        var made: Set<String> = []

        init(_ screen: SharedScreen) { self.screen = screen }

        func act(_ random: inout SeededGenerator) {
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<4:
                // A paste: a small branch of three nodes under any node.
                let done = screen.make("paste", RandomEdit.paste(in: screen.document, using: &random))
                if !done.isEmpty { ownSteps.append(done) }
            case 4..<7:
                // A redo of the last step undone here.
                if let step = undoneSteps.popLast() {
                    let done = screen.make("redo " + step.label, step.changes)
                    if !done.isEmpty { ownSteps.append(done) }
                }
            default:
                for edit in RandomEdit.next(in: screen.document, using: &random) {
                    if let (label, changes) = edit.resolved(in: screen.document) {
                        let done = screen.make(label, changes)
                        if !done.isEmpty { ownSteps.append(done) }
                    } else if let step = ownSteps.popLast() {
                        screen.make("undo " + step.label, step.inverseChanges)
                        undoneSteps.append(step)
                    }
                }
            }
            made.formUnion(screen.engine.pending.map(\.operation.id))
        }
    }

    @Test func screensEditingAtRandomThroughFaultsConverge() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["MESHPAD_SHARED_SOAK_SECONDS"].flatMap(Double.init) ?? 20
        let seed = environment["MESHPAD_SHARED_SOAK_SEED"].flatMap(UInt64.init) ?? 1
        print("shared-map convergence: seed \(seed), \(Int(seconds)) s (MESHPAD_SHARED_SOAK_SEED=\(seed) replays its decisions)")
        var random = SeededGenerator(seed: seed)
        let cluster = try TestCluster()
        var admin = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: admin).initialize()
        try SharedMapStore(connection: admin).share(Document.sample(), as: "soak")
        let name = SharedMapName(address: cluster.address, name: "soak")
        let (folder, replayEnvironment) = try SharedMapTrustTests.scratch("converge")
        defer { try? FileManager.default.removeItem(at: folder) }

        // Two real apps typing at random: new children, texts, cancels, deletes, undo.
        let replays = try (1...2).map { k -> (ChildProcess, URL) in
            var lines: [String] = []
            let keys = ["Home", "Down", "Up", "Right", "Left", "Tab", "F2", "Escape", "Return", "Delete"]
            var t = 500
            while Double(t) < seconds * 1000 - 1000 {
                let roll = Int.random(in: 0..<100, using: &random)
                if roll < 20 {
                    lines.append(#"{"t":\#(t),"type":"text","text":"r\#(k)-\#(Int.random(in: 0..<999, using: &random))"}"#)
                } else if roll < 25 {
                    lines.append(#"{"t":\#(t),"type":"key","key":"Z","mods":["ctrl"]}"#)
                } else {
                    lines.append(#"{"t":\#(t),"type":"key","key":"\#(keys.randomElement(using: &random) ?? "Home")","mods":[]}"#)
                }
                t += Int.random(in: 80...400, using: &random)
            }
            // An edit left open is cancelled (a menu closed first): what it shows is what it sent.
            for k in 0..<3 { lines.append(#"{"t":\#(t + 100 * k),"type":"key","key":"Escape","mods":[]}"#) }
            // why: alive a while after the others stop editing, so its dump holds their last changes.
            lines.append(#"{"t":\#(Int(seconds * 1000) + 8000),"type":"mouse_move","x":5,"y":5}"#)
            let script = folder.appendingPathComponent("replay-\(k).jsonl")
            try lines.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
            let dump = folder.appendingPathComponent("replay-\(k).json")
            let child = try ChildProcess(["replay", script.path, "--db", cluster.address.connectionString, "--shared", "soak",
                                          "--size", "800x600", "--realtime", "--dump", dump.path],
                                         environment: replayEnvironment, executable: meshpad)
            return (child, dump)
        }

        // why: the faults start once both apps have opened the map (a slow start under a
        // sanitizer must not meet a stopped server and open the "cannot open" dialog instead).
        for (child, _) in replays {
            #expect(child.waitForOutput("replay started", seconds: 60) != nil, "a replay did not start: \(child.errorOutput)")
        }
        var people = try (0..<5).map { _ in Person(try SharedScreen(name)) }
        var faults: [String: Int] = [:]
        var steps = 0
        let end = Date(timeIntervalSinceNow: seconds)
        while Date() < end {
            steps += 1
            let k = Int.random(in: 0..<people.count, using: &random)
            let roll = Int.random(in: 0..<1000, using: &random)
            switch roll {
            case 0..<700:
                people[k].act(&random)
            case 700..<990:
                people[k].screen.service()
            case 990..<993:
                // The server stopped and started: every screen offline for a moment.
                try cluster.stop()
                for _ in 0..<Int.random(in: 5...20, using: &random) {
                    people[Int.random(in: 0..<people.count, using: &random)].act(&random)
                    usleep(50_000)
                }
                try cluster.restart()
                admin = try PGConnection(cluster.address)
                faults["server restarted", default: 0] += 1
            case 993..<996:
                // Every connection cut mid-whatever (appends included).
                _ = try admin.execute("""
                    SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                    WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname = current_database()
                    """, doing: "cutting connections")
                faults["connections cut", default: 0] += 1
            case 996..<998:
                // Killed; its journal (what the server had not confirmed) carried on by a new screen.
                let dead = people[k]
                dead.screen.link.stop()
                let journal = dead.screen.engine.pending.map(\.operation)
                let reborn = Person(try SharedScreen(name))
                reborn.screen.adopt(journal)
                // why: a journal's change that changes nothing on the map it meets (the server had
                // it already) is not sent again; the ones that do are the new screen's to send.
                reborn.made = dead.made.subtracting(journal.map(\.id)).union(reborn.screen.engine.pending.map(\.operation.id))
                people[k] = reborn
                faults["screen killed, journal carried on", default: 0] += 1
            default:
                // A lost acknowledgement: the append waits on the map's lock, the screen dies,
                // the append is stored after all, and a new screen carries the journal on.
                let victim = people[k]
                victim.act(&random)
                guard !victim.screen.engine.pending.isEmpty else { continue }
                try admin.execute("BEGIN", doing: "holding the map")
                try admin.execute("SELECT 1 FROM meshpad_maps WHERE name = 'soak' FOR UPDATE", doing: "holding the map")
                victim.screen.service()
                usleep(200_000)
                let journal = victim.screen.engine.pending.map(\.operation)
                let link = victim.screen.link
                let stopping = Thread { link.stop() }
                stopping.start()
                usleep(100_000)
                try admin.execute("COMMIT", doing: "letting the map go")
                let reborn = Person(try SharedScreen(name))
                reborn.screen.adopt(journal)
                reborn.made = victim.made.subtracting(journal.map(\.id)).union(reborn.screen.engine.pending.map(\.operation.id))
                people[k] = reborn
                faults["acknowledgement lost", default: 0] += 1
            }
        }
        // Quiet: everyone sends and hears until nothing is pending and all stand at the log's end.
        func lastSeq() throws -> Int64 {
            Int64(try admin.execute("SELECT coalesce(max(seq), 0) FROM meshpad_ops", doing: "reading the log's end").first?.first.flatMap { $0 } ?? "") ?? 0
        }
        let quiet = Date(timeIntervalSinceNow: 60)
        while Date() < quiet {
            for person in people { person.screen.service() }
            let last = try lastSeq()
            if people.allSatisfy({ $0.screen.isSettled && $0.screen.engine.confirmedSeq >= last }) { break }
            usleep(20_000)
        }
        for (child, _) in replays {
            #expect(child.waitForExit(seconds: seconds + 90) != nil && child.process.terminationStatus == 0, "a replay: \(child.errorOutput)")
        }
        let last = try lastSeq()
        // why: a deadline of its own. The replays' last changes come after the first quiet, and
        // waiting for the replays to end could use up its minute: the screens were then compared
        // before they had fetched those changes, which read as a divergence (all five screens
        // short of the log by the replays' last changes, in the first 30-minute run).
        let caughtUp = Date(timeIntervalSinceNow: 60)
        while Date() < caughtUp, !people.allSatisfy({ $0.screen.engine.confirmedSeq >= last }) {
            for person in people { person.screen.service() }
            usleep(20_000)
        }
        print("shared-map convergence: \(steps) steps, \(last) changes logged, faults \(faults.sorted { $0.key < $1.key })")

        var final = try SharedMapOpening.open(name).document
        // why: sizes are derived; every screen here measures with the same stand-in.
        final.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        #expect(final.checkInvariants() == [], "no node inside its own branch, every invariant holding")
        for (k, person) in people.enumerated() {
            #expect(person.screen.isSettled, "screen \(k) still has changes the server has not ordered")
            // why: told apart from a divergence: a screen still short of the log's end is late, not wrong.
            #expect(person.screen.engine.confirmedSeq >= last,
                    "screen \(k) stands at \(person.screen.engine.confirmedSeq) of \(last) a minute after the edits stopped (seed \(seed))")
            #expect(person.screen.document.hasSameContent(as: final),
                    "screen \(k) differs from the log\(person.screen.document.firstDifference(from: final)) (seed \(seed))")
        }
        let log = try SharedMapStore(connection: admin).operations(ofMap: SharedMapOpening.open(name).mapID, after: 0, limit: 1_000_000)
        /// The map the log makes from the shared sample, carried out up to `seq` by the rules
        /// every screen applies (snapshots left aside).
        func rebuilt(upTo seq: Int64) -> Document {
            let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
            var map = Document.sample()
            map.measureAll(with: sizing)
            var tombstones = Tombstones()
            for entry in log where entry.seq <= seq {
                _ = SyncRules.carryOut(entry.operation.transaction.changes, label: "", on: &map, tombstones: &tombstones, sizing: sizing)
            }
            return map
        }
        #expect(rebuilt(upTo: last).hasSameContent(as: final), "the log carried out from the start\(rebuilt(upTo: last).firstDifference(from: final))")
        for (_, dump) in replays {
            // why: a replay ends on its own clock; it is compared with the log as far as it had it.
            let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
            let seen = try #require(state.sharedSeq)
            let theirs = Set(state.nodes.map { "\($0.id) \($0.text)" }), logged = Set(rebuilt(upTo: seen).nodes.map { "\($0.id) \($0.text)" })
            #expect(theirs == logged, "a replay's screen differs from the log at \(seen): \(theirs.symmetricDifference(logged).sorted().prefix(6)) (seed \(seed))")
        }
        let ids = log.map(\.operation.id)
        #expect(ids.count == Set(ids).count, "a change was stored twice")
        let made = people.reduce(into: Set<String>()) { $0.formUnion($1.made) }
        #expect(made.subtracting(ids).isEmpty, "changes made but never stored: \(made.subtracting(ids).sorted().prefix(5))")
        // Every node's text is the one the last change of it in the log gave it: no committed
        // word is gone unless a later explicit edit of that node replaced it.
        var lastText: [NodeID: String] = [:]
        for entry in log {
            for change in entry.operation.transaction.changes {
                switch change {
                case .setText(let id, _, let to): lastText[id] = to
                case .insert(let fragment): for item in fragment.nodes where lastText[item.node.id] == nil { lastText[item.node.id] = item.node.text }
                default: break
                }
            }
        }
        for node in final.nodes {
            guard let expected = lastText[node.id] else { continue }
            #expect(node.text == expected, "'\(node.text)' should read '\(expected)', the last text the log gave it (seed \(seed))")
        }
        #expect(faults.values.reduce(0, +) > 0 || seconds < 10, "faults were injected")
    }
}
