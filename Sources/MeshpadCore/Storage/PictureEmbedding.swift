import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which pictures a `.meshpad` carries inside it, read from disk when the map is saved; and the
/// pictures a map holds only inside it, written out as files when it is saved in a format that
/// can only name pictures by path (`.mm`, SVG).
///
/// A save reads each small picture the nodes show (`look`) and the map keeps the bytes
/// (`Document.keepPictures`), so the file written carries them and a later save still does when
/// the picture file is gone. The file on disk always wins while it is there: it is what the
/// picture cache shows.
public enum PictureEmbedding {
    /// The largest picture file a `.meshpad` embeds: 256 KiB.
    ///
    /// why: base64 makes it a third bigger and the file keeps it on one line, opened and written
    /// with the map every time; a photo of several MB would make each save, autosave and open
    /// slower and each diff of the map heavier, for a picture that is better kept beside the
    /// map. What people put in nodes — icons, diagrams, screenshots, thumbnails — fits.
    public static let largestEmbeddedBytes = 256 << 10

    /// The most picture bytes one save reads in: 64 MiB (~85 MiB of base64), so a map of many
    /// pictures stays well inside `MapFile.sizeLimit` (256 MiB) and always opens again. Pictures
    /// past it (in path order) are saved by path alone.
    public static let largestEmbeddedTotal = 64 << 20

    /// What a picture's path leads to on disk when the map is saved.
    public enum Found: Equatable, Sendable {
        /// A file small enough to embed: its bytes.
        case small(EmbeddedPicture)
        /// A file too big to embed (or past the map's total): it is shown and saved by path alone.
        case tooBig(bytes: Int)
        /// Nothing readable (moved, deleted, a map from elsewhere): bytes the map has are kept.
        case absent
    }

    /// Looks on disk for each picture the map's nodes show — relative paths from `folder`, the
    /// folder the map's pictures are read from — and reads those small enough to embed. Web
    /// addresses and `data:` URIs are not looked at. A map without pictures costs one walk over
    /// its nodes.
    public static func look(for document: Document, in folder: String?, largest: Int = largestEmbeddedBytes,
                            total: Int = largestEmbeddedTotal) -> [String: Found] {
        var paths = Set<String>()
        for node in document.nodes {
            guard let path = node.image else { continue }
            if !PicturePaths.hasScheme(path) || path.lowercased().hasPrefix("file:") { paths.insert(path) }
        }
        var found: [String: Found] = [:]
        var used = 0
        // why: in path order, so which pictures fit the total is the same at every save.
        for path in paths.sorted() {
            guard let (file, bytes) = PicturePaths.candidates(path, folder: folder).lazy
                .compactMap({ file in regularFileSize(file).map { (file, $0) } }).first else {
                found[path] = .absent
                used += document.embeddedPictures[path]?.bytes.count ?? 0
                continue
            }
            guard bytes <= largest, used + bytes <= total else {
                found[path] = .tooBig(bytes: bytes)
                continue
            }
            // why: read at most one byte past the limit, so a file that grew since `stat` is not read whole.
            guard let handle = FileHandle(forReadingAtPath: file),
                  let data = try? handle.read(upToCount: largest + 1) ?? Data() else {
                found[path] = .absent
                continue
            }
            try? handle.close()
            guard data.count <= largest, used + data.count <= total else {
                found[path] = .tooBig(bytes: data.count)
                continue
            }
            found[path] = .small(EmbeddedPicture(name: (file as NSString).lastPathComponent, bytes: data))
            used += data.count
        }
        return found
    }

    /// The size of the regular file at `path` (symbolic links followed), or nil: nothing, a
    /// folder, or a device or FIFO, which reading could block on or never finish.
    static func regularFileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    // MARK: - Writing pictures out beside a map

    /// For a map written to `mapPath` in a format that can only name pictures by path: writes
    /// each picture it holds only inside it (its path leads nowhere from that folder) as a file
    /// beside the map, where Freeplane will look for it.
    ///
    /// A picture named relative to the map and inside its folder goes to that path (folders
    /// made as needed); one named elsewhere goes beside the map under its own name, and the
    /// written map names it there. An existing file is never replaced: a different one of that
    /// name leaves the picture unwritten and says so. Returns the map as it should be written
    /// and a sentence for each thing a person should know (what was written, what was not).
    public static func writeOut(_ document: Document, besideMapAt mapPath: String) -> (document: Document, notes: [String]) {
        guard !document.embeddedPictures.isEmpty else { return (document, []) }
        let folder = PicturePaths.standardized((FileFlow.absolute(mapPath) as NSString).deletingLastPathComponent)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var shownBy: [String: Node] = [:]
        for node in document.nodes {
            guard let path = node.image, shownBy[path] == nil, document.embeddedPictures[path] != nil else { continue }
            shownBy[path] = node
        }
        var written = document
        var wrote: [String] = []
        var notes: [String] = []
        for path in shownBy.keys.sorted() {
            guard let picture = document.embeddedPictures[path], let node = shownBy[path],
                  !PicturePaths.hasScheme(path) || path.lowercased().hasPrefix("file:") else { continue }
            if PicturePaths.candidates(path, folder: folder).contains(where: { regularFileSize($0) != nil }) { continue }
            let (file, named) = place(path, picture, besideMapIn: folder)
            let name = (file as NSString).lastPathComponent
            let unshown = "node “\(node.text.prefix(40))” will show no picture in Freeplane"
            if FileManager.default.fileExists(atPath: file) {
                guard FileManager.default.contents(atPath: file) == picture.bytes else {
                    notes.append("\(name) was not written beside the map: another file of that name is there; \(unshown)")
                    continue
                }
            } else {
                do {
                    try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent,
                                                            withIntermediateDirectories: true)
                    try AtomicFile.write(picture.bytes, to: file, keepBackup: false)
                } catch {
                    let reason = (error as? FormatError)?.description ?? error.localizedDescription
                    notes.append("\(name) could not be written beside the map (\(reason)); \(unshown)")
                    continue
                }
                wrote.append(String(file.dropFirst(prefix.count)))
            }
            if named != path {
                for other in document.nodes where other.image == path { written.renamePictureForWriting(of: other.id, to: named) }
                written.embeddedPictures[named] = picture
            }
        }
        if !wrote.isEmpty {
            let list = wrote.prefix(3).joined(separator: ", ") + (wrote.count > 3 ? ", …" : "")
            notes.insert("wrote \(wrote.count == 1 ? "a picture" : "\(wrote.count) pictures") kept only inside the map beside it, "
                         + "for Freeplane: \(list)", at: 0)
        }
        return (written, notes)
    }

    /// Where a picture held only inside a map is written out (`file`, inside `folder`) and the
    /// path the written map names it by: its own path when that is relative and stays inside
    /// the folder, else its own name beside the map.
    private static func place(_ path: String, _ picture: EmbeddedPicture, besideMapIn folder: String) -> (file: String, named: String) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // why: Freeplane reads the path as a URI, so the file is made under its decoded name.
        if !path.lowercased().hasPrefix("file:") {
            let plain = path.removingPercentEncoding ?? path
            let file = FileFlow.absolute(plain, in: folder)
            if !plain.hasPrefix("/"), !plain.hasPrefix("~"), file.hasPrefix(prefix) { return (file, path) }
        }
        return (prefix + picture.name, picture.name)
    }
}

extension Document {
    /// Takes in what `PictureEmbedding.look` found on disk: a small file's bytes replace any the
    /// map had; a file too big drops them (that file is what is shown, and the save names it);
    /// nothing found keeps them, so a picture once saved inside the map is never lost by a save.
    /// Bumps no revision: the bytes are not content (see `embeddedPictures`).
    public mutating func keepPictures(_ found: [String: PictureEmbedding.Found]) {
        for (path, outcome) in found {
            switch outcome {
            case .small(let picture): embeddedPictures[path] = picture
            case .tooBig: embeddedPictures[path] = nil
            case .absent: break
            }
        }
    }
}
