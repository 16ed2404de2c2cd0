import Foundation

/// Decides how a far view is drawn from pre-drawn tiles: which tiles to draw and what goes in
/// each, which to show and where, which an edit made stale, and which to let go when the texture
/// memory is full. It holds no pixels: the platform keeps a texture per tile and carries out what
/// `frame` and `advance` say.
///
/// Rules, so no frame stalls and none shows a hole where something could be shown:
/// - A view below `grid.topZoom` is drawn from the tiles of the level nearest its zoom
///   (`TileGrid.level(forZoom:)`, scaled by 1/√2…√2, so a switch between levels looks alike on
///   both sides); just below `topZoom` a tile is drawn at about the view's zoom, so leaving the
///   live drawing does not pop.
/// - Tiles are drawn off the frame path: a frame only copies tiles (`frame`); between frames, in
///   the time the loop would otherwise sleep or wait for the display, the platform calls
///   `advance` slice by slice (`itemsPerSlice` nodes and edges) until its time is up. A frame at
///   a million nodes then costs what copying the window's tiles costs, as at a thousand.
/// - Tiles are drawn a batch at a time (`tilesPerBatch`), a slice at a time, whatever the tiles
///   hold: a coarse tile of a million-node map holds a quarter of it and takes several frames'
///   spare time; a fine one, one. A batch over more than
///   `indexedShare` of the map walks the map's arrays in slices (looking at no more than
///   `lookedAtPerDrawn` times the budget a slice, a node counting `nodeLookCost` edges) and
///   then feeds up to `tilesPerWalk` of the view's tiles at once; a smaller one takes what the
///   spatial index finds there, once. Edges go first, then nodes, as the live drawing orders them.
/// - A tile being drawn is drawn aside (the platform keeps a second texture for each tile of the
///   batch) and shown only once the whole batch is done (`Slice.completed`), so no frame shows
///   half a tile and a still view's picture stays the same until it is replaced whole.
/// - What shows for each tile of the view: the tile if fresh; else the nearest fresh coarser
///   tile that holds it, up to `standInDepth` levels up (scaled up); else its picture before an edit; else the fresh tiles one
///   or two levels finer inside it (scaled down: a view zoomed out shows what it had); else
///   nothing. The first batch covers the holes (the fewest
///   coarser tiles that hold every tile with nothing to show), then the view's own tiles
///   follow, nearest the middle first.
/// - While the view is near, the tiles a view fitting the whole map would show are drawn ahead
///   between frames, once (`needsWarmUp`): the first Fit or zoom out has them to show, or to
///   stand in, rather than a blank view while its own are drawn.
/// - An edit makes stale only the tiles whose map rectangle (widened by `marginPixels`, for
///   borders and badges) meets a box the map's `DamageLog` recorded, and restarts the batch if
///   it touches one of its tiles (or adds or removes nodes or edges, which renumbers them). A
///   rebuilt index (a layout, sizes measured again) makes every tile stale, and the view is then
///   drawn live until its tiles are fresh again, rather than showing where nodes were.
/// - At most `memoryBytes` of tiles are kept; stale ones go first, then the least recently used;
///   a tile counts as used when it, or a finer tile it could stand in for, is shown.
public struct OverviewCache: Sendable {
    /// Nodes and edges a map must have for its far views to come from tiles: smaller maps draw
    /// far out live, as fast (at 100k: pinch p99 6.7 ms live, 11.8 ms while tiles are drawn),
    /// without the tiles' memory (up to `memoryBytes`, more than a 100k-node map itself).
    public static let worthwhileItems = 250_000

    /// Whether `document` is big enough to draw its far views from tiles.
    public static func isWorthwhile(for document: Document) -> Bool {
        document.nodes.count + document.edges.count >= worthwhileItems
    }

    public struct Settings: Sendable, Equatable {
        public var tilePixels = 256
        public var tilesPerBatch = 4
        /// Tiles drawn together when a batch walks the map's arrays: the walk costs the same
        /// whatever number of tiles it feeds, so it feeds as many of the view's as this.
        public var tilesPerWalk = 16
        /// Nodes and edges drawn into tiles by one `advance`: the platform looks at the clock
        /// between slices (at ~70 ns an item, about half a millisecond).
        public var itemsPerSlice = 8_192
        /// Nodes and edges looked at (a box test each) for each one drawn, at most: a walk over
        /// the arrays passes over many that meet none of the batch's tiles, cheaply.
        public var lookedAtPerDrawn = 4
        /// What looking at a node costs against an edge: an edge's box is read from a packed
        /// array, a node's from the `Node` itself (a million-node walk with ~320-byte nodes:
        /// ~8 against ~18 ns).
        public var nodeLookCost = 2
        public var memoryBytes = 64 << 20
        /// How far, in device pixels at a tile's own zoom, a node's or edge's drawing may reach
        /// beyond its box (borders, anti-aliasing, fold badges beside the node).
        public var marginPixels = 32.0
        /// A batch over at most this share of the map's area, and this many of the index's
        /// cells, asks the spatial index for its contents at once; a larger one walks the
        /// arrays a slice at a time. (A mid-sized area of a million-node map held 200,000 items,
        /// and a sparse one 260,000 cells to visit: either took 40–100 ms in one go.)
        public var indexedShare = 0.02
        public var indexedCells = 16_384
        public init() {}
    }

    /// Part of a tile to draw: these nodes and edges (indices into the document's arrays), over
    /// what its drawing so far holds, or over the background if `clear` (the drawing starts).
    public struct Work: Equatable, Sendable {
        public var key: TileKey
        public var nodes: [Int]
        public var edges: [Int]
        public var clear: Bool
    }

    /// One tile to show: `source` (in the tile's pixels) drawn at `destination` (device pixels).
    public struct Blit: Equatable, Sendable {
        public var key: TileKey
        public var source: Rect
        public var destination: Rect
    }

    /// What the platform does between frames: carry out `works` in order into the tiles'
    /// drawings, then show the drawings of `completed` from now on (their tiles are fresh).
    public struct Slice: Equatable, Sendable {
        public var works: [Work] = []
        public var completed: [TileKey] = []
        public var isEmpty: Bool { works.isEmpty && completed.isEmpty }

        public init(works: [Work] = [], completed: [TileKey] = []) {
            self.works = works
            self.completed = completed
        }
    }

    /// What the platform does for one frame: drop the textures of `evicted`, carry out `drawn`
    /// (a complete picture only: an interactive frame draws no tile), then either draw the frame
    /// live (`drawLive`) or clear to the background (unless `coversOutput`) and draw `blits` in
    /// order.
    public struct Frame: Equatable, Sendable {
        public var level: Int
        public var drawn = Slice()
        public var evicted: [TileKey] = []
        /// Cut to the output: none reaches past its edges.
        public var blits: [Blit] = []
        /// The blits fill the whole output, so no clear is needed under them: tiles are opaque
        /// and carry the background where nothing is drawn.
        public var coversOutput = false
        public var drawLive = false
        /// Tiles of the view's level not fresh this frame (shown by a stand-in, or as they are).
        public var unfinished = 0
    }

    public enum TileState: Equatable, Sendable {
        /// Holds the map as it is.
        case fresh
        /// Holds the map as it was before an edit (or a drawing with a label left out).
        case stale
    }

    private struct Tile {
        var state: TileState
        var lastUsed: Int
    }

    /// Tiles being drawn together, a slice of the map at a time.
    private struct Batch {
        var keys: [TileKey]
        var areas: [Rect]
        var union: Rect
        /// The batch's tiles by place when they are all of one level (always, as batches are
        /// made): a box finds the tiles it meets from its corners, not by testing every tile.
        var slots: TileSlots?
        var started: [Bool]
        /// Nil: every edge (node) of the map, in order; else the ones the index found.
        var edgeOrder: [Int]?
        var nodeOrder: [Int]?
        var cursor = 0
        var edgeCount: Int
        var nodeCount: Int
        /// Tiles the platform could not draw whole (a label over its budget): stale when done.
        var spoiled: Set<TileKey> = []
        var mustRestart = false
    }

    public let grid: TileGrid
    public let settings: Settings
    private var tiles: [TileKey: Tile] = [:]
    private var batch: Batch?
    private var clock = 0
    private var seen: (lineage: UInt64, end: UInt64)?
    private var liveUntilFresh = false
    /// The last far view planned: the tiles it needs and its middle, for `advance`.
    private var view: (base: [TileKey], centre: Vec2)?
    /// While the view is near: the tiles a view fitting the whole map would show, drawn ahead
    /// (`needsWarmUp`) so the first zoom out or Fit has them to show, or to stand in.
    private var warmUp: [TileKey] = []

    public init(theme: Theme, settings: Settings = Settings()) {
        self.settings = settings
        grid = TileGrid(theme: theme, tilePixels: settings.tilePixels)
    }

    public var tileCount: Int { tiles.count }
    public var capacity: Int { max(16, settings.memoryBytes / (grid.texturePixels * grid.texturePixels * 4)) }

    public func state(of key: TileKey) -> TileState? { tiles[key]?.state }

    public func isFresh(_ key: TileKey) -> Bool { tiles[key]?.state == .fresh }

    /// The tiles held, for tests.
    public var keys: [TileKey] { Array(tiles.keys) }

    /// The tiles being drawn: the platform keeps their drawings until they complete, and lets
    /// go of those of tiles no longer here (a batch given up).
    public var drawingKeys: [TileKey] { batch?.keys ?? [] }

    // MARK: - Edits

    /// Marks stale every tile the map's changes since the last call touched. A map other than
    /// the one the tiles show (another lineage) drops them all.
    /// - Returns: tiles dropped, whose textures the platform frees.
    public mutating func absorb(_ damage: DamageLog) -> [TileKey] {
        defer { seen = (damage.lineage, damage.end) }
        guard let seen, seen.lineage == damage.lineage else {
            let dropped = Array(tiles.keys)
            tiles = [:]
            batch = nil
            return dropped
        }
        switch damage.changes(since: seen.end) {
        case .none: break
        case .everything: invalidateAll()
        case .boxes(let boxes): invalidate(boxes)
        }
        return []
    }

    /// Everything drawn may be wrong: the view is drawn live until its tiles are fresh again.
    public mutating func invalidateAll() {
        guard !tiles.isEmpty else { return }
        for key in tiles.keys where tiles[key]?.state == .fresh {
            tiles[key]?.state = .stale
        }
        batch?.mustRestart = true
        liveUntilFresh = true
    }

    private mutating func invalidate(_ boxes: [Rect]) {
        guard !tiles.isEmpty else { return }
        let levels = Set(tiles.keys.map(\.level))
        let batchKeys = Set(batch?.keys ?? [])
        for box in boxes where box.origin.isFinite && box.width.isFinite && box.height.isFinite {
            for level in levels {
                let area = box.outset(by: settings.marginPixels / grid.zoom(ofLevel: level))
                let range = grid.keys(covering: area, level: level)
                var touched: [TileKey] = []
                if range.columns.count * range.rows.count <= tiles.count {
                    for x in range.columns {
                        for y in range.rows { touched.append(TileKey(level: level, x: x, y: y)) }
                    }
                } else {
                    touched = tiles.keys.filter { $0.level == level && grid.mapRect(of: $0).intersects(area) }
                }
                for key in touched {
                    if batchKeys.contains(key) { batch?.mustRestart = true }
                    guard tiles[key]?.state == .fresh else { continue }
                    tiles[key]?.state = .stale
                }
            }
        }
    }

    /// The platform left something out of a tile (a label over the rasterisation budget): it
    /// is drawn again later.
    public mutating func markStale(_ key: TileKey) {
        if batch?.keys.contains(key) == true { batch?.spoiled.insert(key) }
        if tiles[key]?.state == .fresh { tiles[key]?.state = .stale }
    }

    /// The platform could not make or draw a tile's texture: it is not held (the platform lets
    /// its textures go), and its batch is given up.
    public mutating func forget(_ key: TileKey) {
        tiles[key] = nil
        if batch?.keys.contains(key) == true { batch = nil }
    }

    // MARK: - Frames

    /// The plan for one frame of a view, or nil when the view is near enough to be drawn live.
    /// An interactive frame draws no tile: `advance` draws them between frames.
    /// - Parameter complete: draw every tile the view needs now (a picture or screenshot).
    public mutating func frame(document: Document, camera: Camera, viewportSize: Vec2, pixelScale: Double,
                               complete: Bool = false) -> Frame? {
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        guard let level = grid.level(forZoom: camera.zoom * scale) else {
            view = nil
            warmUp = fitKeys(document: document, viewportSize: viewportSize, pixelScale: scale)
            return nil
        }
        warmUp = []
        clock += 1
        var frame = Frame(level: level)
        let visible = camera.visibleMapRect(viewportSize: viewportSize)
        let base = keys(of: visible, at: level, content: document.bounds)
        view = (base, visible.center)
        keepOrRestartBatch(for: base, level: level, document: document)
        if complete {
            var rounds = 0
            repeat {
                rounds += 1
                if batch == nil, let keys = nextBatch(base: base, centre: visible.center, complete: true, bounds: document.bounds) {
                    batch = makeBatch(keys, document: document)
                }
                guard batch != nil else { break }
                let slice = advanceBatch(document: document, budget: .max)
                frame.drawn.works += slice.works
                frame.drawn.completed += slice.completed
            } while rounds < 4 && base.contains { !isFresh($0) }
        }

        // What shows: the view's level, a stand-in, or what a texture holds.
        var unfinished = 0
        let whole = grid.source(depth: 0, offset: (0, 0))
        let output = Rect(x: 0, y: 0, width: (viewportSize.x * scale).rounded(), height: (viewportSize.y * scale).rounded())
        var coveredArea = 0.0
        func show(_ key: TileKey, source: Rect, at destination: Rect) {
            guard let cut = grid.clipped(source: source, destination: destination, to: output) else { return }
            frame.blits.append(Blit(key: key, source: cut.source, destination: cut.destination))
            coveredArea += cut.destination.width * cut.destination.height
        }
        for key in base {
            let destination = grid.screenRect(of: key, camera: camera, pixelScale: scale)
            if isFresh(key) {
                touch(key)
                show(key, source: whole, at: destination)
                continue
            }
            unfinished += 1
            if let (ancestor, depth) = freshAncestor(of: key) {
                touch(ancestor)
                let source = grid.source(depth: depth, offset: (key.x - (ancestor.x << depth), key.y - (ancestor.y << depth)))
                show(ancestor, source: source, at: destination)
            } else if tiles[key] != nil {
                touch(key)
                show(key, source: whole, at: destination)
            } else if let finer = freshDescendants(of: key) {
                for child in finer {
                    touch(child)
                    show(child, source: whole, at: grid.screenRect(of: child, camera: camera, pixelScale: scale))
                }
            }
        }
        // why: tiles' screen rectangles meet with no gap and no overlap, so their cut areas add
        // up to the output's exactly when together they fill it.
        frame.coversOutput = coveredArea >= output.width * output.height
        frame.unfinished = unfinished
        if liveUntilFresh {
            if base.allSatisfy({ isFresh($0) || freshAncestor(of: $0) != nil }) { liveUntilFresh = false } else { frame.drawLive = true }
        }
        for key in batch?.keys ?? [] { tiles[key]?.lastUsed = clock }
        frame.evicted = evictOverCapacity()
        return frame
    }

    /// The next slice of drawing for the view the last `frame` planned, or an empty one when
    /// its tiles are all fresh (or it was near). Call with the document as it is now, after
    /// `absorb` has heard of any change since that frame.
    public mutating func advance(document: Document, budget: Int? = nil) -> Slice {
        // A near view draws ahead the fitted view's tiles never drawn, all in one batch.
        let base = view?.base ?? warmUp.filter { tiles[$0] == nil }
        guard let level = base.first?.level else { return Slice() }
        keepOrRestartBatch(for: base, level: level, document: document)
        if batch == nil {
            let keys = if let view { nextBatch(base: base, centre: view.centre, complete: false, bounds: document.bounds) } else { base }
            if let keys { batch = makeBatch(keys, document: document) }
        }
        guard batch != nil else { return Slice() }
        return advanceBatch(document: document, budget: max(1, budget ?? settings.itemsPerSlice))
    }

    /// Whether a near view has tiles to draw ahead: those of the fitted view never drawn (a
    /// stale one is not drawn again ahead of time: its picture before the edit can stand in).
    public var needsWarmUp: Bool { warmUp.contains { tiles[$0] == nil } }

    /// The tiles a view fitting the whole map in `viewportSize` would show; none for a map
    /// small enough that such a view is drawn live.
    private func fitKeys(document: Document, viewportSize: Vec2, pixelScale: Double) -> [TileKey] {
        let bounds = document.bounds
        guard bounds.width > 0 || bounds.height > 0, viewportSize.x > 0, viewportSize.y > 0 else { return [] }
        var camera = Camera(zoomLimits: 1e-9...1)
        camera.frame(bounds, viewportSize: viewportSize)
        guard let level = grid.level(forZoom: camera.zoom * pixelScale) else { return [] }
        return keys(of: camera.visibleMapRect(viewportSize: viewportSize), at: level, content: bounds)
    }

    /// Gives up the batch in progress if no tile of the view needs it (the zoom moved on), and
    /// starts it again if an edit touched its tiles or renumbered the map's items.
    private mutating func keepOrRestartBatch(for base: [TileKey], level: Int, document: Document) {
        guard let current = batch else { return }
        let needed = current.keys.contains { key in
            key.level >= level && base.contains { $0.ancestor(key.level - level) == key }
        }
        if !needed {
            batch = nil
        } else if current.mustRestart || current.edgeCount != document.edges.count || current.nodeCount != document.nodes.count {
            batch = makeBatch(current.keys, document: document)
        }
    }

    /// The tiles to draw next: first the fewest coarser tiles that give every hole something
    /// to show, then the view's own tiles that are not fresh, nearest `centre` first (as many
    /// as `tilesPerWalk` when they would walk the arrays anyway).
    private func nextBatch(base: [TileKey], centre: Vec2, complete: Bool, bounds: Rect) -> [TileKey]? {
        let wanted = base.filter { !isFresh($0) }
        guard !wanted.isEmpty else { return nil }
        if complete { return wanted }
        let holes = wanted.filter { tiles[$0] == nil && freshAncestor(of: $0) == nil && freshDescendants(of: $0) == nil }
        if !holes.isEmpty {
            var depth = 0
            var cover = holes
            // why: a cover from further up than a tile may stand in from would fill no hole, and
            // be drawn again and again (a view of many tiles stayed blank).
            while cover.count > settings.tilesPerBatch && depth < Self.standInDepth
                    && (holes.first?.level ?? 0) + depth < TileGrid.deepestLevel {
                depth += 1
                var seen = Set<TileKey>()
                cover = holes.map { $0.ancestor(depth) }.filter { seen.insert($0).inserted }
            }
            return cover
        }
        let nearest = wanted.sorted {
            grid.mapRect(of: $0).center.distance(to: centre) < grid.mapRect(of: $1).center.distance(to: centre)
        }
        let few = Array(nearest.prefix(settings.tilesPerBatch))
        // why: at a million nodes a fitted view's 16 tiles took four walks over 2M items, each
        // drawing a quarter of what it looked at; one walk draws them all.
        guard nearest.count > few.count, walksArrays(union(of: areas(of: few)), bounds: bounds) else { return few }
        return Array(nearest.prefix(max(settings.tilesPerWalk, settings.tilesPerBatch)))
    }

    private func areas(of keys: [TileKey]) -> [Rect] {
        keys.map { grid.mapRect(of: $0).outset(by: settings.marginPixels / grid.zoom(ofLevel: $0.level)) }
    }

    private func union(of areas: [Rect]) -> Rect {
        var union = areas[0]
        for area in areas.dropFirst() { union = union.union(area) }
        return union
    }

    /// Whether tiles over `union` are drawn from a walk over the map's arrays rather than from
    /// what the spatial index finds there.
    private func walksArrays(_ union: Rect, bounds: Rect) -> Bool {
        let overlap = max(0, min(union.maxX, bounds.maxX) - max(union.minX, bounds.minX))
            * max(0, min(union.maxY, bounds.maxY) - max(union.minY, bounds.minY))
        // why: a tile over much of the map spans so many grid cells that the index would walk
        // them all at once; a walk over the arrays can stop and go on next frame.
        let cells = (union.width / SpatialIndex.cellSize) * (union.height / SpatialIndex.cellSize)
        return overlap > settings.indexedShare * bounds.width * bounds.height || cells > Double(settings.indexedCells)
    }

    private func makeBatch(_ keys: [TileKey], document: Document) -> Batch {
        let areas = areas(of: keys)
        let union = union(of: areas)
        var batch = Batch(keys: keys, areas: areas, union: union, slots: TileSlots(keys), started: keys.map { _ in false },
                          edgeCount: document.edges.count, nodeCount: document.nodes.count)
        if !walksArrays(union, bounds: document.bounds) {
            var edges: [Int] = [], nodes: [Int] = []
            document.forEachEdge(in: union) { edges.append($0) }
            document.forEachNode(in: union) { nodes.append($0) }
            batch.edgeOrder = edges.sorted()
            batch.nodeOrder = nodes.sorted()
        }
        return batch
    }

    /// The next slice of the batch: each of its tiles gets what of the slice meets it.
    private mutating func advanceBatch(document: Document, budget: Int) -> Slice {
        guard var current = batch else { return Slice() }
        var parts = current.keys.map { _ in (nodes: [Int](), edges: [Int]()) }
        let edgeTotal = current.edgeOrder?.count ?? document.edges.count
        let nodeTotal = current.nodeOrder?.count ?? document.nodes.count
        let folds = document.hiddenCount > 0
        let total = edgeTotal + nodeTotal
        // why: looking is bounded by what it costs, not by the count: at 8 looks a drawn item,
        // a walk through a million nodes for a few tiles' worth took 6 ms of a frame.
        let (looks, overflow) = budget.multipliedReportingOverflow(by: settings.lookedAtPerDrawn)
        let lookBudget = overflow ? Int.max : looks
        var looked = 0, drawn = 0
        let margin = settings.marginPixels / grid.zoom(ofLevel: current.keys[0].level)
        let slots = current.slots, areas = current.areas, union = current.union
        // why: the batch positions are gathered into one reused array; a nested helper that
        // captured the batch being advanced and appended through a closure cost ~60 ns an item.
        var meeting: [Int] = []
        meeting.reserveCapacity(areas.count)
        func collect(_ box: Rect) {
            meeting.removeAll(keepingCapacity: true)
            if let slots {
                slots.positions(meeting: box.outset(by: margin), in: grid, into: &meeting)
            } else {
                for k in areas.indices where box.intersects(areas[k]) { meeting.append(k) }
            }
        }
        while current.cursor < total && drawn < budget && looked < lookBudget {
            let c = current.cursor
            current.cursor += 1
            if c < edgeTotal {
                looked += 1
                let e = current.edgeOrder?[c] ?? c
                guard current.edgeOrder != nil || !(folds && document.isHidden(edgeAt: e)) else { continue }
                let box = document.edgeBox(e)
                guard box.intersects(union) else { continue }
                drawn += 1
                collect(box)
                for k in meeting { parts[k].edges.append(e) }
            } else {
                looked += settings.nodeLookCost
                let i = current.nodeOrder?[c - edgeTotal] ?? c - edgeTotal
                guard current.nodeOrder != nil || !(folds && document.isHidden(nodeAt: i)) else { continue }
                let frame = document.nodes[i].frame
                guard frame.intersects(union) else { continue }
                drawn += 1
                collect(frame)
                for k in meeting { parts[k].nodes.append(i) }
            }
        }
        var slice = Slice()
        for k in current.keys.indices where !current.started[k] || !parts[k].nodes.isEmpty || !parts[k].edges.isEmpty {
            slice.works.append(Work(key: current.keys[k], nodes: parts[k].nodes, edges: parts[k].edges, clear: !current.started[k]))
            current.started[k] = true
        }
        if current.cursor >= total {
            for key in current.keys { tiles[key] = Tile(state: current.spoiled.contains(key) ? .stale : .fresh, lastUsed: clock) }
            slice.completed = current.keys
            batch = nil
        } else {
            batch = current
        }
        return slice
    }

    /// The tiles of `level` over the part of `view` that has content.
    private func keys(of view: Rect, at level: Int, content: Rect) -> [TileKey] {
        let margin = settings.marginPixels / grid.zoom(ofLevel: level)
        let area = content.outset(by: margin)
        let lo = Vec2(max(view.minX, area.minX), max(view.minY, area.minY))
        let hi = Vec2(min(view.maxX, area.maxX), min(view.maxY, area.maxY))
        guard lo.x <= hi.x, lo.y <= hi.y else { return [] }
        let range = grid.keys(covering: Rect(spanning: lo, hi), level: level)
        var keys: [TileKey] = []
        keys.reserveCapacity(range.columns.count * range.rows.count)
        for y in range.rows {
            for x in range.columns { keys.append(TileKey(level: level, x: x, y: y)) }
        }
        return keys
    }

    /// How many levels up a coarser tile may stand in: four is a sixteenth of it scaled up 16×,
    /// a blurred but recognisable picture; from eight levels up, a pixel or two of it filled the
    /// window with flat grey blocks (the first Fit of a million-node map), worse than nothing.
    static let standInDepth = 4

    /// The nearest fresh coarser tile holding `key`, at most `standInDepth` levels up, and how many levels up it is.
    private func freshAncestor(of key: TileKey) -> (TileKey, Int)? {
        var depth = 1
        while depth <= Self.standInDepth && key.level + depth <= TileGrid.deepestLevel {
            let ancestor = key.ancestor(depth)
            if isFresh(ancestor) { return (ancestor, depth) }
            depth += 1
        }
        return nil
    }

    /// The fresh finer tiles inside `key`, one level down or else two (a view zoomed out shows
    /// the tiles it had, smaller, until its own are drawn); nil when there are none.
    private func freshDescendants(of key: TileKey) -> [TileKey]? {
        for depth in 1...2 where key.level >= depth {
            let side = 1 << depth
            var found: [TileKey] = []
            for dy in 0..<side {
                for dx in 0..<side {
                    let child = TileKey(level: key.level - depth, x: (key.x << depth) + dx, y: (key.y << depth) + dy)
                    if isFresh(child) { found.append(child) }
                }
            }
            if !found.isEmpty { return found }
        }
        return nil
    }

    /// Marks a tile used this frame, and the coarser tiles above it, which stand in for it.
    private mutating func touch(_ key: TileKey) {
        tiles[key]?.lastUsed = clock
        var depth = 1
        while key.level + depth <= TileGrid.deepestLevel, depth <= 8 {
            let ancestor = key.ancestor(depth)
            if tiles[ancestor] != nil { tiles[ancestor]?.lastUsed = clock }
            depth += 1
        }
    }

    private mutating func evictOverCapacity() -> [TileKey] {
        guard tiles.count > capacity else { return [] }
        // Stale tiles go before fresh ones, then the least recently used; never one used now.
        let victims = tiles.filter { $0.value.lastUsed < clock }
            .sorted { ($0.value.state == .fresh ? 1 : 0, $0.value.lastUsed) < ($1.value.state == .fresh ? 1 : 0, $1.value.lastUsed) }
            .prefix(tiles.count - capacity)
            .map(\.key)
        for key in victims { tiles[key] = nil }
        return victims
    }
}

/// The tiles of one batch by place, when they are all of one level: which of them a box meets
/// is read off the grid from its corners, one lookup a tile it meets, where testing every tile
/// of a 16-tile batch cost 16 box tests an item.
struct TileSlots: Sendable {
    let level: Int
    let columns: ClosedRange<Int>
    let rows: ClosedRange<Int>
    /// The batch position of the tile at each place of `columns` × `rows`, row by row; -1 where
    /// the batch has no tile.
    let slots: [Int]

    /// Nil when `keys` are of more than one level or spread too thin to index by place.
    init?(_ keys: [TileKey]) {
        guard let first = keys.first, keys.allSatisfy({ $0.level == first.level }) else { return nil }
        let xs = keys.map(\.x), ys = keys.map(\.y)
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(),
              (x1 - x0 + 1) * (y1 - y0 + 1) <= 16 * keys.count else { return nil }
        level = first.level
        columns = x0...x1
        rows = y0...y1
        var slots = [Int](repeating: -1, count: columns.count * rows.count)
        for (k, key) in keys.enumerated() { slots[(key.y - y0) * columns.count + key.x - x0] = k }
        self.slots = slots
    }

    /// Appends to `positions` the batch position of every tile whose map rectangle meets
    /// `area` (edges included: a box touching a tile's side counts for it).
    func positions(meeting area: Rect, in grid: TileGrid, into positions: inout [Int]) {
        let range = grid.keys(covering: area, level: level)
        // why: floor division puts a box that starts exactly on a tile's right side in the next
        // tile only; the tile it touches is taken too, as `Rect.intersects` would.
        let side = grid.mapSide(ofLevel: level)
        let left = area.minX == Double(range.columns.lowerBound) * side ? range.columns.lowerBound - 1 : range.columns.lowerBound
        let top = area.minY == Double(range.rows.lowerBound) * side ? range.rows.lowerBound - 1 : range.rows.lowerBound
        let x0 = max(left, columns.lowerBound), x1 = min(range.columns.upperBound, columns.upperBound)
        let y0 = max(top, rows.lowerBound), y1 = min(range.rows.upperBound, rows.upperBound)
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let k = slots[(y - rows.lowerBound) * columns.count + x - columns.lowerBound]
                if k >= 0 { positions.append(k) }
            }
        }
    }
}
