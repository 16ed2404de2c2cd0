/// Loading a map from stored nodes and edges (a file, a recovery), checked before it is trusted.
extension Document {
    /// Rebuilds a document from stored nodes and edges, keeping their IDs.
    ///
    /// Refuses anything that would not be a valid map: duplicate IDs, a missing root, edges to
    /// missing nodes, a tree edge from a node to itself, a node with two parents, a parent for the
    /// root, or a cycle of tree edges. Links may repeat, run along a branch or loop back to their
    /// node, as Freeplane's may. The first node in `nodes` need not be the root.
    public init(restoring storedNodes: [Node], edges storedEdges: [Edge], rootID: NodeID) throws(DocumentError) {
        guard let rootIndex = storedNodes.firstIndex(where: { $0.id == rootID }) else {
            throw .missingRoot(rootID)
        }
        var indexByID: [NodeID: Int] = [:], parentByChild: [NodeID: NodeID] = [:]
        var nodes: [Node] = [], edges: [Edge] = []
        indexByID.reserveCapacity(storedNodes.count)
        nodes.reserveCapacity(storedNodes.count)
        parentByChild.reserveCapacity(storedEdges.count)
        edges.reserveCapacity(storedEdges.count)
        // why: the root goes first; the rest keep their order. Appending in place (no reordered
        // copy) and resolving each edge's ends once, to indices, keeps a 100k-node open fast.
        func take(_ node: Node) throws(DocumentError) {
            guard indexByID.updateValue(nodes.count, forKey: node.id) == nil else { throw .duplicateNode(node.id) }
            guard Self.isUsable(node.position) else { throw .badPosition(node.id) }
            nodes.append(node)
        }
        try take(storedNodes[rootIndex])
        for index in storedNodes.indices where index != rootIndex { try take(storedNodes[index]) }
        var ends: [(from: Int32, to: Int32)] = []
        ends.reserveCapacity(storedEdges.count)
        var parentIndex = [Int](repeating: -1, count: nodes.count)
        for edge in storedEdges {
            guard let from = indexByID[edge.from], let to = indexByID[edge.to] else { throw .danglingEdge(edge.id) }
            guard edge.from != edge.to || edge.kind == .link else { throw .selfLink(edge.id) }
            if edge.kind == .tree {
                guard parentIndex[to] < 0, edge.to != rootID else { throw .secondParent(edge.to) }
                parentByChild[edge.to] = edge.from
                parentIndex[to] = from
            }
            ends.append((Int32(from), Int32(to)))
            edges.append(edge)
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
        self.init(checkedNodes: nodes, edges: edges, rootID: rootID, indexByID: indexByID,
                  parentByChild: parentByChild, edgeIDs: edgeIDs, edgeEnds: ends)
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
