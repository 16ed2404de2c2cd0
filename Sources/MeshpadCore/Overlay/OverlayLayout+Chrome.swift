/// The chrome around the map: toolbar, style panel, search bar, outline, minimap and the ☰ button.
extension OverlayLayout {
    /// Room an icon takes beside a toolbar button's words (window pixels).
    static let toolbarIconRoom = 32.0

    /// "+ New" without its "+ ": words whose first is a lone symbol, beside an icon that says it.
    static func withoutLeadingSymbol(_ title: String) -> String {
        let words = title.split(separator: " ", maxSplits: 1)
        guard words.count == 2, words[0].count == 1, let first = words[0].first, !first.isLetter, !first.isNumber else { return title }
        return String(words[1])
    }

    /// The toolbar's actions laid out apart from it, at the right edge.
    static let zoomCluster: Set<Action> = [.zoomIn, .zoomOut]

    /// Width of the outline panel for a viewport.
    public static func outlineWidth(viewportSize: Vec2) -> Double {
        min(380, max(240, viewportSize.x * 0.3), max(0, viewportSize.x - 120))
    }

    /// The style panel: a row a property, its choices as finger-sized buttons and swatches,
    /// centred over the toolbar. With a link selected it offers the link's colour, width, line
    /// and arrowheads; otherwise the selected nodes' style.
    mutating func layoutStylePanel(_ chrome: Chrome, above bottom: Double, canvasLeft: Double, viewportSize: Vec2) {
        if let look = chrome.styleLink {
            layoutStylePanel(LinkStyleOption.rows, chosen: { $0.isChosen(in: look) }, role: Part.Role.linkStyleOption, enabled: true,
                             targetPixels: chrome.targetPixels, above: bottom, canvasLeft: canvasLeft, viewportSize: viewportSize)
        } else {
            let current = chrome.styleCurrent
            let extra = chrome.styleChosen
            layoutStylePanel(StyleOption.rows, chosen: { option in extra.contains(option) || (current.map { option.isChosen(in: $0) } ?? false) },
                             role: Part.Role.styleOption, enabled: chrome.styleEnabled,
                             targetPixels: chrome.targetPixels, above: bottom, canvasLeft: canvasLeft, viewportSize: viewportSize)
        }
    }

    /// The filter bar: rows of finger-sized choices over the toolbar, like the style panel's.
    mutating func layoutFilterBar(_ chrome: Chrome, above bottom: Double, canvasLeft: Double, viewportSize: Vec2) {
        guard let state = chrome.filter else { return }
        let saved = chrome.savedFilters
        let today = chrome.today
        layoutStylePanel(FilterOption.rows(tags: chrome.filterTags, state: state, saved: saved, today: today), chosen: { option in
            if case .saved(let name) = option { return saved.first { $0.name == name }?.filter == state.filter }
            return option.isChosen(in: state, today: today)
        }, role: { option in
            if case .note = option { return .styleTitle }
            return .filterOption(option)
        }, enabled: true, targetPixels: chrome.targetPixels, above: bottom, canvasLeft: canvasLeft, viewportSize: viewportSize,
           panelRole: .filterBar,
           // why: always a line, so the buttons stay where they are as a filter comes and goes.
           status: state.isActive ? state.result.map { $0.matchCount == 1 ? "1 node matches" : "\($0.matchCount) nodes match" } ?? " " : "Every node shown")
    }

    private mutating func layoutStylePanel<Option: StylePanelChoice>(
        _ rows: [(title: String, options: [Option])], chosen: (Option) -> Bool, role: (Option) -> Part.Role, enabled: Bool,
        targetPixels: Double, above bottom: Double, canvasLeft: Double, viewportSize: Vec2, panelRole: Part.Role = .stylePanel,
        status: String? = nil
    ) {
        let target = max(targetPixels, 44), gap = 6.0, titleWidth = 76.0
        let columns = rows.map { $0.options.reduce(0) { $0 + $1.cells } }.max() ?? 1
        let available = viewportSize.x - canvasLeft - 16
        let cell = max(30, min(target, (available - titleWidth - Double(columns + 2) * gap) / Double(columns)))
        let width = titleWidth + Double(columns) * (cell + gap) + 2 * gap
        guard enabled else {
            // Nothing to style: the panel says what to do, over no buttons.
            let panel = Rect(x: canvasLeft + (viewportSize.x - canvasLeft - width) / 2, y: bottom - target - 2 * gap, width: width, height: target + 2 * gap)
            append(Part(role: .stylePanel, rect: panel, text: "Select nodes or a link to style them"))
            return
        }
        let statusHeight = status == nil ? 0.0 : 22
        let height = Double(rows.count) * (target + gap) + gap + statusHeight
        let panel = Rect(x: canvasLeft + (viewportSize.x - canvasLeft - width) / 2, y: bottom - height, width: width, height: height)
        append(Part(role: panelRole, rect: panel, text: status ?? ""))
        for (r, row) in rows.enumerated() {
            let y = panel.minY + gap + Double(r) * (target + gap)
            append(Part(role: .styleTitle, rect: Rect(x: panel.minX + gap, y: y, width: titleWidth, height: target), text: row.title))
            var x = panel.minX + gap + titleWidth
            for option in row.options {
                let width = Double(option.cells) * (cell + gap) - gap
                var part = Part(role: role(option), rect: Rect(x: x, y: y, width: width, height: target), text: option.label ?? "",
                                look: !enabled ? .disabled : (chosen(option) ? .on : .plain))
                part.swatch = option.swatch
                append(part)
                x += width + gap
            }
        }
    }

    /// Where the minimap is, if it is shown.
    public var minimap: Rect? { rect(of: .minimap) }

    mutating func layoutChrome(_ chrome: Chrome, dialogShown: Bool, viewportSize: Vec2) {
        let target = max(chrome.targetPixels, 44)
        let gap = 6.0, margin = Self.chromeMargin
        var canvasLeft = 0.0
        let top = margin
        // The minimap's button in the top-right corner, the minimap under it.
        if !chrome.toolbar.isEmpty && !dialogShown {
            let toggle = Rect(x: viewportSize.x - margin - target, y: top, width: target, height: target)
            append(Part(role: .minimapToggle, rect: toggle, text: "Map", look: chrome.minimapOpen ? .on : .plain))
            if chrome.minimapOpen {
                let width = min(260, max(140, viewportSize.x * 0.24)), height = (width * 0.7).rounded()
                append(Part(role: .minimap, rect: Rect(x: viewportSize.x - margin - width, y: toggle.maxY + gap, width: width, height: height), text: ""))
            }
        }
        if let rows = chrome.outlineRows {
            let width = Self.outlineWidth(viewportSize: viewportSize)
            append(Part(role: .outlinePanel, rect: Rect(x: 0, y: 0, width: width, height: viewportSize.y), text: "\(chrome.outlineRowCount) nodes"))
            for row in rows {
                let y = Double(row.number) * target - chrome.outlineScroll
                let indent = 8 + Double(min(row.depth, 12)) * 18
                append(Part(role: .outlineRow(row.id), rect: Rect(x: 0, y: y, width: width, height: target),
                                  text: row.text, look: row.isSelected ? .on : .plain, indent: indent + 28))
                if row.hasChildren {
                    append(Part(role: .outlineDisclosure(row.id), rect: Rect(x: indent - 8, y: y, width: 40, height: target),
                                      text: row.isFolded ? "▸" : "▾"))
                }
            }
            canvasLeft = width
        }
        if let slides = chrome.slideList {
            layoutSlideList(slides, targetPixels: chrome.targetPixels, viewportSize: viewportSize)
            canvasLeft = Self.outlineWidth(viewportSize: viewportSize)
        }
        if let button = chrome.appMenuButton, !dialogShown {
            // Top left, beside the outline when it is open: away from the toolbar along the bottom.
            append(Part(role: .appMenuButton, rect: Rect(x: canvasLeft + margin, y: top, width: max(target, button.width), height: target),
                        text: button.title, look: chrome.menu.map { if case .app = $0.kind { return .on } else { return .plain } } ?? .plain))
        }
        // why: zoom − and + stand apart, one above the other at the right edge (as on a street
        // map), so the toolbar does not wrap to a second row on a window 800 px wide and cover a
        // fifth of the map.
        let zoomButtons = chrome.toolbar.filter { Self.zoomCluster.contains($0.action) }
        let toolbar = chrome.toolbar.filter { !Self.zoomCluster.contains($0.action) }
        if !toolbar.isEmpty {
            // why: 14 px beside the words keeps the fourteen buttons on one row of a window 800 px
            // wide; an icon beside each word where the row has room for them (a wider window).
            let available = max(target, viewportSize.x - canvasLeft - 2 * margin - 2 * gap)
            let withIcons = toolbar.map { max(target, (chrome.labelWidths[$0.action] ?? 0) + 14 + Self.toolbarIconRoom) }
            let showsIcons = withIcons.reduce(0, +) + Double(max(withIcons.count - 1, 0)) * gap <= available
            let widths = showsIcons ? withIcons : toolbar.map { max(target, (chrome.labelWidths[$0.action] ?? 0) + 14) }
            var rows: [[Int]] = [[]]
            var rowWidth = 0.0
            for (i, width) in widths.enumerated() {
                let needed = (rows[rows.count - 1].isEmpty ? 0 : gap) + width
                if !rows[rows.count - 1].isEmpty && rowWidth + needed > available {
                    rows.append([])
                    rowWidth = 0
                }
                rowWidth += rows[rows.count - 1].isEmpty ? width : needed
                rows[rows.count - 1].append(i)
            }
            let rowWidths = rows.map { r in r.reduce(0.0) { $0 + widths[$1] } + Double(max(r.count - 1, 0)) * gap }
            let panelWidth = (rowWidths.max() ?? 0) + 2 * gap
            let panelHeight = Double(rows.count) * target + Double(rows.count + 1) * gap
            let centreX = canvasLeft + (viewportSize.x - canvasLeft) / 2
            let panel = Rect(x: centreX - panelWidth / 2, y: viewportSize.y - margin - panelHeight, width: panelWidth, height: panelHeight)
            append(Part(role: .toolbarPanel, rect: panel, text: ""))
            if chrome.styleOpen { layoutStylePanel(chrome, above: panel.minY - gap, canvasLeft: canvasLeft, viewportSize: viewportSize) }
            if chrome.filter != nil { layoutFilterBar(chrome, above: panel.minY - gap, canvasLeft: canvasLeft, viewportSize: viewportSize) }
            for (r, indices) in rows.enumerated() {
                var x = centreX - rowWidths[r] / 2
                let y = panel.minY + gap + Double(r) * (target + gap)
                for i in indices {
                    let button = toolbar[i]
                    // why: beside its icon a word needs no symbol of its own ("+ New" is the plus and "New").
                    let title = button.action.toolbarTitle
                    let icon = showsIcons ? button.action.iconName : nil
                    var part = Part(role: .toolbar(button.action), rect: Rect(x: x, y: y, width: widths[i], height: target),
                                    text: icon == nil ? title : Self.withoutLeadingSymbol(title),
                                    look: !button.isEnabled ? .disabled : (button.isOn ? .on : .plain))
                    part.icon = icon
                    append(part)
                    x += widths[i] + gap
                }
            }
            if !zoomButtons.isEmpty {
                // Zoom in on top, the nearer one to the map, zoom out under it, just above the toolbar.
                let height = Double(zoomButtons.count) * target + Double(zoomButtons.count + 1) * gap
                let cluster = Rect(x: viewportSize.x - margin - target - 2 * gap, y: panel.minY - gap - height,
                                   width: target + 2 * gap, height: height)
                append(Part(role: .toolbarPanel, rect: cluster, text: ""))
                for (k, button) in zoomButtons.sorted(by: { $0.action == .zoomIn && $1.action != .zoomIn }).enumerated() {
                    append(Part(role: .toolbar(button.action),
                                rect: Rect(x: cluster.minX + gap, y: cluster.minY + gap + Double(k) * (target + gap), width: target, height: target),
                                text: button.action.toolbarTitle, look: !button.isEnabled ? .disabled : .plain))
                }
            }
        }
        if let name = chrome.mapName, !dialogShown, let menu = rect(of: .appMenuButton) {
            // Beside the ☰ button, at most a third of the window: a long name ends in "…".
            let width = min(name.width + 24, max(target, (viewportSize.x - canvasLeft) / 3))
            append(Part(role: .mapName, rect: Rect(x: menu.maxX + gap, y: top, width: width, height: target), text: name.text))
        }
        if let status = chrome.status, !dialogShown {
            // Beside the ☰ button and the map's name (under them when they leave no room), clear
            // of the minimap's button.
            let menuRight = rect(of: .mapName)?.maxX ?? rect(of: .appMenuButton)?.maxX ?? canvasLeft
            let right = viewportSize.x - margin - (chrome.toolbar.isEmpty ? 0 : target + gap)
            let wanted = status.width + 32
            var line = Rect(x: menuRight + gap, y: top, width: min(wanted, max(0, right - menuRight - gap)), height: target)
            if line.width < min(wanted, 160) {
                line = Rect(x: canvasLeft + margin, y: top + target + gap, width: min(wanted, viewportSize.x - canvasLeft - 2 * margin), height: target)
            }
            append(Part(role: .statusLine, rect: line, text: status.text))
        }
        if let search = chrome.search {
            let statusWidth = 110.0
            let smallest = 3 * target + statusWidth + 2 * target + 7 * gap
            // Clear of the minimap's button in the corner, and of the map's name if there is
            // room; where there is not, the name gives way while the search is open.
            let right = viewportSize.x - margin - target - gap
            var left = canvasLeft + margin + target + gap
            if let name = rect(of: .mapName) {
                if right - (name.maxX + gap) >= smallest { left = max(left, name.maxX + gap) } else { parts.removeAll { $0.role == .mapName } }
            }
            let width = max(min(640, right - left), smallest)
            let bar = Rect(x: left + max(0, right - left - width) / 2, y: top, width: width, height: target + 2 * gap)
            append(Part(role: .searchBar, rect: bar, text: ""))
            let fieldWidth = max(target, width - 3 * target - statusWidth - 6 * gap)
            var x = bar.minX + gap
            append(Part(role: .searchField, rect: Rect(x: x, y: top + gap, width: fieldWidth, height: target), text: search.query))
            x += fieldWidth + gap
            append(Part(role: .searchStatus, rect: Rect(x: x, y: top + gap, width: statusWidth, height: target), text: search.status))
            x += statusWidth + gap
            for (action, label) in [(SearchAction.previous, "▲"), (.next, "▼"), (.close, "✕")] {
                let enabled = action == .close || !search.matches.isEmpty
                append(Part(role: .searchButton(action), rect: Rect(x: x, y: top + gap, width: target, height: target),
                                  text: label, look: enabled ? .plain : .disabled))
                x += target + gap
            }
        }
        if let crumbs = chrome.breadcrumb, !dialogShown {
            layoutBreadcrumb(crumbs, targetPixels: chrome.targetPixels, canvasLeft: canvasLeft, viewportSize: viewportSize)
        }
    }
}
