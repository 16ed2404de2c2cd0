import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// A shared map's slides travel with its snapshot (schema 3): shared, compacted, opened later,
/// from a database an older Meshpad made, and from a column someone wrote by hand.
@Suite(.serialized) struct SharedMapPresentationsTests {
    /// The sample map with two presentations over its nodes, every field of a slide used once.
    static func mapWithSlides() throws -> Document {
        var map = Document.sample()
        let ids = map.nodes.map(\.id)
        try #require(ids.count >= 4)
        let lesson = Presentation(name: "Lesson", slides: [
            Slide(name: "Start", node: ids[0]),
            Slide(name: "Details « ünïcode »", nodes: [ids[1], ids[2]], foldedNodes: [ids[3]], placedNode: ids[2], placedPosition: "TOP_LEFT",
                  zoom: 1.5, showsOnlyNodes: true, showsAncestors: true, showsDescendants: true, revealsChildren: true,
                  conditionXML: "<condition text=\"a &amp; b\"/>"),
        ])
        let recap = Presentation(name: "Recap", slides: [Slide(name: "Back to the start", node: ids[0], zoom: 0.75)])
        map.transact("slides", sizing: nil, [.setPresentations(from: [], to: [lesson, recap])])
        return map
    }

    /// `map` shared as "slides" in a fresh schema; the owner's connection and the map's name.
    static func share(_ map: Document, in cluster: TestCluster) throws -> (PGConnection, SharedMapName) {
        let connection = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: connection).initialize()
        try SharedMapStore(connection: connection).share(map, as: "slides")
        return (connection, SharedMapName(address: cluster.address, name: "slides"))
    }

    /// Services `screen` until everything it made is in the log it has applied.
    static func settle(_ screen: SharedScreen) throws {
        let deadline = Date(timeIntervalSinceNow: 20)
        while !screen.isSettled, Date() < deadline {
            screen.service()
            usleep(10_000)
        }
        try #require(screen.isSettled, "the screen's changes reached the log")
    }

    @Test func aMapSharedWithTwoPresentationsOpensWithBothOnAnotherScreen() throws {
        let cluster = try TestCluster()
        let map = try Self.mapWithSlides()
        let (connection, shared) = try Self.share(map, in: cluster)
        #expect(try SharedMapStore(connection: connection).snapshot(of: "slides").document.presentations == map.presentations)
        let other = try SharedMapOpening.open(shared)
        #expect(other.document.presentations == map.presentations)
        #expect(other.document.hasSameContent(as: map), "\(other.document.firstDifference(from: map))")
        // A map with no slides is stored with none and opens with none.
        try SharedMapStore(connection: connection).share(Document.sample(), as: "plain")
        #expect(try SharedMapOpening.open(SharedMapName(address: cluster.address, name: "plain")).document.presentations.isEmpty)
    }

    @Test func aSlideChangeBeforeACompactionReachesAScreenOpeningAfterIt() throws {
        let cluster = try TestCluster()
        let map = try Self.mapWithSlides()
        let (connection, shared) = try Self.share(map, in: cluster)
        let first = try SharedScreen(shared)
        defer { first.link.stop() }
        // One screen renames a presentation, drops one and adds a slide: one slide change, logged.
        var changed = first.document.presentations
        changed[0].name = "Lesson, shorter"
        changed[0].slides.append(Slide(name: "Added on screen 1", node: first.document.rootID, zoom: 2))
        changed.remove(at: 1)
        first.make("slides", [.setPresentations(from: first.document.presentations, to: changed)])
        // And some nodes, so the compaction has more than slides to write.
        first.make("text", [.setText(node: first.document.rootID, from: first.document.root.text, to: "Lesson plan")])
        try Self.settle(first)
        #expect(first.document.presentations == changed)
        // A second screen opens and compacts: the snapshot now stands where the log does.
        let compacting = try SharedMapOpening.open(shared, compactingAfter: 0)
        #expect(compacting.document.presentations == changed)
        let snapshot = try SharedMapStore(connection: connection).snapshot(of: "slides")
        #expect(snapshot.seq == compacting.seq && snapshot.seq > 0, "compacted")
        #expect(snapshot.document.presentations == changed, "the slides are in the snapshot itself, not only in the log")
        // A third screen opening later has the change, as the first one shows it.
        let third = try SharedScreen(shared)
        defer { third.link.stop() }
        #expect(third.engine.confirmedSeq == snapshot.seq, "opened from the new snapshot, nothing after it")
        #expect(third.document.presentations == changed)
        #expect(third.document.hasSameContent(as: first.document), "\(third.document.firstDifference(from: first.document))")
    }

    @Test func aDatabaseAnOlderMeshpadMadeIsUpgradedAndItsMapsOpenWithNoSlides() throws {
        let cluster = try TestCluster()
        let connection = try PGConnection(cluster.address)
        // The tables as schema 2 left them, with a map shared and changed by a Meshpad of that time.
        try connection.execute(SharedSchema.versionTable, doing: "making the old schema")
        for step in SharedSchema.migrations.prefix(2) { try connection.executeScript(step, doing: "making the old schema") }
        try connection.execute("INSERT INTO meshpad_schema (version) VALUES (2)", doing: "making the old schema")
        let old = Document.sample()
        let store = SharedMapStore(connection: connection)
        let rows = try connection.execute("INSERT INTO meshpad_maps (name, root_node, layout_mode) VALUES ('old', $1, 'free') RETURNING id",
                                          [String(old.rootID.rawValue)], doing: "sharing as schema 2 did")
        let id = try #require(rows.first?.first.flatMap { $0 }.flatMap { Int64($0) })
        try store.insertRows(map: id, nodes: String(decoding: try JSONEncoder().encode(old.nodes), as: UTF8.self),
                             edges: String(decoding: try JSONEncoder().encode(old.edges), as: UTF8.self), doing: "sharing as schema 2 did")
        try store.append(SharedOperation(client: 1, clientSeq: 1, transaction: Transaction(
            label: "text", carrying: [.setText(node: old.rootID, from: old.root.text, to: "changed in schema 2")])), toMap: id)
        let shared = SharedMapName(address: cluster.address, name: "old")

        // This Meshpad asks for `db init`, as it did for every older schema, and touches nothing.
        let tooOld = SharedMapError.schemaTooOld(address: cluster.address.redacted, found: 2, known: SharedSchema.version)
        #expect(throws: tooOld) { try SharedMapOpening.open(shared) }
        let upgraded = try SharedMapDatabase(connection: connection).initialize()
        #expect(upgraded.found == 2 && upgraded.now == 3)

        // The old map opens as it was, with no slides, and its log carried out.
        let opened = try SharedMapOpening.open(shared)
        #expect(opened.document.presentations.isEmpty)
        #expect(opened.document.root.text == "changed in schema 2")
        #expect(opened.document.nodes.map(\.id) == old.nodes.map(\.id) && opened.document.edges == old.edges)
        // Slides made on it now are kept through a compaction.
        let screen = try SharedScreen(shared)
        defer { screen.link.stop() }
        let slides = [Presentation(name: "New", slides: [Slide(name: "One", node: old.rootID)])]
        screen.make("slides", [.setPresentations(from: [], to: slides)])
        try Self.settle(screen)
        _ = try SharedMapOpening.open(shared, compactingAfter: 0)
        #expect(try store.snapshot(of: "old").document.presentations == slides)
        #expect(try SharedMapOpening.open(shared).document.presentations == slides)
    }

    @Test func slidesStoredAsHostileOrUnreadableJSONCostTheSlidesNotTheMap() throws {
        let cluster = try TestCluster()
        let map = try Self.mapWithSlides()
        let (connection, shared) = try Self.share(map, in: cluster)
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        let hostile = [
            "{\"slides\": 1}",                                          // not a list
            "\"Lesson\"",                                               // a string
            "[{\"name\": 5, \"slides\": []}]",                          // a name that is a number
            "[{\"name\": \"x\", \"slides\": {\"0\": {}}}]",             // slides that are not a list
            "[{\"name\": \"x\", \"slides\": [{\"name\": \"s\", \"nodes\": [1.5e300]}]}]",  // a node ID out of range
            "[{\"name\": \"x\", \"slides\": [{\"name\": \"s\", \"nodes\": [1], \"conditionXML\": \"<unclosed\"}]}]",
            "[{\"name\": \"x\", \"slides\": [{\"name\": \"s\", \"nodes\": [1], \"conditionXML\": \"<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>\"}]}]",
            deep,
        ]
        for (k, json) in hostile.enumerated() {
            try connection.execute("UPDATE meshpad_maps SET presentations = $1::jsonb WHERE name = 'slides'", [json], doing: "doctoring the slides")
            let stored = try connection.execute("SELECT presentations::text FROM meshpad_maps WHERE name = 'slides'", doing: "reading")
            let read = SharedSchema.presentations(stored: stored.first?.first.flatMap { $0 })
            #expect(read.presentations.isEmpty && read.problem != nil, "value \(k): \(read.problem ?? "read as slides")")
            let opened = try SharedMapOpening.open(shared)
            #expect(opened.document.presentations.isEmpty, "value \(k)")
            #expect(opened.document.nodes.map(\.id) == map.nodes.map(\.id) && opened.document.edges == map.edges, "value \(k): the map is whole")
        }
        // NULL (a map stored before schema 3) is no slides and no problem.
        #expect(SharedSchema.presentations(stored: nil).problem == nil)
        try connection.execute("UPDATE meshpad_maps SET presentations = NULL WHERE name = 'slides'", doing: "doctoring the slides")
        #expect(try SharedMapOpening.open(shared).document.presentations.isEmpty)
        // A slide naming a node the map lacks is kept: it is skipped when played, as in a file.
        let missing = "[{\"name\": \"x\", \"slides\": [{\"name\": \"gone\", \"nodes\": [987654]}]}]"
        try connection.execute("UPDATE meshpad_maps SET presentations = $1::jsonb WHERE name = 'slides'", [missing], doing: "doctoring the slides")
        let kept = try SharedMapOpening.open(shared).document
        #expect(kept.presentations.first?.slides.first?.name == "gone")
        #expect(kept.presentations.first?.playable(in: kept).isEmpty == true)
    }
}
