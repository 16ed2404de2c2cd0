import CSDL2
import MeshpadCore

/// A window with everything needed to draw a map in it: renderer, fonts, painter.
///
/// The interactive app and the headless verbs build the same canvas, so what `meshpad render`
/// writes is what the window shows.
@MainActor
public final class Canvas {
    public let window: Window
    public let renderer: SDLRenderer
    public private(set) var painter: FramePainter
    let hudFont: Font

    /// Far views from the overview's tiles (see `OverviewCache`); false draws them live.
    public var usesOverview = true {
        didSet { painter.usesOverview = usesOverview }
    }

    /// How many times bigger than the display's own scale everything is drawn (`--scale`).
    public let uiScale: Double

    /// The size the map and the chrome are laid out in: window pixels divided by the UI scale.
    public var viewportSize: Vec2 { window.size / uiScale }

    /// - Parameter labelFonts: fonts already opened for this theme (the map was measured with
    ///   them as it was read); nil opens the theme's.
    public init(title: String, size: PixelSize, theme: Theme, hidden: Bool, preferSoftware: Bool, uiScale: Double = 1,
                fullscreen: Bool = false, labelFonts: LabelFonts? = nil) throws(PlatformError) {
        self.uiScale = uiScale.isFinite ? min(max(uiScale, 1), 4) : 1
        window = try Window(title: title, size: size, hidden: hidden, fullscreen: fullscreen)
        renderer = try SDLRenderer(window: window, preferSoftware: preferSoftware)
        let labels: LabelFonts
        if let labelFonts, labelFonts.library.baseSize == LabelFonts.baseSize(of: theme) {
            labels = labelFonts
        } else {
            labels = try LabelFonts(theme: theme)
        }
        fontPath = labels.path
        fonts = labels.library
        hudFont = try Font(path: FontLocator.hudFontPath(fallback: fontPath), pixelSize: 13)
        painter = FramePainter(renderer: renderer, fonts: fonts, theme: theme)
    }

    /// The label faces (regular, bold, italic) with their fallbacks.
    package private(set) var fonts: FontLibrary
    private let fontPath: String

    /// Draws with another theme from the next frame on (the app menu's Theme page). A theme with
    /// another text size gets fonts of that size, and every label is rasterised again; the
    /// caller measures the map again with `sizing`.
    public func setTheme(_ theme: Theme) throws(PlatformError) {
        let baseSize = LabelFonts.baseSize(of: theme)
        if baseSize != fonts.baseSize { fonts = try FontLibrary(regularPath: fontPath, baseSize: baseSize) }
        painter = FramePainter(renderer: renderer, fonts: fonts, theme: theme, images: painter.images)
        painter.usesOverview = usesOverview
    }

    /// Node sizing with this canvas's fonts and the theme's metrics.
    public var sizing: NodeSizing {
        fonts.sizing(metrics: painter.scene.theme.nodeMetrics, imageSizes: painter.images.sizes)
    }

    /// The side of a touch target in window pixels for this window's display.
    public var touchTargetPixels: Double {
        TouchTarget.pixels(dpi: window.displayDPI, pixelScale: renderer.outputSize.x / viewportSize.x)
    }

    /// The camera that shows the whole map, at 100 % at most.
    public func framingCamera(for document: Document) -> Camera {
        var camera = Camera(zoomLimits: Workspace.zoomLimits(for: document, viewportSize: viewportSize))
        camera.frame(document.bounds, viewportSize: viewportSize)
        return camera
    }

    /// Paints a complete picture (every label rasterised), for the headless verbs and tests.
    public func paint(document: Document, camera: Camera, selection: Set<NodeID>) {
        painter.paint(document: document, camera: camera, viewportSize: viewportSize, selection: selection, complete: true)
    }
}
