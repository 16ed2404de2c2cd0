import Foundation
import MeshpadCore
@testable import MeshpadSDL
@testable import MeshpadTools
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

extension SharedMapOpened {
    /// The map as a windowless screen shows it: measured with the stand-in sizing (an opening
    /// leaves sizes to the screen).
    var shown: Document {
        var map = document
        map.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return map
    }
}

/// Screens editing one shared map through a real PostgreSQL (`TestCluster`), each with its own
/// network thread (`SharedMapLink`), as the app runs them.
@Suite(.serialized) struct SharedMapLiveTests {
    typealias Screen = SharedScreen

    /// One random edit (a child, a text, a move or a delete) tagged `tag`.
    static func randomEdit(on screen: Screen, _ random: inout SeededGenerator, tag: String) {
        let document = screen.document
        func make(_ label: String, _ changes: [Change]) { screen.make(label, changes) }
        let ids = document.nodes.map(\.id)
        let any = ids[Int.random(in: 0..<ids.count, using: &random)]
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            let node = Node(id: document.nextNodeID, text: tag, position: (document.node(any)?.position ?? .zero) + Vec2(120, 30))
            let edge = Edge(id: document.nextEdgeID, from: any, to: node.id, kind: .tree)
            make("new node", [.insert(Fragment(nodes: [.init(index: document.nodeCount, node: node)],
                                               edges: [.init(index: document.edges.count, edge: edge)]))])
        case 1:
            make("text", [.setText(node: any, from: document.node(any)?.text ?? "", to: tag)])
        case 2:
            let at = document.node(any)?.position ?? .zero
            make("move", [.move(ids: [any], from: [at], to: [at + Vec2(Double.random(in: -40...40, using: &random), 10)])])
        default:
            if any != document.rootID, document.nodeCount > 8 {
                make("delete", [.remove(document.fragment(nodes: Set(document.subtree(of: any)), edges: []))])
            }
        }
    }

    /// The sample map shared as "wall" in a fresh schema; the owner's connection and the map's name.
    static func sharedSample(in cluster: TestCluster) throws -> (PGConnection, SharedMapName) {
        let connection = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: connection).initialize()
        try SharedMapStore(connection: connection).share(Document.sample(), as: "wall")
        return (connection, SharedMapName(address: cluster.address, name: "wall"))
    }

    @Test func twoScreensEditingAtOnceEndWithTheSameMapAsALateJoiner() throws {
        let cluster = try TestCluster()
        let (_, shared) = try Self.sharedSample(in: cluster)
        let screens = [try Screen(shared), try Screen(shared)]
        var random = SeededGenerator(seed: 7)
        for round in 0..<150 {
            for (k, screen) in screens.enumerated() {
                Self.randomEdit(on: screen, &random, tag: "s\(k)r\(round)")
                if round % 3 == k { screen.service() }
            }
            usleep(2_000)
        }
        let deadline = Date(timeIntervalSinceNow: 30)
        func settled() -> Bool {
            screens.allSatisfy { $0.engine.pending.isEmpty } && Set(screens.map(\.engine.confirmedSeq)).count == 1
        }
        while !settled(), Date() < deadline {
            screens.forEach { $0.service() }
            usleep(10_000)
        }
        #expect(settled(), "the screens did not settle within 30 s: seqs \(screens.map(\.engine.confirmedSeq)), pending \(screens.map(\.engine.pending.count))")
        let late = try SharedMapOpening.open(shared)
        #expect(late.seq == screens[0].engine.confirmedSeq)
        for (k, screen) in screens.enumerated() {
            #expect(screen.document.checkInvariants() == [], "screen \(k + 1)")
            #expect(screen.document.hasSameContent(as: late.shown), "screen \(k + 1)\(screen.document.firstDifference(from: late.shown))")
        }
        #expect(late.seq > 150, "most of the 300 edits reached the log")
        screens.forEach { $0.link.stop() }
    }

    @Test func aScreenThatLosesTheDatabaseKeepsItsChangesAndSendsThemOnceItIsBack() throws {
        let cluster = try TestCluster()
        let (connection, shared) = try Self.sharedSample(in: cluster)
        let screen = try Screen(shared)
        let online = Date(timeIntervalSinceNow: 10)
        while screen.statuses.last != .online, Date() < online {
            screen.service()
            usleep(10_000)
        }
        try #require(screen.statuses.last == .online)
        // The screen's connection is cut from the server's side, as a restart or a network fault does.
        try connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND datname = 'postgres'",
                               doing: "cutting the other connections")
        let root = screen.document.rootID
        screen.make("text", [.setText(node: root, from: screen.document.root.text, to: "typed while cut off")])
        let deadline = Date(timeIntervalSinceNow: 20)
        while !screen.engine.pending.isEmpty, Date() < deadline {
            screen.service()
            usleep(20_000)
        }
        #expect(screen.engine.pending.isEmpty, "the change was not sent after the reconnect")
        #expect(screen.statuses.contains { if case .offline = $0 { return true }; return false }, "the cut was noticed: \(screen.statuses)")
        #expect(screen.statuses.last == .online)
        let again = try SharedMapOpening.open(shared)
        #expect(again.document.root.text == "typed while cut off")
        let rows = try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting")
        #expect(rows.first?.first == "1", "sent once, however often it was retried")
        screen.link.stop()
    }

    @Test func theServerStoppedMidSessionAndStartedAgainLosesNoScreensOfflineEdits() throws {
        let cluster = try TestCluster()
        let (_, shared) = try Self.sharedSample(in: cluster)
        let screens = [try Screen(shared), try Screen(shared)]
        func serviceUntil(_ seconds: Double, _ done: () -> Bool) {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !done(), Date() < deadline {
                screens.forEach { $0.service() }
                usleep(20_000)
            }
        }
        serviceUntil(10) { screens.allSatisfy { $0.statuses.last == .online } }
        try #require(screens.allSatisfy { $0.statuses.last == .online })
        try cluster.stop()
        // Both screens go on working while the server is down: one retitles the map, one adds a node.
        let root = screens[0].document.rootID
        screens[0].make("text", [.setText(node: root, from: screens[0].document.root.text, to: "retitled offline")])
        let other = screens[1].document
        let node = Node(id: other.nextNodeID, text: "added offline", position: other.root.position + Vec2(200, 0))
        screens[1].make("new node", [.insert(Fragment(nodes: [.init(index: other.nodeCount, node: node)],
                                                      edges: [.init(index: other.edges.count,
                                                                    edge: Edge(id: other.nextEdgeID, from: root, to: node.id, kind: .tree))]))])
        func isOffline(_ screen: Screen) -> Bool { if case .offline = screen.statuses.last { return true }; return false }
        serviceUntil(10) { screens.allSatisfy(isOffline) }
        #expect(screens.allSatisfy(isOffline), "both screens noticed: \(screens.map(\.statuses))")
        #expect(screens[0].document.root.text == "retitled offline", "the map keeps working offline")
        try cluster.restart()
        serviceUntil(30) {
            screens.allSatisfy { $0.engine.pending.isEmpty } && Set(screens.map(\.engine.confirmedSeq)).count == 1
                && screens.allSatisfy { $0.document.nodes.contains { $0.text == "added offline" } }
        }
        let late = try SharedMapOpening.open(shared)
        #expect(late.document.root.text == "retitled offline")
        #expect(late.document.nodes.filter { $0.text == "added offline" }.count == 1)
        for (k, screen) in screens.enumerated() {
            #expect(screen.engine.pending.isEmpty, "screen \(k + 1) sent everything")
            #expect(screen.document.hasSameContent(as: late.shown), "screen \(k + 1)\(screen.document.firstDifference(from: late.shown))")
        }
        screens.forEach { $0.link.stop() }
    }
}

/// A map whose log has run far past its snapshot gets a new snapshot when it is opened.
@Suite(.serialized) struct SharedMapCompactionTests {
    @Test func openingALongLoggedMapWritesANewSnapshotThatOpensTheSameMap() throws {
        let cluster = try TestCluster()
        let (connection, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let screen = try SharedMapLiveTests.Screen(shared)
        var random = SeededGenerator(seed: 11)
        for round in 0..<40 {
            SharedMapLiveTests.randomEdit(on: screen, &random, tag: "r\(round)")
            screen.service()
        }
        let deadline = Date(timeIntervalSinceNow: 20)
        while !screen.engine.pending.isEmpty, Date() < deadline {
            screen.service()
            usleep(10_000)
        }
        screen.link.stop()
        func snapshotSeq() throws -> String? {
            try connection.execute("SELECT snapshot_seq FROM meshpad_maps WHERE name = 'wall'", doing: "reading").first?.first.flatMap { $0 }
        }
        let logged = try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting").first?.first.flatMap { $0 }
        let untouched = try SharedMapOpening.open(shared)
        #expect(try snapshotSeq() == "0", "a log shorter than the limit is left as it is")
        let compacting = try SharedMapOpening.open(shared, compactingAfter: 10)
        #expect(try snapshotSeq() == String(compacting.seq), "the snapshot now stands where the log does")
        #expect(compacting.document.hasSameContent(as: untouched.document))
        let again = try SharedMapOpening.open(shared)
        #expect(again.seq == compacting.seq)
        #expect(again.shown.hasSameContent(as: screen.document), "opened from the new snapshot: \(again.shown.firstDifference(from: screen.document))")
        #expect(try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting").first?.first.flatMap { $0 } == logged,
                "the log stays whole")
        // An old operation sent again (a journal from long ago) is still known and not carried out twice.
        let old = try #require(try SharedMapStore(connection: connection).operations(ofMap: compacting.mapID, after: 0).first)
        let seq = try SharedMapStore(connection: connection).append(old.operation, toMap: compacting.mapID)
        #expect(seq == old.seq)
    }
}

/// Changes a session could not send are kept on disk and sent, once, when the map opens again.
@Suite(.serialized) struct SharedJournalTests {
    @Test func changesKeptInTheJournalAreSentOnceOnTheNextOpen() throws {
        let cluster = try TestCluster()
        let (connection, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-journal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journals = SharedJournals(store: RecoveryStore(directory: folder), map: shared)
        // An earlier session (client 99) changed the title and ended before the database was back.
        let earlier = SharedOperation(client: 99, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: Document.sample().rootID, from: Document.sample().root.text, to: "kept offline")]))
        var journal: SharedJournal? = journals.session(client: 99)
        try journal?.write([earlier])
        let path = try #require(journal?.path)
        let written = try #require(FileManager.default.contents(atPath: path))
        #expect(!String(decoding: written, as: UTF8.self).contains(cluster.password), "no password on disk")
        journal = nil
        let opened = try SharedMapOpening.open(shared, journals: journals)
        #expect(opened.document.root.text == "kept offline")
        #expect(!FileManager.default.fileExists(atPath: path), "the journal goes once the server has its changes")
        // A crash after sending but before the journal went: sent again, applied once.
        journal = journals.session(client: 99)
        try journal?.write([earlier])
        journal = nil
        let again = try SharedMapOpening.open(shared, journals: journals)
        #expect(again.document.root.text == "kept offline")
        let rows = try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting")
        #expect(rows.first?.first == "1")
    }

    /// Two windows of one map on one machine, both offline: each keeps its own journal, and a
    /// third opening meanwhile takes neither (their sessions still run); once they end, both are sent.
    @Test func aRunningSessionsJournalIsNotTakenByAnotherWindow() throws {
        let cluster = try TestCluster()
        let (connection, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-journal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journals = SharedJournals(store: RecoveryStore(directory: folder), map: shared)
        let root = Document.sample().rootID, title = Document.sample().root.text
        var first: SharedJournal? = journals.session(client: 41)
        var second: SharedJournal? = journals.session(client: 42)
        try first?.write([SharedOperation(client: 41, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: root, from: title, to: "first window")]))])
        try second?.write([SharedOperation(client: 42, clientSeq: 1, transaction: Transaction(
            label: "fold", carrying: [.setText(node: root, from: title, to: "second window")]))])
        #expect(first?.path != second?.path)
        let meanwhile = try SharedMapOpening.open(shared, journals: journals)
        #expect(meanwhile.document.root.text == title, "nothing taken from sessions that still run")
        #expect(try first?.read().count == 1 && second?.read().count == 1)
        first = nil
        second = nil
        let after = try SharedMapOpening.open(shared, journals: journals)
        #expect(["first window", "second window"].contains(after.document.root.text))
        let rows = try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting")
        #expect(rows.first?.first == "2", "both windows' changes reached the log")
        #expect(journals.abandoned().isEmpty)
    }
}

/// The guide's SQL for a read-only screen, run as written.
@Suite(.serialized) struct SharedMapReadOnlyRoleTests {
    /// The `sql` block of the guide's (docs/GUIDE.md) "Read-only screens" paragraph.
    static func guideSQL() throws -> String {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/GUIDE.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let after = try #require(text.range(of: "**Read-only screens**"))
        let start = try #require(text.range(of: "```sql\n", range: after.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    @Test func theReadOnlyRoleSeesItsMapAndNoOtherAndCannotWrite() throws {
        let cluster = try TestCluster()
        let owner = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: owner).initialize()
        let store = SharedMapStore(connection: owner)
        let mapID = try store.share(Document.sample(), as: "class 4b")
        try store.share(Document(rootText: "private"), as: "staff room")
        try owner.executeScript(try Self.guideSQL(), doing: "running the guide's SQL")
        let wall = SharedMapName(address: cluster.address(user: "wall", password: "change me"), name: "class 4b")
        let opened = try SharedMapOpening.open(wall)
        #expect(opened.document.nodeCount == Document.sample().nodeCount)
        #expect(throws: SharedMapError.noSuchMap(name: "staff room", address: wall.address.redacted)) {
            try SharedMapOpening.open(SharedMapName(address: wall.address, name: "staff room"))
        }
        let asWall = SharedMapStore(connection: try PGConnection(wall.address))
        let edit = SharedOperation(client: opened.client, clientSeq: 1,
                                   transaction: Transaction(label: "text", carrying: [.setText(node: opened.document.rootID, from: "", to: "x")]))
        do {
            try asWall.append(edit, toMap: mapID)
            Issue.record("the read-only role wrote to the log")
        } catch {
            #expect(error.description.contains("permission denied"))
            #expect(!error.description.contains("change me"))
        }
        #expect(try store.operations(ofMap: mapID, after: 0).isEmpty)
    }
}

/// The real app, three times at once: `meshpad replay --db URL --shared NAME` processes each add
/// a node to one shared map; `meshpad convert` of the shared map then holds all three.
@Suite(.serialized) struct SharedMapReplayTests {
    /// A scratch folder for one test, and the environment its `meshpad` processes run in:
    /// headless, with their recovery folder (journals, offline copies) inside the scratch folder.
    static func scratch(_ name: String) throws -> (URL, [String: String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        return (folder, environment)
    }

    @Test func threeHeadlessAppsAddingAtOnceAllReachTheMap() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let (folder, environment) = try Self.scratch("shared")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        let initialise = try ChildProcess(["db", "init", url], environment: environment, executable: meshpad)
        #expect(initialise.waitForExit(seconds: 20) != nil)
        #expect(!initialise.output.contains(cluster.password), "db init printed the password")
        let map = folder.appendingPathComponent("wall.md")
        try "# Wall\n- rules\n- dates\n".write(to: map, atomically: true, encoding: .utf8)
        let share = try ChildProcess(["share", map.path, "--db", url], environment: environment, executable: meshpad)
        #expect(share.waitForExit(seconds: 20) != nil && share.process.terminationStatus == 0, "share: \(share.errorOutput)")
        // Home to select the root (a click could land on a child another screen added first, once
        // the map is fitted around it), Tab for a child, its text, Return.
        let apps = try ["A", "B", "C"].map { who in
            let script = folder.appendingPathComponent("\(who).jsonl")
            try """
                {"t":0,"type":"key","key":"Home","mods":[]}
                {"t":200,"type":"key","key":"Tab","mods":[]}
                {"t":300,"type":"text","text":"from \(who)"}
                {"t":400,"type":"key","key":"Return","mods":[]}
                """.write(to: script, atomically: true, encoding: .utf8)
            return try ChildProcess(["replay", script.path, "--db", url, "--shared", "wall", "--size", "800x600"],
                                    environment: environment, executable: meshpad)
        }
        for app in apps {
            #expect(app.waitForExit(seconds: 60) != nil, "a replay did not end")
            #expect(app.process.terminationStatus == 0, "replay: \(app.errorOutput)")
        }
        let snapshot = folder.appendingPathComponent("snapshot.meshpad")
        let convert = try ChildProcess(["convert", "--db", url, "--shared", "wall", snapshot.path], environment: environment, executable: meshpad)
        #expect(convert.waitForExit(seconds: 30) != nil && convert.process.terminationStatus == 0, "convert: \(convert.errorOutput)")
        let loaded = try MapFile.read(snapshot.path)
        let texts = Set(loaded.document.nodes.map(\.text))
        #expect(texts.isSuperset(of: ["Wall", "from A", "from B", "from C"]), "the shared map holds \(texts.sorted())")
        let parents = Set(loaded.document.nodes.filter { $0.text.hasPrefix("from ") }.map { loaded.document.parent(of: $0.id) })
        #expect(parents.count == 1 && parents.first != nil, "the three are children of the node each clicked")
        #expect(loaded.document.checkInvariants() == [])
        // A Markdown map has no positions: it is shared laid out, not with every node on one spot.
        let shared = loaded.document.nodes.filter { ["Wall", "rules", "dates"].contains($0.text) }
        #expect(shared.count == 3 && Set(shared.map(\.position)).count == 3, "\(shared.map(\.position))")
    }

    /// A screen adding nodes "k1", "k2"… is killed with SIGKILL mid-stream, after the database
    /// went down under it; the database comes back and the app starts again on that machine.
    /// What it made before the kill is in the map exactly once, in order, nothing skipped: the
    /// server had some, the session's journal the rest.
    @Test func aScreenKilledWhileOfflineSendsItsJournalOnceWhenItStartsAgain() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        _ = try SharedMapLiveTests.sharedSample(in: cluster)
        let (folder, environment) = try Self.scratch("killed")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        // Home selects the root, Tab adds a child and opens its text, Return ends it: one node each 200 ms.
        let adds = (1...60).map { k in
            let t = k * 200
            return """
                {"t":\(t),"type":"key","key":"Home","mods":[]}
                {"t":\(t + 50),"type":"key","key":"Tab","mods":[]}
                {"t":\(t + 100),"type":"text","text":"k\(k)"}
                {"t":\(t + 150),"type":"key","key":"Return","mods":[]}
                """
        }.joined(separator: "\n")
        let script = folder.appendingPathComponent("adds.jsonl")
        try adds.write(to: script, atomically: true, encoding: .utf8)
        func loggedCount() throws -> Int {
            // why: a connection of its own each time; the server is stopped and started under the test.
            Int(try PGConnection(cluster.address).execute("SELECT count(*) FROM meshpad_ops", doing: "counting").first?.first.flatMap { $0 } ?? "0") ?? 0
        }
        let first = try ChildProcess(["replay", script.path, "--db", url, "--shared", "wall", "--size", "800x600", "--realtime", "--autosave"],
                                     environment: environment, executable: meshpad)
        #expect(first.waitForOutput("replay started", seconds: 30) != nil, "the replay did not start: \(first.errorOutput)")
        let deadline = Date(timeIntervalSinceNow: 20)
        while try loggedCount() < 6, Date() < deadline { usleep(50_000) }
        let reachedBeforeStop = try loggedCount()
        #expect(reachedBeforeStop >= 6, "the screen's first nodes reached the server")
        try cluster.stop()
        // Offline for a while: the screen keeps adding, and its journal keeps what it cannot send.
        let recovery = folder.appendingPathComponent("data/meshpad/recovery").path
        let journalDeadline = Date(timeIntervalSinceNow: 10)
        func journalFiles() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: recovery)) ?? []).filter {
                $0.hasPrefix("shared-wall-") && $0.hasSuffix(".json") && !$0.hasSuffix(".copy.json")
            }
        }
        while journalFiles().isEmpty, Date() < journalDeadline { usleep(50_000) }
        usleep(1_500_000)
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        #expect(journalFiles().count == 1, "the killed session left its journal: \(journalFiles())")
        try cluster.restart()
        // Started again on the same machine, adding one more node.
        let again = folder.appendingPathComponent("again.jsonl")
        try """
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":100,"type":"key","key":"Tab","mods":[]}
            {"t":200,"type":"text","text":"after the restart"}
            {"t":300,"type":"key","key":"Return","mods":[]}
            """.write(to: again, atomically: true, encoding: .utf8)
        let second = try ChildProcess(["replay", again.path, "--db", url, "--shared", "wall", "--size", "800x600", "--autosave"],
                                      environment: environment, executable: meshpad)
        #expect(second.waitForExit(seconds: 60) != nil && second.process.terminationStatus == 0, "restart: \(second.errorOutput)")
        #expect(journalFiles().isEmpty, "the journal went once the server had it: \(journalFiles())")
        let opened = try SharedMapOpening.open(SharedMapName(address: cluster.address, name: "wall"))
        let numbers = opened.document.nodes.compactMap { node -> Int? in
            guard node.text.hasPrefix("k") else { return nil }
            return Int(node.text.dropFirst())
        }
        #expect(numbers.count == Set(numbers).count, "a node was added twice: \(numbers.sorted())")
        let made = numbers.max() ?? 0
        #expect(Set(numbers) == Set(1...max(made, 1)), "a node made before the kill is missing: \(numbers.sorted())")
        #expect(try loggedCount() > reachedBeforeStop, "changes made offline before the kill reached the map")
        #expect(made > 6, "the screen made nodes while offline: \(numbers.sorted())")
        #expect(opened.document.nodes.contains { $0.text == "after the restart" })
        #expect(opened.document.checkInvariants() == [])
    }

    /// Ana types in the map's title on one screen; Bo's screen shows her ring and name on it.
    @Test func aPersonTypingOnOneScreenShowsAsARingWithTheirNameOnAnother() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        _ = try SharedMapLiveTests.sharedSample(in: cluster)
        let (folder, base) = try Self.scratch("presence")
        var environment = base
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        let anaScript = folder.appendingPathComponent("ana.jsonl"), boScript = folder.appendingPathComponent("bo.jsonl")
        try """
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":200,"type":"key","key":"F2","mods":[]}
            {"t":400,"type":"text","text":" (Ana)"}
            {"t":9000,"type":"key","key":"Return","mods":[]}
            """.write(to: anaScript, atomically: true, encoding: .utf8)
        try #"{"t":5000,"type":"mouse_move","x":5,"y":5}"#.write(to: boScript, atomically: true, encoding: .utf8)
        environment["USER"] = "Ana"
        let ana = try ChildProcess(["replay", anaScript.path, "--db", url, "--shared", "wall", "--size", "800x600", "--realtime"],
                                   environment: environment, executable: meshpad)
        environment["USER"] = "Bo"
        let dump = folder.appendingPathComponent("bo.json"), screenshot = folder.appendingPathComponent("bo.png")
        let bo = try ChildProcess(["replay", boScript.path, "--db", url, "--shared", "wall", "--size", "800x600", "--realtime",
                                   "--dump", dump.path, "--screenshot", screenshot.path],
                                  environment: environment, executable: meshpad)
        #expect(bo.waitForExit(seconds: 60) != nil && bo.process.terminationStatus == 0, "Bo's screen: \(bo.errorOutput)")
        let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
        let title = try #require(state.nodes.first { $0.text == Document.sample().root.text })
        #expect(state.presence.map { [$0.name, $0.node, $0.activity] } == [["Ana", title.id, "editing"]], "Bo sees: \(state.presence)")
        #expect(ana.waitForExit(seconds: 60) != nil && ana.process.terminationStatus == 0, "Ana's screen: \(ana.errorOutput)")
        let opened = try SharedMapOpening.open(SharedMapName(address: cluster.address, name: "wall"))
        #expect(opened.document.root.text.hasSuffix(" (Ana)"), "Ana's text reached the map when she finished")
        if let keep = ProcessInfo.processInfo.environment["MESHPAD_KEEP_SCREENSHOTS"] {
            try? FileManager.default.removeItem(atPath: keep + "/presence-bo.png")
            try? FileManager.default.copyItem(atPath: screenshot.path, toPath: keep + "/presence-bo.png")
        }
    }

    /// A screen that opened the map once keeps a copy; with the database down it opens that copy,
    /// takes a child made there, and sends it when the database is back. A second offline
    /// opening (the spare session number used) is refused by name.
    @Test func aMapOpenedHereOnceOpensOfflineAndItsChangesReachTheDatabaseLater() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let (_, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let (folder, environment) = try Self.scratch("offline")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = cluster.address.connectionString
        func replay(_ lines: String, dump: URL? = nil) throws -> ChildProcess {
            let script = folder.appendingPathComponent("\(UUID().uuidString).jsonl")
            try lines.write(to: script, atomically: true, encoding: .utf8)
            let child = try ChildProcess(["replay", script.path, "--db", url, "--shared", "wall", "--size", "800x600", "--autosave"]
                                         + (dump.map { ["--dump", $0.path] } ?? []), environment: environment, executable: meshpad)
            _ = child.waitForExit(seconds: 60)
            return child
        }
        let recovery = folder.appendingPathComponent("data/meshpad/recovery").path
        func kept(_ suffix: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: recovery)) ?? []).filter { $0.hasPrefix("shared-wall-") && $0.hasSuffix(suffix) }
        }
        let online = try replay(#"{"t":0,"type":"key","key":"Home","mods":[]}"#)
        #expect(online.process.terminationStatus == 0, "\(online.errorOutput)")
        #expect(kept(".copy.json").count == 1 && kept(".spare").count == 1, "a copy and a spare number are kept: \(kept(""))")
        try cluster.stop()
        let dump = folder.appendingPathComponent("offline.json")
        let offline = try replay("""
            {"t":0,"type":"key","key":"Home","mods":[]}
            {"t":100,"type":"key","key":"Tab","mods":[]}
            {"t":200,"type":"text","text":"made offline"}
            {"t":300,"type":"key","key":"Return","mods":[]}
            """, dump: dump)
        #expect(offline.process.terminationStatus == 0, "opened offline: \(offline.errorOutput)")
        let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
        #expect(Set(state.nodes.map(\.text)).isSuperset(of: Set(Document.sample().nodes.map(\.text)).union(["made offline"])))
        #expect(kept(".spare").isEmpty, "the spare number is used")
        #expect(kept(".json").filter { !$0.hasSuffix(".copy.json") }.count == 1, "the child waits in the session's journal: \(kept(""))")
        let refusedDump = folder.appendingPathComponent("refused.json")
        let again = try replay(#"{"t":0,"type":"key","key":"Home","mods":[]}"#, dump: refusedDump)
        #expect(again.errorOutput.contains("opened offline once already"), "\(again.errorOutput)")
        let refused = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: refusedDump))
        #expect(refused.dialog?.joined(separator: " ").contains("opened offline once already") == true,
                "the window says why: \(refused.dialog ?? [])")
        #expect(refused.controls.contains { $0.label == "Retry" && $0.role == "button" })
        try cluster.restart()
        let journals = SharedJournals(store: RecoveryStore(directory: recovery), map: shared)
        let back = try SharedMapOpening.open(shared, journals: journals)
        #expect(back.document.nodes.filter { $0.text == "made offline" }.count == 1, "sent once the database is back")
        #expect(back.document.checkInvariants() == [])
        #expect(kept(".json").filter { !$0.hasSuffix(".copy.json") }.isEmpty, "no journal left")
    }
}
