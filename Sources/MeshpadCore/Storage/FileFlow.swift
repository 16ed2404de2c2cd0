import Foundation

/// Opening, saving and quitting, decided in the core: what to ask, what to write or read, and
/// what to say afterwards.
///
/// A state machine: the app hands it what a person asked for and what became of the writes and
/// reads it asked for (`Event`), and carries out what it answers (`Effect`) — writing a file,
/// reading one, showing a dialog or a banner, quitting. It holds where the map lives
/// (`DocumentFile`), the recent files, and what is to happen once unsaved changes are dealt with.
/// Nothing here touches the disk, so every path through it is tested without one.
public struct FileFlow: Sendable {
    /// What a person asked for, or what became of an effect.
    public enum Event: Equatable, Sendable {
        case newMap
        case save
        case saveAs
        case open
        case export(ExportFormat)
        /// The window's close button, Ctrl+Q.
        case quit
        /// A dialog button, key or recent file was chosen; `field` is the path typed.
        case dialog(Dialog.Kind, Dialog.Action, field: String)
        /// A `.write` succeeded: the map's `revision` is on disk at `path`, in `format`.
        case wrote(path: String, format: MapFormat, revision: UInt64, warnings: [String])
        case writeFailed(path: String, reason: String)
        /// An `.export` succeeded or failed.
        case exported(path: String, warnings: [String])
        case exportFailed(path: String, reason: String)
        /// A `.startNewMap` happened: the new map is at `revision`, with no file yet.
        case newMapStarted(revision: UInt64)
        /// A `.read` succeeded and the map is open (laid out, measured) at `revision`.
        case opened(path: String, format: MapFormat, revision: UInt64, warnings: [String])
        case readFailed(path: String, reason: String)
        /// Unsaved changes from an earlier session were restored, from a file saved at `when`.
        case recoveryRestored(when: String)
        case recoveryUnreadable(reason: String)
        /// The banner's Discard: the restored changes go; the map as it was on disk comes back.
        case discardRecovery
        /// The map on disk was put back (after `.reloadFromDisk`) at `revision`.
        case reloaded(revision: UInt64)
        /// A shared map was tapped in the Open dialog.
        case openShared(String)
        /// An `.openShared` succeeded: the shared map `name` is shown at `revision`.
        case openedShared(name: String, revision: UInt64)
        /// An `.openShared` failed; what was shown stays.
        case sharedOpenFailed(name: String, reason: String)
    }

    /// What the app is to do.
    public enum Effect: Equatable, Sendable {
        /// Write the open map to `path` in `format` (atomically), then report `.wrote` or `.writeFailed`.
        case write(path: String, format: MapFormat)
        /// Write a copy of the map to `path` as `format`, then report `.exported` or `.exportFailed`.
        case export(path: String, format: ExportFormat)
        /// Put an empty map in place of this one, then report `.newMapStarted`.
        case startNewMap
        /// Open the map at `path` in place of this one, then report `.opened` or `.readFailed`.
        case read(path: String)
        /// Open the shared map `name` (of the database the app knows) in place of this one, then
        /// report `.openedShared` or `.sharedOpenFailed`.
        case openShared(name: String)
        case ask(Dialog)
        case tell(Banner)
        /// Restore the recovery file of the map at `path` if one is newer (report
        /// `.recoveryRestored`); if there is none, show `otherwise`.
        case restoreRecovery(path: String?, otherwise: Banner?)
        /// Delete the recovery file kept for the map at `path`.
        case discardRecovery(path: String?)
        /// Put the map as it was on disk back (or as it was opened, with no file), then report `.reloaded`.
        case reloadFromDisk
        case rememberRecent(String)
        /// End the app (after the last autosave write).
        case quit
    }

    public private(set) var file: DocumentFile
    /// The shared map shown, by name: the database keeps it, so it has no unsaved changes
    /// (what the server has not ordered yet is in the session's journal). Nil for a map of one's own.
    public private(set) var sharedName: String?
    public private(set) var recent: RecentFiles
    /// A map opened read-only is never written, and quits without asking.
    public let isReadOnly: Bool
    /// What to do once unsaved changes are dealt with, while a Save as runs first.
    private var followUp: Dialog.FollowUp?
    /// How long a banner that needs no answer stays, in seconds: a notice, and one with more to read.
    public static let noticeSeconds = 3.0
    public static let warningSeconds = 8.0

    /// The folder a new map's Save as and Open start in: the person's documents folder, then
    /// the folder of the map last saved or opened.
    public var startFolder: String
    /// The name a map not saved yet is offered under (without extension): its root's words,
    /// as the app tells it (`FileFlow.name(forRoot:)`).
    public var untitledName = "Untitled"
    /// Whether something is at a path already (saving over a file asks first); tests give their own.
    private let fileExists: @Sendable (String) -> Bool

    public init(file: DocumentFile, recent: RecentFiles = RecentFiles(), isReadOnly: Bool = false, sharedName: String? = nil,
                startFolder: String = FilePlaces.documentsFolder(),
                fileExists: @escaping @Sendable (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) {
        self.file = file
        self.sharedName = sharedName
        self.recent = recent
        self.isReadOnly = isReadOnly
        self.startFolder = startFolder
        self.fileExists = fileExists
    }

    /// The window's title: the map's name, marked while it has unsaved changes.
    public func title(revision: UInt64) -> String {
        shortTitle(revision: revision) + " — Meshpad"
    }

    /// The map's name as the chrome shows it: "• " before it while it has unsaved changes.
    public func shortTitle(revision: UInt64) -> String {
        if let sharedName { return "\(sharedName) (shared\(isReadOnly ? ", read-only" : ""))" }
        if isReadOnly { return "\(file.displayName) (read-only)" }
        return "\(file.revisionIsSaved(revision) ? "" : "• ")\(file.displayName)"
    }

    /// What to do about `event`, with the open map at `revision` and the clock at `now` (banners
    /// that go away by themselves go at `now` + `noticeSeconds`).
    public mutating func handle(_ event: Event, revision: UInt64, now: Double) -> [Effect] {
        let dirty = !file.revisionIsSaved(revision) && !isReadOnly && sharedName == nil
        switch event {
        case .newMap:
            guard !isReadOnly else { return [] }
            guard dirty else { return [.startNewMap] }
            return [.ask(Dialog(kind: .unsavedChanges(then: .newMap), title: "Save changes to \(file.displayName) before starting a new map?"))]
        case .newMapStarted(let started):
            file = DocumentFile(path: nil, format: .native, savedRevision: started)
            sharedName = nil
            return []
        case .openShared(let name):
            guard dirty else { return [.openShared(name: name)] }
            return [.ask(Dialog(kind: .unsavedChanges(then: .openShared(name: name)),
                                title: "Save changes to \(file.displayName) before opening another map?"))]
        case .openedShared(let name, let opened):
            file = DocumentFile(path: nil, format: .native, savedRevision: opened)
            sharedName = name
            return [.tell(Banner(message: "Opened the shared map \(name)", expiresAt: now + Self.noticeSeconds))]
        case .sharedOpenFailed(let name, let reason):
            return [.tell(Banner(message: "Could not open the shared map \(name): \(reason)", isError: true,
                                 expiresAt: now + Self.warningSeconds))]
        case .export(let format):
            return [.ask(exportDialog(format, message: nil, field: nil))]
        case .exported(let path, let warnings):
            let note = warnings.isEmpty ? "" : " — " + warnings.joined(separator: "; ")
            return [.tell(Banner(message: "Exported \((path as NSString).lastPathComponent)\(note)",
                                 expiresAt: now + (warnings.isEmpty ? Self.noticeSeconds : Self.warningSeconds)))]
        case .exportFailed(let path, let reason):
            return [.tell(Banner(message: "Not exported: \(reason)", isError: true, expiresAt: now + Self.warningSeconds))]
                + [.ask(exportDialog(ExportFormat.allCases.first { $0.format == MapFormat(path: path) } ?? .png, message: reason, field: path))]
        case .save:
            guard !isReadOnly else { return [] }
            guard let path = file.path else { return [.ask(saveAsDialog(message: nil))] }
            // A map read from inside another kind of file (the Mermaid block of a Markdown note)
            // is never written over it: the words around it would be lost.
            if let named = MapFormat(path: path), named != file.format {
                let name = ((file.displayName as NSString).deletingPathExtension as String) + "." + file.format.rawValue
                return [.ask(saveAsDialog(message: "This map came from inside \(file.displayName); save it as a file of its own, so \(file.displayName) stays as it is.",
                                          field: ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)))]
            }
            return [.write(path: path, format: file.format)]
        case .saveAs:
            return isReadOnly ? [] : [.ask(saveAsDialog(message: nil))]
        case .open:
            return [.ask(openDialog(message: nil))]
        case .quit:
            guard dirty else { return quitNow(dirty: false) }
            return [.ask(Dialog(kind: .unsavedChanges(then: .quit), title: "Save changes to \(file.displayName) before closing?"))]
        case .dialog(let kind, let action, let field):
            return chose(kind, action, field: field, dirty: dirty, revision: revision)
        case .wrote(let path, let format, let written, let warnings):
            let oldPath = file.path
            startFolder = (path as NSString).deletingLastPathComponent
            file = DocumentFile(path: path, format: format, savedRevision: written)
            var effects: [Effect] = []
            if oldPath != path {
                effects.append(.discardRecovery(path: oldPath))
                recent.add(path)
                effects.append(.rememberRecent(path))
            }
            effects.append(.discardRecovery(path: path))
            let note = warnings.isEmpty ? "" : " — " + warnings.joined(separator: "; ")
            effects.append(.tell(Banner(message: "Saved \(file.displayName)\(note)", actions: [.dismiss],
                                        expiresAt: now + (warnings.isEmpty ? Self.noticeSeconds : Self.warningSeconds))))
            if let next = followUp, file.revisionIsSaved(revision) {
                followUp = nil
                effects += carryOut(next, dirty: false)
            }
            return effects
        case .writeFailed(let path, let reason):
            // The old file is untouched (writes are atomic) and the map stays unsaved.
            var effects: [Effect] = [.tell(Banner(message: "Not saved: \(reason)", isError: true, expiresAt: now + Self.warningSeconds))]
            if path != file.path {
                // A Save as that failed: ask again, saying why, with the name as typed.
                effects.append(.ask(saveAsDialog(message: reason, field: path)))
            } else {
                followUp = nil
            }
            return effects
        case .opened(let path, let format, let opened, let warnings):
            file = DocumentFile(path: path, format: format, savedRevision: opened)
            sharedName = nil
            startFolder = (path as NSString).deletingLastPathComponent
            recent.add(path)
            let banner = Banner(message: warnings.isEmpty ? "Opened \(file.displayName)" : warnings.joined(separator: "; "),
                                expiresAt: now + (warnings.isEmpty ? Self.noticeSeconds : Self.warningSeconds))
            return [.rememberRecent(path), .restoreRecovery(path: path, otherwise: banner)]
        case .readFailed(_, let reason):
            return [.ask(openDialog(message: reason))]
        case .recoveryRestored(let when):
            file.markUnsaved()
            return [.tell(Banner(message: "Restored unsaved changes to \(file.displayName) from \(when).",
                                 actions: [.dismiss, .discardRecovery]))]
        case .recoveryUnreadable(let reason):
            return [.tell(Banner(message: "Unsaved changes were found but could not be read: \(reason)", isError: true,
                                 expiresAt: now + Self.warningSeconds))]
        case .discardRecovery:
            return [.discardRecovery(path: file.path), .reloadFromDisk]
        case .reloaded(let current):
            file.markSaved(revision: current)
            return []
        }
    }

    /// The map shown is the shared map `name`, at `revision` (a window started with it).
    public mutating func showShared(_ name: String, revision: UInt64) {
        file = DocumentFile(path: nil, format: .native, savedRevision: revision)
        sharedName = name
    }

    /// Puts a map at the top of the recent files (the one the app started with).
    public mutating func remember(_ path: String) {
        recent.add(path)
    }

    /// The map is what is on disk at `revision` (opened, started over, restored as it was).
    public mutating func markSaved(revision: UInt64) {
        file.markSaved(revision: revision)
    }

    private mutating func chose(_ kind: Dialog.Kind, _ action: Dialog.Action, field: String, dirty: Bool, revision: UInt64) -> [Effect] {
        switch (kind, action) {
        case (.replace(let path, let writing), .cancel):
            // Not over that file: back to choosing, in its folder, with its name to change.
            switch writing {
            case .map: return [.ask(saveAsDialog(message: nil, field: path))]
            case .export(let format): return [.ask(exportDialog(format, message: nil, field: path))]
            }
        case (.sharedUnavailable, .cancel):
            return [.quit]
        case (.sharedUnavailable(let name), _):
            return [.openShared(name: name)]
        case (_, .cancel), (.pin, _), (.openLink, _), (.note, _), (.linkLabel, _), (.image, _), (.attributeName, _), (.attributeValue, _):
            followUp = nil
            return []
        case (.open, _):
            let path = Self.absolute(field)
            guard dirty else { return [.read(path: path)] }
            return [.ask(Dialog(kind: .unsavedChanges(then: .open(path: path)),
                                title: "Save changes to \(file.displayName) before opening another map?"))]
        case (.saveAs, _):
            var path = Self.absolute(field)
            if let format = MapFormat(path: path), !format.canBeOpened {
                return [.ask(saveAsDialog(message: "SVG, PNG and PDF are exports; save as .meshpad, .mm, .xmind, .opml, .md or .mmd", field: field))]
            }
            // why: a map saved without a map's extension would not be listed when opening again.
            if MapFormat(path: path) == nil { path += "." + MapFormat.native.rawValue }
            let format = MapFormat(path: path) ?? .native
            // Saving over another file asks first; saving the map over itself does not.
            if path != file.path && fileExists(path) { return [.ask(replaceDialog(path, .map(format)))] }
            return [.write(path: path, format: format)]
        case (.export(let format), _):
            var path = Self.absolute(field)
            if MapFormat(path: path) != format.format { path += "." + format.format.rawValue }
            if fileExists(path) { return [.ask(replaceDialog(path, .export(format)))] }
            return [.export(path: path, format: format)]
        case (.replace(let path, .map(let format)), _):
            return [.write(path: path, format: format)]
        case (.replace(let path, .export(let format)), _):
            return [.export(path: path, format: format)]
        case (.unsavedChanges(let next), .save):
            followUp = next
            guard let path = file.path else { return [.ask(saveAsDialog(message: nil))] }
            return [.write(path: path, format: file.format)]
        case (.unsavedChanges(let next), .discard):
            // The changes are given up: nothing is left to autosave or to ask about.
            file.markSaved(revision: revision)
            return [.discardRecovery(path: file.path)] + carryOut(next, dirty: false)
        default:
            return []
        }
    }

    private mutating func carryOut(_ next: Dialog.FollowUp, dirty: Bool) -> [Effect] {
        switch next {
        case .quit: return quitNow(dirty: dirty)
        case .open(let path): return [.read(path: path)]
        case .newMap: return [.startNewMap]
        case .openShared(let name): return [.openShared(name: name)]
        }
    }

    /// Quitting: a clean map's recovery file goes (a dirty one, refused to save, keeps it).
    private func quitNow(dirty: Bool) -> [Effect] {
        (dirty ? [] : [.discardRecovery(path: file.path)]) + [.quit]
    }

    private func saveAsDialog(message: String?, field: String? = nil) -> Dialog {
        let suggestion = field ?? file.path ?? (startFolder.hasSuffix("/") ? startFolder : startFolder + "/") + untitledName + ".meshpad"
        return Dialog(kind: .saveAs, title: "Save map as (.meshpad, .mm, .xmind, .opml, .md, .mmd)", field: suggestion,
                      recent: recent.paths, message: message)
    }

    private func exportDialog(_ format: ExportFormat, message: String?, field: String?) -> Dialog {
        let folder = file.path.map { ($0 as NSString).deletingLastPathComponent } ?? startFolder
        let name = file.path == nil ? untitledName : ((file.displayName as NSString).deletingPathExtension as String)
        let suggestion = field ?? (folder.hasSuffix("/") ? folder : folder + "/") + name + "." + format.format.rawValue
        return Dialog(kind: .export(format), title: "Export as \(format.title)", field: suggestion, recent: recent.paths, message: message)
    }

    private func replaceDialog(_ path: String, _ writing: Dialog.Writing) -> Dialog {
        Dialog(kind: .replace(path: path, with: writing),
               title: "\((path as NSString).lastPathComponent) is already there. Replace it?")
    }

    private func openDialog(message: String?) -> Dialog {
        let folder = file.path.map { ($0 as NSString).deletingLastPathComponent } ?? startFolder
        return Dialog(kind: .open, title: "Open a map (.meshpad, .mm, .xmind, .opml, .md, .mmd)",
                      field: folder.hasSuffix("/") ? folder : folder + "/", recent: recent.paths, message: message)
    }

    /// A file name from a map's root text: its first line, without what a file name cannot hold
    /// (`/`, control characters) or what would hide it (a leading dot), at most 60 characters;
    /// "Untitled" if nothing is left.
    public static func name(forRoot text: String) -> String {
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        var name = String(firstLine.unicodeScalars.map { $0 == "/" || $0.properties.generalCategory == .control ? "-" : Character($0) })
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        name = String(name.prefix(60)).trimmingCharacters(in: .whitespaces)
        return name.isEmpty ? "Untitled" : name
    }

    /// A typed path made absolute: `~` expanded, relative to the working folder, `..` resolved.
    public static func absolute(_ path: String, in folder: String = FileManager.default.currentDirectoryPath) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let full = expanded.hasPrefix("/") ? expanded : folder + "/" + expanded
        return (full as NSString).standardizingPath
    }
}
