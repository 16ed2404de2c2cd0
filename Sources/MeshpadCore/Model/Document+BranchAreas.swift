/// The area of a node's visible branch: the box of the node and every node shown below it, and
/// how deep the node is (outer clouds are drawn first, so a cloud inside another shows on it).
public struct BranchArea: Equatable, Sendable {
    /// The visible branch's box in map units.
    public var box: Rect
    public var depth: Int

    public init(box: Rect, depth: Int) {
        self.box = box
        self.depth = depth
    }
}

/// The branch areas that clouds and summaries are drawn round, kept beside the arrays as
/// `bounds` is, so drawing a frame never walks a branch: a cloud goes round its node's branch,
/// and a summary's bracket spans its group's branches.
///
/// A moved or resized node grows the areas of the branches it is in (or, if it was on an area's
/// edge, has that one worked out again); a change to the tree, a fold, a layout, a cloud or a
/// summary mark works them all out again, and the summaries' groups with them. A map with
/// neither clouds nor summaries pays one check per change.
extension Document {
    /// Map units between a clouded branch's outermost nodes and its cloud's box.
    public static let cloudMargin = 10.0
    /// The radius of a cloud's bumps, centred on its box's edge (map units).
    public static let cloudBump = 8.0
    /// How far a cloud reaches beyond its branch's box: what the tidy tree keeps clear.
    public static var cloudReach: Double { cloudMargin + cloudBump }

    /// Every visible cloud's area, by its node.
    public var cloudAreas: [NodeID: BranchArea] { branchAreas.filter { cloudedNodes.contains($0.key) } }

    /// Whether any node has a cloud (folded away or not).
    public var hasClouds: Bool { !cloudedNodes.isEmpty }

    /// Whether any node is marked as a summary.
    public var hasSummaries: Bool { !summaryNodes.isEmpty }

    /// Each summary's group: the siblings it sums up, in order (none for a summary with nothing
    /// before it to sum up, which is drawn as an ordinary child).
    public var summaryGroups: [NodeID: [NodeID]] { groupsBySummary }

    /// Whether the branch to the node at `index` is not drawn (nor tapped): a bracket stands for
    /// the branch to a summary that sums something up, and a group mark that is not shown has none.
    public func hidesBranch(toNodeAt index: Int) -> Bool {
        nodes[index].isPlaceholder || (!groupsBySummary.isEmpty && groupsBySummary[nodes[index].id] != nil)
    }

    /// The visible area of a node's branch, if it is one that a cloud or bracket is drawn round.
    public func branchArea(of id: NodeID) -> BranchArea? { branchAreas[id] }

    /// Works out every summary's group and every kept branch area again (after the tree, the
    /// folds, many positions, a cloud or a summary mark changed).
    mutating func refreshBranchAreas() {
        guard !cloudedNodes.isEmpty || !summaryNodes.isEmpty || !branchAreas.isEmpty || !groupsBySummary.isEmpty else { return }
        var groups: [NodeID: [NodeID]] = [:]
        for id in summaryNodes {
            let members = group(ofSummary: id)
            if !members.isEmpty { groups[id] = members }
        }
        groupsBySummary = groups
        var areas: [NodeID: BranchArea] = [:]
        for id in cloudedNodes.union(groups.values.joined()) {
            if let area = computedBranchArea(of: id) { areas[id] = area }
        }
        branchAreas = areas
    }

    /// After the node at `i` changed: if its cloud or summary marks came or went, everything is
    /// worked out again; if only its frame moved from `old`, the areas of the branches it is in
    /// follow.
    mutating func branchAreasFollow(nodeAt i: Int, hadCloud: Bool, marks: SummaryMarks, from old: Rect?) {
        let id = nodes[i].id
        let hasCloud = nodes[i].style.cloud != nil
        if hasCloud != hadCloud || nodes[i].summaryMarks != marks {
            if hasCloud { cloudedNodes.insert(id) } else { cloudedNodes.remove(id) }
            if nodes[i].summaryMarks.contains(.summary) { summaryNodes.insert(id) } else { summaryNodes.remove(id) }
            refreshBranchAreas()
            return
        }
        guard let old, !branchAreas.isEmpty, !hiddenFlags[i] else { return }
        let new = nodes[i].frame
        var current: NodeID? = id
        var steps = 0
        while let above = current, steps <= nodes.count {
            if let area = branchAreas[above] {
                // why: a node that was on the box's edge may have been what held it out; the box
                // shrinks only by being worked out again, as `bounds` does.
                if Self.touchesEdge(old, of: area.box) {
                    branchAreas[above] = computedBranchArea(of: above)
                } else {
                    branchAreas[above] = BranchArea(box: area.box.union(new), depth: area.depth)
                }
            }
            current = parentByChild[above]
            steps += 1
        }
    }

    /// Notes nodes arriving with a cloud or a summary mark (their areas are worked out after).
    mutating func noteBranchMarks(of node: Node) {
        if node.style.cloud != nil { cloudedNodes.insert(node.id) }
        if node.summaryMarks.contains(.summary) { summaryNodes.insert(node.id) }
    }

    /// Forgets a leaving node's cloud and summary mark.
    mutating func forgetBranchMarks(of node: Node) {
        cloudedNodes.remove(node.id)
        summaryNodes.remove(node.id)
    }

    /// The area of `id`'s branch: nil when the node is hidden by a fold.
    func computedBranchArea(of id: NodeID) -> BranchArea? {
        guard let i = indexByID[id], !hiddenFlags[i] else { return nil }
        var depth = 0
        var ancestor = parentByChild[id]
        while let above = ancestor, depth <= nodes.count {
            depth += 1
            ancestor = parentByChild[above]
        }
        return BranchArea(box: subtreeBox(ofNodeAt: i) { nodes[$0].position }, depth: depth)
    }

    /// The siblings a summary sums up: back from it to the latest group mark (included) or the
    /// summary before it (not included), among the siblings on its side of the root.
    func group(ofSummary id: NodeID) -> [NodeID] {
        guard let parent = parentByChild[id] else { return [] }
        var siblings = children(of: parent)
        if parent == rootID {
            let side = node(id)?.side ?? .right
            siblings = siblings.filter { (node($0)?.side ?? .right) == side }
        }
        guard let at = siblings.firstIndex(of: id) else { return [] }
        let groups = SummaryGrouping.groups(in: siblings) { sibling in node(sibling)?.summaryMarks ?? [] }
        return groups.first { $0.summary == at }.map { Array(siblings[$0.members]) } ?? []
    }

    /// The box of the node at `i` and every node shown below it (none below a fold), each
    /// placed at `position(index)`: where a cloud goes. Linear in the branch, iterative.
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

/// Freeplane's rule for which siblings a summary sums up, on one side's siblings in order: those
/// since the latest group mark (which is one of them) or, without one, since the summary before;
/// a summary with none of them (one right after another) sums up nothing. Layouts, drawing and
/// the document all ask it, so they agree.
enum SummaryGrouping {
    /// For each summary in `siblings` that sums something up: its place and its members' places.
    static func groups<Item>(in siblings: some Collection<Item>, marks: (Item) -> SummaryMarks) -> [(summary: Int, members: Range<Int>)] {
        var result: [(summary: Int, members: Range<Int>)] = []
        var start = 0
        var groupStart: Int?
        for (k, item) in siblings.enumerated() {
            let mark = marks(item)
            if mark.contains(.summary) {
                let first = groupStart ?? start
                if first < k { result.append((k, first..<k)) }
                start = k + 1
                groupStart = nil
            } else if mark.contains(.firstOfGroup) {
                groupStart = k
            }
        }
        return result
    }
}
