/// The indexes over the arrays that make the tree cheap to read: node index by ID, each
/// node's incident edges in edge order, each edge's end indices, parents, and joined pairs.
extension Document {
    /// Records an edge's ends, box and incidence (not its spatial filing).
    mutating func cacheEdge(_ index: Int) {
        let edge = edges[index]
        let a = indexByID[edge.from] ?? 0, b = indexByID[edge.to] ?? 0
        if edgeEnds.count <= index { edgeEnds.append(contentsOf: repeatElement((from: Int32(0), to: Int32(0)), count: index + 1 - edgeEnds.count)) }
        edgeEnds[index] = (Int32(a), Int32(b))
        if edgeBoxes.count <= index { edgeBoxes.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: index + 1 - edgeBoxes.count)) }
        edgeBoxes[index] = computeEdgeBox(index)
        edgesOfNode[a].append(Int32(index))
        if b != a { edgesOfNode[b].append(Int32(index)) }
    }

    /// The fragment's edges that can go in beside the nodes `arriving`: both ends present, not
    /// joined already (nor twice within the fragment), an ID no edge has, and for tree edges a
    /// first parent that is not the root, with no cycle.
    func acceptedEdges(of fragment: Fragment, joining arriving: [NodeID]) -> [Fragment.PlacedEdge] {
        // why: a new node or link (the common case, and every node an importer adds) has one
        // edge and one node; hashing them into sets would cost more than the checks.
        let arrivingSet = arriving.count > 8 ? Set(arriving) : nil
        func arrives(_ id: NodeID) -> Bool { arrivingSet?.contains(id) ?? arriving.contains(id) }
        var pairs = Set<NodePair>(), parents = Set<NodeID>(), ids = Set<EdgeID>()
        let several = fragment.edges.count > 1
        return fragment.edges.filter { placed in
            let edge = placed.edge
            guard contains(edge.from) || arrives(edge.from), contains(edge.to) || arrives(edge.to) else { return false }
            guard !edgeIDs.contains(edge.id) else { return false }
            let pair = NodePair(edge.from, edge.to)
            guard !joinedPairs.contains(pair) else { return false }
            if several {
                guard ids.insert(edge.id).inserted, pairs.insert(pair).inserted else { return false }
            }
            guard edge.kind == .tree else { return true }
            guard edge.from != edge.to, edge.to != rootID, parentByChild[edge.to] == nil else { return false }
            if several { guard parents.insert(edge.to).inserted else { return false } }
            // An existing subtree hung under one of its own descendants would close a cycle.
            guard contains(edge.to), hasChildren(edge.to) else { return true }
            var ancestor: NodeID? = edge.from
            while let current = ancestor {
                if current == edge.to { return false }
                ancestor = parentByChild[current]
            }
            return true
        }
    }
}
