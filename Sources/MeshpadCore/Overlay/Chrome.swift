/// How big a touch target must be: 9 mm on the glass (a fingertip), never under 44 window
/// pixels (Apple's and Google's minimum), from the display's DPI in device pixels and the
/// HiDPI scale (device pixels per window pixel).
public enum TouchTarget {
    public static let minimumPixels = 44.0
    public static let millimetres = 9.0

    public static func pixels(dpi: Double?, pixelScale: Double) -> Double {
        guard let dpi, dpi.isFinite, dpi > 0, pixelScale.isFinite, pixelScale > 0 else { return 48 }
        return max(minimumPixels, (millimetres * dpi / 25.4 / pixelScale).rounded())
    }
}

/// A toolbar command, each also reachable from the keyboard (see the README's key table).
public enum ToolbarItem: String, CaseIterable, Sendable {
    case new, link, select, delete, undo, redo, fit, tidy, outline, search

    public var label: String {
        switch self {
        case .new: return "+ New"
        case .link: return "Link"
        case .select: return "Select"
        case .delete: return "Delete"
        case .undo: return "Undo"
        case .redo: return "Redo"
        case .fit: return "Fit"
        case .tidy: return "Tidy"
        case .outline: return "Outline"
        case .search: return "Search"
        }
    }
}

/// A toolbar button as drawn: toggles show whether they are on, commands whether they can run.
public struct ToolbarButton: Equatable, Sendable {
    public var item: ToolbarItem
    public var isOn: Bool
    public var isEnabled: Bool

    public init(item: ToolbarItem, isOn: Bool = false, isEnabled: Bool = true) {
        self.item = item
        self.isOn = isOn
        self.isEnabled = isEnabled
    }
}

/// The search bar: what is typed, which nodes match, and which one the view is on.
public struct SearchState: Equatable, Sendable {
    public var query = ""
    /// Matching nodes in outline order (parents before children, siblings in order).
    public var matches: [NodeID] = []
    /// Index into `matches` of the node last shown.
    public var current: Int?
    /// The document revision the matches were found in (they are found again after any change).
    var revision: UInt64 = .max

    public init() {}

    public var status: String {
        if query.isEmpty { return "type to find" }
        if matches.isEmpty { return "no match" }
        return "\((current ?? -1) + 1) of \(matches.count)"
    }
}

public enum SearchAction: Equatable, Sendable {
    case previous, next, close
}

/// One row of the outline panel: a node and how deep it sits in the tree.
public struct OutlineRow: Equatable, Sendable {
    public var id: NodeID
    public var depth: Int
}

/// The outline panel: the map as an indented list, scrolled to `scroll` window pixels.
public struct OutlineState: Equatable, Sendable {
    public var scroll = 0.0
    /// Every node no fold hides, parents before children: the root's tree, then each free tree.
    public internal(set) var rows: [OutlineRow] = []
    var structureRevision: UInt64 = .max

    public init() {}

    /// The rows of `document`'s visible tree, in the outline's order (O(n), iterative).
    static func rows(of document: Document) -> [OutlineRow] {
        document.outlineOrder().map { OutlineRow(id: document.nodes[Int($0.index)].id, depth: Int($0.depth)) }
    }
}

/// What the chrome around the map shows this frame: toolbar, search bar and the outline rows
/// in view. Built by the workspace, laid out by `OverlayLayout`, drawn by `OverlayBuilder`.
public struct Chrome: Equatable, Sendable {
    public struct VisibleRow: Equatable, Sendable {
        public var id: NodeID
        public var depth: Int
        /// The node's first line.
        public var text: String
        public var hasChildren: Bool
        public var isFolded: Bool
        public var isSelected: Bool
        /// Row number from the top of the whole list.
        public var number: Int
    }

    public var toolbar: [ToolbarButton] = []
    /// Label widths in window pixels, so buttons fit their words.
    public var labelWidths: [ToolbarItem: Double] = [:]
    public var search: SearchState?
    public var outlineRows: [VisibleRow]?
    public var outlineScroll = 0.0
    public var outlineRowCount = 0
    /// The side of a touch target in window pixels: at least 44, and 9 mm at the display's DPI.
    public var targetPixels = 48.0

    public init() {}
}
