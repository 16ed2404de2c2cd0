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

    public let id: EdgeID
    public let from: NodeID
    public let to: NodeID
    public let kind: Kind

    public init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
    }
}
