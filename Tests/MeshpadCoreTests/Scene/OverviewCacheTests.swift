import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct OverviewCacheTests {
    let theme = Theme.classic
    let viewport = Vec2(800, 500)

    func measured(_ document: Document) -> Document {
        var document = document
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    /// A map of `nodes` nodes and the camera that fits it in the viewport (far out).
    func farView(nodes: Int = 3000) -> (Document, Camera) {
        let document = measured(.procedural(nodeCount: nodes, seed: 5))
        var camera = Camera(zoomLimits: 0.0001...2)
        camera.frame(document.bounds, viewportSize: viewport)
        return (document, camera)
    }

    func settings(itemsPerSlice: Int = 1500) -> OverviewCache.Settings {
        var settings = OverviewCache.Settings()
        settings.itemsPerSlice = itemsPerSlice
        return settings
    }

    func plan(_ cache: inout OverviewCache, _ document: Document, _ camera: Camera) -> OverviewCache.Frame? {
        cache.frame(document: document, camera: camera, viewportSize: viewport, pixelScale: 1)
    }

    /// One frame as the app runs it: the frame's plan, then one slice drawn after it.
    struct Turn {
        var frame: OverviewCache.Frame
        var slice: OverviewCache.Slice
        var works: [OverviewCache.Work] { slice.works }
        var blits: [OverviewCache.Blit] { frame.blits }
        var level: Int { frame.level }
        var unfinished: Int { frame.unfinished }
        var drawLive: Bool { frame.drawLive }
        var evicted: [TileKey] { frame.evicted }
    }

    /// Frames, each followed by one slice, until a frame leaves nothing to draw (at most `limit`).
    @discardableResult
    func settle(_ cache: inout OverviewCache, _ document: Document, _ camera: Camera, limit: Int = 400) -> [Turn] {
        var turns: [Turn] = []
        for _ in 0..<limit {
            _ = cache.absorb(document.spatial.damage)
            guard let frame = cache.frame(document: document, camera: camera, viewportSize: viewport, pixelScale: 1) else { break }
            let slice = cache.advance(document: document)
            turns.append(Turn(frame: frame, slice: slice))
            if slice.isEmpty { break }
        }
        return turns
    }

    // MARK: - Levels

    @Test func aViewIsDrawnFromTheLevelNearestItsZoomAndLiveFromWhereLabelsShow() throws {
        let grid = TileGrid(theme: theme)
        // Labels of the theme's size are drawn from 4 px: at and above that zoom, live.
        #expect(grid.level(forZoom: theme.minimumLabelPixels / theme.fontSize) == nil)
        #expect(grid.level(forZoom: 1) == nil)
        #expect(grid.level(forZoom: grid.topZoom * 0.99) == 0)
        #expect(grid.level(forZoom: grid.topZoom / 2) == 1)
        for zoom in stride(from: grid.topZoom * 0.999, to: grid.topZoom / 5000, by: -grid.topZoom / 997) {
            let level = try #require(grid.level(forZoom: zoom))
            // The tile is scaled by at most √2 either way: never blurred or thinned further.
            let scale = zoom / grid.zoom(ofLevel: level)
            #expect(scale >= 0.5.squareRoot() - 1e-9 && scale <= 2.0.squareRoot() + 1e-9, "zoom \(zoom)")
        }
    }

    @Test func neighbouringTilesMeetOnScreenWithNoGapAndNoOverlap() {
        let grid = TileGrid(theme: theme)
        let camera = Camera(origin: Vec2(123.37, -45.61), zoom: 0.0371, zoomLimits: 0.0001...2)
        for level in [2, 3] {
            for x in -3...3 {
                let a = grid.screenRect(of: TileKey(level: level, x: x, y: 1), camera: camera, pixelScale: 1.5)
                let right = grid.screenRect(of: TileKey(level: level, x: x + 1, y: 1), camera: camera, pixelScale: 1.5)
                let below = grid.screenRect(of: TileKey(level: level, x: x, y: 2), camera: camera, pixelScale: 1.5)
                #expect(a.maxX == right.minX && a.maxY == below.minY)
                #expect(a.minX.rounded() == a.minX && a.width > 0)
            }
        }
    }

    @Test(arguments: [1.0, 1.37, 3.1])
    func tilesAreCutAtTheWindowsEdgeAndFillItWhenTheMapDoes(zoomFactor: Double) throws {
        let (document, fit) = farView()
        var camera = fit
        camera.setZoom(fit.zoom * zoomFactor, about: viewport / 2)
        var cache = OverviewCache(theme: theme, settings: settings(itemsPerSlice: 100_000))
        settle(&cache, document, camera)
        let frame = try #require(plan(&cache, document, camera))
        let window = Rect(x: 0, y: 0, width: viewport.x, height: viewport.y)
        #expect(!frame.blits.isEmpty)
        for blit in frame.blits {
            // SDL's software renderer scales a copy reaching past the window through a temporary surface.
            let inside = blit.destination.minX >= 0 && blit.destination.minY >= 0
                && blit.destination.maxX <= window.maxX && blit.destination.maxY <= window.maxY
            #expect(inside, "\(blit.destination)")
            // Cut, a tile keeps its scale to within a tile pixel over the part shown.
            let uncut = cache.grid.screenRect(of: blit.key, camera: camera, pixelScale: 1)
            let scale = uncut.width / Double(cache.grid.tilePixels)
            #expect(abs(blit.source.width * scale - blit.destination.width) <= scale + 1e-9)
            let expectedMinX = Double(cache.grid.gutterPixels) + (blit.destination.minX - uncut.minX) / scale
            #expect(abs(blit.source.minX - expectedMinX) <= 0.5 + 1e-9)
        }
        // Blits meet with no overlap: they fill the window exactly when their areas add up to it,
        // and then nothing needs clearing under them. Zoomed into the map's middle, they do.
        let area = frame.blits.reduce(0) { $0 + $1.destination.width * $1.destination.height }
        #expect(area <= viewport.x * viewport.y)
        #expect(frame.coversOutput == (area == viewport.x * viewport.y))
        if zoomFactor > 3 { #expect(frame.coversOutput) }
        if zoomFactor == 1 { #expect(!frame.coversOutput, "a fitted map leaves a margin to clear") }
    }

    @Test func aTileCameraDrawsExactlyItsPartOfTheMap() {
        let grid = TileGrid(theme: theme)
        let key = TileKey(level: 3, x: -2, y: 5)
        let (camera, size) = grid.camera(for: key, pixelScale: 2)
        let rect = grid.mapRect(of: key)
        // In device pixels: the tile's part of the map fills the texture but for its gutter.
        let gutter = Double(grid.gutterPixels)
        #expect((camera.screenPoint(ofMap: rect.origin) * 2).distance(to: Vec2(gutter, gutter)) < 1e-6)
        #expect((camera.screenPoint(ofMap: Vec2(rect.maxX, rect.maxY)) * 2).distance(to: size * 2 - Vec2(gutter, gutter)) < 1e-6)
        #expect(size * 2 == Vec2(Double(grid.texturePixels), Double(grid.texturePixels)))
        #expect(grid.source(depth: 0, offset: (0, 0)) == Rect(x: gutter, y: gutter, width: 256, height: 256))
        #expect(grid.source(depth: 2, offset: (3, 1)) == Rect(x: gutter + 192, y: gutter + 64, width: 64, height: 64))
    }

    @Test func aNearViewIsDrawnLive() {
        let (document, _) = farView(nodes: 50)
        var cache = OverviewCache(theme: theme)
        let half = cache.frame(document: document, camera: Camera(zoom: 0.5), viewportSize: viewport, pixelScale: 1)
        #expect(half == nil)
        // On a 2× screen the device zoom counts: 0.2 is 0.4 device pixels a unit, near.
        let hiDPI = cache.frame(document: document, camera: Camera(zoom: 0.2), viewportSize: viewport, pixelScale: 2)
        #expect(hiDPI == nil)
        let far = cache.frame(document: document, camera: Camera(zoom: 0.2), viewportSize: viewport, pixelScale: 1)
        #expect(far != nil)
    }

    @Test func aNearViewDrawsAheadTheTilesFitWillShowOnceAndNotAgainAfterAnEdit() throws {
        var (document, fit) = farView()
        var cache = OverviewCache(theme: theme, settings: settings())
        let near = Camera(origin: Vec2(100, 100), zoom: 1)
        _ = cache.absorb(document.spatial.damage)
        #expect(plan(&cache, document, near) == nil)
        #expect(cache.needsWarmUp)
        var slices = 0
        while cache.needsWarmUp && slices < 100 {
            #expect(!cache.advance(document: document).isEmpty)
            slices += 1
        }
        #expect(!cache.needsWarmUp && slices > 1)
        #expect(cache.advance(document: document).isEmpty, "nothing more is drawn ahead")
        // Fit's first frame shows its own tiles, all fresh, with nothing left to draw.
        let fitted = try #require(plan(&cache, document, fit))
        #expect(fitted.unfinished == 0 && !fitted.blits.isEmpty && fitted.blits.allSatisfy { cache.isFresh($0.key) })
        // An edit (within the map's bounds, so the fitted view is the same) stales a tile; back
        // near, it is not drawn ahead again (its old picture stands in).
        let bounds = document.bounds
        let inner = try #require(document.nodes.first { bounds.outset(by: -200).contains($0.frame.origin) && $0.id != document.rootID })
        document.moveNode(inner.id, to: inner.position + Vec2(30, 0))
        try #require(document.bounds == bounds)
        _ = cache.absorb(document.spatial.damage)
        #expect(cache.keys.contains { !cache.isFresh($0) }, "the edit staled a tile")
        #expect(plan(&cache, document, near) == nil)
        #expect(!cache.needsWarmUp && cache.advance(document: document).isEmpty)
        // A map whose fitted view is near enough to be drawn live draws nothing ahead.
        let small = measured(.procedural(nodeCount: 20, seed: 5))
        var other = OverviewCache(theme: theme)
        #expect(plan(&other, small, near) == nil)
        #expect(!other.needsWarmUp && other.advance(document: small).isEmpty)
    }

    // MARK: - Building

    @Test(arguments: [700, 3000])
    func aFarViewSettlesOnFreshTilesDrawingAtMostItsBudgetEachFrame(itemsPerFrame: Int) throws {
        let (document, camera) = farView()
        var cache = OverviewCache(theme: theme, settings: settings(itemsPerSlice: itemsPerFrame))
        let frames = settle(&cache, document, camera)
        let last = try #require(frames.last)
        #expect(last.unfinished == 0 && !last.blits.isEmpty, "a still view ends with every tile fresh")
        #expect(cache.advance(document: document).isEmpty, "and nothing left to draw")
        #expect(last.blits.allSatisfy { cache.isFresh($0.key) && $0.key.level == last.level })
        for frame in frames {
            let items = frame.works.reduce(0) { $0 + $1.nodes.count + $1.edges.count }
            // Each map item looked at lands in at most the batch's tiles.
            #expect(items <= itemsPerFrame * cache.settings.tilesPerBatch)
        }
        // The view holds every node: every node lands in some tile drawn.
        var drawnNodes = Set<Int>()
        for frame in frames { for work in frame.works { drawnNodes.formUnion(work.nodes) } }
        #expect(drawnNodes.count == document.nodeCount)
        // A smaller budget takes more frames: the cost of a frame is bounded, not the wait.
        #expect(frames.count > 1)
    }

    @Test func aTileIsShownOnlyOnceItsDrawingIsCompleteAndAFrameDrawsNone() throws {
        let (document, fit) = farView()
        // Zoomed in: coarser tiles fill the holes first, then the view's own follow.
        var camera = fit
        camera.setZoom(fit.zoom * 2.7, about: viewport / 2)
        var cache = OverviewCache(theme: theme, settings: settings(itemsPerSlice: 700))
        let turns = settle(&cache, document, camera)
        var started = Set<TileKey>(), completed = Set<TileKey>()
        for turn in turns {
            #expect(turn.frame.drawn.isEmpty)
            // What a frame shows was completed before it: never a drawing in progress.
            for blit in turn.blits { #expect(completed.contains(blit.key), "\(blit.key) shown half drawn") }
            started.formUnion(turn.works.filter(\.clear).map(\.key))
            for key in turn.slice.completed { #expect(started.contains(key) && cache.isFresh(key)) }
            completed.formUnion(turn.slice.completed)
        }
        #expect(turns.filter { !$0.slice.completed.isEmpty }.count >= 2, "several batches, so some frames came between")
        #expect(try #require(turns.last).unfinished == 0)
    }

    @Test func aViewOfManyTilesSettlesWithoutDrawingTheSameTilesAgain() throws {
        // Small tiles, so many cover the view (as a wall-sized window's would): the fewest coarser
        // tiles covering its holes lie more levels up than a coarser tile may stand in from.
        let (document, fit) = farView()
        var camera = fit
        camera.setZoom(fit.zoom * 2, about: viewport / 2)
        var small = settings(itemsPerSlice: 100_000)
        small.tilePixels = 16
        var cache = OverviewCache(theme: theme, settings: small)
        var drawn: [TileKey: Int] = [:]
        var frames: [OverviewCache.Frame] = []
        for _ in 0..<60 {
            _ = cache.absorb(document.spatial.damage)
            let frame = cache.frame(document: document, camera: camera, viewportSize: viewport, pixelScale: 1)
            frames.append(try #require(frame))
            let slice = cache.advance(document: document)
            for key in slice.completed { drawn[key, default: 0] += 1 }
            if slice.isEmpty { break }
        }
        try #require(frames[0].unfinished > 400, "the case needs a view of many tiles")
        #expect(frames.last?.unfinished == 0, "the view settles")
        #expect(drawn.values.allSatisfy { $0 == 1 }, "no tile is drawn twice: \(drawn.filter { $0.value > 1 }.count)")
    }

    @Test func whileTilesAreDrawnACoarserOneStandsInAndTheViewsOwnFollowNearestTheMiddleFirst() throws {
        let (document, fit) = farView()
        // why: a budget the zoomed view's tiles take several frames of (one walk draws them all).
        var cache = OverviewCache(theme: theme, settings: settings())
        settle(&cache, document, fit)
        // Zooming in 4×: the finer level is not drawn yet; the fitted level's tiles stand in.
        var camera = fit
        camera.setZoom(fit.zoom * 4, about: viewport / 2)
        _ = cache.absorb(document.spatial.damage)
        let coarser = try #require(plan(&cache, document, fit)).level
        let frame = try #require(plan(&cache, document, camera))
        #expect(frame.level == coarser - 2)
        #expect(frame.drawn.isEmpty, "a frame only copies tiles")
        #expect(frame.blits.contains { $0.key.level == coarser }, "stand-ins from the fitted level")
        let first = try #require(cache.advance(document: document).works.first?.key)
        let centre = camera.visibleMapRect(viewportSize: viewport).center
        let grid = cache.grid
        #expect(grid.mapRect(of: first).outset(by: grid.mapSide(ofLevel: first.level)).contains(centre), "the middle first")
    }

    @Test func zoomingOutTheFinerTilesStandInSmallerUntilTheViewsOwnAreDrawn() throws {
        let (document, fit) = farView()
        var near = fit
        near.setZoom(fit.zoom * 2.2, about: viewport / 2)
        var cache = OverviewCache(theme: theme, settings: settings())
        // Drawn whole at once (as a picture is), so no coarser tile was drawn first.
        let drawn = cache.frame(document: document, camera: near, viewportSize: viewport, pixelScale: 1, complete: true)
        let nearLevel = try #require(drawn).level
        #expect(cache.keys.allSatisfy { $0.level == nearLevel })
        // Zoomed out one level: no tile of the new level exists and no coarser one either.
        var out = near
        out.setZoom(near.zoom / 2, about: viewport / 2)
        let frame = try #require(plan(&cache, document, out))
        #expect(frame.level == nearLevel + 1)
        #expect(!frame.blits.isEmpty && frame.blits.allSatisfy { $0.key.level == nearLevel }, "the finer tiles stand in")
        for blit in frame.blits {
            // Each drawn whole at half its size and a bit (the zoom's own scale), inside the view.
            #expect(blit.destination.width <= Double(cache.grid.tilePixels) / 2 * 2.0.squareRoot() + 1)
        }
        // The middle of the view, which the nearer view held, shows.
        #expect(frame.blits.contains { $0.destination.contains(viewport / 2) })
    }

    @Test func aViewWhoseTilesWalkTheArraysIsDrawnInOneWalkLookingAtNoMoreThanItsBudget() throws {
        let (document, fit) = farView()
        // Zoomed into the middle: more tiles than a batch of them, over more of the map than
        // the spatial index is asked about.
        var camera = fit
        camera.setZoom(fit.zoom * 2.7, about: viewport / 2)
        var cache = OverviewCache(theme: theme, settings: settings())
        let frames = settle(&cache, document, camera)
        let last = try #require(frames.last)
        #expect(last.works.isEmpty && last.unfinished == 0)
        try #require(last.blits.count > cache.settings.tilesPerBatch)
        // Past the first batch (the coarser tiles that fill the holes), the view's own tiles
        // come in one batch: each is started (cleared) once, all in the same frame.
        let starts = frames.map { $0.works.filter(\.clear).filter { $0.key.level == last.level }.count }
        #expect(starts.filter { $0 > 0 }.count == 1, "\(starts)")
        #expect(starts.max() == last.blits.count)
        // Each node lands in every tile it meets, as a box test of every tile would put it.
        let grid = cache.grid
        var placed: [TileKey: Set<Int>] = [:]
        for frame in frames { for work in frame.works where work.key.level == last.level { placed[work.key, default: []].formUnion(work.nodes) } }
        for (key, nodes) in placed {
            let area = grid.mapRect(of: key).outset(by: cache.settings.marginPixels / grid.zoom(ofLevel: key.level))
            let expected = Set(document.nodes.indices.filter { document.nodes[$0].frame.intersects(area) })
            #expect(nodes == expected, "\(key)")
        }
    }

    // MARK: - Edits

    @Test func anEditFarOutMakesStaleOnlyTheTilesItTouchesAndRedrawsThem() throws {
        let (start, fit) = farView()
        var document = start
        let leaf = try #require(document.nodes.last)
        // Zoomed in on the leaf's part of the map, so the view holds many tiles.
        var camera = fit
        camera.setZoom(fit.zoom * 3, about: fit.screenPoint(ofMap: leaf.position))
        var cache = OverviewCache(theme: theme, settings: settings(itemsPerSlice: 100_000))
        settle(&cache, document, camera)
        let held = cache.keys.filter { cache.isFresh($0) }
        #expect(held.count >= 12)
        // The leaf moves a little (a drag far out).
        document.moveNode(leaf.id, to: leaf.position + Vec2(40, 25))
        let moved = try #require(document.node(leaf.id))
        _ = cache.absorb(document.spatial.damage)
        let stale = held.filter { !cache.isFresh($0) }
        #expect(!stale.isEmpty)
        #expect(stale.count <= held.count / 4, "\(stale.count) of \(held.count) tiles")
        // Each stale tile is where the node was or is (its edge runs from its parent, nearby).
        let parent = try #require(document.parent(of: leaf.id).flatMap { document.node($0) })
        let touched = leaf.frame.union(moved.frame).union(parent.frame)
        for key in stale {
            let reach = cache.settings.marginPixels / cache.grid.zoom(ofLevel: key.level)
            #expect(cache.grid.mapRect(of: key).outset(by: reach).intersects(touched), "\(key)")
        }
        let frames = settle(&cache, document, camera)
        let redrawn = Set(frames.flatMap { $0.works.map(\.key) })
        let view = try #require(frames.last)
        #expect(redrawn.isSubset(of: Set(stale)))
        #expect(view.blits.allSatisfy { cache.isFresh($0.key) })
        // The moved node is in what was redrawn.
        let index = try #require(document.index(of: leaf.id))
        #expect(frames.contains { $0.works.contains { $0.nodes.contains(index) } })
    }

    @Test func aRebuiltIndexDrawsTheViewLiveUntilItsTilesAreFreshAgain() throws {
        var (document, camera) = farView()
        var cache = OverviewCache(theme: theme, settings: settings(itemsPerSlice: 2000))
        settle(&cache, document, camera)
        // Sizes measured again (a picture loaded, a font changed): every box may have moved.
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer(advance: 11)))
        _ = cache.absorb(document.spatial.damage)
        let frame = try #require(plan(&cache, document, camera))
        #expect(frame.drawLive, "no frame shows where nodes were")
        let frames = settle(&cache, document, camera)
        #expect(frames.last?.drawLive == false)
    }

    @Test func anotherMapDropsEveryTile() throws {
        let (document, camera) = farView(nodes: 200)
        var cache = OverviewCache(theme: theme)
        settle(&cache, document, camera)
        #expect(cache.tileCount > 0)
        let other = measured(.procedural(nodeCount: 200, seed: 5))
        let dropped = cache.absorb(other.spatial.damage)
        #expect(dropped.count > 0 && cache.tileCount == 0)
    }

    @Test func tilesStayWithinTheirMemoryLeastRecentlyUsedGoingFirst() throws {
        let (document, fit) = farView(nodes: 6000)
        var settings = settings(itemsPerSlice: 100_000)
        let side = TileGrid(theme: theme).texturePixels
        settings.memoryBytes = 20 * side * side * 4
        var cache = OverviewCache(theme: theme, settings: settings)
        #expect(cache.capacity == 20)
        var camera = fit
        camera.setZoom(fit.zoom * 8, about: viewport / 2)
        var evicted: [TileKey] = []
        for step in 0..<40 {
            camera.pan(by: Vec2(step < 20 ? -120 : 120, step % 10 < 5 ? 40 : -40))
            let frames = settle(&cache, document, camera, limit: 30)
            let shown = Set(frames.last?.blits.map(\.key) ?? [])
            // Tiles shown now (and the coarser ones standing by above them) are never let go.
            #expect(cache.tileCount <= max(cache.capacity, shown.count) + 8)
            // What is on screen is never what was let go.
            evicted += frames.flatMap(\.evicted)
            #expect(shown.allSatisfy { cache.state(of: $0) != nil })
        }
        #expect(!evicted.isEmpty)
    }
}

@Suite struct DamageLogTests {
    @Test func aReaderGetsTheBoxesRecordedSinceItLastLooked() {
        var log = DamageLog()
        let a = Rect(x: 0, y: 0, width: 1, height: 1), b = Rect(x: 5, y: 5, width: 2, height: 2)
        let start = log.end
        log.record(a)
        #expect(log.changes(since: start) == .boxes([a]))
        let middle = log.end
        log.record(b)
        #expect(log.changes(since: start) == .boxes([a, b]))
        #expect(log.changes(since: middle) == .boxes([b]))
        #expect(log.changes(since: log.end) == .none)
    }

    @Test func aReaderTooFarBehindOrBeforeARebuildGetsEverything() {
        var log = DamageLog()
        let start = log.end
        for i in 0..<(DamageLog.capacity + 10) { log.record(Rect(x: Double(i), y: 0, width: 1, height: 1)) }
        #expect(log.changes(since: start) == .everything)
        let before = log.end
        log.recordEverything()
        #expect(log.changes(since: before) == .everything)
        #expect(log.changes(since: log.end) == .none)
        // A serial from the future (another copy of the map) is not trusted.
        #expect(log.changes(since: log.end + 5) == .everything)
    }

    @Test func aMoveRecordsWhereTheNodeWasAndWhereItIs() throws {
        var document = Document(rootText: "root")
        let added = document.addChild(of: document.rootID, text: "child", at: Vec2(300, 0))
        let child = try #require(added)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let before = try #require(document.node(child)).frame
        let serial = document.spatial.damage.end
        document.moveNode(child, to: Vec2(900, 400))
        let after = try #require(document.node(child)).frame
        guard case .boxes(let boxes) = document.spatial.damage.changes(since: serial) else {
            Issue.record("a move is a few boxes, not everything")
            return
        }
        #expect(boxes.contains(before) && boxes.contains(after))
        // Folding hides the child: its box is recorded, so a picture of the map loses it.
        let folded = document.spatial.damage.end
        document.setFolded(document.rootID, true)
        guard case .boxes(let foldBoxes) = document.spatial.damage.changes(since: folded) else {
            Issue.record("a fold is a few boxes")
            return
        }
        #expect(foldBoxes.contains(after))
    }
}
