import CSDL2
import Foundation
import MeshpadCore

/// The soft shadow under nodes and the interface's icons: textures made once, then copied and
/// tinted as each frame asks, so neither costs a pixel of work per frame beyond its copy.
///
/// Both caches are bounded: a shadow texture per blur in whole pixels (at most ~40) and an icon
/// per name and size shown.
@MainActor
final class Ornaments {
    private let renderer: SDLRenderer
    /// White with a blurred box's alpha, by blur in whole pixels; tinted and cut into pieces per
    /// shadow. why: one per size, every piece drawn 1:1: SDL's software renderer scales by
    /// nearest pixel, and a big blur shrunk to a few pixels came out a hard grey frame.
    private var shadows: [Int: Texture?] = [:]
    /// Icons by name and pixel size (nil: the file is missing or unreadable; not asked again).
    private var icons: [IconKey: Texture?] = [:]
    /// Where the SVG icons are (nil: none found, and words alone are drawn).
    let iconFolder: String?

    private struct IconKey: Hashable {
        var name: String
        var pixels: Int
    }

    /// The middle of a shadow texture, repeated along a box's sides (pixels).
    static let shadowCore = 64

    init(renderer: SDLRenderer, iconFolder: String? = Ornaments.findIconFolder()) {
        self.renderer = renderer
        self.iconFolder = iconFolder
    }

    // MARK: - Shadows

    /// Draws `list`'s shadows: the blurred texture's lower corners, sides and bottom round each
    /// box (the middle, under the node, is never seen and not drawn).
    ///
    /// why: every piece is copied 1:1, a long side as several pieces of the texture's uniform
    /// middle: SDL's software renderer blends a stretched copy several times slower than a
    /// straight one, and a stretched shadow under every node cost frames.
    func drawShadows(of list: DrawList) {
        for shadow in list.shadows {
            let blur = max(1, Int(shadow.blur.rounded()))
            guard let texture = shadowTexture(blur: blur) else { continue }
            let reach = Double(blur), core = Double(Self.shadowCore)
            SDL_SetTextureColorMod(texture.handle, shadow.color.r, shadow.color.g, shadow.color.b)
            SDL_SetTextureAlphaMod(texture.handle, shadow.color.a)
            // why: whole pixels, or the pieces' edges fall between pixels and a seam shows.
            let box = Rect(x: shadow.rect.minX.rounded(), y: shadow.rect.minY.rounded(), width: shadow.rect.width.rounded(),
                           height: shadow.rect.height.rounded())
            // Along each axis: (where in the texture, where on screen, how long), the blur, the
            // middle in pieces no longer than the texture's, the blur.
            func spans(from start: Double, length: Double) -> [(source: Double, screen: Double, length: Double)] {
                var result = [(0.0, start - reach, reach)]
                var done = 0.0
                while done < length {
                    let piece = min(core, length - done)
                    result.append((reach, start + done, piece))
                    done += piece
                }
                result.append((reach + core, start + length, reach))
                return result
            }
            let xs = spans(from: box.minX, length: box.width), ys = spans(from: box.minY, length: box.height)
            // The row above the box is left out: the shadow falls below and beside a node, and
            // above it, under its top edge, it barely shows (a third of the copies saved).
            for (row, y) in ys.enumerated() where row > 0 {
                let middleRow = row < ys.count - 1
                for (column, x) in xs.enumerated() where !(middleRow && column > 0 && column < xs.count - 1) {
                    renderer.copy(texture, source: Rect(x: x.source, y: y.source, width: x.length, height: y.length),
                                  to: Rect(x: x.screen, y: y.screen, width: x.length, height: y.length))
                }
            }
        }
    }

    /// The blurred box for a blur of `blur` pixels, made once: alpha falls from full at the
    /// box's edge to nothing at the texture's, along a Gaussian, the corners round.
    private func shadowTexture(blur: Int) -> Texture? {
        if let made = shadows[blur] { return made }
        shadows[blur] = .some(nil)
        let side = 2 * blur + Self.shadowCore, reach = Double(blur)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(side), Int32(side), 32, meshpad_pixelformat_argb8888()) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pitch = Int(surface.pointee.pitch) / 4
        guard let pixels = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return nil }
        let low = reach, high = Double(side) - reach
        for y in 0..<side {
            for x in 0..<side {
                let px = Double(x) + 0.5, py = Double(y) + 0.5
                let dx = max(low - px, px - high, 0), dy = max(low - py, py - high, 0)
                let d = (dx * dx + dy * dy).squareRoot()
                let sigma = reach / 2.6
                let alpha = d <= 0 ? 1.0 : exp(-(d * d) / (2 * sigma * sigma))
                pixels[y * pitch + x] = UInt32((alpha * 255).rounded()) << 24 | 0x00FF_FFFF
            }
        }
        guard let texture = Texture(surface, renderer: renderer) else { return nil }
        SDL_SetTextureBlendMode(texture.handle, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture.handle, SDL_ScaleModeLinear)
        shadows[blur] = texture
        return texture
    }

    // MARK: - Icons

    /// Draws `list`'s icons, each rasterised from its SVG at the size it is shown (device
    /// pixels, so crisp at any display scale) and tinted to its colour.
    func drawIcons(of list: DrawList) {
        for icon in list.icons {
            let pixels = max(8, Int(icon.rect.height.rounded()))
            guard let texture = iconTexture(icon.name, pixels: pixels) else { continue }
            SDL_SetTextureColorMod(texture.handle, icon.color.r, icon.color.g, icon.color.b)
            SDL_SetTextureAlphaMod(texture.handle, icon.color.a)
            renderer.copy(texture, to: icon.rect)
        }
    }

    private func iconTexture(_ name: String, pixels: Int) -> Texture? {
        let key = IconKey(name: name, pixels: pixels)
        if let known = icons[key] { return known }
        var made: Texture?
        if let iconFolder, let stream = SDL_RWFromFile("\(iconFolder)/\(name).svg", "rb") {
            // why: SDL_image rasterises the SVG at this size, so nothing is scaled up blurry.
            if let surface = IMG_LoadSizedSVG_RW(stream, Int32(pixels), Int32(pixels)) {
                made = Texture(surface, renderer: renderer)
                SDL_FreeSurface(surface)
            }
            SDL_RWclose(stream)
        }
        if let made { SDL_SetTextureBlendMode(made.handle, SDL_BLENDMODE_BLEND) }
        icons[key] = made
        return made
    }

    /// The folder of the SVG icons: `MESHPAD_ICONS`, else `share/meshpad/icons` beside the
    /// binary's folder (an installed or packaged Meshpad), else the source tree's
    /// `Assets/icons/ui` above it (a build run in place), else nil.
    nonisolated static func findIconFolder(environment: [String: String] = ProcessInfo.processInfo.environment,
                                           executable: String? = Bundle.main.executablePath) -> String? {
        let manager = FileManager.default
        if let chosen = environment["MESHPAD_ICONS"], !chosen.isEmpty { return chosen }
        guard let executable else { return nil }
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        let installed = folder.deletingLastPathComponent().appendingPathComponent("share/meshpad/icons").path
        if manager.fileExists(atPath: installed) { return installed }
        for _ in 0..<5 {
            let tree = folder.appendingPathComponent("Assets/icons/ui").path
            if manager.fileExists(atPath: tree) { return tree }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
