/// The geometry kept beside the arrays: each edge's box, the spatial index that culling and
/// hit tests query, and the bounds of everything visible.
extension Document {
    /// From the edge's cached end indices (`cacheEdge` sets them first): no ID lookups. It holds
    /// the path, which depends on the nodes' positions, sizes and shapes.
    func computeEdgeBox(_ index: Int) -> Rect { path(ofEdgeAt: index).bounds }

    /// Files every visible node and edge anew (after sizes or positions change, or a rebuild).
    mutating func rebuildSpatialIndex() {
        var damage = spatial.damage
        damage.recordEverything()
        for e in edges.indices { edgeBoxes[e] = computeEdgeBox(e) }
        spatial = SpatialIndex(nodeCount: nodes.count, nodeFrame: { i in hiddenFlags[i] ? nil : nodes[i].frame },
                               edgeCount: edges.count, edgeBox: { e in isHidden(edgeAt: e) ? nil : edgeBoxes[e] },
                               damage: damage)
        bounds = computeBounds()
        refreshBranchAreas()
    }

    /// Takes an edge about to be removed out of the spatial index and its ends' incidence lists.
    mutating func forgetEdge(at e: Int) {
        if !isHidden(edgeAt: e) { spatial.removeEdge(e, box: edgeBoxes[e]) }
        let ends = edgeEnds[e]
        for end in Set([Int(ends.from), Int(ends.to)]) {
            if let last = edgesOfNode[end].lastIndex(of: Int32(e)) { edgesOfNode[end].remove(at: last) }
        }
    }

    /// A look changed inside `box` without anything being re-filed (a fold's badge, a link's
    /// arrowheads, a note's marker): caches of drawn pixels redraw it.
    mutating func markDamaged(_ box: Rect) {
        spatial.damage.record(box)
    }

    func computeBounds() -> Rect {
        var result = nodes[0].frame
        if hiddenCount == 0 {
            for i in nodes.indices.dropFirst() { result = result.union(nodes[i].frame) }
        } else {
            for i in nodes.indices.dropFirst() where !hiddenFlags[i] { result = result.union(nodes[i].frame) }
        }
        return result
    }

    /// After one visible node's frame changed from `old` to `new`: grow, or recompute if it may shrink.
    mutating func updateBounds(old: Rect?, new: Rect) {
        // why: a union's far edge is rounded (x + width), so it can lie an ulp beyond the frame
        // that made it; a frame that close to an edge is taken to be on it.
        let slack = 1e-9 * (1 + max(abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY)))
        let touchedEdge = old.map {
            $0.minX <= bounds.minX + slack || $0.minY <= bounds.minY + slack || $0.maxX >= bounds.maxX - slack || $0.maxY >= bounds.maxY - slack
        } ?? false
        bounds = touchedEdge ? computeBounds() : (nodes.count == 1 ? new : bounds.union(new))
    }
}
