import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// Node pictures as textures, decoded off the frame path with SDL2_image and kept within a memory
/// budget, a small thumbnail for pictures drawn small and the full picture only when drawn big.
///
/// Keyed by the path as the node gives it; relative paths are read from the open map's folder
/// (`folder`). A path that leads to no picture there is decoded from the bytes the map keeps for
/// it (`embedded`, a `.meshpad`'s embedded copy), the same way and as far off the frame path as a
/// file. What it learns (a picture's size, or that it cannot be shown) goes into `sizes`,
/// which the core lays nodes out with: the app re-measures when `takeLearned()` says so. A
/// picture that is not there or does not decode is remembered as missing and never retried
/// until the folder changes (or embedded bytes for it arrive); an evicted texture is decoded again when it is drawn again.
///
/// Opening a map (`learn`) decodes its pictures at once, as the layout needs their sizes, and
/// keeps only their thumbnails. While the app runs, a picture wanted bigger than its thumbnail —
/// or one never seen — is decoded on a background queue; the frame draws the thumbnail (or the
/// core's placeholder) meanwhile, and the decoder wakes the loop with an SDL user event when it
/// is done (`hasDecoded`). `paint(complete: true)` (render, export, tests) decodes at once.
@MainActor
public final class ImageCache {
    /// The longest side of a thumbnail, in pixels: far out a picture is drawn from this.
    nonisolated static let thumbnailSide: Int32 = 256

    private let renderer: SDLRenderer
    private var textures: LRUCache<Key, Texture>
    /// What the core lays pictures out with.
    public private(set) var sizes = ImageSizes()
    private var learned = false
    /// Decodes asked for and not yet taken in (by key), so each is asked for once.
    private var pending: Set<Key> = []
    private let decoded = Mailbox()
    private let queue = DispatchQueue(label: "meshpad.pictures", qos: .userInitiated)
    /// Bumped whenever the folder changes, so a decode of the old folder's picture is dropped.
    private var generation = 0

    struct Key: Hashable, Sendable {
        var path: String
        var thumbnail: Bool
    }

    /// The bytes the open map keeps for its pictures, by path (`Document.embeddedPictures`): what
    /// is shown when a path leads nowhere. `learn` takes them from the map; bytes that arrive for
    /// a picture known to be missing make it be tried again.
    public var embedded: [String: EmbeddedPicture] = [:] {
        didSet {
            for (path, picture) in embedded where sizes[path] == .missing && oldValue[path] != picture {
                sizes[path] = nil
                pending.remove(Key(path: path, thumbnail: true))
                pending.remove(Key(path: path, thumbnail: false))
            }
        }
    }

    /// The open map's folder; changing it forgets everything (the same path may name another file).
    public var folder: String? {
        didSet {
            guard folder != oldValue else { return }
            removeAll()
            // why: only sizes that were known and are now forgotten make a measured map stale; a
            // cache that knew none (the app's start, a map without pictures) changes nothing.
            if !sizes.entries.isEmpty { learned = true }
            sizes = ImageSizes()
            embedded = [:]
            pending = []
            generation += 1
        }
    }

    init(renderer: SDLRenderer, byteLimit: Int = 64 << 20, countLimit: Int = 512) {
        self.renderer = renderer
        textures = LRUCache(costLimit: byteLimit, countLimit: countLimit)
    }

    /// Whether a size became known (or a picture turned out missing) since the last call.
    public func takeLearned() -> Bool {
        defer { learned = false }
        return learned
    }

    /// Whether a background decode has finished and waits to be drawn.
    public var hasDecoded: Bool { decoded.hasItems }

    /// The texture to draw a picture with at `pixels` (its size on screen), or nil while there is
    /// none yet. `now`: decode here and now rather than in the background (complete pictures).
    func texture(for path: String, drawnAt pixels: Vec2, now: Bool) -> Texture? {
        var wantsFull = max(pixels.x, pixels.y) > Double(Self.thumbnailSide)
        switch sizes[path] {
        case .missing: return nil
        // A picture no bigger than a thumbnail is its own thumbnail.
        case .size(let size) where max(size.x, size.y) <= Double(Self.thumbnailSide): wantsFull = false
        default: break
        }
        let wanted = Key(path: path, thumbnail: !wantsFull)
        if let texture = textures.value(for: wanted) { return texture }
        if now {
            take(Self.decode(path, folder: folder, embedded: embedded[path], keepFull: wantsFull, generation: generation))
            if let texture = textures.value(for: wanted) { return texture }
        } else if pending.insert(wanted).inserted {
            let folder = folder, generation = generation, mailbox = decoded, keepFull = wantsFull, bytes = embedded[path]
            queue.async {
                mailbox.post(Self.decode(path, folder: folder, embedded: bytes, keepFull: keepFull, generation: generation))
                Self.wakeLoop()
            }
        }
        // Meanwhile: the other size if there is one (a thumbnail scaled up for a moment, or the
        // full picture scaled down), else nothing and the core's placeholder shows.
        return textures.value(for: Key(path: path, thumbnail: wantsFull))
    }

    /// Takes in every picture decoded in the background since the last frame.
    func takeDecoded() {
        for picture in decoded.takeAll() { take(picture) }
    }

    /// Decodes every picture the map's nodes show that is not known yet (before a layout, so it
    /// is laid out at the pictures' real sizes), keeping thumbnails; the map's embedded bytes
    /// stand in for files that are not there. Returns whether anything was learned.
    @discardableResult
    public func learn(_ document: Document) -> Bool {
        embedded = document.embeddedPictures
        // why: by index, reading one field; `for node in document.nodes` would copy every node
        // of a map that may have no picture at all.
        let nodes = document.nodes
        for i in nodes.indices {
            guard let image = nodes[i].image, sizes[image] == nil else { continue }
            take(Self.decode(image, folder: folder, embedded: embedded[image], keepFull: false, generation: generation))
        }
        return takeLearned()
    }

    /// A decode's result in: its size learned, its textures made (on the main thread, where the
    /// renderer lives), its surfaces freed.
    private func take(_ picture: Decoded) {
        defer { picture.free() }
        pending.remove(Key(path: picture.path, thumbnail: true))
        if picture.full != nil { pending.remove(Key(path: picture.path, thumbnail: false)) }
        guard picture.generation == generation else { return }
        guard let thumbnail = picture.thumbnail, let size = picture.size else {
            if sizes[picture.path] != .missing {
                sizes[picture.path] = .missing
                learned = true
            }
            return
        }
        if sizes[picture.path] != .size(size) {
            sizes[picture.path] = .size(size)
            learned = true
        }
        for (surface, isThumbnail) in [(thumbnail, true), (picture.full == thumbnail ? nil : picture.full, false)] {
            guard let surface, textures.value(for: Key(path: picture.path, thumbnail: isThumbnail)) == nil else { continue }
            // why: a picture bigger than the GPU's largest texture cannot be drawn at all; its
            // thumbnail still can.
            guard let texture = Texture(surface, renderer: renderer) else { continue }
            _ = textures.insert(texture, for: Key(path: picture.path, thumbnail: isThumbnail), cost: texture.width * texture.height * 4)
        }
    }

    /// A picture decoded off the main thread: the full surface (if wanted) and a thumbnail.
    struct Decoded: @unchecked Sendable {
        // why: @unchecked — SDL surfaces are plain memory; each is handed over once, from the
        // decoding queue to the main thread, and freed there.
        var path: String
        var generation: Int
        var size: Vec2?
        var full: UnsafeMutablePointer<SDL_Surface>?
        var thumbnail: UnsafeMutablePointer<SDL_Surface>?

        func free() {
            if let full { SDL_FreeSurface(full) }
            if let thumbnail, thumbnail != full { SDL_FreeSurface(thumbnail) }
        }
    }

    /// Reads a picture — its file, else the bytes the map keeps for it — and makes its thumbnail
    /// (the picture itself when it is small already).
    nonisolated static func decode(_ path: String, folder: String?, embedded: EmbeddedPicture? = nil, keepFull: Bool,
                                   generation: Int) -> Decoded {
        var result = Decoded(path: path, generation: generation)
        guard let surface = firstLoaded(PicturePaths.candidates(path, folder: folder)) ?? embedded.flatMap(surface(from:)) else {
            return result
        }
        let width = surface.pointee.w, height = surface.pointee.h
        result.size = Vec2(Double(width), Double(height))
        let longest = max(width, height)
        if longest <= thumbnailSide {
            result.full = surface
            result.thumbnail = surface
            return result
        }
        let scale = Double(thumbnailSide) / Double(longest)
        let small = SDL_CreateRGBSurfaceWithFormat(0, max(1, Int32(Double(width) * scale)), max(1, Int32(Double(height) * scale)),
                                                   32, SDL_PIXELFORMAT_ARGB8888.rawValue)
        if let small {
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            // why: SDL_BlitScaled is a C macro for this.
            if SDL_UpperBlitScaled(surface, nil, small, nil) != 0 {
                SDL_FreeSurface(small)
                result.thumbnail = nil
            } else {
                result.thumbnail = small
            }
        }
        if keepFull || result.thumbnail == nil {
            result.full = surface
            result.thumbnail = result.thumbnail ?? surface
        } else {
            SDL_FreeSurface(surface)
        }
        return result
    }

    /// The picture of the first of `paths` that SDL2_image reads, each tried once.
    ///
    /// why: not `paths.lazy.compactMap(IMG_Load).first`: on a lazy collection `first` finds the
    /// start index (loading the picture) and then reads the element there (loading it again),
    /// so every picture was decoded twice and the first surface never freed (LeakSanitizer:
    /// 4 MiB a photo).
    nonisolated static func firstLoaded(_ paths: [String]) -> UnsafeMutablePointer<SDL_Surface>? {
        for path in paths {
            if let surface = IMG_Load(path) { return surface }
        }
        return nil
    }

    /// A picture from bytes in memory (an embedded copy), or nil when they are not one SDL2_image
    /// reads. The name's extension is the type hint: most formats are told by their first bytes,
    /// a TGA only by it.
    nonisolated static func surface(from picture: EmbeddedPicture) -> UnsafeMutablePointer<SDL_Surface>? {
        guard !picture.bytes.isEmpty, picture.bytes.count <= Int(Int32.max) else { return nil }
        return picture.bytes.withUnsafeBytes { raw -> UnsafeMutablePointer<SDL_Surface>? in
            guard let base = raw.baseAddress, let stream = SDL_RWFromConstMem(base, Int32(raw.count)) else { return nil }
            // why: freesrc 1 closes the stream whether or not it decodes; the surface owns its own
            // pixels, so nothing points into the bytes once this returns.
            return IMG_LoadTyped_RW(stream, 1, picture.typeHint)
        }
    }

    /// Posts an SDL user event so a loop asleep in `SDL_WaitEventTimeout` draws the picture now.
    nonisolated static func wakeLoop() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
        // why: the decode queue's worker is not SDL's thread: what SDL_image and SDL keep per
        // thread (the error a broken picture set) is freed only by SDL_TLSCleanup (see App.wake).
        SDL_TLSCleanup()
    }

    /// Drops every texture (the sizes stay known), e.g. after the renderer lost its device.
    public func removeAll() {
        _ = textures.removeAll()
    }

    isolated deinit {
        // why: a decode still running when the cache goes would post its surfaces to a mailbox
        // nobody empties again (a replay ending while a picture decodes: 51 KB under LeakSanitizer).
        queue.sync {}
        for picture in decoded.takeAll() { picture.free() }
    }

    /// Decoded pictures waiting for the main thread.
    final class Mailbox: Sendable {
        private let items = Mutex<[Decoded]>([])

        func post(_ item: Decoded) { items.withLock { $0.append(item) } }

        func takeAll() -> [Decoded] { items.withLock { items in defer { items = [] }; return items } }

        var hasItems: Bool { items.withLock { !$0.isEmpty } }
    }
}
