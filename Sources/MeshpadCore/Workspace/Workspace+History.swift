/// Transactions: how every change reaches the map, one undo step each.
///
/// A command opens a transaction, records its changes (each carried out at once, so the map
/// previews live) and commits. A drag, a text being typed and a running layout stay open across
/// events; whatever begins next closes the open one first, through its owner, so no step ever
/// starts from a state nobody recorded.
extension Workspace {
    /// Opens a transaction, first closing any open one (a drag so far, a text being typed, a
    /// layout in progress) as its own step.
    mutating func begin(_ label: String, for purpose: History.Purpose = .command) {
        closeOpenTransaction()
        history.open = History.Open(transaction: Transaction(label: label), purpose: purpose, startRevision: contentRevision)
    }

    /// The map's revision as its file sees it: folds opened only to show a search hit are a
    /// view, so they neither mark the map changed nor make an autosave due.
    public var contentRevision: UInt64 {
        if let open = history.open, open.purpose == .reveal { return open.startRevision }
        if let alias = history.takenBack, alias.revision == document.revision { return alias.content }
        return document.revision
    }

    /// Carries out a change inside the open transaction and records it. Nodes it moves glide
    /// there from where they are drawn, unless `glide` is false (they follow a finger, a text, a
    /// live layout). A read-only map refuses everything but folds. False if nothing was done.
    @discardableResult
    mutating func record(_ change: Change, glide: Bool = true) -> Bool {
        guard history.open != nil else { return false }
        guard lockdown.allows(change) else {
            refuseChange()
            return false
        }
        movingNodes(of: [change], glide: glide) { workspace in
            workspace.history.open?.transaction.apply(change, to: &workspace.document, sizing: workspace.measures.sizing)
        }
        return true
    }

    /// Ends the open transaction as one undo step. In a tree-mode map the tree is laid out
    /// again first, into the same step, when `relayout` says the change may have moved it.
    mutating func commit(relayout: Bool = true) {
        guard history.open != nil else { return }
        if relayout { relayoutTree() }
        guard let open = history.open else { return }
        history.open = nil
        history.record(open.transaction)
        // why: a read-only screen's folds are its own view; its role may not write to the log anyway.
        if !lockdown.isReadOnly { shared?.recordLocal(open.transaction) }
        pruneSelection()
        checkDocument(after: open.transaction)
        needsRedraw = true
    }

    /// Ends the open transaction as if it never began: every change taken back, gliding, and no
    /// step left behind. On a shared map nothing is sent either: an open transaction was never
    /// sent, so taking it back concerns this screen alone (sent as an "undo", it would land
    /// after someone else's committed change to the same node and replace it everywhere).
    mutating func rollback() {
        guard let open = history.open else { return }
        history.open = nil
        movingNodes(of: open.transaction.changes, glide: true) { workspace in
            open.transaction.undo(on: &workspace.document, sizing: workspace.measures.sizing)
        }
        pruneSelection()
        needsRedraw = true
        checkDocument(after: open.transaction)
    }

    /// One command as one step: begin, `body`, commit (laid out again in a tree-mode map).
    mutating func transact(_ label: String, relayout: Bool = true, _ body: (inout Workspace) -> Void) {
        begin(label)
        body(&self)
        commit(relayout: relayout)
    }

    /// Closes whatever transaction is open through its owner: the drag stops following its
    /// pointer, the text being typed is kept, a layout stops where it is. Each is its own step.
    mutating func closeOpenTransaction() {
        guard let open = history.open else { return }
        switch open.purpose {
        case .drag:
            // The rest of that pointer's gesture is ignored until it lifts.
            _ = input.recognizer.interruptDrag()
            endDrag()
        case .resize:
            _ = input.recognizer.interruptDrag()
            endPictureResize()
        case .textEdit:
            commitEditing()
            // A text edit whose session already ended (its node went) still closes.
            if history.open != nil { commit(relayout: false) }
        case .layout:
            finishForceLayout()
        case .reveal where panels.presenting != nil:
            // why: a slide's folds are a view for as long as the slide shows; whatever begins
            // (a dialog over the slide, quitting) must not keep them as a step of the map.
            takeBackReveal()
        case .command, .reveal:
            // A reveal closed by something else begun is kept: the person acts on what it shows.
            commit()
        }
    }

    /// Closes an open edit before the map is written or replaced; folds opened to show a
    /// search hit stay open, as the view they are (what is written leaves them out).
    mutating func closeOpenEdit() {
        if history.open?.purpose != .reveal { closeOpenTransaction() }
    }

    /// Undoes the last step. While a node's text is being edited the edit is finished first, so
    /// its text is the step undone.
    public mutating func undo() { travel(backwards: true) }

    public mutating func redo() { travel(backwards: false) }

    private mutating func travel(backwards: Bool) {
        guard !input.recognizer.isActive else { return }
        // why: a search's open folds are a view, not the step a person means to undo.
        takeBackReveal()
        closeOpenTransaction()
        guard let step = backwards ? history.popUndo() : history.popRedo() else { return }
        replay(step, backwards: backwards)
        checkDocument(after: step)
        reveal(backwards ? step.inverseChanges : step.changes)
        refreshPanels()
    }

    /// Forgets the undo history (a kiosk resetting to its start, a soak starting a new round):
    /// what is on screen stays, nothing before it can be undone.
    public mutating func resetHistory() {
        closeOpenTransaction()
        history.forget()
    }

    /// Carries a recorded transaction out again, or takes it back, with what it moves gliding.
    /// On a shared map the map may have moved on since the step was made: its changes are
    /// carried out by the sharing rules (only this screen's own step, against the map as it is
    /// now) and sent as a new operation.
    private mutating func replay(_ transaction: Transaction, backwards: Bool) {
        movingNodes(of: transaction.changes, glide: true) { workspace in
            if var engine = workspace.shared, !workspace.lockdown.isReadOnly {
                engine.carryOutLocal(backwards ? transaction.inverseChanges : transaction.changes,
                                     label: (backwards ? "undo " : "redo ") + transaction.label,
                                     on: &workspace.document, sizing: workspace.measures.sizing)
                workspace.shared = engine
            } else if backwards {
                transaction.undo(on: &workspace.document, sizing: workspace.measures.sizing)
            } else {
                transaction.redo(on: &workspace.document, sizing: workspace.measures.sizing)
            }
        }
        pruneSelection()
        needsRedraw = true
    }

    /// Runs `body`, which moves the nodes that `changes` move, and has them glide from where they
    /// were drawn to where they are now (or, without `glide`, drawn there at once).
    mutating func movingNodes(of changes: [Change], glide: Bool, _ body: (inout Workspace) -> Void) {
        var moved: [NodeID] = []
        for change in changes { if case .move(let ids, _, _) = change { moved.append(contentsOf: ids) } }
        guard !moved.isEmpty else {
            body(&self)
            needsRedraw = true
            return
        }
        if !glide {
            for id in moved { view.glides.stop(id) }
            body(&self)
            needsRedraw = true
            return
        }
        // why: one node may move twice in a transaction; it glides once, from where it was.
        var seen = Set<NodeID>()
        let before = moved.compactMap { id in seen.insert(id).inserted ? document.node(id).map { (id, $0.position) } : nil }
        body(&self)
        var glides: [(id: NodeID, from: Vec2, to: Vec2)] = []
        glides.reserveCapacity(before.count)
        for (id, start) in before {
            if let end = document.node(id)?.position, end != start { glides.append((id, start, end)) }
        }
        view.glides.animate(glides)
        needsRedraw = true
    }

    /// After undo or redo, selects what the step touched so a person sees what changed.
    private mutating func reveal(_ applied: [Change]) {
        let shown = applied.first { if case .insert(let fragment) = $0 { return !fragment.nodes.isEmpty }; return false } ?? applied.first
        switch shown {
        case .insert(let fragment)?:
            select(Set(fragment.nodes.map(\.node.id).filter { !document.isHidden($0) }))
        case .setText(let id, _, _)?:
            select([id])
        default:
            break
        }
    }

    /// A change was refused: the read-only map says why.
    mutating func refuseChange() {
        if let refusal = lockdown.refusal { toast(refusal) }
    }

    /// In tests and the soak, every committed transaction is followed by the full consistency
    /// check; what it finds is kept for them to report.
    private mutating func checkDocument(after transaction: Transaction) {
        guard history.checksInvariants else { return }
        let problems = document.checkInvariants()
        if !problems.isEmpty {
            history.invariantFailures.append("after '\(transaction.label)': " + problems.joined(separator: "; "))
        }
    }
}
