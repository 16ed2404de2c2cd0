/// Where a cloud is drawn: the box of its node and every node shown below it, and how deep its
/// node is (outer clouds are drawn first, so a cloud inside another shows on it).
public struct CloudArea: Equatable, Sendable {
    /// The visible subtree's box in map units, without the cloud's margin.
    public var box: Rect
    public var depth: Int

    public init(box: Rect, depth: Int) {
        self.box = box
        self.depth = depth
    }
}

/// The clouds' areas, kept beside the arrays as `bounds` is, so drawing a frame never walks a
/// clouded subtree: a moved or resized node grows its clouded ancestors' boxes (or, if it was on
/// a box's edge, has that one box worked out again); a change to the tree, a fold, a layout or
/// a new cloud works every cloud out again. A map without clouds pays one check per change.
extension Document {
    /// Map units between a clouded subtree's outermost nodes and its cloud's box.
    public static let cloudMargin = 10.0
    /// The radius of a cloud's bumps, centred on its box's edge (map units).
    public static let cloudBump = 8.0
    /// How far a cloud reaches beyond its subtree's box: what the tidy tree keeps clear.
    public static var cloudReach: Double { cloudMargin + cloudBump }

    /// Every visible cloud's area, by its node.
    public var cloudAreas: [NodeID: CloudArea] { clouds }

    /// Whether any node has a cloud (folded away or not).
    public var hasClouds: Bool { !cloudedNodes.isEmpty }

    /// Works out every cloud's area again (after the tree, the folds or many positions changed).
    mutating func refreshClouds() {
        guard !cloudedNodes.isEmpty || !clouds.isEmpty else { return }
        var result: [NodeID: CloudArea] = [:]
        for id in cloudedNodes {
            if let area = cloudArea(of: id) { result[id] = area }
        }
        clouds = result
    }

    /// After the node at `i` changed: its cloud came or went (its style changed), or its frame
    /// moved from `old` and the clouds it is under follow.
    mutating func cloudsFollow(nodeAt i: Int, hadCloud: Bool, from old: Rect?) {
        let hasCloud = nodes[i].style.cloud != nil
        if hasCloud != hadCloud {
            if hasCloud { cloudedNodes.insert(nodes[i].id) } else { cloudedNodes.remove(nodes[i].id) }
            refreshClouds()
            return
        }
        guard let old, !clouds.isEmpty, !hiddenFlags[i] else { return }
        let new = nodes[i].frame
        var current: NodeID? = nodes[i].id
        var steps = 0
        while let id = current, steps <= nodes.count {
            if let area = clouds[id] {
                // why: a node that was on the box's edge may have been what held it out; the box
                // shrinks only by being worked out again, as `bounds` does.
                if Self.touchesEdge(old, of: area.box) {
                    clouds[id] = cloudArea(of: id)
                } else {
                    clouds[id] = CloudArea(box: area.box.union(new), depth: area.depth)
                }
            }
            current = parentByChild[id]
            steps += 1
        }
    }

    /// The area of the cloud on `id`: nil when the node is hidden by a fold.
    func cloudArea(of id: NodeID) -> CloudArea? {
        guard let i = indexByID[id], !hiddenFlags[i] else { return nil }
        var depth = 0
        var ancestor = parentByChild[id]
        while let above = ancestor, depth <= nodes.count {
            depth += 1
            ancestor = parentByChild[above]
        }
        return CloudArea(box: subtreeBox(ofNodeAt: i) { nodes[$0].position }, depth: depth)
    }

    /// The box of the node at `i` and every node shown below it (none below a fold), each
    /// placed at `position(index)`: where a cloud goes. Linear in the subtree, iterative.
    public func subtreeBox(ofNodeAt i: Int, position: (Int) -> Vec2) -> Rect {
        var box = Rect(center: position(i), width: nodes[i].size.x, height: nodes[i].size.y)
        var stack = [i]
        var steps = 0
        while let v = stack.popLast(), steps <= nodes.count {
            steps += 1
            guard !nodes[v].folded else { continue }
            for e in edgesOfNode[v] {
                let ends = edgeEnds[Int(e)]
                guard Int(ends.from) == v, Int(ends.to) != v, edges[Int(e)].kind == .tree else { continue }
                let c = Int(ends.to)
                box = box.union(Rect(center: position(c), width: nodes[c].size.x, height: nodes[c].size.y))
                stack.append(c)
            }
        }
        return box
    }

    private static func touchesEdge(_ frame: Rect, of box: Rect) -> Bool {
        let slack = 1e-9 * (1 + max(abs(box.minX), abs(box.maxX), abs(box.minY), abs(box.maxY)))
        return frame.minX <= box.minX + slack || frame.minY <= box.minY + slack || frame.maxX >= box.maxX - slack
            || frame.maxY >= box.maxY - slack
    }
}
