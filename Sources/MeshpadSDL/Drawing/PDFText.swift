import CCairo
import Foundation
import MeshpadCore

/// Lines of text set on a cairo context as real text (selectable, searchable, its fonts
/// embedded): each line cut into runs by the font that has its characters, each run shown in
/// that font; colour emoji drawn as pictures from their bitmaps, at the line's height, as the
/// screen scales them.
final class PDFText {
    let fonts: PDFFonts
    private let cr: OpaquePointer

    init(fonts: PDFFonts, cairo cr: OpaquePointer) {
        self.fonts = fonts
        self.cr = cr
    }

    /// A line measured: its runs and where each begins, at one size.
    struct Line {
        var runs: [(run: PDFFontChain.Run, x: Double, width: Double)] = []
        var width = 0.0
    }

    struct Metrics {
        var ascent: Double
        var descent: Double
        var lineSkip: Double
    }

    /// The style's line metrics at `size` (the font size in the context's units).
    func metrics(_ style: FontLibrary.Face, size: Double) -> Metrics {
        let m = fonts.chain(style).primary.verticalMetrics
        return Metrics(ascent: m.ascent * size, descent: m.descent * size, lineSkip: m.height * size)
    }

    func measure(_ text: Substring, style: FontLibrary.Face, size: Double) -> Line {
        let chain = fonts.chain(style)
        let lineSkip = metrics(style, size: size).lineSkip
        var line = Line()
        for run in chain.runs(of: text) {
            let width: Double
            if run.face.isColorBitmap {
                width = run.text.reduce(0) { total, character in
                    guard let scalar = character.unicodeScalars.first, let glyph = fonts.emoji(scalar.value, in: run.face) else { return total }
                    return total + glyph.advance * Self.emojiScale(glyph, lineSkip: lineSkip)
                }
            } else {
                width = fonts.width(of: run.text, in: run.face, cairo: cr) * size
            }
            line.runs.append((run, line.width, width))
            line.width += width
        }
        return line
    }

    /// `text` cut to fit `maxWidth` with an ellipsis, at a character boundary, as the screen cuts
    /// interface text; as it is when it fits.
    func fitted(_ text: Substring, style: FontLibrary.Face, size: Double, maxWidth: Double) -> Line {
        let whole = measure(text, style: style, size: size)
        guard maxWidth > 0, whole.width > maxWidth else { return whole }
        var fitting: Line?
        // Enough tries to reach "…" alone: each takes at least one character off.
        _ = Ellipsis.shortened(String(text), wholeWidth: whole.width, maxWidth: maxWidth, tries: text.count + 1) { shorter in
            let line = measure(shorter[...], style: style, size: size)
            fitting = line
            return line.width
        }
        return fitting ?? measure("…", style: style, size: size)
    }

    /// Draws a measured line with its left end at `x` and its baseline at `baseline`.
    func draw(_ line: Line, x: Double, baseline: Double, style: FontLibrary.Face, size: Double, color: RGBA) {
        let m = metrics(style, size: size)
        for (run, start, width) in line.runs {
            if run.face.isColorBitmap {
                drawEmoji(run, x: x + start, baseline: baseline, metrics: m, alpha: Double(color.a) / 255)
                continue
            }
            cairo_set_source_rgba(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
            cairo_set_font_face(cr, run.face.cairo)
            cairo_set_font_size(cr, size)
            if run.rightToLeft {
                // why: cairo does not shape: a right-to-left run is at least drawn in reading
                // order, character by character from its right end.
                var right = x + start + width
                for character in run.text {
                    let piece = String(character)
                    let advance = fonts.width(of: piece[...], in: run.face, cairo: cr) * size
                    right -= advance
                    cairo_set_font_face(cr, run.face.cairo)
                    cairo_set_font_size(cr, size)
                    cairo_move_to(cr, right, baseline)
                    cairo_show_text(cr, piece)
                }
            } else {
                cairo_move_to(cr, x + start, baseline)
                cairo_show_text(cr, String(run.text))
            }
        }
    }

    /// Colour emoji, each scaled so its strike is 0.95 of a line tall and centred on the text's
    /// middle, as `FontChain.renderLine` places them.
    private func drawEmoji(_ run: PDFFontChain.Run, x: Double, baseline: Double, metrics m: Metrics, alpha: Double) {
        var pen = x
        for character in run.text {
            guard let scalar = character.unicodeScalars.first, let glyph = fonts.emoji(scalar.value, in: run.face) else { continue }
            let scale = Self.emojiScale(glyph, lineSkip: m.lineSkip)
            let top = baseline - m.ascent + (m.ascent + m.descent - glyph.strikeHeight * scale) / 2
            cairo_save(cr)
            cairo_translate(cr, pen + glyph.left * scale, top + (glyph.strikeAscent - glyph.top) * scale)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, glyph.surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint_with_alpha(cr, alpha)
            cairo_restore(cr)
            pen += glyph.advance * scale
        }
    }

    static func emojiScale(_ glyph: PDFEmoji, lineSkip: Double) -> Double {
        lineSkip * 0.95 / max(glyph.strikeHeight, 1)
    }

    /// Draws a label of the draw list as the screen's text cache and painter place it: lines
    /// centred on each other, the block centred on (or starting or ending at) `center`.
    func draw(_ label: DrawList.Label) {
        let style = FontLibrary.Face(bold: label.bold, italic: label.italic)
        let size = label.pixelSize
        let m = metrics(style, size: size)
        let lines = label.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            label.maxWidth > 0 ? fitted($0, style: style, size: size, maxWidth: label.maxWidth) : measure($0, style: style, size: size)
        }
        guard !lines.isEmpty else { return }
        let width = lines.map(\.width).max() ?? 0
        let height = Double(lines.count - 1) * m.lineSkip + m.ascent + m.descent
        let left: Double
        switch label.alignment {
        case .center: left = label.center.x - width / 2
        case .leading: left = label.center.x
        case .trailing: left = label.center.x - width
        }
        let top = label.center.y - height / 2
        for (k, line) in lines.enumerated() where !line.runs.isEmpty {
            draw(line, x: left + (width - line.width) / 2, baseline: top + Double(k) * m.lineSkip + m.ascent, style: style,
                 size: size, color: label.color)
        }
    }
}
