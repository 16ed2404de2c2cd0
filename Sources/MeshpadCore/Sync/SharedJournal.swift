import Foundation

/// This screen's changes to a shared map that the server has not ordered yet, kept on disk beside
/// the autosaves, so quitting, a crash or a power cut while the database is away loses nothing.
///
/// One file per map (`shared-<name>-<FNV hash of the redacted address and the name>.json` in the
/// recovery folder; no password is ever written): the pending operations with their own client
/// numbers, so sending them again on the next open is harmless (the server keeps each
/// (client, client_seq) once). Written whenever the pending list changes, removed when it empties.
public struct SharedJournal: Sendable {
    public let path: String

    public init(store: RecoveryStore, map: SharedMapName) {
        let safe = String(map.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
        path = store.directory + "/shared-\(safe)-\(RecoveryStore.hash(map.address.redacted + "\n" + map.name)).json"
    }

    /// Keeps `operations` (none: the file goes).
    public func write(_ operations: [SharedOperation]) throws(FormatError) {
        guard !operations.isEmpty else {
            remove()
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        let data: Data
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            data = try JSONEncoder().encode(operations)
        } catch {
            throw FormatError(path: path, format: "shared-map journal", reason: .unwritable(detail: "\(error)"))
        }
        try AtomicFile.write(data, to: path, keepBackup: false)
    }

    /// What an earlier session left unsent; empty when there is no journal.
    public func read() throws(FormatError) -> [SharedOperation] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            return try JSONDecoder().decode([SharedOperation].self, from: data)
        } catch {
            throw FormatError(path: path, format: "shared-map journal", reason: .unreadable(detail: "\(error)"))
        }
    }

    public func remove() {
        unlink(path)
    }
}
