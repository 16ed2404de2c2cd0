/// Everything a person can ask Meshpad to do, by name: the one vocabulary that the toolbar, the
/// context menus, the app menu, the keys and replay scripts all resolve to.
///
/// What each action is called, which keys and buttons reach it and where it is allowed is in
/// one table, `Action.spec` (`ActionTable.swift`); what it does is in one place,
/// `Workspace.perform(_:on:)`. A new command is a new case, a row in the table and a line in
/// `perform`, and every way in follows.
public enum Action: Hashable, Sendable {
    // Making and changing nodes
    /// The toolbar's "+ New": a child of the focused node, or a free node at the view's centre.
    case newNode
    case addChild
    case addSibling
    case addSiblingBefore
    /// A free node where the context menu was opened (or the view's centre).
    case newNodeHere
    /// A summary of the selected siblings (or the selected node), beyond a bracket, then typed.
    case summarise
    case editText
    /// Reads and edits the node's note, in a panel.
    case editNote
    /// Picks the node's picture in the file browser.
    case chooseImage
    /// Takes the node's picture away.
    case removeImage
    /// Shows the node's picture at the size it came at again, undoing its resize handle.
    case resetPictureSize
    /// Folds or unfolds the node's attribute table (a tap on its header does too).
    case toggleAttributes
    /// A new attribute row: its name, then its value, typed in dialogs.
    case addAttribute
    /// A row's value, typed in a dialog (a tap on the value of a selected node), or the row deleted.
    case editAttribute
    /// A row's name, typed in a dialog (a tap on the name of a selected node).
    case renameAttribute
    case delete
    case cut
    case copy
    case paste
    case toggleFold
    case linkSelected
    /// Link the node the context menu was opened on to the next node tapped.
    case linkFromHere
    /// The words along a link at its middle or by either end, typed in a dialog.
    case labelLink(LinkLabelPlace)
    /// Arrowheads on a link: at the node it points to, and at the one it starts from.
    case toggleEndArrow
    case toggleStartArrow
    /// A link's line, by touch: solid or dashed, its width in steps, its colour from a palette.
    case toggleLinkDash
    case nextLinkWidth
    case nextLinkColour
    /// Opens the node's link: centres on the node it points at, or (asked first) opens a web
    /// address or file in another program.
    case openLink
    case bold
    case italic
    // Tasks, priorities, due days and tags
    /// Makes the selected nodes tasks (a box before the text), or plain nodes again.
    case toggleTask
    /// Ticks the selected tasks done, or unticks them (a node not yet a task becomes one, open).
    case tickTask
    /// Opens the priorities to choose from, as a menu.
    case choosePriority
    /// Sets the selected nodes' priority (1 highest to 5), or takes it away (nil).
    case priority(Int?)
    /// Picks the day the selected nodes are due by, on Meshpad's own calendar.
    case dueDate
    /// Types a tag for the selected nodes, with the map's tags offered as it is typed.
    case addTag
    /// On a tag's pill: show only the nodes with that tag.
    case filterByTag
    /// On a tag's pill: take the tag off this node.
    case removeTag
    /// On a tag's pill: give the tag another name on every node of the map (one undo step).
    case renameTag
    /// On a tag's pill: take the tag off every node of the map (one undo step).
    case deleteTag
    /// The filter bar: show only the nodes with given tags, priority, state, due day or words.
    case filter
    // Modes and panels
    case linkMode
    case selectMode
    case stylePanel
    case outline
    case search
    case findNext
    case findPrevious
    case minimap
    // Selection and view
    case selectAll
    case deselect
    case selectRoot
    case moveSelection(Direction)
    case extendSelection(Direction)
    case fit
    case centre
    case zoomIn
    case zoomOut
    case resetZoom
    // Layout and history
    case tidy
    case forceLayout
    case undo
    case redo
    // Presenting and focus
    /// Plays the map's presentation (its first, or one made from the branches) from the start,
    /// full screen with the chrome hidden.
    case present
    /// Plays from the selected node's slide (the branch it is in when it has none).
    case presentFromHere
    /// While presenting: the next child revealed, else the next slide.
    case nextSlide
    /// While presenting: the last child revealed hidden again, else the slide before.
    case previousSlide
    /// While presenting: the screen goes black, and back.
    case blackScreen
    /// While presenting: the whole map (a pinch out does it too), and back to the slide.
    case presentationOverview
    case endPresentation
    /// The node a slide of its own at the end of the presentation, with its folds and the zoom as they are.
    case addToSlides
    /// The slide list: reorder by dragging, delete, name presentations and choose one.
    case slideList
    /// Shows the selected node's branch alone, the rest of the map hidden, with a breadcrumb up.
    case focusBranch
    /// The whole map again, after a focus on a branch.
    case leaveFocus
    /// On a shared map: follow another screen's view and slides as its presenter moves them.
    case followPresenter
    case stopFollowing
    // The app
    case newMap
    case open
    case save
    case saveAs
    case export(ExportFormat)
    /// Print the map through the system's print service (CUPS), as a PDF.
    case print
    case theme(String)
    case keyboard(KeyboardMode)
    case help
    case quit
    case debugOverlay

    /// Every action, in the order the key table and the toolbar list them.
    public static let all: [Action] = [
        // The node's context menu lists its actions in this order.
        .newNode, .editText, .addChild, .addSibling, .addSiblingBefore, .newNodeHere, .summarise, .delete, .stylePanel, .toggleFold,
        .toggleTask, .tickTask, .choosePriority,
    ] + Priority.levels.map { .priority($0) } + [
        .priority(nil), .dueDate, .addTag, .filterByTag, .removeTag, .renameTag, .deleteTag,
        .editNote, .chooseImage, .removeImage, .resetPictureSize, .toggleAttributes, .addAttribute, .editAttribute, .renameAttribute, .linkFromHere, .openLink,
    ] + LinkLabelPlace.allCases.map { .labelLink($0) } + [
        .toggleEndArrow, .toggleStartArrow, .toggleLinkDash, .nextLinkWidth, .nextLinkColour, .copy, .cut, .paste, .centre, .linkSelected, .bold, .italic,
        .linkMode, .selectMode, .outline, .search, .filter, .findNext, .findPrevious, .minimap,
        .selectAll, .deselect, .selectRoot,
    ] + Direction.allCases.map { .moveSelection($0) } + Direction.allCases.map { .extendSelection($0) } + [
        .fit, .zoomIn, .zoomOut, .resetZoom,
        .tidy, .forceLayout, .undo, .redo,
        .present, .presentFromHere, .nextSlide, .previousSlide, .blackScreen, .presentationOverview, .endPresentation,
        .addToSlides, .slideList, .focusBranch, .leaveFocus, .followPresenter, .stopFollowing,
        .newMap, .open, .save, .saveAs, .print,
    ] + ExportFormat.allCases.map { .export($0) } + Theme.all.map { .theme($0.name) } + KeyboardMode.allCases.map { .keyboard($0) } + [
        .help, .quit, .debugOverlay,
    ]

    /// The toolbar's buttons, left to right.
    public static let toolbar: [Action] = all.filter(\.spec.onToolbar).sorted { ($0.spec.toolbarSlot ?? 0) < ($1.spec.toolbarSlot ?? 0) }

    /// Its row in the table.
    public var spec: ActionSpec { ActionTable.spec(of: self) }

    /// The words on its button or menu row.
    public var title: String { spec.title }
    /// The words on its toolbar button.
    public var toolbarTitle: String { spec.toolbarTitle ?? spec.title }
}

/// What an action acts on: the selection (the default), or what a context menu was opened on.
public enum ActionTarget: Equatable, Sendable {
    case node(NodeID)
    case edge(EdgeID)
    /// The empty surface, at this map point.
    case surface(Vec2)
    /// A row of a node's attribute table.
    case attribute(NodeID, row: Int)
    /// A tag's pill on a node.
    case tag(NodeID, String)
}

/// Where a context menu can be opened, and so which of its rows an action appears in.
public enum ContextTarget: Hashable, Sendable {
    case node, edge, surface
    /// A row of a node's attribute table.
    case attribute
    /// A tag's pill on a node.
    case tag
}

/// Where an action sits in the app menu (the ☰ button): its first page holds the file actions,
/// then presenting, then the map's (`edit`: what acts on the selection), then a row for each of the export, theme
/// and keyboard pages, then the app's own (help, quit).
public enum MenuGroup: String, Hashable, Sendable {
    case file, present, edit, export, theme, keyboard, app
}

/// What the app menu's Export page writes: a picture or another program's format.
public enum ExportFormat: String, CaseIterable, Hashable, Sendable {
    case pdf, png, svg, freeMind, xmind, opml, markdown, mermaid

    /// The map format it is written in (and the file name's extension).
    public var format: MapFormat {
        switch self {
        case .pdf: return .pdf
        case .png: return .png
        case .svg: return .svg
        case .xmind: return .xmind
        case .mermaid: return .mermaid
        case .freeMind: return .freeMind
        case .opml: return .opml
        case .markdown: return .markdown
        }
    }
}

/// When Meshpad's own on-screen keyboard slides up: when typing starts from a touch and no
/// hardware key has been pressed since (`auto`), whenever typing starts (`always`, for kiosks),
/// or never (a tablet with a keyboard of its own).
public enum KeyboardMode: String, CaseIterable, Hashable, Sendable {
    case auto, always, never
}

/// What the mouse pointer is. Many classroom panels and kiosk screens deliver touch as an
/// absolute mouse pointer, which SDL cannot tell from a mouse (only touch it reads as touch, and
/// the mouse events it makes from those are ignored: `SDL_TOUCH_MOUSEID`).
public enum PointerKind: String, CaseIterable, Hashable, Sendable {
    /// Told from how it moves: a mouse hovers between presses; a touch panel's pointer jumps to
    /// where a finger lands, one motion then the press. Such a press brings the on-screen
    /// keyboard as a finger's does.
    case auto
    /// A finger: a left-button press, drag and release are a finger's touch, with a finger's
    /// tolerances, long press and keyboard.
    case touch
    /// A mouse, always.
    case mouse
}

/// One row of the action table: everything about an action except what it does.
public struct ActionSpec: Sendable {
    /// The words on its button or menu row: what a person reads, and what tests look for.
    public var title: String
    /// The keys that run it; the first is the one shown in menus and help.
    public var keys: [KeyChord]
    /// The keys that run it while a presentation plays (the arrows, PageUp and PageDown a
    /// clicker sends), which then mean nothing else.
    public var presentingKeys: [KeyChord]
    /// Its place on the toolbar along the bottom, left to right; nil when it is not there.
    public var toolbarSlot: Int?
    /// Shorter words for its toolbar button ("−" beside Fit), where the title would crowd it.
    public var toolbarTitle: String?
    public var onToolbar: Bool { toolbarSlot != nil }
    /// The context menus it is offered in.
    public var contextMenus: Set<ContextTarget>
    /// Its group in the app menu, if it is there.
    public var menu: MenuGroup?
    /// Allowed in a map opened read-only: it changes nothing that would be saved.
    public var readOnly: Bool
    /// Allowed in a kiosk: it does not leave the map (quit, files).
    public var kiosk: Bool
    /// One line for `--help` and the guide's key table.
    public var summary: String

    public init(_ title: String, keys: [KeyChord] = [], presenting presentingKeys: [KeyChord] = [], toolbar slot: Int? = nil,
                toolbarTitle: String? = nil, context: Set<ContextTarget> = [], menu: MenuGroup? = nil, readOnly: Bool, kiosk: Bool = true,
                summary: String) {
        self.title = title
        self.keys = keys
        self.presentingKeys = presentingKeys
        self.toolbarSlot = slot
        self.toolbarTitle = toolbarTitle
        self.contextMenus = context
        self.menu = menu
        self.readOnly = readOnly
        self.kiosk = kiosk
        self.summary = summary
    }
}
