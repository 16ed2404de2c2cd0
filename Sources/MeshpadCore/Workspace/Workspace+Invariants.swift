/// What must hold after any input at all: what the soak test checks every thousand events.
extension Workspace {
    /// Everything wrong with the state, in sentences; empty when all is well.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        for node in document.nodes {
            if !node.position.isFinite || !node.size.isFinite || node.size.x <= 0 || node.size.y <= 0 {
                problems.append("node \(node.id) has position \(node.position) and size \(node.size)")
                break
            }
        }
        let camera = view.camera
        if !camera.origin.isFinite || !camera.zoom.isFinite {
            problems.append("the camera is at \(camera.origin), zoom \(camera.zoom)")
        }
        if !camera.zoomLimits.contains(camera.zoom) {
            problems.append("zoom \(camera.zoom) is outside \(camera.zoomLimits)")
        }
        let drawn = frame(interpolatedBy: 0.5).drawnPositions
        for id in drawn.ids where drawn[id].map({ !$0.isFinite }) ?? false {
            problems.append("node \(id) is drawn at a position that is not finite")
            break
        }
        for edge in document.edges where !document.contains(edge.from) || !document.contains(edge.to) {
            problems.append("edge \(edge.id) joins \(edge.from) and \(edge.to), which do not both exist")
            break
        }
        for id in selection where !document.contains(id) || document.isHidden(id) {
            problems.append("the selection holds \(id), which does not exist or is hidden")
            break
        }
        if let focus, !selection.contains(focus) {
            problems.append("the focus \(focus) is not selected")
        }
        if let edge = selectedEdge, document.edge(edge) == nil {
            problems.append("the selected edge \(edge) does not exist")
        }
        if let session = editing, !document.contains(session.node) {
            problems.append("the node being edited, \(session.node), does not exist")
        }
        return problems
    }

    /// The invariants, then undo back to `checkpoint` and redo forward again, on a copy: what
    /// the soak checks at each rest point. Empty when all is well.
    public func soakViolations(since checkpoint: Document) -> [String] {
        var problems = invariantViolations()
        var copy = self
        copy.commitEditing()
        copy.finishForceLayout()
        guard copy.isAtRest else { return problems + ["a gesture is still in progress after every pointer was lifted"] }
        let now = copy.document
        var steps = 0
        while copy.undoStack.canUndo && steps < 100_000 {
            copy.undo()
            steps += 1
        }
        if !copy.document.hasSameContent(as: checkpoint) {
            problems.append("undoing all \(steps) steps did not give back the map as it was" + copy.document.firstDifference(from: checkpoint))
        }
        while copy.undoStack.canRedo && steps > 0 {
            copy.redo()
            steps -= 1
        }
        if !copy.document.hasSameContent(as: now) {
            problems.append("redoing every step did not give back the map as it is" + copy.document.firstDifference(from: now))
        }
        return problems
    }

    /// Forgets the undo history (a kiosk resetting to its start, a soak starting a new round):
    /// what is on screen stays, nothing before it can be undone.
    public mutating func resetHistory() {
        commitEditing()
        undoStack = UndoStack()
    }

    /// True when no finger or button is down and no text is being edited: undo can run.
    public var isAtRest: Bool { !recognizer.isActive && editing == nil && forceRun == nil }
}

extension Document {
    /// The same map: the same nodes (all they store and are sized as) and edges, in the same
    /// order, and the same layout mode. Revisions and ID counters may differ.
    public func hasSameContent(as other: Document) -> Bool {
        rootID == other.rootID && layoutMode == other.layoutMode && edges == other.edges
            && nodes.count == other.nodes.count && zip(nodes, other.nodes).allSatisfy { $0.hasSameContent(as: $1) && $0.size == $1.size }
    }

    /// The first way this map differs from `other`, for a report: " (…)", or "" if none is found.
    func firstDifference(from other: Document) -> String {
        if nodes.count != other.nodes.count { return " (\(nodes.count) nodes instead of \(other.nodes.count))" }
        if edges != other.edges { return " (the edges differ: \(edges.count) against \(other.edges.count))" }
        if layoutMode != other.layoutMode { return " (layout \(layoutMode) against \(other.layoutMode))" }
        for (x, y) in zip(nodes, other.nodes) where !(x.hasSameContent(as: y) && x.size == y.size) {
            return " (node \(x.id): '\(x.text)' at \(x.position) size \(x.size) folded \(x.folded) style \(x.style)"
                + " against '\(y.text)' at \(y.position) size \(y.size) folded \(y.folded) style \(y.style))"
        }
        return ""
    }
}
