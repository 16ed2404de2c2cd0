import Foundation

/// Small pictures embedded in a `.meshpad` (`Document.embeddedPictures`): a `"pictures"` object
/// beside the nodes, one picture a line, keyed by the path the nodes give:
///
/// ```
/// "pictures" : {
///   "images/cat.png" : {"base64":"iVBORw0KGgo…","name":"cat.png","size":1234}
/// },
/// ```
///
/// Kept apart from the node records so a node stays one short line (an edit to a node's text is
/// not a 300 KB line in a diff) and a picture shown by many nodes is stored once. A map without
/// embedded pictures has no `"pictures"` key, and a Meshpad from before embedding reads the path
/// alone (its fast reader gives up on the key; `JSONDecoder` ignores it).
extension NativeFormat {
    struct StoredPicture: Codable, Equatable {
        /// The file's bytes in base64 (RFC 4648, padded, no line breaks).
        var base64: String
        /// The file's own name (`cat.png`).
        var name: String
        /// How many bytes `base64` holds: a cut or damaged line is caught, not shown half.
        var size: Int
    }

    /// The embedded pictures the map's nodes show now, by path (nil when there are none: a map
    /// without pictures costs nothing here). Bytes no node shows stay in memory, not in the file.
    static func storedPictures(of document: Document) -> [String: StoredPicture]? {
        guard !document.embeddedPictures.isEmpty else { return nil }
        var stored: [String: StoredPicture] = [:]
        for node in document.nodes {
            guard let path = node.image, stored[path] == nil, let picture = document.embeddedPictures[path] else { continue }
            stored[path] = StoredPicture(base64: picture.bytes.base64EncodedString(), name: picture.name, size: picture.bytes.count)
        }
        return stored.isEmpty ? nil : stored
    }

    /// The stored pictures back, each checked: a plain file name, a size that is what the
    /// base64 holds, base64 that decodes. `nodes` only name, in a refusal, a node that shows it.
    static func embeddedPictures(_ stored: [String: StoredPicture], shownBy nodes: [Node]) throws(FormatError) -> [String: EmbeddedPicture] {
        var pictures: [String: EmbeddedPicture] = [:]
        pictures.reserveCapacity(stored.count)
        // why: sorted, so of two damaged pictures the same one is named every time.
        for path in stored.keys.sorted() {
            guard let picture = stored[path] else { continue }
            func fail(_ problem: String) -> FormatError {
                let shower = nodes.first { $0.image == path }.map { " (the picture of node \($0.id))" } ?? ""
                let place = "pictures[\(quoted(path))]\(shower)"
                return FormatError(format: formatName, reason: .notAMap(
                    detail: "\(place) \(problem); delete its line to open the map without the embedded copy"))
            }
            guard EmbeddedPicture.isFileName(picture.name) else {
                throw fail("has the name \(quoted(picture.name)), which is not a file name")
            }
            let characters = picture.base64.utf8.count
            // why: the declared size is checked against the text before anything is decoded or
            // sized by it (a size near Int.max must neither overflow `4 * n / 3` nor allocate).
            guard picture.size >= 0, picture.size <= characters, (picture.size + 2) / 3 * 4 == characters else {
                throw fail("says it holds \(picture.size) bytes, but its base64 is \(characters) characters long (damaged or cut short?)")
            }
            guard let bytes = Data(base64Encoded: picture.base64) else { throw fail("is not base64 (damaged?)") }
            guard bytes.count == picture.size else {
                throw fail("says it holds \(picture.size) bytes, but its base64 holds \(bytes.count) (damaged or cut short?)")
            }
            pictures[path] = EmbeddedPicture(name: picture.name, bytes: bytes)
        }
        return pictures
    }

    /// A string as JSON would quote it, for naming a path or a name in a message.
    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) } ?? "\"\(text)\""
    }
}
