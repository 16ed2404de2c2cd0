/// Why a shared map could not be reached, opened or written, in words a person can act on.
///
/// Every case names the database by its redacted address (`DatabaseAddress.redacted`: never a
/// password) and, where it matters, the map.
public enum SharedMapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpq could not connect (host down, wrong password, no such database).
    case unreachable(address: String, detail: String)
    /// A statement failed; `doing` says what Meshpad was doing ("reading map 'class'").
    case failed(address: String, doing: String, detail: String)
    /// The role may not do this (SQLSTATE 42501): it may read the map but not change it.
    case notPermitted(address: String, doing: String, detail: String)
    /// The connection dropped while in use.
    case lost(address: String, detail: String)
    /// The database has no Meshpad tables yet.
    case noSchema(address: String)
    /// A newer Meshpad made the tables; this one would misread them.
    case schemaTooNew(address: String, found: Int, known: Int)
    /// An older Meshpad made the tables; `meshpad db init` upgrades them.
    case schemaTooOld(address: String, found: Int, known: Int)
    case noSuchMap(name: String, address: String)
    case mapExists(name: String, address: String)
    /// An operation in the log this Meshpad cannot read.
    case unreadableOperation(seq: Int64, map: String, detail: String)
    /// The database cannot be reached (`reason`) and this machine has no copy of the map to open meanwhile.
    case noOfflineCopy(name: String, reason: String)
    /// The database cannot be reached and the copy here was opened offline once already since it last was.
    case offlineCopyUsed(name: String, reason: String)

    public var description: String {
        switch self {
        case .unreachable(let address, let detail):
            return "cannot reach the database at \(address): \(detail)"
        case .failed(let address, let doing, let detail):
            return "the database at \(address) refused \(doing): \(detail)"
        case .notPermitted(let address, let doing, let detail):
            return "the database at \(address) lets this screen read shared maps but not change them (\(doing): \(detail))"
        case .lost(let address, let detail):
            return "lost the connection to the database at \(address): \(detail)"
        case .noSchema(let address):
            return "the database at \(address) has no Meshpad tables yet: run `meshpad db init URL` once (as a role that may create tables)"
        case .schemaTooNew(let address, let found, let known):
            return """
                the database at \(address) holds shared maps in schema version \(found), made by a newer Meshpad; \
                this one knows up to version \(known) and will not touch it: update Meshpad on this machine
                """
        case .schemaTooOld(let address, let found, let known):
            return """
                the database at \(address) holds shared maps in schema version \(found); this Meshpad needs \
                version \(known): run `meshpad db init URL` to upgrade it (nothing in it is lost)
                """
        case .noSuchMap(let name, let address):
            return "there is no shared map called '\(name)' in the database at \(address): `meshpad share MAP.meshpad --db URL --name \(name)` puts one there"
        case .mapExists(let name, let address):
            return "the database at \(address) already has a shared map called '\(name)': choose another name with --name"
        case .unreadableOperation(let seq, let map, let detail):
            return "change \(seq) of shared map '\(map)' cannot be read by this Meshpad (\(detail)); update Meshpad"
        case .noOfflineCopy(let name, let reason):
            return "\(reason); and this machine keeps no copy of the shared map '\(name)' to open meanwhile (one is kept once it has been opened here)"
        case .offlineCopyUsed(let name, let reason):
            return """
                \(reason); the copy of the shared map '\(name)' on this machine was opened offline once already since \
                the database was last reached, and its changes wait to be sent: reach the database to open it again
                """
        }
    }
}
