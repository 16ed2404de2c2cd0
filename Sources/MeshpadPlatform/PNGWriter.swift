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

/// Draws a map headless (offscreen video driver, software renderer) and saves it as PNG.
@MainActor
public enum HeadlessRender {
    /// Renders `document` framed to fit (at 100 % at most) and writes `outputPath`.
    public static func render(_ document: Document, size: PixelSize, theme: Theme = .classic,
                              selection: Set<NodeID>? = nil, to outputPath: String) throws(PlatformError) {
        let session = try SDLSession(headless: true)
        let canvas = try Canvas(title: "Meshpad", size: size, theme: theme, hidden: true, preferSoftware: true)
        var document = document
        document.measureAll(with: canvas.sizing)
        canvas.paint(document: document, camera: canvas.framingCamera(for: document),
                     selection: selection ?? [document.rootID])
        let pixels = try canvas.renderer.readPixels()
        try PNGWriter.write(pixels, to: outputPath)
        withExtendedLifetime(session) {}
    }
}
