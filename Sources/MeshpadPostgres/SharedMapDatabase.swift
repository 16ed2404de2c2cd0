import Foundation
import MeshpadCore

/// The shared-map tables on one connection: creating and upgrading the schema, and checking
/// that this Meshpad can use what it finds.
public struct SharedMapDatabase {
    public let connection: PGConnection

    public init(connection: PGConnection) {
        self.connection = connection
    }

    /// Connects to `address`.
    public init(address: DatabaseAddress) throws(SharedMapError) {
        self.init(connection: try PGConnection(address))
    }

    private var address: String { connection.address.redacted }

    /// The schema version the database holds; nil when it has no Meshpad tables.
    public func schemaVersion() throws(SharedMapError) -> Int? {
        let table = try connection.execute("SELECT to_regclass('meshpad_schema') IS NOT NULL", doing: "looking for Meshpad's tables")
        guard table.first?.first == "t" else { return nil }
        let rows = try connection.execute("SELECT max(version) FROM meshpad_schema", doing: "reading the schema version")
        return rows.first?.first.flatMap { $0 }.flatMap { Int($0) }
    }

    /// Refuses a database this Meshpad cannot use: no tables, or a schema older or newer than its own.
    public func checkSchema() throws(SharedMapError) {
        if let problem = SharedSchema.problem(found: try schemaVersion(), address: address) { throw problem }
    }

    /// `meshpad db init`: creates the tables, or upgrades them to this Meshpad's version, in one
    /// transaction (a second `db init` racing this one waits for it, then finds nothing to do).
    /// Returns the version found (nil: none) and the version now.
    @discardableResult
    public func initialize() throws(SharedMapError) -> (found: Int?, now: Int) {
        try connection.inTransaction(doing: "creating Meshpad's tables") { () throws(SharedMapError) in
            try connection.execute(SharedSchema.versionTable, doing: "creating Meshpad's tables")
            try connection.execute("LOCK TABLE meshpad_schema IN EXCLUSIVE MODE", doing: "creating Meshpad's tables")
            let rows = try connection.execute("SELECT max(version) FROM meshpad_schema", doing: "reading the schema version")
            let found = rows.first?.first.flatMap { $0 }.flatMap { Int($0) }
            let current = found ?? 0
            if current > SharedSchema.version {
                throw .schemaTooNew(address: address, found: current, known: SharedSchema.version)
            }
            for step in current..<SharedSchema.version {
                try connection.executeScript(SharedSchema.migrations[step], doing: "upgrading the schema to version \(step + 1)")
            }
            try connection.execute("DELETE FROM meshpad_schema", doing: "recording the schema version")
            try connection.execute("INSERT INTO meshpad_schema (version) VALUES ($1)", [String(SharedSchema.version)],
                                   doing: "recording the schema version")
            return (found, SharedSchema.version)
        }
    }
}
