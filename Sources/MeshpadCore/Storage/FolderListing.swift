import Foundation

/// A sub-folder or a file as the file browser lists it: its real name, and a name safe to draw.
///
/// A name is bytes to the system, not text: it may hold a newline or a control character, or
/// bytes that are not UTF-8 at all. `rawName` is what the system gave; `name` is the same as
/// text when it is text (and is what paths are made of); `displayName` is what a person reads.
public struct FolderEntry: Equatable, Sendable {
    /// The name's bytes exactly as the system gave them.
    public var rawName: [UInt8]
    /// The name as text, nil when its bytes are not UTF-8: no path to it can be written as text.
    public var name: String?
    /// What a person reads: control characters shown as visible marks, bad bytes as `�`.
    public var displayName: String
    public var isFolder: Bool
    /// A file's size in bytes and when it last changed (seconds since 1970), where known.
    public var size: Int64?
    public var modified: Double?

    public init(rawName: [UInt8], isFolder: Bool, size: Int64? = nil, modified: Double? = nil) {
        self.rawName = rawName
        name = String(validating: rawName, as: UTF8.self)
        displayName = FolderListing.displayName(String(decoding: rawName, as: UTF8.self))
        self.isFolder = isFolder
        self.size = size
        self.modified = modified
    }
}

/// How the file browser reads and makes folders: the platform's (`LocalFolders`, over
/// `readdir` and `mkdir`), or a test's. The core only ever reaches the disk's folders through it.
public protocol FolderAccess: Sendable {
    /// Everything `folder` holds, by raw name (bytes as the system gave them; a name need not
    /// be UTF-8), links followed: a link to a folder is a folder, a link to nowhere `.other`.
    func entries(of folder: String) throws(FolderError) -> [FolderAccessEntry]
    /// Makes the folder at `path` (its last part `name`, already checked).
    func makeFolder(at path: String, named name: String) throws(FolderError)
}

/// One thing a folder holds, as `FolderAccess` reads it.
public struct FolderAccessEntry: Equatable, Sendable {
    public enum Kind: Sendable { case folder, file, other }
    public var rawName: [UInt8]
    public var kind: Kind
    /// A file's size in bytes, and when it (or a folder) last changed, in seconds since 1970;
    /// nil where they could not be read.
    public var size: Int64?
    public var modified: Double?

    public init(rawName: [UInt8], kind: Kind, size: Int64? = nil, modified: Double? = nil) {
        self.rawName = rawName
        self.kind = kind
        self.size = size
        self.modified = modified
    }
}

/// A `FolderAccess` for a run that must reach no folder: every folder is unreadable, none can be made.
public struct NoFolders: FolderAccess {
    public init() {}

    public func entries(of folder: String) throws(FolderError) -> [FolderAccessEntry] {
        throw .unreadable(folder: folder, reason: "no folders can be read here")
    }

    public func makeFolder(at path: String, named name: String) throws(FolderError) {
        throw .cannotMake(name: name, reason: "no folders can be made here")
    }
}

/// What a folder holds that Meshpad can use: its sub-folders, then the files with the wanted
/// extensions, each group sorted without regard to case (`Maps` beside `maps`, `2` before `10`).
///
/// Hidden entries (a leading dot) are left out, and so is anything that is neither a folder nor
/// a plain file (sockets, devices, a link to nowhere). Names are kept as bytes (`FolderEntry`),
/// as the platform's `readdir` gives them: FileManager turns a name whose bytes are not UTF-8
/// into text with `�` in it, and a path made from that text names nothing.
public struct FolderListing: Equatable, Sendable {
    public var folder: String
    public var entries: [FolderEntry]

    /// The extensions of the maps Meshpad opens (lowercase, without the dot).
    public static let mapExtensions: Set<String> = ["meshpad", "mm", "xmind", "opml", "md", "markdown", "mmd", "mermaid"]

    /// Lists `folder` through `access`, keeping files whose extension (any case) is in
    /// `extensions`, hidden entries (a leading dot) and anything neither a folder nor a plain
    /// file left out.
    public static func read(_ folder: String, extensions: Set<String>, from access: any FolderAccess) throws(FolderError) -> FolderListing {
        var entries: [FolderEntry] = []
        for entry in try access.entries(of: folder) {
            guard let first = entry.rawName.first, first != UInt8(ascii: ".") else { continue }
            switch entry.kind {
            case .folder: entries.append(FolderEntry(rawName: entry.rawName, isFolder: true, modified: entry.modified))
            case .file where extensions.contains(Self.pathExtension(of: entry.rawName)):
                entries.append(FolderEntry(rawName: entry.rawName, isFolder: false, size: entry.size, modified: entry.modified))
            default: continue
            }
        }
        entries.sort(by: Self.listedBefore)
        return FolderListing(folder: folder, entries: entries)
    }

    /// Makes a folder called `name` (spaces around it dropped) in `folder` through `access`;
    /// returns its path. A name no folder can have is refused first, saying why.
    public static func makeFolder(named name: String, in folder: String, with access: any FolderAccess) throws(FolderError) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw .badName("Type a name for the new folder") }
        guard !trimmed.contains("/") else { throw .badName("A folder’s name cannot have “/” in it") }
        guard trimmed != ".", trimmed != ".." else { throw .badName("“\(trimmed)” is not a name a folder can have") }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .badName("A folder’s name cannot have control characters in it")
        }
        let path = joined(folder, trimmed)
        try access.makeFolder(at: path, named: trimmed)
        return path
    }

    /// A size as a person reads it: `812 B`, `12 KB`, `3.4 MB`.
    public static func sizeText(_ bytes: Int64) -> String {
        if bytes < 1000 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return value < 10 ? String(format: "%.1f %@", value, units[unit]) : "\(Int(value.rounded())) \(units[unit])"
    }

    /// When something changed, as a list shows it: the time today, the day this year, else the
    /// day and year (`14:05`, `3 Dec`, `3 Dec 2025`), in `calendar`'s time zone.
    public static func dateText(_ seconds: Double, now: Double, calendar: Calendar = .current) -> String {
        let date = Date(timeIntervalSince1970: seconds), today = Date(timeIntervalSince1970: now)
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        if calendar.isDate(date, inSameDayAs: today) {
            return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        }
        if calendar.component(.year, from: today) == parts.year { return "\(parts.day ?? 1) \(month)" }
        return "\(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }

    /// `name` inside `folder`.
    public static func joined(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// A name or path as it can be drawn on one line: a line break becomes `↵`, any other
    /// control character `�`. `"a\nb.mm"` → `"a↵b.mm"`.
    ///
    /// why: the Control Pictures (`␤`, `␉`) would say more, but few fonts have them (none of
    /// DejaVu, Noto CJK or the URW fonts does), and a missing glyph draws as an empty box.
    public static func displayName(_ name: String) -> String {
        var shown = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                shown.append("↵")
            default:
                shown.append(scalar.properties.generalCategory == .control ? "�" : scalar)
            }
        }
        return String(shown)
    }

    /// The extension of a name's bytes, lowercased: `"Plan.MM"` → `"mm"`; none for `"README"`.
    static func pathExtension(of raw: [UInt8]) -> String {
        guard let dot = raw.lastIndex(of: UInt8(ascii: ".")), dot > 0 else { return "" }
        return String(decoding: raw[(dot + 1)...], as: UTF8.self).lowercased()
    }

    /// Folders first, then by name without regard to case, numbers by value; the bytes break ties
    /// so the order never depends on the order the system listed them in.
    static func listedBefore(_ a: FolderEntry, _ b: FolderEntry) -> Bool {
        if a.isFolder != b.isFolder { return a.isFolder }
        switch a.displayName.compare(b.displayName, options: [.caseInsensitive, .numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a.rawName.lexicographicallyPrecedes(b.rawName)
        }
    }
}

/// Why a folder could not be listed or made, in words a person can act on.
public enum FolderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `folder` could not be listed: "no such folder", "permission denied"…
    case unreadable(folder: String, reason: String)
    /// A new folder could not be made.
    case cannotMake(name: String, reason: String)
    /// The name typed for a new folder is not one a folder can have (the sentence says why).
    case badName(String)

    public var description: String {
        switch self {
        case .unreadable(let folder, let reason):
            return "Cannot read \(FolderListing.displayName(folder)): \(reason)"
        case .cannotMake(let name, let reason):
            return "Cannot make “\(FolderListing.displayName(name))”: \(reason)"
        case .badName(let sentence):
            return sentence
        }
    }

    /// A system error number in words.
    public static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such folder"
        case EACCES, EPERM: return "permission denied"
        case ENOTDIR: return "it is a file, not a folder"
        case EEXIST: return "it is already there"
        case ENAMETOOLONG: return "the name is too long"
        case EROFS: return "the disk is read-only"
        case ENOSPC, EDQUOT: return "the disk is full"
        case ELOOP: return "it links back to itself"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
