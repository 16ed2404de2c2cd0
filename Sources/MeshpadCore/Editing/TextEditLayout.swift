/// Where the text of a node being edited is drawn: its lines, the caret, the selection and the
/// input method's underline, in map units relative to the node's centre.
///
/// Uses the same line breaking and measurer as node sizing, so the node grows as the text does
/// and the caret sits where the glyphs are: each line is drawn left-aligned at `Line.origin`
/// rather than centred by the font library, so both sides agree on where a line starts.
public struct TextEditLayout: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// The visible text of the line (no hanging spaces, no newline).
        public var text: String
        /// The left end of the line, vertically at its middle.
        public var origin: Vec2
        public var width: Double
        /// The grapheme offsets in the displayed text that the line owns.
        public var start: Int
        public var end: Int
    }

    public var lines: [Line]
    public var lineHeight: Double
    /// The node's shape around the displayed text (composition included).
    public var size: Vec2
    public var caret: Rect
    public var selection: [Rect]
    public var underline: [Rect]
    /// The x of every grapheme boundary on each line, for placing the caret by a tap.
    private var boundaries: [[Double]]

    /// `central`: the map's central topic, whose lines run wider (`NodeSizing.maxTextWidth`).
    public init(editor: TextEditor, sizing: NodeSizing, style: NodeStyle = NodeStyle(), central: Bool = false) {
        let display = editor.displayText
        let measurer = sizing.measurer(for: style)
        lineHeight = measurer.lineHeight
        let broken = LineBreaker(maxWidth: sizing.maxTextWidth(for: style, central: central)).brokenLines(of: display, measuredBy: measurer)
        let top = -Double(broken.count) * lineHeight / 2
        var lines: [Line] = []
        var boundaries: [[Double]] = []
        var offset = 0
        var cursor = display.startIndex
        for (i, line) in broken.enumerated() {
            offset += display.distance(from: cursor, to: line.range.lowerBound)
            let start = offset
            let length = display.distance(from: line.range.lowerBound, to: line.range.upperBound)
            cursor = line.range.upperBound
            let left = -line.width / 2
            var xs = [left]
            var index = line.range.lowerBound
            while index < line.range.upperBound {
                index = display.index(after: index)
                xs.append(left + measurer.width(of: display[line.range.lowerBound..<index]))
            }
            lines.append(Line(text: String(display[line.visible]), origin: Vec2(left, top + (Double(i) + 0.5) * lineHeight),
                              width: line.width, start: start, end: start + length))
            boundaries.append(xs)
            offset += length
        }
        if lines.isEmpty {
            lines = [Line(text: "", origin: .zero, width: 0, start: 0, end: 0)]
            boundaries = [[0]]
        }
        self.lines = lines
        self.boundaries = boundaries
        let textWidth = broken.reduce(0.0) { max($0, $1.width) }
        size = sizing.shapeSize(forText: Vec2(textWidth, Double(broken.count) * lineHeight), shape: sizing.shape(of: style))

        let caretWidth = max(1.5, lineHeight * 0.08)
        caret = Rect(x: 0, y: 0, width: 0, height: 0)
        selection = []
        underline = []
        let caretPoint = Self.point(editor.displayCaret, lines: lines, boundaries: boundaries)
        caret = Rect(x: caretPoint.x - caretWidth / 2, y: caretPoint.y - lineHeight / 2, width: caretWidth, height: lineHeight)
        if editor.hasSelection {
            selection = Self.spans(editor.selectionRange, lines: lines, boundaries: boundaries, lineHeight: lineHeight, thickness: lineHeight)
        }
        if editor.isComposing {
            let range = editor.caret..<(editor.caret + editor.composition.count)
            underline = Self.spans(range, lines: lines, boundaries: boundaries, lineHeight: lineHeight, thickness: max(1.5, lineHeight * 0.07))
        }
    }

    /// The grapheme offset nearest a point (relative to the node's centre): where a tap puts the caret.
    public func offset(at point: Vec2) -> Int {
        guard !lines.isEmpty else { return 0 }
        let row = min(max(Int(((point.y - (lines[0].origin.y - lineHeight / 2)) / lineHeight).rounded(.down)), 0), lines.count - 1)
        let xs = boundaries[row]
        var best = 0
        for (k, x) in xs.enumerated() where abs(x - point.x) < abs(xs[best] - point.x) { best = k }
        return lines[row].start + best
    }

    /// The last line starting at or before `offset` holds it: a caret after a wrap's hanging
    /// spaces is at the start of the next line.
    private static func lineIndex(_ offset: Int, lines: [Line]) -> Int {
        lines.lastIndex { $0.start <= offset } ?? 0
    }

    private static func point(_ offset: Int, lines: [Line], boundaries: [[Double]]) -> Vec2 {
        let row = lineIndex(offset, lines: lines)
        let xs = boundaries[row]
        let k = min(max(offset - lines[row].start, 0), xs.count - 1)
        return Vec2(xs[k], lines[row].origin.y)
    }

    /// One rectangle per line a range covers; `thickness` from the line's top (a selection) or
    /// bottom (an underline).
    private static func spans(_ range: Range<Int>, lines: [Line], boundaries: [[Double]], lineHeight: Double, thickness: Double) -> [Rect] {
        var rects: [Rect] = []
        for (row, line) in lines.enumerated() where range.lowerBound <= line.end && range.upperBound >= line.start {
            let xs = boundaries[row]
            let a = min(max(range.lowerBound - line.start, 0), xs.count - 1)
            let b = min(max(range.upperBound - line.start, 0), xs.count - 1)
            var width = xs[b] - xs[a]
            // A selection running on past the line's end covers its newline: show a sliver for it.
            if range.upperBound > line.end && row < lines.count - 1 { width += lineHeight * 0.3 }
            guard width > 0 else { continue }
            let top = thickness >= lineHeight ? line.origin.y - lineHeight / 2 : line.origin.y + lineHeight / 2 - thickness
            rects.append(Rect(x: xs[a], y: top, width: width, height: thickness))
        }
        return rects
    }
}
