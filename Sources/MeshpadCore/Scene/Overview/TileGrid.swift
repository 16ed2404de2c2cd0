import Foundation

/// One tile of the far view's pyramid: level 0 is drawn at `TileGrid.topZoom`, each level
/// below at half the zoom of the one above, and `x`, `y` count tiles from the map origin.
public struct TileKey: Hashable, Sendable, CustomStringConvertible {
    public var level: Int
    public var x: Int
    public var y: Int

    public init(level: Int, x: Int, y: Int) {
        self.level = level
        self.x = x
        self.y = y
    }

    /// The tile `levels` coarser that holds this one (floor division: `>>` rounds down for
    /// negative tiles too).
    public func ancestor(_ levels: Int) -> TileKey {
        TileKey(level: level + levels, x: x >> levels, y: y >> levels)
    }

    public var description: String { "L\(level)(\(x),\(y))" }
}

/// The geometry of the far view's pyramid of tiles: which zoom each level is drawn at, which
/// part of the map a tile holds, and where on the screen it goes.
///
/// Zooms here are device pixels per map unit (the camera's zoom times the HiDPI scale), the
/// zoom labels are sized by. Level `L` is drawn at `topZoom / 2^L`; a view at zoom `z` below
/// `topZoom` takes the level nearest it geometrically, `round(log2(topZoom / z))`, scaled by
/// between 1/√2 and √2 (smoothly filtered). Rounding rather than always taking the finer level
/// makes a switch between levels look alike on both sides (each scaled by about √2, one down
/// and one up), so it does not pop without a cross-fade; a cross-fade was tried and dropped: a
/// second, blended layer over the whole view doubled the cost of a frame on the software
/// renderer.
public struct TileGrid: Equatable, Sendable {
    /// A tile's side in device pixels: the part of its texture that is shown.
    public var tilePixels: Int
    /// Pixels drawn around that part: a line along a tile's edge is drawn whole on both sides of
    /// it, and smooth scaling reads real neighbours at the edge instead of repeating it (without
    /// them a branch running along a tile's edge vanished for a few pixels).
    public var gutterPixels = 4
    /// The texture's side: the tile and its gutter.
    public var texturePixels: Int { tilePixels + 2 * gutterPixels }
    /// The zoom of level 0: the largest at which the overview is used.
    public var topZoom: Double

    public init(tilePixels: Int = 256, topZoom: Double) {
        self.tilePixels = max(tilePixels, 16)
        self.topZoom = topZoom.isFinite && topZoom > 0 ? topZoom : 0.25
    }

    /// The overview for a theme: below the zoom where its labels are too small to draw, so
    /// level 0 holds no label of the theme's own size (a view just under it would otherwise
    /// show labels the live drawing leaves out).
    public init(theme: Theme, tilePixels: Int = 256) {
        self.init(tilePixels: tilePixels, topZoom: (theme.minimumLabelPixels / theme.fontSize).nextDown)
    }

    /// Levels are bounded so tile numbers stay small whatever the zoom.
    public static let deepestLevel = 40

    public func zoom(ofLevel level: Int) -> Double { topZoom * pow(2, -Double(level)) }

    /// A tile's side in map units at `level`.
    public func mapSide(ofLevel level: Int) -> Double { Double(tilePixels) / zoom(ofLevel: level) }

    /// The level a view at `zoom` (device pixels per map unit) is drawn from; nil at or above
    /// `topZoom`, where the map is drawn live.
    public func level(forZoom zoom: Double) -> Int? {
        guard zoom.isFinite, zoom > 0, zoom < topZoom else { return nil }
        return min(Int(log2(topZoom / zoom).rounded()), Self.deepestLevel)
    }

    /// The part of the map a tile holds.
    public func mapRect(of key: TileKey) -> Rect {
        let side = mapSide(ofLevel: key.level)
        return Rect(x: Double(key.x) * side, y: Double(key.y) * side, width: side, height: side)
    }

    /// The tiles of `level` that together hold `rect`, as column and row ranges.
    public func keys(covering rect: Rect, level: Int) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        let side = mapSide(ofLevel: level)
        func tile(_ v: Double) -> Int {
            let t = (v / side).rounded(.down)
            // why: Int(_:) traps outside Int's range; a map is at most 1e8 across, so this clamps only nonsense.
            return Int(min(max(t, -1e15), 1e15))
        }
        let x0 = tile(rect.minX), y0 = tile(rect.minY)
        return (x0...max(x0, tile(rect.maxX)), y0...max(y0, tile(rect.maxY)))
    }

    /// The camera, in window pixels, that draws `key` into a `texturePixels`-square target at
    /// `pixelScale` device pixels per window pixel: its map rectangle fills the target exactly
    /// but for the gutter around it.
    public func camera(for key: TileKey, pixelScale: Double) -> (camera: Camera, viewportSize: Vec2) {
        let zoom = zoom(ofLevel: key.level) / pixelScale
        let rect = mapRect(of: key)
        let gutter = Double(gutterPixels) / pixelScale
        let camera = Camera(origin: rect.origin * -zoom + Vec2(gutter, gutter), zoom: zoom, zoomLimits: zoom...zoom)
        return (camera, Vec2(Double(texturePixels), Double(texturePixels)) / pixelScale)
    }

    /// Where in a tile's texture the part of it `depth` levels down at `offset` (in tiles of
    /// that level, from the tile's corner) lies: the whole tile at depth 0.
    public func source(depth: Int, offset: (x: Int, y: Int)) -> Rect {
        let side = Double(tilePixels) / pow(2, Double(depth))
        let gutter = Double(gutterPixels)
        return Rect(x: gutter + Double(offset.x) * side, y: gutter + Double(offset.y) * side, width: side, height: side)
    }

    /// A copy of `source` (tile pixels) to `destination` (device pixels) cut to `bounds`, or nil
    /// when nothing of it is in `bounds`.
    ///
    /// why: SDL's software renderer scales a copy that reaches past the window's edge into a
    /// temporary surface of the whole destination and then copies what shows (1.03× scaled tiles
    /// over 1280×800: 2.6 ms against 1.8 ms cut first). Cut here, the source's edges are rounded
    /// to whole pixels (SDL takes no fractions) while the destination stays exactly the part in
    /// bounds: the picture shifts by under half a tile pixel at the window's edge and by nothing
    /// where the tile meets its neighbour.
    public func clipped(source: Rect, destination: Rect, to bounds: Rect) -> (source: Rect, destination: Rect)? {
        let x0 = max(destination.minX, bounds.minX), x1 = min(destination.maxX, bounds.maxX)
        let y0 = max(destination.minY, bounds.minY), y1 = min(destination.maxY, bounds.maxY)
        guard x0 < x1, y0 < y1, destination.width > 0, destination.height > 0 else { return nil }
        if x0 == destination.minX, x1 == destination.maxX, y0 == destination.minY, y1 == destination.maxY {
            return (source, destination)
        }
        let kx = source.width / destination.width, ky = source.height / destination.height
        let sx0 = (source.minX + (x0 - destination.minX) * kx).rounded()
        var sx1 = (source.minX + (x1 - destination.minX) * kx).rounded()
        let sy0 = (source.minY + (y0 - destination.minY) * ky).rounded()
        var sy1 = (source.minY + (y1 - destination.minY) * ky).rounded()
        // A sliver under one tile pixel still takes one.
        if sx1 <= sx0 { sx1 = sx0 + 1 }
        if sy1 <= sy0 { sy1 = sy0 + 1 }
        return (Rect(x: sx0, y: sy0, width: sx1 - sx0, height: sy1 - sy0), Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0))
    }

    /// Where a tile goes on the screen, in device pixels, its edges on whole pixels: neighbours
    /// round their shared edge the same way, so tiles meet with no gap and no overlap.
    public func screenRect(of key: TileKey, camera: Camera, pixelScale: Double) -> Rect {
        let rect = mapRect(of: key)
        let a = (camera.screenPoint(ofMap: rect.origin) * pixelScale)
        let b = (camera.screenPoint(ofMap: Vec2(rect.maxX, rect.maxY)) * pixelScale)
        let x0 = a.x.rounded(), y0 = a.y.rounded()
        return Rect(x: x0, y: y0, width: b.x.rounded() - x0, height: b.y.rounded() - y0)
    }
}
