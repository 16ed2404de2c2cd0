import CCairo
import Foundation
import MeshpadCore

/// What a PDF written holds.
public struct PDFSummary: Sendable {
    public var pages: Int
    public var warnings: [String]

    public init(pages: Int, warnings: [String]) {
        self.pages = pages
        self.warnings = warnings
    }
}

/// Writes a map as a PDF through cairo: vector shapes, real text in the fonts the screen uses
/// (selectable and searchable, the fonts embedded), pictures embedded, colour emoji as pictures.
///
/// The map layouts draw the very scene the screen draws (`SceneBuilder`'s `DrawList`, nothing
/// selected, at 100 % and full detail on every page, however small the page shows it); the
/// outline sets the map as an indented document. `PDFPagePlan` decides the pages.
///
/// Needs no window and no SDL session (pictures are decoded with SDL2_image alone): the app's
/// Export ▸ PDF and printing call it with the map they show, `meshpad convert` with the map
/// `Converter.prepared` measured and laid out.
public enum PDFWriter {
    /// Writes `document` to `path` (through a file beside it, renamed when complete: a PDF that
    /// fails half-way leaves what was at `path` alone).
    /// - Parameters:
    ///   - document: measured and laid out for display (positions and sizes are drawn as they are).
    ///   - mapFolder: where pictures with relative paths are read from; the map's embedded copies stand in.
    public static func write(_ document: Document, theme: Theme, options: PDFOptions, mapFolder: String?,
                             to path: String) throws(PlatformError) -> PDFSummary {
        let theme = theme.onPaper
        let fonts = try PDFFonts()
        let folder = (path as NSString).deletingLastPathComponent
        let partial = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).partial"
        var summary: PDFSummary
        do {
            let pdf = try PDFSurface(path: partial, pageSize: options.pageSize)
            let title = document.root.text.split(separator: "\n").joined(separator: " ")
            cairo_pdf_surface_set_metadata(pdf.surface, CAIRO_PDF_METADATA_TITLE, title.isEmpty ? "Mind map" : title)
            cairo_pdf_surface_set_metadata(pdf.surface, CAIRO_PDF_METADATA_CREATOR, "Meshpad")
            let text = PDFText(fonts: fonts, cairo: pdf.cr)
            switch options.layout {
            case .onePage, .tiled:
                let pictures = PDFPictures(folder: mapFolder, embedded: document.embeddedPictures)
                summary = drawMap(document, theme: theme, options: options, pictures: pictures, text: text, on: pdf)
            case .outline:
                summary = drawOutline(document, options: options, text: text, on: pdf)
            }
            try pdf.finish(path: path)
        } catch {
            unlink(partial)
            throw error
        }
        guard rename(partial, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(partial)
            throw failure(path, reason)
        }
        return summary
    }

    /// The error for a PDF that could not be written.
    static func failure(_ path: String, _ detail: String) -> PlatformError {
        .pdfWrite(path: path, detail: detail)
    }
}

/// A PDF file being drawn: cairo's PDF surface and a context on it, freed together.
final class PDFSurface {
    let surface: OpaquePointer
    let cr: OpaquePointer
    let pageSize: Vec2

    init(path: String, pageSize: Vec2) throws(PlatformError) {
        guard let surface = cairo_pdf_surface_create(path, pageSize.x, pageSize.y) else { throw PDFWriter.failure(path, "cairo made no surface") }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            let reason = String(cString: cairo_status_to_string(cairo_surface_status(surface)))
            cairo_surface_destroy(surface)
            throw PDFWriter.failure(path, reason)
        }
        self.surface = surface
        self.cr = cr
        self.pageSize = pageSize
        // why: unhinted metrics scale linearly, so a word measured once is right at every size.
        if let fontOptions = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(fontOptions, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(fontOptions, CAIRO_HINT_STYLE_NONE)
            cairo_set_font_options(cr, fontOptions)
            cairo_font_options_destroy(fontOptions)
        }
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Fills the page with `color` (the theme's background, to the paper's edge).
    func paintPage(_ color: RGBA) {
        cairo_set_source_rgba(cr, Double(color.r) / 255, Double(color.g) / 255, Double(color.b) / 255, Double(color.a) / 255)
        cairo_paint(cr)
    }

    /// Writes out what is left; the file is complete when this returns.
    func finish(path: String) throws(PlatformError) {
        let drawing = cairo_status(cr)
        cairo_surface_finish(surface)
        let status = drawing != CAIRO_STATUS_SUCCESS ? drawing : cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw PDFWriter.failure(path, String(cString: cairo_status_to_string(status))) }
    }
}
