import Foundation

/// Where unsaved work is kept between autosaves and found again after a crash.
///
/// One recovery file per document, under `$XDG_DATA_HOME/meshpad/recovery/` (default
/// `~/.local/share/meshpad/recovery/`), named after the document and a hash of its full path,
/// in the native format whatever the document's own format is. A recovery newer than its
/// document means the last session ended with unsaved changes.
public struct RecoveryStore: Sendable {
    public let directory: String

    public init(directory: String) {
        self.directory = directory
    }

    /// The standard location, from the environment.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> RecoveryStore {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return RecoveryStore(directory: base + "/meshpad/recovery")
    }

    /// The recovery file for a document at `path` (nil: an untitled map).
    public func recoveryPath(for path: String?) -> String {
        guard let path else { return directory + "/untitled.meshpad" }
        let absolute = (path as NSString).standardizingPath.hasPrefix("/")
            ? (path as NSString).standardizingPath
            : FileManager.default.currentDirectoryPath + "/" + path
        let base = ((absolute as NSString).lastPathComponent as NSString).deletingPathExtension
        let safe = String(base.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" }.prefix(60))
        return directory + "/\(safe)-\(Self.hash(absolute)).meshpad"
    }

    /// Writes the document's current state (atomically; no backup of the recovery itself).
    public func save(_ document: Document, for path: String?) throws(FormatError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FormatError(path: directory, format: "recovery", reason: .unwritable(detail: error.localizedDescription))
        }
        let data: Data
        do {
            data = try NativeFormat.encode(document)
        } catch {
            throw FormatError(path: directory, format: "recovery", reason: .unwritable(detail: "\(error)"))
        }
        try AtomicFile.write(data, to: recoveryPath(for: path), keepBackup: false)
    }

    /// A recovery left by an earlier session, if it is newer than the document (or the document is gone).
    public func pending(for path: String?) -> (path: String, modified: Date)? {
        let recovery = recoveryPath(for: path)
        guard let recoveryDate = Self.modificationDate(recovery) else { return nil }
        if let path, let documentDate = Self.modificationDate(path), documentDate >= recoveryDate { return nil }
        return (recovery, recoveryDate)
    }

    public func discard(for path: String?) {
        unlink(recoveryPath(for: path))
    }

    static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// FNV-1a: stable across runs and machines, unlike `Hasher`.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01B3
        }
        return String(value, radix: 16)
    }
}

/// Decides when unsaved changes go to the recovery file: at most `delaySeconds` after the first
/// change not yet written, however long the user keeps changing things (a long drag still
/// autosaves twice a second), so a crash loses at most about that much.
public struct AutosaveSchedule: Sendable {
    public var delaySeconds: Double
    public private(set) var writtenRevision: UInt64
    private var firstUnwrittenChange: Double?

    public init(delaySeconds: Double = 0.5, writtenRevision: UInt64) {
        self.delaySeconds = delaySeconds
        self.writtenRevision = writtenRevision
    }

    /// Notes the document's revision at `time`; true when it is time to write it.
    public mutating func isDue(revision: UInt64, at time: Double) -> Bool {
        guard revision != writtenRevision else {
            firstUnwrittenChange = nil
            return false
        }
        guard let first = firstUnwrittenChange else {
            firstUnwrittenChange = time
            return false
        }
        return time - first >= delaySeconds
    }

    /// When the loop must wake up to write, if a change is waiting.
    public var deadline: Double? { firstUnwrittenChange.map { $0 + delaySeconds } }

    public mutating func markWritten(_ revision: UInt64) {
        writtenRevision = revision
        firstUnwrittenChange = nil
    }
}
