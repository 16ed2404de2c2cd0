/// Automatic layout: Tidy, tree-mode maps that lay themselves out after each edit, and the
/// force layout that animates a graph into shape.
extension Workspace {
    /// More nodes than this and the force layout is run to the end at once and glided to,
    /// rather than shown step by step (a step costs too much to keep up at 120 a second).
    static let liveForceLimit = 1500

    /// An animated force layout in progress.
    struct ForceRun {
        var layout: ForceLayout
        /// Where each node (in `layout.nodeIDs` order) was when it began.
        var start: [Vec2]
        var modeBefore: Document.LayoutMode
    }

    /// The tree layout of this workspace: the theme's gaps; free trees stay where they were put.
    var modeLayout: TreeLayout {
        var layout = treeLayout
        layout.keepsFreeTreesInPlace = true
        return layout
    }

    /// Lays a tree-mode map out again after an edit, gliding, and returns the move (already
    /// carried out) to fold into the edit's undo step; nil for a free map or when nothing moves.
    mutating func relayout() -> Command? {
        guard document.layoutMode == .tree else { return nil }
        return move(to: modeLayout.centres(for: document))
    }

    /// Moves every node to `centres` (in `document.nodes` order), gliding, as one command.
    private mutating func move(to centres: [Vec2]) -> Command? {
        var ids: [NodeID] = [], from: [Vec2] = [], to: [Vec2] = []
        for (node, centre) in zip(document.nodes, centres) where centre.isFinite && centre.distance(to: node.position) > 1e-9 {
            ids.append(node.id)
            from.append(node.position)
            to.append(centre)
        }
        guard !ids.isEmpty else { return nil }
        let command = Command.move(ids: ids, from: from, to: to)
        perform(command)
        return command
    }

    /// Records commands already carried out as one undo step, laying a tree-mode map out again
    /// first (into the same step) when the edit may have changed the tree or a node's size.
    mutating func finishStep(_ performed: [Command], relayout shouldLayOut: Bool = true) {
        var commands = performed
        if shouldLayOut, let move = relayout() { commands.append(move) }
        guard !commands.isEmpty else { return }
        undoStack.record(commands.count == 1 ? commands[0] : .batch(commands))
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
        guard !refusesChange() else { return }
        commitEditing()
        settleGesture()
        if forceLayout ?? Self.looksLikeAGraph(document) {
            startForceLayout()
            return
        }
        var commands: [Command] = []
        if document.layoutMode != .tree {
            let mode = Command.setLayoutMode(from: document.layoutMode, to: .tree)
            perform(mode)
            commands.append(mode)
        }
        if let move = relayout() { commands.append(move) }
        guard !commands.isEmpty else {
            toast("The map is tidy already")
            return
        }
        undoStack.record(commands.count == 1 ? commands[0] : .batch(commands))
        toast("Tidy: the map now lays itself out as you edit (drag a node to place it freely)")
    }

    /// Starts the force layout from where the nodes are; small maps settle on screen step by
    /// step, big ones are settled at once and glide there.
    mutating func startForceLayout() {
        var run = ForceRun(layout: ForceLayout(document: document, seed: 1), start: document.nodes.map(\.position),
                           modeBefore: document.layoutMode)
        if document.layoutMode == .tree { document.setLayoutMode(.free) }
        let visible = document.nodeCount - document.hiddenCount
        if visible > Self.liveForceLimit {
            // why: the whole run happens before the next frame; its steps are bounded so that a
            // huge graph costs about a second, not minutes (it is less settled, never broken).
            run.layout.run(maxSteps: max(30, min(run.layout.stepLimit, 300_000 / max(visible, 1))))
            forceRun = run
            finishForceLayout(glide: true)
        } else {
            forceRun = run
        }
        needsRedraw = true
    }

    /// One fixed step of a running force layout: the nodes move on the map as it works.
    mutating func stepForceLayout(bySeconds dt: Double) {
        guard var run = forceRun else { return }
        run.layout.step(bySeconds: dt)
        forceRun = run
        document.move(run.layout.positionsByNode)
        needsRedraw = true
        if run.layout.isSettled || run.layout.stepCount >= run.layout.stepLimit { finishForceLayout() }
    }

    /// Ends a force layout (settled, or interrupted by a touch or a key) where it is, as one
    /// undo step from where the nodes started.
    public mutating func finishForceLayout(glide: Bool = false) {
        guard let run = forceRun else { return }
        forceRun = nil
        var ids: [NodeID] = [], from: [Vec2] = [], to: [Vec2] = []
        let end = run.layout.positions
        for (k, id) in run.layout.nodeIDs.enumerated() where k < run.start.count && k < end.count {
            guard end[k].isFinite, end[k] != run.start[k] else { continue }
            ids.append(id)
            from.append(run.start[k])
            to.append(end[k])
        }
        var commands: [Command] = []
        if run.modeBefore != document.layoutMode {
            commands.append(.setLayoutMode(from: run.modeBefore, to: document.layoutMode))
        }
        if !ids.isEmpty {
            let move = Command.move(ids: ids, from: from, to: to)
            if glide { perform(move) } else { document.move(Dictionary(zip(ids, to), uniquingKeysWith: { _, last in last })) }
            commands.append(move)
        }
        if !commands.isEmpty { undoStack.record(commands.count == 1 ? commands[0] : .batch(commands)) }
        needsRedraw = true
    }
}
