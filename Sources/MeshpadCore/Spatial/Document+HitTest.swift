extension Document {
    /// The topmost node whose ellipse contains `mapPoint`, grown by `margin` map units.
    ///
    /// "Topmost" is the draw order: later nodes cover earlier ones, and selected nodes are drawn
    /// over the rest. The margin makes small nodes easy to hit with a finger. A linear scan for
    /// now; the spatial index replaces it with the performance work.
    public func topmostNode(at mapPoint: Vec2, margin: Double = 0, selection: Set<NodeID> = []) -> NodeID? {
        guard mapPoint.isFinite else { return nil }
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
