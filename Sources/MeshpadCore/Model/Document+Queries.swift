/// Reading a map: nodes by ID, the tree, edges, what is hidden, what is where.
extension Document {
    public var root: Node { nodes[0] }

    public var nodeCount: Int { nodes.count }

    public func node(_ id: NodeID) -> Node? {
        indexByID[id].map { nodes[$0] }
    }

    public func contains(_ id: NodeID) -> Bool { indexByID[id] != nil }

    /// The position in `nodes` of a node, for code that walks the array.
    public func index(of id: NodeID) -> Int? { indexByID[id] }

    /// The next IDs a new node or edge gets, so a change can name new nodes before making them.
    public var nextNodeID: NodeID { NodeID(nextNodeNumber) }
    public var nextEdgeID: EdgeID { EdgeID(nextEdgeNumber) }

    // MARK: - The tree

    /// The node's parent in the tree, nil for the root and for free nodes.
    public func parent(of id: NodeID) -> NodeID? { parentByChild[id] }

    /// The node's children in the order their tree edges were made.
    public func children(of id: NodeID) -> [NodeID] {
        guard let i = indexByID[id] else { return [] }
        return edgesOfNode[i].compactMap { e in
            let edge = edges[Int(e)]
            return edge.kind == .tree && edge.from == id ? edge.to : nil
        }
    }

    /// Whether `id` is `top` or somewhere in its branch (a walk up the parents).
    public func isInBranch(_ id: NodeID, of top: NodeID) -> Bool {
        var current: NodeID? = id
        while let node = current {
            if node == top { return true }
            current = parentByChild[node]
        }
        return false
    }

    /// True if the node has at least one child.
    public func hasChildren(_ id: NodeID) -> Bool {
        guard let i = index(of: id) else { return false }
        return edgesOfNode[i].contains { edges[Int($0)].kind == .tree && edges[Int($0)].from == id }
    }

    /// Each node's children in the order their tree edges were made.
    public func childrenByParent() -> [NodeID: [NodeID]] {
        var result: [NodeID: [NodeID]] = [:]
        for edge in edges where edge.kind == .tree {
            result[edge.from, default: []].append(edge.to)
        }
        return result
    }

    /// The node and everything below it in the tree, parents before children.
    public func subtree(of id: NodeID) -> [NodeID] {
        guard contains(id) else { return [] }
        var result: [NodeID] = []
        var stack = [id]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: children(of: next).reversed())
        }
        return result
    }

    /// Every node in outline order — the root's tree, then each free tree, parents before
    /// children, children in order — as indices into `nodes` with their depth. Nodes inside a
    /// fold are left out unless `includingHidden`. Linear, iterative, and allocates only the result.
    public func outlineOrder(includingHidden: Bool = false) -> [(index: Int32, depth: Int32)] {
        var result: [(index: Int32, depth: Int32)] = []
        result.reserveCapacity(includingHidden ? nodes.count : nodes.count - hiddenCount)
        var stack: [(Int32, Int32)] = []
        var tops: [Int32] = [0]
        for i in nodes.indices.dropFirst() where parentByChild[nodes[i].id] == nil { tops.append(Int32(i)) }
        for top in tops.reversed() { stack.append((top, 0)) }
        while let (i, depth) = stack.popLast() {
            result.append((i, depth))
            guard includingHidden || !nodes[Int(i)].folded else { continue }
            let incident = edgesOfNode[Int(i)]
            for e in incident.reversed() {
                let ends = edgeEnds[Int(e)]
                if ends.from == i && ends.to != i && edges[Int(e)].kind == .tree { stack.append((ends.to, depth + 1)) }
            }
        }
        return result
    }

    /// Whether an edge could join two nodes: both ends exist, and a tree edge would give a
    /// child other than its parent its first parent without making a cycle. Any two nodes may
    /// be linked, however often, and a node to itself (as Freeplane allows).
    public func canJoin(_ from: NodeID, _ to: NodeID, kind: Edge.Kind) -> Bool {
        guard contains(from), contains(to) else { return false }
        guard kind == .tree else { return true }
        guard parentByChild[to] == nil, to != rootID, from != to else { return false }
        // A node without children cannot be its own ancestor: only a subtree needs the walk up
        // (which would make building a 100,000-deep chain quadratic).
        guard hasChildren(to) else { return true }
        var ancestor: NodeID? = from
        while let current = ancestor {
            if current == to { return false }
            ancestor = parentByChild[current]
        }
        return true
    }

    // MARK: - Edges

    /// The first edge joining two nodes (in either direction), if any.
    public func edge(between a: NodeID, and b: NodeID) -> Edge? { edges(between: a, and: b).first }

    /// Every edge joining two nodes, in either direction, in edge order.
    public func edges(between a: NodeID, and b: NodeID) -> [Edge] {
        guard let i = indexByID[a], let j = indexByID[b] else { return [] }
        return sharedIncidence(i, j).lazy.map { self.edges[Int($0)] }.filter { $0.joins(a, b) }
    }

    public func edge(_ id: EdgeID) -> Edge? { edges.first { $0.id == id } }

    /// The indices in `nodes` of an edge's two ends.
    public func endpoints(ofEdgeAt index: Int) -> (from: Int, to: Int) {
        let ends = edgeEnds[index]
        return (Int(ends.from), Int(ends.to))
    }

    /// Indices of the edges touching the node at `index`.
    public func edgeIndices(touchingNodeAt index: Int) -> [Int32] { edgesOfNode[index] }

    // MARK: - Folds

    /// True when a folded ancestor hides the node.
    public func isHidden(_ id: NodeID) -> Bool { indexByID[id].map { hiddenFlags[$0] } ?? false }

    public func isHidden(nodeAt index: Int) -> Bool { hiddenFlags[index] }

    /// True when either end of the edge is hidden.
    public func isHidden(edgeAt index: Int) -> Bool {
        let ends = edgeEnds[index]
        return hiddenFlags[Int(ends.from)] || hiddenFlags[Int(ends.to)]
    }

    /// How many nodes the node's fold hides (0 when it is not folded or has no children).
    public func hiddenDescendantCount(of id: NodeID) -> Int {
        guard foldCountsStale else { return foldedCounts[id] ?? 0 }
        guard node(id)?.folded == true else { return 0 }
        return subtree(of: id).count - 1
    }

    // MARK: - Where things are

    /// The box an edge is culled and hit-tested by: its path's (`path(ofEdgeAt:)`).
    public func edgeBox(_ index: Int) -> Rect { edgeBoxes[index] }

    /// The line the edge at `index` runs along, its ends drawn at `from` and `to` (where gliding
    /// nodes are; their positions by default): a branch in its child's edge shape, a link arched
    /// in its lane (a loop for a link from a node to itself). The scene draws it, the hit test
    /// measures to it and SVG export writes it.
    public func path(ofEdgeAt index: Int, from: Vec2? = nil, to: Vec2? = nil) -> EdgePath {
        let ends = edgeEnds[index]
        let a = Int(ends.from), b = Int(ends.to)
        // why: reads the nodes field by field; binding a whole `Node` copies its strings and arrays.
        let parent = EdgePath.End(position: from ?? nodes[a].position, size: nodes[a].size, shape: nodes[a].shape)
        let child = EdgePath.End(position: to ?? nodes[b].position, size: nodes[b].size, shape: nodes[b].shape)
        guard edges[index].kind == .link else { return .branch(from: parent, to: child, shape: nodes[b].edgeShape) }
        return .link(from: parent, to: child, lane: lane(ofLinkAt: index), aFirst: edges[index].from <= edges[index].to, sameNode: a == b)
    }

    /// Indices (into `nodes`) of the visible nodes whose frame meets `rect`, each once, in no set order.
    public func forEachNode(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachNode(in: rect, frame: { nodes[$0].frame }, body)
    }

    /// Indices (into `edges`) of the visible edges whose box meets `rect`, each once.
    public func forEachEdge(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachEdge(in: rect, box: { edgeBoxes[$0] }, body)
    }
}
