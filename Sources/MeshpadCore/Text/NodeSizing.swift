/// Derives a node's shape size and line breaks from its text.
///
/// The shape is an ellipse circumscribing the text block: an ellipse through the corners of a
/// `w × h` box with the same aspect has radii `w/√2, h/√2`, so the text always sits inside it.
public struct NodeSizing {
    /// Theme-level measurements, in map units.
    public struct Metrics: Equatable, Sendable {
        /// The widest a line of text may run before it wraps.
        public var maxTextWidth: Double
        /// Space between the text block and the shape, on each side.
        public var padding: Vec2
        /// The smallest shape, so a node with little or no text is still easy to hit.
        public var minimumSize: Vec2

        public init(maxTextWidth: Double, padding: Vec2, minimumSize: Vec2) {
            self.maxTextWidth = maxTextWidth
            self.padding = padding
            self.minimumSize = minimumSize
        }

        public static let standard = Metrics(maxTextWidth: 260, padding: Vec2(6, 4), minimumSize: Vec2(64, 40))
    }

    public let metrics: Metrics
    let measurer: any TextMeasurer

    public init(metrics: Metrics = .standard, measurer: any TextMeasurer) {
        self.metrics = metrics
        self.measurer = measurer
    }

    public func apply(to node: inout Node) {
        let lines = LineBreaker(maxWidth: metrics.maxTextWidth).measuredLines(of: node.text, measuredBy: measurer)
        let textWidth = lines.reduce(0.0) { max($0, $1.width) }
        let textSize = Vec2(textWidth, Double(lines.count) * measurer.lineHeight)
        // why: most labels are one line equal to the text; reusing the string shares its storage.
        node.label = lines.count == 1 && lines[0].text == node.text ? node.text : lines.map(\.text).joined(separator: "\n")
        node.textSize = textSize
        node.size = shapeSize(forText: textSize)
    }

    /// The ellipse around a text block of `textSize`: radii `w/√2, h/√2` plus padding, at least the minimum.
    public func shapeSize(forText textSize: Vec2) -> Vec2 {
        let root2 = 2.0.squareRoot()
        return Vec2(
            max(metrics.minimumSize.x, (textSize.x + 2 * metrics.padding.x) * root2),
            max(metrics.minimumSize.y, (textSize.y + 2 * metrics.padding.y) * root2)
        )
    }
}
