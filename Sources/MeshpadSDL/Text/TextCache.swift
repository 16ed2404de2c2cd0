import CSDL2
import Foundation
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
        var face = FontLibrary.Face.regular
    }

    struct Entry {
        var texture: Texture
        var width: Int
        var height: Int
        /// The size it was rasterised at (a stand-in from another size is scaled by the painter).
        var pixelSize: Int
        var key: Key
    }

    struct Face: Hashable {
        var text: String
        var color: RGBA
        var face: FontLibrary.Face
    }

    /// New rasterisations allowed in one frame: a zoom step that reaches a new ladder size would
    /// otherwise rasterise every visible label in the same frame. Labels over the budget are drawn
    /// from another size already cached (scaled), or next frame.
    public static let rasterisationsPerFrame = 8

    private let renderer: SDLRenderer
    private let fonts: FontLibrary
    private var entries: LRUCache<Key, Entry>
    private var failed: Set<Key> = []
    private var sizesByFace: [Face: [Int]] = [:]
    private var rasterisedThisFrame = 0
    /// Labels not drawn this frame for lack of budget: the app draws another frame for them.
    public private(set) var deferredThisFrame = 0

    /// Starts a frame's rasterisation budget; `limited: false` rasterises everything the frame
    /// needs (pictures and screenshots, which have one frame to be complete in).
    public func beginFrame(limited: Bool = true) {
        rasterisedThisFrame = 0
        deferredThisFrame = 0
        isLimited = limited
        entries.clock += 1
        // why: a label not drawn for a while (scrolled away, edited, deleted, another zoom step)
        // is let go, so texture memory follows what is on screen rather than filling the byte
        // limit over a kiosk's weeks.
        if entries.clock % 60 == 0 {
            for old in entries.evict(unusedSince: entries.clock - Self.framesKept) { forget(old) }
        }
    }

    /// Frames a texture survives without being drawn.
    public static let framesKept = 240

    private var isLimited = true

    /// How many times a label was rasterised with TTF, since creation.
    public private(set) var rasterisations = 0
    public var count: Int { entries.count }
    public var bytes: Int { entries.totalCost }

    init(renderer: SDLRenderer, fonts: FontLibrary, byteLimit: Int = 32 << 20, countLimit: Int = 8192) {
        self.renderer = renderer
        self.fonts = fonts
        entries = LRUCache(costLimit: byteLimit, countLimit: countLimit)
    }

    func texture(for label: DrawList.Label) -> Entry? {
        let style = FontLibrary.Face(bold: label.bold, italic: label.italic)
        let key = Key(text: label.text, pixelSize: label.rasterPixelSize, color: label.color, face: style)
        if let entry = entries.value(for: key) { return entry }
        guard !failed.contains(key) else { return nil }
        let face = Face(text: label.text, color: label.color, face: style)
        if isLimited && rasterisedThisFrame >= Self.rasterisationsPerFrame {
            // Over budget: the nearest size already made, scaled, else next frame.
            if let sizes = sizesByFace[face],
               let nearest = sizes.min(by: { abs($0 - key.pixelSize) < abs($1 - key.pixelSize) }),
               let entry = entries.value(for: Key(text: label.text, pixelSize: nearest, color: label.color, face: style)) {
                return entry
            }
            deferredThisFrame += 1
            return nil
        }
        rasterisedThisFrame += 1
        guard let entry = rasterise(key) else {
            failed.insert(key)
            return nil
        }
        sizesByFace[face, default: []].append(key.pixelSize)
        for old in entries.insert(entry, for: key, cost: entry.width * entry.height * 4) {
            forget(old)
        }
        return entry
    }

    /// A label too wide for its `maxWidth`, shortened to end in "…" at a character boundary:
    /// interface text is never cut mid-letter. The cut is found once (a few rasterisations) and
    /// remembered per text, size and width; nil while the budget leaves it for a later frame.
    func shortened(_ label: DrawList.Label, drawnWidth: Double) -> Entry? {
        let key = ShortKey(text: label.text, pixelSize: label.rasterPixelSize, maxWidth: Int(label.maxWidth))
        var candidate = label
        if let text = shortTexts[key] {
            candidate.text = text
            return texture(for: candidate)
        }
        var made: Entry?
        let cut = Ellipsis.shortened(label.text, wholeWidth: drawnWidth, maxWidth: label.maxWidth, tries: 8) { text in
            candidate.text = text
            guard let entry = texture(for: candidate) else { return nil }
            made = entry
            return Double(entry.width) * label.pixelSize / Double(entry.pixelSize)
        }
        guard let cut, let made else { return nil }
        if shortTexts.count >= 1024 { shortTexts.removeAll(keepingCapacity: true) }
        shortTexts[key] = cut
        return made
    }

    struct ShortKey: Hashable {
        var text: String
        var pixelSize: Int
        var maxWidth: Int
    }

    private var shortTexts: [ShortKey: String] = [:]

    private func forget(_ entry: Entry) {
        let face = Face(text: entry.key.text, color: entry.key.color, face: entry.key.face)
        sizesByFace[face]?.removeAll { $0 == entry.key.pixelSize }
        if sizesByFace[face]?.isEmpty == true { sizesByFace[face] = nil }
    }

    private func rasterise(_ key: Key) -> Entry? {
        let fonts = self.fonts.rasterChain(for: key.face)
        fonts.setPixelSize(key.pixelSize)
        let color = SDL_Color(r: key.color.r, g: key.color.g, b: key.color.b, a: key.color.a)
        rasterisations += 1
        let surface: UnsafeMutablePointer<SDL_Surface>?
        if fonts.isPlain(key.text[...]) {
            fonts.primary.shape(rightToLeft: false, script: nil)
            // why: wrap length 0 breaks only at the newlines the core put in, and the font's
            // wrapped alignment centres each line.
            surface = TTF_RenderUTF8_Blended_Wrapped(fonts.primary.handle, key.text, color, 0)
        } else {
            // Other scripts and emoji: each line in runs of the fonts that have their glyphs.
            surface = fonts.render(key.text, color: color)
        }
        guard let surface else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let texture = Texture(surface, renderer: renderer) else { return nil }
        return Entry(texture: texture, width: texture.width, height: texture.height, pixelSize: key.pixelSize, key: key)
    }

    /// Drops every texture, e.g. after the renderer lost its device.
    public func removeAll() {
        _ = entries.removeAll()
        failed.removeAll()
        sizesByFace.removeAll()
    }
}
