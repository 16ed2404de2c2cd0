/// Where the chrome, banner and dialog parts are on screen, in window pixels: one layout for
/// drawing and for hit testing, so what is tapped is what is drawn. Rows and buttons are at
/// least 48 px tall in dialogs and `Chrome.targetPixels` (≥ 44 px, ≥ 9 mm) elsewhere.
public struct OverlayLayout: Sendable {
    public static let rowHeight = 48.0
    public static let padding = 16.0
    /// One line of a banner's message.
    static let bannerLineHeight = 22.0
    /// Between the window's edge and the chrome's buttons.
    static let chromeMargin = 8.0

    public struct Part: Sendable {
        public enum Role: Equatable, Sendable {
            case panel, title, message, field, button(Dialog.Action), bannerText, bannerButton(Banner.Action), banner
            /// A key of the PIN pad.
            case keypad(String)
            /// The file browser: its list's area, a row of it (by its place in the list), a button
            /// above it or of its new-folder prompt, the folder's path, and what an empty list says.
            case browserList, browserRow(Int), browserButton(FileBrowser.Control), browserPath, browserNote
            /// A format to save or export in (Save as, Export): it sets the name's extension.
            case browserFormat(MapFormat)
            /// A folder of the path bar above the list (Home, then each folder down to the one
            /// shown): a tap goes there.
            case browserCrumb(path: String)
            /// The "›" between two of them, and the "…" for those left out (drawn only).
            case browserCrumbGap
            /// Where the list is scrolled to, when it holds more than it shows (drawn only).
            case browserScrollbar
            /// A line of a field of several lines (a note), drawn over the field.
            case fieldLine
            /// A choice of a dialog besides its buttons (a calendar's day, a tag to pick).
            case dialogChoice(Dialog.Choice.Value)
            case toolbarPanel, toolbar(Action)
            case searchBar, searchField, searchStatus, searchButton(SearchAction)
            case outlinePanel, outlineRow(NodeID), outlineDisclosure(NodeID)
            /// While a branch is focused: the breadcrumb's strip, a button of it ("Whole map" has no
            /// node), and the "›" or "…" between them (drawn only).
            case breadcrumbBar, breadcrumb(NodeID?), breadcrumbGap
            /// The slide list panel: its background, the presentation's name, a button above the
            /// list, the list's area, what an empty one says, and a slide's row, its grip (a drag
            /// moves the slide) and its ⋯ (its options' menu), by the slide's place in the presentation.
            case slideListPanel, slideListTitle, slideListButton(SlideListControl), slideListRows, slideListNote
            case slideRow(Int), slideGrip(Int), slideOptions(Int)
            case stylePanel, styleTitle, styleOption(StyleOption)
            /// A choice of the style panel while it styles a link.
            case linkStyleOption(LinkStyleOption)
            /// The filter bar, and a button of it.
            case filterBar, filterOption(FilterOption)
            /// The button in the top-right corner that shows and hides the minimap, and the minimap.
            case minimapToggle, minimap
            /// The ☰ button in the top-left corner that opens the app menu.
            case appMenuButton
            /// The map's name beside it, "• " before it while unsaved; a tap is Save as.
            case mapName
            /// The line beside it saying a state that lasts (offline, read-only); a tap explains it.
            case statusLine
            /// A context or app menu, and its rows (by their place in the menu).
            case menuPanel, menuRow(Int)
            /// The help sheet (a tap anywhere on it closes it).
            case helpSheet, helpText
            /// The on-screen keyboard, its keys, and the accents a long press on a letter offers.
            case keyboardPanel, keyboardKey(OnScreenKeyboard.Key), keyboardAccents
            /// While presenting: the whole window black (B), and the small slide counter.
            case blackout, slideCounter

            /// Something a finger can tap to make something happen.
            public var isTappable: Bool {
                switch self {
                case .browserRow, .browserButton, .browserFormat, .browserCrumb, .button, .bannerButton, .field, .keypad, .toolbar, .searchField, .searchButton, .outlineRow,
                     .outlineDisclosure, .styleOption, .linkStyleOption, .filterOption, .minimapToggle, .minimap, .appMenuButton, .menuRow, .helpSheet, .keyboardKey,
                     .statusLine, .mapName, .breadcrumb, .slideListButton, .slideRow, .slideGrip, .slideOptions:
                    return true
                case .dialogChoice(let value):
                    return value != .caption
                default:
                    return false
                }
            }

            /// A background that covers what is under it: a tap on it is nobody's, not the canvas's.
            public var isBackground: Bool {
                switch self {
                case .panel, .banner, .toolbarPanel, .searchBar, .outlinePanel, .stylePanel, .filterBar, .menuPanel, .keyboardPanel, .keyboardAccents,
                     .breadcrumbBar, .slideListPanel:
                    return true
                default: return false
                }
            }

            /// What a person would call it, for the state dump's `controls`.
            public var kind: String {
                switch self {
                case .toolbar, .button, .bannerButton, .searchButton, .minimapToggle, .appMenuButton, .browserButton, .browserCrumb, .breadcrumb,
                     .slideOptions: return "button"
                case .slideListButton(.choose): return "option"
                case .slideListButton: return "button"
                case .slideRow: return "row"
                case .slideGrip: return "handle"
                case .field, .searchField: return "field"
                case .keypad, .keyboardKey: return "key"
                case .browserRow, .outlineRow: return "row"
                case .outlineDisclosure: return "disclosure"
                case .styleOption, .linkStyleOption, .browserFormat, .filterOption: return "option"
                case .dialogChoice(.caption): return "text"
                case .dialogChoice(.day): return "day"
                case .dialogChoice(.option): return "option"
                case .dialogChoice: return "button"
                case .minimap: return "minimap"
                case .menuRow: return "menu item"
                case .helpSheet: return "sheet"
                case .statusLine: return "status"
                case .mapName: return "title"
                default: return "text"
                }
            }
        }

        /// How an interactive part is drawn beyond its role.
        public enum Look: Equatable, Sendable {
            case plain
            /// A toggle that is on, a selected row.
            case on
            /// A command that cannot run now.
            case disabled
            /// Held down by a finger or the button right now.
            case pressed
        }

        public var role: Role
        public var rect: Rect
        public var text: String
        public var look: Look = .plain
        /// Outline rows: how far the text is indented, in window pixels.
        public var indent = 0.0
        /// Style swatches: the colour shown.
        public var swatch: RGBA?
        /// A row of a scrolling list: the whole row, of which `rect` is what shows inside the list.
        public var fullRect: Rect?
        /// Quieter words at the right end (a file's size and date in the browser).
        public var detail = ""
        /// The icon drawn beside its words (an SVG asset's name, `Action.iconName`); nil: words alone.
        public var icon: String?

        /// What a person would read on it: its words, a swatch's colour, or what it is.
        public var label: String {
            if !text.isEmpty { return text }
            if let swatch { return swatch.hexString }
            switch role {
            case .minimap: return "Minimap"
            // why: drawn as "≡" and "⋯", said as what they do to which slide.
            case .slideGrip(let index): return "Move slide \(index + 1)"
            case .slideOptions(let index): return "Options of slide \(index + 1)"
            case .field, .searchField: return ""
            default: return role.kind
            }
        }
    }

    public internal(set) var parts: [Part] = []

    mutating func append(_ part: Part) { parts.append(part) }

    public init(banner: Banner?, dialog: Dialog?, chrome: Chrome = Chrome(), viewportSize: Vec2) {
        // Back to front: what is laid out later is drawn over and tapped before what came earlier.
        if let presenting = chrome.presenting {
            // A presentation hides the chrome: a counter in a corner, and black when it is black.
            layoutPresenting(presenting, viewportSize: viewportSize)
        } else {
            layoutChrome(chrome, dialogShown: dialog != nil, viewportSize: viewportSize)
        }
        if let banner {
            // Below the top buttons when they are there, so a banner never moves or hides them.
            let hasTopButtons = dialog == nil && (chrome.appMenuButton != nil || !chrome.toolbar.isEmpty)
            layoutBanner(banner, top: hasTopButtons ? Self.chromeMargin + max(chrome.targetPixels, 44) + 6 : 0, viewportSize: viewportSize)
        }
        // A dialog sits above the on-screen keyboard, so its buttons and field stay in reach.
        if let dialog { layoutDialog(dialog, targetPixels: chrome.targetPixels, viewportSize: Self.aboveKeyboard(chrome, viewportSize)) }
        if let menu = chrome.menu { layoutMenu(menu, targetPixels: chrome.targetPixels, viewportSize: viewportSize) }
        if chrome.helpOpen { layoutHelp(chrome.helpLines, targetPixels: chrome.targetPixels, viewportSize: viewportSize) }
        if let keyboard = chrome.keyboard { layoutKeyboard(keyboard, targetPixels: chrome.targetPixels, viewportSize: viewportSize) }
    }

    /// The topmost interactive part at a point.
    public func part(at point: Vec2) -> Part.Role? {
        for part in parts.reversed() where part.rect.contains(point) {
            if part.role.isTappable { return part.role }
            // A panel covers what is under it: a tap on its background is nobody's.
            if part.role.isBackground { return nil }
        }
        return nil
    }

    /// What a finger can tap now: the tappable parts whose middle is not covered by something
    /// drawn over them, and only those of the dialog, menu or help sheet while one is up (it
    /// takes every tap). Topmost last, as drawn.
    public var reachableParts: [Part] {
        let modal = parts.firstIndex { part in
            switch part.role {
            case .panel, .menuPanel, .helpSheet: return true
            default: return false
            }
        } ?? 0
        return parts[modal...].filter { $0.role.isTappable && part(at: $0.rect.center) == $0.role }
    }

    /// True if the point is on the chrome, banner, dialog or a menu (so it is not a canvas gesture).
    public func covers(_ point: Vec2) -> Bool {
        parts.contains { part in
            switch part.role {
            case .minimapToggle, .minimap, .appMenuButton, .mapName, .helpSheet, .statusLine: return part.rect.contains(point)
            default: return part.role.isBackground && part.rect.contains(point)
            }
        }
    }

    /// The window less what the on-screen keyboard covers once it is up.
    public static func aboveKeyboard(_ chrome: Chrome, _ viewportSize: Vec2) -> Vec2 {
        guard let keyboard = chrome.keyboard, !keyboard.isClosing else { return viewportSize }
        return Vec2(viewportSize.x, max(viewportSize.y - keyboardHeight(targetPixels: chrome.targetPixels, viewportSize: viewportSize), 1))
    }

    /// The parts in drawing layers: the chrome and banner, then what opens over them (a dialog,
    /// a menu, the help sheet, the keyboard), whose labels must not be under the chrome's.
    public var layers: [Range<Int>] {
        let popup = parts.firstIndex { [.panel, .menuPanel, .helpSheet, .keyboardPanel].contains($0.role) } ?? parts.count
        return [0..<popup, popup..<parts.count]
    }

    /// Marks the part held down, so it is drawn pressed.
    public mutating func press(_ role: Part.Role?) {
        guard let role, let index = parts.lastIndex(where: { $0.role == role }), parts[index].look != .disabled else { return }
        parts[index].look = .pressed
    }

    /// The outline panel's rectangle, if it is open.
    public var outlinePanel: Rect? { parts.first { $0.role == .outlinePanel }?.rect }

    /// The part with this role, if it is laid out.
    public func rect(of role: Part.Role) -> Rect? { parts.first { $0.role == role }?.rect }
}
