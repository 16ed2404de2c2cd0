/// A branch shown alone, the rest of the map hidden (Focus on branch, or a slide that shows
/// only its nodes), and a slide's children not revealed yet. A way of looking, like a filter:
/// it changes nothing in the map.
public struct BranchFocus: Equatable, Sendable {
    /// The branch shown; nil shows the whole map (only `hiddenBranches` are hidden).
    public var node: NodeID?
    /// More nodes shown beside `node` (a Freeplane slide's other nodes), with their branches
    /// when `showsDescendants`.
    public var alsoShown: [NodeID] = []
    /// The path from the root down to each node shown shows too.
    public var showsAncestors = false
    /// The nodes shown with everything below them (a branch); false shows the nodes alone.
    public var showsDescendants = true
    /// Branches hidden whole (a slide's children still to come).
    public var hiddenBranches: [NodeID] = []

    public init(node: NodeID?, alsoShown: [NodeID] = [], showsAncestors: Bool = false, showsDescendants: Bool = true,
                hiddenBranches: [NodeID] = []) {
        self.node = node
        self.alsoShown = alsoShown
        self.showsAncestors = showsAncestors
        self.showsDescendants = showsDescendants
        self.hiddenBranches = hiddenBranches
    }
}
