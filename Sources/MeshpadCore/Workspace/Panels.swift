/// The chrome as one value: the panels over the canvas and what they show (search bar,
/// outline, style panel, minimap), the banner across the top, the menus, the on-screen
/// keyboard, the modal dialog (with its file browser or PIN pad), and the pointer on them,
/// whose every move is decided in one switch (`ChromePointer.track`).
public struct Panels {
    public internal(set) var search: SearchState?
    /// Folded node texts for search, kept while the map's text is unchanged.
    var searchIndex: SearchIndex?
    public internal(set) var outline: OutlineState?
    /// The filter and its bar; the filter stays in force while the bar is closed.
    public internal(set) var filter = FilterState()
    /// How far each parent's tasks have got, on the map's current revision.
    public internal(set) var taskProgress: TaskProgress?
    var taskProgressKey: UInt64 = .max
    /// The map's tags, most used first, on the same revision (the filter bar and the tag dialog
    /// ask for them on every layout).
    public internal(set) var tagsInUse: [String] = []
    var tagsInUseKey: UInt64 = .max
    public internal(set) var styleOpen = false
    /// The PDF options last chosen (Export ▸ PDF…, Print…), offered again next time.
    public internal(set) var pdfOptions = PDFOptions()
    /// The printer last printed to.
    public internal(set) var printer: String?
    /// The selection the view last moved for, to keep it clear of the style panel.
    var styleKeptClear: Set<NodeID> = []
    public internal(set) var minimapOpen = false
    /// The message across the top, if any (it takes only taps on itself).
    public internal(set) var banner: Banner?
    /// A state shown for as long as it lasts (a shared map offline, read-only, connecting), in a
    /// small line beside the ☰ button, never dismissed: its words, and what a tap on it explains.
    public internal(set) var status: (text: String, detail: String)?
    /// The map's name beside the ☰ button ("• " before it while unsaved), as the session says.
    public internal(set) var mapName: String?
    /// The modal dialog, if any (it takes every event while it is up).
    public internal(set) var dialog: Dialog?
    /// The context or app menu, if one is open (a tap outside or Escape closes it).
    public internal(set) var menu: Menu?
    /// The help sheet is up (a tap closes it).
    public internal(set) var helpOpen = false
    /// Meshpad's on-screen keyboard, while it is up or sliding.
    public internal(set) var keyboard: OnScreenKeyboard?
    /// The camera before the keyboard moved the view to keep the node being edited above it, and
    /// where it moved it: the view goes back when the keyboard does, unless a person moved it.
    var cameraBeforeKeyboard: (before: Camera, shifted: Camera)?
    /// A press on the chrome, followed until it lifts.
    var pointer = ChromePointer.idle
    /// The presentation playing, if any (`Workspace+Presenting`).
    public internal(set) var presenting: PresentingState?
    /// A branch shown alone, or a slide's children still hidden (`Workspace+Focus`).
    public internal(set) var focus: BranchFocus?
    /// By node index, what the focus shows (nil: it hides nothing), on the map's `contentKey`
    /// `focusShownKey`; and that mask with a hiding filter's, as taps and keys reach nodes.
    var focusShown: [Bool]?
    var focusShownKey: UInt64 = .max
    var shownTogether: (key: ShownTogetherKey, shown: [Bool])?
    /// The slide list panel, while it is open (`Workspace+SlideList`).
    public internal(set) var slideList: SlideListState?
    /// The presentation chosen in the slide list, by its place in the map's presentations: the
    /// one the list shows and F5 plays, kept when the list closes.
    public internal(set) var chosenPresentation = 0
    /// On a shared map: the screen this one follows (`Workspace+Following`).
    public internal(set) var following: FollowState?
    /// While following a presenter: the slide their screen shows.
    public internal(set) var followedSlide: FollowedSlide?

    public init() {}
}

/// What the workspace lays things out by: the window, touch targets, text measuring, the
/// layouts' gaps, and the looks chosen (theme, on-screen keyboard), set by the platform, the
/// config and the app menu.
public struct Measures {
    /// The window's size in window pixels, for zoom keys about its centre.
    public var viewportSize: Vec2
    /// The side of a touch target in window pixels (the platform sets it from the display's DPI).
    public var targetPixels = 48.0 {
        didSet { if !targetPixels.isFinite || targetPixels < 44 { targetPixels = 44 } }
    }
    /// Measures text in the label font: node sizes, the editor's caret, toolbar labels.
    public internal(set) var sizing: NodeSizing
    /// The tidy-tree layout, with the theme's gaps.
    public var treeLayout = TreeLayout()
    /// The zoom clamp from the config (`zoom.min`, `zoom.max`).
    public let zoomClamp: ClosedRange<Double>
    /// The theme in use (the app menu ticks it; the platform draws with it).
    public var themeName = Theme.standard.name
    /// When the on-screen keyboard comes up.
    public var keyboardMode = KeyboardMode.auto
    /// What the mouse pointer is.
    public var pointer = PointerKind.auto
    /// The day it is, when the platform says (a replay's `--today`); else the computer's.
    public var today: CalendarDay?
    /// Button words' widths in window pixels, so buttons fit their words.
    var labelWidths: [Action: Double] = [:]
    /// The ☰ button's width, its words measured.
    var appMenuWidth = 96.0

    init(viewportSize: Vec2, sizing: NodeSizing, zoomClamp: ClosedRange<Double>) {
        self.viewportSize = viewportSize
        self.sizing = sizing
        self.zoomClamp = zoomClamp
    }
}
