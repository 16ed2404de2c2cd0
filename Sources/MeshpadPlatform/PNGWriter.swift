import CSDL2
import Foundation
import MeshpadCore

/// Writes pixel buffers as PNG files through SDL2_image.
///
/// Writes to a temporary file beside the target and renames it over, so an interrupted write
/// never leaves a truncated PNG where a good one was.
public enum PNGWriter {
    public static func write(_ buffer: PixelBuffer, to path: String) throws(PlatformError) {
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        var pixels = buffer.pixels
        let status: Int32 = pixels.withUnsafeMutableBytes { bytes in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(
                bytes.baseAddress, Int32(buffer.width), Int32(buffer.height), 32, Int32(buffer.width * 4),
                meshpad_pixelformat_argb8888()
            ) else { return -1 }
            defer { SDL_FreeSurface(surface) }
            return IMG_SavePNG(surface, temporary)
        }
        guard status == 0 else {
            let detail = PlatformError.sdlMessage
            unlink(temporary)
            throw .pngWrite(path: path, detail: detail)
        }
        guard rename(temporary, path) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(temporary)
            throw .pngWrite(path: path, detail: detail)
        }
    }
}

/// Draws maps headless (offscreen video driver, software renderer) and saves them as PNG.
@MainActor
public enum HeadlessRender {
    /// Renders `document` as the app would open it (framed, at 100 % at most), or with `fit`
    /// framed at whatever zoom the clamp allows, and writes `outputPath`. Pictures with relative
    /// paths are read from `mapFolder`, else from the copies the map keeps, as the app reads them.
    public static func render(_ document: Document, size: PixelSize, fit: Bool = false, theme: Theme = .standard,
                              selection: Set<NodeID>? = nil, live: Bool = false, mapFolder: String? = nil,
                              to outputPath: String) throws(PlatformError) {
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            let canvas = try Canvas(title: "Meshpad", size: size, theme: theme, hidden: true, preferSoftware: true)
            canvas.usesOverview = !live
            // why: learned before the layout, so nodes are laid out at their pictures' sizes.
            canvas.painter.images.folder = mapFolder
            canvas.painter.images.learn(document)
            var document = document
            document.prepareForDisplay(with: canvas.sizing, layout: theme.treeLayout)
            var camera = Camera(zoomLimits: Workspace.zoomLimits(for: document, viewportSize: canvas.viewportSize))
            camera.frame(document.bounds, viewportSize: canvas.viewportSize, maxZoom: fit ? Camera.defaultZoomLimits.upperBound : 1)
            canvas.paint(document: document, camera: camera, selection: selection ?? [document.rootID])
            try PNGWriter.write(try canvas.renderer.readPixels(), to: outputPath)
        }
    }

    /// The largest picture `renderWholeMap` makes, per side: 8192² ARGB is 256 MiB already.
    public static let largestSide = 8192

    /// The whole map at `scale` pixels per map unit (reduced, with a warning, to stay within
    /// `largestSide`), for `meshpad convert map.mm map.png`. Returns warnings.
    public static func renderWholeMap(_ document: Document, scale: Double, theme: Theme = .standard, mapFolder: String? = nil,
                                      to outputPath: String) throws(PlatformError) -> [String] {
        let session = try SDLSession(headless: true)
        return try withExtendedLifetime(session) { () throws(PlatformError) -> [String] in
            try writeWholeMap(document, scale: scale, theme: theme, mapFolder: mapFolder, to: outputPath)
        }
    }

    /// `renderWholeMap` inside a running SDL session (the app's Export): its own hidden canvas.
    /// - Parameter mapFolder: where the nodes' pictures with relative paths are read from.
    static func writeWholeMap(_ document: Document, scale: Double, theme: Theme, mapFolder: String? = nil,
                              to outputPath: String) throws(PlatformError) -> [String] {
        // Sizes first (a measuring canvas), to know how big the picture must be.
        let probe = try Canvas(title: "Meshpad", size: PixelSize(width: 16, height: 16), theme: theme, hidden: true, preferSoftware: true)
        probe.painter.images.folder = mapFolder
        probe.painter.images.learn(document)
        var document = document
        document.prepareForDisplay(with: probe.sizing)
        let bounds = document.bounds.outset(by: 40)
        var used = scale
        var warnings: [String] = []
        let largest = max(bounds.width, bounds.height) * scale
        if largest > Double(largestSide) {
            used = Double(largestSide) / max(bounds.width, bounds.height)
            warnings.append("the map is too big for a \(largestSide)-pixel picture at scale \(scale); drawn at scale \(String(format: "%.3f", used))")
        }
        let size = PixelSize(width: max(1, Int((bounds.width * used).rounded(.up))), height: max(1, Int((bounds.height * used).rounded(.up))))
        let canvas = try Canvas(title: "Meshpad", size: size, theme: theme, hidden: true, preferSoftware: true)
        // why: one picture, drawn once: tiles would only cost memory and time.
        canvas.usesOverview = false
        // Textures belong to a renderer: the picture's canvas loads the pictures again.
        canvas.painter.images.folder = mapFolder
        canvas.painter.images.learn(document)
        // why: a chosen scale may be outside the interactive clamp (a poster at 4×, an overview at 0.05×).
        var camera = Camera(zoom: used, zoomLimits: min(used, 0.001)...max(used, 16))
        camera.place(mapPoint: bounds.origin, atScreen: .zero)
        canvas.paint(document: document, camera: camera, selection: [])
        try PNGWriter.write(try canvas.renderer.readPixels(), to: outputPath)
        return warnings
    }
}

/// `meshpad convert IN OUT`: any readable map to any format, by extension.
@MainActor
public enum Converter {
    /// Converts and returns warnings about what the output format could not hold.
    public static func convert(input: String, output: String, scale: Double, theme: Theme = .standard) throws(ConversionError) -> [String] {
        guard MapFormat(path: output) != nil else { throw unknownFormat(output) }
        let loaded: MapFile.Loaded
        do {
            loaded = try MapFile.read(input)
        } catch {
            throw .failed(error.description)
        }
        return try convert(loaded, mapFolder: (FileFlow.absolute(input) as NSString).deletingLastPathComponent, output: output,
                           scale: scale, theme: theme)
    }

    /// The map measured with the real font and, if its format had no positions, laid out, as the
    /// app would show it: positions (native, a shared map's snapshot) and sizes (SVG) need it.
    public static func prepared(_ document: Document, theme: Theme = .standard) throws(PlatformError) -> Document {
        var document = document
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            let canvas = try Canvas(title: "Meshpad", size: PixelSize(width: 16, height: 16), theme: theme, hidden: true, preferSoftware: true)
            document.prepareForDisplay(with: canvas.sizing, layout: theme.treeLayout)
        }
        return document
    }

    /// Writes a map already loaded (a file, a shared map's snapshot); pictures are found from `mapFolder`.
    public static func convert(_ loaded: MapFile.Loaded, mapFolder: String, output: String, scale: Double,
                               theme: Theme = .standard) throws(ConversionError) -> [String] {
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
        .usage("cannot tell the output format from '\(output)': use .meshpad, .mm, .opml, .md, .svg or .png")
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
