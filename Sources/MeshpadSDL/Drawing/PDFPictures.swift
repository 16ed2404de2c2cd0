import CCairo
import CSDL2
import Foundation
import MeshpadCore

/// Node pictures as cairo images for a PDF, each decoded once (SDL2_image, as the screen reads
/// them: the file beside the map, else the bytes the map keeps) and embedded once however many
/// pages show it; a JPEG goes in as its own bytes, not re-encoded.
final class PDFPictures {
    private let folder: String?
    private let embedded: [String: EmbeddedPicture]
    /// `cairo_surface_t` by the path as the node gives it; nil for one that could not be read.
    private var surfaces: [String: OpaquePointer?] = [:]
    private(set) var unreadable: [String] = []

    init(folder: String?, embedded: [String: EmbeddedPicture]) {
        self.folder = folder
        self.embedded = embedded
    }

    deinit {
        for case let surface? in surfaces.values { cairo_surface_destroy(surface) }
    }

    func surface(for path: String) -> OpaquePointer? {
        if let known = surfaces[path] { return known }
        let made = load(path)
        if made == nil { unreadable.append(path) }
        surfaces[path] = made
        return made
    }

    private func load(_ path: String) -> OpaquePointer? {
        for candidate in PicturePaths.candidates(path, folder: folder) {
            guard let picture = IMG_Load(candidate) else { continue }
            defer { SDL_FreeSurface(picture) }
            return Self.image(from: picture, jpeg: Self.jpegBytes(FileManager.default.contents(atPath: candidate)))
        }
        guard let bytes = embedded[path], let picture = ImageCache.surface(from: bytes) else { return nil }
        defer { SDL_FreeSurface(picture) }
        return Self.image(from: picture, jpeg: Self.jpegBytes(bytes.bytes))
    }

    private static func jpegBytes(_ data: Data?) -> Data? {
        guard let data, data.count > 3, data.prefix(3) == Data([0xFF, 0xD8, 0xFF]) else { return nil }
        return data
    }

    /// A cairo image of an SDL surface: converted to ARGB8888 and premultiplied, opaque pictures
    /// without an alpha channel; a JPEG's own bytes attached, for cairo to embed as they are.
    static func image(from picture: UnsafeMutablePointer<SDL_Surface>, jpeg: Data?) -> OpaquePointer? {
        guard let argb = SDL_ConvertSurfaceFormat(picture, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else { return nil }
        defer { SDL_FreeSurface(argb) }
        let width = Int(argb.pointee.w), height = Int(argb.pointee.h), pitch = Int(argb.pointee.pitch)
        guard width > 0, height > 0, let pixels = argb.pointee.pixels else { return nil }
        SDL_LockSurface(argb)
        defer { SDL_UnlockSurface(argb) }
        var opaque = true
        for row in 0..<height where opaque {
            let line = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width where line[column] >> 24 != 0xFF {
                opaque = false
                break
            }
        }
        guard let surface = cairo_image_surface_create(opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return nil }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        for row in 0..<height {
            let source = (pixels + row * pitch).assumingMemoryBound(to: UInt32.self)
            let target = UnsafeMutableRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            for column in 0..<width {
                let pixel = source[column]
                let alpha = pixel >> 24
                if alpha == 0xFF {
                    target[column] = pixel
                } else {
                    // why: cairo's ARGB32 is premultiplied; SDL's is not.
                    func channel(_ shift: UInt32) -> UInt32 { (((pixel >> shift) & 0xFF) * alpha + 127) / 255 << shift }
                    target[column] = alpha << 24 | channel(16) | channel(8) | channel(0)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        if let jpeg, opaque { attach(jpeg, to: surface) }
        return surface
    }

    /// Gives cairo a copy of the JPEG's bytes, freed when the surface is.
    private static func attach(_ jpeg: Data, to surface: OpaquePointer) {
        guard let copy = malloc(jpeg.count) else { return }
        jpeg.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: jpeg.count)
        let status = cairo_surface_set_mime_data(surface, "image/jpeg", copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
                                                 { free($0) }, copy)
        if status != CAIRO_STATUS_SUCCESS { free(copy) }
    }
}
