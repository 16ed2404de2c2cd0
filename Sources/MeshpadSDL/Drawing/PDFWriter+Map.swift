import CCairo
import Foundation
import MeshpadCore

/// The map layouts: each page draws the scene the screen would draw for its part of the map.
extension PDFWriter {
    /// Device units a map unit the scene is built at (the zoom stays 1, so everything the screen
    /// sizes at 100 % is that size): curves are cut finer than the eye can tell at any zoom a
    /// viewer allows, and nothing drops to the far view's dots and hairlines.
    static let devicePerMapUnit = 2.0

    /// Room round the map's nodes on the paper, for clouds, borders and loops reaching out.
    static let mapMargin = 40.0

    static func drawMap(_ document: Document, theme: Theme, options: PDFOptions, pictures: PDFPictures, text: PDFText,
                        on pdf: PDFSurface) -> PDFSummary {
        let cr = pdf.cr
        let plan = PDFPagePlan(mapBounds: document.bounds.outset(by: mapMargin), options: options) { document.hasContent(in: $0) }
        var warnings: [String] = []
        if plan.scaledDown {
            warnings.append(String(format: "the map needs more than %d pages at full size; it is tiled at %.0f %% instead",
                                   PDFPagePlan.largestGrid, plan.pointsPerMapUnit / PDFPagePlan.fullSize * 100))
        }
        let scene = SceneBuilder(theme: theme)
        var extras = SceneExtras()
        extras.today = CalendarDay.today()
        let progress = document.taskProgress()
        if !progress.counts.isEmpty { extras.taskProgress = progress }
        var list = DrawList()
        let k = devicePerMapUnit
        for page in plan.pages {
            pdf.paintPage(theme.background)
            cairo_save(cr)
            let content = plan.contentRect
            cairo_rectangle(cr, content.minX, content.minY, content.width, content.height)
            cairo_clip(cr)
            cairo_translate(cr, content.minX, content.minY)
            cairo_scale(cr, plan.pointsPerMapUnit / k, plan.pointsPerMapUnit / k)
            // why: a chosen scale is outside the interactive clamp; the camera only maps the page.
            var camera = Camera(zoom: 1, zoomLimits: 0.001...16)
            camera.place(mapPoint: page.mapRect.origin, atScreen: .zero)
            scene.build(document: document, camera: camera, viewportSize: page.mapRect.size, pixelScale: k, selection: [],
                        extras: extras, cullMarginPixels: mapMargin, into: &list)
            paint(list, pictures: pictures, text: text, cr: cr)
            cairo_restore(cr)
            if !page.label.isEmpty { drawFooter(page.label, theme: theme, text: text, pdf: pdf, margin: plan.contentRect.minY) }
            cairo_show_page(cr)
        }
        if !pictures.unreadable.isEmpty {
            warnings.append("pictures that could not be read are shown as boxes with their names: "
                            + pictures.unreadable.joined(separator: ", "))
        }
        return PDFSummary(pages: plan.pages.count, warnings: warnings)
    }

    /// A page's words at its foot, centred in the bottom margin, faint.
    static func drawFooter(_ words: String, theme: Theme, text: PDFText, pdf: PDFSurface, margin: Double) {
        let size = 7.5
        let line = text.measure(words[...], style: .regular, size: size)
        let m = text.metrics(.regular, size: size)
        text.draw(line, x: (pdf.pageSize.x - line.width) / 2, baseline: pdf.pageSize.y - margin / 2 + (m.ascent - m.descent) / 2,
                  style: .regular, size: size, color: theme.text.mixed(with: theme.background, amount: 0.45))
    }

    /// A draw list in cairo, in its order: the shapes under the hairlines, the hairlines, the
    /// shapes over them, pictures, then labels.
    static func paint(_ list: DrawList, pictures: PDFPictures, text: PDFText, cr: OpaquePointer) {
        let mark = list.hairlineMark ?? list.indices.count
        fillTriangles(list, 0..<mark, cr: cr)
        list.forEachHairlineBatch { lines, color in strokeLines(lines, color: color, cr: cr) }
        strokeLines(list.linkHairlines, color: list.linkHairlineColor, cr: cr)
        fillTriangles(list, mark..<list.indices.count, cr: cr)
        if !list.dots.isEmpty {
            setColor(list.dotColor, cr)
            for d in stride(from: 0, to: list.dots.count - 3, by: 4) {
                cairo_rectangle(cr, Double(list.dots[d]), Double(list.dots[d + 1]), Double(list.dots[d + 2]), Double(list.dots[d + 3]))
            }
            cairo_fill(cr)
        }
        for image in list.images where image.found {
            guard let surface = pictures.surface(for: image.path) else { continue }
            let width = Double(cairo_image_surface_get_width(surface)), height = Double(cairo_image_surface_get_height(surface))
            guard width > 0, height > 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, image.rect.minX, image.rect.minY)
            cairo_scale(cr, image.rect.width / width, image.rect.height / height)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        for label in list.labels { text.draw(label) }
    }

    static func setColor(_ color: RGBA, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
    }

    /// One-pixel lines (x1, y1, x2, y2 in device units), stroked a device unit wide.
    static func strokeLines(_ lines: [Float], color: RGBA, cr: OpaquePointer) {
        guard lines.count >= 4 else { return }
        setColor(color, cr)
        cairo_set_line_width(cr, 1)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for l in stride(from: 0, to: lines.count - 3, by: 4) {
            cairo_move_to(cr, Double(lines[l]), Double(lines[l + 1]))
            cairo_line_to(cr, Double(lines[l + 2]), Double(lines[l + 3]))
        }
        cairo_stroke(cr)
    }

    /// The draw list's triangles as filled outlines of one colour each (see `PDFShapes`).
    static func fillTriangles(_ list: DrawList, _ range: Range<Int>, cr: OpaquePointer) {
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        for outline in PDFShapes.outlines(of: list, triangles: range) {
            for loop in outline.loops {
                cairo_move_to(cr, loop[0].x, loop[0].y)
                for point in loop.dropFirst() { cairo_line_to(cr, point.x, point.y) }
                cairo_close_path(cr)
            }
            setColor(outline.color, cr)
            cairo_fill(cr)
        }
    }
}
