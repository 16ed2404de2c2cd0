import Foundation

/// Search's folding (`SearchIndex.key`: lower case, no accents) done a character at a time from a
/// table, for the scripts most maps are written in, so a filter folds accented text without a
/// string from Foundation for each node (~1.3 µs a node through it: 130 ms for a 100,000-node map
/// written in French, where the issue allows 50).
///
/// The table is Foundation's own folding of each character, made once on first use (~2 ms), so the
/// two agree; `MapFilterTests` checks it against whole texts. A character it does not know — a
/// combining mark, which folds together with the letter before it, or a script outside the
/// table — leaves the text to Foundation.
struct CharacterFolding: Sendable {
    static let shared = CharacterFolding()

    /// Folded by the table: Latin-1 to Cyrillic, Latin Extended Additional and Greek Extended
    /// (Vietnamese, polytonic Greek), and kana.
    static let tabled: [ClosedRange<UInt32>] = [0x80...0x52F, 0x1E00...0x1FFF, 0x3040...0x30FF]
    /// Characters that fold to themselves, alone and among others: general punctuation, CJK
    /// punctuation and ideographs, Hangul syllables, Hebrew and Arabic letters. Not the marks (the
    /// points and vowel signs of those scripts, the ideographic tone marks U+302A–U+302F) nor the
    /// zero-width non-joiner (U+200C): alone they stay, but after a letter they fold away.
    static let unchanged: [ClosedRange<UInt32>] = [0x5D0...0x5EA, 0x621...0x64A, 0x2000...0x200B, 0x200D...0x206F,
                                                   0x3000...0x3029, 0x3030...0x303F, 0x4E00...0x9FFF, 0xAC00...0xD7A3]

    /// Per tabled character, in the order of `tabled`: where its folded UTF-8 starts in `bytes`,
    /// or `unknown`.
    private let starts: [UInt32]
    private let lengths: [UInt8]
    private let bytes: [UInt8]
    private static let unknown = UInt32.max

    private init() {
        var starts: [UInt32] = [], lengths: [UInt8] = [], bytes: [UInt8] = []
        for range in Self.tabled {
            for value in range {
                guard let scalar = Unicode.Scalar(value), !Self.isMark(scalar) else {
                    starts.append(Self.unknown)
                    lengths.append(0)
                    continue
                }
                let folded = Array(String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).utf8)
                guard folded.count <= Int(UInt8.max) else {
                    starts.append(Self.unknown)
                    lengths.append(0)
                    continue
                }
                starts.append(UInt32(bytes.count))
                lengths.append(UInt8(folded.count))
                bytes += folded
            }
        }
        self.starts = starts
        self.lengths = lengths
        self.bytes = bytes
    }

    /// why: a mark folds with its letter (`e` + U+0301 is `e`), but alone Foundation keeps it.
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Replaces `out` with `text` folded as `SearchIndex.key` folds it, as UTF-8; false (and `out`
    /// left partial) when the text holds a character the table does not know.
    func fold(_ text: String, into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                out.append(FilterMatcher.lowered(UInt8(value)))
                continue
            }
            if let slot = slot(of: value) {
                let start = starts[slot]
                guard start != Self.unknown else { return false }
                out.append(contentsOf: bytes[Int(start)..<Int(start) + Int(lengths[slot])])
            } else if Self.unchanged.contains(where: { $0.contains(value) }) {
                out.append(contentsOf: scalar.utf8)
            } else {
                return false
            }
        }
        return true
    }

    /// The character's place in the table, if it is in one of the `tabled` ranges.
    private func slot(of value: UInt32) -> Int? {
        var offset = 0
        for range in Self.tabled {
            if range.contains(value) { return offset + Int(value - range.lowerBound) }
            offset += range.count
        }
        return nil
    }
}
