import Foundation

/// The touch file browser inside the Open, Save as and Export dialogs: the folder shown, what
/// is in it (or why it cannot be read), how far the list is scrolled and flung, and the
/// new-folder prompt.
///
/// It only chooses a path. The dialog hands the path to `FileFlow` as before, which still
/// decides what happens (ask before replacing, refuse a picture as a map, write, read).
/// Listing a folder reads the disk (`FolderListing`), once, when the folder is entered.
public struct FileBrowser: Equatable, Sendable {
    /// What the browser picks a file for.
    public enum Purpose: Equatable, Sendable {
        case open
        case saveAs
        case export(ExportFormat)
        /// A picture for a node.
        case image

        /// The purpose of a dialog, if it is one that browses.
        public init?(_ kind: Dialog.Kind) {
            switch kind {
            case .open: self = .open
            case .saveAs: self = .saveAs
            case .export(let format): self = .export(format)
            case .image: self = .image
            default: return nil
            }
        }

        /// The extensions of the files listed: the maps Meshpad opens, or the export's own.
        public var extensions: Set<String> {
            switch self {
            case .open, .saveAs: return FolderListing.mapExtensions
            case .export(.markdown): return ["md", "markdown"]
            case .export(.mermaid): return ["mmd", "mermaid"]
            case .export(let format): return [format.format.rawValue]
            case .image: return Self.imageExtensions
            }
        }

        /// The pictures a node can show (what SDL2_image decodes).
        public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "svg", "gif"]

        /// The formats its chooser offers: the maps Meshpad writes (Save as), every export's.
        public var formats: [MapFormat] {
            switch self {
            case .saveAs: return [.native, .freeMind, .xmind, .opml, .markdown, .mermaid]
            case .export: return ExportFormat.allCases.map(\.format)
            case .open, .image: return []
            }
        }

        /// The format chosen: the export's, or what the name typed ends in (a map with none is a `.meshpad`).
        public func chosenFormat(name: String) -> MapFormat? {
            switch self {
            case .export(let format): return format.format
            case .saveAs:
                return FileBrowser.format(ofName: name).flatMap { formats.contains($0) ? $0 : nil } ?? .native
            case .open, .image: return nil
            }
        }

        /// Whether a name is typed (Save as, Export) rather than a file tapped (Open, a picture).
        public var takesName: Bool { self != .open && self != .image }
    }

    /// The buttons of the browser and of its new-folder prompt.
    public enum Control: Equatable, Sendable, CaseIterable {
        case parent, home, recent, newFolder
        case cancelNewFolder, createFolder
        /// The maps of the database the app knows (Open only, when it knows one).
        case shared

        /// The words on the button: what a person reads, and what tests look for.
        public var label: String {
            switch self {
            case .parent: return "‹ Parent"
            case .home: return "Home"
            case .recent: return "Recent"
            case .newFolder: return "New folder"
            case .cancelNewFolder: return "Cancel"
            case .createFolder: return "Create"
            case .shared: return "Shared"
            }
        }
    }

    /// One row of the list and what tapping it does.
    public struct Row: Equatable, Sendable {
        public enum Target: Equatable, Sendable {
            case folder(path: String)
            case file(path: String)
            /// A name that is not text (not UTF-8): shown, but no path to it can be handed on.
            case unusable(reason: String)
            /// A shared map of the database the app knows, by name.
            case shared(name: String)
        }

        /// What the row says: `📁 name` for a folder, the name for a file, `name — folder` for a
        /// recent map.
        public var text: String
        public var target: Target
        /// A file's size and when it changed, a folder's when (`12 KB · 3 Dec`); empty if unknown.
        public var detail = ""
    }

    /// The database's shared maps, as far as they are known: asked for when the Shared list is
    /// first shown, off the loop (a database may be slow or away).
    public enum SharedMaps: Equatable, Sendable {
        case notAsked
        case asking
        case listed([String])
        case failed(String)
    }

    /// The new folder's name, being typed, and why the last try failed.
    public struct NewFolderPrompt: Equatable, Sendable {
        public var name = ""
        public var message: String?
    }

    public let purpose: Purpose
    public let places: FilePlaces
    /// The folder shown (absolute, no trailing slash but for `/`).
    public private(set) var folder: String
    /// Its sub-folders and the files for the purpose, in the order shown.
    public private(set) var entries: [FolderEntry] = []
    /// Why the folder cannot be listed, if it cannot.
    public private(set) var problem: String?
    /// The recent maps, most recent first (paths).
    public let recent: [String]
    /// The list shows the recent maps instead of the folder.
    public internal(set) var showsRecent = false
    /// The database's shared maps; nil when the app knows no database (no Shared button).
    public internal(set) var sharedMaps: SharedMaps?
    /// The list shows the shared maps instead of the folder.
    public internal(set) var showsShared = false
    /// The list shows something other than the folder.
    public var showsPlace: Bool { showsRecent || showsShared }
    /// How far the list is scrolled, in window pixels from its top.
    public internal(set) var scroll = 0.0
    /// The list gliding on after a flick.
    var fling: Inertia?
    /// The name field holds a suggestion, shown selected: the first typing replaces it whole,
    /// so an on-screen keyboard need not erase "Untitled.meshpad" letter by letter.
    public internal(set) var nameIsSuggestion = false
    /// The prompt for a new folder's name, while it is up.
    public internal(set) var newFolder: NewFolderPrompt?
    /// The path shown above the list, cut to fit (the workspace measures it; nil: not measured).
    public internal(set) var shownPath: String?

    public init(purpose: Purpose, folder: String, recent: [String] = [], places: FilePlaces = FilePlaces()) {
        self.purpose = purpose
        self.places = places
        self.recent = recent
        self.folder = folder
        enter(folder)
    }

    /// Each entry's size and date as its row shows them, worked out once when the folder is
    /// listed (not each time the rows are laid out).
    public private(set) var details: [String] = []

    /// Shows `folder` from the top, listing it now.
    public mutating func enter(_ newFolder: String) {
        folder = FileFlow.absolute(newFolder, in: places.home)
        showsRecent = false
        showsShared = false
        scroll = 0
        fling = nil
        do {
            entries = try FolderListing.read(folder, extensions: purpose.extensions, from: places.folders).entries
            let now = Date().timeIntervalSince1970
            details = entries.map { entry in
                [entry.size.map(FolderListing.sizeText), entry.modified.map { FolderListing.dateText($0, now: now) }]
                    .compactMap { $0 }.joined(separator: " · ")
            }
            problem = nil
        } catch {
            entries = []
            details = []
            problem = error.description
        }
    }

    /// False at the top: `/`, or the folder `places.top` names.
    public var canGoUp: Bool { folder != "/" && folder != places.top }

    /// The folder above this one.
    public var parentFolder: String { (folder as NSString).deletingLastPathComponent }

    public var rowCount: Int {
        if showsShared {
            guard case .listed(let names) = sharedMaps else { return 0 }
            return names.count
        }
        return showsRecent ? recent.count : entries.count
    }

    /// The row at `index` (`0..<rowCount`).
    public func row(_ index: Int) -> Row {
        if showsShared, case .listed(let names) = sharedMaps {
            return Row(text: names[index], target: .shared(name: names[index]))
        }
        if showsRecent {
            let path = recent[index]
            let name = FolderListing.displayName((path as NSString).lastPathComponent)
            let place = FolderListing.displayName(places.abbreviated((path as NSString).deletingLastPathComponent))
            return Row(text: "\(name) — \(place)", target: .file(path: path))
        }
        let entry = entries[index]
        let text = entry.isFolder ? "📁 " + entry.displayName : entry.displayName
        guard let name = entry.name else {
            let what = entry.isFolder ? "folder" : "file"
            return Row(text: text, target: .unusable(reason: "The \(what) “\(entry.displayName)” has a name that is not valid text (UTF-8); rename it to use it here"))
        }
        let path = FolderListing.joined(folder, name)
        var row = Row(text: text, target: entry.isFolder ? .folder(path: path) : .file(path: path))
        row.detail = details[index]
        return row
    }

    /// The extension of the format chosen (".mm"), kept at the end of the name while the name
    /// before it is typed, as a phone's files app keeps it; nil where the name has none of the
    /// formats offered (or the browser offers none).
    public func keptExtension(of field: String) -> String? {
        guard let format = Self.format(ofName: field), purpose.formats.contains(format) else { return nil }
        return "." + (Self.probe(field) as NSString).pathExtension
    }

    /// The format a name's extension names, ".mm" alone too (a name erased, its format kept).
    static func format(ofName name: String) -> MapFormat? { MapFormat(path: probe(name)) }

    /// why: ".mm" alone is, to NSString, a hidden file with no extension; "x.mm" has one.
    private static func probe(_ name: String) -> String {
        name.hasPrefix(".") && !name.dropFirst().contains(".") ? "x" + name : name
    }

    /// The name without its kept extension: what a person is naming.
    public func stem(of field: String) -> String {
        keptExtension(of: field).map { String(field.dropLast($0.count)) } ?? field
    }

    /// Where what is typed in the name field points: a name in the folder shown; anything with a
    /// `/` in it (or a leading `~`) is a path, relative to the folder shown.
    /// `"plan.mm"` in `/maps` → `/maps/plan.mm`; `"../x.md"` → `/x.md`; `"/tmp/a.mm"` stays.
    public func path(forTyped typed: String) -> String {
        guard typed.contains("/") || typed.hasPrefix("~") else { return FolderListing.joined(folder, typed) }
        return FileFlow.absolute(typed, in: folder)
    }

    /// Moves the list by `pixels`, keeping it between its top and `limit`; stops a glide that
    /// reaches either end.
    mutating func scroll(by pixels: Double, limit: Double) {
        guard pixels.isFinite else { return }
        let bounded = max(0, limit)
        let next = min(max(scroll + pixels, 0), bounded)
        if next != scroll + pixels { fling = nil }
        scroll = next
    }

    /// A path cut from the left to fit `width`, whole folder names first: `…/maps/2026`.
    public static func fitted(_ path: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(path) > width else { return path }
        var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        while parts.count > 1 {
            parts.removeFirst()
            let shown = "…/" + parts.joined(separator: "/")
            if measure(shown) <= width { return shown }
        }
        // One name longer than the width: its end, which tells names apart more often than its start.
        var tail = Substring(parts.first ?? path)
        while !tail.isEmpty && measure("…" + tail) > width { tail = tail.dropFirst() }
        return "…" + tail
    }
}

/// Where the browser's shortcuts lead: Home, and the highest folder "‹ Parent" goes up to.
///
/// `/` for a person; the soak test sets both to its scratch folder, so random taps never make
/// folders or write maps anywhere else.
public struct FilePlaces: Equatable, Sendable {
    public var home: String
    public var top: String
    /// How folders are read and made (the platform's; none by default).
    public var folders: any FolderAccess

    public init(home: String = FilePlaces.homeFolder, top: String = "/", folders: any FolderAccess = NoFolders()) {
        self.home = home
        self.top = top
        self.folders = folders
    }

    /// The same places, whoever reads their folders.
    public static func == (a: FilePlaces, b: FilePlaces) -> Bool {
        a.home == b.home && a.top == b.top
    }

    /// `$HOME`, else the account's home folder.
    public static var homeFolder: String {
        ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }

    /// The person's documents folder, where Save as and Open start for a map with no file: the
    /// desktop's (`XDG_DOCUMENTS_DIR`, from the environment or `user-dirs.dirs`, as
    /// `xdg-user-dir DOCUMENTS` answers), else `~/Documents`, else home; never the folder the
    /// app happened to be started in.
    public static func documentsFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                       isFolder: (String) -> Bool = FilePlaces.isFolder,
                                       read: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func expanded(_ value: String) -> String {
            let unquoted = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" \t"))
            return unquoted.replacingOccurrences(of: "$HOME", with: home)
        }
        var named = environment["XDG_DOCUMENTS_DIR"].map(expanded)
        if named == nil {
            let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
            for line in (read(config + "/user-dirs.dirs") ?? "").split(separator: "\n") where line.hasPrefix("XDG_DOCUMENTS_DIR=") {
                named = expanded(String(line.dropFirst("XDG_DOCUMENTS_DIR=".count)))
            }
        }
        // why: user-dirs names home itself when the desktop has no documents folder.
        for candidate in [named, home + "/Documents"].compactMap({ $0 }) where candidate.hasPrefix("/") && isFolder(candidate) {
            return candidate
        }
        return home
    }

    public static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && folder.boolValue
    }

    /// A path with the home folder written `~`: `/home/ada/maps` → `~/maps`.
    public func abbreviated(_ path: String) -> String {
        let home = (self.home as NSString).standardizingPath
        guard home != "/", !home.isEmpty else { return path }
        if path == home { return "~" }
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
