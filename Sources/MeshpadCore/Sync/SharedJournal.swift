import Foundation

/// One session's changes to a shared map that the server has not ordered yet, kept on disk beside
/// the autosaves, so quitting, a crash or a power cut while the database is away loses nothing.
///
/// One file per session (`shared-<name>-<FNV hash of the redacted address and the name>-<client>.json`
/// in the recovery folder; no password is ever written): the pending operations with their own
/// client numbers, so sending them again is harmless (the server keeps each (client, client_seq)
/// once). Written whenever the pending list changes, removed when it empties.
///
/// A session holds an advisory lock (`flock`) on a `.lock` file beside its journal while it
/// runs; the kernel lets go of it when the process ends however it ends (SIGKILL included). So
/// several windows of one map on one machine each keep their own journal, and the next open
/// sends only the journals no running session holds (`SharedJournals.abandoned`).
public final class SharedJournal: Sendable {
    public let path: String
    private let lockPath: String
    /// The descriptor whose lock marks the journal as held; -1 when the lock could not be taken.
    private let lockDescriptor: Int32

    init(path: String, lockPath: String, lockDescriptor: Int32) {
        self.path = path
        self.lockPath = lockPath
        self.lockDescriptor = lockDescriptor
    }

    deinit {
        // why: a journal that emptied leaves only its lock file behind; nothing else needs it.
        if !FileManager.default.fileExists(atPath: path) { unlink(lockPath) }
        if lockDescriptor >= 0 { close(lockDescriptor) }
    }

    /// Keeps `operations` (none: the file goes).
    public func write(_ operations: [SharedOperation]) throws(FormatError) {
        guard !operations.isEmpty else {
            unlink(path)
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

    /// What the journal holds; empty when there is no file.
    public func read() throws(FormatError) -> [SharedOperation] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        do {
            return try JSONDecoder().decode([SharedOperation].self, from: data)
        } catch {
            throw FormatError(path: path, format: "shared-map journal", reason: .unreadable(detail: "\(error)"))
        }
    }

    /// Removes the journal and its lock file: the server has everything it held.
    public func remove() {
        unlink(path)
        unlink(lockPath)
    }
}

/// The journals of one shared map on this machine: the one a new session keeps, and the ones
/// earlier sessions left unsent.
public struct SharedJournals: Sendable {
    public let store: RecoveryStore
    /// Every journal of the map starts with this (a folder and a file-name prefix).
    let prefix: String

    public init(store: RecoveryStore, map: SharedMapName) {
        self.store = store
        let safe = String(map.name.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
        prefix = "shared-\(safe)-\(RecoveryStore.hash(map.address.redacted + "\n" + map.name))"
    }

    /// The journal session `client` keeps, locked for as long as it lives.
    public func session(client: Int64) -> SharedJournal {
        let base = store.directory + "/\(prefix)-\(client)"
        try? FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        return SharedJournal(path: base + ".json", lockPath: base + ".lock", lockDescriptor: Self.lock(base + ".lock"))
    }

    /// The journals no running session holds (sessions that quit offline, were killed or lost
    /// power), each now locked by the caller until it is removed or dropped, so two screens
    /// opening at once do not both take one. A journal of Meshpad before per-session journals
    /// (`<prefix>.json`) is one of them.
    public func abandoned() -> [SharedJournal] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: store.directory) else { return [] }
        return names.filter { name in
            guard name.hasPrefix(prefix), name.hasSuffix(".json") else { return false }
            let middle = name.dropFirst(prefix.count).dropLast(".json".count)
            return middle.isEmpty || (middle.first == "-" && middle.dropFirst().allSatisfy(\.isNumber) && middle.count > 1)
        }.sorted().compactMap { name in
            let base = store.directory + "/" + String(name.dropLast(".json".count))
            let descriptor = Self.lock(base + ".lock")
            guard descriptor >= 0 else { return nil }
            return SharedJournal(path: base + ".json", lockPath: base + ".lock", lockDescriptor: descriptor)
        }
    }

    /// Opens and locks `path` without waiting; -1 when another session holds it or it cannot be made.
    static func lock(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return -1 }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }
}
