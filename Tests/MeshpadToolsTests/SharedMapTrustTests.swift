import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// Shared maps people can trust, with real `meshpad replay` processes against a real PostgreSQL
/// (`TestCluster`) and the races staged deterministically: a lock held from a second connection,
/// a client killed while it waits, the server stopped under a running screen.
@Suite(.serialized) struct SharedMapTrustTests {
    /// The sample shared as "wall"; the owner's connection.
    static func sharedSample(in cluster: TestCluster) throws -> PGConnection {
        try SharedMapLiveTests.sharedSample(in: cluster).0
    }

    /// A scratch folder for one test's screens and the environment a headless replay runs in.
    static func scratch(_ name: String) throws -> (URL, [String: String]) {
        try SharedMapReplayTests.scratch(name)
    }

    /// The files of map "wall" in a screen's recovery folder ending in `suffix` (journals: ".json"
    /// without the copy).
    static func kept(_ suffix: String, in folder: URL) -> [String] {
        let recovery = folder.appendingPathComponent("data/meshpad/recovery").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: recovery)) ?? []).filter {
            $0.hasPrefix("shared-wall-") && $0.hasSuffix(suffix) && !(suffix == ".json" && $0.hasSuffix(".copy.json"))
        }
    }

    static func count(_ query: String, in cluster: TestCluster) throws -> Int {
        // why: a connection of its own each time; the server is stopped and started under the tests.
        Int(try PGConnection(cluster.address).execute(query, doing: "counting").first?.first.flatMap { $0 } ?? "") ?? -1
    }

    /// Writes `lines` as a replay script in `folder`.
    static func script(_ lines: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent("\(UUID().uuidString).jsonl")
        try lines.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// Issue 27, 2: C's change waits on the map's lock and C is killed; the server stores it
    /// after all; B then edits the same node; C starts again offline (carrying its journal on
    /// under a new session number) and later reaches the server. C's change is stored once, at
    /// its first place, and B's later text stays.
    @Test func aChangeWhoseAcknowledgementWasLostIsStoredOnceAndDoesNotBeatALaterEdit() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let owner = try Self.sharedSample(in: cluster)
        let (folder, environment) = try Self.scratch("lost-ack")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        let title = Document.sample().root.text
        let cScript = try Self.script("""
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":100,"type":"key","key":"F2","mods":[]}
            {"t":200,"type":"key","key":"End","mods":[]}
            {"t":300,"type":"text","text":" (C)"}
            {"t":400,"type":"key","key":"Return","mods":[]}
            {"t":60000,"type":"mouse_move","x":5,"y":5}
            """, in: folder)
        let c = try ChildProcess(["replay", cScript.path, "--db", url, "--shared", "wall", "--size", "800x600", "--realtime", "--autosave"],
                                 environment: environment, executable: meshpad)
        #expect(c.waitForOutput("replay started", seconds: 30) != nil, "C did not start: \(c.errorOutput)")
        // The map's lock, held from a second connection: C's append waits on it.
        let holder = try PGConnection(cluster.address)
        try holder.execute("BEGIN", doing: "holding the map")
        try holder.execute("SELECT 1 FROM meshpad_maps WHERE name = 'wall' FOR UPDATE", doing: "holding the map")
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%meshpad_append%'"
        let deadline = Date(timeIntervalSinceNow: 20)
        while try Self.count(waiting, in: cluster) < 1 || Self.kept(".json", in: folder).isEmpty, Date() < deadline { usleep(50_000) }
        #expect(try Self.count(waiting, in: cluster) == 1, "C's change waits on the lock")
        #expect(Self.kept(".json", in: folder).count == 1, "C's journal holds its change: \(Self.kept("", in: folder))")
        kill(c.process.processIdentifier, SIGKILL)
        c.process.waitUntilExit()
        try holder.execute("COMMIT", doing: "letting go of the map")
        let stored = Date(timeIntervalSinceNow: 10)
        while try Self.count("SELECT count(*) FROM meshpad_ops", in: cluster) < 1, Date() < stored { usleep(50_000) }
        #expect(try Self.count("SELECT count(*) FROM meshpad_ops", in: cluster) == 1, "the killed screen's change was stored after all")
        // B edits the same node after it.
        let store = SharedMapStore(connection: owner)
        let opened = try SharedMapOpening.open(SharedMapName(address: cluster.address, name: "wall"))
        #expect(opened.document.root.text == title + " (C)")
        try store.append(SharedOperation(client: opened.client, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: opened.document.rootID, from: title + " (C)", to: "B's later words")])), toMap: opened.mapID)
        // C starts again with the database away: it opens its copy and carries its journal on.
        try cluster.stop()
        let offline = try ChildProcess(["replay", try Self.script(#"{"t":0,"type":"key","key":"Home","mods":[]}"#, in: folder).path,
                                        "--db", url, "--shared", "wall", "--size", "800x600", "--autosave"],
                                       environment: environment, executable: meshpad)
        #expect(offline.waitForExit(seconds: 60) != nil && offline.process.terminationStatus == 0, "C offline: \(offline.errorOutput)")
        #expect(Self.kept(".json", in: folder).count == 1, "the change waits in the new session's journal: \(Self.kept("", in: folder))")
        // The database is back; C opens the map again and sends what it kept.
        try cluster.restart()
        let journals = SharedJournals(store: RecoveryStore(directory: folder.appendingPathComponent("data/meshpad/recovery").path),
                                      map: SharedMapName(address: cluster.address, name: "wall"))
        let back = try SharedMapOpening.open(SharedMapName(address: cluster.address, name: "wall"), journals: journals)
        #expect(Self.kept(".json", in: folder).isEmpty, "no journal left")
        #expect(try Self.count("SELECT count(*) FROM meshpad_ops", in: cluster) == 2, "C's change is stored once, B's once")
        #expect(try Self.count("SELECT count(DISTINCT change_id) FROM meshpad_ops", in: cluster) == 2)
        #expect(back.document.root.text == "B's later words", "B's later edit stays")
    }

    /// Issue 27, 5: nodes changed since the snapshot are shown like every other node, in the
    /// window's theme (a window measures only the nodes it thinks unmeasured).
    @Test func nodesChangedSinceTheSnapshotOpenMeasuredInTheScreensTheme() throws {
        let cluster = try TestCluster()
        let owner = try Self.sharedSample(in: cluster)
        let name = SharedMapName(address: cluster.address, name: "wall")
        let first = try SharedMapOpening.open(name)
        let child = try #require(first.document.children(of: first.document.rootID).first)
        try SharedMapStore(connection: owner).append(SharedOperation(client: first.client, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: child, from: first.document.node(child)?.text ?? "", to: "changed after the snapshot")])),
            toMap: first.mapID)
        var opened = try SharedMapOpening.open(name).document
        let metrics = NodeSizing.Metrics(maxTextWidth: 200, padding: Vec2(10, 6), minimumSize: Vec2(50, 30), shape: .roundedBox)
        let sizing = NodeSizing(metrics: metrics, measurer: FixedAdvanceMeasurer())
        opened.prepareForDisplay(with: sizing, measured: true)
        var fresh = opened
        fresh.measureAll(with: sizing)
        #expect(opened.node(child)?.text == "changed after the snapshot")
        for node in opened.nodes {
            #expect(node.shape == .roundedBox, "'\(node.text)' is drawn as \(node.shape)")
            #expect(node.size == fresh.node(node.id)?.size, "'\(node.text)' has the size the screen's theme gives it")
        }
    }

    /// Issue 27, 9: the guide's read-only role opens a map without `--read-only`. The screen is
    /// read-only and says so for as long as it lasts; a try at editing is refused on the screen
    /// and nothing reaches the log; and it does not log in again and again (it used to, four
    /// times a second, each send refused).
    @Test func aReadOnlyRoleOpenedWithoutReadOnlyIsReadOnlyAndDoesNotHammerTheServer() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let owner = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: owner).initialize()
        try SharedMapStore(connection: owner).share(Document.sample(), as: "class 4b")
        try owner.executeScript(try SharedMapReadOnlyRoleTests.guideSQL(), doing: "running the guide's SQL")
        let (folder, environment) = try Self.scratch("read-only-role")
        defer { try? FileManager.default.removeItem(at: folder) }
        func logins() throws -> Int {
            _ = try owner.execute("SELECT pg_stat_clear_snapshot()", doing: "reading fresh statistics")
            return Int(try owner.execute("SELECT sessions FROM pg_stat_database WHERE datname = 'postgres'", doing: "counting logins")
                .first?.first.flatMap { $0 } ?? "") ?? -1
        }
        let before = try logins()
        let dump = folder.appendingPathComponent("wall.json")
        let wall = cluster.address(user: "wall", password: "change me").connectionString
        let child = try ChildProcess(["replay", try Self.script("""
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":100,"type":"key","key":"F2","mods":[]}
            {"t":200,"type":"text","text":" (from the wall)"}
            {"t":300,"type":"key","key":"Return","mods":[]}
            {"t":400,"type":"key","key":"Tab","mods":[]}
            {"t":500,"type":"text","text":"a child"}
            {"t":600,"type":"key","key":"Return","mods":[]}
            {"t":5000,"type":"mouse_move","x":5,"y":5}
            """, in: folder).path, "--db", wall, "--shared", "class 4b", "--size", "800x600", "--realtime", "--autosave",
                                      "--dump", dump.path], environment: environment, executable: meshpad)
        #expect(child.waitForExit(seconds: 60) != nil && child.process.terminationStatus == 0, "\(child.errorOutput)")
        let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
        #expect(Set(state.nodes.map(\.text)) == Set(Document.sample().nodes.map(\.text)), "nothing was changed on the screen")
        #expect(state.controls.contains { $0.role == "status" && $0.label == "Read-only" }, "the screen says read-only: \(state.controls.map(\.label))")
        usleep(500_000)
        let made = try logins() - before
        #expect(made >= 1 && made <= 4, "the wall logged in \(made) times in about five seconds")
        #expect(try owner.execute("SELECT count(*) FROM meshpad_ops", doing: "counting").first?.first == "0", "nothing reached the log")
    }

    /// Issue 27, 7: the app is started on a shared map that is not there yet (a server set up
    /// after the screens). The window opens, says why and offers Retry; once the map exists, a
    /// tap on Retry opens it.
    @Test func aSharedMapMissingAtStartIsExplainedInTheWindowAndOpensOnRetry() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let owner = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: owner).initialize()
        let (folder, environment) = try Self.scratch("retry")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        let first = folder.appendingPathComponent("first.json")
        let look = try ChildProcess(["replay", try Self.script(#"{"t":0,"type":"mouse_move","x":5,"y":5}"#, in: folder).path,
                                     "--db", url, "--shared", "later", "--size", "800x600", "--dump", first.path],
                                    environment: environment, executable: meshpad)
        #expect(look.waitForExit(seconds: 60) != nil && look.process.terminationStatus == 0, "\(look.errorOutput)")
        let waiting = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: first))
        #expect(waiting.dialog?.joined(separator: " ").contains("there is no shared map called 'later'") == true, "\(waiting.dialog ?? [])")
        let retry = try #require(waiting.controls.first { $0.label == "Retry" }, "\(waiting.controls.map(\.label))")
        let (x, y) = (retry.rect[0] + retry.rect[2] / 2, retry.rect[1] + retry.rect[3] / 2)
        let dump = folder.appendingPathComponent("after.json")
        let screen = try ChildProcess(["replay", try Self.script("""
            {"t":3000,"type":"mouse_down","button":"left","x":\(x),"y":\(y)}
            {"t":3050,"type":"mouse_up","button":"left","x":\(x),"y":\(y)}
            {"t":6000,"type":"mouse_move","x":5,"y":5}
            """, in: folder).path, "--db", url, "--shared", "later", "--size", "800x600", "--realtime", "--dump", dump.path],
                                      environment: environment, executable: meshpad)
        #expect(screen.waitForOutput("replay started", seconds: 30) != nil, "\(screen.errorOutput)")
        try SharedMapStore(connection: owner).share(Document.sample(), as: "later")
        #expect(screen.waitForExit(seconds: 60) != nil && screen.process.terminationStatus == 0, "\(screen.errorOutput)")
        let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
        #expect(state.dialog == nil, "the dialog went: \(state.dialog ?? [])")
        #expect(Set(state.nodes.map(\.text)) == Set(Document.sample().nodes.map(\.text)), "the map opened on Retry")
    }

    /// Found by the randomized convergence test: a screen opened after a delete (and one opened
    /// after a compaction) brings the node back when a late edit of it arrives, as the screens
    /// that saw the delete do; before, it kept no graves and the screens differed for good.
    @Test func screensOpenedAfterADeleteBringANodeBackOnALateEditLikeTheOthers() throws {
        let cluster = try TestCluster()
        let owner = try Self.sharedSample(in: cluster)
        let name = SharedMapName(address: cluster.address, name: "wall")
        let store = SharedMapStore(connection: owner)
        let ana = try SharedScreen(name)
        let children = ana.document.children(of: ana.document.rootID)
        let (first, second) = (children[0], children[1])
        let texts = (ana.document.node(first)?.text ?? "", ana.document.node(second)?.text ?? "")
        for id in [first, second] {
            ana.make("delete", [.remove(ana.document.fragment(nodes: Set(ana.document.subtree(of: id)), edges: []))])
        }
        func settle(_ screens: [SharedScreen]) throws {
            let deadline = Date(timeIntervalSinceNow: 30)
            while Date() < deadline {
                for screen in screens { screen.service() }
                let last = Int64(try owner.execute("SELECT max(seq) FROM meshpad_ops", doing: "reading").first?.first.flatMap { $0 } ?? "") ?? 0
                if screens.allSatisfy({ $0.isSettled && $0.engine.confirmedSeq >= last }) { return }
                usleep(20_000)
            }
        }
        try settle([ana])
        let late = try SharedScreen(name)
        _ = try SharedMapOpening.open(name, compactingAfter: 0)
        let afterCompaction = try SharedScreen(name)
        // Edits made offline, long ago, to the deleted nodes arrive now.
        let mapID = try SharedMapOpening.open(name).mapID
        try store.append(SharedOperation(client: 999, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: first, from: texts.0, to: "edited offline")])), toMap: mapID)
        try store.append(SharedOperation(client: 999, clientSeq: 2, transaction: Transaction(
            label: "text", carrying: [.setText(node: second, from: texts.1, to: "edited offline too")])), toMap: mapID)
        try settle([ana, late, afterCompaction])
        #expect(ana.document.node(first)?.text == "edited offline", "the screen that saw the delete brings it back")
        #expect(late.document.hasSameContent(as: ana.document), "opened after the delete\(late.document.firstDifference(from: ana.document))")
        #expect(afterCompaction.document.hasSameContent(as: ana.document),
                "opened after a compaction\(afterCompaction.document.firstDifference(from: ana.document))")
    }

    /// Issue 27, 4: a screen that opened offline (using the spare session number) and then
    /// reached the database keeps a new spare, so after a clean quit it opens offline again.
    @Test func aScreenThatOpenedOfflineAndReconnectedOpensOfflineAgain() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        _ = try Self.sharedSample(in: cluster)
        let (folder, environment) = try Self.scratch("spare")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        func replay(_ lines: String, realtime: Bool = false) throws -> ChildProcess {
            try ChildProcess(["replay", try Self.script(lines, in: folder).path, "--db", url, "--shared", "wall", "--size", "800x600",
                              "--autosave"] + (realtime ? ["--realtime"] : []), environment: environment, executable: meshpad)
        }
        let online = try replay(#"{"t":0,"type":"key","key":"Home","mods":[]}"#)
        #expect(online.waitForExit(seconds: 60) != nil && online.process.terminationStatus == 0, "\(online.errorOutput)")
        #expect(Self.kept(".spare", in: folder).count == 1, "a spare number is kept: \(Self.kept("", in: folder))")
        try cluster.stop()
        let offline = try replay("""
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":100,"type":"key","key":"Tab","mods":[]}
            {"t":200,"type":"text","text":"made offline"}
            {"t":300,"type":"key","key":"Return","mods":[]}
            {"t":12000,"type":"mouse_move","x":5,"y":5}
            """, realtime: true)
        #expect(offline.waitForOutput("replay started", seconds: 30) != nil, "\(offline.errorOutput)")
        usleep(1_000_000)
        #expect(Self.kept(".spare", in: folder).isEmpty, "the offline opening used the spare")
        try cluster.restart()
        #expect(offline.waitForExit(seconds: 60) != nil && offline.process.terminationStatus == 0, "\(offline.errorOutput)")
        #expect(try Self.count("SELECT count(*) FROM meshpad_ops", in: cluster) == 1, "the child made offline was sent")
        #expect(Self.kept(".spare", in: folder).count == 1, "a new spare was kept on reconnecting: \(Self.kept("", in: folder))")
        try cluster.stop()
        let again = try replay(#"{"t":0,"type":"key","key":"Home","mods":[]}"#)
        #expect(again.waitForExit(seconds: 60) != nil && again.process.terminationStatus == 0,
                "a second offline start works: \(again.errorOutput)")
    }
}
