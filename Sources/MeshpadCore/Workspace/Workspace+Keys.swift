/// The keyboard: Freeplane's and Minder's conventions for a mind map, and a text editor's while
/// a node's text is being edited. Every binding is in the README's key table.
extension Workspace {
    mutating func handleKey(_ name: String, modifiers: KeyModifiers) -> [Request] {
        needsRedraw = true
        if editing != nil { return handleEditingKey(name, modifiers: modifiers) }
        if search != nil, let requests = handleSearchKey(name, modifiers: modifiers) { return requests }
        let requests = handleMapKey(name, modifiers: modifiers)
        if let requests {
            // The same press may also type a character (Space, "=", "!"): that is not typing.
            let typesText = (name.count == 1 || name == "Space") && !modifiers.contains(.ctrl)
            if typesText { swallowTextUntil = now + 0.05 }
            return requests
        }
        return []
    }

    /// Keys on the map (nothing being edited). nil when the key means nothing here, so the
    /// text it types may start editing the focused node.
    private mutating func handleMapKey(_ name: String, modifiers: KeyModifiers) -> [Request]? {
        let ctrl = modifiers.contains(.ctrl), shift = modifiers.contains(.shift)
        if ctrl {
            switch name.lowercased() {
            case "s": return [shift ? .showSaveAs : .save]
            case "o": return [.showOpen]
            case "z" where shift, "y": redo(); return []
            case "z": undo(); return []
            case "a": select(Set(document.nodes.indices.filter { !document.isHidden(nodeAt: $0) }.map { document.nodes[$0].id })); return []
            case "c":
                guard let text = copiedOutline() else { return [] }
                return [.setClipboard(text)]
            case "x":
                guard let text = copiedOutline() else { return [] }
                deleteSelection()
                return [.setClipboard(text)]
            case "v": return [.readClipboard]
            case "l": linkSelected(); return []
            case "f": openSearch(); return []
            case "t": tidy(forceLayout: shift); return []
            case "b": applyStyle(.bold); return []
            case "i": applyStyle(.italic); return []
            default: break
            }
        }
        switch name {
        case "Tab" where !ctrl:
            if let focus { createChild(of: focus) } else { createFreeNode(at: canvasCentreMapPoint) }
            return []
        case "Return", "Keypad Enter":
            guard !ctrl else { return nil }
            if let focus { createSibling(of: focus, before: shift) } else { createFreeNode(at: canvasCentreMapPoint) }
            return []
        case "F2":
            if let focus { beginEditing(focus) }
            return []
        case "Home" where !ctrl:
            select([document.rootID])
            keepInView(document.rootID)
            return []
        case "Delete", "Backspace":
            deleteSelection()
            return []
        case "Escape":
            if mode != .normal { mode = .normal } else { select([]) }
            return []
        case "Space" where !ctrl:
            toggleFold(Array(selection))
            return []
        case "Left", "Right", "Up", "Down":
            guard !ctrl else { return nil }
            moveSelection(name, extending: shift)
            return []
        case "F3":
            openSearch()
            stepSearch(by: shift ? -1 : 1)
            return []
        case "F9":
            toggleOutline()
            return []
        case "F7":
            minimapOpen.toggle()
            return []
        case "1" where shift && !ctrl:
            zoomToFit()
            return []
        case "2" where shift && !ctrl:
            centre(on: selection)
            return []
        default:
            break
        }
        guard let action = KeyBindings.viewAction(forKey: name, modifiers: modifiers) else { return nil }
        let centre = viewportSize / 2
        switch action {
        case .toggleHUD:
            return [.toggleHUD]
        case .quit:
            return [.quit]
        case .zoomIn:
            view.animateZoom(to: view.targetZoom * KeyBindings.zoomStep, about: centre)
        case .zoomOut:
            view.animateZoom(to: view.targetZoom / KeyBindings.zoomStep, about: centre)
        case .resetZoom:
            view.animateZoom(to: 1, about: centre)
        }
        return []
    }

    /// Keys while a node's text is edited in place.
    private mutating func handleEditingKey(_ name: String, modifiers: KeyModifiers) -> [Request] {
        let ctrl = modifiers.contains(.ctrl), shift = modifiers.contains(.shift)
        guard let session = editing else { return [] }
        // While an input method composes, it owns Return, Backspace and the arrows.
        if session.editor.isComposing { return [] }
        if ctrl {
            switch name.lowercased() {
            case "a": editText { $0.selectAll() }
            case "c":
                return session.editor.hasSelection ? [.setClipboard(session.editor.selectedText)] : []
            case "x":
                guard session.editor.hasSelection else { return [] }
                var taken = ""
                editText { taken = $0.cut() }
                return [.setClipboard(taken)]
            case "v": return [.readClipboard]
            case "z" where shift, "y": editText { $0.redo() }
            case "z": editText { $0.undo() }
            case "s":
                commitEditing()
                return [shift ? .showSaveAs : .save]
            case "left": editText { $0.move(.wordLeft, extending: shift) }
            case "right": editText { $0.move(.wordRight, extending: shift) }
            case "home": editText { $0.move(.start, extending: shift) }
            case "end": editText { $0.move(.end, extending: shift) }
            case "backspace": editText { $0.deleteBackward(word: true) }
            case "delete": editText { $0.deleteForward(word: true) }
            case "q": return [.quit]
            default: break
            }
            return []
        }
        switch name {
        case "Return", "Keypad Enter":
            if shift { editText { $0.insert("\n") } } else { commitEditing() }
        case "Escape":
            cancelEditing()
        case "Tab":
            commitEditing()
            createChild(of: session.node)
        case "Left": editText { $0.move(.left, extending: shift) }
        case "Right": editText { $0.move(.right, extending: shift) }
        case "Up": editText { $0.move(.up, extending: shift) }
        case "Down": editText { $0.move(.down, extending: shift) }
        case "Home": editText { $0.move(.lineStart, extending: shift) }
        case "End": editText { $0.move(.lineEnd, extending: shift) }
        case "Backspace": editText { $0.deleteBackward() }
        case "Delete": editText { $0.deleteForward() }
        case "F12": return [.toggleHUD]
        default: break
        }
        return []
    }

    /// Keys while the search bar is open; nil for keys it leaves to the map (arrows, zoom).
    private mutating func handleSearchKey(_ name: String, modifiers: KeyModifiers) -> [Request]? {
        let ctrl = modifiers.contains(.ctrl), shift = modifiers.contains(.shift)
        switch name {
        case "Escape":
            closeSearch()
        case "Return", "Keypad Enter", "F3":
            stepSearch(by: shift ? -1 : 1)
        case "Backspace":
            guard var state = search, !state.query.isEmpty else { return [] }
            if ctrl { state.query = "" } else { state.query.removeLast() }
            search = state
            searchChanged()
        case "f" where ctrl, "F" where ctrl:
            break
        case "v" where ctrl, "V" where ctrl:
            return [.readClipboard]
        default:
            return nil
        }
        return []
    }

    /// Typed text: into the node being edited, the search bar, or (typing on a selected node)
    /// a new edit of the focused node that replaces its text.
    mutating func handleText(_ text: String) -> [Request] {
        needsRedraw = true
        if editing != nil {
            editText { $0.insert(text) }
        } else if search != nil {
            typeIntoSearch(text)
        } else if let focus, !document.isHidden(focus), selection.contains(focus) {
            beginEditing(focus, replacingWith: text)
        }
        return []
    }
}
