import Foundation

/// The map as a shared session on this machine last had it from the server, kept beside the
/// map's journals, so the map still opens when the database cannot be reached (a kiosk that
/// starts before the school's server does, a laptop on a train).
///
/// With it goes a spare session number the server handed out while it could be reached: an
/// offline opening needs a number of its own (new nodes are numbered in its block, and the
/// server keeps each (client, client_seq) once), and only the server hands them out. The spare
/// is taken by one opening only; once used it is gone, and the next opening that reaches the
/// database keeps a new one. The copy is written as the nodes, links and presentations code
/// themselves in the log (order kept), with the map's ID and the log position it stands at, so
/// the session catches up from there when the database is back.
public struct SharedOfflineCopy: Codable, Sendable {
    public var map: Int64
    public var seq: Int64
    public var root: NodeID
    public var tree: Bool
    public var nodes: [Node]
    public var edges: [Edge]
    /// The nodes the log deleted up to `seq` (absent in a copy kept by an older Meshpad).
    public var graves: Tombstones?
    /// The map's presentations (absent in a copy kept by an older Meshpad, and when it has none).
    public var presentations: [Presentation]?

    public init(map: Int64, seq: Int64, document: Document, graves: Tombstones? = nil) {
        self.map = map
        self.seq = seq
        self.graves = graves
        root = document.rootID
        tree = document.layoutMode == .tree
        nodes = document.nodes
        edges = document.edges
        presentations = document.presentations.isEmpty ? nil : document.presentations
    }

    /// The map the copy holds.
    public func document() throws(DocumentError) -> Document {
        try SharedSchema.snapshotDocument(nodes: nodes, edges: edges, rootID: root, layoutMode: tree ? .tree : .free,
                                          presentations: presentations ?? [])
    }
}

extension SharedJournals {
    var copyPath: String { store.directory + "/\(prefix).copy.json" }
    var sparePath: String { store.directory + "/\(prefix).spare" }

    /// Keeps `copy` in place of an older one (a newer log position only).
    public func keep(_ copy: SharedOfflineCopy) throws(FormatError) {
        if let kept = try? keptCopyPosition(), kept > copy.seq { return }
        let data: Data
        do {
            try FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
            data = try JSONEncoder().encode(copy)
        } catch {
            throw FormatError(path: copyPath, format: "shared-map copy", reason: .unwritable(detail: "\(error)"))
        }
        try AtomicFile.write(data, to: copyPath, keepBackup: false)
    }

    /// The copy kept on this machine; nil when there is none.
    public func keptCopy() throws(FormatError) -> SharedOfflineCopy? {
        guard let data = FileManager.default.contents(atPath: copyPath) else { return nil }
        do {
            return try JSONDecoder().decode(SharedOfflineCopy.self, from: data)
        } catch {
            throw FormatError(path: copyPath, format: "shared-map copy", reason: .unreadable(detail: "\(error)"))
        }
    }

    /// The log position of the kept copy, read without decoding its map.
    private func keptCopyPosition() throws -> Int64? {
        struct Position: Decodable { var seq: Int64 }
        guard let data = FileManager.default.contents(atPath: copyPath) else { return nil }
        return try JSONDecoder().decode(Position.self, from: data).seq
    }

    /// Whether a spare session number is kept.
    public var hasSpare: Bool { FileManager.default.fileExists(atPath: sparePath) }

    /// Keeps `client` as the spare session number (written whole or not at all).
    public func keepSpare(_ client: Int64) throws(FormatError) {
        try? FileManager.default.createDirectory(atPath: store.directory, withIntermediateDirectories: true)
        try AtomicFile.write(Data(String(client).utf8), to: sparePath, keepBackup: false)
    }

    /// Takes the spare session number, so no other opening can: nil when there is none (or
    /// another opening took it first — the rename succeeds for one of them only).
    public func takeSpare() -> Int64? {
        let taken = sparePath + ".taken-\(getpid())-\(UUID().uuidString)"
        guard rename(sparePath, taken) == 0 else { return nil }
        defer { unlink(taken) }
        guard let data = FileManager.default.contents(atPath: taken) else { return nil }
        return Int64(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
