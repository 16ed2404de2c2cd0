/// What each action does: the one `switch` that the toolbar, menus, keys and gestures all reach.
extension Workspace {
    /// Carries out an action on `target` (what a context menu was opened on), or on the
    /// selection. An action the lockdown does not allow is refused however it was asked for.
    @discardableResult
    public mutating func perform(_ action: Action, on target: ActionTarget? = nil) -> [Request] {
        needsRedraw = true
        guard lockdown.allows(action, typingInAField: panels.search != nil && editing == nil) else {
            if let refusal = lockdown.refusal { toast(refusal) }
            return []
        }
        let node = target.flatMap { target -> NodeID? in
            switch target {
            case .node(let id), .attribute(let id, _), .tag(let id, _): return id
            case .edge, .surface: return nil
            }
        }
        switch action {
        case .newNode:
            closeOpenTransaction()
            if let focus = selection.focus, !document.isHidden(focus) { createChild(of: focus) } else { createFreeNode(at: canvasCentreMapPoint) }
        case .addChild:
            closeOpenTransaction()
            if let parent = node ?? selection.focus { createChild(of: parent) } else { createFreeNode(at: canvasCentreMapPoint) }
        case .addSibling, .addSiblingBefore:
            closeOpenTransaction()
            if let sibling = node ?? selection.focus {
                createSibling(of: sibling, before: action == .addSiblingBefore)
            } else {
                createFreeNode(at: canvasCentreMapPoint)
            }
        case .newNodeHere:
            if case .surface(let point) = target { createFreeNode(at: point) } else { createFreeNode(at: canvasCentreMapPoint) }
        case .summarise:
            summarise(node)
        case .editText:
            if let id = node ?? selection.focus { beginEditing(id) }
        case .delete:
            if let node { select([node]) }
            if case .edge(let edge) = target { selection.selectEdge(edge) }
            deleteSelection()
        case .cut:
            if let session = editing {
                guard session.editor.hasSelection else { return [] }
                var taken = ""
                editText { taken = $0.cut() }
                return [.setClipboard(taken)]
            }
            if let node { select([node]) }
            guard let text = copiedOutline() else { return [] }
            deleteSelection()
            return [.setClipboard(text)]
        case .copy:
            if let session = editing {
                return session.editor.hasSelection ? [.setClipboard(session.editor.selectedText)] : []
            }
            if let node { select([node]) }
            return copiedOutline().map { [.setClipboard($0)] } ?? []
        case .paste:
            if let node { select([node]) }
            return [.readClipboard]
        case .toggleFold:
            toggleFold(node.map { [$0] } ?? Array(selection.nodes))
        case .linkSelected:
            linkSelected()
        case .labelLink(let place):
            guard let edge = targetLink(target) else { return [] }
            let titles: [LinkLabelPlace: String] = [.middle: "Words along the link", .source: "Words by the node it leaves",
                                                    .target: "Words by the node it points to"]
            present(Dialog(kind: .linkLabel(edge.id, place), title: titles[place] ?? "", field: edge.look[place] ?? ""))
        case .toggleEndArrow, .toggleStartArrow, .toggleLinkDash, .nextLinkWidth, .nextLinkColour:
            guard let edge = targetLink(target) else { return [] }
            setLink(edge.id, to: LinkLook.touched(edge.look, by: action))
        case .editNote:
            if let id = node ?? selection.focus { openNote(id) }
        case .chooseImage:
            if let id = node ?? selection.focus { chooseImage(for: id) }
        case .removeImage:
            if let id = node ?? selection.focus { setImage(nil, on: id) }
        case .resetPictureSize:
            if let id = node ?? selection.focus { resetPictureSize(of: id) }
        case .toggleAttributes:
            guard let id = node ?? selection.focus, var table = document.node(id)?.attributes, !table.isEmpty else { return [] }
            table.folded.toggle()
            setAttributes(table, on: id, "attributes")
        case .addAttribute:
            if let id = node ?? selection.focus { askAttributeName(for: id) }
        case .editAttribute:
            guard case .attribute(let id, let row) = target else { return [] }
            editAttribute(row, of: id)
        case .renameAttribute:
            guard case .attribute(let id, let row) = target else { return [] }
            renameAttribute(row, of: id)
        case .openLink:
            guard let id = node ?? selection.focus, let link = document.node(id)?.link else { return [] }
            return openLink(link)
        case .linkFromHere:
            guard let source = node ?? selection.focus else { return [] }
            commitEditing()
            input.linkSource = source
            // why: it stays up while the next tap is waited for; a banner that went by itself
            // would leave that tap making a link nobody remembers asking for.
            show(Banner(message: "Tap the node to link to (itself for a loop)", actions: [.cancelLink]))
        case .toggleTask:
            toggleTask(chosenNodes(node))
        case .tickTask:
            tickTasks(chosenNodes(node))
        case .choosePriority:
            openPriorityMenu(for: node, at: nil)
        case .priority(let level):
            setPriority(level, on: chosenNodes(node))
        case .dueDate:
            askDueDate(for: chosenNodes(node))
        case .addTag:
            askTag(for: chosenNodes(node))
        case .filterByTag:
            guard case .tag(_, let tag) = target else { return [] }
            filterByTag(tag)
        case .removeTag:
            guard case .tag(let id, let tag) = target else { return [] }
            removeTag(tag, from: id)
        case .renameTag:
            guard case .tag(_, let tag) = target else { return [] }
            present(Dialog(kind: .renameTag(tag), title: "Rename “\(tag)” on every node to", field: tag))
        case .deleteTag:
            guard case .tag(_, let tag) = target else { return [] }
            deleteTag(tag)
        case .filter:
            toggleFilterBar()
        case .bold:
            applyStyle(.bold)
        case .italic:
            applyStyle(.italic)
        case .linkMode:
            commitEditing()
            input.mode = input.mode == .link ? .normal : .link
            endLinkFromHere()
            if input.mode == .link { showLinkModeHint() } else if panels.banner?.actions == [.cancelLink] { show(nil) }
        case .selectMode:
            commitEditing()
            input.mode = input.mode == .select ? .normal : .select
        case .stylePanel:
            // What the panel styles follows the selection: the link when one is selected.
            if let node { select([node]) }
            if let link = targetLink(target) { selection.selectEdge(link.id) }
            // why: from a menu the person asked to style that thing, so the panel stays open;
            // the toolbar's button shows and hides it.
            panels.styleOpen = target != nil || !panels.styleOpen
            // The filter bar stands where the panel does.
            if panels.styleOpen { panels.filter.isOpen = false }
        case .outline:
            toggleOutline()
        case .search:
            if panels.search == nil { openSearch() } else { closeSearch() }
        case .findNext, .findPrevious:
            openSearch()
            stepSearch(by: action == .findNext ? 1 : -1)
        case .minimap:
            panels.minimapOpen.toggle()
        case .selectAll:
            if editing != nil {
                editText { $0.selectAll() }
            } else {
                // What a filter hides is not there to select.
                select(Set(document.nodes.indices.filter { !document.isHidden(nodeAt: $0) && filterKeeps(nodeAt: $0) }
                    .map { document.nodes[$0].id }))
            }
        case .deselect:
            endLinkFromHere()
            if input.mode != .normal { input.mode = .normal } else { select([]) }
        case .selectRoot:
            select([document.rootID])
            keepInView(document.rootID)
        case .moveSelection(let direction):
            moveSelection(direction, extending: false)
        case .extendSelection(let direction):
            moveSelection(direction, extending: true)
        case .fit:
            zoomToFit()
        case .centre:
            centre(on: node.map { [$0] } ?? selection.nodes)
        case .zoomIn:
            view.animateZoom(to: view.targetZoom * Self.zoomStep, about: measures.viewportSize / 2)
        case .zoomOut:
            view.animateZoom(to: view.targetZoom / Self.zoomStep, about: measures.viewportSize / 2)
        case .resetZoom:
            view.animateZoom(to: 1, about: measures.viewportSize / 2)
        case .tidy:
            tidy()
        case .forceLayout:
            tidy(forceLayout: true)
        case .undo:
            // While typing, the typing is undone first, as in any text field.
            if let session = editing, session.editor.canUndo { editText { $0.undo() } } else { undo() }
        case .redo:
            if let session = editing, session.editor.canRedo { editText { $0.redo() } } else { redo() }
        case .newMap:
            closeOpenEdit()
            return [.newMap]
        case .save:
            closeOpenEdit()
            return [.save]
        case .saveAs:
            closeOpenEdit()
            return [.showSaveAs]
        case .open:
            return [.showOpen]
        case .export(.pdf):
            closeOpenEdit()
            askPDFOptions()
            return []
        case .export(let format):
            closeOpenEdit()
            return [.export(format)]
        case .print:
            closeOpenEdit()
            return askToPrint()
        case .theme(let name):
            measures.themeName = name
            return [.setTheme(name), .rememberChoices]
        case .keyboard(let mode):
            measures.keyboardMode = mode
            // At once for the field that has the focus, not from the next one on.
            if mode == .always, textFieldHasFocus { showKeyboard() }
            if mode == .never { hideKeyboard() }
            return [.rememberChoices]
        case .present:
            startPresentation(from: nil)
        case .presentFromHere:
            startPresentation(from: node ?? selection.focus ?? document.rootID)
        case .nextSlide:
            stepPresentation(forward: true)
        case .previousSlide:
            stepPresentation(forward: false)
        case .blackScreen:
            toggleBlackScreen()
        case .presentationOverview:
            togglePresentationOverview()
        case .endPresentation:
            endPresentation()
        case .addToSlides:
            if let id = node ?? selection.focus { addToSlides(id) }
        case .slideList:
            openSlideList()
        case .focusBranch:
            if let id = node ?? selection.focus { focus(onBranch: id) }
        case .leaveFocus:
            leaveFocus()
        case .followPresenter:
            chooseWhomToFollow()
        case .stopFollowing:
            stopFollowing(saying: nil)
        case .help:
            closeMenu()
            panels.helpOpen = true
        case .quit:
            return [.quit]
        case .debugOverlay:
            return [.toggleHUD]
        }
        return []
    }

    /// The zoom keys' step: 25 % a press.
    public static let zoomStep = 1.25

    /// Whether a toolbar toggle is on.
    func isOn(_ action: Action) -> Bool {
        switch action {
        case .linkMode: return input.mode == .link
        case .selectMode: return input.mode == .select
        case .outline: return panels.outline != nil
        case .search: return panels.search != nil
        case .tidy: return document.layoutMode == .tree
        case .stylePanel: return panels.styleOpen
        case .minimap: return panels.minimapOpen
        case .filter: return panels.filter.isOpen || panels.filter.isActive
        default: return false
        }
    }

    /// Whether an action would do anything now (buttons that would not are drawn dimmed).
    func isEnabled(_ action: Action) -> Bool {
        switch action {
        case .delete: return !selection.isEmpty
        case .undo: return history.canUndo || editing?.editor.canUndo == true
        case .redo: return history.canRedo || editing?.editor.canRedo == true
        default: return true
        }
    }
}

extension Workspace {
    /// The link an edge action is for: the tapped one, else the selected one; nil for a branch.
    func targetLink(_ target: ActionTarget?) -> Edge? {
        guard case .edge(let id) = target ?? selection.edge.map(ActionTarget.edge), let edge = document.edge(id), edge.kind == .link else {
            return nil
        }
        return edge
    }
}
