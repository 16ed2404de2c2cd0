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
        /// Where the map was looked at when it was saved.
        var view: StoredView?
    }

    /// The map point at the middle of the window, and the zoom.
    struct StoredView: Codable {
        var x: Double
        var y: Double
        var zoom: Double
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
                attributesFolded: node.attributes.folded ? true : nil)
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
                                view: document.savedView.map { StoredView(x: $0.center.x, y: $0.center.y, zoom: $0.zoom) }))
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
        text(",\n  \"root\" : ")
        try value(file.root)
        text(",\n  \"version\" : ")
        try value(file.version)
        if let view = file.view {
            text(",\n  \"view\" : ")
            try value(view)
        }
        text("\n}\n")
        return out
    }

    public static func decode(_ data: Data) throws(FormatError) -> Document {
        func fail(_ reason: FormatError.Reason) -> FormatError { FormatError(format: formatName, reason: reason) }
        // One decoding pass in the common case; only a file that fails gets the slower passes that
        // say where it broke (syntax) or why it is refused (format, newer version).
        let file: File
        if let fast = NativeReader.file(from: data) {
            file = fast
        } else {
            do {
                file = try JSONDecoder().decode(File.self, from: data)
            } catch {
                throw diagnose(data, decodingError: error)
            }
        }
        guard file.format == formatName else {
            throw fail(.notAMap(detail: "expected \"format\": \"meshpad\", found \"\(file.format)\""))
        }
        guard file.version <= currentVersion else { throw fail(.newerVersion(found: file.version, supported: currentVersion)) }
        guard file.version >= 1 else { throw fail(.notAMap(detail: "version \(file.version) does not exist")) }
        var nodes: [Node] = []
        nodes.reserveCapacity(file.nodes.count)
        for (index, stored) in file.nodes.enumerated() {
            guard let id = parseID(stored.id, prefix: "n") else { throw fail(.notAMap(detail: "nodes[\(index)].id '\(stored.id)' is not like n12")) }
            var node = Node(id: NodeID(id), text: stored.text, position: Vec2(stored.x, stored.y), folded: stored.folded ?? false)
            node.note = stored.note ?? ""
            node.link = stored.link
            node.icons = stored.icons ?? []
            if let style = stored.style {
                var shape: NodeShape?
                if let name = style.shape {
                    guard let parsed = NodeShape(rawValue: name) else {
                        throw fail(.notAMap(detail: "nodes[\(index)].style.shape '\(name)' is not ellipse, roundedBox or plain"))
                    }
                    shape = parsed
                }
                var edgeShape: EdgeShape?
                if let name = style.edgeShape {
                    guard let parsed = EdgeShape(rawValue: name) else {
                        throw fail(.notAMap(detail: "nodes[\(index)].style.edgeShape '\(name)' is not curve or straight"))
                    }
                    edgeShape = parsed
                }
                node.style = style.nodeStyle(shape: shape, edgeShape: edgeShape)
                if let cloud = style.cloud {
                    guard let shape = Cloud.Shape(rawValue: cloud.shape) else {
                        throw fail(.notAMap(detail: "nodes[\(index)].style.cloud.shape '\(cloud.shape)' is not arc, star, rect or roundRect"))
                    }
                    var color: RGBA?
                    if let text = cloud.color {
                        guard let parsed = RGBA(hexString: text) else {
                            throw fail(.notAMap(detail: "nodes[\(index)].style.cloud.color '\(text)' is not a colour like #f0f0f0"))
                        }
                        color = parsed
                    }
                    node.style.cloud = Cloud(color: color, shape: shape)
                }
            }
            if let side = stored.side {
                guard let parsed = Node.Side(rawValue: side) else { throw fail(.notAMap(detail: "nodes[\(index)].side '\(side)' is not left or right")) }
                node.side = parsed
            }
            node.sourceID = stored.sourceID
            node.image = stored.image.flatMap { $0.isEmpty ? nil : $0 }
            if let scale = stored.imageScale {
                guard scale.isFinite, scale > 0 else { throw fail(.notAMap(detail: "nodes[\(index)].imageScale \(scale) is not a size above 0")) }
                node.imageScale = scale
            }
            for (row, pair) in (stored.attributes ?? []).enumerated() {
                guard pair.count == 2 else { throw fail(.notAMap(detail: "nodes[\(index)].attributes[\(row)] is not [name, value]")) }
                node.attributes.rows.append(AttributeTable.Row(pair[0], pair[1]))
            }
            node.attributes.folded = stored.attributesFolded ?? false
            for mark in stored.summary ?? [] {
                switch mark {
                case "first": node.summaryMarks.insert(.firstOfGroup)
                case "summary": node.summaryMarks.insert(.summary)
                default: throw fail(.notAMap(detail: "nodes[\(index)].summary has '\(mark)' (first or summary)"))
                }
            }
            nodes.append(node)
        }
        var edges: [Edge] = []
        edges.reserveCapacity(file.edges.count)
        for (index, stored) in file.edges.enumerated() {
            guard let id = parseID(stored.id, prefix: "e"), let from = parseID(stored.from, prefix: "n"),
                  let to = parseID(stored.to, prefix: "n") else {
                throw fail(.notAMap(detail: "edges[\(index)] has an ID that is not like e3 / n12"))
            }
            guard let kind = Edge.Kind(rawValue: stored.kind) else {
                throw fail(.notAMap(detail: "edges[\(index)].kind '\(stored.kind)' is not tree or link"))
            }
            var arrows: Edge.Arrows = []
            for name in stored.arrows ?? [] {
                switch name {
                case "start": arrows.insert(.start)
                case "end": arrows.insert(.end)
                default: throw fail(.notAMap(detail: "edges[\(index)].arrows has '\(name)' (start or end)"))
                }
            }
            var look = LinkLook(label: stored.label, arrows: arrows, sourceLabel: stored.sourceLabel, targetLabel: stored.targetLabel)
            if let text = stored.color {
                guard let color = RGBA(hexString: text) else { throw fail(.notAMap(detail: "edges[\(index)].color '\(text)' is not a colour like #2e7d32")) }
                look.color = color
            }
            if let width = stored.width {
                guard width.isFinite, width > 0 else { throw fail(.notAMap(detail: "edges[\(index)].width \(width) is not a width above 0")) }
                look.width = min(width, LinkLook.largestWidth)
            }
            if let dash = stored.dash {
                guard dash.count >= 2, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.reduce(0, +) > 0 else {
                    throw fail(.notAMap(detail: "edges[\(index)].dash \(dash) is not dash and gap lengths like [3, 3]"))
                }
                look.dash = dash
            }
            edges.append(Edge(id: EdgeID(id), from: NodeID(from), to: NodeID(to), kind: kind, look: look))
        }
        guard let root = parseID(file.root, prefix: "n") else { throw fail(.notAMap(detail: "root '\(file.root)' is not like n1")) }
        var layout = Document.LayoutMode.free
        if let stored = file.layout {
            guard let parsed = Document.LayoutMode(rawValue: stored) else { throw fail(.notAMap(detail: "layout '\(stored)' is not free or tree")) }
            layout = parsed
        }
        let mindMap = try file.freemind.map(mindMapSource)
        do {
            var document = try Document(restoring: nodes, edges: edges, rootID: NodeID(root))
            document.setLayoutMode(layout)
            document.mindMapSource = mindMap
            document.savedView = file.view.flatMap { view in
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

    static func parseID(_ text: String, prefix: Character) -> Int? {
        guard text.first == prefix, let value = Int(text.dropFirst()), value > 0 else { return nil }
        return value
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
            return "\(path(context)): expected \(type == String.self ? "text" : type == Double.self ? "a number" : "\(type)")"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
