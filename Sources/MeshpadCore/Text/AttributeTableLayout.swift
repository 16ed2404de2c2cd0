/// Where a node's attribute table and its parts are on the map: its header and, unless it is
/// folded, a name cell and a value cell per row. The scene draws it and the gesture recognizer
/// hit-tests it from this one geometry (a tap on the header folds or unfolds the table; on a
/// row's name of a selected node, renames the row; on its value, edits the value).
public struct AttributeTableLayout: Equatable, Sendable {
    public var frame: Rect
    public var header: Rect
    public var names: [Rect]
    public var values: [Rect]

    /// A row's height for text of `lineHeight` (the node's), with a little room above and below.
    public static func rowHeight(lineHeight: Double) -> Double { lineHeight * NodeSizing.attributeTextScale + 6 }

    /// The part of a table a point is on.
    public enum Part: Equatable, Sendable {
        case header
        /// A row's name cell.
        case name(Int)
        /// A row's value cell.
        case value(Int)

        /// The row it is in, if it is in one.
        public var row: Int? {
            switch self {
            case .header: return nil
            case .name(let row), .value(let row): return row
            }
        }
    }

    /// The table of `node` drawn at `position` (its centre), or nil when it has none.
    public init?(_ node: Node, at position: Vec2) {
        let size = node.attributeTableSize
        guard size.y > 0, !node.isPlaceholder else { return nil }
        frame = Rect(center: position + node.attributeTableOffset, width: size.x, height: size.y)
        let shown = node.attributes.folded ? 0 : node.attributes.rows.count
        let row = size.y / Double(shown + 1)
        header = Rect(x: frame.minX, y: frame.minY, width: size.x, height: row)
        let table = frame
        let cells = (0..<shown).map { Rect(x: table.minX, y: table.minY + Double($0 + 1) * row, width: node.attributeNameWidth, height: row) }
        names = cells
        values = cells.map { Rect(x: $0.maxX, y: $0.minY, width: size.x - node.attributeNameWidth, height: row) }
    }

    /// The part under `mapPoint`, if any.
    public func part(at mapPoint: Vec2) -> Part? {
        guard frame.contains(mapPoint) else { return nil }
        if header.contains(mapPoint) { return .header }
        guard let row = names.indices.first(where: { Rect(x: frame.minX, y: names[$0].minY, width: frame.width, height: names[$0].height).contains(mapPoint) })
        else { return nil }
        return mapPoint.x < names[row].maxX ? .name(row) : .value(row)
    }
}
