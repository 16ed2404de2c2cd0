import CSDL2
import Foundation
import MeshpadCore

/// Node pictures as textures, each loaded once with SDL2_image and kept within a memory budget.
///
/// Keyed by the path as the node gives it; relative paths are read from the open map's folder
/// (`folder`). What it learns (a picture's size, or that it cannot be shown) goes into `sizes`,
/// which the core lays nodes out with: the app re-measures when `takeLearned()` says so. A
/// picture that is not there or does not decode is remembered as missing and never retried
/// until the folder changes; an evicted texture is loaded again when it is drawn again.
@MainActor
public final class ImageCache {
    private let renderer: SDLRenderer
    private var textures: LRUCache<String, OpaquePointer>
    /// What the core lays pictures out with.
    public private(set) var sizes = ImageSizes()
    private var learned = false

    /// The open map's folder; changing it forgets everything (the same path may name another file).
    public var folder: String? {
        didSet {
            guard folder != oldValue else { return }
            removeAll()
            sizes = ImageSizes()
            learned = true
        }
    }

    init(renderer: SDLRenderer, byteLimit: Int = 64 << 20, countLimit: Int = 256) {
        self.renderer = renderer
        textures = LRUCache(costLimit: byteLimit, countLimit: countLimit)
    }

    /// Whether a size became known (or a picture turned out missing) since the last call.
    public func takeLearned() -> Bool {
        defer { learned = false }
        return learned
    }

    /// The picture's texture, loading it the first time; nil while it cannot be shown.
    func texture(for path: String) -> OpaquePointer? {
        if let texture = textures.value(for: path) { return texture }
        if sizes[path] == .missing { return nil }
        guard let surface = load(path) else {
            sizes[path] = .missing
            learned = true
            return nil
        }
        defer { SDL_FreeSurface(surface) }
        let size = Vec2(Double(surface.pointee.w), Double(surface.pointee.h))
        guard let texture = SDL_CreateTextureFromSurface(renderer.handle, surface) else {
            // why: a picture bigger than the GPU's largest texture cannot be drawn at all.
            sizes[path] = .missing
            learned = true
            return nil
        }
        if sizes[path] != .size(size) {
            sizes[path] = .size(size)
            learned = true
        }
        for old in textures.insert(texture, for: path, cost: Int(size.x * size.y) * 4) { SDL_DestroyTexture(old) }
        return texture
    }

    /// Loads every picture the map's nodes show that is not known yet (before a layout, so it
    /// is laid out at the pictures' real sizes). Returns whether anything was learned.
    @discardableResult
    public func learn(_ document: Document) -> Bool {
        for node in document.nodes {
            guard let image = node.image, sizes[image] == nil else { continue }
            _ = texture(for: image)
        }
        return takeLearned()
    }

    private func load(_ path: String) -> UnsafeMutablePointer<SDL_Surface>? {
        for candidate in Self.candidates(path, folder: folder) {
            if let surface = IMG_Load(candidate) { return surface }
        }
        return nil
    }

    /// Where a node's picture may be on disk: a `file:` URL's path, an absolute path, or one
    /// relative to the map's folder; Freeplane writes URIs, so percent escapes are tried decoded too.
    nonisolated static func candidates(_ path: String, folder: String?) -> [String] {
        var paths: [String]
        if path.lowercased().hasPrefix("file:") {
            paths = URL(string: path).map { [$0.path] } ?? []
        } else {
            paths = [path]
            if let decoded = path.removingPercentEncoding, decoded != path { paths.append(decoded) }
        }
        let base = folder ?? FileManager.default.currentDirectoryPath
        return paths.filter { !$0.isEmpty }.map { FileFlow.absolute($0, in: base) }
    }

    /// Drops every texture (the sizes stay known), e.g. after the renderer lost its device.
    public func removeAll() {
        for texture in textures.removeAll() { SDL_DestroyTexture(texture) }
    }

    isolated deinit {
        for texture in textures.removeAll() { SDL_DestroyTexture(texture) }
    }
}
