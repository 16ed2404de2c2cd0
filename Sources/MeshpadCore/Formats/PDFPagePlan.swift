/// Where a map goes on paper: the pages of a PDF, each with the part of the map it shows.
///
/// Everything is in two spaces: map units (the map's own coordinates, one unit a window pixel at
/// 100 %) and points (1/72 inch, the PDF's). A page shows `Page.mapRect` in its `contentRect`,
/// `pointsPerMapUnit` points to a unit, the same on every page.
///
/// - One page: the whole map, centred, scaled down to fit the paper inside its margins and never
///   up past `fullSize` (as the app opens a map at 100 % at most).
/// - Tiled: the map at `fullSize` — a unit is 0.75 pt, so a map prints as big as a 96-dpi screen
///   shows it at 100 % and its 16-pixel text is 12 pt — on a grid of pages centred over the
///   map, each sharing `overlapMillimetres` with its neighbours so a cut or a taped seam loses
///   nothing. Pages with nothing on them (asked of `keepsPage`) are left out; the rest are
///   numbered in reading order, row by row: `Page 3 of 12 · row 2, column 1`.
public struct PDFPagePlan: Equatable, Sendable {
    /// One sheet of the PDF: where it stands in the grid and the part of the map it shows.
    public struct Page: Equatable, Sendable {
        /// 1-based, among the pages kept.
        public var number: Int
        /// The page's place in the grid, 1-based, counting the pages left out.
        public var row: Int
        public var column: Int
        /// The part of the map the page shows (map units), filling `contentRect`.
        public var mapRect: Rect
        /// What the page says at its foot; empty on a single page.
        public var label: String
    }

    /// Width and height of every page, in points.
    public var pageSize: Vec2
    /// Where the map is drawn on a page (points from the top-left corner): inside the margins.
    public var contentRect: Rect
    public var pointsPerMapUnit: Double
    /// The grid (1 × 1 for one page), counting pages left out.
    public var rows: Int
    public var columns: Int
    public var pages: [Page]

    /// A map unit at 100 % on a 96-dpi screen, in points.
    public static let fullSize = 0.75
    /// The white border round a page's map: printers cannot reach the paper's edge.
    public static let marginMillimetres = 10.0
    /// How much of the map neighbouring tiles both show.
    public static let overlapMillimetres = 10.0
    /// Tiles beyond this many are not made: a map that needs more is printed at a smaller
    /// scale (`PDFPagePlan` says so in `scaledDown`).
    public static let largestGrid = 2_500
    /// Set when a tiled map was too big for `largestGrid` pages at full size.
    public var scaledDown = false

    /// - Parameters:
    ///   - mapBounds: what must be printed, in map units (the map's bounds with a little room).
    ///   - keepsPage: whether a tile showing this map rectangle has something on it; tiles it
    ///     refuses are left out (if it refuses them all, the first is kept: a PDF has a page).
    public init(mapBounds: Rect, options: PDFOptions, keepsPage: (Rect) -> Bool = { _ in true }) {
        pageSize = options.pageSize
        let margin = Self.marginMillimetres * PDFOptions.pointsPerMillimetre
        contentRect = Rect(x: margin, y: margin, width: pageSize.x - 2 * margin, height: pageSize.y - 2 * margin)
        let bounds = Self.usable(mapBounds)
        guard options.layout == .tiled else {
            pointsPerMapUnit = min(Self.fullSize, contentRect.width / bounds.width, contentRect.height / bounds.height)
            rows = 1
            columns = 1
            let shown = Rect(center: bounds.center, width: contentRect.width / pointsPerMapUnit, height: contentRect.height / pointsPerMapUnit)
            pages = [Page(number: 1, row: 1, column: 1, mapRect: shown, label: "")]
            return
        }
        let overlap = Self.overlapMillimetres * PDFOptions.pointsPerMillimetre
        var scale = Self.fullSize
        var grid = Self.grid(bounds, content: contentRect.size, overlapPoints: overlap, scale: scale)
        while grid.rows * grid.columns > Self.largestGrid {
            scale *= 0.8
            scaledDown = true
            grid = Self.grid(bounds, content: contentRect.size, overlapPoints: overlap, scale: scale)
        }
        pointsPerMapUnit = scale
        rows = grid.rows
        columns = grid.columns
        let tile = contentRect.size * (1 / scale), step = tile - Vec2(overlap, overlap) * (1 / scale)
        let covered = Vec2(Double(columns - 1) * step.x + tile.x, Double(rows - 1) * step.y + tile.y)
        let start = bounds.center - covered * 0.5
        var kept: [(row: Int, column: Int, rect: Rect)] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let rect = Rect(x: start.x + Double(column) * step.x, y: start.y + Double(row) * step.y, width: tile.x, height: tile.y)
                if keepsPage(rect) { kept.append((row + 1, column + 1, rect)) }
            }
        }
        if kept.isEmpty {
            kept = [(1, 1, Rect(x: start.x, y: start.y, width: tile.x, height: tile.y))]
        }
        pages = kept.enumerated().map { k, page in
            Page(number: k + 1, row: page.row, column: page.column, mapRect: page.rect,
                 label: "Page \(k + 1) of \(kept.count) · row \(page.row), column \(page.column)")
        }
    }

    /// Rows and columns of tiles `content` points big, overlapping by `overlapPoints`, that
    /// cover `bounds` at `scale` points a map unit.
    static func grid(_ bounds: Rect, content: Vec2, overlapPoints: Double, scale: Double) -> (rows: Int, columns: Int) {
        func count(_ length: Double, _ tile: Double) -> Int {
            let step = tile - overlapPoints
            guard length > tile, step > 0 else { return 1 }
            return Int(((length - tile) / step).rounded(.up)) + 1
        }
        return (count(bounds.height * scale, content.y), count(bounds.width * scale, content.x))
    }

    /// Bounds with a size and a place to work with: an empty map is a point, given some room.
    private static func usable(_ bounds: Rect) -> Rect {
        guard bounds.origin.isFinite, bounds.width.isFinite, bounds.height.isFinite else { return Rect(x: 0, y: 0, width: 1, height: 1) }
        return Rect(center: bounds.center, width: max(bounds.width, 1), height: max(bounds.height, 1))
    }
}

extension Document {
    /// Whether a node or an edge (a branch, a link passing through) meets `rect`: what a tile of
    /// a tiled PDF needs to be worth printing. Asks the spatial index.
    public func hasContent(in rect: Rect) -> Bool {
        var found = false
        forEachNode(in: rect) { _ in found = true }
        if found { return true }
        forEachEdge(in: rect) { _ in found = true }
        return found
    }
}
