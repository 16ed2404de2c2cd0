/// Derives a node's shape, branch shape, size and line breaks from its text and style.
///
/// An ellipse circumscribes the text block (an ellipse through the corners of a `w × h` box with
/// the same aspect has radii `w/√2, h/√2`, so the text always sits inside it); a rounded box
/// and plain text hug it with padding. Bigger text (`NodeStyle.fontSize`) is measured scaled
/// and wraps at a proportionally wider line, so it breaks where the same text would at 100 %.
public struct NodeSizing {
    /// Theme-level measurements, in map units.
    public struct Metrics: Equatable, Sendable {
        /// The widest a line of text may run before it wraps.
        public var maxTextWidth: Double
        /// Space between the text block and the shape, on each side.
        public var padding: Vec2
        /// The smallest shape, so a node with little or no text is still easy to hit.
        public var minimumSize: Vec2
        /// The shape of nodes whose style names none.
        public var shape: NodeShape
        /// The shape of branches whose child's style names none.
        public var edgeShape: EdgeShape
        /// How much bigger the central topic's text is than the theme's, drawn bold (1: as any
        /// node). A size the map gives the root itself wins.
        public var centralTextScale: Double

        public init(maxTextWidth: Double, padding: Vec2, minimumSize: Vec2, shape: NodeShape = .ellipse, edgeShape: EdgeShape = .curve,
                    centralTextScale: Double = 1) {
            self.maxTextWidth = maxTextWidth
            self.padding = padding
            self.minimumSize = minimumSize
            self.shape = shape
            self.edgeShape = edgeShape
            self.centralTextScale = centralTextScale
        }

        /// The style a node's text is measured and drawn in: its own, with the central topic's
        /// larger, heavier text where the theme has one and the map chose no size of its own.
        public func textStyle(of node: Node) -> NodeStyle {
            guard node.isCentral, centralTextScale != 1 else { return node.style }
            var style = node.style
            style.bold = true
            if style.fontSize == nil { style.fontSize = NodeStyle.basePointSize * centralTextScale }
            return style
        }

        public static let standard = Metrics(maxTextWidth: 260, padding: Vec2(6, 4), minimumSize: Vec2(64, 40))
    }

    public let metrics: Metrics
    let measurer: any TextMeasurer
    /// The pictures' sizes the platform knows (the core reads no files).
    public var imageSizes: ImageSizes

    public init(metrics: Metrics = .standard, measurer: any TextMeasurer, imageSizes: ImageSizes = ImageSizes()) {
        self.metrics = metrics
        self.measurer = measurer
        self.imageSizes = imageSizes
    }

    /// The measurer for text in `style`: bold or italic faces, scaled to its size.
    public func measurer(for style: NodeStyle) -> any TextMeasurer {
        let face = style.bold || style.italic ? measurer.styled(bold: style.bold, italic: style.italic) : measurer
        let scale = style.textScale
        return scale == 1 ? face : ScaledMeasurer(face, scale: scale)
    }

    /// The line width text in `style` wraps at; the central topic's wider again, so its larger
    /// words stay on as many lines as they would at the theme's size.
    public func maxTextWidth(for style: NodeStyle, central: Bool = false) -> Double {
        metrics.maxTextWidth * style.textScale * (central && metrics.centralTextScale != 1 ? Self.centralWidening : 1)
    }

    /// How much wider the central topic's lines may run (see `maxTextWidth`).
    static let centralWidening = 1.4

    public func shape(of style: NodeStyle) -> NodeShape { style.shape ?? metrics.shape }

    public func apply(to node: inout Node) {
        let style = metrics.textStyle(of: node)
        let measurer = measurer(for: style)
        // Icons stand before the text, as glyphs of the emoji font: part of what is drawn and
        // measured (the label), never of the text a person edits.
        let shown = node.icons.isEmpty ? node.text : IconGlyphs.prefix(for: node.icons) + node.text
        let lines = LineBreaker(maxWidth: maxTextWidth(for: style, central: node.isCentral)).brokenLines(of: shown, measuredBy: measurer)
        let textWidth = lines.reduce(0.0) { max($0, $1.width) }
        let textSize = Vec2(textWidth, Double(lines.count) * measurer.lineHeight)
        // why: most labels are one line that is the whole text; reusing the string shares its
        // storage, and no line is made a string of its own unless the text was broken.
        node.label = lines.count == 1 && lines[0].visible == shown.startIndex..<shown.endIndex
            ? shown : lines.map { String(shown[$0.visible]) }.joined(separator: "\n")
        node.textSize = textSize
        node.shape = shape(of: style)
        var block = textSize
        var picture = (size: Vec2.zero, found: false)
        if let image = node.image {
            // The picture stands above the text; the shape goes round both.
            picture = shownImage(image, scale: node.imageScale)
            let gap = textSize.y > 0 ? Self.imageGap : 0
            block = Vec2(max(textSize.x, picture.size.x), picture.size.y + gap + textSize.y)
        }
        let chips = chipRow(of: node, style: style)
        if node.chipsSize != chips.size || node.chipFrames != chips.frames {
            node.chipsSize = chips.size
            node.chipFrames = chips.frames
        }
        if chips.size.y > 0 {
            // The pills stand under the text; the shape goes round them.
            block = Vec2(max(block.x, chips.size.x), block.y + (block.y > 0 ? Self.imageGap : 0) + chips.size.y)
        }
        let table = attributeTable(of: node.attributes, style: style)
        node.setDerivedSizes(imageSize: picture.size, imageFound: picture.found, attributeTableSize: table.size,
                             attributeNameWidth: table.nameWidth)
        if table.size.y > 0 {
            // The table stands under the text; the shape goes round it too.
            block = Vec2(max(block.x, table.size.x), block.y + (block.y > 0 ? Self.imageGap : 0) + table.size.y)
        }
        node.edgeShape = style.edgeShape ?? metrics.edgeShape
        node.size = shapeSize(forText: block, shape: node.shape)
        // Freeplane does not show an empty group mark, nor an empty summary unless it is folded
        // (then it is how its children are reached): it takes no room and is not drawn.
        node.isPlaceholder = !node.summaryMarks.isEmpty && node.text.isEmpty && node.icons.isEmpty && node.image == nil
            && (node.summaryMarks.contains(.firstOfGroup) || !node.folded)
        if node.isPlaceholder { node.size = .zero }
        node.isMeasured = true
    }

    /// The size of a node's attribute table (none without rows) and of its name column: a header
    /// row, then (unless folded) a row for each attribute, name and value side by side, in text
    /// `attributeTextScale` the size of the node's, each column as wide as its widest words (the
    /// value column at most `maxTextWidth`; longer values are cut short with an ellipsis).
    public func attributeTable(of table: AttributeTable, style: NodeStyle) -> (size: Vec2, nameWidth: Double) {
        guard !table.isEmpty else { return (.zero, 0) }
        let measurer = measurer(for: style)
        let scale = Self.attributeTextScale
        // why: rasterised text comes out a little wider than measured; the slack keeps it from being cut.
        let pad = 2 * Self.attributeCellPadding + 3
        let row = AttributeTableLayout.rowHeight(lineHeight: measurer.lineHeight)
        let header = measurer.width(of: table.header[...]) * scale + pad
        guard !table.folded else { return (Vec2(header, row), 0) }
        let names = table.rows.reduce(0.0) { max($0, measurer.width(of: $1.name[...]) * scale) } + pad
        let values = min(table.rows.reduce(0.0) { max($0, measurer.width(of: $1.value[...]) * scale) }, maxTextWidth(for: style)) + pad
        return (Vec2(max(header, names + values), row * Double(table.rows.count + 1)), names)
    }

    /// The pills under a node's text (due day, tags): each one's frame and the block's size.
    public func chipRow(of node: Node, style: NodeStyle) -> (frames: [Rect], size: Vec2) {
        guard node.due != nil || !node.tags.isEmpty else { return ([], .zero) }
        let measurer = measurer(for: style)
        // why: rasterised text comes out a little wider than measured; the slack keeps it from being cut.
        let widths = NodeChips.texts(of: node).map { measurer.width(of: $0.text[...]) * NodeChips.textScale + 3 }
        return NodeChips.arrange(widths: widths, height: NodeChips.height(lineHeight: measurer.lineHeight), maxWidth: maxTextWidth(for: style))
    }

    /// Attribute tables' text, against the node's.
    public static let attributeTextScale = 0.8
    /// Space on either side of a table cell's words (map units).
    public static let attributeCellPadding = 5.0

    /// The shape around a text block of `textSize`: an ellipse's radii `w/√2, h/√2` plus padding,
    /// or a box's padding on each side; at least the minimum size.
    public func shapeSize(forText textSize: Vec2, shape: NodeShape? = nil) -> Vec2 {
        let factor = (shape ?? metrics.shape) == .ellipse ? 2.0.squareRoot() : 1
        return Vec2(
            max(metrics.minimumSize.x, (textSize.x + 2 * metrics.padding.x) * factor),
            max(metrics.minimumSize.y, (textSize.y + 2 * metrics.padding.y) * factor)
        )
    }
}
