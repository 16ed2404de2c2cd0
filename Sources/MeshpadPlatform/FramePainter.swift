import CSDL2
import MeshpadCore

/// Draws one frame: asks the core's `SceneBuilder` for the draw list and submits it.
///
/// Owns the reused `DrawList` buffer and the text cache, so the app loop and the headless
/// verbs draw exactly the same pixels for the same state.
@MainActor
public final class FramePainter {
    public let renderer: SDLRenderer
    public let textCache: TextCache
    public var scene: SceneBuilder
    private var drawList = DrawList()

    public init(renderer: SDLRenderer, labelFont: Font, theme: Theme) {
        self.renderer = renderer
        textCache = TextCache(renderer: renderer, font: labelFont)
        scene = SceneBuilder(theme: theme)
    }

    /// The draw list of the last frame painted, for tests and the HUD.
    public var lastDrawList: DrawList { drawList }

    /// Clears and draws the map; does not present, so callers can overlay or read pixels first.
    public func paint(document: Document, camera: Camera, viewportSize: Vec2, selection: Set<NodeID>,
                      drawnPositions: [NodeID: Vec2] = [:]) {
        let pixelScale = renderer.outputSize.x / max(viewportSize.x, 1)
        scene.build(document: document, camera: camera, viewportSize: viewportSize, pixelScale: pixelScale,
                    selection: selection, drawnPositions: drawnPositions, into: &drawList)
        renderer.clear(to: drawList.background)
        renderer.drawShapes(of: drawList)
        for label in drawList.labels {
            guard let entry = textCache.texture(for: label) else { continue }
            let scale = label.pixelSize / Double(label.rasterPixelSize)
            let width = Double(entry.width) * scale, height = Double(entry.height) * scale
            renderer.copy(entry.texture, to: Rect(center: label.center, width: width, height: height))
        }
    }
}
