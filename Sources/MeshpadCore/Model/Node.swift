/// One idea on the map: text drawn inside a shape at a map position.
///
/// `position` is the centre of the node in map units. `size` and `label` are derived from the
/// text by `NodeSizing` and are never stored in a file: they depend on the font at hand.
public struct Node: Equatable, Sendable {
    public let id: NodeID
    public var text: String
    public var position: Vec2
    public var folded: Bool

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

    /// The node's bounding box on the map.
    public var frame: Rect { Rect(center: position, width: size.x, height: size.y) }
}
