extension Document {
    /// The topmost node whose ellipse contains `mapPoint`, grown by `margin` map units.
    ///
    /// "Topmost" is the draw order: later nodes cover earlier ones, and selected nodes are drawn
    /// over the rest. The margin makes small nodes easy to hit with a finger. Candidates come
    /// from the spatial index, so a query costs the same on a 100-node and a 100k-node map.
    public func topmostNode(at mapPoint: Vec2, margin: Double = 0, selection: Set<NodeID> = []) -> NodeID? {
        guard mapPoint.isFinite, margin.isFinite else { return nil }
        var best: Int?
        var bestIsSelected = false
        let probe = Rect(center: mapPoint, width: 2 * max(margin, 0), height: 2 * max(margin, 0))
        forEachNode(in: probe) { index in
            let node = nodes[index]
            let rx = node.size.x / 2 + margin, ry = node.size.y / 2 + margin
            let d = mapPoint - node.position
            guard (d.x * d.x) / (rx * rx) + (d.y * d.y) / (ry * ry) <= 1 else { return }
            let isSelected = !selection.isEmpty && selection.contains(node.id)
            if best == nil || (isSelected && !bestIsSelected) || (isSelected == bestIsSelected && index > (best ?? -1)) {
                best = index
                bestIsSelected = isSelected
            }
        }
        return best.map { nodes[$0].id }
    }

    /// The same answer by looking at every node: what the index must agree with (tests).
    public func topmostNodeByScan(at mapPoint: Vec2, margin: Double = 0, selection: Set<NodeID> = []) -> NodeID? {
        var hit: NodeID?
        var hitIsSelected = false
        for node in nodes {
            let isSelected = selection.contains(node.id)
            if hitIsSelected && !isSelected { continue }
            let rx = node.size.x / 2 + margin, ry = node.size.y / 2 + margin
            let d = mapPoint - node.position
            if (d.x * d.x) / (rx * rx) + (d.y * d.y) / (ry * ry) <= 1 {
                hit = node.id
                hitIsSelected = isSelected
            }
        }
        return hit
    }
}
