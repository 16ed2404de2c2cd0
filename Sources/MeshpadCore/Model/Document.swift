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
    /// Set by importers whose format has no positions (FreeMind, OPML, Markdown): the map is laid
    /// out as a tree once node sizes are known (`prepareForDisplay`).
    public var needsLayout = false

    private var indexByID: [NodeID: Int] = [:]
    /// Where nodes and edges are on the map, for hit tests and culling (kept current by every change).
    public private(set) var spatial = SpatialIndex()
    /// For each node (by index), the edges (by index) that touch it: what to re-file when it moves.
    private var edgesOfNode: [[Int32]] = []
    /// Each edge's culling box, kept beside the edges so queries need no lookups.
    private var edgeBoxes: [Rect] = []
    /// Each edge's two node indices, so drawing an edge needs no ID lookups.
    private var edgeEnds: [(from: Int32, to: Int32)] = []
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
    ///
    /// `allowingSelfLink` is for importers only: Freeplane maps can hold a link from a node to
    /// itself, and a faithful import keeps it (people creating links never can).
    @discardableResult
    public mutating func connect(_ from: NodeID, to: NodeID, kind: Edge.Kind = .link, arrows: Edge.Arrows = [],
                                 allowingSelfLink: Bool = false) -> EdgeID? {
        guard from != to || (allowingSelfLink && kind == .link), contains(from), contains(to) else { return nil }
        let pair = NodePair(from, to)
        guard !joinedPairs.contains(pair) else { return nil }
        if kind == .tree {
            guard parentByChild[to] == nil, to != rootID else { return nil }
            parentByChild[to] = from
        }
        joinedPairs.insert(pair)
        let id = EdgeID(nextEdgeNumber)
        nextEdgeNumber += 1
        edges.append(Edge(id: id, from: from, to: to, kind: kind, arrows: arrows))
        fileEdge(edges.count - 1)
        revision &+= 1
        return id
    }

    /// Changes a node's stored details (note, link, icons, style, side, fold, source ID, text).
    /// Derived sizes are not re-derived: call `measureAll` or `setText` after changing text.
    public mutating func modify(_ id: NodeID, _ change: (inout Node) -> Void) {
        guard let i = indexByID[id] else { return }
        let before = nodes[i]
        change(&nodes[i])
        // why: the ID is the index key and must not change under it.
        if nodes[i].id != before.id { nodes[i] = before }
        revision &+= 1
    }

    /// Each node's children in the order their tree edges were made.
    public func childrenByParent() -> [NodeID: [NodeID]] {
        var result: [NodeID: [NodeID]] = [:]
        for edge in edges where edge.kind == .tree {
            result[edge.from, default: []].append(edge.to)
        }
        return result
    }

    /// Moves a node's centre to `position` (map units). Non-finite positions are ignored.
    public mutating func move(_ id: NodeID, to position: Vec2) {
        guard position.isFinite, let i = indexByID[id] else { return }
        let touching = edgesOfNode[i]
        let oldFrame = nodes[i].frame
        spatial.removeNode(i, frame: oldFrame)
        for e in touching { spatial.removeEdge(Int(e), box: edgeBoxes[Int(e)]) }
        nodes[i].position = position
        spatial.insertNode(i, frame: nodes[i].frame)
        updateBounds(old: oldFrame, new: nodes[i].frame)
        for e in touching {
            edgeBoxes[Int(e)] = computeEdgeBox(Int(e))
            spatial.insertEdge(Int(e), box: edgeBoxes[Int(e)])
        }
        revision &+= 1
    }

    /// Moves many nodes at once (a layout), re-filing the spatial index once instead of per node.
    /// Counts as one change.
    public mutating func move(_ positions: [NodeID: Vec2]) {
        for (id, position) in positions {
            guard position.isFinite, let i = indexByID[id] else { continue }
            nodes[i].position = position
        }
        rebuildSpatialIndex()
        revision &+= 1
    }

    /// The box an edge is culled by: its two node centres (edges are drawn centre to centre).
    public func edgeBox(_ index: Int) -> Rect { edgeBoxes[index] }

    /// The indices in `nodes` of an edge's two ends.
    public func endpoints(ofEdgeAt index: Int) -> (from: Int, to: Int) {
        let ends = edgeEnds[index]
        return (Int(ends.from), Int(ends.to))
    }

    /// From the edge's cached end indices (`fileEdge` sets them first): no ID lookups.
    private func computeEdgeBox(_ index: Int) -> Rect {
        let ends = edgeEnds[index]
        let a = nodes[Int(ends.from)].position, b = nodes[Int(ends.to)].position
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The position in `nodes` of a node, for code that walks the array.
    public func index(of id: NodeID) -> Int? { indexByID[id] }

    /// Indices of the edges touching the node at `index`.
    public func edgeIndices(touchingNodeAt index: Int) -> [Int32] { edgesOfNode[index] }

    /// Indices (into `nodes`) of the nodes whose frame meets `rect`, each once, in no set order.
    public func forEachNode(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachNode(in: rect, frame: { nodes[$0].frame }, body)
    }

    /// Indices (into `edges`) of the edges whose box meets `rect`, each once.
    public func forEachEdge(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachEdge(in: rect, box: { edgeBoxes[$0] }, body)
    }

    private mutating func fileEdge(_ index: Int) {
        let edge = edges[index]
        let a = indexByID[edge.from] ?? 0, b = indexByID[edge.to] ?? 0
        if edgeEnds.count <= index { edgeEnds.append(contentsOf: repeatElement((from: Int32(0), to: Int32(0)), count: index + 1 - edgeEnds.count)) }
        edgeEnds[index] = (Int32(a), Int32(b))
        if edgeBoxes.count <= index { edgeBoxes.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: index + 1 - edgeBoxes.count)) }
        edgeBoxes[index] = computeEdgeBox(index)
        spatial.insertEdge(index, box: edgeBoxes[index])
        edgesOfNode[a].append(Int32(index))
        if b != a { edgesOfNode[b].append(Int32(index)) }
    }

    /// Files every node and edge anew (after sizes change, or a document is rebuilt).
    private mutating func rebuildSpatialIndex() {
        spatial = SpatialIndex()
        edgesOfNode = Array(repeating: [], count: nodes.count)
        edgeBoxes = []
        edgeBoxes.reserveCapacity(edges.count)
        edgeEnds = []
        edgeEnds.reserveCapacity(edges.count)
        for i in nodes.indices { spatial.insertNode(i, frame: nodes[i].frame) }
        for e in edges.indices { fileEdge(e) }
        bounds = computeBounds()
    }

    /// Replaces a node's text and re-derives its size with `sizing`.
    public mutating func setText(_ text: String, of id: NodeID, sizing: NodeSizing) {
        guard let i = indexByID[id] else { return }
        let oldFrame = nodes[i].frame
        spatial.removeNode(i, frame: oldFrame)
        nodes[i].text = text
        sizing.apply(to: &nodes[i])
        spatial.insertNode(i, frame: nodes[i].frame)
        updateBounds(old: oldFrame, new: nodes[i].frame)
        revision &+= 1
    }

    /// Re-derives every node's size and line breaks, e.g. once a font is loaded.
    ///
    /// Sizes are derived state, so this does not count as a change of the document.
    public mutating func measureAll(with sizing: NodeSizing) {
        for i in nodes.indices {
            sizing.apply(to: &nodes[i])
        }
        rebuildSpatialIndex()
    }

    /// The smallest rectangle holding every node (a document always has its root). Kept
    /// current by every change, so drawing a frame never walks all nodes for it.
    public private(set) var bounds = Rect(x: 0, y: 0, width: 0, height: 0)

    private func computeBounds() -> Rect {
        var result = nodes[0].frame
        for node in nodes.dropFirst() {
            result = result.union(node.frame)
        }
        return result
    }

    /// After one node's frame changed from `old` to `new`: grow, or recompute if it may shrink.
    private mutating func updateBounds(old: Rect?, new: Rect) {
        let touchedEdge = old.map { $0.minX <= bounds.minX || $0.minY <= bounds.minY || $0.maxX >= bounds.maxX || $0.maxY >= bounds.maxY } ?? false
        bounds = touchedEdge ? computeBounds() : (nodes.count == 1 ? new : bounds.union(new))
    }

    /// Rebuilds a document from stored nodes and edges, keeping their IDs.
    ///
    /// Refuses anything that would not be a valid map: duplicate IDs, a missing root, edges to
    /// missing nodes, self-links, duplicate edges, a node with two parents, a parent for the root,
    /// or a cycle of tree edges. The first node in `nodes` need not be the root.
    public init(restoring storedNodes: [Node], edges storedEdges: [Edge], rootID: NodeID) throws(DocumentError) {
        guard let rootIndex = storedNodes.firstIndex(where: { $0.id == rootID }) else {
            throw .missingRoot(rootID)
        }
        self.rootID = rootID
        indexByID.reserveCapacity(storedNodes.count)
        nodes.reserveCapacity(storedNodes.count)
        joinedPairs.reserveCapacity(storedEdges.count)
        parentByChild.reserveCapacity(storedEdges.count)
        edges.reserveCapacity(storedEdges.count)
        var ordered = [storedNodes[rootIndex]]
        ordered.append(contentsOf: storedNodes[..<rootIndex])
        ordered.append(contentsOf: storedNodes[(rootIndex + 1)...])
        for node in ordered {
            guard indexByID[node.id] == nil else { throw .duplicateNode(node.id) }
            guard node.position.isFinite else { throw .badPosition(node.id) }
            indexByID[node.id] = nodes.count
            nodes.append(node)
        }
        for edge in storedEdges {
            guard contains(edge.from), contains(edge.to) else { throw .danglingEdge(edge.id) }
            guard edge.from != edge.to || edge.kind == .link else { throw .selfLink(edge.id) }
            let pair = NodePair(edge.from, edge.to)
            guard !joinedPairs.contains(pair) else { throw .duplicateEdge(edge.id) }
            if edge.kind == .tree {
                guard parentByChild[edge.to] == nil, edge.to != rootID else { throw .secondParent(edge.to) }
                parentByChild[edge.to] = edge.from
            }
            joinedPairs.insert(pair)
            edges.append(edge)
        }
        guard Set(edges.map(\.id)).count == edges.count else {
            throw .duplicateEdgeID
        }
        // A cycle of tree edges would leave every node on it with a parent and no way up to a top.
        // Walk up from each node, marking the path; a node met again on the same walk is a cycle.
        var parentIndex = [Int](repeating: -1, count: nodes.count)
        for (child, parent) in parentByChild {
            if let c = indexByID[child], let p = indexByID[parent] { parentIndex[c] = p }
        }
        var state = [UInt8](repeating: 0, count: nodes.count)   // 0 unseen, 1 on this walk, 2 reaches a top
        var path: [Int] = []
        for start in nodes.indices where state[start] == 0 {
            var current = start
            path.removeAll(keepingCapacity: true)
            while current >= 0 && state[current] == 0 {
                state[current] = 1
                path.append(current)
                current = parentIndex[current]
            }
            if current >= 0 && state[current] == 1 { throw .treeCycle(nodes[current].id) }
            for index in path { state[index] = 2 }
        }
        nextNodeNumber = (nodes.map(\.id.rawValue).max() ?? 0) + 1
        nextEdgeNumber = (edges.map(\.id.rawValue).max() ?? 0) + 1
        rebuildSpatialIndex()
    }

    private mutating func insertNode(text: String, at position: Vec2) -> NodeID {
        let id = NodeID(nextNodeNumber)
        nextNodeNumber += 1
        indexByID[id] = nodes.count
        nodes.append(Node(id: id, text: text, position: position.isFinite ? position : .zero))
        edgesOfNode.append([])
        spatial.insertNode(nodes.count - 1, frame: nodes[nodes.count - 1].frame)
        updateBounds(old: nil, new: nodes[nodes.count - 1].frame)
        revision &+= 1
        return id
    }
}

/// Why stored nodes and edges do not make a valid map.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case missingRoot(NodeID)
    case duplicateNode(NodeID)
    case badPosition(NodeID)
    case danglingEdge(EdgeID)
    case selfLink(EdgeID)
    case duplicateEdge(EdgeID)
    case duplicateEdgeID
    case secondParent(NodeID)
    case treeCycle(NodeID)

    public var description: String {
        switch self {
        case .missingRoot(let id): return "the root node \(id) is missing"
        case .duplicateNode(let id): return "two nodes have the ID \(id)"
        case .badPosition(let id): return "node \(id) has a position that is not a finite number"
        case .danglingEdge(let id): return "edge \(id) joins a node that does not exist"
        case .selfLink(let id): return "tree edge \(id) makes a node its own child"
        case .duplicateEdge(let id): return "edge \(id) repeats another edge between the same two nodes"
        case .duplicateEdgeID: return "two edges have the same ID"
        case .secondParent(let id): return "node \(id) has more than one parent (or the root has one)"
        case .treeCycle(let id): return "the tree edges form a cycle through node \(id)"
        }
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
