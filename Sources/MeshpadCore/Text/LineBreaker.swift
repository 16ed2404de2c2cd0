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
        guard !text.isEmpty else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            breakParagraph(paragraph, measurer: measurer, into: &lines)
        }
        return lines
    }

    private func breakParagraph(_ paragraph: Substring, measurer: some TextMeasurer, into lines: inout [String]) {
        let words = paragraph.split(separator: " ", omittingEmptySubsequences: true)
        guard !words.isEmpty else {
            lines.append("")
            return
        }
        // why: summing word widths (measured once each) keeps breaking linear in the text length;
        // kerning across a space is too small to matter at these widths.
        let spaceWidth = measurer.width(of: " ")
        var current = ""
        var currentWidth = 0.0
        for word in words {
            let wordWidth = measurer.width(of: word)
            if current.isEmpty {
                if wordWidth <= maxWidth {
                    current = String(word)
                    currentWidth = wordWidth
                } else {
                    let pieces = splitLongWord(word, measurer: measurer)
                    lines.append(contentsOf: pieces.dropLast())
                    current = pieces.last ?? ""
                    currentWidth = measurer.width(of: current[...])
                }
            } else if currentWidth + spaceWidth + wordWidth <= maxWidth {
                current += " " + word
                currentWidth += spaceWidth + wordWidth
            } else {
                lines.append(current)
                current = ""
                currentWidth = 0
                if wordWidth <= maxWidth {
                    current = String(word)
                    currentWidth = wordWidth
                } else {
                    let pieces = splitLongWord(word, measurer: measurer)
                    lines.append(contentsOf: pieces.dropLast())
                    current = pieces.last ?? ""
                    currentWidth = measurer.width(of: current[...])
                }
            }
        }
        lines.append(current)
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
