/// What the platform has found out about the pictures nodes show, by the path a node gives
/// (`Node.image`, as the file wrote it): a picture's size in pixels, or that it cannot be shown.
///
/// The core never reads files: the platform loads pictures and hands this table to
/// `NodeSizing`. A path not in it is not known yet; it is laid out at the placeholder's size.
public struct ImageSizes: Sendable, Equatable {
    public enum Entry: Sendable, Equatable {
        /// Width and height in pixels.
        case size(Vec2)
        /// Not there, or not a picture the platform can decode: a placeholder is drawn.
        case missing
    }

    public var entries: [String: Entry]

    public init(_ entries: [String: Entry] = [:]) {
        self.entries = entries
    }

    public subscript(path: String) -> Entry? {
        get { entries[path] }
        set { entries[path] = newValue }
    }
}

extension NodeSizing {
    /// The widest a picture is shown, in map units (a wider one is scaled down, keeping its aspect).
    public static let largestImageWidth = 240.0
    /// The box shown while a picture's size is not known, or for one that cannot be shown.
    public static let placeholderImageSize = Vec2(120, 80)
    /// Space between a picture and the text under it.
    public static let imageGap = 4.0

    /// The shortest a picture's longer side can be made by its handle, in map units.
    public static let smallestImageSide = 32.0
    /// The longest a picture's longer side can be made by its handle, in map units.
    public static let largestImageSide = 1600.0
    /// The most a picture can be blown up, over its pixels: beyond it only blurs.
    public static let largestImageScale = 16.0

    /// The size a picture is shown at and whether it can be drawn (false: a placeholder): its
    /// pixels times `scale` (kept within `imageScaleLimits`), or without one its own size at
    /// most `largestImageWidth` wide. A placeholder keeps its size whatever the scale.
    public func shownImage(_ path: String, scale: Double? = nil) -> (size: Vec2, found: Bool) {
        guard let pixels = imagePixels(path) else { return (Self.placeholderImageSize, false) }
        let limits = Self.imageScaleLimits(pixels: pixels)
        let factor = scale.flatMap { $0.isFinite && $0 > 0 ? min(max($0, limits.lowerBound), limits.upperBound) : nil }
            ?? min(1, Self.largestImageWidth / pixels.x)
        return (Vec2(pixels.x * factor, max(1, pixels.y * factor)), true)
    }

    /// A picture's size in pixels, when the platform has found it out and it can be drawn.
    public func imagePixels(_ path: String) -> Vec2? {
        guard case .size(let pixels)? = imageSizes[path], pixels.x >= 1, pixels.y >= 1, pixels.x.isFinite, pixels.y.isFinite else {
            return nil
        }
        return pixels
    }

    /// The scales a picture of `pixels` may be shown at: its longer side from
    /// `smallestImageSide` to `largestImageSide`, and no more than `largestImageScale` its pixels
    /// (a tiny picture may still be made `smallestImageSide` long).
    public static func imageScaleLimits(pixels: Vec2) -> ClosedRange<Double> {
        let longer = max(pixels.x, pixels.y, 1)
        let lower = smallestImageSide / longer
        return lower...max(lower, min(largestImageSide / longer, largestImageScale))
    }

    /// The scale at which a picture of `pixels`, its top-left corner fixed, reaches as near the
    /// point `reach` from that corner as its aspect allows (`reach` projected on its diagonal,
    /// so a finger pulling either way along an edge still resizes it), within the limits.
    public static func imageScale(pixels: Vec2, reaching reach: Vec2) -> Double {
        let limits = imageScaleLimits(pixels: pixels)
        let diagonal = pixels.length
        guard diagonal > 0, reach.isFinite else { return limits.lowerBound }
        let along = (reach.x * pixels.x + reach.y * pixels.y) / diagonal
        return min(max(along / diagonal, limits.lowerBound), limits.upperBound)
    }
}

extension Node {
    /// What the node's shape holds, top to bottom: its picture, its text, its pills (due day,
    /// tags), its attribute table, `imageGap` between those it has; the block is centred on the
    /// node. Each part's centre's height relative to the node's centre.
    private var contentCentres: (image: Double, text: Double, chips: Double, table: Double) {
        let heights = [self.image != nil ? imageSize.y : 0, textSize.y, chipsSize.y, attributeTableSize.y]
        var centres = [0.0, 0, 0, 0]
        var y = 0.0
        for (k, height) in heights.enumerated() {
            if height > 0, y > 0 { y += NodeSizing.imageGap }
            centres[k] = y + height / 2
            y += height
        }
        let top = -y / 2
        return (top + centres[0], top + centres[1], top + centres[2], top + centres[3])
    }

    /// Where the picture's centre sits relative to the node's centre (the picture stands above the text).
    public var imageOffset: Vec2 { Vec2(0, contentCentres.image) }

    /// Where the text's centre sits relative to the node's centre (under a picture, over a table).
    public var textOffset: Vec2 { Vec2(0, contentCentres.text) }

    /// Where the pills' block's centre sits relative to the node's centre (under the text).
    public var chipsOffset: Vec2 { Vec2(0, contentCentres.chips) }

    /// Where the attribute table's centre sits relative to the node's centre (under the text and pills).
    public var attributeTableOffset: Vec2 { Vec2(0, contentCentres.table) }
}
