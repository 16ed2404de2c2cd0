import Foundation

/// Pictures' paths as a file keeps them: relative to the map's folder where the picture is
/// inside it, so a map and its pictures can be moved, zipped or put in git together.
///
/// In memory a node's `image` stays as it came (as the file gave it, relative to the folder the
/// map was opened from, or absolute as the file browser picked it), so undo, the kept `.mm`
/// record and the picture cache all keep agreeing. Only the copy that is written is rebased, to
/// the folder it is written to: a picture inside that folder becomes relative to it, one outside
/// it absolute, and a web address or `data:` URI stays what it is.
public enum PicturePaths {
    /// `path` (relative to `from`, or absolute) as it should be written into a map in `to`.
    public static func rebased(_ path: String, from: String?, to: String) -> String {
        guard !path.isEmpty, !hasScheme(path) else { return path }
        let source = from ?? FileManager.default.currentDirectoryPath
        let isRelative = !path.hasPrefix("/") && !path.hasPrefix("~")
        if isRelative && standardized(source) == standardized(to) { return path }
        let absolute = FileFlow.absolute(path, in: source)
        let folder = standardized(to)
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if absolute.hasPrefix(prefix) { return String(absolute.dropFirst(prefix.count)) }
        return absolute
    }

    /// Where a node's picture may be on disk, in the order to try: a `file:` URL's path, an
    /// absolute path, or one relative to the map's folder (the working folder without one);
    /// Freeplane writes URIs, so percent escapes are tried decoded too. What the picture cache
    /// decodes and what a save embeds are found the same way.
    public static func candidates(_ path: String, folder: String?) -> [String] {
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

    /// The kinds of picture SDL2_image reads, by extension.
    static let pictureExtensions: Set<String> = ["png", "jpg", "jpeg", "webp", "svg", "gif", "bmp", "tif", "tiff"]

    /// The picture a pasted text names, if it is one line holding an absolute path or a `file:`
    /// URL of a picture (what a file manager's Copy gives): the path, absolute.
    public static func pastedPicture(_ text: String) -> String? {
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !line.isEmpty, !line.contains("\n") else { return nil }
        var path = line
        if line.lowercased().hasPrefix("file:") {
            guard let url = URL(string: line), url.isFileURL else { return nil }
            path = url.path
        } else if line.hasPrefix("~") {
            path = (line as NSString).expandingTildeInPath
        }
        guard path.hasPrefix("/"), pictureExtensions.contains((path as NSString).pathExtension.lowercased()) else { return nil }
        return path
    }

    /// A URI with a scheme (`http:`, `file:`, `data:`): written as it is.
    static func hasScheme(_ path: String) -> Bool {
        guard let colon = path.firstIndex(of: ":"), colon != path.startIndex else { return false }
        let scheme = path[..<colon]
        return scheme.count > 1 && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && scheme.first?.isLetter == true
    }

    static func standardized(_ folder: String) -> String { FileFlow.absolute(folder, in: "/") }
}

extension Document {
    /// This map as it is written into `folder`: each picture's path rebased from `from`, the folder
    /// its relative paths are read from now (see `PicturePaths`), and its embedded bytes with it.
    /// The map itself is unchanged; a map without pictures is returned as it is, without a copy.
    public func rebasingPictures(from: String?, to folder: String) -> Document {
        var rebased = self
        for node in nodes {
            guard let image = node.image else { continue }
            let written = PicturePaths.rebased(image, from: from, to: folder)
            if written != image { rebased.renamePictureForWriting(of: node.id, to: written) }
        }
        if !embeddedPictures.isEmpty {
            rebased.embeddedPictures = [:]
            // why: in path order, so when two spellings of one picture meet, the same one is kept every time.
            for path in embeddedPictures.keys.sorted() {
                let written = PicturePaths.rebased(path, from: from, to: folder)
                if rebased.embeddedPictures[written] == nil { rebased.embeddedPictures[written] = embeddedPictures[path] }
            }
        }
        return rebased
    }
}

extension Document {
    /// Node `id` of a copy being written names its picture `path` instead. Its transaction's
    /// record is not kept: nobody undoes or sends what only a file's copy of the map holds (the
    /// map on screen is unchanged).
    mutating func renamePictureForWriting(of id: NodeID, to path: String) {
        guard let node = node(id) else { return }
        var details = node.details
        details.image = path
        var writing = Transaction(label: "picture path for writing")
        writing.apply(.setDetails(node: id, from: node.details, to: details), to: &self, sizing: nil)
    }
}
