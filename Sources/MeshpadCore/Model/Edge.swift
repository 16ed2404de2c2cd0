/// A connection between two nodes.
///
/// A `.tree` edge joins a parent to a child (a node has at most one incoming tree edge, so the
/// tree edges form the mind map's hierarchy); a `.link` edge is a free connection drawn across
/// it (FreeMind's arrow links, GraphPad's drawn edges).
public struct Edge: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case tree
        case link
    }

    /// Arrowheads drawn on a link (FreeMind's STARTARROW / ENDARROW).
    public struct Arrows: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let start = Arrows(rawValue: 1)
        public static let end = Arrows(rawValue: 2)
    }

    public let id: EdgeID
    public let from: NodeID
    public let to: NodeID
    public let kind: Kind
    public var arrows: Arrows

    public init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind, arrows: Arrows = []) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
        self.arrows = arrows
    }
}
