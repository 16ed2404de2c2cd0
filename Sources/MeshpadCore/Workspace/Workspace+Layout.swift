/// Automatic layout: Tidy, tree-mode maps that lay themselves out after each edit, and the
/// force layout that animates a graph into shape.
extension Workspace {
    /// More nodes than this and the force layout is run to the end at once and glided to,
    /// rather than shown step by step (a step costs too much to keep up at 120 a second).
    static let liveForceLimit = 1500

    /// The tree layout of this workspace: the theme's gaps; free trees stay where they were put.
    var modeLayout: TreeLayout {
        var layout = measures.treeLayout
        layout.keepsFreeTreesInPlace = true
        return layout
    }

    /// In a tree-mode map, lays the tree out again inside the open transaction, gliding (a new
    /// node, a delete, a fold, a longer text). Nothing in a free map.
    mutating func relayoutTree() {
        guard document.layoutMode == .tree, history.open != nil else { return }
        if let move = treeLayoutMove() { record(move) }
    }

    /// The move that puts every node where the tree layout has it; nil when none moves.
    func treeLayoutMove() -> Change? {
        Self.layoutMove(modeLayout, of: document)
    }

    /// The move that puts `document`'s nodes where `layout` places them; nil if none moves.
    static func layoutMove(_ layout: TreeLayout, of document: Document) -> Change? {
        let centres = layout.centres(for: document)
        // why: a layout's arithmetic lands a hair off a node that did not really move.
        let moved = zip(document.nodes, centres).lazy.filter { $0.1.isFinite && $0.1.distance(to: $0.0.position) > 1e-9 }.map { ($0.0.id, $0.1) }
        return Change.move(moved, in: document)
    }

    /// True for a map that is more a graph than a tree: more links than tree edges, or many
    /// nodes with no parent. Tidy gives it the force layout.
    static func looksLikeAGraph(_ document: Document) -> Bool {
        let links = document.edges.lazy.filter { $0.kind == .link }.count
        let treeEdges = document.edges.count - links
        let tops = document.nodeCount - treeEdges
        return links > treeEdges || tops > max(1, document.nodeCount / 4)
    }

    /// Tidy: the tree layout (the map then stays tidy: tree mode), or for a graph the force
    /// layout. One undo step either way; nodes glide to their places.
    mutating func tidy(forceLayout: Bool? = nil) {
        closeOpenTransaction()
        if forceLayout ?? Self.looksLikeAGraph(document) {
            startForceLayout()
            return
        }
        begin("tidy")
        if document.layoutMode != .tree { record(.setLayoutMode(from: document.layoutMode, to: .tree)) }
        relayoutTree()
        let changed = history.open?.transaction.isEmpty == false
        commit(relayout: false)
        toast(changed ? "Tidy: the map now lays itself out as you edit (drag a node to place it freely)" : "The map is tidy already")
    }

    /// Starts the force layout from where the nodes are; small maps settle on screen step by
    /// step, big ones are settled at once and glide there.
    mutating func startForceLayout() {
        closeOpenTransaction()
        begin("force layout", for: .layout)
        var layout = ForceLayout(document: document, seed: 1)
        if document.layoutMode == .tree { record(.setLayoutMode(from: .tree, to: .free)) }
        let visible = document.nodeCount - document.hiddenCount
        if visible > Self.liveForceLimit {
            // why: the whole run happens before the next frame; its steps are bounded so that a
            // huge graph costs about a second, not minutes (it is less settled, never broken).
            layout.run(maxSteps: max(30, min(layout.stepLimit, 300_000 / max(visible, 1))))
            moveToLayout(layout, glide: true)
            commit(relayout: false)
        } else {
            runningLayout = layout
        }
        needsRedraw = true
    }

    /// One fixed step of a running force layout: the nodes move on the map as it works.
    mutating func stepForceLayout(bySeconds dt: Double) {
        // why: taken out while it steps, so its arrays are not copied on the first write.
        guard var layout = runningLayout else { return }
        runningLayout = nil
        layout.step(bySeconds: dt)
        moveToLayout(layout, glide: false)
        let done = layout.isSettled || layout.stepCount >= layout.stepLimit
        runningLayout = layout
        if done { finishForceLayout() }
    }

    /// Ends a running force layout (settled, or interrupted by a touch or a key) where it is:
    /// one undo step from where the nodes started.
    public mutating func finishForceLayout() {
        runningLayout = nil
        if history.open?.purpose == .layout { commit(relayout: false) }
    }

    /// Records the move of every node to where the layout has it now. The same nodes every
    /// step (even those that did not move), so the steps merge into one change.
    private mutating func moveToLayout(_ layout: ForceLayout, glide: Bool) {
        if let move = Change.move(zip(layout.nodeIDs, layout.positions), in: document, keepingStill: true) { record(move, glide: glide) }
    }
}
