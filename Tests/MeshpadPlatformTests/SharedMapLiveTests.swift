import Foundation
import MeshpadCore
@testable import MeshpadPlatform
import Testing

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
            #expect(screen.document.hasSameContent(as: late.document), "screen \(k + 1)\(screen.document.firstDifference(from: late.document))")
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
}

/// Changes a session could not send are kept on disk and sent, once, when the map opens again.
@Suite(.serialized) struct SharedJournalTests {
    @Test func changesKeptInTheJournalAreSentOnceOnTheNextOpen() throws {
        let cluster = try TestCluster()
        let (connection, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-journal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let journal = SharedJournal(store: RecoveryStore(directory: folder), map: shared)
        // An earlier session (client 99) changed the title and ended before the database was back.
        let earlier = SharedOperation(client: 99, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: Document.sample().rootID, from: Document.sample().root.text, to: "kept offline")]))
        try journal.write([earlier])
        let written = try #require(FileManager.default.contents(atPath: journal.path))
        #expect(!String(decoding: written, as: UTF8.self).contains(cluster.password), "no password on disk")
        let opened = try SharedMapOpening.open(shared, journal: journal)
        #expect(opened.document.root.text == "kept offline")
        #expect(!FileManager.default.fileExists(atPath: journal.path), "the journal goes once the server has its changes")
        // A crash after sending but before the journal went: sent again, applied once.
        try journal.write([earlier])
        let again = try SharedMapOpening.open(shared, journal: journal)
        #expect(again.document.root.text == "kept offline")
        let rows = try connection.execute("SELECT count(*) FROM meshpad_ops", doing: "counting")
        #expect(rows.first?.first == "1")
    }
}

/// The README's SQL for a read-only screen, run as written.
@Suite(.serialized) struct SharedMapReadOnlyRoleTests {
    /// The `sql` block of the README's "Read-only screens" paragraph.
    static func readmeSQL() throws -> String {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
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
        try owner.executeScript(try Self.readmeSQL(), doing: "running the README's SQL")
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
    @Test func threeHeadlessAppsAddingAtOnceAllReachTheMap() throws {
        guard let meshpad = ChildProcess.builtMeshpad() else { return }
        let cluster = try TestCluster()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "offscreen"
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
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
}
