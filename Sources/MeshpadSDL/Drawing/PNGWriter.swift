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

extension PixelBuffer {
    /// The pixels of a picture file (any format SDL2_image reads), as ARGB8888; nil when it
    /// cannot be read. For checking what was written (tests, `make screenshots`).
    public init?(contentsOf path: String) {
        guard let surface = IMG_Load(path) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let argb = SDL_ConvertSurfaceFormat(surface, meshpad_pixelformat_argb8888(), 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let width = Int(argb.pointee.w), height = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        guard let pixels = argb.pointee.pixels else { return nil }
        self.init(width: width, height: height)
        let bytes = pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                self.pixels[y * width + x] = bytes.advanced(by: y * pitch + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
            }
        }
    }
}
