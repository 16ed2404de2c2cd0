/// A modal panel drawn by Meshpad itself, usable by touch and by an on-screen keyboard:
/// a question with buttons, the PIN pad, or (Open, Save as, Export, a node's picture) a file browser.
///
/// `FileFlow` asks with the path it suggests in `field`; the workspace attaches a `FileBrowser`
/// when it presents an Open, Save as or Export dialog, and from then on `field` holds only the
/// name being typed (or, in Open, a path typed on a keyboard).
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
        /// A node's link to something outside the map: open it in another program?
        case openLink(String)
        /// A node's note, read and edited (its field holds several lines).
        case note(NodeID)
        /// One of a link's labels.
        case linkLabel(EdgeID, LinkLabelPlace)
        /// A picture for a node, picked in the file browser.
        case image(NodeID)
        /// An attribute's name: of row `row` (renamed), or of a new row when `row` is nil (its
        /// value is asked next).
        case attributeName(NodeID, row: Int?)
        /// An attribute's value: of row `row`, or of a new row named `name` when `row` is nil.
        case attributeValue(NodeID, row: Int?, name: String)
        /// The shared map the app was started on could not be opened (`message` says why):
        /// try again, or quit.
        case sharedUnavailable(name: String)
        /// The day nodes are due by, on a calendar of `month` (any day of it), `chosen` ringed.
        case dueDate([NodeID], month: CalendarDay, chosen: CalendarDay?)
        /// A tag for nodes, typed, the map's tags that fit offered as choices.
        case tag([NodeID])
        /// A new name for a tag on every node.
        case renameTag(String)
        /// The words the filter looks for in nodes' text and notes.
        case filterText
        /// A tag the filter shows, typed or picked from the map's.
        case filterTag
        /// The name the filter is saved under.
        case saveFilter
        /// A name for a new presentation of the map, or (`renaming`, by its place) a new name for one.
        case presentationName(renaming: Int?)
        /// Make slides from branches: how deep they go (`BranchSlideDepth`).
        case slidesFromBranches
        /// Export ▸ PDF…: page size, orientation, layout and notes, before the file browser.
        case pdfOptions(PDFOptions)
        /// Print…: the PDF's options and the printer (none when the system has no printers).
        case print(PDFOptions, printers: [String], chosen: String?)
        /// A file holding several maps (an XMind workbook): which one to open.
        case chooseSheet(path: String, titles: [String])
        /// On a shared map: whose screen to follow, among these people (Follow…).
        case follow([FollowState])
    }

    /// A finger-sized choice in the dialog besides its buttons: a day of the calendar, a month
    /// back or on, a tag already in the map.
    public struct Choice: Equatable, Sendable {
        public enum Value: Equatable, Sendable {
            case day(CalendarDay)
            /// Shows the month this many months away.
            case month(Int)
            case suggestion(String)
            /// An option of the dialog ("paper:a4", "printer:Office", "sheet:2"), lit when it is in force.
            case option(String)
            /// Words only (the calendar's month and weekdays).
            case caption
        }
        public var label: String
        public var value: Value
        /// The day chosen, today's ring.
        public var isOn = false
        /// A day of another month, shown to fill the calendar's weeks.
        public var isDim = false

        public init(_ label: String, _ value: Value, isOn: Bool = false, isDim: Bool = false) {
            self.label = label
            self.value = value
            self.isOn = isOn
            self.isDim = isDim
        }
    }

    /// What to do once unsaved changes are dealt with.
    public enum FollowUp: Equatable, Sendable {
        case quit
        case open(path: String)
        case newMap
        /// A shared map, by its name in the database the app knows.
        case openShared(name: String)
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
    }

    public var kind: Kind
    public var title: String
    /// What is typed: the suggested path as `FileFlow` asks, then the file's name in the
    /// browser; the PIN's digits.
    public var field: String
    /// The recent maps, most recent first (the browser's Recent list).
    public var recent: [String]
    /// A problem with the last attempt, shown in the panel (a file that would not open).
    public var message: String?
    /// The folders and maps to pick from (Open, Save as, Export, once presented).
    public var browser: FileBrowser?
    /// A note's field as lines that fit the panel (the workspace breaks them, as it measures text).
    public var fieldLines: [String]?
    /// Rows of choices under the field (a calendar's weeks, tags to pick), each row spread across.
    public var choiceRows: [[Choice]] = []

    public init(kind: Kind, title: String, field: String = "", recent: [String] = [], message: String? = nil) {
        self.kind = kind
        self.title = title
        self.field = field
        self.recent = recent
        self.message = message
    }

    /// A note's dialog: its field holds several lines.
    public var isNote: Bool {
        if case .note = kind { return true }
        return false
    }

    public var hasField: Bool {
        switch kind {
        case .open, .saveAs, .export, .pin, .note, .linkLabel, .image, .attributeName, .attributeValue, .tag, .renameTag, .filterText,
             .filterTag, .saveFilter, .presentationName: return true
        case .unsavedChanges, .replace, .openLink, .sharedUnavailable, .dueDate, .pdfOptions, .print, .chooseSheet,
             .follow, .slidesFromBranches: return false
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
        case .openLink: return [("Cancel", .cancel), ("Open", .confirm)]
        case .note, .linkLabel: return [("Cancel", .cancel), ("Done", .confirm)]
        case .image: return [("Cancel", .cancel), ("Choose", .confirm)]
        case .sharedUnavailable: return [("Quit", .cancel), ("Retry", .confirm)]
        case .dueDate: return [("No date", .discard), ("Cancel", .cancel), ("Done", .confirm)]
        case .tag: return [("Cancel", .cancel), ("Add", .confirm)]
        case .renameTag: return [("Cancel", .cancel), ("Rename", .confirm)]
        case .filterText, .filterTag: return [("Cancel", .cancel), ("Filter", .confirm)]
        case .saveFilter: return [("Cancel", .cancel), ("Save", .confirm)]
        case .presentationName(let renaming): return [("Cancel", .cancel), (renaming == nil ? "Create" : "Rename", .confirm)]
        case .pdfOptions: return [("Cancel", .cancel), ("Choose file…", .confirm)]
        case .print(_, let printers, _):
            return printers.isEmpty ? [("Cancel", .cancel), ("Save as PDF…", .save)] : [("Cancel", .cancel), ("Save as PDF…", .save), ("Print", .confirm)]
        case .chooseSheet, .follow, .slidesFromBranches: return [("Cancel", .cancel)]
        case .attributeName(_, let row): return [("Cancel", .cancel), (row == nil ? "Next" : "Done", .confirm)]
        case .attributeValue(_, let row, _):
            return row == nil ? [("Cancel", .cancel), ("Done", .confirm)] : [("Cancel", .cancel), ("Delete row", .discard), ("Done", .confirm)]
        }
    }

    /// The keypad's keys, row by row ("⌫" deletes the last digit).
    public static let keypad: [[String]] = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["⌫", "0", "OK"]]
}
