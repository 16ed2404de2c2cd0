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
    public let painter: FramePainter
    /// The font at the theme's size that node sizes are measured with.
    public let measuringFont: Font
    let hudFont: Font

    public init(title: String, size: PixelSize, theme: Theme, hidden: Bool, preferSoftware: Bool) throws(PlatformError) {
        window = try Window(title: title, size: size, hidden: hidden)
        renderer = try SDLRenderer(window: window, preferSoftware: preferSoftware)
        let fontPath = try FontLocator.labelFontPath()
        let baseSize = Int(theme.fontSize.rounded())
        let finder = FallbackFinder()
        measuringFont = try Font(path: fontPath, pixelSize: baseSize)
        measuringChain = FontChain(primary: measuringFont, finder: finder)
        hudFont = try Font(path: FontLocator.hudFontPath(fallback: fontPath), pixelSize: 13)
        painter = FramePainter(renderer: renderer, labelFonts: FontChain(primary: try Font(path: fontPath, pixelSize: baseSize), finder: finder),
                               theme: theme)
    }

    /// The label font at the theme's size and its fallbacks, that node sizes are measured with.
    let measuringChain: FontChain

    /// Node sizing with this canvas's fonts and the theme's metrics.
    public var sizing: NodeSizing {
        NodeSizing(metrics: painter.scene.theme.nodeMetrics, measurer: FontMeasurer(chain: measuringChain))
    }

    /// The side of a touch target in window pixels for this window's display.
    public var touchTargetPixels: Double {
        TouchTarget.pixels(dpi: window.displayDPI, pixelScale: renderer.outputSize.x / window.size.x)
    }

    /// The camera that shows the whole map, at 100 % at most.
    public func framingCamera(for document: Document) -> Camera {
        var camera = Camera(zoomLimits: Workspace.zoomLimits(for: document, viewportSize: window.size))
        camera.frame(document.bounds, viewportSize: window.size)
        return camera
    }

    /// Paints a complete picture (every label rasterised), for the headless verbs and tests.
    public func paint(document: Document, camera: Camera, selection: Set<NodeID>) {
        painter.paint(document: document, camera: camera, viewportSize: window.size, selection: selection, complete: true)
    }
}
