/// Every change a person makes to the map, each one undoable command.
extension Workspace {
    // MARK: - Commands and undo

    /// Carries out a command as a person's edit: one undo step (with the tree laid out again,
    /// in a tree-mode map, unless `relayout` is false).
    mutating func execute(_ command: Command, relayout: Bool = true) {
        guard allows(command) else {
            _ = refusesChange()
            return
        }
        settleGesture()
        perform(command)
        finishStep([command], relayout: relayout)
    }

    /// Carries out a command (new, or from the undo stack), gliding what it moves.
    mutating func perform(_ command: Command) {
        needsRedraw = true
        switch command {
        case .move(let ids, _, let to):
            // Nodes glide from where they are drawn now; many at once (a layout) in one glide,
            // and the document re-files them in one pass.
            var glides: [(id: NodeID, from: Vec2, to: Vec2)] = []
            glides.reserveCapacity(ids.count)
            for (id, end) in zip(ids, to) {
                guard let start = document.node(id)?.position else { continue }
                glides.append((id, start, end))
            }
            if glides.count > 64 {
                document.move(Dictionary(glides.map { ($0.id, $0.to) }, uniquingKeysWith: { _, last in last }))
            } else {
                for glide in glides { document.move(glide.id, to: glide.to) }
            }
            nodeAnimator.animate(glides)
        case .batch(let commands):
            for command in commands { perform(command) }
        default:
            document.apply(command, sizing: sizing)
        }
        pruneSelection()
    }

    /// Undoes the last change. While a node's text is being edited the edit is finished first,
    /// so its text is the step undone.
    public mutating func undo() {
        guard !recognizer.isActive else { return }
        commitEditing()
        finishForceLayout()
        guard let command = undoStack.popUndo() else { return }
        perform(command)
        reveal(command)
        refreshPanels()
    }

    public mutating func redo() {
        guard !recognizer.isActive else { return }
        commitEditing()
        finishForceLayout()
        guard let command = undoStack.popRedo() else { return }
        perform(command)
        reveal(command)
        refreshPanels()
    }

    /// After undo or redo, selects what the step touched so a person sees what changed.
    private mutating func reveal(_ command: Command) {
        switch command {
        case .insert(let fragment) where !fragment.nodes.isEmpty:
            select(Set(fragment.nodes.map(\.node.id).filter { !document.isHidden($0) }))
        case .setText(let id, _, _):
            select([id])
        case .batch(let commands):
            if let first = commands.first(where: { if case .insert = $0 { return true }; return false }) ?? commands.first { reveal(first) }
        default:
            break
        }
    }

    /// A command is about to be recorded while a node is being dragged (a key pressed
    /// mid-drag): the drag so far is recorded first, as its own step, and the rest of that
    /// gesture is ignored, so no step ever starts from a half-dragged, unrecorded position.
    /// A force layout still moving the nodes ends where it is, as its own step, for the same
    /// reason (an edit begun mid-run would remember a position the run then moves away from).
    mutating func settleGesture() {
        if let commit = recognizer.interruptDrag() { _ = apply(commit) }
        finishForceLayout()
    }

    // MARK: - Creating nodes

    /// A new, empty child of `parent`, selected and in text editing (Tab, New).
    mutating func createChild(of parent: NodeID) {
        guard !refusesChange() else { return }
        commitEditing()
        settleGesture()
        guard let parentNode = document.node(parent), !document.isHidden(parent) else { return }
        var commands: [Command] = []
        if parentNode.folded {
            // Its children are about to show: a new one must not hide inside the fold.
            commands.append(.setFolded(ids: [parent], from: [true], to: [false]))
            perform(commands[0])
        }
        let size = sizing.shapeSize(forText: .zero)
        let position = NodePlacement.newChild(of: parent, size: size, in: document)
        let edgeIndex = document.edges.count
        commands.append(insertNode(at: position, parent: parent, edgeIndex: edgeIndex))
        perform(commands[commands.count - 1])
        finishStep(commands)
        startEditingNew(commands)
    }

    /// A new sibling after (Enter) or before (Shift+Enter) the focused node; a child of the root
    /// when the root is focused, a free node below a free node.
    mutating func createSibling(of sibling: NodeID, before: Bool) {
        guard !refusesChange() else { return }
        commitEditing()
        guard let node = document.node(sibling), !document.isHidden(sibling) else { return }
        guard let parent = document.parent(of: sibling) else {
            if sibling == document.rootID {
                createChild(of: sibling)
            } else {
                let offset = (node.size.y + sizing.shapeSize(forText: .zero).y) / 2 + NodePlacement.verticalGap
                createFreeNode(at: node.position + Vec2(0, before ? -offset : offset))
            }
            return
        }
        let size = sizing.shapeSize(forText: .zero)
        let position = NodePlacement.newSibling(of: sibling, size: size, before: before, in: document)
        // The edge goes next to the sibling's own, so the new node sits beside it in the tree's order.
        let siblingEdge = document.edges.firstIndex { $0.kind == .tree && $0.to == sibling } ?? document.edges.count - 1
        let command = insertNode(at: position, parent: parent, edgeIndex: before ? siblingEdge : siblingEdge + 1)
        execute(command)
        startEditingNew([command])
    }

    /// A new free node (no parent) at a map point: double tap on the surface, New with nothing selected.
    mutating func createFreeNode(at mapPoint: Vec2) {
        guard !refusesChange() else { return }
        commitEditing()
        guard mapPoint.isFinite else { return }
        let command = insertNode(at: mapPoint, parent: nil, edgeIndex: document.edges.count)
        execute(command)
        startEditingNew([command])
    }

    /// The command making one empty node, joined to `parent` by a tree edge at `edgeIndex`.
    private func insertNode(at position: Vec2, parent: NodeID?, edgeIndex: Int) -> Command {
        var node = Node(id: document.nextNodeID, text: "", position: position)
        if let parent, parent == document.rootID, document.layoutMode == .tree {
            // A new branch keeps the side it was made on, as in Freeplane: later growth
            // elsewhere never flips it to the other side.
            node.side = NodePlacement.side(forChildOf: parent, in: document) < 0 ? .left : .right
        }
        sizing.apply(to: &node)
        var fragment = Fragment(nodes: [Fragment.PlacedNode(index: document.nodeCount, node: node)])
        if let parent {
            let edge = Edge(id: document.nextEdgeID, from: parent, to: node.id, kind: .tree)
            fragment.edges = [Fragment.PlacedEdge(index: min(max(edgeIndex, 0), document.edges.count), edge: edge)]
        }
        return .insert(fragment)
    }

    private mutating func startEditingNew(_ commands: [Command]) {
        for command in commands.reversed() {
            if case .insert(let fragment) = command, let node = fragment.nodes.first?.node {
                select([node.id])
                beginEditing(node.id, isNewNode: true)
                return
            }
        }
    }

    // MARK: - Deleting

    /// Deletes the selected edge, or the selected nodes with everything below them. The root
    /// stays (a map always has somewhere to add a node): deleting it empties it.
    mutating func deleteSelection() {
        guard !refusesChange() else { return }
        commitEditing()
        if let edge = selectedEdge {
            let fragment = document.fragment(nodes: [], edges: [edge])
            selectedEdge = nil
            if !fragment.isEmpty { execute(.remove(fragment)) }
            return
        }
        guard !selection.isEmpty else { return }
        var doomed = Set<NodeID>()
        for id in selection where !doomed.contains(id) { doomed.formUnion(document.subtree(of: id)) }
        let emptiesRoot = doomed.contains(document.rootID)
        doomed.remove(document.rootID)
        // Afterwards the parent of the first deleted node is selected, as in Freeplane.
        let survivor = selection.sorted().compactMap { document.parent(of: $0) }.first { !doomed.contains($0) }
        var commands: [Command] = []
        if !doomed.isEmpty { commands.append(.remove(document.fragment(nodes: doomed, edges: []))) }
        if emptiesRoot, !document.root.text.isEmpty {
            commands.append(.setText(document.rootID, from: document.root.text, to: ""))
        }
        guard !commands.isEmpty else { return }
        execute(commands.count == 1 ? commands[0] : .batch(commands))
        select([survivor ?? document.rootID])
    }

    // MARK: - Styles

    /// Applies a style choice to every selected node: one undo step (laid out again in a tidy map).
    mutating func applyStyle(_ option: StyleOption) {
        guard !refusesChange() else { return }
        commitEditing()
        let ids = document.nodes.map(\.id).filter { selection.contains($0) }
        guard !ids.isEmpty else {
            toast("Select nodes to style them")
            return
        }
        let from = ids.compactMap { document.node($0)?.style }
        var to = from.map { option.applied(to: $0) }
        if option == .bold || option == .italic {
            // One state for all: bold unless every one of them is bold already (as text editors do).
            let turnOn = !from.allSatisfy { option.isChosen(in: $0) }
            to = from.map { style in
                var next = style
                if option == .bold { next.bold = turnOn } else { next.italic = turnOn }
                return next
            }
        }
        guard to != from else { return }
        execute(.setStyle(ids: ids, from: from, to: to))
    }

    // MARK: - Links and folds

    /// Draws a free link between two nodes. No link to itself, none where the two are already
    /// joined; a refused link says why.
    @discardableResult
    mutating func link(_ from: NodeID, _ to: NodeID) -> Bool {
        guard !refusesChange() else { return false }
        guard from != to, document.contains(from), document.contains(to) else { return false }
        guard document.canJoin(from, to, kind: .link) else {
            toast("Those two nodes are already connected")
            return false
        }
        let edge = Edge(id: document.nextEdgeID, from: from, to: to, kind: .link)
        execute(.insert(Fragment(edges: [Fragment.PlacedEdge(index: document.edges.count, edge: edge)])), relayout: false)
        selection = []
        focus = nil
        selectedEdge = edge.id
        return true
    }

    /// Ctrl+L: links the two selected nodes, from the one selected first to the focused one.
    mutating func linkSelected() {
        guard !refusesChange() else { return }
        commitEditing()
        guard selection.count == 2, let to = focus, let from = selection.first(where: { $0 != to }) else {
            toast("Select two nodes to link them")
            return
        }
        link(from, to)
    }

    /// Folds the nodes (those with children), or unfolds them if all are folded already.
    mutating func toggleFold(_ ids: [NodeID]) {
        let foldable = ids.filter { document.hasChildren($0) && !document.isHidden($0) }
        guard !foldable.isEmpty else { return }
        let from = foldable.map { document.node($0)?.folded ?? false }
        let target = !from.allSatisfy { $0 }
        execute(.setFolded(ids: foldable, from: from, to: Array(repeating: target, count: foldable.count)))
    }

    /// Unfolds every folded ancestor of a node, as one undo step, so it can be seen.
    mutating func unfoldAncestors(of id: NodeID) {
        var folded: [NodeID] = []
        var current = document.parent(of: id)
        while let ancestor = current {
            if document.node(ancestor)?.folded == true { folded.append(ancestor) }
            current = document.parent(of: ancestor)
        }
        guard !folded.isEmpty else { return }
        execute(.setFolded(ids: folded, from: folded.map { _ in true }, to: folded.map { _ in false }))
    }

    // MARK: - Text editing

    /// Starts editing a node's text in place: the caret at the end, or the text replaced by
    /// `typed` (typing on a selected node, as in Freeplane).
    mutating func beginEditing(_ id: NodeID, replacingWith typed: String? = nil, isNewNode: Bool = false) {
        guard !refusesChange() else { return }
        if editing?.node != id { commitEditing() }
        // Typing while a finger drags a node: the drag so far is one step, the text the next.
        settleGesture()
        guard let node = document.node(id), !document.isHidden(id) else { return }
        if editing?.node != id {
            select([id])
            var anchorX: Double?
            if document.parent(of: id) != nil {
                anchorX = FoldBadge.side(of: node, in: document) > 0 ? node.frame.minX : node.frame.maxX
            }
            editing = EditSession(node: id, editor: TextEditor(text: node.text), original: node.text, isNewNode: isNewNode,
                                  originalPosition: node.position, anchorX: anchorX)
        }
        if let typed {
            editText {
                $0.selectAll()
                $0.insert(typed)
            }
        }
        keepInView(id)
        needsRedraw = true
    }

    /// Changes the editor and shows the text in the node at once (it grows as one types).
    mutating func editText(_ change: (inout TextEditor) -> Void) {
        guard var session = editing else { return }
        change(&session.editor)
        editing = session
        if document.node(session.node)?.text != session.editor.text {
            document.setText(session.editor.text, of: session.node, sizing: sizing)
            if session.editor.text == session.original {
                // why: back to the text it had, the node goes back exactly where it was; the
                // anchor arithmetic can land one unit in the last place off, and with the text
                // unchanged no undo step would record that difference.
                document.move(session.node, to: session.originalPosition)
            } else if let anchor = session.anchorX, let node = document.node(session.node) {
                let side: Double = session.originalPosition.x >= anchor ? 1 : -1
                document.move(session.node, to: Vec2(anchor + side * node.size.x / 2, node.position.y))
            }
        }
        needsRedraw = true
    }

    /// Ends editing, keeping the text: one undo step (with the node's creation, for a new node).
    public mutating func commitEditing() {
        guard let session = editing else { return }
        editing = nil
        needsRedraw = true
        let final = session.editor.text
        // Back at its original text, editText has put the node back at its original place too.
        guard final != session.original else { return }
        var steps = [Command.setText(session.node, from: session.original, to: final)]
        if let position = document.node(session.node)?.position, position != session.originalPosition {
            steps.append(.move(ids: [session.node], from: [session.originalPosition], to: [position]))
        }
        // A longer or shorter text changes the node's size: a tree-mode map makes room for it.
        if let move = relayout() { steps.append(move) }
        let step = steps.count == 1 ? steps[0] : Command.batch(steps)
        if session.isNewNode { undoStack.appendToLast(step) } else { undoStack.record(step) }
    }

    /// Escape: puts the text back; a node made for this edit goes away again, leaving no undo step.
    public mutating func cancelEditing() {
        guard let session = editing else { return }
        editing = nil
        needsRedraw = true
        if document.node(session.node)?.text != session.original {
            document.setText(session.original, of: session.node, sizing: sizing)
            document.move(session.node, to: session.originalPosition)
        }
        if session.isNewNode, let last = undoStack.last {
            perform(last.inverse)
            undoStack.dropLast()
            pruneSelection()
            if selection.isEmpty, let parent = Self.parentInCreation(last) { select([parent]) }
        }
    }

    /// The parent a creation command hung its node under, to select when the creation is cancelled.
    private static func parentInCreation(_ command: Command) -> NodeID? {
        switch command {
        case .insert(let fragment): return fragment.edges.first?.edge.from
        case .batch(let commands): return commands.lazy.compactMap(parentInCreation).first
        default: return nil
        }
    }

    /// The input method's composition (`SDL_TEXTEDITING`): shown in the node being edited.
    mutating func handleComposition(_ text: String, cursor: Int) {
        if editing == nil {
            guard !text.isEmpty, search == nil, let focus, !document.isHidden(focus) else { return }
            // Composing on a selected node starts editing it, as typing does.
            beginEditing(focus, replacingWith: "")
        }
        editText { $0.setComposition(text, cursor: cursor) }
    }

    // MARK: - Clipboard

    /// The selected subtrees as an indented outline (one tab per level), for the clipboard.
    func copiedOutline() -> String? {
        let roots = selection.filter { id in
            var ancestor = document.parent(of: id)
            while let current = ancestor {
                if selection.contains(current) { return false }
                ancestor = document.parent(of: current)
            }
            return true
        }
        guard !roots.isEmpty else { return nil }
        let ordered = document.nodes.lazy.map(\.id).filter { roots.contains($0) }
        return OutlineText.encode(Array(ordered), in: document)
    }

    /// Text from the clipboard (the answer to `.readClipboard`): typed into the node being
    /// edited, or pasted as a subtree (an indented outline becomes nodes under the focused node,
    /// or free nodes at the view's centre when nothing is selected).
    public mutating func paste(_ text: String) {
        defer { refreshPanels() }
        if editing != nil {
            editText { $0.insert(text) }
            return
        }
        if search != nil {
            typeIntoSearch(text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "")
            return
        }
        guard !refusesChange() else { return }
        let items = OutlineText.parse(text)
        guard !items.isEmpty else { return }
        settleGesture()
        let parent = focus.flatMap { document.isHidden($0) ? nil : $0 }
        var commands: [Command] = []
        if let parent, document.node(parent)?.folded == true {
            commands.append(.setFolded(ids: [parent], from: [true], to: [false]))
            perform(commands[0])
        }
        let fragment = NodePlacement.pastedFragment(items, under: parent, at: canvasCentreMapPoint, sizing: sizing, in: &document)
        commands.append(.insert(fragment))
        perform(commands[commands.count - 1])
        finishStep(commands)
        let pastedRoots = fragment.nodes.map(\.node.id).filter { id in
            fragment.edges.allSatisfy { !($0.edge.to == id && $0.edge.kind == .tree && $0.edge.from != parent) }
        }
        select(Set(pastedRoots))
        toast(fragment.nodes.count == 1 ? "Pasted 1 node" : "Pasted \(fragment.nodes.count) nodes")
    }
}
