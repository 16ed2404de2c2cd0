/// A map: nodes joined by edges, with one root.
///
/// Nodes live in one contiguous array (fast to walk when culling and drawing 100k of them) with
/// an ID index beside it. Every mutation bumps `revision`, which autosave and the scene cache
/// watch. The tree is held only by the `.tree` edges; `parent(of:)` reads a derived index.
public struct Document: Sendable {
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    public let rootID: NodeID
    /// Counts every change; two equal revisions of one document mean the same content.
    public private(set) var revision: UInt64 = 0

    private var indexByID: [NodeID: Int] = [:]
    private var parentByChild: [NodeID: NodeID] = [:]
    /// Unordered node pairs already joined, so `connect` refuses duplicates in O(1).
    private var joinedPairs: Set<NodePair> = []
    private var nextNodeNumber = 1
    private var nextEdgeNumber = 1

    /// A document holding just a root node at the map origin.
    public init(rootText: String) {
        rootID = NodeID(nextNodeNumber)
        _ = insertNode(text: rootText, at: .zero)
    }

    public var root: Node { nodes[0] }

    public var nodeCount: Int { nodes.count }

    public func node(_ id: NodeID) -> Node? {
        indexByID[id].map { nodes[$0] }
    }

    public func contains(_ id: NodeID) -> Bool { indexByID[id] != nil }

    /// The node's parent in the tree, nil for the root and for free nodes.
    public func parent(of id: NodeID) -> NodeID? { parentByChild[id] }

    /// Adds a free node (no parent) and returns its ID.
    @discardableResult
    public mutating func addNode(text: String, at position: Vec2) -> NodeID {
        insertNode(text: text, at: position)
    }

    /// Adds a node as a child of `parent`, joined by a tree edge. Returns nil if `parent` is unknown.
    @discardableResult
    public mutating func addChild(of parent: NodeID, text: String, at position: Vec2) -> NodeID? {
        guard contains(parent) else { return nil }
        let child = insertNode(text: text, at: position)
        connect(parent, to: child, kind: .tree)
        return child
    }

    /// Joins two nodes. Refuses (returns nil) self-links, unknown nodes, duplicates of an
    /// existing edge between the same pair, and a second parent for a node.
    @discardableResult
    public mutating func connect(_ from: NodeID, to: NodeID, kind: Edge.Kind = .link) -> EdgeID? {
        guard from != to, contains(from), contains(to) else { return nil }
        let pair = NodePair(from, to)
        guard !joinedPairs.contains(pair) else { return nil }
        if kind == .tree {
            guard parentByChild[to] == nil, to != rootID else { return nil }
            parentByChild[to] = from
        }
        joinedPairs.insert(pair)
        let id = EdgeID(nextEdgeNumber)
        nextEdgeNumber += 1
        edges.append(Edge(id: id, from: from, to: to, kind: kind))
        revision &+= 1
        return id
    }

    /// Moves a node's centre to `position` (map units). Non-finite positions are ignored.
    public mutating func move(_ id: NodeID, to position: Vec2) {
        guard position.isFinite, let i = indexByID[id] else { return }
        nodes[i].position = position
        revision &+= 1
    }

    /// Replaces a node's text and re-derives its size with `sizing`.
    public mutating func setText(_ text: String, of id: NodeID, sizing: NodeSizing) {
        guard let i = indexByID[id] else { return }
        nodes[i].text = text
        sizing.apply(to: &nodes[i])
        revision &+= 1
    }

    /// Re-derives every node's size and line breaks, e.g. once a font is loaded.
    ///
    /// Sizes are derived state, so this does not count as a change of the document.
    public mutating func measureAll(with sizing: NodeSizing) {
        for i in nodes.indices {
            sizing.apply(to: &nodes[i])
        }
    }

    /// The smallest rectangle holding every node, nil never (a document always has its root).
    public var bounds: Rect {
        var result = nodes[0].frame
        for node in nodes.dropFirst() {
            result = result.union(node.frame)
        }
        return result
    }

    private mutating func insertNode(text: String, at position: Vec2) -> NodeID {
        let id = NodeID(nextNodeNumber)
        nextNodeNumber += 1
        indexByID[id] = nodes.count
        nodes.append(Node(id: id, text: text, position: position.isFinite ? position : .zero))
        revision &+= 1
        return id
    }
}

/// Two node IDs in no particular order: `NodePair(a, b) == NodePair(b, a)`.
private struct NodePair: Hashable {
    let low: NodeID
    let high: NodeID

    init(_ a: NodeID, _ b: NodeID) {
        low = min(a, b)
        high = max(a, b)
    }
}
