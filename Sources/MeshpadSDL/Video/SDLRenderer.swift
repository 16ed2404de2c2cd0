import CSDL2
import MeshpadCore

/// The SDL renderer for a window: submits draw lists and reads pixels back.
///
/// Tries an accelerated renderer with vsync first and falls back to the software one, so the
/// app runs on a kiosk without GPU drivers. `preferSoftware` picks software directly, as tests
/// and the headless verbs do so that pixels are the same on every machine.
@MainActor
public final class SDLRenderer {
    let handle: OpaquePointer
    public let name: String
    public let hasVSync: Bool
    /// why: SDL may still have drawing queued when textures are destroyed (destroying a texture
    /// flushes the queue into the window), so the window must outlive the renderer and every
    /// texture: holding it here makes that the order teardown happens in.
    private let window: Window

    public init(window: Window, preferSoftware: Bool) throws(PlatformError) {
        self.window = window
        var created: OpaquePointer?
        let ownFramebuffer = Self.hasOwnFramebuffer(videoDriver: SDLSession.currentVideoDriver)
        var logical: Int32 = 0, pixels: Int32 = 0, ignored: Int32 = 0
        SDL_GetWindowSize(window.handle, &logical, &ignored)
        SDL_GetWindowSizeInPixels(window.handle, &pixels, &ignored)
        // why: SDL 2's software renderer draws a Wayland window at its logical size, and a scaled
        // output then stretches it: blurred text at scale 2 (seen under sway). The GPU renderer
        // draws every device pixel.
        let preferSoftware = preferSoftware && (ownFramebuffer || pixels <= logical)
        if !preferSoftware {
            created = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        if created == nil {
            // why: otherwise SDL backs the window's pixels with an OpenGL texture, which loads the
            // GL driver (Mesa's llvmpipe without a GPU: ~60 MiB) just to show what is already drawn.
            // Only where the video driver has a framebuffer of its own (X11, offscreen): SDL's
            // Wayland driver has none, its software pixels reach the window only through that
            // texture, and SDL decides this once, at the first window surface, so the hint set
            // there would leave no renderer at all ("Couldn't find matching render driver").
            if ownFramebuffer {
                SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
            }
            created = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_SOFTWARE.rawValue)
        }
        if created == nil && preferSoftware {
            // why: a window the software renderer cannot reach (a Wayland session whose
            // environment sets SDL_FRAMEBUFFER_ACCELERATION=0) still shows through the GPU's.
            created = SDL_CreateRenderer(window.handle, -1, SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue)
        }
        guard let renderer = created else { throw .renderer(detail: PlatformError.sdlMessage) }
        handle = renderer
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        name = info.name.map { String(cString: $0) } ?? "unknown"
        hasVSync = info.flags & SDL_RENDERER_PRESENTVSYNC.rawValue != 0
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
    }

    /// Whether SDL's video driver of this name shows a window's pixels without a GL texture.
    nonisolated static func hasOwnFramebuffer(videoDriver: String) -> Bool {
        ["x11", "offscreen", "dummy"].contains(videoDriver)
    }

    /// The drawable size in device pixels: the window size times the HiDPI scale.
    public var outputSize: Vec2 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(handle, &w, &h)
        return Vec2(Double(max(w, 1)), Double(max(h, 1)))
    }

    func clear(to color: RGBA) {
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        SDL_RenderClear(handle)
    }

    /// Draws the list's triangles whose indices are in `range` in one `SDL_RenderGeometryRaw` call.
    func drawShapes(of list: DrawList, indices range: Range<Int>) {
        let range = range.clamped(to: 0..<list.indices.count)
        guard !range.isEmpty else { return }
        list.positions.withUnsafeBufferPointer { xy in
            list.colors.withUnsafeBytes { rgba in
                list.indices.withUnsafeBytes { indices in
                    guard let xyBase = xy.baseAddress,
                          let colorBase = rgba.baseAddress?.assumingMemoryBound(to: SDL_Color.self) else { return }
                    SDL_RenderGeometryRaw(
                        handle, nil,
                        xyBase, Int32(MemoryLayout<Float>.stride * 2),
                        colorBase, Int32(MemoryLayout<SDL_Color>.stride),
                        nil, 0,
                        Int32(list.vertexCount),
                        indices.baseAddress.map { $0 + range.lowerBound * MemoryLayout<Int32>.stride }, Int32(range.count),
                        Int32(MemoryLayout<Int32>.stride)
                    )
                }
            }
        }
    }

    /// Edges a pixel wide or less: one-pixel lines, one colour for branches, one for links.
    func drawHairlines(of list: DrawList) {
        list.forEachHairlineBatch { lines, c in
            SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
            var i = 0
            while i + 3 < lines.count {
                SDL_RenderDrawLineF(handle, lines[i], lines[i + 1], lines[i + 2], lines[i + 3])
                i += 4
            }
        }
        let links = list.linkHairlines, c = list.linkHairlineColor
        guard !links.isEmpty else { return }
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        var i = 0
        while i + 3 < links.count {
            SDL_RenderDrawLineF(handle, links[i], links[i + 1], links[i + 2], links[i + 3])
            i += 4
        }
    }

    /// Far-out nodes: rectangles in one `SDL_RenderFillRectsF` call (the floats are SDL_FRects).
    func drawDots(of list: DrawList) {
        guard !list.dots.isEmpty else { return }
        let c = list.dotColor
        SDL_SetRenderDrawColor(handle, c.r, c.g, c.b, c.a)
        list.dots.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress?.assumingMemoryBound(to: SDL_FRect.self) else { return }
            SDL_RenderFillRectsF(handle, base, Int32(list.dots.count / 4))
        }
    }

    func fillRect(_ rect: Rect, color: RGBA) {
        SDL_SetRenderDrawColor(handle, color.r, color.g, color.b, color.a)
        var r = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        SDL_RenderFillRectF(handle, &r)
    }

    func copy(_ texture: Texture, source: Rect? = nil, to rect: Rect) {
        var destination = SDL_FRect(x: Float(rect.minX), y: Float(rect.minY), w: Float(rect.width), h: Float(rect.height))
        if let source {
            var cut = SDL_Rect(x: Int32(source.minX), y: Int32(source.minY), w: Int32(source.width.rounded()), h: Int32(source.height))
            SDL_RenderCopyF(handle, texture.handle, &cut, &destination)
        } else {
            SDL_RenderCopyF(handle, texture.handle, nil, &destination)
        }
    }

    // MARK: - Target textures (the far view's tiles)

    /// Whether this renderer can draw into textures (`SDL_RenderTargetSupported`); where it
    /// cannot, far views are drawn live.
    var supportsTargets: Bool { SDL_RenderTargetSupported(handle) == SDL_TRUE }

    /// A texture to draw into, `side` pixels square, scaled smoothly when drawn; nil when SDL
    /// has no memory for it.
    func makeTarget(side: Int) -> Texture? { Texture(target: side, height: side, renderer: self) }

    /// A texture to draw into, `width` by `height` pixels, scaled smoothly when drawn.
    func makeTarget(width: Int, height: Int) -> Texture? { Texture(target: width, height: height, renderer: self) }

    /// Draws into `texture` from now on, or into the window again with nil.
    @discardableResult
    func drawInto(_ texture: Texture?) -> Bool {
        SDL_SetRenderTarget(handle, texture?.handle) == 0
    }

    /// Copies part of a tile, opaque (no blending: the software renderer then copies rows).
    func copyTile(_ texture: Texture, source: Rect, to rect: Rect) {
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_NONE)
        // Whole pixels: the core puts tiles' edges on them (a stand-in's part of a tile more than
        // eight levels up is under a pixel and is rounded up to one).
        var cut = SDL_Rect(x: Int32(source.minX.rounded(.down)), y: Int32(source.minY.rounded(.down)),
                           w: Int32(max(source.width.rounded(), 1)), h: Int32(max(source.height.rounded(), 1)))
        var destination = SDL_Rect(x: Int32(rect.minX), y: Int32(rect.minY), w: Int32(rect.width), h: Int32(rect.height))
        SDL_RenderCopy(handle, texture.handle, &cut, &destination)
    }

    public func present() {
        SDL_RenderPresent(handle)
    }

    /// The current frame's pixels (call before `present`), as ARGB8888.
    public func readPixels() throws(PlatformError) -> PixelBuffer {
        let size = outputSize
        var buffer = PixelBuffer(width: Int(size.x), height: Int(size.y))
        let status = buffer.pixels.withUnsafeMutableBytes { bytes in
            SDL_RenderReadPixels(handle, nil, meshpad_pixelformat_argb8888(), bytes.baseAddress, Int32(buffer.width * 4))
        }
        guard status == 0 else { throw .pixelRead(detail: PlatformError.sdlMessage) }
        return buffer
    }

    isolated deinit {
        SDL_DestroyRenderer(handle)
    }
}

/// A frame's pixels read back from the renderer, 0xAARRGGBB, row by row from the top.
public struct PixelBuffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt32]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [UInt32](repeating: 0, count: width * height)
    }

    /// The colour at a device pixel; nil outside the frame.
    public func color(atX x: Int, y: Int) -> RGBA? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let argb = pixels[y * width + x]
        return RGBA(UInt8((argb >> 16) & 0xFF), UInt8((argb >> 8) & 0xFF), UInt8(argb & 0xFF), UInt8(argb >> 24))
    }
}
