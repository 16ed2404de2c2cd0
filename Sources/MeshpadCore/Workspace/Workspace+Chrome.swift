/// The dialog, banner, toolbar, search bar and outline panel: taps and drags on them.
extension Workspace {
    /// A press and release on the same part activates it. A press that starts on the chrome is
    /// the chrome's to the end, and one that starts on the canvas is the canvas's, even when it
    /// crosses the toolbar: the chrome never steals a gesture.
    enum OverlayPointerEvent {
        case down(GestureRecognizer.Pointer, Vec2)
        case move(GestureRecognizer.Pointer, Vec2)
        case up(GestureRecognizer.Pointer, Vec2)
    }

    static func overlayPointerEvent(_ event: InputEvent) -> OverlayPointerEvent? {
        switch event {
        case .fingerDown(let id, let p): return .down(.finger(id), p)
        case .fingerMove(let id, let p): return .move(.finger(id), p)
        case .fingerUp(let id, let p): return .up(.finger(id), p)
        case .mouseDown(.left, let p, _, _): return .down(.mouse, p)
        case .mouseMove(let p, _): return .move(.mouse, p)
        case .mouseUp(.left, let p, _): return .up(.mouse, p)
        default: return nil
        }
    }

    /// nil when the event is not the chrome's (it goes on to the canvas).
    mutating func handleChrome(_ event: InputEvent) -> [Request]? {
        let layout = overlayLayout
        if case .wheel(let delta, let p, _) = event, let panel = layout.outlinePanel, panel.contains(p) {
            scrollOutline(by: -delta.y * targetPixels * 1.5)
            return []
        }
        guard let pointerEvent = Self.overlayPointerEvent(event) else { return nil }
        switch pointerEvent {
        case .down(let pointer, let p):
            guard overlayPointer == nil, !recognizer.isActive, layout.covers(p) else { return nil }
            overlayPointer = pointer
            overlayPressed = layout.part(at: p)
            overlayStart = p
            overlayLast = p
            overlayScrolling = false
            if overlayPressed == .minimap { showOnMinimap(p, layout: layout) }
            return []
        case .move(let pointer, let p):
            guard overlayPointer == pointer else { return nil }
            if overlayPressed == .minimap {
                // Dragging on the minimap moves the view with the finger.
                showOnMinimap(p, layout: layout)
                overlayLast = p
                return []
            }
            if let panel = layout.outlinePanel, panel.contains(overlayStart) {
                let slop = pointer == .mouse ? recognizer.settings.mouseSlopPixels : recognizer.settings.touchSlopPixels
                if !overlayScrolling && abs(p.y - overlayStart.y) > slop { overlayScrolling = true }
                if overlayScrolling { scrollOutline(by: overlayLast.y - p.y) }
            }
            overlayLast = p
            return []
        case .up(let pointer, let p):
            guard overlayPointer == pointer else { return nil }
            defer {
                overlayPointer = nil
                overlayPressed = nil
            }
            guard !overlayScrolling, let pressed = overlayPressed, layout.part(at: p) == pressed else { return [] }
            return activate(pressed)
        }
    }

    private mutating func activate(_ role: OverlayLayout.Part.Role) -> [Request] {
        needsRedraw = true
        switch role {
        case .bannerButton(let action):
            show(nil)
            return [.bannerAction(action)]
        case .toolbar(let item):
            return run(item)
        case .searchButton(let action):
            switch action {
            case .previous: stepSearch(by: -1)
            case .next: stepSearch(by: 1)
            case .close: closeSearch()
            }
        case .outlineRow(let id):
            commitEditing()
            select([id])
            centre(on: [id])
        case .outlineDisclosure(let id):
            commitEditing()
            toggleFold([id])
        case .styleOption(let option):
            applyStyle(option)
        case .minimapToggle:
            minimapOpen.toggle()
        default:
            break
        }
        return []
    }

    /// A toolbar button: the same command as its key.
    mutating func run(_ item: ToolbarItem) -> [Request] {
        switch item {
        case .new:
            if let focus, !document.isHidden(focus) { createChild(of: focus) } else { createFreeNode(at: canvasCentreMapPoint) }
        case .link:
            commitEditing()
            mode = mode == .link ? .normal : .link
        case .select:
            commitEditing()
            mode = mode == .select ? .normal : .select
        case .delete:
            deleteSelection()
        case .undo:
            if let session = editing, session.editor.canUndo { editText { $0.undo() } } else { undo() }
        case .redo:
            redo()
        case .fit:
            zoomToFit()
        case .tidy:
            tidy()
        case .style:
            styleOpen.toggle()
        case .outline:
            toggleOutline()
        case .search:
            if search == nil { openSearch() } else { closeSearch() }
        }
        needsRedraw = true
        return []
    }

    mutating func handleDialog(_ event: InputEvent) -> [Request] {
        guard var current = dialog else { return [] }
        needsRedraw = true
        if current.kind == .pin, case .text(let text) = event {
            // Typed like the keypad's keys: digits only, at most twelve.
            for character in text {
                guard let shown = dialog else { break }
                _ = handlePinDialog(shown, key: String(character))
            }
            return []
        }
        switch event {
        case .text(let text):
            guard current.hasField else { return [] }
            current.field += text.filter { $0 != "\n" && $0 != "\r" }
            current.message = nil
            dialog = current
            return []
        case .key(let name, let modifiers):
            switch name {
            case "Backspace":
                guard current.hasField, !current.field.isEmpty else { return [] }
                if modifiers.contains(.ctrl) { current.field = "" } else { current.field.removeLast() }
                dialog = current
                return []
            case "Return", "Keypad Enter":
                return finish(current, current.hasField ? .confirm : .save)
            case "Escape":
                return finish(current, .cancel)
            case "Up", "Down":
                guard current.hasField, !current.recent.isEmpty else { return [] }
                let index = current.recent.firstIndex(of: current.field) ?? (name == "Down" ? -1 : current.recent.count)
                let next = min(max(index + (name == "Down" ? 1 : -1), 0), current.recent.count - 1)
                current.field = current.recent[next]
                dialog = current
                return []
            default:
                return []
            }
        default:
            break
        }
        guard let pointerEvent = Self.overlayPointerEvent(event) else { return [] }
        let layout = overlayLayout
        switch pointerEvent {
        case .down(let pointer, let p):
            guard overlayPointer == nil else { return [] }
            overlayPointer = pointer
            overlayPressed = layout.part(at: p)
            return []
        case .move:
            return []
        case .up(let pointer, let p):
            guard overlayPointer == pointer else { return [] }
            defer { overlayPointer = nil; overlayPressed = nil }
            guard let pressed = overlayPressed, layout.part(at: p) == pressed else { return [] }
            switch pressed {
            case .keypad(let key):
                return handlePinDialog(current, key: key)
            case .button(let action):
                return finish(current, action)
            case .recent(let index) where index < current.recent.count:
                current.field = current.recent[index]
                return finish(current, .confirm)
            default:
                return []
            }
        }
    }

    /// Closes the dialog (the app presents it again with a message if the action fails) and
    /// hands the choice to the app.
    private mutating func finish(_ current: Dialog, _ action: Dialog.Action) -> [Request] {
        // The PIN is checked here, in the core: only a right one ever reaches the app.
        if current.kind == .pin && action == .confirm { return submitPin(current) }
        if current.hasField && action == .confirm && current.field.trimmingCharacters(in: .whitespaces).isEmpty {
            var unchanged = current
            unchanged.message = "Type a path first"
            dialog = unchanged
            return []
        }
        present(nil)
        return [.dialogAction(current.kind, action, field: current.field.trimmingCharacters(in: .whitespaces))]
    }

    /// Centres the view on the map point shown at window point `p` of the minimap.
    private mutating func showOnMinimap(_ p: Vec2, layout: OverlayLayout) {
        guard let panel = layout.minimap else { return }
        let chrome = self.chrome
        let geometry = MinimapGeometry(panel: panel, world: chrome.minimapWorld)
        let target = geometry.mapPoint(of: p)
        view.stopInertia()
        let centre = canvasRect.center
        view.updateCamera { $0.place(mapPoint: target, atScreen: centre) }
        needsRedraw = true
    }

    // MARK: - Outline and search panels

    mutating func toggleOutline() {
        outline = outline == nil ? OutlineState() : nil
        refreshPanels()
        needsRedraw = true
    }

    mutating func scrollOutline(by pixels: Double) {
        guard var state = outline, pixels.isFinite else { return }
        let limit = max(0, Double(state.rows.count) * targetPixels - viewportSize.y + targetPixels)
        state.scroll = min(max(state.scroll + pixels, 0), limit)
        outline = state
        needsRedraw = true
    }

    /// Brings the outline rows and search matches up to date with the document; call after
    /// every change (it does nothing when nothing they depend on moved).
    mutating func refreshPanels() {
        document.settleFolds()
        pruneSelection()
        if var state = outline, state.structureRevision != document.structureRevision {
            state.rows = OutlineState.rows(of: document)
            state.structureRevision = document.structureRevision
            outline = state
            scrollOutline(by: 0)
        }
        if var state = search, state.revision != document.textRevision &+ document.structureRevision {
            let current = state.current.flatMap { state.matches.indices.contains($0) ? state.matches[$0] : nil }
            state.matches = matches(of: state.query)
            state.current = current.flatMap { state.matches.firstIndex(of: $0) } ?? (state.matches.isEmpty ? nil : state.current.map { min($0, state.matches.count - 1) })
            state.revision = document.textRevision &+ document.structureRevision
            search = state
        }
    }
}
