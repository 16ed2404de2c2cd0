/// A menu on screen: the context menu of what a long press or a right click landed on, a
/// page of the app menu (the ☰ button), or a slide's options (its ⋯ in the slide list).
///
/// Its rows are actions from the action table (those whose `contextMenus` or `menu` name this
/// menu, and that the lockdown allows), and for the app menu the pages below it; a slide's
/// rows are its options. A row runs as one undo step and closes the menu; a tap outside or
/// Escape closes it.
public struct Menu: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// On a node, an edge or the surface.
        case context(ActionTarget)
        case app(MenuPage)
        /// A slide's ⋯ in the slide list: its options, by its place in the presentation shown.
        case slide(Int)
    }

    /// One row: what it does and the words it shows.
    public struct Row: Equatable, Sendable {
        public enum Item: Equatable, Sendable {
            case action(Action)
            /// Opens another page of the app menu.
            case page(MenuPage)
            /// Back to the page before.
            case back
            /// A slide's option (the menu's kind says which slide).
            case slideOption(SlideOption)
        }

        public var item: Item
        public var title: String
        /// Drawn with a tick: the theme in use, the keyboard setting.
        public var isChecked = false

        public init(item: Item, title: String, isChecked: Bool = false) {
            self.item = item
            self.title = title
            self.isChecked = isChecked
        }

        /// The icon beside its words (see `Action.iconName`).
        public var icon: String? {
            switch item {
            case .action(let action): return action.iconName
            case .page(let page): return page.iconName
            case .back: return "chevron-left"
            case .slideOption(let option):
                switch option {
                case .revealsChildren: return "reveal-children"
                case .showsOnlyNodes: return "focus"
                case .takeView: return "camera"
                case .delete: return "trash"
                }
            }
        }
    }

    public var kind: Kind
    /// Where it was opened, in window pixels: the finger or the pointer, or the ☰ button's corner.
    public var anchor: Vec2
    /// Opened by a finger: placed beside it, so the finger does not hide the first row.
    public var byFinger: Bool
    public var rows: [Row]
    /// The widest row's words, in window pixels (the workspace measures them).
    public var labelWidth: Double

    public init(kind: Kind, anchor: Vec2, byFinger: Bool, rows: [Row], labelWidth: Double) {
        self.kind = kind
        self.anchor = anchor
        self.byFinger = byFinger
        self.rows = rows
        self.labelWidth = labelWidth
    }
}

/// A page of the app menu.
public enum MenuPage: String, CaseIterable, Hashable, Sendable {
    case main, export, theme, keyboard

    /// The words on the row that opens it.
    public var title: String {
        switch self {
        case .main: return "Menu"
        case .export: return "Export ▸"
        case .theme: return "Theme ▸"
        case .keyboard: return "Keyboard ▸"
        }
    }

    /// The icon on the row that opens it.
    public var iconName: String {
        switch self {
        case .main: return "menu"
        case .export: return "export"
        case .theme: return "theme"
        case .keyboard: return "keyboard"
        }
    }
}

/// Where a menu goes: beside a finger (to its right, or its left near the right edge, with the
/// first row above the fingertip, so the finger hides none of it), under a mouse pointer as on
/// a desktop, and always wholly on screen; rows at least a touch target tall.
public enum MenuPlacement {
    /// The gap between a finger and the menu, as a share of a touch target.
    static let fingerGap = 0.5
    /// Room for a row's icon before its words (window pixels).
    public static let iconRoom = 28.0
    static let margin = 8.0

    /// The menu's rectangle, its row height and how many rows a column holds, in window pixels.
    /// A menu too tall for the window goes on in a second column (and a third…) beside the
    /// first, so every row stays in reach of a finger; only rows no column has room for are
    /// left out.
    public static func frame(anchor: Vec2, rowCount: Int, labelWidth: Double, byFinger: Bool, targetPixels: Double,
                             viewportSize: Vec2) -> (frame: Rect, rowHeight: Double, rowsPerColumn: Int, columns: Int) {
        let rowHeight = max(targetPixels, TouchTarget.minimumPixels)
        let columnWidth = min(max(labelWidth + 2 * 20 + 24 + Self.iconRoom, 4 * rowHeight), max(viewportSize.x - 2 * margin, 1))
        let rowsPerColumn = max(1, min(max(rowCount, 1), Int((max(viewportSize.y - 2 * margin, 1) - 8) / rowHeight)))
        let wanted = (max(rowCount, 1) + rowsPerColumn - 1) / rowsPerColumn
        let columns = max(1, min(wanted, Int(max(viewportSize.x - 2 * margin, 1) / columnWidth)))
        let width = Double(columns) * columnWidth
        let height = min(Double(rowsPerColumn) * rowHeight + 8, max(viewportSize.y - 2 * margin, 1))
        var x: Double, y: Double
        if byFinger {
            let gap = rowHeight * fingerGap
            // To the right of the finger; to its left where the right edge is too near.
            x = anchor.x + gap
            if x + width > viewportSize.x - margin { x = anchor.x - gap - width }
            // The first row sits just above the fingertip, beside it.
            y = anchor.y - rowHeight
        } else {
            x = anchor.x + 1
            y = anchor.y + 1
            if x + width > viewportSize.x - margin { x = anchor.x - width - 1 }
            if y + height > viewportSize.y - margin { y = anchor.y - height - 1 }
        }
        x = min(max(x, margin), max(viewportSize.x - margin - width, margin))
        y = min(max(y, margin), max(viewportSize.y - margin - height, margin))
        if byFinger {
            // A menu of several columns may be too wide to stand beside the finger: then its
            // first row goes below the fingertip, or above it, so the finger hides none of it.
            let fingertip = Rect(x: anchor.x - rowHeight / 4, y: anchor.y - rowHeight / 4, width: rowHeight / 2, height: rowHeight)
            if Rect(x: x, y: y, width: width, height: rowHeight).intersects(fingertip) {
                if fingertip.maxY + 4 + height <= viewportSize.y - margin {
                    y = fingertip.maxY + 4
                } else if fingertip.minY - 4 - height >= margin {
                    y = fingertip.minY - 4 - height
                }
            }
        }
        return (Rect(x: x, y: y, width: width, height: height), rowHeight, rowsPerColumn, columns)
    }
}
