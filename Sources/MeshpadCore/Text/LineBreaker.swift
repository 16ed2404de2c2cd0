/// Breaks text into lines no wider than a limit, at spaces, like a word processor.
///
/// Explicit newlines always break. A word wider than the limit on its own is split between
/// grapheme clusters, so no line ever overflows and no character is cut in half.
public struct LineBreaker {
    public var maxWidth: Double

    public init(maxWidth: Double) {
        self.maxWidth = maxWidth
    }

    public func lines(of text: String, measuredBy measurer: some TextMeasurer) -> [String] {
        measuredLines(of: text, measuredBy: measurer).map(\.text)
    }

    /// The lines with their widths (word widths plus spaces, as the breaking summed them), so
    /// sizing a node measures each word once and never a whole line again.
    public func measuredLines(of text: String, measuredBy measurer: some TextMeasurer) -> [(text: String, width: Double)] {
        guard !text.isEmpty else { return [] }
        var lines: [(text: String, width: Double)] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            breakParagraph(paragraph, measurer: measurer, into: &lines)
        }
        return lines
    }

    private func breakParagraph(_ paragraph: Substring, measurer: some TextMeasurer, into lines: inout [(text: String, width: Double)]) {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        guard !words.isEmpty else {
            lines.append(("", 0))
            return
        }
        // why: summing word widths (measured once each) keeps breaking linear in the text length;
        // kerning across a space is too small to matter at these widths.
        let spaceWidth = measurer.width(of: " ")
        var current = ""
        var currentWidth = 0.0
        for word in words {
            let wordWidth = measurer.width(of: word)
            if !current.isEmpty && currentWidth + spaceWidth + wordWidth <= maxWidth {
                current += " " + word
                currentWidth += spaceWidth + wordWidth
                continue
            }
            // The word starts a line: the paragraph's first, or one that did not fit.
            if !current.isEmpty { lines.append((current, currentWidth)) }
            if wordWidth <= maxWidth {
                current = String(word)
                currentWidth = wordWidth
            } else {
                let pieces = splitLongWord(word, measurer: measurer)
                lines.append(contentsOf: pieces.dropLast().map { ($0, measurer.width(of: $0[...])) })
                current = pieces.last ?? ""
                currentWidth = measurer.width(of: current[...])
            }
        }
        lines.append((current, currentWidth))
    }

    private func splitLongWord(_ word: Substring, measurer: some TextMeasurer) -> [String] {
        var pieces: [String] = []
        var piece = ""
        for character in word {
            let candidate = piece + String(character)
            if !piece.isEmpty && measurer.width(of: candidate[...]) > maxWidth {
                pieces.append(piece)
                piece = String(character)
            } else {
                piece = candidate
            }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
}
