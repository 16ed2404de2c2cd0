/// One idea on the map: text drawn inside a shape at a map position.
///
/// `position` is the centre of the node in map units. `size` and `label` are derived from the
/// text by `NodeSizing` and are never stored in a file: they depend on the font at hand.
public struct Node: Equatable, Sendable {
    /// Which side of the root a first-level branch hangs on (FreeMind's `POSITION`).
    public enum Side: String, Sendable {
        case left, right
    }

    public let id: NodeID
    public var text: String
    public var position: Vec2
    public var folded: Bool
    /// Plain-text note (FreeMind's NOTE and Freeplane's DETAILS; OPML's `_note`).
    public var note = ""
    /// A URL or file the node points to.
    public var link: String?
    /// Icon names, FreeMind's `BUILTIN` names (`"yes"`, `"idea"`, `"password"`).
    public var icons: [String] = []
    public var style = NodeStyle()
    public var side: Side?
    /// The ID another program gave the node (`ID_1607807952`), written back when exporting to it.
    public var sourceID: String?

    /// Width and height of the node's shape in map units (derived).
    public internal(set) var size: Vec2
    /// The text broken into lines that fit the theme's text width, joined by newlines (derived):
    /// what the renderer rasterises, kept whole so drawing a frame builds no strings.
    public internal(set) var label: String
    /// Size of the text block inside the shape, in map units (derived).
    public internal(set) var textSize: Vec2

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
            && side == other.side && sourceID == other.sourceID
    }

    /// The node's bounding box on the map.
    public var frame: Rect { Rect(center: position, width: size.x, height: size.y) }
}

/// How a node looks beyond the theme: every field is optional and nil means "the theme's".
public struct NodeStyle: Equatable, Sendable {
    public var textColor: RGBA?
    public var fillColor: RGBA?
    /// Font size in points, as FreeMind's `<font SIZE>`.
    public var fontSize: Double?
    public var bold = false
    public var italic = false

    public init(textColor: RGBA? = nil, fillColor: RGBA? = nil, fontSize: Double? = nil, bold: Bool = false, italic: Bool = false) {
        self.textColor = textColor
        self.fillColor = fillColor
        self.fontSize = fontSize
        self.bold = bold
        self.italic = italic
    }

    public var isPlain: Bool { self == NodeStyle() }
}
