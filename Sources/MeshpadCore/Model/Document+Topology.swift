/// The indexes over the arrays that make the tree cheap to read: node index by ID, each
/// node's incident edges in edge order, each edge's end indices and parents; and the lane each
/// link runs in among the links joining the same two nodes.
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

    /// The fragment's edges that can go in beside the nodes `arriving`: both ends present, an ID
    /// no edge has (nor another of the fragment's), and for tree edges a first parent that is not
    /// the root, with no cycle. Links may repeat, follow a branch or loop back to their node.
    func acceptedEdges(of fragment: Fragment, joining arriving: [NodeID]) -> [Fragment.PlacedEdge] {
        // why: a new node or link (the common case, and every node an importer adds) has one
        // edge and one node; hashing them into sets would cost more than the checks.
        let arrivingSet = arriving.count > 8 ? Set(arriving) : nil
        func arrives(_ id: NodeID) -> Bool { arrivingSet?.contains(id) ?? arriving.contains(id) }
        var parents = Set<NodeID>(), ids = Set<EdgeID>()
        let several = fragment.edges.count > 1
        return fragment.edges.filter { placed in
            let edge = placed.edge
            guard contains(edge.from) || arrives(edge.from), contains(edge.to) || arrives(edge.to) else { return false }
            guard !edgeIDs.contains(edge.id) else { return false }
            if several {
                guard ids.insert(edge.id).inserted else { return false }
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

    // MARK: - Lanes

    /// The incident edges (in edge order) of whichever of the nodes at `a` and `b` has fewer:
    /// every edge joining the two is among them, at the cost of the smaller list.
    func sharedIncidence(_ a: Int, _ b: Int) -> [Int32] {
        edgesOfNode[a].count <= edgesOfNode[b].count ? edgesOfNode[a] : edgesOfNode[b]
    }

    /// Which lane the link at `index` runs in among the links joining the same two nodes: how
    /// many of them come before it in the edge array (0 for the first or only one). Its path
    /// fans out by lane, so parallel links are drawn, and tapped, apart (`EdgePath.link`).
    ///
    /// why: counted on the end with fewer edges, whose incidence list is in edge order, so a link
    /// from a hub with thousands of children costs what its other end's few edges cost. Only
    /// earlier links count, so appending a link (the common case) moves no other.
    func lane(ofLinkAt index: Int) -> Int {
        let ends = edgeEnds[index]
        let a = Int(ends.from), b = Int(ends.to)
        let list = sharedIncidence(a, b)
        let from = edges[index].from, to = edges[index].to
        var lane = 0
        for x in list {
            let xi = Int(x)
            guard xi < index else { break }
            if edges[xi].kind == .link && edges[xi].joins(from, to) { lane += 1 }
        }
        return lane
    }

    /// After a link between `a` and `b` came or went in the middle of the edge array, the links
    /// after it between the same two nodes changed lanes: their paths and boxes are re-derived
    /// and re-filed.
    mutating func refileLinks(between a: NodeID, and b: NodeID) {
        guard let i = indexByID[a], let j = indexByID[b] else { return }
        for x in sharedIncidence(i, j) {
            let e = Int(x)
            guard edges[e].kind == .link, edges[e].joins(a, b) else { continue }
            let box = computeEdgeBox(e)
            guard box != edgeBoxes[e] else { continue }
            let visible = !isHidden(edgeAt: e)
            if visible { spatial.removeEdge(e, box: edgeBoxes[e]) }
            edgeBoxes[e] = box
            if visible { spatial.insertEdge(e, box: box) }
        }
    }
}
