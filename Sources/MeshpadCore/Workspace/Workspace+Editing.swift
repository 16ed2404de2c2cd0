import Foundation
/// The map's edits: making, deleting, styling, linking and folding nodes, typing their text, and
/// the clipboard. Each is one transaction, so each is one undo step.
extension Workspace {
    // MARK: - Creating nodes

    /// A new, empty child of `parent`, selected and in text editing (Tab, New). Its creation and
    /// the text typed into it are one step; Escape takes it away again, leaving none.
    mutating func createChild(of parent: NodeID) {
        closeOpenTransaction()
        guard let parentNode = document.node(parent), !document.isHidden(parent) else { return }
        begin("new node", for: .textEdit)
        if parentNode.folded {
            // Its children are about to show: a new one must not hide inside the fold.
            record(.setFolded(ids: [parent], from: [true], to: [false]))
        }
        let size = measures.sizing.shapeSize(forText: .zero)
        let position = NodePlacement.newChild(of: parent, size: size, in: document)
        insertNewNode(at: position, parent: parent, edgeIndex: document.edges.count)
    }

    /// A new sibling after (Enter) or before (Shift+Enter) the focused node; a child of the root
    /// when the root is focused, a free node below a free node.
    mutating func createSibling(of sibling: NodeID, before: Bool) {
        closeOpenTransaction()
        guard let node = document.node(sibling), !document.isHidden(sibling) else { return }
        guard let parent = document.parent(of: sibling) else {
            if sibling == document.rootID {
                createChild(of: sibling)
            } else {
                let offset = (node.size.y + measures.sizing.shapeSize(forText: .zero).y) / 2 + NodePlacement.verticalGap
                createFreeNode(at: node.position + Vec2(0, before ? -offset : offset))
            }
            return
        }
        let size = measures.sizing.shapeSize(forText: .zero)
        let position = NodePlacement.newSibling(of: sibling, size: size, before: before, in: document)
        // The edge goes next to the sibling's own, so the new node sits beside it in the tree's order.
        let siblingEdge = document.edges.firstIndex { $0.kind == .tree && $0.to == sibling } ?? document.edges.count - 1
        begin("new node", for: .textEdit)
        insertNewNode(at: position, parent: parent, edgeIndex: before ? siblingEdge : siblingEdge + 1)
    }

    /// A new free node (no parent) at a map point: double tap on the surface, New with nothing selected.
    mutating func createFreeNode(at mapPoint: Vec2) {
        closeOpenTransaction()
        guard Document.isUsable(mapPoint) else { return }
        begin("new node", for: .textEdit)
        insertNewNode(at: mapPoint, parent: nil, edgeIndex: document.edges.count)
    }

    /// Inside the open transaction: one empty node, joined to `parent` by a tree edge at
    /// `edgeIndex`, the tree laid out around it; then its text is edited.
    private mutating func insertNewNode(at position: Vec2, parent: NodeID?, edgeIndex: Int) {
        var node = Node(id: document.nextNodeID, text: "", position: position)
        if let parent, parent == document.rootID, document.layoutMode == .tree {
            // A new branch keeps the side it was made on, as in Freeplane: later growth
            // elsewhere never flips it to the other side.
            node.side = NodePlacement.side(forChildOf: parent, in: document) < 0 ? .left : .right
        }
        insertNewNode(node, parent: parent, edgeIndex: edgeIndex)
    }

    /// Inside the open transaction: `node` (new, with `document.nextNodeID`), measured and
    /// joined to `parent` by a tree edge at `edgeIndex`, the tree laid out around it; then its
    /// text is edited. False (and the transaction rolled back) if it could not be put in.
    @discardableResult
    mutating func insertNewNode(_ node: Node, parent: NodeID?, edgeIndex: Int) -> Bool {
        var node = node
        measures.sizing.apply(to: &node)
        var fragment = Fragment(nodes: [Fragment.PlacedNode(index: document.nodeCount, node: node)])
        if let parent {
            let edge = Edge(id: document.nextEdgeID, from: parent, to: node.id, kind: .tree)
            fragment.edges = [Fragment.PlacedEdge(index: min(max(edgeIndex, 0), document.edges.count), edge: edge)]
        }
        guard record(.insert(fragment)) else {
            rollback()
            return false
        }
        relayoutTree()
        select([node.id])
        startEditing(node.id)
        return true
    }

    // MARK: - Deleting

    /// Deletes the selected edge, or the selected nodes with everything below them. The root
    /// stays (a map always has somewhere to add a node): deleting it empties it.
    mutating func deleteSelection() {
        closeOpenTransaction()
        if let edge = selection.edge {
            let fragment = document.fragment(nodes: [], edges: [edge])
            selection.clear()
            if !fragment.isEmpty { transact("delete link") { $0.record(.remove(fragment)) } }
            return
        }
        guard !selection.nodes.isEmpty else { return }
        var doomed = Set<NodeID>()
        for id in selection.nodes where !doomed.contains(id) { doomed.formUnion(document.subtree(of: id)) }
        let emptiesRoot = doomed.contains(document.rootID)
        doomed.remove(document.rootID)
        // Afterwards the parent of the first deleted node is selected, as in Freeplane.
        let survivor = selection.nodes.sorted().compactMap { document.parent(of: $0) }.first { !doomed.contains($0) }
        let removal = doomed.isEmpty ? nil : document.fragment(nodes: doomed, edges: [])
        let rootText = document.root.text
        guard removal != nil || (emptiesRoot && !rootText.isEmpty) else { return }
        transact("delete") { workspace in
            if let removal { workspace.record(.remove(removal)) }
            if emptiesRoot && !rootText.isEmpty { workspace.record(.setText(node: workspace.document.rootID, from: rootText, to: "")) }
        }
        select([survivor ?? document.rootID])
    }

    // MARK: - Styles

    /// Applies a style choice to every selected node: one undo step (laid out again in a tidy map).
    mutating func applyStyle(_ option: StyleOption) {
        commitEditing()
        if option == .branchColors {
            // A map-wide switch, kept on the root: one undo step, saved and shared as its style is.
            let root = document.root
            let turned = option.applied(to: root.style)
            transact("style") { $0.record(.setStyle(ids: [root.id], from: [root.style], to: [turned])) }
            return
        }
        let ids = document.nodes.map(\.id).filter { selection.contains($0) }
        guard !ids.isEmpty else {
            toast("Select nodes to style them")
            return
        }
        // The panel's task, priority and due-day rows change details, not the style.
        switch option {
        case .task(let state): return setTaskState(state, of: ids)
        case .priority(let level):
            // The lit priority tapped again takes it away.
            let all = level != nil && ids.allSatisfy { document.node($0)?.priority == level }
            return setPriority(all ? nil : level, on: ids)
        case .dueDate: return askDueDate(for: ids)
        default: break
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
        transact("style") { $0.record(.setStyle(ids: ids, from: from, to: to)) }
    }

    /// Applies a style choice to the selected link: one undo step (its labels kept; nothing if
    /// the link already looks so).
    mutating func applyLinkStyle(_ option: LinkStyleOption) {
        commitEditing()
        guard let edge = targetLink(nil) else {
            toast("Select a link to style it")
            return
        }
        setLink(edge.id, to: option.applied(to: edge.look))
    }

    // MARK: - Links and folds

    /// Draws a free link between two nodes, selected afterwards. As in Freeplane, two nodes may
    /// be linked more than once, along a branch, or a node to itself (a loop beside it); each
    /// link takes its own lane, so it is drawn and tapped apart from the others.
    @discardableResult
    mutating func link(_ from: NodeID, _ to: NodeID) -> Bool {
        guard document.canJoin(from, to, kind: .link) else { return false }
        // why: an arrowhead says which way a new link goes, as Freeplane's and XMind's do.
        let edge = Edge(id: document.nextEdgeID, from: from, to: to, kind: .link, arrows: .end)
        transact("link", relayout: false) { $0.record(.insert(Fragment(edges: [Fragment.PlacedEdge(index: $0.document.edges.count, edge: edge)]))) }
        guard document.edge(edge.id) != nil else { return false }
        selection.selectEdge(edge.id)
        return true
    }

    /// Links the two selected nodes, from the one selected first to the focused one.
    mutating func linkSelected() {
        commitEditing()
        guard selection.nodes.count == 2, let to = selection.focus, let from = selection.nodes.first(where: { $0 != to }) else {
            toast("Select two nodes to link them")
            return
        }
        link(from, to)
    }

    /// Folds the nodes (those with children), or unfolds them if all are folded already.
    mutating func toggleFold(_ ids: [NodeID]) {
        closeOpenTransaction()
        let foldable = ids.filter { document.hasChildren($0) && !document.isHidden($0) }
        guard !foldable.isEmpty else { return }
        let from = foldable.map { document.node($0)?.folded ?? false }
        let target = !from.allSatisfy { $0 }
        transact(target ? "fold" : "unfold") {
            $0.record(.setFolded(ids: foldable, from: from, to: Array(repeating: target, count: foldable.count)))
        }
    }

    /// Unfolds every folded ancestor of a node, as one undo step, so it can be seen.
    mutating func unfoldAncestors(of id: NodeID) {
        let folded = foldedAncestors(of: id)
        guard !folded.isEmpty else { return }
        transact("unfold") { $0.record(.setFolded(ids: folded, from: folded.map { _ in true }, to: folded.map { _ in false })) }
    }

    /// The folded ancestors of a node, nearest first.
    func foldedAncestors(of id: NodeID) -> [NodeID] {
        var folded: [NodeID] = []
        var current = document.parent(of: id)
        while let ancestor = current {
            if document.node(ancestor)?.folded == true { folded.append(ancestor) }
            current = document.parent(of: ancestor)
        }
        return folded
    }

    // MARK: - Text editing

    /// Starts editing a node's text in place: the caret at the end, as Freeplane's F2 does; from
    /// a touch, all of it selected, so what is typed replaces it, as XMind does (a finger's
    /// keyboard has no Ctrl+A or Home, and clearing "New map" a Backspace at a time is no way to
    /// start), and a tap in the text puts the caret there. With `typed` (typing on a selected
    /// node, as in Freeplane) the text is replaced by it. Its own transaction, unless the
    /// node was just made in one (which then holds its creation and its text together).
    mutating func beginEditing(_ id: NodeID, replacingWith typed: String? = nil) {
        if editing?.node != id {
            closeOpenTransaction()
            guard document.node(id) != nil, !document.isHidden(id) else { return }
            begin("text", for: .textEdit)
            startEditing(id)
        }
        if let typed {
            editText {
                $0.selectAll()
                $0.insert(typed)
            }
        }
    }

    /// The editor on a node, inside the open text transaction.
    private mutating func startEditing(_ id: NodeID) {
        guard let node = document.node(id) else { return }
        select([id])
        var anchorX: Double?
        if document.parent(of: id) != nil {
            anchorX = FoldBadge.side(of: node, in: document) > 0 ? node.frame.minX : node.frame.maxX
        }
        editing = EditSession(node: id, editor: TextEditor(text: node.text, selectAll: input.lastInputWasTouch), original: node.text,
                              originalPosition: node.position, anchorX: anchorX, cameraBefore: view.targetCamera)
        keepInView(id)
        needsRedraw = true
    }

    /// A tap in the node being edited: the caret goes to the nearest place between characters.
    mutating func placeCaret(at screenPoint: Vec2?) {
        guard let screenPoint, let editing, let node = document.node(editing.node) else { return }
        let layout = TextEditLayout(editor: editing.editor, sizing: measures.sizing, style: measures.sizing.metrics.textStyle(of: node), central: node.isCentral)
        let offset = layout.offset(at: view.camera.mapPoint(ofScreen: screenPoint) - node.position)
        editText { $0.place(caretAt: offset) }
    }

    /// Changes the editor and shows the text in the node at once (it grows as one types).
    mutating func editText(_ change: (inout TextEditor) -> Void) {
        guard var session = editing else { return }
        change(&session.editor)
        editing = session
        needsRedraw = true
        guard let node = document.node(session.node), node.text != session.editor.text else { return }
        if history.open?.purpose != .textEdit { begin("text", for: .textEdit) }
        let id = session.node
        record(.setText(node: id, from: node.text, to: session.editor.text), glide: false)
        guard let grown = document.node(id) else { return }
        var target = grown.position
        if session.editor.text == session.original {
            // why: back at its text, the node goes back exactly where it was, so the edit
            // leaves no step (the anchor arithmetic could land one unit in the last place off).
            target = session.originalPosition
        } else if let anchor = session.anchorX {
            let side: Double = session.originalPosition.x >= anchor ? 1 : -1
            target = Vec2(anchor + side * grown.size.x / 2, grown.position.y)
        }
        if target != grown.position { record(.move(ids: [id], from: [grown.position], to: [target]), glide: false) }
    }

    /// Ends editing, keeping the text: one undo step (with the node's creation, for a new node).
    public mutating func commitEditing() {
        guard let session = editing else { return }
        if session.editor.text.isEmpty && isSummaryBeingMade(session.node) {
            cancelEditing()
            toast("A summary needs words: none was made")
            return
        }
        // An empty node made for this edit goes away again (Return, a tap elsewhere): no stray
        // empty nodes, as in XMind and MindNode. One made earlier and emptied stays.
        if session.editor.text.isEmpty, history.open?.purpose == .textEdit,
           history.open?.transaction.changes.contains(where: { Self.creates(session.node, $0) }) == true {
            cancelEditing()
            return
        }
        editing = nil
        needsRedraw = true
        guard history.open?.purpose == .textEdit else { return }
        // A longer or shorter text changes the node's size: a tree-mode map makes room for it.
        if document.node(session.node)?.text != session.original { relayoutTree() }
        commit(relayout: false)
    }

    /// Escape: everything the edit did is taken back; a node made for it goes away again.
    public mutating func cancelEditing() {
        guard editing != nil else { return }
        editing = nil
        needsRedraw = true
        guard history.open?.purpose == .textEdit else { return }
        let parent = history.open?.transaction.changes.lazy.compactMap(Self.parentInCreation).first
        rollback()
        if selection.nodes.isEmpty, let parent, document.contains(parent) { select([parent]) }
    }

    /// Whether the change makes the node.
    private static func creates(_ id: NodeID, _ change: Change) -> Bool {
        guard case .insert(let fragment) = change else { return false }
        return fragment.nodes.contains { $0.node.id == id }
    }

    /// The parent a creation hung its node under, to select when the creation is cancelled.
    private static func parentInCreation(_ change: Change) -> NodeID? {
        guard case .insert(let fragment) = change, !fragment.nodes.isEmpty else { return nil }
        return fragment.edges.first?.edge.from
    }

    /// The input method's composition (`SDL_TEXTEDITING`): shown in the node being edited.
    mutating func handleComposition(_ text: String, cursor: Int) {
        if editing == nil {
            guard !text.isEmpty, panels.search == nil, panels.presenting == nil, let focus = selection.focus, !document.isHidden(focus),
                  lockdown.allows(.editText) else { return }
            // Composing on a selected node starts editing it, as typing does.
            beginEditing(focus, replacingWith: "")
        }
        editText { $0.setComposition(text, cursor: cursor) }
    }

    // MARK: - Clipboard

    /// The selected subtrees as an indented outline (one tab per level), for the clipboard.
    func copiedOutline() -> String? {
        let roots = selection.nodes.filter { id in
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
        if panels.search != nil {
            typeIntoSearch(text.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? "")
            return
        }
        guard lockdown.allows(.paste) else {
            refuseChange()
            return
        }
        // A picture's path pasted on a node (copied from a file manager) becomes its picture.
        if let focus = selection.focus, !document.isHidden(focus), let picture = PicturePaths.pastedPicture(text) {
            closeOpenTransaction()
            setImage(picture, on: focus)
            toast("Picture set: \((picture as NSString).lastPathComponent)")
            return
        }
        let items = OutlineText.parse(text)
        guard !items.isEmpty else { return }
        closeOpenTransaction()
        let parent = selection.focus.flatMap { document.isHidden($0) ? nil : $0 }
        begin("paste")
        if let parent, document.node(parent)?.folded == true {
            record(.setFolded(ids: [parent], from: [true], to: [false]))
        }
        let fragment = NodePlacement.pastedFragment(items, under: parent, at: canvasCentreMapPoint, sizing: measures.sizing, in: document)
        record(.insert(fragment))
        commit()
        let pastedRoots = fragment.nodes.map(\.node.id).filter { id in
            fragment.edges.allSatisfy { !($0.edge.to == id && $0.edge.kind == .tree && $0.edge.from != parent) }
        }
        select(Set(pastedRoots).filter { document.contains($0) })
        toast(fragment.nodes.count == 1 ? "Pasted 1 node" : "Pasted \(fragment.nodes.count) nodes")
    }
}
