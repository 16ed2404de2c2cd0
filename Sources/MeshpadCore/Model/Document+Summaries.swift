/// What Summarise does to a map: which siblings a new summary sums up, where it goes and which
/// group marks change so `SummaryGrouping` gives it exactly those siblings — worked out here,
/// pure, and carried out by the workspace as one step.
///
/// It follows Freeplane's "New summary node (selected nodes)": the siblings from the first
/// chosen to the last (those between included) are the group, the summary goes right after the
/// last; a group mark that would split the group goes. Unlike Freeplane it marks the group's
/// first node itself (Freeplane 1.2's way, which Freeplane still reads) rather than adding an
/// empty node before it, and only when the group would not begin there anyway: no node a
/// person cannot see or tap is made. A summary of summaries (Freeplane's second level) is not
/// made, nor one over siblings a summary sums up already, since Meshpad lays them out as one level.
public struct NewSummary: Equatable, Sendable {
    public var parent: NodeID
    /// The siblings it sums up, in their order.
    public var members: [NodeID]
    /// The side of the root it stands on (its members'); nil below the first level.
    public var side: Node.Side?
    /// The root's branches without a side of their own, with the side they are drawn on: it
    /// becomes theirs, so the groups, the tidy tree and the `.mm` (Freeplane's `POSITION`) agree
    /// on it from now on (unsided, the tidy tree may move a branch across and out of its group).
    public var sided: [NodeID]
    /// The first member is marked as the start of the group (otherwise the group would reach
    /// back over nodes that were not chosen).
    public var marksFirst: Bool
    /// Members after the first whose group mark goes (it would cut the group short).
    public var unmarked: [NodeID]
    /// Empty group marks among the members (Freeplane's), which go with their mark.
    public var dropped: [NodeID]
}

/// Why nodes cannot be summed up, in words a person can act on.
public enum SummaryRefusal: Error, Equatable, Sendable {
    case nothingChosen
    case noParent
    case notSiblings
    case bothSides
    case summaryAmongThem
    case summedUpAlready

    public var message: String {
        switch self {
        case .nothingChosen: return "Select the nodes to sum up"
        case .noParent: return "Only nodes with a parent can be summed up: select siblings"
        case .notSiblings: return "Select siblings to sum up: nodes with the same parent"
        case .bothSides: return "Select siblings on one side of the root to sum up"
        case .summaryAmongThem: return "A summary cannot be summed up again"
        case .summedUpAlready: return "These nodes are summed up already"
        }
    }
}

extension Document {
    /// The summary Summarise would make of `ids`, or why it cannot.
    public func newSummary(of ids: Set<NodeID>) -> Result<NewSummary, SummaryRefusal> {
        guard !ids.isEmpty else { return .failure(.nothingChosen) }
        let parents = Set(ids.map { parent(of: $0) })
        guard !parents.contains(nil) else { return .failure(.noParent) }
        guard parents.count == 1, let parentID = parents.first, let parent = parentID else { return .failure(.notSiblings) }
        var siblings = children(of: parent)
        var side: Node.Side?
        var sided: [NodeID] = []
        if parent == rootID {
            // The root's branches are grouped by side: the side each is drawn on.
            let sides = Set(ids.map(drawnSide))
            guard sides.count == 1, let chosen = sides.first else { return .failure(.bothSides) }
            sided = siblings.filter { node($0)?.side == nil }
            siblings = siblings.filter { drawnSide($0) == chosen }
            side = chosen
        }
        let places = siblings.indices.filter { ids.contains(siblings[$0]) }
        guard let start = places.first, let end = places.last else { return .failure(.notSiblings) }
        let members = Array(siblings[start...end])
        func marks(_ id: NodeID) -> SummaryMarks { node(id)?.summaryMarks ?? [] }
        guard !members.contains(where: { marks($0).contains(.summary) }) else { return .failure(.summaryAmongThem) }
        let summedUp = Set(summaryGroups.values.joined())
        guard !members.contains(where: summedUp.contains) else { return .failure(.summedUpAlready) }
        var unmarked: [NodeID] = [], dropped: [NodeID] = []
        for id in members.dropFirst() where marks(id).contains(.firstOfGroup) {
            if node(id)?.isPlaceholder == true && !hasChildren(id) { dropped.append(id) } else { unmarked.append(id) }
        }
        // Without a mark the group reaches back to the latest mark or to the summary before (or
        // the first sibling); a mark is needed if that takes in a node a person can see.
        var groupStart = 0
        for k in stride(from: start - 1, through: 0, by: -1) {
            let mark = marks(siblings[k])
            if mark.contains(.summary) { groupStart = k + 1; break }
            if mark.contains(.firstOfGroup) { groupStart = k; break }
        }
        let reachesBack = siblings[groupStart..<start].contains { node($0)?.isPlaceholder != true }
        let marksFirst = !marks(siblings[start]).contains(.firstOfGroup) && reachesBack
        return .success(NewSummary(parent: parent, members: members, side: side, sided: sided, marksFirst: marksFirst,
                                   unmarked: unmarked, dropped: dropped))
    }

    /// The side of the root a first-level branch is on: its own, else where it is drawn.
    public func drawnSide(_ id: NodeID) -> Node.Side {
        guard let node = node(id) else { return .right }
        return node.side ?? (node.position.x < root.position.x ? .left : .right)
    }
}
