import Foundation

/// Where the open map lives on disk, in which format, and whether it has unsaved changes.
public struct DocumentFile: Sendable, Equatable {
    /// nil for a map never saved (the sample, a procedural map).
    public private(set) var path: String?
    /// The format Ctrl+S writes: the file's own, so a `.mm` stays a `.mm`.
    public private(set) var format: MapFormat
    public private(set) var savedRevision: UInt64

    public init(path: String?, format: MapFormat, savedRevision: UInt64) {
        self.path = path
        self.format = format.canBeOpened ? format : .native
        self.savedRevision = savedRevision
    }

    public func isDirty(_ document: Document) -> Bool { document.revision != savedRevision }

    /// Whether the map at `revision` is what is on disk.
    public func revisionIsSaved(_ revision: UInt64) -> Bool { revision == savedRevision }

    /// The name to show in the title bar and dialogs.
    public var displayName: String { path.map { ($0 as NSString).lastPathComponent } ?? "Untitled" }

    /// Writes a map atomically to `path` in `format` (temp file, fsync, rename; the old version
    /// kept as `path~`). Returns what the format could not hold (free links in Markdown, say).
    ///
    /// A format that names pictures by path (`.mm`, SVG) first gets the pictures the map holds
    /// only inside it written beside it (`PictureEmbedding.writeOut`), and says so.
    public static func write(_ document: Document, to path: String, as format: MapFormat,
                             theme: Theme = .standard) throws(FormatError) -> [String] {
        var document = document
        var notes: [String] = []
        if format == .freeMind || format == .svg {
            (document, notes) = PictureEmbedding.writeOut(document, besideMapAt: path)
        }
        let encoded: (data: Data, warnings: [String])
        do {
            encoded = try MapFile.encode(document, as: format, theme: theme)
        } catch {
            throw error.at(path)
        }
        try AtomicFile.write(encoded.data, to: path)
        return notes + encoded.warnings
    }

    /// Marks the document's current revision as what is on disk (after opening it).
    public mutating func markSaved(_ document: Document) {
        savedRevision = document.revision
    }

    /// Marks `revision` as what is on disk.
    public mutating func markSaved(revision: UInt64) {
        savedRevision = revision
    }

    /// The map differs from the file whatever its revision (it came from a recovery file).
    public mutating func markUnsaved() {
        savedRevision = .max
    }
}

/// The few maps opened last, most recent first, kept beside the recovery files.
public struct RecentFiles: Sendable, Equatable {
    public static let limit = 10
    public private(set) var paths: [String]

    public init(paths: [String] = []) {
        self.paths = Array(paths.prefix(Self.limit))
    }

    public mutating func add(_ path: String) {
        let absolute = (path as NSString).isAbsolutePath ? path : FileManager.default.currentDirectoryPath + "/" + path
        let clean = (absolute as NSString).standardizingPath
        paths.removeAll { $0 == clean }
        paths.insert(clean, at: 0)
        if paths.count > Self.limit { paths.removeLast(paths.count - Self.limit) }
    }

    public static func load(from path: String) -> RecentFiles {
        guard let data = FileManager.default.contents(atPath: path),
              let list = try? JSONDecoder().decode([String].self, from: data) else { return RecentFiles() }
        return RecentFiles(paths: list)
    }

    public func save(to path: String) throws(FormatError) {
        do {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(try JSONEncoder().encode(paths), to: path, keepBackup: false)
        } catch let error as FormatError {
            throw error
        } catch {
            throw FormatError(path: path, format: "recent files", reason: .unwritable(detail: error.localizedDescription))
        }
    }
}
