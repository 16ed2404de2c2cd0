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
    /// Node pictures; kept when the painter is made again for another theme or map.
    public let images: ImageCache
    public var scene: SceneBuilder
    /// Far views from pre-drawn tiles (see `OverviewCache`); made again with the painter, so a
    /// new theme starts with no tiles.
    let overview: OverviewPainter
    /// Draws far views live instead of from the overview's tiles (`--live`, to compare).
    public var usesOverview = true
    /// Tests: tiles for maps of any size, not only those `OverviewCache.isWorthwhile` for.
    var overviewForEveryMap = false
    /// Whether the last frame was drawn from the overview's tiles.
    public private(set) var lastFrameUsedOverview = false
    /// Shadows and icons: their textures, made once.
    let ornaments: Ornaments
    private var drawList = DrawList()
    private var overlayLists = [DrawList(), DrawList()]

    init(renderer: SDLRenderer, fonts: FontLibrary, theme: Theme, images: ImageCache? = nil) {
        self.renderer = renderer
        self.images = images ?? ImageCache(renderer: renderer)
        textCache = TextCache(renderer: renderer, fonts: fonts)
        ornaments = Ornaments(renderer: renderer)
        scene = SceneBuilder(theme: theme)
        overview = OverviewPainter(renderer: renderer, theme: theme)
    }

    /// The overview's tiles drawn into in the last frame (a slice each).
    public var overviewTilesDrawnLastFrame: [TileKey] { overview.tilesDrawnLastFrame }

    /// The overview's decisions, for tests.
    public var overviewCache: OverviewCache { overview.cache }

    /// The draw list of the last frame painted, for tests and the HUD.
    public var lastDrawList: DrawList { drawList }

    /// Clears and draws the map; does not present, so callers can overlay or read pixels first.
    /// - Parameter complete: rasterise every label now (a picture or screenshot), instead of
    ///   keeping to the per-frame budget the interactive loop uses.
    public func paint(document: Document, camera: Camera, viewportSize: Vec2, selection: Set<NodeID>,
                      drawnPositions: DrawnPositions = .none, extras: SceneExtras = SceneExtras(), complete: Bool = false) {
        let pixelScale = renderer.outputSize.x / max(viewportSize.x, 1)
        textCache.beginFrame(limited: !complete)
        images.takeDecoded()
        picturesNow = complete
        // why: the tiles hold where nodes are in the document; gliding nodes are drawn live.
        // why: the tiles show every node; a filter's view, or a focus on a branch, is drawn live.
        overviewConsidered = usesOverview && drawnPositions.isEmpty && extras.filter == nil && extras.focusShown == nil
            && (overviewForEveryMap || OverviewCache.isWorthwhile(for: document))
        lastFrameUsedOverview = overviewConsidered
            && overview.paint(document: document, camera: camera, viewportSize: viewportSize, pixelScale: pixelScale,
                              scene: scene, complete: complete, drawContent: drawTile)
        if lastFrameUsedOverview {
            scene.buildOverlay(document: document, camera: camera, viewportSize: viewportSize, pixelScale: pixelScale,
                               selection: selection, extras: extras, into: &drawList)
        } else {
            scene.build(document: document, camera: camera, viewportSize: viewportSize, pixelScale: pixelScale,
                        selection: selection, drawnPositions: drawnPositions, extras: extras, into: &drawList)
            renderer.clear(to: drawList.background)
        }
        draw(drawList)
    }

    /// Draws a tile's list; false if a label waited for the rasterisation budget (the tile is
    /// drawn again later).
    private func drawTile(_ list: DrawList) -> Bool {
        let deferred = textCache.deferredThisFrame
        draw(list)
        return textCache.deferredThisFrame == deferred
    }

    /// Uses the time until `deadline` (`App.now()` seconds) to draw the far view's tiles the
    /// last frame still needed; the next frame shows those completed. The app calls it after
    /// presenting, in the time it would sleep or wait for the display, with the document that
    /// frame showed: a far view's frame then costs the same at a thousand nodes and a million.
    public func drawOverviewTiles(document: Document, until deadline: Double) {
        guard hasPendingOverview else { return }
        overview.drawPending(document: document, scene: scene, until: deadline, drawContent: drawTile)
    }

    /// Whether pictures are decoded as they are drawn (a complete picture) rather than in the background.
    private var picturesNow = false

    /// True when some labels waited for the next frame's rasterisation budget.
    public var hasDeferredLabels: Bool { textCache.deferredThisFrame > 0 }

    /// True when the far view's tiles are not all drawn (or not all shown) yet: the app keeps
    /// drawing frames, and tiles between them (`drawOverviewTiles`), until they are.
    public var hasPendingOverview: Bool { overviewConsidered && overview.hasPendingWork }

    /// Whether the last frame asked the overview (it may still have drawn live).
    private var overviewConsidered = false

    /// Draws the toolbar, panels, menus, banner and dialog over what is painted, from the
    /// layout the workspace hit-tests taps with.
    public func paintOverlay(_ layout: OverlayLayout, chrome: Chrome, bannerIsError: Bool, document: Document? = nil, viewportSize: Vec2) {
        let pixelScale = renderer.outputSize.x / max(viewportSize.x, 1)
        let builder = OverlayBuilder(theme: scene.theme)
        for (k, layer) in layout.layers.enumerated() where k < overlayLists.count {
            builder.build(layout, parts: layer, chrome: chrome, bannerIsError: bannerIsError, document: document,
                          viewportSize: viewportSize, pixelScale: pixelScale, into: &overlayLists[k])
            draw(overlayLists[k])
        }
    }

    private func draw(_ list: DrawList) {
        let mark = list.hairlineMark ?? list.indices.count
        ornaments.drawShadows(of: list)
        renderer.drawShapes(of: list, indices: 0..<mark)
        renderer.drawHairlines(of: list)
        renderer.drawShapes(of: list, indices: mark..<list.indices.count)
        renderer.drawDots(of: list)
        for image in list.images {
            // A picture the core has no size for yet is only loaded (to learn it): its placeholder is drawn.
            guard image.found,
                  let texture = images.texture(for: image.path, drawnAt: Vec2(image.rect.width, image.rect.height), now: picturesNow)
            else { continue }
            renderer.copy(texture, to: image.rect)
        }
        ornaments.drawIcons(of: list)
        for label in list.labels {
            guard var entry = textCache.texture(for: label) else { continue }
            var scale = label.pixelSize / Double(entry.pixelSize)
            // Interface text too long for its box ends in "…".
            if label.maxWidth > 0, Double(entry.width) * scale > label.maxWidth,
               let shorter = textCache.shortened(label, drawnWidth: Double(entry.width) * scale) {
                entry = shorter
                scale = label.pixelSize / Double(entry.pixelSize)
            }
            var width = Double(entry.width) * scale
            let height = Double(entry.height) * scale
            // Still too long (the shortening waits for a later frame): cut at the box's edge.
            var sourceWidth = Double(entry.width)
            if label.maxWidth > 0, width > label.maxWidth {
                sourceWidth *= label.maxWidth / width
                width = label.maxWidth
            }
            let destination: Rect
            switch label.alignment {
            case .center:
                destination = Rect(center: label.center, width: width, height: height)
            case .trailing:
                destination = Rect(x: label.center.x - width, y: label.center.y - height / 2, width: width, height: height)
            case .leading:
                destination = Rect(x: label.center.x, y: label.center.y - height / 2, width: width, height: height)
            }
            renderer.copy(entry.texture, source: Rect(x: 0, y: 0, width: sourceWidth, height: Double(entry.height)), to: destination)
        }
    }
}
