import MeshpadCore

/// The shared maps of one PostgreSQL database, as the app asks for them (`SharedMapService`):
/// the list, an opening (online, or from this machine's copy when the database is away), and a
/// connection for each screen.
public struct PostgresSharedMaps: SharedMapService {
    public let address: DatabaseAddress

    public init(address: DatabaseAddress) {
        self.address = address
    }

    public func mapNames() throws(SharedMapError) -> [String] {
        try SharedMapStore(connection: try PGConnection(address)).mapNames()
    }

    public func open(_ name: String, journals: SharedJournals?) throws(SharedMapError) -> SharedMapOpened {
        try SharedMapOpening.openOnlineOrOffline(SharedMapName(address: address, name: name), journals: journals)
    }

    public func channel(mapID: Int64, after seq: Int64, journals: SharedJournals?,
                        wake: @escaping @Sendable () -> Void) -> any SharedMapChannel {
        SharedMapLink(address: address, mapID: mapID, after: seq, journals: journals, onActivity: wake)
    }
}
