/// Nodes and edges with the places they held in a document's arrays: what a delete takes out
/// and its undo puts back, so undoing returns the exact document, draw order and all.
public struct Fragment: Equatable, Sendable, Codable {
    public struct PlacedNode: Equatable, Sendable, Codable {
        public var index: Int
        public var node: Node
        public init(index: Int, node: Node) {
            self.index = index
            self.node = node
        }
    }

    public struct PlacedEdge: Equatable, Sendable, Codable {
        public var index: Int
        public var edge: Edge
        public init(index: Int, edge: Edge) {
            self.index = index
            self.edge = edge
        }
    }

    /// In ascending index order.
    public var nodes: [PlacedNode]
    public var edges: [PlacedEdge]

    public init(nodes: [PlacedNode] = [], edges: [PlacedEdge] = []) {
        self.nodes = nodes.count > 1 ? nodes.sorted { $0.index < $1.index } : nodes
        self.edges = edges.count > 1 ? edges.sorted { $0.index < $1.index } : edges
    }

    public var isEmpty: Bool { nodes.isEmpty && edges.isEmpty }
}

/// Cutting fragments out of the arrays and putting them back: the renumbering of every index
/// that follows a change in the middle of the arrays.
extension Document {
    /// What removing these nodes (with every edge touching them) and these edges takes out, with
    /// the places they hold: a `Change.remove` of it deletes them, and its inverse puts them back.
    public func fragment(nodes nodeIDs: Set<NodeID>, edges edgeIDs: Set<EdgeID>) -> Fragment {
        var nodeIndices: [Int] = nodeIDs.compactMap { $0 == rootID ? nil : indexByID[$0] }
        nodeIndices.sort()
        var edgeIndexSet = Set<Int>()
        for i in nodeIndices { for e in edgesOfNode[i] { edgeIndexSet.insert(Int(e)) } }
        if !edgeIDs.isEmpty {
            for (e, edge) in edges.enumerated() where edgeIDs.contains(edge.id) { edgeIndexSet.insert(e) }
        }
        return Fragment(nodes: nodeIndices.map { Fragment.PlacedNode(index: $0, node: nodes[$0]) },
                        edges: edgeIndexSet.sorted().map { Fragment.PlacedEdge(index: $0, edge: edges[$0]) })
    }

    /// After nodes and edges were taken out of the middle of the arrays: the derived arrays
    /// shrink the same way and every index in them is renumbered (no re-hashing, no re-filing).
    mutating func renumberAfterRemoving(removedNode: [Bool], removedEdge: [Bool], nodeMap: [Int32], edgeMap: [Int32],
                                        firstRemoved: Int?) {
        hiddenFlags = Self.keeping(hiddenFlags, removedNode)
        edgesOfNode = Self.keeping(edgesOfNode, removedNode)
        edgeBoxes = Self.keeping(edgeBoxes, removedEdge)
        edgeEnds = Self.keeping(edgeEnds, removedEdge)
        for i in edgesOfNode.indices where !edgesOfNode[i].isEmpty {
            edgesOfNode[i] = edgesOfNode[i].compactMap { e in edgeMap[Int(e)] >= 0 ? edgeMap[Int(e)] : nil }
        }
        for e in edgeEnds.indices {
            edgeEnds[e] = (nodeMap[Int(edgeEnds[e].from)], nodeMap[Int(edgeEnds[e].to)])
        }
        if let first = firstRemoved {
            for i in first..<nodes.count { indexByID[nodes[i].id] = i }
        }
        spatial.remap(nodes: nodeMap, edges: edgeMap)
        if !foldedCounts.isEmpty || foldCountsStale { refreshVisibility() }
        bounds = computeBounds()
    }

    /// After nodes and edges were put into the middle of the arrays (at `nodeSlots` and
    /// `edgeSlots`): the derived arrays grow the same way, indices are renumbered, and the new
    /// items are indexed and filed.
    mutating func renumberAfterInserting(nodeMap: [Int32], nodeSlots: [Int], edgeMap: [Int32], edgeSlots: [Int], foldedArrived: Bool) {
        hiddenFlags = Self.spread(hiddenFlags, nodeMap, count: nodes.count, filler: false)
        edgesOfNode = Self.spread(edgesOfNode, nodeMap, count: nodes.count, filler: [])
        edgeBoxes = Self.spread(edgeBoxes, edgeMap, count: edges.count, filler: Rect(x: 0, y: 0, width: 0, height: 0))
        edgeEnds = Self.spread(edgeEnds, edgeMap, count: edges.count, filler: (from: Int32(0), to: Int32(0)))
        for e in edgeEnds.indices {
            edgeEnds[e] = (nodeMap.indices.contains(Int(edgeEnds[e].from)) ? nodeMap[Int(edgeEnds[e].from)] : 0,
                           nodeMap.indices.contains(Int(edgeEnds[e].to)) ? nodeMap[Int(edgeEnds[e].to)] : 0)
        }
        for i in edgesOfNode.indices where !edgesOfNode[i].isEmpty {
            edgesOfNode[i] = edgesOfNode[i].map { edgeMap[Int($0)] }
        }
        spatial.remap(nodes: nodeMap, edges: edgeMap)
        let firstMoved = min(nodeSlots.min() ?? nodes.count, nodes.count)
        for i in firstMoved..<nodes.count { indexByID[nodes[i].id] = i }
        for i in nodeSlots {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: nil, new: nodes[i].frame)
        }
        // A node put back under a folded parent with no other children (its fold counted nothing)
        // must be hidden too, whatever the counts say.
        var underFold = false
        for e in edgeSlots {
            let edge = edges[e]
            if edge.kind == .tree { parentByChild[edge.to] = edge.from }
            edgeIDs.insert(edge.id)
            let a = indexByID[edge.from] ?? 0, b = indexByID[edge.to] ?? 0
            edgeEnds[e] = (Int32(a), Int32(b))
            edgeBoxes[e] = computeEdgeBox(e)
            for end in Set([a, b]) {
                // Incidence lists stay in edge order: a node's children are listed in order.
                let at = edgesOfNode[end].firstIndex { $0 > Int32(e) } ?? edgesOfNode[end].count
                edgesOfNode[end].insert(Int32(e), at: at)
            }
            spatial.insertEdge(e, box: edgeBoxes[e])
            if edge.kind == .tree && (nodes[a].folded || hiddenFlags[a]) { underFold = true }
        }
        if !foldedCounts.isEmpty || foldCountsStale || foldedArrived || hiddenCount > 0 || underFold {
            refreshVisibility(force: true)
        }
    }

    /// `base` with each `(index, item)` placed at its index (ascending), the map of old indices
    /// to new ones, and the new items' indices.
    static func merging<T>(_ base: [T], _ inserted: [(Int, T)]) -> (items: [T], map: [Int32], slots: [Int]) {
        let pending = inserted.sorted { $0.0 < $1.0 }
        var result: [T] = []
        result.reserveCapacity(base.count + pending.count)
        var map = [Int32](repeating: 0, count: base.count)
        var slots: [Int] = []
        var k = 0
        for (old, item) in base.enumerated() {
            while k < pending.count, pending[k].0 <= result.count {
                slots.append(result.count)
                result.append(pending[k].1)
                k += 1
            }
            map[old] = Int32(result.count)
            result.append(item)
        }
        while k < pending.count {
            slots.append(result.count)
            result.append(pending[k].1)
            k += 1
        }
        return (result, map, slots)
    }

    /// `items` moved to their new indices in an array of `count`, the gaps filled.
    static func spread<T>(_ items: [T], _ map: [Int32], count: Int, filler: T) -> [T] {
        var result = [T](repeating: filler, count: count)
        for (old, item) in items.enumerated() where old < map.count { result[Int(map[old])] = item }
        return result
    }

    /// Old index → new index, or -1 for a removed one.
    static func renumbering(_ removed: [Bool]) -> [Int32] {
        var map = [Int32](repeating: -1, count: removed.count)
        var next: Int32 = 0
        for i in removed.indices where !removed[i] {
            map[i] = next
            next += 1
        }
        return map
    }

    static func keeping<T>(_ items: [T], _ removed: [Bool]) -> [T] {
        var kept: [T] = []
        kept.reserveCapacity(items.count)
        for i in items.indices where !removed[i] { kept.append(items[i]) }
        return kept
    }
}
