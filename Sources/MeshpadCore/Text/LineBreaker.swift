/// Breaks text into lines no wider than a limit, at spaces, like a word processor.
///
/// Explicit newlines always break. A word wider than the limit on its own is split between
/// grapheme clusters, so no line ever overflows and no character is cut in half. Every
/// character of the text belongs to exactly one line (`Line.range`), so a caret can be placed
/// in the broken text; the spaces where a line wraps hang past its end and are not drawn.
public struct LineBreaker {
    public var maxWidth: Double

    public init(maxWidth: Double) {
        self.maxWidth = maxWidth
    }

    /// One line of broken text.
    public struct Line {
        /// The characters the line owns in the text: its visible text and any spaces that hang
        /// at a wrap (not the newline that ends a paragraph).
        public var range: Range<String.Index>
        /// The part that is drawn: `range` without trailing spaces.
        public var visible: Range<String.Index>
        /// The width of the visible part (word widths plus spaces, as the breaking summed them).
        public var width: Double
    }

    /// The drawn lines' text.
    public func lines(of text: String, measuredBy measurer: some TextMeasurer) -> [String] {
        brokenLines(of: text, measuredBy: measurer).map { String(text[$0.visible]) }
    }

    /// The lines as ranges of `text`, with their widths (so sizing a node measures each word
    /// once and never a whole line again); empty text has no lines.
    public func brokenLines(of text: String, measuredBy measurer: some TextMeasurer) -> [Line] {
        // why: most labels are printable ASCII, where every byte is a character: stepping through
        // the UTF-8 view finds the same places as finding grapheme boundaries, several times
        // cheaper. Any other byte (a control such as "\r", whose "\r\n" is one character, or
        // anything beyond ASCII) takes the general path.
        brokenLines(of: text, measuredBy: measurer, plain: text.utf8.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A })
    }

    /// `plain`: every byte of `text` is printable ASCII or a newline, so it is walked byte by
    /// byte (false walks it by grapheme whatever it holds: the tests compare the two).
    func brokenLines(of text: String, measuredBy measurer: some TextMeasurer, plain: Bool) -> [Line] {
        guard !text.isEmpty else { return [] }
        var lines: [Line] = []
        var start = text.startIndex
        while true {
            let end = (plain ? text.utf8[start...].firstIndex(of: 0x0A) : text[start...].firstIndex(of: "\n")) ?? text.endIndex
            breakParagraph(text[start..<end], plain: plain, measurer: measurer, into: &lines)
            guard end < text.endIndex else { break }
            start = plain ? text.utf8.index(after: end) : text.index(after: end)
        }
        return lines
    }

    private func breakParagraph(_ paragraph: Substring, plain: Bool, measurer: some TextMeasurer, into lines: inout [Line]) {
        func after(_ i: String.Index) -> String.Index { plain ? paragraph.utf8.index(after: i) : paragraph.index(after: i) }
        func isSpace(_ i: String.Index) -> Bool { plain ? paragraph.utf8[i] == UInt8(ascii: " ") : paragraph[i] == " " }
        // why: summing word widths (measured once each) keeps breaking linear in the text length;
        // kerning across a space is too small to matter at these widths.
        let spaceWidth = measurer.width(of: " ")
        var lineStart = paragraph.startIndex
        var visibleEnd = paragraph.startIndex
        var width = 0.0
        var hasWord = false
        var cursor = paragraph.startIndex
        while cursor < paragraph.endIndex {
            let spacesStart = cursor
            while cursor < paragraph.endIndex, isSpace(cursor) { cursor = after(cursor) }
            let spaces = plain ? paragraph.utf8.distance(from: spacesStart, to: cursor) : paragraph.distance(from: spacesStart, to: cursor)
            guard cursor < paragraph.endIndex else { break }
            let wordStart = cursor
            while cursor < paragraph.endIndex, !isSpace(cursor) { cursor = after(cursor) }
            let word = paragraph[wordStart..<cursor]
            let wordWidth = measurer.width(of: word)
            var gap = Double(spaces) * spaceWidth
            if hasWord {
                if width + gap + wordWidth <= maxWidth {
                    width += gap + wordWidth
                    visibleEnd = cursor
                    continue
                }
                // The word does not fit: the line ends before the spaces, which hang on it.
                lines.append(Line(range: lineStart..<wordStart, visible: lineStart..<visibleEnd, width: width))
                lineStart = wordStart
                gap = 0
            }
            // The word starts a line (after the paragraph's leading spaces, if any).
            hasWord = true
            visibleEnd = cursor
            if wordWidth <= maxWidth {
                width = gap + wordWidth
                continue
            }
            // A word wider than a line: split between graphemes, every piece but the last its own line.
            var pieceStart = wordStart
            var pieceWidth = 0.0
            var index = wordStart
            while index < cursor {
                let next = after(index)
                let candidate = measurer.width(of: paragraph[pieceStart..<next])
                if index > pieceStart && candidate > maxWidth {
                    lines.append(Line(range: lineStart..<index, visible: lineStart..<index, width: gap + pieceWidth))
                    lineStart = index
                    pieceStart = index
                    gap = 0
                    pieceWidth = measurer.width(of: paragraph[pieceStart..<next])
                } else {
                    pieceWidth = candidate
                }
                index = next
            }
            width = gap + pieceWidth
        }
        lines.append(Line(range: lineStart..<paragraph.endIndex, visible: lineStart..<(hasWord ? visibleEnd : lineStart), width: hasWord ? width : 0))
    }
}
