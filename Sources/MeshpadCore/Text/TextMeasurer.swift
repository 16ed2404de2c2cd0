/// Measures text in the font labels are drawn with, at the theme's font size, in map units.
///
/// The platform layer implements it with SDL2_ttf; tests use a fixed-advance stand-in. Core code
/// never rasterises: it only asks how wide a run of text is and how tall a line is.
public protocol TextMeasurer {
    /// Advance width of `text` on one line.
    func width(of text: Substring) -> Double
    /// Distance from one baseline to the next.
    var lineHeight: Double { get }
}

/// A measurer where every grapheme cluster advances by the same width.
///
/// Deterministic and font-free: for tests, and for sizing nodes before a font is loaded.
public struct FixedAdvanceMeasurer: TextMeasurer, Sendable {
    public var advance: Double
    public var lineHeight: Double

    public init(advance: Double = 8, lineHeight: Double = 19) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    public func width(of text: Substring) -> Double { Double(text.count) * advance }
}
