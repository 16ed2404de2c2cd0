/// Summarise: a summary of the chosen siblings, beyond a bracket, made and then typed in as one
/// step (as a new node and its first words are), with the keyboard a finger needs. What it sums
/// up and which group marks change is `Document.newSummary(of:)`'s to say.
extension Workspace {
    /// What Summarise acts on from a context menu opened on `target`: the selection if the
    /// target is in it, as every node row does, else the target alone.
    func summaryChoice(for target: NodeID?) -> Set<NodeID> {
        guard let target, !selection.contains(target) else { return selection.nodes }
        return [target]
    }

    /// Makes the summary of the chosen nodes (or says why it cannot) and edits its words: its
    /// making, the marks it needs and its words are one undo step; Escape, or leaving it with
    /// no words, takes it all back.
    mutating func summarise(_ target: NodeID?) {
        closeOpenTransaction()
        let plan: NewSummary
        switch document.newSummary(of: summaryChoice(for: target)) {
        case .failure(let refusal):
            toast(refusal.message)
            return
        case .success(let made):
            plan = made
        }
        begin("summary", for: .textEdit)
        for id in plan.sided {
            let side = document.drawnSide(id)
            recordDetails(of: id) { $0.side = side }
        }
        if !plan.dropped.isEmpty { record(.remove(document.fragment(nodes: Set(plan.dropped), edges: []))) }
        for id in plan.unmarked { recordDetails(of: id) { $0.summaryMarks.remove(.firstOfGroup) } }
        if plan.marksFirst, let first = plan.members.first { recordDetails(of: first) { $0.summaryMarks.insert(.firstOfGroup) } }
        let members = plan.members.filter { !plan.dropped.contains($0) }
        guard let last = members.last, let lastEdge = document.edges.firstIndex(where: { $0.kind == .tree && $0.to == last }) else {
            rollback()
            return
        }
        var summary = Node(id: document.nextNodeID, text: "", position: summaryPosition(of: members, under: plan.parent))
        summary.summaryMarks = .summary
        summary.side = plan.side
        // Its branch goes right after its group's last, so it is that node's next sibling.
        guard insertNewNode(summary, parent: plan.parent, edgeIndex: lastEdge + 1) else { return }
        standEditorBesideGroup(summary.id)
    }

    /// An empty summary takes no room, so its editor's box would be centred on its near edge,
    /// over the bracket: it is moved to stand beyond that edge, and grows away from its group as
    /// its words come (the edge is the edit's anchor).
    private mutating func standEditorBesideGroup(_ id: NodeID) {
        guard var session = editing, session.node == id, let node = document.node(id),
              let parent = document.parent(of: id).flatMap({ document.node($0) }) else { return }
        let side: Double = node.position.x < parent.position.x ? -1 : 1
        let box = TextEditLayout(editor: session.editor, sizing: measures.sizing, style: measures.sizing.metrics.textStyle(of: node), central: node.isCentral).size
        let target = node.position + Vec2(side * box.x / 2, 0)
        guard let move = Change.move([(id, target)], in: document), record(move, glide: false) else { return }
        session.anchorX = node.position.x
        session.originalPosition = target
        editing = session
    }

    /// True for a summary made in the text edit still open: left without words it is not kept
    /// (an empty summary is not drawn, so nothing would be left to tap but its bracket).
    func isSummaryBeingMade(_ id: NodeID) -> Bool {
        guard history.open?.purpose == .textEdit, document.node(id)?.summaryMarks.contains(.summary) == true else { return false }
        return history.open?.transaction.changes.contains { change in
            guard case .insert(let fragment) = change else { return false }
            return fragment.nodes.contains { $0.node.id == id }
        } ?? false
    }

    /// A node's side or group mark set, inside the open transaction.
    private mutating func recordDetails(of id: NodeID, _ change: (inout NodeDetails) -> Void) {
        guard let before = document.node(id)?.details else { return }
        var details = before
        change(&details)
        if details != before { record(.setDetails(node: id, from: before, to: details)) }
    }

    /// Where a free map puts a new summary: its near edge a branch gap beyond the furthest node
    /// of its group, on the group's side of the parent, level with the group's middle (a
    /// tree-mode map lays it out as the tidy tree does).
    private func summaryPosition(of members: [NodeID], under parent: NodeID) -> Vec2 {
        let indices = members.compactMap { document.index(of: $0) }
        guard let first = indices.first, let last = indices.last, let parentNode = document.node(parent) else { return canvasCentreMapPoint }
        var span = document.subtreeBox(ofNodeAt: first) { document.nodes[$0].position }
        for i in indices.dropFirst() { span = span.union(document.subtreeBox(ofNodeAt: i) { document.nodes[$0].position }) }
        let gap = measures.treeLayout.horizontalGap
        let onLeft = document.nodes[first].position.x < parentNode.position.x
        let y = (document.nodes[first].position.y + document.nodes[last].position.y) / 2
        let place = Vec2(onLeft ? span.minX - gap : span.maxX + gap, y)
        return Document.isUsable(place) ? place : canvasCentreMapPoint
    }
}
