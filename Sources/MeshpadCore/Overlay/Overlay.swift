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
        case .open, .saveAs: return true
        case .unsavedChanges: return false
        }
    }

    /// The buttons along the bottom, primary last (as GNOME's dialogs place it).
    public var buttons: [(label: String, action: Action)] {
        switch kind {
        case .open: return [("Cancel", .cancel), ("Open", .confirm)]
        case .saveAs: return [("Cancel", .cancel), ("Save", .confirm)]
        case .unsavedChanges: return [("Cancel", .cancel), ("Don't save", .discard), ("Save", .save)]
        }
    }
}

/// Where the banner and dialog parts are on screen, in window pixels: one layout for drawing and
/// for hit testing, so what is tapped is what is drawn. Rows and buttons are at least 48 px
/// tall (≥ 9 mm on common tablets), wide enough for a finger.
public struct OverlayLayout: Sendable {
    public static let rowHeight = 48.0
    public static let padding = 16.0

    public struct Part: Sendable {
        public enum Role: Equatable, Sendable {
            case panel, title, message, field, recent(Int), button(Dialog.Action), bannerText, bannerButton(Banner.Action), banner
        }
        public var role: Role
        public var rect: Rect
        public var text: String
    }

    public private(set) var parts: [Part] = []

    public init(banner: Banner?, dialog: Dialog?, viewportSize: Vec2) {
        let row = Self.rowHeight, pad = Self.padding
        if let banner {
            let buttonWidth = 120.0
            let bar = Rect(x: 0, y: 0, width: viewportSize.x, height: row + 2 * 8)
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
            parts.append(Part(role: .field, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: dialog.field))
            y += row + 8
            for index in 0..<shownRecent {
                parts.append(Part(role: .recent(index), rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: dialog.recent[index]))
                y += row
            }
            y += 8
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
            case .recent, .button, .bannerButton, .field: return part.role
            default: continue
            }
        }
        return nil
    }

    /// True if the point is on the banner or dialog (so it is not a canvas gesture).
    public func covers(_ point: Vec2) -> Bool {
        parts.contains { ($0.role == .panel || $0.role == .banner) && $0.rect.contains(point) }
    }
}
