/// A modal panel drawn by Meshpad itself, usable by touch and by an on-screen keyboard:
/// a path field with the recent files under it, or a question with buttons.
public struct Dialog: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case open
        case saveAs
        /// Where to write an export of the map.
        case export(ExportFormat)
        /// A file is already there: write over it?
        case replace(path: String, with: Writing)
        /// Unsaved changes: save first? Then carry out `then`.
        case unsavedChanges(then: FollowUp)
        /// The kiosk's PIN pad: digits only, shown as dots, with an on-screen keypad.
        case pin
    }

    /// What to do once unsaved changes are dealt with.
    public enum FollowUp: Equatable, Sendable {
        case quit
        case open(path: String)
        case newMap
    }

    /// What a write puts in a file: the map (in a format), or an export of it.
    public enum Writing: Equatable, Sendable {
        case map(MapFormat)
        case export(ExportFormat)
    }

    public enum Action: Equatable, Sendable {
        case confirm
        case cancel
        case save
        case discard
        case pickRecent(Int)
    }

    public var kind: Kind
    public var title: String
    /// The path being typed (open and save-as only).
    public var field: String
    public var recent: [String]
    /// A problem with the last attempt, shown in the panel (a file that would not open).
    public var message: String?

    public init(kind: Kind, title: String, field: String = "", recent: [String] = [], message: String? = nil) {
        self.kind = kind
        self.title = title
        self.field = field
        self.recent = recent
        self.message = message
    }

    public var hasField: Bool {
        switch kind {
        case .open, .saveAs, .export, .pin: return true
        case .unsavedChanges, .replace: return false
        }
    }

    /// The buttons along the bottom, primary last (as GNOME's dialogs place it).
    public var buttons: [(label: String, action: Action)] {
        switch kind {
        case .open: return [("Cancel", .cancel), ("Open", .confirm)]
        case .saveAs: return [("Cancel", .cancel), ("Save", .confirm)]
        case .export: return [("Cancel", .cancel), ("Export", .confirm)]
        case .replace: return [("Cancel", .cancel), ("Replace", .confirm)]
        case .unsavedChanges: return [("Cancel", .cancel), ("Don't save", .discard), ("Save", .save)]
        case .pin: return [("Cancel", .cancel), ("Unlock", .confirm)]
        }
    }

    /// The keypad's keys, row by row ("⌫" deletes the last digit).
    public static let keypad: [[String]] = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["⌫", "0", "OK"]]
}
