/// What gestures mean to the map: the recognizer's `Intent`s carried out. Those that make
/// something (a double tap, a fold badge, a two- or three-finger tap) run the same actions as
/// the keys and buttons.
extension Workspace {
    /// Carries out one intent. Public so tests can drive the workspace intent by intent.
    @discardableResult
    public mutating func apply(_ intent: Intent) -> [Request] {
        needsRedraw = true
        switch intent {
        case .select(let id, let toggle):
            if let source = input.linkSource {
                // "Link from here": this tap picks the other end (the node itself: a loop).
                endLinkFromHere()
                link(source, id)
                // One link, then the tool is put away, as tldraw's arrow and XMind's relationship are.
                if input.mode == .link { input.mode = .normal }
                return []
            }
            if input.mode == .link, lockdown.allows(.linkMode) {
                // The link tool by taps: this node is where the link starts; the next tap ends it.
                commitEditing()
                select([id])
                input.linkSource = id
                show(Banner(message: "Now tap the node to link to (the same one for a loop)", actions: [.cancelLink]))
                return []
            }
            if editing?.node == id && !toggle {
                placeCaret(at: input.pressPoint)
                // A finger in the text being edited asks for the keyboard (after Hide or a hardware key).
                fieldTapped()
                return []
            }
            commitEditing()
            if toggle {
                var next = selection.nodes
                if next.contains(id) { next.remove(id) } else { next.insert(id) }
                select(next, focus: next.contains(id) ? id : nil)
            } else {
                select([id])
            }
        case .clearSelection:
            endLinkFromHere()
            commitEditing()
            select([])
            // A tap on the map beside the style panel puts it away, as a tap beside a menu does.
            panels.styleOpen = false
            if input.mode == .link { showLinkModeHint() }
        case .moveNodes(let ids, let positions):
            dragNodes(ids, to: positions)
        case .commitMove:
            endDrag()
        case .resizePicture(let id, let origin, let corner):
            resizePicture(id, from: origin, to: corner)
        case .commitPictureResize:
            endPictureResize()
        case .pan(let delta):
            view.updateCamera { $0.pan(by: delta) }
        case .setCamera(let camera):
            view.updateCamera { $0 = camera }
        case .zoom(let factor, let anchor):
            view.updateCamera { $0.zoom(by: factor, about: anchor) }
        case .fling(let velocity):
            view.startInertia(velocity: velocity)
        case .stopInertia:
            view.stopInertia()
        case .edit(let id):
            // A double tap on a node too small to read zooms to it; the next one edits. why: on a
            // big map opened whole, or a panel whose touch is a mouse, a double tap is the one
            // way in that a single finger has, and editing text that cannot be read helps nobody.
            if view.camera.zoom < Self.readableZoom, editing?.node != id {
                commitEditing()
                select([id])
                showReadable(id)
                return []
            }
            return perform(.editText, on: .node(id))
        case .surfaceDoubleTap(let mapPoint):
            return perform(.newNodeHere, on: .surface(mapPoint))
        case .context(let node, let position):
            openContextMenu(node: node, at: position)
        case .toggleFold(let id):
            return perform(.toggleFold, on: .node(id))
        case .openLink(let id):
            return perform(.openLink, on: .node(id))
        case .openNote(let id):
            openNote(id)
        case .nodePart(let id, .taskBox, _):
            guard lockdown.allows(.tickTask) else { return [] }
            commitEditing()
            flipTask(id)
        case .nodePart(let id, .chip(let kind), let position):
            tapChip(kind, of: id, at: position)
        case .attributeTable(let id, .header):
            return perform(.toggleAttributes, on: .node(id))
        case .attributeTable(let id, .name(let row)):
            return perform(.renameAttribute, on: .attribute(id, row: row))
        case .attributeTable(let id, .value(let row)):
            return perform(.editAttribute, on: .attribute(id, row: row))
        case .selectEdge(let id):
            commitEditing()
            selection.selectEdge(id)
        case .linkPreview(let from, let to):
            guard lockdown.allows(.linkMode) else { return [] }
            input.linkPreview = LinkPreview(from: from, to: to)
        case .link(let from, let to):
            input.linkPreview = nil
            guard lockdown.allows(.linkMode) else { return [] }
            commitEditing()
            endLinkFromHere()
            link(from, to)
            if input.mode == .link { input.mode = .normal }
        case .cancelLink:
            input.linkPreview = nil
        case .bandPreview(let rect, _):
            input.band = rect
        case .selectInRect(let rect, let additive):
            input.band = nil
            commitEditing()
            var picked = additive ? selection.nodes : []
            document.forEachNode(in: rect) { picked.insert(document.nodes[$0].id) }
            select(picked, focus: selection.focus.flatMap { picked.contains($0) ? $0 : nil })
        case .cancelBand:
            input.band = nil
        case .multiFingerTap(let fingers):
            // why: through the action table, so a read-only map refuses it with its usual toast.
            switch fingers {
            case 2: return perform(.undo)
            case 3: return perform(.redo)
            default: break
            }
        }
        return []
    }

    /// A drag moved nodes: the first move opens the drag's transaction (ending a text edit as
    /// its own step), and each move is recorded in it as it happens, drawn under the finger.
    private mutating func dragNodes(_ ids: [NodeID], to positions: [Vec2]) {
        guard !lockdown.isReadOnly else { return }
        if history.open?.purpose != .drag { begin("move", for: .drag) }
        if let move = Change.move(zip(ids, positions), in: document) { record(move, glide: false) }
        input.dragged = ids
        input.dropTarget = shared == nil ? dropTarget(for: ids) : nil
    }

    /// The node under the dragged one (the focus, else the first), if the dragged nodes can
    /// become its children: not one of them, nor inside one of them.
    func dropTarget(for ids: [NodeID]) -> NodeID? {
        guard let lead = selection.focus.flatMap({ ids.contains($0) ? $0 : nil }) ?? ids.first,
              let centre = document.node(lead)?.position else { return nil }
        let dragged = Set(ids)
        var best: Int?
        document.forEachNode(in: Rect(center: centre, width: 2, height: 2)) { i in
            let node = document.nodes[i]
            guard !document.isHidden(nodeAt: i), node.frame.contains(centre),
                  !dragged.contains(where: { document.isInBranch(node.id, of: $0) }) else { return }
            if best.map({ i > $0 }) ?? true { best = i }
        }
        return best.map { document.nodes[$0].id }
    }

    /// Puts `id` under `parent` (nil: where it is) among the children where its position says:
    /// before the first sibling below it. Recorded in the open transaction.
    private mutating func place(_ id: NodeID, under newParent: NodeID) {
        // Never under itself or its own branch (the node would leave the tree).
        guard let y = document.node(id)?.position.y, !document.isInBranch(newParent, of: id) else { return }
        let below = document.children(of: newParent).first { $0 != id && (document.node($0)?.position.y ?? 0) > y }
        if document.parent(of: id) == newParent {
            // Already there: only a new place among the siblings is a change.
            let siblings = document.children(of: newParent)
            let next = siblings.firstIndex(of: id).flatMap { $0 + 1 < siblings.count ? siblings[$0 + 1] : nil }
            guard next != below else { return }
        }
        if let old = document.edges.firstIndex(where: { $0.kind == .tree && $0.to == id }) {
            record(.remove(Fragment(edges: [Fragment.PlacedEdge(index: old, edge: document.edges[old])])))
        }
        guard document.canJoin(newParent, id, kind: .tree) else { return }
        let index = below.flatMap { sibling in document.edges.firstIndex { $0.kind == .tree && $0.to == sibling } } ?? document.edges.count
        let edge = Edge(id: document.nextEdgeID, from: newParent, to: id, kind: .tree)
        record(.insert(Fragment(edges: [Fragment.PlacedEdge(index: index, edge: edge)])))
    }

    /// The drag is over (the finger lifted, a second finger came, a command came first): its
    /// moves are one step. Dropped on a node, the dragged nodes become its children, placed
    /// among them where they were dropped, as in XMind and MindNode. In a tidy map the tree is
    /// laid out again (a node dropped between its siblings takes that place); in a free map a
    /// node stays where it was put.
    mutating func endDrag() {
        guard history.open?.purpose == .drag else { return }
        let target = input.dropTarget, dragged = input.dragged
        input.dropTarget = nil
        input.dragged = []
        if shared != nil {
            // why: on a shared map a drop that moves branches is not offered yet: the convergence
            // soak found screens parting from the log when several people re-parent at once.
            // There a drag moves nodes, and a tidy map turns free, as before.
            if history.open?.transaction.isEmpty == false && document.layoutMode == .tree {
                record(.setLayoutMode(from: .tree, to: .free))
                toast("Free layout: nodes stay where you put them (Tidy lays the map out again)")
            }
            commit(relayout: false)
            return
        }
        let moved = history.open?.transaction.isEmpty == false
        // Only the top of each dragged branch moves to a new parent; what it carries stays its.
        let tops = dragged.filter { id in document.parent(of: id).map { !dragged.contains($0) } ?? true }
        if moved, let target, !lockdown.isReadOnly {
            for id in tops where id != document.rootID { place(id, under: target) }
            // Into a folded branch: it opens, so what was dropped is seen where it went.
            if document.node(target)?.folded == true, tops.contains(where: { document.parent(of: $0) == target }) {
                record(.setFolded(ids: [target], from: [true], to: [false]))
            }
        } else if moved, document.layoutMode == .tree {
            for id in tops { if let parent = document.parent(of: id) { place(id, under: parent) } }
        }
        let structural = history.open?.transaction.changes.contains { if case .move = $0 { return false }; return true } ?? false
        if document.layoutMode == .tree, !structural, tops.allSatisfy({ document.parent(of: $0) != nil }) {
            // A branch let go where the tidy tree has it anyway glides back, and is no step.
            rollback()
            return
        }
        commit(relayout: document.layoutMode == .tree)
    }
}
