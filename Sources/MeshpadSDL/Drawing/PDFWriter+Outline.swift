import CCairo
import Foundation
import MeshpadCore

/// The outline layout: the map as an indented document in the screen's fonts — the root as its
/// title, first-level branches as headings, second-level ones as subheadings, deeper ones as
/// indented bullets, each note under its node in a smaller grey type — wrapped to the page,
/// paginated, numbered "Page 2 of 5", with the headings as the PDF's bookmarks.
extension PDFWriter {
    /// How a node of a depth is set.
    struct OutlineStyle {
        var size: Double
        var face: FontLibrary.Face
        var indent: Double
        var spaceBefore: Double
        var bullet: Bool

        /// The title, headings for the first level and for branches of the second, bullets below.
        static func at(depth: Int, hasChildren: Bool) -> OutlineStyle {
            switch depth {
            case 0: return OutlineStyle(size: 20, face: .init(bold: true, italic: false), indent: 0, spaceBefore: 0, bullet: false)
            case 1: return OutlineStyle(size: 14, face: .init(bold: true, italic: false), indent: 0, spaceBefore: 14, bullet: false)
            case 2 where hasChildren:
                return OutlineStyle(size: 11.5, face: .init(bold: true, italic: false), indent: 16, spaceBefore: 7, bullet: false)
            default:
                return OutlineStyle(size: 10.5, face: .regular, indent: 16 * Double(max(depth - 1, 1)), spaceBefore: 2.5, bullet: true)
            }
        }
    }

    static let outlineInk = RGBA(hex: 0x1A1A1A)
    static let noteInk = RGBA(hex: 0x555555)
    static let noteSize = 9.0

    /// One line set on a page.
    struct OutlineLine {
        var line: PDFText.Line
        var x: Double
        var baseline: Double
        var size: Double
        var face: FontLibrary.Face
        var color: RGBA
        /// A bullet to its left.
        var bullet: Bool
        /// A heading's bookmark: its depth (1 or 2) and words.
        var bookmark: (depth: Int, title: String)?
    }

    static func drawOutline(_ document: Document, options: PDFOptions, text: PDFText, on pdf: PDFSurface) -> PDFSummary {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 1, height: 1), options: options)
        let content = plan.contentRect
        let footer = 14.0
        var pages: [[OutlineLine]] = [[]]
        var y = content.minY
        /// Starts a new page when `height` more does not fit on this one.
        func room(for height: Double) {
            if y + height > content.maxY - footer, !(pages.last?.isEmpty ?? true) {
                pages.append([])
                y = content.minY
            }
        }
        func set(_ words: String, style: OutlineStyle, color: RGBA, depth: Int?, bookmark: Bool = false) {
            let metrics = text.metrics(style.face, size: style.size)
            let width = content.width - style.indent
            let lines = wrap(words, style: style.face, size: style.size, width: width, text: text)
            // A heading keeps two lines of what follows with it.
            let kept = depth != nil && !style.bullet ? 3.0 : 1.0
            if !(pages.last?.isEmpty ?? true) { y += style.spaceBefore }
            room(for: metrics.lineSkip * kept)
            for (k, line) in lines.enumerated() {
                room(for: metrics.lineSkip)
                var placed = OutlineLine(line: line, x: content.minX + style.indent, baseline: y + metrics.ascent, size: style.size,
                                         face: style.face, color: color, bullet: style.bullet && k == 0 && depth != nil)
                if k == 0, bookmark, let depth { placed.bookmark = (depth, words.split(whereSeparator: \.isNewline).joined(separator: " ")) }
                pages[pages.count - 1].append(placed)
                y += metrics.lineSkip
            }
        }
        // The root's tree, then each free-standing tree as a branch of its own after it.
        let free = document.nodes.filter { $0.id != document.rootID && document.parent(of: $0.id) == nil }.map(\.id)
        var stack: [(id: NodeID, depth: Int)] = free.reversed().map { ($0, 1) } + [(document.rootID, 0)]
        while let (id, depth) = stack.popLast() {
            guard let node = document.node(id) else { continue }
            let children = document.children(of: id)
            let style = OutlineStyle.at(depth: depth, hasChildren: !children.isEmpty)
            let words = node.text.trimmingCharacters(in: .whitespacesAndNewlines)
            // Tasks, priorities and tags as the outline panel shows them; a node without words is
            // "—", so its children stay under it.
            let line = depth == 0 && words.isEmpty ? "Mind map" : Workspace.outlineText(of: node, firstLine: words)
            set(line, style: style, color: outlineInk, depth: depth, bookmark: (1...2).contains(depth) && !style.bullet)
            if options.notes, !node.note.isEmpty {
                let note = OutlineStyle(size: noteSize, face: .regular, indent: style.indent, spaceBefore: 1.5, bullet: false)
                set(node.note, style: note, color: noteInk, depth: nil)
            }
            stack.append(contentsOf: children.reversed().map { ($0, depth + 1) })
        }
        var parents: [Int32] = [0, 0, 0]
        for (number, lines) in pages.enumerated() {
            pdf.paintPage(RGBA(hex: 0xFFFFFF))
            for placed in lines {
                if placed.bullet {
                    let dot = text.measure("•", style: .regular, size: placed.size)
                    text.draw(dot, x: placed.x - dot.width - 5, baseline: placed.baseline, style: .regular, size: placed.size,
                              color: placed.color)
                }
                text.draw(placed.line, x: placed.x, baseline: placed.baseline, style: placed.face, size: placed.size, color: placed.color)
                if let (depth, title) = placed.bookmark {
                    let target = String(format: "page=%d pos=[%.1f %.1f]", number + 1, placed.x, placed.baseline - placed.size)
                    let flags = depth == 1 ? CAIRO_PDF_OUTLINE_FLAG_BOLD : cairo_pdf_outline_flags_t(rawValue: 0)
                    let made = cairo_pdf_surface_add_outline(pdf.surface, parents[depth - 1], title, target, flags)
                    parents[depth] = made
                }
            }
            drawFooter("Page \(number + 1) of \(pages.count)", theme: .standard, text: text, pdf: pdf, margin: content.minY)
            cairo_show_page(pdf.cr)
        }
        return PDFSummary(pages: pages.count, warnings: [])
    }

    /// Words broken into lines no wider than `width`, by the screen's own line breaker (at spaces
    /// and where scripts allow, within a word too long for a line), each line measured.
    static func wrap(_ words: String, style: FontLibrary.Face, size: Double, width: Double, text: PDFText) -> [PDFText.Line] {
        let measurer = PDFMeasurer(text: text, style: style, size: size)
        return LineBreaker(maxWidth: width).lines(of: words, measuredBy: measurer).map { text.measure($0[...], style: style, size: size) }
    }
}

/// The PDF's text in one face and size, measured as the core's line breaker asks.
struct PDFMeasurer: TextMeasurer {
    let text: PDFText
    let style: FontLibrary.Face
    let size: Double

    func width(of words: Substring) -> Double { text.measure(words, style: style, size: size).width }
    var lineHeight: Double { text.metrics(style, size: size).lineSkip }
    func styled(bold: Bool, italic: Bool) -> any TextMeasurer { self }
}
