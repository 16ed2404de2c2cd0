import CSDL2

/// An SDL texture, destroyed when the last reference to it goes: the one place a texture is
/// freed, whoever made it (labels, pictures, far-view tiles, the HUD).
///
/// It holds its renderer, which holds its window: destroying a texture flushes SDL's queued
/// drawing into the window, so both must outlive every texture, and holding them here makes
/// that the order teardown happens in, whatever order the caches go in.
@MainActor
final class Texture {
    let handle: OpaquePointer
    let width: Int
    let height: Int
    private let renderer: SDLRenderer

    private init(handle: OpaquePointer, width: Int, height: Int, renderer: SDLRenderer) {
        self.handle = handle
        self.width = width
        self.height = height
        self.renderer = renderer
    }

    /// A texture of `surface`'s pixels; nil when SDL cannot make it (no memory, bigger than the
    /// renderer's largest texture).
    convenience init?(_ surface: UnsafeMutablePointer<SDL_Surface>, renderer: SDLRenderer) {
        guard let handle = SDL_CreateTextureFromSurface(renderer.handle, surface) else { return nil }
        self.init(handle: handle, width: Int(surface.pointee.w), height: Int(surface.pointee.h), renderer: renderer)
    }

    /// A texture to draw into, `width` by `height` pixels, scaled smoothly when drawn; nil when
    /// SDL has no memory for it.
    convenience init?(target width: Int, height: Int, renderer: SDLRenderer) {
        guard let handle = SDL_CreateTexture(renderer.handle, meshpad_pixelformat_argb8888(), Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(width), Int32(height)) else { return nil }
        SDL_SetTextureScaleMode(handle, SDL_ScaleModeLinear)
        self.init(handle: handle, width: width, height: height, renderer: renderer)
    }

    isolated deinit {
        SDL_DestroyTexture(handle)
    }
}
