import Foundation

/// Everything one frame draws, in device pixels, ready for the renderer to submit as is.
///
/// Shapes (edges, node fills and borders) are one indexed triangle list whose arrays match
/// `SDL_RenderGeometryRaw`'s layout: `positions` is x,y pairs of `Float`, `colors` is r,g,b,a
/// bytes per vertex. Labels are drawn after all shapes. The arrays are kept between frames
/// (`removeAll(keepingCapacity:)`) so steady-state frames do not allocate.
public struct DrawList {
    /// A label to draw: text already broken into lines, centred at `center`.
    public struct Label: Equatable {
        public enum Alignment: Equatable, Sendable {
            /// Centred on `center` (node labels).
            case center
            /// Left edge at `center.x`, vertically centred on `center.y` (interface text).
            case leading
            /// Right edge at `center.x`, vertically centred on `center.y` (a row's details).
            case trailing
        }

        /// The lines joined with newlines: the text cache renders it as is, centred per line.
        public var text: String
        public var center: Vec2
        /// The exact on-screen font size in device pixels.
        public var pixelSize: Double
        /// The size to rasterise at (a step of `TextRaster.rasterSize`): the texture is scaled
        /// by `pixelSize / rasterPixelSize`, so zooming does not rasterise on every frame.
        public var rasterPixelSize: Int
        public var color: RGBA
        public var alignment: Alignment = .center
        /// Text wider than this (device pixels) is cut short with an ellipsis by the renderer; 0 = no limit.
        public var maxWidth: Double = 0
        public var bold = false
        public var italic = false
    }

    /// A node's picture, drawn after the shapes and before the labels.
    public struct Image: Equatable {
        /// The path as the node gives it (`Node.image`): the platform resolves and loads it.
        public var path: String
        /// Where it goes, in device pixels.
        public var rect: Rect
        /// The core knows its size and it is drawn; otherwise the scene drew a placeholder and
        /// the platform, if it has not tried yet, loads the picture to learn its size.
        public var found: Bool
    }

    /// A soft shadow under a box (device pixels): the renderer stretches one cached blurred
    /// texture over it, nine-sliced so the corners keep their curve; drawn before the shapes.
    public struct Shadow: Equatable {
        /// The box the shadow is cast by, already offset (it shows mostly below).
        public var rect: Rect
        /// How far the blur reaches beyond `rect`.
        public var blur: Double
        public var color: RGBA
    }

    /// An interface icon (an SVG asset by name, see `Action.iconName`) drawn in `rect`, tinted
    /// `color`: after the shapes and before the labels.
    public struct Icon: Equatable {
        public var name: String
        public var rect: Rect
        public var color: RGBA
    }

    public internal(set) var shadows: [Shadow] = []
    public internal(set) var icons: [Icon] = []
    /// Branch colours and depths of the map last drawn, kept between frames (see `BranchLooks`).
    var branchLooks = BranchLooks()
    public internal(set) var images: [Image] = []
    public internal(set) var positions: [Float] = []
    public internal(set) var colors: [UInt8] = []
    public internal(set) var indices: [Int32] = []
    public internal(set) var labels: [Label] = []
    /// Far-out level of detail: nodes smaller than a few pixels as plain rectangles (x, y, w, h),
    /// all in `dotColor`, drawn after the triangles in one `SDL_RenderFillRectsF` call.
    public internal(set) var dots: [Float] = []
    public internal(set) var dotColor = RGBA(0, 0, 0)
    /// Edges a pixel wide or less as one-pixel lines (x1, y1, x2, y2), in `hairlineColor`, drawn
    /// after the triangles up to `hairlineMark` and before the dots.
    public internal(set) var hairlines: [Float] = []
    public internal(set) var hairlineColor = RGBA(0, 0, 0)
    /// Branch hairlines in a colour of their own (their branch's), gathered by colour so each
    /// colour is drawn in one batch: the first `colouredHairlineCount` buckets are this frame's.
    /// why: SDL batches lines of one colour; a colour change between every two lines made each
    /// its own command, a millisecond a frame for a far view of 10,000 branches.
    public internal(set) var colouredHairlines: [(color: RGBA, lines: [Float])] = []
    public internal(set) var colouredHairlineCount = 0
    /// At most this many colours get buckets; lines in any further colour are drawn grey.
    static let hairlineBuckets = 32
    /// Free links thinner than a pixel, drawn like `hairlines` in `linkHairlineColor`.
    public internal(set) var linkHairlines: [Float] = []
    public internal(set) var linkHairlineColor = RGBA(0, 0, 0)
    /// How many of `indices` are drawn before the hairlines: the branches, nodes and links the
    /// hairlines belong among; what goes over links (labels' pills, arrowheads, badges, the
    /// editor) comes after them. Nil: every triangle first.
    public internal(set) var hairlineMark: Int?
    public internal(set) var background = RGBA(255, 255, 255)
    /// Scratch space the scene builder reuses every frame (visible node and edge indices).
    var visibleNodes: [Int] = []
    var visibleEdges: [Int] = []
    var selectedNodes: [Int] = []
    var labelledNodes: [Int] = []
    /// One bit per device pixel of the viewport, for far-out frames: a pixel already holding a
    /// dot gets no second one (100k nodes shrink to the few thousand pixels they cover).
    var coverage: [UInt64] = []
    var coverageWidth = 0
    /// How many nodes and edges survived culling this frame.
    public internal(set) var visibleNodeCount = 0
    public internal(set) var visibleEdgeCount = 0

    public init() {}

    public var vertexCount: Int { positions.count / 2 }

    /// The branch hairlines by colour: the plain ones in `hairlineColor`, then each bucket of
    /// coloured ones (four floats a line), so a renderer sets each colour once.
    public func forEachHairlineBatch(_ body: ([Float], RGBA) -> Void) {
        if !hairlines.isEmpty { body(hairlines, hairlineColor) }
        for k in 0..<colouredHairlineCount where !colouredHairlines[k].lines.isEmpty {
            body(colouredHairlines[k].lines, colouredHairlines[k].color)
        }
    }

    /// Every branch hairline, of every colour, four floats a line (tests, exports).
    public var allHairlines: [Float] {
        var all = hairlines
        for k in 0..<colouredHairlineCount { all += colouredHairlines[k].lines }
        return all
    }

    /// How many branch hairlines there are, of every colour.
    public var hairlineCount: Int {
        (0..<colouredHairlineCount).reduce(hairlines.count / 4) { $0 + colouredHairlines[$1].lines.count / 4 }
    }

    public mutating func removeAll() {
        positions.removeAll(keepingCapacity: true)
        colors.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        labels.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
        shadows.removeAll(keepingCapacity: true)
        icons.removeAll(keepingCapacity: true)
        dots.removeAll(keepingCapacity: true)
        hairlines.removeAll(keepingCapacity: true)
        for k in 0..<colouredHairlineCount { colouredHairlines[k].lines.removeAll(keepingCapacity: true) }
        colouredHairlineCount = 0
        linkHairlines.removeAll(keepingCapacity: true)
        hairlineMark = nil
        visibleNodeCount = 0
        visibleEdgeCount = 0
    }
}

/// Chooses the font size a label is rasterised at, for a wanted on-screen size.
///
/// Small sizes are exact (hinting matters most there); above 14 px sizes snap to a ladder of
/// ~10 % steps, so a pinch from 50 % to 200 % touches about 15 sizes instead of one per frame.
public enum TextRaster {
    public static let largestPixelSize = 128

    public static func rasterSize(forPixelSize pixelSize: Double) -> Int {
        guard pixelSize.isFinite, pixelSize > 0 else { return 1 }
        if pixelSize <= 14 { return max(1, Int(pixelSize.rounded())) }
        let step = (log(pixelSize / 14) / log(1.1)).rounded()
        return min(largestPixelSize, Int((14 * pow(1.1, step)).rounded()))
    }
}
