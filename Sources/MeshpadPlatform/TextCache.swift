import CSDL2
import MeshpadCore

/// Label textures, each rasterised once and reused every frame, bounded in memory.
///
/// Keyed by (text with its line breaks, raster size, colour): the wrap width is already baked
/// into the line breaks the core chose, and the HiDPI scale and zoom into the raster size.
/// Least recently used textures are destroyed when the cache passes `byteLimit`.
@MainActor
public final class TextCache {
    struct Key: Hashable {
        var text: String
        var pixelSize: Int
        var color: RGBA
    }

    struct Entry {
        var texture: OpaquePointer
        var width: Int
        var height: Int
    }

    private let renderer: SDLRenderer
    private let font: Font
    private var entries: LRUCache<Key, Entry>
    private var failed: Set<Key> = []

    /// How many times a label was rasterised with TTF, since creation.
    public private(set) var rasterisations = 0
    public var count: Int { entries.count }
    public var bytes: Int { entries.totalCost }

    public init(renderer: SDLRenderer, font: Font, byteLimit: Int = 64 << 20, countLimit: Int = 8192) {
        self.renderer = renderer
        self.font = font
        entries = LRUCache(costLimit: byteLimit, countLimit: countLimit)
    }

    func texture(for label: DrawList.Label) -> Entry? {
        let key = Key(text: label.text, pixelSize: label.rasterPixelSize, color: label.color)
        if let entry = entries.value(for: key) { return entry }
        guard !failed.contains(key), let entry = rasterise(key) else {
            failed.insert(key)
            return nil
        }
        for old in entries.insert(entry, for: key, cost: entry.width * entry.height * 4) {
            SDL_DestroyTexture(old.texture)
        }
        return entry
    }

    private func rasterise(_ key: Key) -> Entry? {
        font.setPixelSize(key.pixelSize)
        let color = SDL_Color(r: key.color.r, g: key.color.g, b: key.color.b, a: key.color.a)
        rasterisations += 1
        // why: wrap length 0 breaks only at the newlines the core put in, and the font's wrapped
        // alignment centres each line.
        guard let surface = TTF_RenderUTF8_Blended_Wrapped(font.handle, key.text, color, 0) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = SDL_CreateTextureFromSurface(renderer.handle, surface) else { return nil }
        return Entry(texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h))
    }

    /// Drops every texture, e.g. after the renderer lost its device.
    public func removeAll() {
        for entry in entries.removeAll() {
            SDL_DestroyTexture(entry.texture)
        }
        failed.removeAll()
    }

    isolated deinit {
        for entry in entries.removeAll() {
            SDL_DestroyTexture(entry.texture)
        }
    }
}
