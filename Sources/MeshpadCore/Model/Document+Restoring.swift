/// Loading a map from stored nodes and edges (a file, a recovery), checked before it is trusted.
extension Document {
    /// Rebuilds a document from stored nodes and edges, keeping their IDs; with `sizing`, the
    /// nodes are measured once checked, before the indexes are built (one filing, at the real
    /// sizes, instead of one now and another in `measureAll`).
    ///
    /// Refuses anything that would not be a valid map: duplicate IDs, a missing root, edges to
    /// missing nodes, a tree edge from a node to itself, a node with two parents, a parent for the
    /// root, or a cycle of tree edges. Links may repeat, run along a branch or loop back to their
    /// node, as Freeplane's may. The first node in `nodes` need not be the root.
    public init(restoring storedNodes: consuming [Node], edges storedEdges: [Edge], rootID: NodeID,
                layoutMode: LayoutMode = .free, sizing: NodeSizing? = nil) throws(DocumentError) {
        guard let rootIndex = storedNodes.firstIndex(where: { $0.id == rootID }) else {
            throw .missingRoot(rootID)
        }
        // why: the arrays are taken whole, not node by node (a 100k-node map's nodes are 30 MB,
        // each with strings to retain); only the root moves, to the front, the rest keeping
        // their order.
        var nodes = consume storedNodes
        if rootIndex != 0 { nodes.insert(nodes.remove(at: rootIndex), at: 0) }
        let edges = storedEdges
        var indexByID: [NodeID: Int] = [:], parentByChild: [NodeID: NodeID] = [:]
        indexByID.reserveCapacity(nodes.count)
        parentByChild.reserveCapacity(edges.count)
        for i in nodes.indices {
            guard indexByID.updateValue(i, forKey: nodes[i].id) == nil else { throw .duplicateNode(nodes[i].id) }
            guard Self.isUsable(nodes[i].position) else { throw .badPosition(nodes[i].id) }
        }
        // Measured before anything is filed by its size.
        if let sizing { Self.measure(&nodes, with: sizing) }
        var ends: [(from: Int32, to: Int32)] = []
        ends.reserveCapacity(edges.count)
        var parentIndex = [Int](repeating: -1, count: nodes.count)
        for edge in edges {
            guard let from = indexByID[edge.from], let to = indexByID[edge.to] else { throw .danglingEdge(edge.id) }
            guard edge.from != edge.to || edge.kind == .link else { throw .selfLink(edge.id) }
            if edge.kind == .tree {
                guard parentIndex[to] < 0, edge.to != rootID else { throw .secondParent(edge.to) }
                parentByChild[edge.to] = edge.from
                parentIndex[to] = from
            }
            ends.append((Int32(from), Int32(to)))
        }
        var edgeIDs = Set<EdgeID>(minimumCapacity: edges.count)
        for edge in edges where !edgeIDs.insert(edge.id).inserted { throw .duplicateEdgeID }
        // A cycle of tree edges would leave every node on it with a parent and no way up to a top.
        // Walk up from each node, marking the path; a node met again on the same walk is a cycle.
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
        self.init(checkedNodes: consume nodes, edges: edges, rootID: rootID, indexByID: indexByID,
                  parentByChild: parentByChild, edgeIDs: edgeIDs, edgeEnds: ends, layoutMode: layoutMode)
    }
}

/// Why stored nodes and edges do not make a valid map.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case missingRoot(NodeID)
    case duplicateNode(NodeID)
    case badPosition(NodeID)
    case danglingEdge(EdgeID)
    case selfLink(EdgeID)
    case duplicateEdgeID
    case secondParent(NodeID)
    case treeCycle(NodeID)

    public var description: String {
        switch self {
        case .missingRoot(let id): return "the root node \(id) is missing"
        case .duplicateNode(let id): return "two nodes have the ID \(id)"
        case .badPosition(let id): return "node \(id) has a position that is not a number within ±100,000,000"
        case .danglingEdge(let id): return "edge \(id) joins a node that does not exist"
        case .selfLink(let id): return "tree edge \(id) makes a node its own child"
        case .duplicateEdgeID: return "two edges have the same ID"
        case .secondParent(let id): return "node \(id) has more than one parent (or the root has one)"
        case .treeCycle(let id): return "the tree edges form a cycle through node \(id)"
        }
    }
}
