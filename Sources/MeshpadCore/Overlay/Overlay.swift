/// A message across the top of the canvas: what happened, and what can be done about it.
///
/// Used for the recovery notice ("restored unsaved changes — Keep / Discard"), failed saves and
/// import warnings. It never blocks the canvas; only its own buttons take taps.
public struct Banner: Equatable, Sendable {
    public enum Action: Equatable, Sendable {
        case dismiss
        case discardRecovery
    }

    public var message: String
    public var isError: Bool
    public var actions: [Action]
    /// When it goes away by itself (loop clock, seconds); nil stays until dismissed.
    public var expiresAt: Double?

    public init(message: String, isError: Bool = false, actions: [Action] = [.dismiss], expiresAt: Double? = nil) {
        self.message = message
        self.isError = isError
        self.actions = actions
        self.expiresAt = expiresAt
    }
}

extension Banner.Action {
    public var label: String {
        switch self {
        case .dismiss: return "OK"
        case .discardRecovery: return "Discard"
        }
    }
}

/// A modal panel drawn by Meshpad itself, usable by touch and by an on-screen keyboard:
/// a path field with the recent files under it, or a question with buttons.
public struct Dialog: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case open
        case saveAs
        /// Unsaved changes: save first? Then carry out `then`.
        case unsavedChanges(then: FollowUp)
        /// The kiosk's PIN pad: digits only, shown as dots, with an on-screen keypad.
        case pin
    }

    /// What to do once unsaved changes are dealt with.
    public enum FollowUp: Equatable, Sendable {
        case quit
        case open(path: String)
    }

    public enum Action: Equatable, Sendable {
        case confirm
        case cancel
        case save
        case discard
        case pickRecent(Int)
    }

    public var kind: Kind
    public var title: String
    /// The path being typed (open and save-as only).
    public var field: String
    public var recent: [String]
    /// A problem with the last attempt, shown in the panel (a file that would not open).
    public var message: String?

    public init(kind: Kind, title: String, field: String = "", recent: [String] = [], message: String? = nil) {
        self.kind = kind
        self.title = title
        self.field = field
        self.recent = recent
        self.message = message
    }

    public var hasField: Bool {
        switch kind {
        case .open, .saveAs, .pin: return true
        case .unsavedChanges: return false
        }
    }

    /// The buttons along the bottom, primary last (as GNOME's dialogs place it).
    public var buttons: [(label: String, action: Action)] {
        switch kind {
        case .open: return [("Cancel", .cancel), ("Open", .confirm)]
        case .saveAs: return [("Cancel", .cancel), ("Save", .confirm)]
        case .unsavedChanges: return [("Cancel", .cancel), ("Don't save", .discard), ("Save", .save)]
        case .pin: return [("Cancel", .cancel), ("Unlock", .confirm)]
        }
    }

    /// The keypad's keys, row by row ("⌫" deletes the last digit).
    public static let keypad: [[String]] = [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"], ["⌫", "0", "OK"]]
}

/// Where the chrome, banner and dialog parts are on screen, in window pixels: one layout for
/// drawing and for hit testing, so what is tapped is what is drawn. Rows and buttons are at
/// least 48 px tall in dialogs and `Chrome.targetPixels` (≥ 44 px, ≥ 9 mm) elsewhere.
public struct OverlayLayout: Sendable {
    public static let rowHeight = 48.0
    public static let padding = 16.0
    public static let bannerHeight = rowHeight + 2 * 8

    public struct Part: Sendable {
        public enum Role: Equatable, Sendable {
            case panel, title, message, field, recent(Int), button(Dialog.Action), bannerText, bannerButton(Banner.Action), banner
            /// A key of the PIN pad.
            case keypad(String)
            case toolbarPanel, toolbar(Action)
            case searchBar, searchField, searchStatus, searchButton(SearchAction)
            case outlinePanel, outlineRow(NodeID), outlineDisclosure(NodeID)
            case stylePanel, styleTitle, styleOption(StyleOption)
            /// The button in the top-right corner that shows and hides the minimap, and the minimap.
            case minimapToggle, minimap
        }

        /// How an interactive part is drawn beyond its role.
        public enum Look: Equatable, Sendable {
            case plain
            /// A toggle that is on, a selected row.
            case on
            /// A command that cannot run now.
            case disabled
        }

        public var role: Role
        public var rect: Rect
        public var text: String
        public var look: Look = .plain
        /// Outline rows: how far the text is indented, in window pixels.
        public var indent = 0.0
        /// Style swatches: the colour shown.
        public var swatch: RGBA?
    }

    public private(set) var parts: [Part] = []

    public init(banner: Banner?, dialog: Dialog?, chrome: Chrome = Chrome(), viewportSize: Vec2) {
        let row = Self.rowHeight, pad = Self.padding
        layoutChrome(chrome, bannerShown: banner != nil, dialogShown: dialog != nil, viewportSize: viewportSize)
        if let banner {
            let buttonWidth = 120.0
            let bar = Rect(x: 0, y: 0, width: viewportSize.x, height: Self.bannerHeight)
            parts.append(Part(role: .banner, rect: bar, text: ""))
            var x = viewportSize.x - pad
            for action in banner.actions.reversed() {
                x -= buttonWidth
                parts.append(Part(role: .bannerButton(action), rect: Rect(x: x, y: 8, width: buttonWidth, height: row), text: action.label))
                x -= 8
            }
            parts.append(Part(role: .bannerText, rect: Rect(x: pad, y: 8, width: max(0, x - 2 * pad), height: row), text: banner.message))
        }
        guard let dialog else { return }
        let width = min(620, viewportSize.x - 2 * pad)
        var rows = 1.0 + (dialog.message == nil ? 0 : 1) + 1
        let shownRecent = dialog.hasField ? min(dialog.recent.count, 5) : 0
        if dialog.hasField { rows += 1 + Double(shownRecent) }
        if dialog.kind == .pin { rows += Double(Dialog.keypad.count) }
        let height = min(viewportSize.y - 2 * pad, rows * row + (rows + 1) * 8 + 2 * pad)
        let panel = Rect(x: (viewportSize.x - width) / 2, y: max(pad, (viewportSize.y - height) / 2), width: width, height: height)
        parts.append(Part(role: .panel, rect: panel, text: ""))
        var y = panel.minY + pad
        let inner = panel.width - 2 * pad
        parts.append(Part(role: .title, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: dialog.title))
        y += row + 8
        if let message = dialog.message {
            parts.append(Part(role: .message, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: message))
            y += row + 8
        }
        if dialog.hasField {
            // why: the PIN is drawn as dots, so a visitor watching cannot read it off the screen.
            let shown = dialog.kind == .pin ? String(repeating: "●", count: dialog.field.count) : dialog.field
            parts.append(Part(role: .field, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: shown))
            y += row + 8
            for index in 0..<shownRecent {
                parts.append(Part(role: .recent(index), rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: dialog.recent[index]))
                y += row
            }
            y += 8
        }
        if dialog.kind == .pin {
            let keyWidth = min(120, (inner - 16) / 3)
            let left = panel.minX + (panel.width - 3 * keyWidth - 16) / 2
            for keys in Dialog.keypad {
                for (column, key) in keys.enumerated() {
                    parts.append(Part(role: .keypad(key), rect: Rect(x: left + Double(column) * (keyWidth + 8), y: y, width: keyWidth, height: row), text: key))
                }
                y += row + 8
            }
        }
        let buttons = dialog.buttons
        let buttonWidth = min(160, (inner - Double(buttons.count - 1) * 8) / Double(buttons.count))
        var x = panel.maxX - pad - buttonWidth * Double(buttons.count) - 8 * Double(buttons.count - 1)
        let buttonY = min(y, panel.maxY - pad - row)
        for button in buttons {
            parts.append(Part(role: .button(button.action), rect: Rect(x: x, y: buttonY, width: buttonWidth, height: row), text: button.label))
            x += buttonWidth + 8
        }
    }

    /// The topmost interactive part at a point.
    public func part(at point: Vec2) -> Part.Role? {
        for part in parts.reversed() where part.rect.contains(point) {
            switch part.role {
            case .recent, .button, .bannerButton, .field, .keypad, .toolbar, .searchField, .searchButton, .outlineRow, .outlineDisclosure, .styleOption,
                 .minimapToggle, .minimap:
                return part.role
            case .panel, .banner, .toolbarPanel, .searchBar, .outlinePanel, .stylePanel:
                // A panel covers what is under it: a tap on its background is nobody's.
                return nil
            default: continue
            }
        }
        return nil
    }

    /// True if the point is on the chrome, banner or dialog (so it is not a canvas gesture).
    public func covers(_ point: Vec2) -> Bool {
        parts.contains {
            switch $0.role {
            case .panel, .banner, .toolbarPanel, .searchBar, .outlinePanel, .stylePanel, .minimapToggle, .minimap:
                return $0.rect.contains(point)
            default: return false
            }
        }
    }

    /// The outline panel's rectangle, if it is open.
    public var outlinePanel: Rect? { parts.first { $0.role == .outlinePanel }?.rect }

    /// The part with this role, if it is laid out.
    public func rect(of role: Part.Role) -> Rect? { parts.first { $0.role == role }?.rect }

    /// Width of the outline panel for a viewport.
    public static func outlineWidth(viewportSize: Vec2) -> Double {
        min(380, max(240, viewportSize.x * 0.3), max(0, viewportSize.x - 120))
    }

    /// The style panel: a row a property, its choices as finger-sized buttons and swatches,
    /// centred over the toolbar.
    private mutating func layoutStylePanel(_ chrome: Chrome, above bottom: Double, canvasLeft: Double, viewportSize: Vec2) {
        let target = max(chrome.targetPixels, 44), gap = 6.0, titleWidth = 64.0
        let rows = StyleOption.rows
        let columns = rows.map(\.options.count).max() ?? 1
        let available = viewportSize.x - canvasLeft - 16
        let cell = max(30, min(target, (available - titleWidth - Double(columns + 2) * gap) / Double(columns)))
        let width = titleWidth + Double(columns) * (cell + gap) + 2 * gap
        let height = Double(rows.count) * (target + gap) + gap
        let panel = Rect(x: canvasLeft + (viewportSize.x - canvasLeft - width) / 2, y: bottom - height, width: width, height: height)
        parts.append(Part(role: .stylePanel, rect: panel, text: chrome.styleEnabled ? "" : "Select nodes to style them"))
        for (r, row) in rows.enumerated() {
            let y = panel.minY + gap + Double(r) * (target + gap)
            parts.append(Part(role: .styleTitle, rect: Rect(x: panel.minX + gap, y: y, width: titleWidth, height: target), text: row.title))
            var x = panel.minX + gap + titleWidth
            for option in row.options {
                let chosen = chrome.styleCurrent.map { option.isChosen(in: $0) } ?? false
                var part = Part(role: .styleOption(option), rect: Rect(x: x, y: y, width: cell, height: target), text: option.label ?? "",
                                look: !chrome.styleEnabled ? .disabled : (chosen ? .on : .plain))
                part.swatch = option.swatch
                parts.append(part)
                x += cell + gap
            }
        }
    }

    /// Where the minimap is, if it is shown.
    public var minimap: Rect? { rect(of: .minimap) }

    private mutating func layoutChrome(_ chrome: Chrome, bannerShown: Bool, dialogShown: Bool, viewportSize: Vec2) {
        let target = max(chrome.targetPixels, 44)
        let gap = 6.0, margin = 8.0
        var canvasLeft = 0.0
        let top = (bannerShown ? Self.bannerHeight : 0) + margin
        // The minimap's button in the top-right corner, the minimap under it.
        if !chrome.toolbar.isEmpty && !dialogShown {
            let toggle = Rect(x: viewportSize.x - margin - target, y: top, width: target, height: target)
            parts.append(Part(role: .minimapToggle, rect: toggle, text: "Map", look: chrome.minimapOpen ? .on : .plain))
            if chrome.minimapOpen {
                let width = min(260, max(140, viewportSize.x * 0.24)), height = (width * 0.7).rounded()
                parts.append(Part(role: .minimap, rect: Rect(x: viewportSize.x - margin - width, y: toggle.maxY + gap, width: width, height: height), text: ""))
            }
        }
        if let rows = chrome.outlineRows {
            let width = Self.outlineWidth(viewportSize: viewportSize)
            parts.append(Part(role: .outlinePanel, rect: Rect(x: 0, y: 0, width: width, height: viewportSize.y), text: "\(chrome.outlineRowCount) nodes"))
            for row in rows {
                let y = Double(row.number) * target - chrome.outlineScroll
                let indent = 8 + Double(min(row.depth, 12)) * 18
                parts.append(Part(role: .outlineRow(row.id), rect: Rect(x: 0, y: y, width: width, height: target),
                                  text: row.text, look: row.isSelected ? .on : .plain, indent: indent + 28))
                if row.hasChildren {
                    parts.append(Part(role: .outlineDisclosure(row.id), rect: Rect(x: indent - 8, y: y, width: 40, height: target),
                                      text: row.isFolded ? "▸" : "▾"))
                }
            }
            canvasLeft = width
        }
        if !chrome.toolbar.isEmpty {
            let widths = chrome.toolbar.map { max(target, (chrome.labelWidths[$0.action] ?? 0) + 24) }
            let available = max(target, viewportSize.x - canvasLeft - 2 * margin - 2 * gap)
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
            parts.append(Part(role: .toolbarPanel, rect: panel, text: ""))
            if chrome.styleOpen { layoutStylePanel(chrome, above: panel.minY - gap, canvasLeft: canvasLeft, viewportSize: viewportSize) }
            for (r, indices) in rows.enumerated() {
                var x = centreX - rowWidths[r] / 2
                let y = panel.minY + gap + Double(r) * (target + gap)
                for i in indices {
                    let button = chrome.toolbar[i]
                    parts.append(Part(role: .toolbar(button.action), rect: Rect(x: x, y: y, width: widths[i], height: target),
                                      text: button.action.title, look: !button.isEnabled ? .disabled : (button.isOn ? .on : .plain)))
                    x += widths[i] + gap
                }
            }
        }
        if let search = chrome.search {
            let statusWidth = 110.0
            // Clear of the minimap's button in the corner.
            let available = viewportSize.x - canvasLeft - 2 * margin - 2 * (target + gap)
            let width = max(min(640, available), 3 * target + statusWidth + 2 * target + 7 * gap)
            let bar = Rect(x: canvasLeft + (viewportSize.x - canvasLeft - width) / 2, y: top, width: width, height: target + 2 * gap)
            parts.append(Part(role: .searchBar, rect: bar, text: ""))
            let fieldWidth = max(target, width - 3 * target - statusWidth - 6 * gap)
            var x = bar.minX + gap
            parts.append(Part(role: .searchField, rect: Rect(x: x, y: top + gap, width: fieldWidth, height: target), text: search.query))
            x += fieldWidth + gap
            parts.append(Part(role: .searchStatus, rect: Rect(x: x, y: top + gap, width: statusWidth, height: target), text: search.status))
            x += statusWidth + gap
            for (action, label) in [(SearchAction.previous, "▲"), (.next, "▼"), (.close, "✕")] {
                let enabled = action == .close || !search.matches.isEmpty
                parts.append(Part(role: .searchButton(action), rect: Rect(x: x, y: top + gap, width: target, height: target),
                                  text: label, look: enabled ? .plain : .disabled))
                x += target + gap
            }
        }
    }
}
