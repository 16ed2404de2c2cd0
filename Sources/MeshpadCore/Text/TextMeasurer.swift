/// Measures text in the font labels are drawn with, at the theme's font size, in map units.
///
/// The platform layer implements it with SDL2_ttf; tests use a fixed-advance stand-in. Core code
/// never rasterises: it only asks how wide a run of text is and how tall a line is.
public protocol TextMeasurer {
    /// Advance width of `text` on one line.
    func width(of text: Substring) -> Double
    /// Distance from one baseline to the next.
    var lineHeight: Double { get }
    /// The measurer for bold and/or italic text; this one where there are no such faces.
    func styled(bold: Bool, italic: Bool) -> any TextMeasurer
}

extension TextMeasurer {
    public func styled(bold: Bool, italic: Bool) -> any TextMeasurer { self }
}

/// Another measurer's widths and line height times a factor: text drawn bigger or smaller.
public struct ScaledMeasurer: TextMeasurer {
    public let base: any TextMeasurer
    public let scale: Double

    public init(_ base: any TextMeasurer, scale: Double) {
        self.base = base
        self.scale = scale
    }

    public func width(of text: Substring) -> Double { base.width(of: text) * scale }
    public var lineHeight: Double { base.lineHeight * scale }
}

/// A measurer where every grapheme cluster advances by the same width.
///
/// Deterministic and font-free: for tests, and for sizing nodes before a font is loaded. Bold
/// text is an eighth wider, as real bold faces roughly are.
public struct FixedAdvanceMeasurer: TextMeasurer, Sendable {
    public var advance: Double
    public var lineHeight: Double

    public init(advance: Double = 8, lineHeight: Double = 19) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    public func width(of text: Substring) -> Double { Double(text.count) * advance }

    public func styled(bold: Bool, italic: Bool) -> any TextMeasurer {
        bold ? FixedAdvanceMeasurer(advance: advance * 9 / 8, lineHeight: lineHeight) : self
    }
}
