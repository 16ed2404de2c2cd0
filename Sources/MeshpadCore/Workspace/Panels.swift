/// The panels over the canvas and what they show: search bar, outline, style panel, minimap,
/// the banner across the top and the modal dialog.
public struct Panels {
    public internal(set) var search: SearchState?
    /// Folded node texts for search, kept while the map's text is unchanged.
    var searchIndex: SearchIndex?
    public internal(set) var outline: OutlineState?
    public internal(set) var styleOpen = false
    public internal(set) var minimapOpen = false
    /// The message across the top, if any (it takes only taps on itself).
    public internal(set) var banner: Banner?
    /// The modal dialog, if any (it takes every event while it is up).
    public internal(set) var dialog: Dialog?

    public init() {}
}

/// The sizes the workspace lays things out by: the window, touch targets, text measuring and
/// the layouts' gaps, all set by the platform (and the config).
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
    /// Button words' widths in window pixels, so buttons fit their words.
    var labelWidths: [Action: Double] = [:]

    init(viewportSize: Vec2, sizing: NodeSizing, zoomClamp: ClosedRange<Double>) {
        self.viewportSize = viewportSize
        self.sizing = sizing
        self.zoomClamp = zoomClamp
    }
}
