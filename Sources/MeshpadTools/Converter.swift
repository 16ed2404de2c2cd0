import Foundation
import MeshpadCore
import MeshpadSDL

/// `meshpad convert IN OUT`: any readable map to any format, by extension.
@MainActor
public enum Converter {
    /// Converts and returns warnings about what the output format could not hold.
    /// - Parameters:
    ///   - pdf: the paper and layout of a `.pdf` output.
    ///   - sheet: which map of a file holding several (an XMind workbook's sheets), from 0; nil is the first.
    public static func convert(input: String, output: String, scale: Double, theme: Theme = .standard, pdf: PDFOptions = PDFOptions(),
                               sheet: Int? = nil) throws(ConversionError) -> [String] {
        guard MapFormat(path: output) != nil else { throw unknownFormat(output) }
        let loaded: MapFile.Loaded
        do {
            loaded = try MapFile.read(input, sheet: sheet)
        } catch {
            throw .failed(error.description)
        }
        return try convert(loaded, mapFolder: (FileFlow.absolute(input) as NSString).deletingLastPathComponent, output: output,
                           scale: scale, theme: theme, pdf: pdf)
    }

    /// The map measured with the real font and, if its format had no positions, laid out, as the
    /// app would show it: positions (native, a shared map's snapshot) and sizes (SVG) need it.
    /// With `pictures`, the folder its pictures are read from, nodes are sized for their pictures
    /// as the app sizes them (what a PDF draws).
    public static func prepared(_ document: Document, theme: Theme = .standard, pictures mapFolder: String? = nil) throws(PlatformError) -> Document {
        var document = document
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            let canvas = try Canvas(title: "Meshpad", size: PixelSize(width: 16, height: 16), theme: theme, hidden: true, preferSoftware: true)
            if let mapFolder {
                // why: learned before the layout, so nodes are laid out at their pictures' sizes.
                canvas.painter.images.folder = mapFolder
                canvas.painter.images.learn(document)
            }
            document.prepareForDisplay(with: canvas.sizing, layout: theme.treeLayout)
        }
        return document
    }

    /// Writes a map already loaded (a file, a shared map's snapshot); pictures are found from `mapFolder`.
    public static func convert(_ loaded: MapFile.Loaded, mapFolder: String, output: String, scale: Double,
                               theme: Theme = .standard, pdf: PDFOptions = PDFOptions()) throws(ConversionError) -> [String] {
        guard let format = MapFormat(path: output) else { throw unknownFormat(output) }
        var warnings = loaded.warnings
        if format == .png {
            do {
                warnings += try HeadlessRender.renderWholeMap(loaded.document, scale: scale, theme: theme, mapFolder: mapFolder, to: output)
            } catch {
                throw .failed(error.description)
            }
            return warnings
        }
        if format == .pdf {
            do {
                let document = try prepared(loaded.document, theme: theme, pictures: mapFolder)
                warnings += try PDFWriter.write(document, theme: theme, options: pdf, mapFolder: mapFolder, to: output).warnings
            } catch {
                throw .failed(error.description)
            }
            return warnings
        }
        var document: Document
        do {
            document = try prepared(loaded.document, theme: theme)
        } catch {
            throw .failed(error.description)
        }
        // A `.meshpad` carries the small pictures it shows, as the app's Save does; a format
        // that names pictures by path gets those held only inside the map written beside it.
        if format == .native { document.keepPictures(PictureEmbedding.look(for: document, in: mapFolder)) }
        do {
            return warnings + (try DocumentFile.write(document, to: output, as: format, theme: theme))
        } catch {
            throw .failed(error.description)
        }
    }

    private static func unknownFormat(_ output: String) -> ConversionError {
        .usage("cannot tell the output format from '\(output)': use .meshpad, .mm, .opml, .md, .xmind, .mmd, .svg, .png or .pdf")
    }
}

/// Why a conversion did not happen: the command line (exit 2) or the operation (exit 1).
public enum ConversionError: Error, Equatable, CustomStringConvertible {
    case usage(String)
    case failed(String)

    public var description: String {
        switch self {
        case .usage(let message), .failed(let message): return message
        }
    }
}
