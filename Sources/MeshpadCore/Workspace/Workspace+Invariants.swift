/// What must hold after any input at all: what the soak test checks every thousand events.
extension Workspace {
    /// Everything wrong with the state, in sentences; empty when all is well.
    public func invariantViolations() -> [String] {
        var problems = document.checkInvariants()
        for node in document.nodes {
            // why: an empty group mark or summary (Freeplane's placeholder) takes no room, by design.
            if !node.position.isFinite || !node.size.isFinite || (!node.isPlaceholder && (node.size.x <= 0 || node.size.y <= 0)) {
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
        problems += selection.violations(in: document)
        if let session = editing, !document.contains(session.node) {
            problems.append("the node being edited, \(session.node), does not exist")
        }
        if (editing != nil) != (history.open?.purpose == .textEdit) {
            problems.append("a text is being edited without its transaction open, or the other way round")
        }
        problems += history.invariantFailures
        return problems
    }

    /// The invariants, then undo back to `checkpoint` and redo forward again, on a copy: what
    /// the soak checks at each rest point. Empty when all is well.
    public func soakViolations(since checkpoint: Document) -> [String] {
        var problems = invariantViolations()
        var copy = self
        copy.closeOpenTransaction()
        guard copy.isAtRest else { return problems + ["a gesture is still in progress after every pointer was lifted"] }
        let now = copy.document
        var steps = 0
        while copy.history.canUndo && steps < 100_000 {
            copy.undo()
            steps += 1
        }
        if !copy.document.hasSameContent(as: checkpoint) {
            problems.append("undoing all \(steps) steps did not give back the map as it was" + copy.document.firstDifference(from: checkpoint))
        }
        while copy.history.canRedo && steps > 0 {
            copy.redo()
            steps -= 1
        }
        if !copy.document.hasSameContent(as: now) {
            problems.append("redoing every step did not give back the map as it is" + copy.document.firstDifference(from: now))
        }
        return problems + copy.history.invariantFailures.filter { !history.invariantFailures.contains($0) }
    }

    /// Tests and the soak turn this on: every transaction is followed by the document's full
    /// consistency check (`Document.checkInvariants()`), and what it finds is reported by
    /// `invariantViolations()`.
    public var checksEveryTransaction: Bool {
        get { history.checksInvariants }
        set { history.checksInvariants = newValue }
    }

    /// True when no finger or button is down, no text is being edited and nothing is open in
    /// the history: undo can run.
    public var isAtRest: Bool { !input.recognizer.isActive && editing == nil && history.open == nil }
}
