/// The dialog, banner, toolbar, search bar and outline panel: what they show, and taps and
/// drags on them.
extension Workspace {
    /// The toolbar, search bar and outline rows as they stand.
    public var chrome: Chrome {
        var chrome = Chrome()
        chrome.targetPixels = measures.targetPixels
        if let presenting = presentingChrome {
            // A presentation hides the chrome: only what is opened over it (a menu, the help) shows.
            chrome.presenting = presenting
            chrome.menu = panels.menu
            chrome.keyboard = panels.keyboard
            if panels.helpOpen {
                chrome.helpOpen = true
                chrome.helpLines = helpLines
            }
            return chrome
        }
        chrome.labelWidths = measures.labelWidths
        chrome.toolbar = Action.toolbar.filter { lockdown.allows($0) }.map {
            ToolbarButton(action: $0, isOn: isOn($0), isEnabled: isEnabled($0))
        }
        chrome.search = panels.search
        if !chrome.toolbar.isEmpty || lockdown.kiosk != nil {
            chrome.appMenuButton = (Self.appMenuTitle, measures.appMenuWidth)
        }
        chrome.menu = panels.menu
        chrome.keyboard = panels.keyboard
        if let name = panels.mapName, chrome.appMenuButton != nil {
            chrome.mapName = (name, measures.sizing.measurer.width(of: name[...]))
        }
        if let status = panels.status {
            chrome.status = (status.text, measures.sizing.measurer.width(of: status.text[...]))
        }
        if panels.helpOpen {
            chrome.helpOpen = true
            chrome.helpLines = helpLines
        }
        if panels.minimapOpen {
            chrome.minimapOpen = true
            // The map alone: if the view were part of it, a drag on the minimap would move what it
            // shows under the finger.
            chrome.minimapWorld = document.bounds.outset(by: 40)
            chrome.minimapView = view.camera.visibleMapRect(viewportSize: measures.viewportSize)
        }
        if panels.styleOpen {
            chrome.styleOpen = true
            chrome.styleLink = targetLink(nil)?.look
            chrome.styleEnabled = !selection.nodes.isEmpty || chrome.styleLink != nil
            let styles = selection.nodes.compactMap { document.node($0)?.style }
            chrome.styleCurrent = styles.first.flatMap { first in styles.allSatisfy { $0 == first } ? first : nil }
            chrome.styleChosen = styleChosenForTasks + (document.root.style.plainBranches == true ? [] : [.branchColors])
        }
        if panels.filter.isOpen {
            chrome.filter = panels.filter
            chrome.filterTags = panels.tagsInUse
            chrome.savedFilters = savedFilters
            chrome.today = today
        }
        if let outline = panels.outline {
            let rows = outline.rows
            let target = measures.targetPixels
            let first = max(0, Int(outline.scroll / target))
            let last = min(rows.count, first + Int(measures.viewportSize.y / target) + 2)
            chrome.outlineScroll = outline.scroll
            chrome.outlineRowCount = rows.count
            chrome.outlineRows = first < last ? (first..<last).compactMap { number in
                let row = rows[number]
                guard let node = document.node(row.id) else { return nil }
                return Chrome.VisibleRow(id: row.id, depth: row.depth, text: Self.outlineText(of: node, firstLine: node.firstLine),
                                         hasChildren: document.hasChildren(row.id), isFolded: node.folded,
                                         isSelected: selection.contains(row.id), number: number)
            } : []
        }
        chrome.breadcrumb = breadcrumb
        chrome.slideList = slideListChrome
        return chrome
    }

    /// A wheel over the outline panel scrolls it; nil when the event is not the chrome's.
    mutating func handleChromeWheel(_ event: InputEvent) -> [Request]? {
        guard case .wheel(let delta, let p, _) = event else { return nil }
        let layout = overlayLayout
        if let panel = layout.outlinePanel, panel.contains(p) {
            scrollOutline(by: -delta.y * measures.targetPixels * 1.5)
            return []
        }
        guard let panel = layout.rect(of: .slideListPanel), panel.contains(p) else { return nil }
        scrollSlideList(by: -delta.y * measures.targetPixels * 1.5)
        return []
    }

    /// A press, move or lift, on whatever chrome is up: `ChromePointer.track` says what it
    /// means, and this is the one place that carries that out — on the keyboard, a dialog
    /// (its file browser, the PIN pad), a menu, the toolbar or the panels. nil when the
    /// pointer is the canvas's.
    mutating func handleChromePointer(_ event: ChromePointerEvent) -> [Request]? {
        let layout = overlayLayout
        let settings = input.recognizer.settings
        var list: (kind: ChromeList, rect: Rect)?
        if let dialog = panels.dialog {
            if let browser = dialog.browser, browser.newFolder == nil, let rect = layout.rect(of: .browserList) { list = (.browser, rect) }
        } else if let panel = layout.outlinePanel {
            list = (.outline, panel)
        } else if let rows = layout.rect(of: .slideListRows) {
            list = (.slideList, rows)
        }
        let context = ChromePointer.Context(
            layout: layout, dialogIsUp: panels.dialog != nil, menuIsOpen: panels.menu != nil, canvasIsBusy: input.recognizer.isActive,
            list: list, listIsGliding: panels.dialog?.browser?.fling != nil,
            slop: (settings.mouseSlopPixels, settings.touchSlopPixels), velocityWindowSeconds: settings.velocityWindowSeconds)
        let gesture = panels.pointer.track(event, at: input.now, in: context)
        if case .down = event, panels.keyboard?.accents != nil {
            // A press anywhere but on the keyboard closes an open accents strip, and goes on to what is there.
            if case .pressed(.keyboardKey?) = gesture {} else { panels.keyboard?.accents = nil }
        }
        if gesture != .notMine { needsRedraw = true }
        switch gesture {
        case .notMine:
            // A dialog takes every pointer: nothing under it is touched.
            return panels.dialog != nil ? [] : nil
        case .held, .flung(.outline, _), .flung(.slideList, _):
            return []
        case .dismissedMenu:
            closeMenu()
            return []
        case .stoppedGlide:
            changeBrowser { $0.fling = nil }
            return []
        case .steered(let p):
            showOnMinimap(p, layout: layout)
            return []
        case .scrolled(.outline, let pixels):
            scrollOutline(by: pixels)
            return []
        case .scrolled(.browser, let pixels):
            scrollBrowser(by: pixels)
            return []
        case .scrolled(.slideList, let pixels):
            scrollSlideList(by: pixels)
            return []
        case .dragged(let part, let p):
            if case .slideGrip(let index) = part { holdSlide(index, at: p) }
            return []
        case .dropped(let part, let p):
            if case .slideGrip(let index) = part { dropSlide(index, at: p) }
            return []
        case .flung(.browser, let velocity):
            flingBrowser(fingerVelocity: velocity)
            return []
        case .pressed(let part):
            if case .keyboardKey(let key)? = part { return pressKey(key) }
            return []
        case .released(let part, let onIt):
            if case .keyboardKey(let key)? = part { return releaseKey(key, onIt: onIt) }
            guard onIt, let part else { return [] }
            guard let dialog = panels.dialog else { return activate(part) }
            if dialog.browser != nil { return activateBrowser(part, dialog) }
            switch part {
            case .keypad(let key): return handlePinDialog(dialog, key: key)
            case .button(let action): return finish(dialog, action)
            case .dialogChoice(let value): return chooseInDialog(value, dialog)
            default: return []
            }
        }
    }

    private mutating func activate(_ role: OverlayLayout.Part.Role) -> [Request] {
        needsRedraw = true
        switch role {
        case .bannerButton(.cancelLink):
            endLinkFromHere()
            // The link tool's own banner puts the tool away.
            if input.mode == .link { input.mode = .normal }
        case .bannerButton(.putBack(let node, let text)):
            show(nil)
            putBack(text, on: node)
        case .bannerButton(.followAgain(let client, let name)):
            show(nil)
            follow(FollowState(client: client, name: name))
        case .bannerButton(let action):
            show(nil)
            return [.bannerAction(action)]
        case .searchField:
            fieldTapped()
        case .toolbar(let action):
            return perform(action)
        case .minimapToggle:
            return perform(.minimap)
        case .statusLine:
            if let status = panels.status { show(Banner(message: status.detail)) }
        case .appMenuButton:
            if case .app? = panels.menu?.kind { closeMenu() } else { openAppMenu() }
        case .mapName:
            // why: as on a tablet's document title, a tap offers to name or move the map; a
            // shared map's name is the database's, and a copy is Save as… in the menu.
            if lockdown.allows(.saveAs), shared == nil { return perform(.saveAs) }
        case .menuRow(let index):
            return chooseMenuRow(index)
        case .helpSheet:
            panels.helpOpen = false
        case .searchButton(let action):
            switch action {
            case .previous: stepSearch(by: -1)
            case .next: stepSearch(by: 1)
            case .close: closeSearch()
            }
        case .outlineRow(let id):
            commitEditing()
            select([id])
            showReadable(id)
        case .outlineDisclosure(let id):
            commitEditing()
            return perform(.toggleFold, on: .node(id))
        case .styleOption(let option):
            guard lockdown.allows(.stylePanel) else {
                refuseChange()
                return []
            }
            applyStyle(option)
        case .linkStyleOption(let option):
            guard lockdown.allows(.stylePanel) else {
                refuseChange()
                return []
            }
            applyLinkStyle(option)
        case .filterOption(let option):
            return chooseFilterOption(option)
        case .breadcrumb(let node):
            tapCrumb(node)
        case .slideListButton(let control):
            chooseInSlideList(control)
        case .slideRow(let index), .slideGrip(let index):
            showSlideInList(index)
        case .slideOptions(let index):
            openSlideOptions(index)
        default:
            break
        }
        return []
    }

    // MARK: - The dialog

    /// Keys, text and the wheel while a dialog is up (its pointers go through `handleChromePointer`).
    mutating func handleDialog(_ event: InputEvent) -> [Request] {
        guard var current = panels.dialog else { return [] }
        needsRedraw = true
        if current.browser != nil { return handleBrowser(event, current) }
        if current.kind == .pin, case .text(let text) = event {
            // Typed like the keypad's keys: digits only, at most twelve.
            for character in text {
                guard let shown = panels.dialog else { break }
                _ = handlePinDialog(shown, key: String(character))
            }
            return []
        }
        switch event {
        case .text(let text):
            guard current.hasField else { return [] }
            current.field += text.filter { $0 != "\n" && $0 != "\r" }
            current.message = nil
            panels.dialog = current
            refreshTagChoices()
            return []
        case .key(let key, let modifiers):
            switch key {
            case .backspace:
                guard current.hasField, !current.field.isEmpty else { return [] }
                if modifiers.contains(.ctrl) { current.field = "" } else { current.field.removeLast() }
                panels.dialog = current
                refreshTagChoices()
                return []
            case .return where modifiers.contains(.shift) && current.isNote:
                // A new line, where a field holds several (a note).
                current.field += "\n"
                panels.dialog = current
                return []
            case .return, .keypadEnter:
                // Return is the primary button, the last one.
                return finish(current, current.buttons.last?.action ?? .confirm)
            case .escape:
                return finish(current, .cancel)
            default:
                return []
            }
        default:
            break
        }
        return []
    }

    /// A tap on a dialog's choice: a calendar's day or month, a tag to pick.
    private mutating func chooseInDialog(_ value: Dialog.Choice.Value, _ dialog: Dialog) -> [Request] {
        switch (dialog.kind, value) {
        case (.dueDate, _):
            chooseInCalendar(value, dialog)
        case (.tag(let ids), .suggestion(let tag)):
            present(nil)
            addTag(tag, to: ids)
        case (.filterTag, .suggestion(let tag)):
            return finishFilterDialog(dialog, .confirm, picked: tag)
        case (.pdfOptions, .option(let key)), (.print, .option(let key)):
            choosePaperOption(key, dialog)
        case (.chooseSheet, .option(let key)):
            return chooseSheet(key, dialog)
        case (.follow(let people), .option(let key)):
            return chooseToFollow(key, among: people)
        case (.slidesFromBranches, .option(let key)):
            makeSlidesFromBranches(key)
        default:
            break
        }
        return []
    }

    /// Closes the dialog (the app presents it again with a message if the action fails) and
    /// hands the choice to the app, with `field` (the browser's full path) or what was typed.
    mutating func finish(_ current: Dialog, _ action: Dialog.Action, field: String? = nil) -> [Request] {
        // The PIN is checked here, in the core: only a right one ever reaches the app.
        if current.kind == .pin && action == .confirm { return submitPin(current) }
        if case .note(let id) = current.kind {
            present(nil)
            if action == .confirm { keepNote(current.field, on: id) }
            return []
        }
        if case .image(let id) = current.kind {
            present(nil)
            if action == .confirm, let path = field, !path.isEmpty { setImage(path, on: id) }
            return []
        }
        switch current.kind {
        case .pdfOptions, .print:
            return finishPaperDialog(current, action)
        case .chooseSheet, .follow, .slidesFromBranches:
            present(nil)
            return []
        case .dueDate(let ids, _, _):
            if ids.isEmpty { finishFilterDay(current, action) } else { finishDueDate(current, action) }
            return []
        case .tag(let ids):
            guard action == .confirm else {
                present(nil)
                return []
            }
            let tag = Tags.clean(current.field)
            guard !tag.isEmpty else {
                var again = current
                again.message = "Type a tag, or pick one below"
                panels.dialog = again
                return []
            }
            present(nil)
            addTag(tag, to: ids)
            return []
        case .renameTag(let tag):
            present(nil)
            guard action == .confirm else { return [] }
            let saved = savedFilters
            renameTag(tag, to: current.field)
            return savedFilters != saved ? [.rememberChoices] : []
        case .filterText, .filterTag, .saveFilter:
            return finishFilterDialog(current, action)
        case .presentationName(let renaming):
            finishPresentationName(current.field, renaming: renaming, confirmed: action == .confirm)
            return []
        default:
            break
        }
        if case .attributeName(let id, let row) = current.kind {
            keepAttributeName(current.field.trimmingCharacters(in: .whitespaces), row: row, on: id, from: current, confirmed: action == .confirm)
            return []
        }
        if case .attributeValue(let id, let row, let name) = current.kind {
            present(nil)
            keepAttribute(current.field, named: name, row: row, on: id, deleting: action == .discard, confirmed: action == .confirm)
            return []
        }
        if case .linkLabel(let id, let place) = current.kind {
            present(nil)
            if action == .confirm, var look = document.edge(id)?.look {
                let words = current.field.trimmingCharacters(in: .whitespaces)
                look[place] = words.isEmpty ? nil : words
                setLink(id, to: look)
            }
            return []
        }
        // A link is the workspace's to open, not the file flow's.
        if case .openLink(let target) = current.kind {
            present(nil)
            return action == .confirm ? [.openExternally(target)] : []
        }
        let typed = current.field.trimmingCharacters(in: .whitespaces)
        if field == nil && current.hasField && action == .confirm && typed.isEmpty {
            var unchanged = current
            unchanged.message = "Type a path first"
            panels.dialog = unchanged
            return []
        }
        present(nil)
        return [.dialogAction(current.kind, action, field: field ?? typed)]
    }

    /// Centres the view on the map point shown at window point `p` of the minimap.
    private mutating func showOnMinimap(_ p: Vec2, layout: OverlayLayout) {
        guard let panel = layout.minimap else { return }
        let geometry = MinimapGeometry(panel: panel, world: document.bounds.outset(by: 40))
        let target = geometry.mapPoint(of: p)
        view.stopInertia()
        let centre = canvasRect.center
        view.updateCamera { $0.place(mapPoint: target, atScreen: centre) }
        needsRedraw = true
    }

    // MARK: - Outline and search panels

    mutating func toggleOutline() {
        panels.outline = panels.outline == nil ? OutlineState() : nil
        // The slide list stands in the same place.
        if panels.outline != nil { panels.slideList = nil }
        refreshPanels()
        needsRedraw = true
    }

    mutating func scrollOutline(by pixels: Double) {
        guard var state = panels.outline, pixels.isFinite else { return }
        let target = measures.targetPixels
        let limit = max(0, Double(state.rows.count) * target - measures.viewportSize.y + target)
        state.scroll = min(max(state.scroll + pixels, 0), limit)
        panels.outline = state
        needsRedraw = true
    }

    /// Brings the outline rows and search matches up to date with the document; call after
    /// every change (it does nothing when nothing they depend on moved).
    mutating func refreshPanels() {
        document.settleFolds()
        pruneSelection()
        if var state = panels.outline, state.structureRevision != document.structureRevision {
            state.rows = OutlineState.rows(of: document)
            state.structureRevision = document.structureRevision
            panels.outline = state
            scrollOutline(by: 0)
        }
        refreshFilter()
        // why: texts, icons and the tree decide the counts, not where nodes are: a drag works nothing out again.
        if panels.taskProgressKey != document.contentKey {
            panels.taskProgress = document.taskProgress()
            panels.taskProgressKey = document.contentKey
        }
        refreshTagsInUse()
        if var state = panels.search, state.revision != document.textRevision &+ document.structureRevision {
            let current = state.current.flatMap { state.matches.indices.contains($0) ? state.matches[$0] : nil }
            state.matches = matches(of: state.query)
            state.current = current.flatMap { state.matches.firstIndex(of: $0) } ?? (state.matches.isEmpty ? nil : state.current.map { min($0, state.matches.count - 1) })
            state.revision = document.textRevision &+ document.structureRevision
            panels.search = state
        }
        refreshKeyboard()
        keepStyledClearOfPanel()
    }

    /// The nodes being styled stay in sight above the style panel: when the panel opens over
    /// them, or they are chosen where it lies, the view slides up just enough.
    mutating func keepStyledClearOfPanel() {
        guard panels.styleOpen, !selection.nodes.isEmpty else {
            panels.styleKeptClear = []
            return
        }
        guard panels.styleKeptClear != selection.nodes, let panel = overlayLayout.rect(of: .stylePanel) else { return }
        panels.styleKeptClear = selection.nodes
        let camera = view.targetCamera
        let frames = selection.nodes.compactMap { document.node($0)?.frame }
        guard let first = frames.first else { return }
        let box = frames.dropFirst().reduce(first) { $0.union($1) }
        let top = camera.screenPoint(ofMap: Vec2(box.minX, box.minY)), bottom = camera.screenPoint(ofMap: Vec2(box.maxX, box.maxY))
        let onScreen = Rect(x: top.x, y: top.y, width: bottom.x - top.x, height: bottom.y - top.y)
        guard onScreen.intersects(panel.outset(by: 8)) else { return }
        // Up until the nodes' bottom is above the panel, but never their top off the window.
        let lift = min(onScreen.maxY - (panel.minY - 16), max(0, onScreen.minY - 16))
        guard lift > 0 else { return }
        var target = camera
        target.pan(by: Vec2(0, -lift))
        view.fly(to: target, pivot: measures.viewportSize / 2)
        needsRedraw = true
    }
}
