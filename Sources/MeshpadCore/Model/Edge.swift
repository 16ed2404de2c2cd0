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
    /// The words along a link (FreeMind's and Freeplane's middle label).
    public var label: String?

    public init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind, arrows: Arrows = [], label: String? = nil) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
        self.arrows = arrows
        self.label = label
    }

    /// What a person sets on a link from its menu: its words and its arrowheads.
    public var look: LinkLook {
        get { LinkLook(label: label, arrows: arrows) }
        set {
            label = newValue.label
            arrows = newValue.arrows
        }
    }
}

/// A link's label and arrowheads: changed together as one `Change`.
public struct LinkLook: Equatable, Sendable, Codable {
    public var label: String?
    public var arrows: Edge.Arrows

    public init(label: String? = nil, arrows: Edge.Arrows = []) {
        self.label = label
        self.arrows = arrows
    }
}
