import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// The schema and the connection against a throwaway PostgreSQL (`TestCluster`).
@Suite(.serialized) struct SharedMapDatabaseTests {
    @Test func dbInitCreatesTheSchemaOnceAndAgainFindsNothingToDo() throws {
        let cluster = try TestCluster()
        let database = try SharedMapDatabase(address: cluster.address)
        #expect(throws: SharedMapError.noSchema(address: cluster.address.redacted)) { try database.checkSchema() }
        let first = try database.initialize()
        #expect(first.found == nil && first.now == SharedSchema.version)
        try database.checkSchema()
        let second = try database.initialize()
        #expect(second.found == SharedSchema.version)
        let tables = try database.connection.execute(
            "SELECT count(*) FROM information_schema.tables WHERE table_name LIKE 'meshpad_%'", doing: "counting")
        #expect(tables.first?.first == "5")
    }

    @Test func aNewerSchemaIsRefusedByNameAndLeftUntouched() throws {
        let cluster = try TestCluster()
        let database = try SharedMapDatabase(address: cluster.address)
        try database.initialize()
        try database.connection.execute("UPDATE meshpad_schema SET version = 99", doing: "pretending to be newer")
        let expected = SharedMapError.schemaTooNew(address: cluster.address.redacted, found: 99, known: SharedSchema.version)
        #expect(throws: expected) { try database.checkSchema() }
        #expect(throws: expected) { try database.initialize() }
        #expect(expected.description.contains("newer Meshpad"))
        #expect(expected.description.contains("127.0.0.1:\(cluster.port)"))
        #expect(try database.schemaVersion() == 99)
    }

    @Test func aWrongPasswordIsReportedWithoutShowingAnyPassword() throws {
        let cluster = try TestCluster()
        let wrong = "Wr0ng-pass-w0rd"
        let address = cluster.address(user: "meshpad", password: wrong)
        do {
            _ = try PGConnection(address)
            Issue.record("a wrong password connected")
        } catch {
            let message = error.description
            #expect(message.contains("127.0.0.1:\(cluster.port)"))
            #expect(message.contains("password authentication failed"))
            #expect(!message.contains(wrong))
            #expect(message.contains("***"))
        }
        #expect(!cluster.address.description.contains(cluster.password))
    }

    @Test func aNotificationReachesAListeningConnection() throws {
        let cluster = try TestCluster()
        let listener = try PGConnection(cluster.address)
        let sender = try PGConnection(cluster.address)
        try listener.listen("meshpad_map_7")
        try sender.execute("SELECT pg_notify('meshpad_map_7', '42')", doing: "notifying")
        var received: [PGConnection.Notification] = []
        let deadline = Date(timeIntervalSinceNow: 5)
        while received.isEmpty, Date() < deadline {
            _ = listener.waitForInput(seconds: 0.5)
            received += try listener.takeNotifications()
        }
        #expect(received == [PGConnection.Notification(channel: "meshpad_map_7", payload: "42")])
    }
}

/// A map put into the database comes back as it was.
@Suite(.serialized) struct SharedMapStoreTests {
    @Test func aSharedMapComesBackWithEveryNodeAndLinkInOrder() throws {
        let cluster = try TestCluster()
        let connection = try PGConnection(cluster.address)
        try SharedMapDatabase(connection: connection).initialize()
        var map = Document.sample()
        let first = try #require(map.nodes.dropFirst().first?.id)
        map.modify(first) { node in
            node.style.bold = true
            node.details.note = "a note with \"quotes\" and ünïcode"
            node.details.icons = ["idea"]
        }
        map.setFolded(first, true)
        // What Freeplane maps hold: a cloud, a summary mark, a link with every part of its look.
        let second = try #require(map.nodes.dropFirst(2).first?.id)
        map.modify(second) { node in
            node.style.cloud = Cloud(color: RGBA(hex: 0xCCE5FF), shape: .arc)
            node.summaryMarks = .firstOfGroup
        }
        map.transact("attributes", sizing: nil, [.setAttributes(node: second, from: AttributeTable(),
                                                                to: AttributeTable(rows: [AttributeTable.Row("cost", "12 €")]))])
        var look = LinkLook(label: "why", arrows: .end, sourceLabel: "from", targetLabel: "to")
        look.color = RGBA(hex: 0x2E7D32)
        look.width = 3
        look.dash = [3, 3]
        let connected = map.connect(first, to: second, kind: .link, arrows: .end)
        let link = try #require(connected)
        map.transact("look", sizing: nil, [.setLink(edge: link, from: LinkLook(arrows: .end), to: look)])
        let store = SharedMapStore(connection: connection)
        try store.share(map, as: "class")
        let snapshot = try store.snapshot(of: "class")
        #expect(snapshot.seq == 0)
        #expect(snapshot.document.nodes.map(\.id) == map.nodes.map(\.id))
        #expect(snapshot.document.nodes.map(\.text) == map.nodes.map(\.text))
        #expect(snapshot.document.nodes.map(\.position) == map.nodes.map(\.position))
        #expect(snapshot.document.node(first)?.style == map.node(first)?.style)
        #expect(snapshot.document.node(first)?.details == map.node(first)?.details)
        #expect(snapshot.document.node(first)?.folded == true)
        #expect(snapshot.document.edges == map.edges)
        #expect(snapshot.document.edges.first { $0.id == link }?.look == look)
        #expect(snapshot.document.node(second)?.style.cloud == map.node(second)?.style.cloud)
        #expect(snapshot.document.node(second)?.summaryMarks == .firstOfGroup)
        #expect(snapshot.document.node(second)?.attributes == map.node(second)?.attributes)
        #expect(snapshot.document.node(second)?.attributes.rows.first?.value == "12 €")
        #expect(throws: SharedMapError.mapExists(name: "class", address: cluster.address.redacted)) { try store.share(map, as: "class") }
        #expect(throws: SharedMapError.noSuchMap(name: "klass", address: cluster.address.redacted)) { try store.snapshot(of: "klass") }
    }
}
