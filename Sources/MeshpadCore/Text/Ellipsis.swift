import Foundation

/// Interface text too wide for its room, cut at a character boundary (never mid-letter) and
/// ended in "…": the screen's labels and the PDF's cut the same way.
public enum Ellipsis {
    /// `text` shortened so that `width` of it fits `maxWidth`: a first guess from how far the
    /// whole text (`wholeWidth` wide) is over, then narrowed by each width measured, at most
    /// `tries` measurements. Nil when `width` cannot measure now (the screen's budget for a frame)
    /// or the tries run out.
    public static func shortened(_ text: String, wholeWidth: Double, maxWidth: Double, tries: Int,
                                 width: (String) -> Double?) -> String? {
        let characters = Array(text)
        var keep = Int(Double(characters.count) * maxWidth / max(wholeWidth, 1))
        for _ in 0..<max(0, tries) {
            keep = max(0, keep - 1)
            let candidate = String(characters.prefix(keep)).trimmingCharacters(in: .whitespaces) + "…"
            guard let measured = width(candidate) else { return nil }
            if measured <= maxWidth || keep == 0 { return candidate }
            keep = min(keep, Int(Double(keep) * maxWidth / measured) + 1)
        }
        return nil
    }
}
