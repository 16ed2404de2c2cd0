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

/// A toolbar button as drawn: an action, whether it is on (toggles) and whether it can run now.
public struct ToolbarButton: Equatable, Sendable {
    public var action: Action
    public var isOn: Bool
    public var isEnabled: Bool

    public init(action: Action, isOn: Bool = false, isEnabled: Bool = true) {
        self.action = action
        self.isOn = isOn
        self.isEnabled = isEnabled
    }
}

/// A button of the style panel, for nodes (`StyleOption`) or a link (`LinkStyleOption`): what
/// the overlay lays out and draws, whichever it styles.
public protocol StylePanelChoice: Equatable, Sendable {
    /// The button's words, or nil for a colour swatch.
    var label: String? { get }
    /// The colour a swatch shows.
    var swatch: RGBA? { get }
    /// How many of the panel's cells the button spans: two for words too long for one.
    var cells: Int { get }
}

/// A choice in the style panel; each applies to every selected node as one undo step.
public enum StyleOption: StylePanelChoice {
    case shape(NodeShape?)
    case fill(RGBA?)
    case text(RGBA?)
    case bold
    case italic
    case smaller
    case larger
    case edge(RGBA?)
    case edgeWidth(Double?)
    case edgeShape(EdgeShape?)
    /// A cloud of this shape round the node's branch (its colour kept), or none.
    case cloud(Cloud.Shape?)
    /// The cloud's colour (a cloud if there was none).
    case cloudColor(RGBA)
    /// The selected nodes as tasks: none, to do, done; and their priority (nil: none). These
    /// change the nodes' details, not their style (`Workspace.applyStyle` sends them on).
    case task(TaskState?)
    case priority(Int?)
    /// Opens the calendar for their due day.
    case dueDate
    /// The map's branch colours on or off (on the root, whatever is selected: a map-wide switch).
    case branchColors

    /// What choosing it makes of a node's style (bold and italic toggle, sizes step).
    public func applied(to style: NodeStyle) -> NodeStyle {
        var result = style
        switch self {
        case .shape(let shape): result.shape = shape
        case .fill(let color): result.fillColor = color
        case .text(let color): result.textColor = color
        case .bold: result.bold.toggle()
        case .italic: result.italic.toggle()
        case .smaller, .larger:
            let sizes = NodeStyle.pointSizes
            let current = style.fontSize ?? NodeStyle.basePointSize
            let next = self == .larger ? sizes.first { $0 > current + 0.01 } : sizes.last { $0 < current - 0.01 }
            if let next { result.fontSize = next == NodeStyle.basePointSize ? nil : next }
        case .edge(let color): result.edgeColor = color
        case .edgeWidth(let width): result.edgeWidth = width
        case .edgeShape(let shape): result.edgeShape = shape
        case .cloud(let shape): result.cloud = shape.map { Cloud(color: style.cloud?.color, shape: $0) }
        case .cloudColor(let color): result.cloud = Cloud(color: color, shape: style.cloud?.shape ?? .arc)
        case .branchColors: result.plainBranches = style.plainBranches == true ? nil : true
        case .task, .priority, .dueDate: break
        }
        return result
    }

    /// Whether the style already has this choice (the panel marks it).
    public func isChosen(in style: NodeStyle) -> Bool {
        switch self {
        case .shape(let shape): return style.shape == shape
        case .fill(let color): return style.fillColor == color
        case .text(let color): return style.textColor == color
        case .bold: return style.bold
        case .italic: return style.italic
        case .smaller, .larger: return false
        case .edge(let color): return style.edgeColor == color
        case .edgeWidth(let width): return style.edgeWidth == width
        case .edgeShape(let shape): return style.edgeShape == shape
        case .cloud(let shape): return style.cloud?.shape == shape
        case .cloudColor(let color): return style.cloud != nil && style.cloud?.color == color
        case .task, .priority, .dueDate, .branchColors: return false
        }
    }

    public var label: String? {
        switch self {
        case .shape(nil), .fill(nil), .text(nil), .edge(nil), .edgeWidth(nil), .edgeShape(nil): return "Auto"
        case .task(nil): return "No"
        case .task(.open?): return "To do"
        case .task(.done?): return "Done"
        case .priority(nil): return "P–"
        case .priority(let level?): return "P\(level)"
        case .dueDate: return "Due…"
        case .branchColors: return "Map colours"
        case .shape(.ellipse?): return "Oval"
        case .shape(.roundedBox?): return "Box"
        case .shape(.plain?): return "Text"
        case .bold: return "B"
        case .italic: return "I"
        case .smaller: return "A−"
        case .larger: return "A+"
        case .edgeWidth(let width?): return Self.widthTitle(width)
        case .edgeShape(.curve?): return "Curved"
        case .edgeShape(.straight?): return "Straight"
        case .cloud(nil): return "None"
        case .cloud(.arc?), .cloud(.star?): return "Cloud"
        case .cloud(.rect?), .cloud(.roundRect?): return "Box"
        case .fill, .text, .edge, .cloudColor: return nil
        }
    }

    public var swatch: RGBA? {
        switch self {
        case .fill(let color?), .text(let color?), .edge(let color?), .cloudColor(let color): return color
        default: return nil
        }
    }

    public var cells: Int {
        if case .edgeShape(_?) = self { return 2 }
        if case .dueDate = self { return 2 }
        if case .branchColors = self { return 3 }
        return 1
    }

    /// The edge colours offered, after Auto: the Edge row's, and a link's Colour row's.
    public static let edgeColours: [RGBA] = [0x6B7280, 0x1E88E5, 0xE53935, 0x43A047, 0xFB8C00].map { RGBA(hex: $0) }
    /// The edge widths offered, after Auto, in map units: thin, mid and thick.
    public static let edgeWidths: [Double] = [1, 3, 6]

    /// A width's word on its button: "Thin", "Mid" or "Thick".
    public static func widthTitle(_ width: Double) -> String {
        width <= 1.5 ? "Thin" : (width >= 5 ? "Thick" : "Mid")
    }

    /// The panel's rows: a title and its choices.
    public static let rows: [(title: String, options: [StyleOption])] = [
        ("Shape", [.shape(nil), .shape(.ellipse), .shape(.roundedBox), .shape(.plain)]),
        ("Fill", [.fill(nil)] + [0xFFFFFF, 0xFFF1A8, 0xCDEFC4, 0xC5DDFB, 0xF9C9DC, 0xFFD6A5, 0xE2E2E2].map { .fill(RGBA(hex: $0)) }),
        ("Text", [.text(nil)] + [0x1F2328, 0x1558B0, 0xB3261E, 0x2E7D32, 0x6A1B9A, 0xFFFFFF].map { .text(RGBA(hex: $0)) }
            + [.bold, .italic, .smaller, .larger]),
        ("Edge", [.edge(nil)] + edgeColours.map { .edge($0) }),
        ("Width", [.edgeWidth(nil)] + edgeWidths.map { .edgeWidth($0) }),
        // Map colours: the whole map's branches in the theme's palette (lit) or grey.
        ("Line", [.edgeShape(nil), .edgeShape(.curve), .edgeShape(.straight), .branchColors]),
        // why: one row for tasks, so the panel stays short enough to leave the node in view on a
        // window 600 px tall.
        ("Task", [.task(nil), .task(.open), .task(.done), .dueDate] + Priority.levels.map { .priority($0) }),
        ("Cloud", [.cloud(nil), .cloud(.arc), .cloud(.roundRect)]
            + [0xF0F0F0, 0xFDFDCA, 0xDCF2DC, 0xDCE8FA, 0xFBE0EC].map { .cloudColor(RGBA(hex: $0)) }),
    ]
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
        if query.isEmpty { return "" }
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
public struct Chrome: Sendable {
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
    public var labelWidths: [Action: Double] = [:]
    public var search: SearchState?
    public var outlineRows: [VisibleRow]?
    public var outlineScroll = 0.0
    public var outlineRowCount = 0
    /// While a branch is focused: "Whole map", then the path down to the branch's node.
    public var breadcrumb: [Breadcrumb]?
    /// The slide list panel, when open; it stands where the outline panel does.
    public var slideList: SlideListChrome?
    /// The style panel, when open: the style every selected node shares (nil if they differ),
    /// and whether anything is selected to style.
    public var styleOpen = false
    /// The selected link's look, when the open panel styles a link rather than nodes.
    public var styleLink: LinkLook?
    /// The minimap: shown or not; when shown, the map area it covers and the view's rectangle.
    public var minimapOpen = false
    public var minimapWorld = Rect(x: 0, y: 0, width: 1, height: 1)
    public var minimapView = Rect(x: 0, y: 0, width: 1, height: 1)
    public var styleCurrent: NodeStyle?
    public var styleEnabled = false
    /// Style panel choices lit beside the style's own: the selected nodes' task and priority.
    public var styleChosen: [StyleOption] = []
    /// The filter bar, when open: the filter, the map's tags (most used first), the saved
    /// filters, and today (for its due-day choices).
    public var filter: FilterState?
    public var filterTags: [String] = []
    public var savedFilters: [SavedFilter] = []
    public var today = CalendarDay.today()
    /// The side of a touch target in window pixels: at least 44, and 9 mm at the display's DPI.
    public var targetPixels = 48.0
    /// The ☰ button's words and width (nil: no app menu, as while a dialog is up).
    public var appMenuButton: (title: String, width: Double)?
    /// The context or app menu open, if any.
    public var menu: Menu?
    /// The on-screen keyboard, while it is up (or sliding).
    public var keyboard: OnScreenKeyboard?
    /// The help sheet, as lines of text.
    public var helpOpen = false
    public var helpLines: [String] = []
    /// The status line's words and their width in window pixels (nil: none).
    public var status: (text: String, width: Double)?
    /// The map's name and its width in window pixels, beside the ☰ button (nil: none).
    public var mapName: (text: String, width: Double)?
    /// While a presentation plays (or a presenter is followed): the rest of the chrome is hidden.
    public var presenting: PresentingChrome?

    public init() {}
}

/// The chrome of a presentation playing: a small counter ("3 / 12", and how many screens
/// follow), and the whole window black while it is black.
public struct PresentingChrome: Equatable, Sendable {
    public var counter: String
    /// The counter's words' width in window pixels, measured.
    public var counterWidth: Double
    public var blackedOut: Bool

    public init(counter: String, counterWidth: Double, blackedOut: Bool) {
        self.counter = counter
        self.counterWidth = counterWidth
        self.blackedOut = blackedOut
    }
}
