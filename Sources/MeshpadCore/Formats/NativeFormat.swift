import Foundation

/// Meshpad's own `.meshpad` files: JSON with a format version, stable IDs and everything but
/// the sizes derived from the font.
///
/// Output is deterministic — sorted keys, nodes in ID order, edges in the map's order (each
/// node's children in order), defaults left out — and each node, edge and kept `.mm` record is
/// one line, so a map diffs well in git: an edit to one node changes one line. A file with a
/// newer `version` is refused, never half-read. Reading takes `NativeReader`'s fast path for
/// the shape written here and `JSONDecoder` for anything else (older layouts, hand edits, errors).
public enum NativeFormat {
    public static let formatName = "meshpad"
    public static let currentVersion = 1

    struct File: Codable {
        var format: String
        var version: Int
        var root: String
        /// "tree" for a map that lays itself out; absent for a free map.
        var layout: String?
        var nodes: [StoredNode]
        var edges: [StoredEdge]
        /// What the `.mm` file the map came from held beyond what Meshpad models.
        var freemind: StoredMindMap?
        /// What the XMind file the map came from held beyond what Meshpad models, as JSON text.
        var xmind: String?
        /// Where the map was looked at when it was saved.
        var view: StoredView?
        /// Small pictures' bytes, by the path the nodes give (see `NativeFormat+Pictures`).
        var pictures: [String: StoredPicture]?
        /// The map's presentations, as `Presentation` encodes itself; absent when it has none.
        var presentations: [Presentation]?
    }

    /// The map point at the middle of the window, and the zoom.
    struct StoredView: Codable {
        var x: Double
        var y: Double
        var zoom: Double
    }

    /// Everything the file holds but its node and edge records, which go to a `NativeRecordSink`
    /// as they are read.
    struct Envelope {
        var format: String
        var version: Int
        var root: String
        var layout: String?
        var freemind: StoredMindMap?
        var xmind: String?
        var view: StoredView?
        var pictures: [String: StoredPicture]?
        var presentations: [Presentation]?
    }

    struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    struct StoredStyle: Codable {
        var shape: String?
        var textColor: String?
        var fillColor: String?
        var fontSize: Double?
        var bold: Bool?
        var italic: Bool?
        var edgeColor: String?
        var edgeWidth: Double?
        /// "curve" or "straight"; absent for the theme's.
        var edgeShape: String?
        var cloud: StoredCloud?
        /// The root's "no branch colours" (absent: coloured).
        var plainBranches: Bool?
    }

    struct StoredCloud: Codable {
        /// Absent for the theme's.
        var color: String?
        /// "arc", "star", "rect" or "roundRect".
        var shape: String
    }

    struct StoredNode: Codable {
        var id: String
        var text: String
        var x: Double
        var y: Double
        var folded: Bool?
        var note: String?
        var link: String?
        var icons: [String]?
        var style: StoredStyle?
        var side: String?
        var sourceID: String?
        var image: String?
        /// The picture's scale over its pixels (Freeplane's `SIZE`); absent for its own size.
        var imageScale: Double?
        /// Freeplane's summary marks: "first" (a group begins here), "summary".
        var summary: [String]?
        /// The attribute table's rows as `[name, value]`, and whether it is folded.
        var attributes: [[String]]?
        var attributesFolded: Bool?
        /// Its tags, in order (Freeplane's `TAGS`).
        var tags: [String]?
        /// The day it is due by, as `YYYY-MM-DD`.
        var due: String?
    }

    struct StoredEdge: Codable {
        var id: String
        var from: String
        var to: String
        var kind: String
        var arrows: [String]?
        var label: String?
        var sourceLabel: String?
        var targetLabel: String?
        /// `#rrggbb` or `#rrggbbaa`.
        var color: String?
        var width: Double?
        /// Dash and gap lengths, in widths of the line.
        var dash: [Double]?
    }

    public static func encode(_ document: Document) throws -> Data {
        let nodes = document.nodes.sorted { $0.id < $1.id }.map { node in
            StoredNode(
                id: node.id.description, text: node.text, x: node.position.x, y: node.position.y,
                folded: node.folded ? true : nil, note: node.note.isEmpty ? nil : node.note, link: node.link,
                icons: node.icons.isEmpty ? nil : node.icons,
                style: node.style.isPlain ? nil : StoredStyle(node.style),
                side: node.side?.rawValue, sourceID: node.sourceID, image: node.image, imageScale: node.imageScale,
                summary: node.summaryMarks.isEmpty ? nil : [(SummaryMarks.firstOfGroup, "first"), (.summary, "summary")]
                    .filter { node.summaryMarks.contains($0.0) }.map(\.1),
                attributes: node.attributes.isEmpty ? nil : node.attributes.rows.map { [$0.name, $0.value] },
                attributesFolded: node.attributes.folded ? true : nil,
                tags: node.tags.isEmpty ? nil : node.tags, due: node.due?.description)
        }
        // why: edges stay in the map's order, which is the order of each node's children.
        let edges = document.edges.map { edge in
            var arrows: [String] = []
            if edge.arrows.contains(.start) { arrows.append("start") }
            if edge.arrows.contains(.end) { arrows.append("end") }
            let look = edge.look
            return StoredEdge(id: edge.id.description, from: edge.from.description, to: edge.to.description,
                              kind: edge.kind.rawValue, arrows: arrows.isEmpty ? nil : arrows, label: look.label,
                              sourceLabel: look.sourceLabel, targetLabel: look.targetLabel, color: look.color?.hexString,
                              width: look.width, dash: look.dash)
        }
        return try encodeLines(File(format: formatName, version: currentVersion, root: document.rootID.description,
                                layout: document.layoutMode == .tree ? "tree" : nil, nodes: nodes, edges: edges,
                                freemind: document.mindMapSource.map(stored),
                                xmind: document.xmindSource.map { String(decoding: $0, as: UTF8.self) },
                                view: document.savedView.map { StoredView(x: $0.center.x, y: $0.center.y, zoom: $0.zoom) },
                                pictures: storedPictures(of: document),
                                presentations: document.presentations.isEmpty ? nil : document.presentations))
    }

    /// The file as JSON with its keys sorted, each node, edge and kept record on a line of its
    /// own (each encoded whole by `JSONEncoder`, so nothing a record holds can be left out).
    static func encodeLines(_ file: File) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var out = Data()
        out.reserveCapacity(file.nodes.count * 80 + file.edges.count * 60 + 256)
        func text(_ string: String) { out.append(contentsOf: string.utf8) }
        func value(_ item: some Encodable) throws { out.append(try encoder.encode(item)) }
        func records<T: Encodable>(_ items: [T], open: String, close: String, indent: String, key: (Int) -> String? = { _ in nil }) throws {
            guard !items.isEmpty else {
                text(open + close)
                return
            }
            text(open + "\n")
            for (index, item) in items.enumerated() {
                text(indent)
                if let name = key(index) {
                    try value(name)
                    text(" : ")
                }
                try value(item)
                text(index == items.count - 1 ? "\n" : ",\n")
            }
            text(String(indent.dropLast(2)) + close)
        }
        text("{\n  \"edges\" : ")
        try records(file.edges, open: "[", close: "]", indent: "    ")
        text(",\n  \"format\" : ")
        try value(file.format)
        if let freemind = file.freemind {
            text(",\n  \"freemind\" : {\n    \"attributes\" : ")
            try value(freemind.attributes)
            text(",\n    \"items\" : ")
            try value(freemind.items)
            text(",\n    \"nodes\" : ")
            let kept = freemind.nodes.sorted { (parseID($0.key, prefix: "n") ?? 0, $0.key) < (parseID($1.key, prefix: "n") ?? 0, $1.key) }
            try records(kept.map(\.value), open: "{", close: "}", indent: "      ", key: { kept[$0].key })
            text("\n  }")
        }
        if let layout = file.layout {
            text(",\n  \"layout\" : ")
            try value(layout)
        }
        text(",\n  \"nodes\" : ")
        try records(file.nodes, open: "[", close: "]", indent: "    ")
        if let pictures = file.pictures {
            // why: one picture a line, in path order, so adding or changing one is one line of a diff.
            let paths = pictures.keys.sorted()
            text(",\n  \"pictures\" : ")
            try records(paths.compactMap { pictures[$0] }, open: "{", close: "}", indent: "    ", key: { paths[$0] })
        }
        if let presentations = file.presentations {
            // why: a presentation a line, encoded whole, so a field added to a slide is never left out.
            text(",\n  \"presentations\" : ")
            try records(presentations, open: "[", close: "]", indent: "    ")
        }
        text(",\n  \"root\" : ")
        try value(file.root)
        text(",\n  \"version\" : ")
        try value(file.version)
        if let view = file.view {
            text(",\n  \"view\" : ")
            try value(view)
        }
        if let xmind = file.xmind {
            text(",\n  \"xmind\" : ")
            try value(xmind)
        }
        text("\n}\n")
        return out
    }

    /// Reads a map. With `sizing`, the nodes are measured before anything is filed by its size,
    /// so a map opened for display has its indexes built once (the map `measureAll(with:)` after
    /// the read would give, without filing everything twice).
    public static func decode(_ data: Data, sizing: NodeSizing? = nil) throws(FormatError) -> Document {
        func fail(_ reason: FormatError.Reason) -> FormatError { FormatError(format: formatName, reason: reason) }
        // One pass over the bytes in the common case, each record made into a node or an edge
        // as it is read; only a file the fast path gives up on gets the slower passes that say
        // where it broke (syntax) or why it is refused (format, newer version).
        var records = Records()
        let envelope: Envelope
        if let fast = NativeReader.read(data, into: &records) {
            envelope = fast
        } else {
            let file: File
            do {
                file = try JSONDecoder().decode(File.self, from: data)
            } catch {
                throw diagnose(data, decodingError: error)
            }
            records = Records()
            for node in file.nodes { records.take(node) }
            for edge in file.edges { records.take(edge) }
            envelope = file.envelope
        }
        guard envelope.format == formatName else {
            throw fail(.notAMap(detail: "expected \"format\": \"meshpad\", found \"\(envelope.format)\""))
        }
        guard envelope.version <= currentVersion else { throw fail(.newerVersion(found: envelope.version, supported: currentVersion)) }
        guard envelope.version >= 1 else { throw fail(.notAMap(detail: "version \(envelope.version) does not exist")) }
        // A bad node is reported before a bad edge, whichever the file holds first.
        if let problem = records.nodeProblem ?? records.edgeProblem { throw problem }
        guard let root = parseID(envelope.root, prefix: "n") else { throw fail(.notAMap(detail: "root '\(envelope.root)' is not like n1")) }
        var layout = Document.LayoutMode.free
        if let stored = envelope.layout {
            guard let parsed = Document.LayoutMode(rawValue: stored) else { throw fail(.notAMap(detail: "layout '\(stored)' is not free or tree")) }
            layout = parsed
        }
        let mindMap = try envelope.freemind.map(mindMapSource)
        let pictures = try envelope.pictures.map { stored throws(FormatError) in try embeddedPictures(stored, shownBy: records.nodes) } ?? [:]
        // why: a slide's condition is written into a `.mm` as it is; a doctored file must not make one Freeplane refuses.
        let conditions = (envelope.presentations ?? []).flatMap(\.slides).compactMap(\.conditionXML)
        guard isWellFormed(conditions) else { throw fail(.notAMap(detail: "presentations: a slide's condition is not well-formed XML")) }
        do {
            let (nodes, edges) = records.take()
            var document = try Document(restoring: nodes, edges: edges, rootID: NodeID(root), layoutMode: layout, sizing: sizing)
            document.mindMapSource = mindMap
            document.xmindSource = envelope.xmind.map { Data($0.utf8) }
            document.embeddedPictures = pictures
            // why: a slide naming a node the file lacks stays as written: it is skipped when played.
            document.presentations = envelope.presentations ?? []
            document.savedView = envelope.view.flatMap { view in
                // A view that cannot be shown is only a view: the map opens as if it had none.
                let saved = SavedView(center: Vec2(view.x, view.y), zoom: view.zoom)
                return saved.center.isFinite && view.zoom.isFinite && view.zoom > 0 ? saved : nil
            }
            return document
        } catch {
            throw fail(.invalidMap(error))
        }
    }

    /// Why a file did not decode: broken JSON (with the place), not a Meshpad map, a newer version,
    /// or a field of the wrong shape.
    static func diagnose(_ data: Data, decodingError: Error) -> FormatError {
        func fail(_ reason: FormatError.Reason) -> FormatError { FormatError(format: formatName, reason: reason) }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            let (offset, detail) = jsonErrorPlace(error as NSError, length: data.count)
            let (line, column) = offset >= 0 ? lineAndColumn(ofOffset: offset, in: Array(data)) : (0, 0)
            return fail(.malformed(line: line, column: column, detail: detail))
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            return fail(.notAMap(detail: "expected a JSON object with \"format\": \"meshpad\""))
        }
        guard header.format == formatName else {
            return fail(.notAMap(detail: "expected \"format\": \"meshpad\", found \(header.format.map { "\"\($0)\"" } ?? "none")"))
        }
        guard let version = header.version else { return fail(.notAMap(detail: "no \"version\"")) }
        // A newer version may have changed any field: refuse it before judging its shape.
        guard version <= currentVersion else { return fail(.newerVersion(found: version, supported: currentVersion)) }
        if let error = decodingError as? DecodingError { return fail(.notAMap(detail: describe(error))) }
        return fail(.notAMap(detail: "\(decodingError)"))
    }

    /// Where Foundation's JSON reader stopped, from its error (it gives an index on some
    /// platforms and only a sentence on others), and what to tell the user.
    static func jsonErrorPlace(_ error: NSError, length: Int) -> (offset: Int, detail: String) {
        if let index = error.userInfo["NSJSONSerializationErrorIndex"] as? Int { return (index, "the JSON is broken here") }
        let message = (error.userInfo[NSDebugDescriptionErrorKey] as? String) ?? ""
        if message.lowercased().contains("end of file") { return (length, "the file ends too early (truncated?)") }
        if let range = message.range(of: "character "),
           let index = Int(message[range.upperBound...].prefix { $0.isNumber }) {
            return (index, "the JSON is broken here")
        }
        return (-1, message.isEmpty ? "the JSON is broken" : message)
    }

    static func parseID(_ text: String, prefix: Unicode.Scalar) -> Int? {
        // why: IDs are read three to a record; most are the prefix and a few digits, read here
        // from the bytes. Anything else ("n+7", 19 digits, a combining mark after the prefix)
        // takes the general path, which decides as it always has.
        if let value = text.utf8.withContiguousStorageIfAvailable({ plainID($0, prefix: prefix) }), let value {
            return value
        }
        guard text.first == Character(prefix), let value = Int(text.dropFirst()), value > 0 else { return nil }
        return value
    }

    /// The number after `prefix` when the rest is 1 to 18 ASCII digits and above 0, else nil.
    private static func plainID(_ bytes: UnsafeBufferPointer<UInt8>, prefix: Unicode.Scalar) -> Int? {
        guard bytes.count >= 2, bytes.count <= 19, prefix.isASCII, bytes[0] == UInt8(prefix.value) else { return nil }
        var value = 0
        for byte in bytes[1...] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value > 0 ? value : nil
    }

    /// A JSON value's type in words (`[Int]` is "a list").
    private static func kind(of type: Any.Type) -> String {
        switch type {
        case is String.Type: return "text"
        case is Double.Type: return "a number"
        case is Int.Type: return "a whole number"
        case is Bool.Type: return "true or false"
        case is [Any].Type: return "a list"
        case is [String: Any].Type: return "an object"
        default: return "\(type)"
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            let where_ = path(context)
            return "\(where_.isEmpty ? "" : where_ + ": ")missing \"\(key.stringValue)\""
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)): expected \(kind(of: type))"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
