import CSDL2
import MeshpadCore

/// Draws far views from the overview's tiles: keeps a target texture per tile the core's
/// `OverviewCache` holds, copies them where the cache says each frame, and between frames
/// (`drawPending`) draws the tiles the cache asks for (the map as `SceneBuilder` draws it there
/// with nothing selected, a slice at a time) into a second texture each, which replaces the
/// shown one when the cache says the tile is complete.
///
/// Every decision (levels, which tiles, how much of them a slice, stand-ins, staleness,
/// eviction) is the cache's; this only carries it out. Where the renderer cannot draw into
/// textures, or a texture cannot be made, the frame is drawn live instead.
@MainActor
final class OverviewPainter {
    private let renderer: SDLRenderer
    private(set) var cache: OverviewCache
    /// The tiles shown: each holds a whole picture of its part of the map.
    private var textures: [TileKey: Texture] = [:]
    /// The tiles being drawn, shown once complete.
    private var drawings: [TileKey: Texture] = [:]
    private var tileList = DrawList()
    /// The tiles drawn into in the last frame and the spare time after it (tests read them).
    private(set) var tilesDrawnLastFrame: [TileKey] = []
    /// The last far view's scale, for drawing its tiles between frames.
    private var pixelScale = 1.0
    let isSupported: Bool
    /// The last far view had tiles still to draw: the app draws again rather than wait idle.
    private(set) var hasPendingWork = false
    /// The last far view drawn from tiles: a frame with the same one stands still.
    private var lastView: ViewSignature?
    /// A still view's picture, the window's size (outside the tiles' memory budget).
    private var composite: Texture?
    /// What the kept picture holds at each place on the window; nil when it holds nothing of
    /// the current view.
    private var kept: [PixelRect: KeptBlit]?
    /// Which picture each tile's texture holds: a tile completed again gets a new number, so a
    /// kept picture copied from its old one is brought up to date.
    private var serials: [TileKey: Int] = [:]
    private var nextSerial = 1

    private struct ViewSignature: Equatable {
        var camera: Camera
        var width: Int
        var height: Int
    }

    /// A blit's destination in whole device pixels (the core puts tiles' edges on them).
    private struct PixelRect: Hashable {
        var x: Int, y: Int, width: Int, height: Int
        init(_ rect: Rect) {
            x = Int(rect.minX.rounded())
            y = Int(rect.minY.rounded())
            width = Int(rect.width.rounded())
            height = Int(rect.height.rounded())
        }
        var rect: Rect { Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height)) }
        /// Whether the two overlap (sharing only an edge is not overlapping).
        func meets(_ other: PixelRect) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    private struct KeptBlit: Equatable {
        var key: TileKey
        var source: Rect
        var serial: Int
    }

    init(renderer: SDLRenderer, theme: Theme, settings: OverviewCache.Settings = OverviewCache.Settings()) {
        self.renderer = renderer
        cache = OverviewCache(theme: theme, settings: settings)
        isSupported = renderer.supportsTargets
    }

    /// Paints a far view from tiles and returns true, or returns false with nothing drawn on
    /// the window: the view is near enough to be drawn live, or its tiles are not ready to be
    /// shown (the caller draws it live).
    /// - Parameter drawContent: draws a tile's draw list into the current target (the frame
    ///   painter's own drawing, so a tile looks exactly like the live frame). It answers false
    ///   if something (a label over the rasterisation budget) was left out; the tile is then
    ///   drawn again later.
    func paint(document: Document, camera: Camera, viewportSize: Vec2, pixelScale: Double, scene: SceneBuilder,
               complete: Bool, drawContent: (DrawList) -> Bool) -> Bool {
        tilesDrawnLastFrame.removeAll()
        hasPendingWork = false
        guard isSupported else { return false }
        // why: a frame drawn live in between leaves the window's picture, not the kept one's.
        let previousView = lastView
        lastView = nil
        self.pixelScale = pixelScale
        let dropped = cache.absorb(document.spatial.damage)
        free(dropped)
        guard let frame = cache.frame(document: document, camera: camera, viewportSize: viewportSize, pixelScale: pixelScale,
                                      complete: complete) else {
            // A near view: the app keeps drawing a little while the fitted view's tiles are drawn ahead.
            hasPendingWork = cache.needsWarmUp
            return false
        }
        free(frame.evicted)
        freeGivenUpDrawings()
        hasPendingWork = frame.unfinished > 0 || frame.drawLive
        defer { renderer.drawInto(nil) }
        guard carryOut(frame.drawn, document: document, scene: scene, drawContent: drawContent) else { return false }
        guard !frame.drawLive, renderer.drawInto(nil) else { return false }
        let size = renderer.outputSize
        let view = ViewSignature(camera: camera, width: Int(size.x), height: Int(size.y))
        lastView = view
        // A view moving (a pan, a pinch) copies its tiles to the window each frame; one that stood
        // still since the last frame shows the picture kept in a window-sized texture, copied 1:1
        // (at 1280x800 0.3 ms, against 1.6–1.8 ms for the tiles scaled by a few per cent), and
        // brings that picture up to date a part a frame as tiles complete.
        // why: a picture (complete) must show every tile now, not a kept picture still catching up.
        guard !complete, view == previousView, let composite = compositeTexture(for: size), renderer.drawInto(composite) else {
            kept = nil
            renderer.drawInto(nil)
            copyTiles(frame, background: scene.theme.background)
            return true
        }
        if kept == nil {
            kept = [:]
            copyTiles(frame, background: scene.theme.background)
        } else if updateKept(frame, background: scene.theme.background, budget: size.x * size.y * Self.keptShareAFrame) {
            hasPendingWork = true
        }
        renderer.drawInto(nil)
        let whole = Rect(x: 0, y: 0, width: size.x, height: size.y)
        renderer.copyTile(composite, source: whole, to: whole)
        return true
    }

    /// The share of the window a still view's kept picture is brought up to date by in a frame:
    /// when a batch of tiles completes, they replace what stood in for them over a few frames,
    /// each costing a fraction of a full copy, rather than one frame costing it all.
    static let keptShareAFrame = 1.0 / 6

    /// Copies into the kept picture (the current target) the blits that differ from what it
    /// holds, up to `budget` square pixels, and clears where it holds a tile nothing shows now.
    /// What a blit will cover (four finer stand-ins its own tile replaces) stays until it is
    /// copied, so catching up never flashes the background.
    /// - Returns: whether blits were left for the next frame.
    private func updateKept(_ frame: OverviewCache.Frame, background: RGBA, budget: Double) -> Bool {
        guard var held = kept else { return false }
        var budget = budget
        let wanted = frame.blits.map { PixelRect($0.destination) }
        let wantedSet = Set(wanted)
        for place in held.keys where !wantedSet.contains(place) && !wanted.contains(where: { $0.meets(place) }) {
            renderer.fillRect(place.rect, color: background)
            held[place] = nil
        }
        var left = false
        for (blit, place) in zip(frame.blits, wanted) {
            guard let texture = textures[blit.key] else { continue }
            let shown = KeptBlit(key: blit.key, source: blit.source, serial: serials[blit.key] ?? 0)
            guard held[place] != shown else { continue }
            guard budget > 0 else {
                left = true
                continue
            }
            renderer.copyTile(texture, source: blit.source, to: blit.destination)
            for other in held.keys where other != place && other.meets(place) { held[other] = nil }
            held[place] = shown
            budget -= blit.destination.width * blit.destination.height
        }
        kept = held
        return left
    }

    /// Clears where the tiles leave something uncovered and copies them; while a picture is
    /// being kept (the current target is the kept texture), records what went where.
    private func copyTiles(_ frame: OverviewCache.Frame, background: RGBA) {
        if !frame.coversOutput { renderer.clear(to: background) }
        for blit in frame.blits {
            guard let texture = textures[blit.key] else { continue }
            renderer.copyTile(texture, source: blit.source, to: blit.destination)
            kept?[PixelRect(blit.destination)] = KeptBlit(key: blit.key, source: blit.source, serial: serials[blit.key] ?? 0)
        }
    }

    /// The window-sized texture a still view's picture is kept in, made again when the window's
    /// size changes; nil if it cannot be made.
    private func compositeTexture(for size: Vec2) -> Texture? {
        let width = Int(size.x), height = Int(size.y)
        if let composite, composite.width == width, composite.height == height { return composite }
        composite = nil
        composite = renderer.makeTarget(width: width, height: height)
        return composite
    }

    /// Draws the tiles the last far view still needs until `deadline` (`App.now()` seconds),
    /// a slice at a time; the next frame shows those completed. Call between frames, with the
    /// document that frame showed.
    func drawPending(document: Document, scene: SceneBuilder, until deadline: Double, drawContent: (DrawList) -> Bool) {
        guard isSupported else { return }
        defer {
            renderer.drawInto(nil)
            freeGivenUpDrawings()
        }
        // why: the app may have changed the map since the frame (sizes measured again once a
        // picture's size is known); the cache hears of it before drawing from it.
        free(cache.absorb(document.spatial.damage))
        // At least one slice, however late: a frame over its time (a huge map drawn live until
        // its tiles are fresh) must not starve the tiles that would end it.
        repeat {
            let slice = cache.advance(document: document)
            guard !slice.isEmpty, carryOut(slice, document: document, scene: scene, drawContent: drawContent) else { break }
            // A tile with a label left out (over this frame's rasterisation budget) is drawn
            // again next frame, when the budget is new, not again now.
            if slice.completed.contains(where: { !cache.isFresh($0) }) { break }
        } while App.now() < deadline
    }

    /// Lets go of the drawings of a batch given up (the view moved on, the map was replaced).
    private func freeGivenUpDrawings() {
        guard !drawings.isEmpty else { return }
        let drawing = Set(cache.drawingKeys)
        for key in drawings.keys where !drawing.contains(key) {
            drawings[key] = nil
        }
    }

    /// Draws a slice's works into the tiles' drawings and shows those completed; false if a
    /// texture could not be made.
    private func carryOut(_ slice: OverviewCache.Slice, document: Document, scene: SceneBuilder,
                          drawContent: (DrawList) -> Bool) -> Bool {
        for work in slice.works where !draw(work, document: document, scene: scene, drawContent: drawContent) {
            // why: the cache already holds the slice's completed tiles as fresh; with one of
            // them drawn only in part, none is shown, and all are drawn again.
            for key in slice.completed { giveUp(key) }
            return false
        }
        for key in slice.completed {
            guard let drawing = drawings.removeValue(forKey: key) else { continue }
            textures[key] = drawing
            serials[key] = nextSerial
            nextSerial += 1
        }
        return true
    }

    /// A tile that could not be drawn: the cache forgets it, and its textures are let go.
    private func giveUp(_ key: TileKey) {
        cache.forget(key)
        free([key])
        drawings[key] = nil
    }

    private func free(_ keys: [TileKey]) {
        for key in keys {
            textures[key] = nil
            serials[key] = nil
        }
    }

    /// Draws one slice of a tile into its drawing; false if no texture could be made (the
    /// cache forgets the tile).
    private func draw(_ work: OverviewCache.Work, document: Document, scene: SceneBuilder,
                      drawContent: (DrawList) -> Bool) -> Bool {
        guard let texture = drawings[work.key] ?? renderer.makeTarget(side: cache.grid.texturePixels) else {
            giveUp(work.key)
            return false
        }
        drawings[work.key] = texture
        guard renderer.drawInto(texture) else {
            giveUp(work.key)
            return false
        }
        let view = cache.grid.camera(for: work.key, pixelScale: pixelScale)
        // why: a wider margin than the live frame's, so a fold badge beside a node just outside
        // the tile still reaches into it.
        scene.build(document: document, camera: view.camera, viewportSize: view.viewportSize, pixelScale: pixelScale,
                    selection: [], cullMarginPixels: cache.settings.marginPixels, candidates: (work.nodes, work.edges),
                    into: &tileList)
        if work.clear { renderer.clear(to: tileList.background) }
        if !drawContent(tileList) { cache.markStale(work.key) }
        tilesDrawnLastFrame.append(work.key)
        return true
    }
}
