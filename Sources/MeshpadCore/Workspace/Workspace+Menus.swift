/// The context menu (a long press or a right click), the app menu (the ☰ button) and the help
/// sheet: every row an action from the table, so a finger reaches everything the keys do.
extension Workspace {
    /// Opens the context menu for what is at `position` (window pixels): the node pressed, else
    /// an edge near the point, else the surface. What it is opened on is selected, as in Freeplane.
    mutating func openContextMenu(node: NodeID?, at position: Vec2) {
        closeOpenTransaction()
        let byFinger = input.lastInputWasTouch
        let target: ActionTarget
        let mapPoint = view.camera.mapPoint(ofScreen: position)
        if let node, document.contains(node) {
            if !selection.contains(node) { select([node]) }
            // On a row of the node's attribute table: that row's menu.
            if let shown = document.node(node), let row = AttributeTableLayout(shown, at: shown.position)?.part(at: mapPoint)?.row {
                target = .attribute(node, row: row)
            } else {
                target = .node(node)
            }
        } else if let edge = document.topmostEdge(at: mapPoint, tolerance: edgeTolerance(byFinger: byFinger), shown: input.recognizer.filterShown) {
            selection.selectEdge(edge)
            target = .edge(edge)
        } else {
            target = .surface(mapPoint)
        }
        let rows = contextRows(for: target)
        guard !rows.isEmpty else { return }
        showMenu(Menu(kind: .context(target), anchor: position, byFinger: byFinger, rows: rows, labelWidth: 0))
    }

    /// Opens a page of the app menu under the ☰ button.
    mutating func openAppMenu(_ page: MenuPage = .main) {
        let anchor = overlayLayout.rect(of: .appMenuButton).map { Vec2($0.minX, $0.maxY) } ?? Vec2(8, 8)
        showMenu(Menu(kind: .app(page), anchor: anchor, byFinger: false, rows: appMenuRows(page), labelWidth: 0))
    }

    mutating func closeMenu() {
        panels.menu = nil
        needsRedraw = true
    }

    /// A row was tapped: its action runs on what the menu was opened on (one undo step), a
    /// page of the app menu opens, or a slide's option is carried out.
    mutating func chooseMenuRow(_ index: Int) -> [Request] {
        guard let menu = panels.menu, menu.rows.indices.contains(index) else { return [] }
        closeMenu()
        switch menu.rows[index].item {
        case .action(.choosePriority):
            // The priorities open where the menu was, as the next menu.
            if case .context(.node(let id)) = menu.kind { openPriorityMenu(for: id, at: menu.anchor) } else { openPriorityMenu(for: nil, at: menu.anchor) }
        case .action(let action):
            if case .context(let target) = menu.kind { return perform(action, on: target) }
            return perform(action)
        case .page(let page):
            openAppMenu(page)
        case .back:
            openAppMenu(.main)
        case .slideOption(let option):
            if case .slide(let index) = menu.kind { chooseSlideOption(option, for: index) }
        }
        return []
    }

    mutating func showMenu(_ menu: Menu) {
        var sized = menu
        sized.labelWidth = menu.rows.map { measures.sizing.measurer.width(of: $0.title[...]) + ($0.isChecked ? 16 : 0) }.max() ?? 0
        panels.menu = sized
        panels.pointer = .idle
        needsRedraw = true
    }

    private func edgeTolerance(byFinger: Bool) -> Double {
        let settings = input.recognizer.settings
        return (byFinger ? settings.touchEdgeHitPixels : settings.mouseEdgeHitPixels) / view.camera.zoom
    }

    /// The context menu's rows: the actions that name this kind of target and may run, in the
    /// table's order, worded for it ("Fold" or "Unfold").
    func contextRows(for target: ActionTarget) -> [Menu.Row] {
        let kind: ContextTarget
        switch target {
        case .node: kind = .node
        case .edge: kind = .edge
        case .surface: kind = .surface
        case .attribute: kind = .attribute
        case .tag: kind = .tag
        }
        return Action.all.compactMap { action in
            guard action.spec.contextMenus.contains(kind), lockdown.allows(action) else { return nil }
            switch (action, target) {
            case (.toggleFold, .node(let id)):
                guard document.hasChildren(id) else { return nil }
                return Menu.Row(item: .action(action), title: document.node(id)?.folded == true ? "Unfold" : "Fold")
            case (.labelLink, .edge(let id)), (.toggleEndArrow, .edge(let id)), (.toggleStartArrow, .edge(let id)),
                 (.toggleLinkDash, .edge(let id)), (.nextLinkWidth, .edge(let id)), (.nextLinkColour, .edge(let id)):
                // Branches have no label, arrows or line of their own here: only links do.
                guard let edge = document.edge(id), edge.kind == .link else { return nil }
                let checked = action == .toggleEndArrow ? edge.arrows.contains(.end)
                    : action == .toggleStartArrow ? edge.arrows.contains(.start)
                    : action == .toggleLinkDash ? edge.look.dash != nil : false
                return Menu.Row(item: .action(action), title: action.title, isChecked: checked)
            case (.filterByTag, .tag(_, let tag)): return Menu.Row(item: .action(action), title: "Show only “\(tag)”")
            case (.removeTag, .tag(_, let tag)): return Menu.Row(item: .action(action), title: "Remove “\(tag)” from this node")
            case (.renameTag, .tag(_, let tag)): return Menu.Row(item: .action(action), title: "Rename “\(tag)” everywhere…")
            case (.deleteTag, .tag(_, let tag)): return Menu.Row(item: .action(action), title: "Delete “\(tag)” everywhere")
            case (.toggleTask, .node(let id)):
                return Menu.Row(item: .action(action), title: action.title, isChecked: document.node(id)?.task != nil)
            case (.tickTask, .node(let id)):
                guard document.node(id)?.task != nil else { return nil }
                return Menu.Row(item: .action(action), title: action.title, isChecked: document.node(id)?.task == .done)
            case (.choosePriority, .node(let id)):
                let level = document.node(id)?.priority
                return Menu.Row(item: .action(action), title: level.map { "Priority \($0)…" } ?? action.title)
            case (.dueDate, .node(let id)):
                let due = document.node(id)?.due
                return Menu.Row(item: .action(action), title: due.map { "Due " + NodeChips.dueText($0).dropFirst(2) + "…" } ?? action.title)
            case (.toggleAttributes, .node(let id)):
                guard let table = document.node(id)?.attributes, !table.isEmpty else { return nil }
                return Menu.Row(item: .action(action), title: table.folded ? "Unfold attributes" : "Fold attributes")
            case (.removeImage, .node(let id)):
                guard document.node(id)?.image != nil else { return nil }
                return Menu.Row(item: .action(action), title: action.title)
            case (.summarise, .node(let id)):
                guard case .success = document.newSummary(of: summaryChoice(for: id)) else { return nil }
                return Menu.Row(item: .action(action), title: action.title)
            case (.resetPictureSize, .node(let id)):
                guard document.node(id)?.imageScale != nil else { return nil }
                return Menu.Row(item: .action(action), title: action.title)
            case (.openLink, .node(let id)):
                guard document.node(id)?.link != nil else { return nil }
                return Menu.Row(item: .action(action), title: action.title)
            case (.stylePanel, .edge(let id)):
                // A branch's look is its node's (the node's panel); only a link has its own.
                guard document.edge(id)?.kind == .link else { return nil }
                return Menu.Row(item: .action(action), title: "Style…")
            case (.stylePanel, _):
                return Menu.Row(item: .action(action), title: "Style…")
            default:
                return Menu.Row(item: .action(action), title: action.title)
            }
        }
    }

    /// Whether an app-menu row makes sense now: following needs a shared map, and stopping it
    /// a screen that follows.
    func isOffered(_ action: Action) -> Bool {
        switch action {
        case .followPresenter: return shared != nil && panels.following == nil
        case .stopFollowing: return panels.following != nil
        default: return true
        }
    }

    /// A page of the app menu: its actions that may run (the theme and keyboard setting in use
    /// ticked); the first page also holds a row for each other page that has any.
    func appMenuRows(_ page: MenuPage) -> [Menu.Row] {
        func rows(_ group: MenuGroup) -> [Menu.Row] {
            Action.all.filter { $0.spec.menu == group && lockdown.allows($0) && isOffered($0) }.map { action in
                let checked: Bool
                switch action {
                case .theme(let name): checked = name == measures.themeName
                case .keyboard(let mode): checked = mode == measures.keyboardMode
                default: checked = false
                }
                return Menu.Row(item: .action(action), title: action.title, isChecked: checked)
            }
        }
        switch page {
        case .main:
            let pages: [(MenuPage, MenuGroup)] = [(.export, .export), (.theme, .theme), (.keyboard, .keyboard)]
            let links = pages.filter { !rows($0.1).isEmpty }.map { Menu.Row(item: .page($0.0), title: $0.0.title) }
            return rows(.file) + rows(.present) + rows(.edit) + links + rows(.app)
        case .export: return [Menu.Row(item: .back, title: "Back")] + rows(.export)
        case .theme: return [Menu.Row(item: .back, title: "Back")] + rows(.theme)
        case .keyboard: return [Menu.Row(item: .back, title: "Back")] + rows(.keyboard)
        }
    }

    /// The help sheet's lines: the gestures, then every key from the action table, each as
    /// "what to do\twhat it does" (a line without a tab is a heading). Keys show the chords that
    /// fit and the action's title, so every line fits its column.
    var helpLines: [String] {
        let keys = Action.all.compactMap { action -> String? in
            let spec = action.spec
            guard !spec.keys.isEmpty else { return nil }
            // As many chords as fit a short column (the first always); the guide lists them all.
            var shown = spec.keys[0].description
            for chord in spec.keys.dropFirst() where shown.count + 2 + chord.description.count <= 14 {
                shown += ", " + chord.description
            }
            return shown + "\t" + spec.title
        }
        return ["With a finger"] + HelpText.gestures + ["", "Keys (each is also a button or a menu row)"] + keys + ["", "Tap anywhere to close."]
    }
}

/// What the help sheet says about touch, in the words of the guide's gesture table: fingers
/// first, each with a small picture of the gesture, then the keys.
enum HelpText {
    static let gestures = [
        "👆 tap a node\tselect it",
        "👆 tap the map\tclear the selection",
        "👆👆 a node\tdouble tap: edit it (far out: zoom in)",
        "👆👆 the map\tdouble tap: a new node there",
        "✋ long press\tthe menu of what is there",
        "👉 drag a node\tmove it",
        "👉 onto a node\tdrag: make it that node's child",
        "👉 drag the map\tpan; flick and it glides",
        "🤏 pinch\tzoom about the fingers",
        "＋ −\tat the right: zoom in and out",
        "✌ two fingers\ttap: undo",
        "🤟 three fingers\ttap: redo",
        "◯ badge\tbeside a node: fold or unfold it",
        "🔗 Link button\ttap a node, then another: a link",
        "⌨ the text edited\ttap it: the on-screen keyboard comes",
        "☰ Menu\tfiles, export, theme, keyboard",
        "right click\tthe long press's menu",
    ]
}
