import Foundation

/// One idea on the map: text drawn inside a shape at a map position.
///
/// `position` is the centre of the node in map units. `size` and `label` are derived from the
/// text by `NodeSizing` and are never stored in a file: they depend on the font at hand.
public struct Node: Equatable, Sendable {
    /// Which side of the root a first-level branch hangs on (FreeMind's `POSITION`).
    public enum Side: String, Sendable, Codable {
        case left, right
    }

    // Stored in an order that packs: the words, then what a node has only now and then (in
    // `extras`), then the one-byte flags together. why: 168 bytes a node instead of 320 (at
    // 100,000 nodes 16 MiB less, and every copy of a node retains fewer references).
    public let id: NodeID
    public var text: String
    public var position: Vec2
    public var style = NodeStyle()
    /// The ID another program gave the node (`ID_1607807952`), written back when exporting to it.
    public var sourceID: String?
    /// Width and height of the node's shape in map units (derived).
    public internal(set) var size: Vec2
    /// The text broken into lines that fit the theme's text width, joined by newlines (derived):
    /// what the renderer rasterises, kept whole so drawing a frame builds no strings.
    public internal(set) var label: String
    /// Size of the text block inside the shape, in map units (derived).
    public internal(set) var textSize: Vec2
    /// Note, link, icons, picture and attribute table, and their derived sizes: nil while the
    /// node has none of them (most nodes of a big map).
    private var extras: ExtrasBox?
    public var folded: Bool
    public var side: Side?
    /// Freeplane's summary marks: the first node of a group, or a summary of the group before it.
    public var summaryMarks: SummaryMarks = []
    /// The outline it is drawn and hit in: its style's, or the theme's (derived).
    public internal(set) var shape: NodeShape = .ellipse
    /// How the branch from its parent runs: its style's, or the theme's (derived), so hit tests
    /// follow the drawn line without a theme.
    public internal(set) var edgeShape: EdgeShape = .curve
    /// The derived sizes above have been worked out (a node read from a change record has not).
    public internal(set) var isMeasured = false
    /// An empty group mark or an empty unfolded summary, which Freeplane does not show (its
    /// bracket and children stand for it): no size, not drawn, not hit (derived).
    public internal(set) var isPlaceholder = false
    /// The map's central topic (its root), which the theme draws larger, heavier and in its
    /// accent (derived: set by the document that holds it).
    public internal(set) var isCentral = false

    /// What only some nodes have, kept out of line.
    struct Extras: Equatable, Sendable {
        var note = ""
        var link: String?
        var icons: [String] = []
        var image: String?
        var imageScale: Double?
        var attributes = AttributeTable()
        var tags: [String] = []
        var due: CalendarDay?
        var imageSize: Vec2 = .zero
        var imageFound = false
        var attributeTableSize: Vec2 = .zero
        var attributeNameWidth = 0.0
        var chipsSize: Vec2 = .zero
        var chipFrames: [Rect] = []
    }

    /// Never changed once made: a change makes a new box, so copies of a node share it safely.
    final class ExtrasBox: Equatable, Sendable {
        let value: Extras
        init(_ value: Extras) { self.value = value }
        static func == (a: ExtrasBox, b: ExtrasBox) -> Bool { a === b || a.value == b.value }
    }

    private var extrasValue: Extras { extras?.value ?? Extras() }

    /// Changes what is kept out of line; a node left with none of it keeps no box.
    private mutating func changeExtras(_ change: (inout Extras) -> Void) {
        var value = extrasValue
        change(&value)
        // why: an unchanged value keeps its box, shared with the node's copies (measuring a map
        // again would otherwise make a box for every node with a note).
        if let extras, extras.value == value { return }
        extras = value == Extras() ? nil : ExtrasBox(value)
    }

    /// Sets one of the out-of-line values. why: a node without a box given the default keeps
    /// none and skips `changeExtras`' compare (several such writes a node as a big map is read
    /// and measured: ~35 ms at 100k nodes without this shortcut).
    private mutating func setExtra<Value: Equatable>(_ path: WritableKeyPath<Extras, Value>, _ value: Value,
                                                     unlessBoxlessAnd none: Value) {
        guard extras != nil || value != none else { return }
        changeExtras { $0[keyPath: path] = value }
    }

    /// Plain-text note (FreeMind's NOTE and Freeplane's DETAILS; OPML's `_note`).
    public var note: String {
        get { extras?.value.note ?? "" }
        set { setExtra(\.note, newValue, unlessBoxlessAnd: "") }
    }
    /// A URL or file the node points to.
    public var link: String? {
        get { extras?.value.link }
        set { setExtra(\.link, newValue, unlessBoxlessAnd: nil) }
    }
    /// Icon names, FreeMind's `BUILTIN` names (`"yes"`, `"idea"`, `"password"`).
    public var icons: [String] {
        get { extras?.value.icons ?? [] }
        set { setExtra(\.icons, newValue, unlessBoxlessAnd: []) }
    }
    /// A picture shown above the text: a path as the file gave it (relative to the map's folder,
    /// absolute, or a `file:` URL). The core never reads it; the platform does.
    public var image: String? {
        get { extras?.value.image }
        set { setExtra(\.image, newValue, unlessBoxlessAnd: nil) }
    }
    /// How big the picture is shown, as a factor of its size in pixels (Freeplane's
    /// `ExternalObject` `SIZE`: 0.5 is half its pixels across); nil shows it at its own size, at
    /// most `NodeSizing.largestImageWidth` wide. Set by the picture's resize handle.
    public var imageScale: Double? {
        get { extras?.value.imageScale }
        set { setExtra(\.imageScale, newValue, unlessBoxlessAnd: nil) }
    }
    /// Its attributes (Freeplane's `<attribute NAME VALUE>`), shown as a table under its text.
    public var attributes: AttributeTable {
        get { extras?.value.attributes ?? AttributeTable() }
        set { setExtra(\.attributes, newValue, unlessBoxlessAnd: AttributeTable()) }
    }
    /// Its tags (Freeplane 1.12's `TAGS`), in the order given, each once: shown as pills under
    /// its text, matched by filters.
    public var tags: [String] {
        get { extras?.value.tags ?? [] }
        set { setExtra(\.tags, newValue, unlessBoxlessAnd: []) }
    }
    /// The day it is due by (a task's date; Freeplane's reminder), shown as a pill under its text.
    public var due: CalendarDay? {
        get { extras?.value.due }
        set { setExtra(\.due, newValue, unlessBoxlessAnd: nil) }
    }
    /// The size of the row of pills (due date, tags) under its text, in map units; zero without
    /// any (derived).
    public internal(set) var chipsSize: Vec2 {
        get { extras?.value.chipsSize ?? .zero }
        set { setExtra(\.chipsSize, newValue, unlessBoxlessAnd: .zero) }
    }
    /// Each pill's frame from the pills' block's top-left, in map units (derived).
    public internal(set) var chipFrames: [Rect] {
        get { extras?.value.chipFrames ?? [] }
        set { setExtra(\.chipFrames, newValue, unlessBoxlessAnd: []) }
    }
    /// The size the picture is shown at, in map units; zero without one (derived).
    public internal(set) var imageSize: Vec2 {
        get { extras?.value.imageSize ?? .zero }
        set { setExtra(\.imageSize, newValue, unlessBoxlessAnd: .zero) }
    }
    /// The picture's size is known, so it can be drawn; otherwise a placeholder is (derived).
    public internal(set) var imageFound: Bool {
        get { extras?.value.imageFound ?? false }
        set { setExtra(\.imageFound, newValue, unlessBoxlessAnd: false) }
    }
    /// The attribute table's size under the text, in map units; zero without attributes (derived).
    public internal(set) var attributeTableSize: Vec2 {
        get { extras?.value.attributeTableSize ?? .zero }
        set { setExtra(\.attributeTableSize, newValue, unlessBoxlessAnd: .zero) }
    }
    /// The width of the table's name column, in map units (derived).
    public internal(set) var attributeNameWidth: Double {
        get { extras?.value.attributeNameWidth ?? 0 }
        set { setExtra(\.attributeNameWidth, newValue, unlessBoxlessAnd: 0) }
    }

    /// Sets the picture's and the table's derived sizes in one change (one box, not four).
    mutating func setDerivedSizes(imageSize: Vec2, imageFound: Bool, attributeTableSize: Vec2, attributeNameWidth: Double) {
        guard extras != nil || imageSize != .zero || imageFound || attributeTableSize != .zero || attributeNameWidth != 0 else { return }
        changeExtras { extras in
            extras.imageSize = imageSize
            extras.imageFound = imageFound
            extras.attributeTableSize = attributeTableSize
            extras.attributeNameWidth = attributeNameWidth
        }
    }

    public init(id: NodeID, text: String, position: Vec2, folded: Bool = false) {
        self.id = id
        self.text = text
        self.position = position
        self.folded = folded
        size = Vec2(NodeSizing.Metrics.standard.minimumSize.x, NodeSizing.Metrics.standard.minimumSize.y)
        label = text
        textSize = .zero
    }

    public var lines: [Substring] { label.isEmpty ? [] : label.split(separator: "\n", omittingEmptySubsequences: false) }

    /// Everything a file stores about the node, i.e. all but the derived sizes.
    public func hasSameContent(as other: Node) -> Bool {
        id == other.id && text == other.text && position == other.position && folded == other.folded
            && note == other.note && link == other.link && icons == other.icons && style == other.style
            && side == other.side && sourceID == other.sourceID && image == other.image && imageScale == other.imageScale
            && summaryMarks == other.summaryMarks
            && attributes == other.attributes && tags == other.tags && due == other.due
    }

    /// The node's bounding box on the map.
    public var frame: Rect { Rect(center: position, width: size.x, height: size.y) }

    /// What the node carries besides its text, position, fold and style.
    public var details: NodeDetails {
        get {
            NodeDetails(note: note, link: link, icons: icons, side: side, sourceID: sourceID, image: image, imageScale: imageScale,
                        summaryMarks: summaryMarks, tags: tags, due: due)
        }
        set {
            side = newValue.side
            sourceID = newValue.sourceID
            summaryMarks = newValue.summaryMarks
            guard extras != nil || !newValue.note.isEmpty || newValue.link != nil || !newValue.icons.isEmpty
                || newValue.image != nil || newValue.imageScale != nil || !newValue.tags.isEmpty || newValue.due != nil else { return }
            changeExtras { extras in
                extras.note = newValue.note
                extras.link = newValue.link
                extras.icons = newValue.icons
                extras.image = newValue.image
                extras.imageScale = newValue.imageScale
                extras.tags = newValue.tags
                extras.due = newValue.due
            }
        }
    }
}

/// A node's note, link, icons, side, foreign ID, picture (and the size it is shown at), summary
/// marks, tags and due day: changed together as one `Change`. A task's box and priority are icons
/// (`checked`, `unchecked`, `full-N`), as FreeMind and Freeplane keep them.
public struct NodeDetails: Equatable, Sendable {
    public var note: String
    public var link: String?
    public var icons: [String]
    public var side: Node.Side?
    public var sourceID: String?
    public var image: String?
    public var imageScale: Double?
    public var summaryMarks: SummaryMarks
    public var tags: [String]
    public var due: CalendarDay?

    public init(note: String = "", link: String? = nil, icons: [String] = [], side: Node.Side? = nil, sourceID: String? = nil,
                image: String? = nil, imageScale: Double? = nil, summaryMarks: SummaryMarks = [], tags: [String] = [],
                due: CalendarDay? = nil) {
        self.note = note
        self.link = link
        self.icons = icons
        self.side = side
        self.sourceID = sourceID
        self.image = image
        self.imageScale = imageScale
        self.summaryMarks = summaryMarks
        self.tags = tags
        self.due = due
    }
}

/// Freeplane's summaries: a node marked `firstOfGroup` (its `FirstGroupNode` hook) begins a
/// group of siblings, and a later sibling marked `summary` (`SummaryNode`) sums up the siblings
/// since the group began (or since the summary before it), drawn beyond them past a bracket.
public struct SummaryMarks: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let firstOfGroup = SummaryMarks(rawValue: 1)
    public static let summary = SummaryMarks(rawValue: 2)
}

/// The outline a node is drawn in.
public enum NodeShape: String, CaseIterable, Sendable, Codable {
    /// An ellipse around the text (the seed's look).
    case ellipse
    /// A rectangle with rounded corners (Freeplane's "bubble").
    case roundedBox
    /// Just the text, underlined (Freeplane's "fork").
    case plain
}

/// How a branch (the tree edge from a parent to a child) runs.
public enum EdgeShape: String, CaseIterable, Sendable, Codable {
    /// A smooth curve from the parent's side to the child's near side, leaving and arriving
    /// level (Freeplane's and XMind's `bezier`).
    case curve
    /// A straight line between the two nodes (Freeplane's `linear`; the seed's look).
    case straight
}

/// How a node looks beyond the theme: every field is optional and nil means "the theme's".
///
/// Edge colour, width and shape are the node's own edge, the one from its parent (as in FreeMind).
public struct NodeStyle: Equatable, Sendable, Codable {
    public var shape: NodeShape?
    /// On the root only: the map's branches are not coloured by the theme's palette (the style
    /// panel's "Colours" switch). Nil or false: they are. A map-wide choice kept on its
    /// root, so it is undone, saved and shared as the root's style is.
    // why: here, in a byte the colours' alignment left free, so a node stays 168 bytes.
    public var plainBranches: Bool?
    public var textColor: RGBA?
    public var fillColor: RGBA?
    /// Font size in points, as FreeMind's `<font SIZE>`; 12 points is the theme's text size.
    public var fontSize: Double?
    public var bold = false
    public var italic = false
    public var edgeColor: RGBA?
    /// The edge's width in map units (1 is a hairline at 100 %).
    public var edgeWidth: Double?
    /// Whether the edge is curved or straight.
    public var edgeShape: EdgeShape?
    /// A cloud drawn behind the node and everything shown below it (Freeplane's `<cloud>`).
    public var cloud: Cloud?

    /// The point size the theme's text size stands for.
    public static let basePointSize = 12.0
    /// No file may ask for bigger text than this (points).
    public static let largestPointSize = 512.0
    /// The text sizes a person can choose (the style panel steps through them).
    public static let pointSizes: [Double] = [8, 10, 12, 14, 18, 24, 32, 48]

    public init(shape: NodeShape? = nil, textColor: RGBA? = nil, fillColor: RGBA? = nil, fontSize: Double? = nil,
                bold: Bool = false, italic: Bool = false, edgeColor: RGBA? = nil, edgeWidth: Double? = nil,
                edgeShape: EdgeShape? = nil, cloud: Cloud? = nil, plainBranches: Bool? = nil) {
        self.shape = shape
        self.textColor = textColor
        self.fillColor = fillColor
        self.fontSize = fontSize
        self.bold = bold
        self.italic = italic
        self.edgeColor = edgeColor
        self.edgeWidth = edgeWidth
        self.edgeShape = edgeShape
        self.cloud = cloud
        self.plainBranches = plainBranches
    }

    public var isPlain: Bool { self == NodeStyle() }

    /// How much bigger than the theme's text this node's text is (clamped to something drawable).
    public var textScale: Double {
        guard let fontSize, fontSize.isFinite, fontSize > 0 else { return 1 }
        return min(max(fontSize / Self.basePointSize, 0.5), 4)
    }
}

/// A cloud around a node's subtree: a boundary drawn behind the node and every node shown below
/// it, in its colour, which the tidy tree keeps clear of its neighbours (Freeplane's and
/// FreeMind's `<cloud COLOR SHAPE>`).
public struct Cloud: Equatable, Sendable, Codable {
    /// Freeplane's cloud shapes. Arcs and stars are drawn as a bumpy cloud, the rectangles as a
    /// box with square or round corners.
    public enum Shape: String, CaseIterable, Sendable, Codable {
        case arc, star, rect, roundRect

        /// Whether it is drawn with bumps (a cloud) rather than as a box.
        public var isBumpy: Bool { self == .arc || self == .star }

        /// The outline's corner radius in map units (the screen and the SVG export draw alike).
        public var cornerRadius: Double {
            switch self {
            case .rect: return 2
            case .roundRect: return 18
            case .arc, .star: return 10
            }
        }
    }

    /// Its fill; nil is the theme's.
    public var color: RGBA?
    public var shape: Shape

    public init(color: RGBA? = nil, shape: Shape = .arc) {
        self.color = color
        self.shape = shape
    }
}

/// A node's attributes: name–value rows in their order (Freeplane's `<attribute NAME VALUE>`),
/// shown as a small table under the node's text; folded, only its header shows. Changed as a
/// whole by `Change.setAttributes`.
public struct AttributeTable: Equatable, Sendable, Codable {
    public struct Row: Equatable, Sendable, Codable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var rows: [Row]
    /// Only the header shows (a tap on it folds and unfolds the table).
    public var folded: Bool

    public init(rows: [Row] = [], folded: Bool = false) {
        self.rows = rows
        self.folded = folded
    }

    public var isEmpty: Bool { rows.isEmpty }

    /// The header's words: how many rows a folded table hides, or what the table is.
    public var header: String { folded ? "▸ \(rows.count) attribute\(rows.count == 1 ? "" : "s")" : "▾ Attributes" }
}

extension Node {
    /// The first line of its text without the spaces around it: what a list row, a breadcrumb
    /// or a slide's name shows of it.
    public var firstLine: String {
        let line = text.split(whereSeparator: \.isNewline).first ?? ""
        return String(line).trimmingCharacters(in: .whitespaces)
    }
}
