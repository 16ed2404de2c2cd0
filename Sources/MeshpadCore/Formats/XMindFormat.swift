import Foundation

/// XMind files: XMind 8's `content.xml` and XMind Zen/2020+'s `content.json` read, Zen written.
///
/// An `.xmind` file is a ZIP archive (`ZipArchive` refuses hostile ones). A Zen file also holds
/// a stub `content.xml` ("please upgrade") for XMind 8, so `content.json` is read first. Either
/// generation is read into the same few values (`Sheet`, `Topic`), which become one map:
///
/// - a topic is a node (its title, `notes` plain text or the HTML's text, `href`, labels as
///   tags, markers as icons through `XMindMarkers`, a picture from `resources/` or
///   `attachments/` embedded as `.meshpad` embeds pictures, `branch="folded"`);
/// - attached topics are children; detached (floating) ones are free-standing nodes;
/// - a summary is a sibling marked `.summary` after the topics it sums up, the first of them
///   marked `.firstOfGroup` when the group would otherwise reach further back;
/// - a boundary is a cloud round each topic it encloses (`master`: round the topic itself);
/// - a relationship is a link with its title as the link's label.
///
/// What a Zen topic, relationship and sheet held beyond that (styles, callouts, extensions,
/// rich notes, a picture's size, markers with no icon of their own…) is kept as JSON
/// (`XMindKept`), and written back by `encode` wherever the person did not change the part
/// Meshpad shows. A file has several sheets; one is read (`sheets(in:)` names them).
public enum XMindFormat {
    public static let formatName = "XMind"

    /// Deepest `content.json` nesting read (arrays and objects): deeper is refused before parsing,
    /// so neither Foundation's parser nor the walk over topics can run out of stack.
    static let deepestJSON = 512
    /// Deepest topic tree written: its JSON stays inside `deepestJSON`.
    static let deepestTopics = 160
    /// Deepest topic tree read from `content.xml`.
    static let deepestXMLTopics = 2_000

    /// Reads sheet `sheet` (0-based; nil: the first) of an XMind file as a map.
    public static func decode(_ data: Data, sheet: Int? = nil) throws(FormatError) -> FreeMindFormat.Imported {
        try decode(data, sheet: sheet, limits: ZipArchive.Limits())
    }

    /// `decode`, and whether the file can be written back whole (`isWrittenBackWhole`), from
    /// one reading of the archive.
    static func decodeTellingWhole(_ data: Data, sheet: Int?) throws(FormatError) -> (imported: FreeMindFormat.Imported, whole: Bool) {
        let file = try XMindFile(data)
        return (try decode(file, sheet: sheet), file.zenSheets != nil)
    }

    /// Whether Meshpad can write `data`'s file back whole: a 2020 file (its other sheets and
    /// what Meshpad does not show are kept and written back). An XMind 8 file cannot be: written
    /// in the 2020 format, XMind 8 would show only a stub, and its other sheets and the topics'
    /// XML Meshpad does not keep would be gone.
    public static func isWrittenBackWhole(_ data: Data) -> Bool {
        guard let file = try? XMindFile(data) else { return true }
        return file.zenSheets != nil
    }

    /// `decode` with the archive's limits given (tests try a ZIP bomb without inflating 512 MiB).
    static func decode(_ data: Data, sheet: Int?, limits: ZipArchive.Limits) throws(FormatError) -> FreeMindFormat.Imported {
        try decode(try XMindFile(data, limits: limits), sheet: sheet)
    }

    private static func decode(_ file: XMindFile, sheet: Int?) throws(FormatError) -> FreeMindFormat.Imported {
        let index = sheet ?? 0
        guard file.sheets.indices.contains(index) else {
            let count = file.sheets.count
            throw FormatError(format: formatName, reason: .notAMap(
                detail: "there is no sheet \(index + 1): the file has \(count) sheet\(count == 1 ? "" : "s"), "
                    + titles(file.sheets).enumerated().map { "\($0 + 1) “\($1)”" }.joined(separator: ", ")))
        }
        var imported = SheetReading.map(file.sheets[index], archive: file.archive, metadata: file.metadata)
        if file.sheets.count > 1 {
            let title = titles(file.sheets)[index]
            imported.warnings.insert("the file has \(file.sheets.count) sheets; this is sheet \(index + 1), “\(title)”", at: 0)
            // The other sheets go back into the file with this one when it is saved.
            if let others = file.zenSheets {
                var kept = XMindKept(imported.document) ?? XMindKept()
                kept.workbook = others
                kept.sheetIndex = index
                for name in file.archive.names where name.hasPrefix("resources/") || name.hasPrefix("attachments/") {
                    if kept.attachments[name] == nil, let bytes = file.archive.data(name) { kept.attachments[name] = bytes }
                }
                kept.keepsAllAttachments = true
                kept.store(in: &imported.document)
            }
        }
        return imported
    }

    /// The sheets' titles, in order (an untitled sheet is “Sheet N”, counting from 1 as XMind does).
    public static func sheets(in data: Data) throws(FormatError) -> [String] {
        titles(try XMindFile(data).sheets)
    }

    /// Writes the map as one sheet of an XMind Zen file, with what its XMind file held that
    /// Meshpad does not model; `warnings` name what XMind cannot hold.
    public static func encode(_ document: Document) throws(FormatError) -> (data: Data, warnings: [String]) {
        var writer = ZenWriter(document)
        return try writer.write()
    }

    static func titles(_ sheets: [Sheet]) -> [String] {
        sheets.enumerated().map { $1.title.isEmpty ? "Sheet \($0 + 1)" : $1.title }
    }

    static func failure(_ detail: String) -> FormatError {
        FormatError(format: formatName, reason: .malformed(line: 0, column: 0, detail: detail))
    }

    // MARK: - What both generations are read into

    /// One sheet: its topics (the first is the root) and relationships.
    struct Sheet {
        var title = ""
        var topics: [Topic] = []
        var relationships: [Relationship] = []
        /// Zen: the sheet object without its root topic and relationships (id, theme, extensions…).
        var kept: [String: Any]?
    }

    /// A topic as either generation gives it; children by their index in `Sheet.topics`.
    struct Topic {
        var id: String?
        var title = ""
        var note = ""
        var labels: [String] = []
        var markers: [String] = []
        var href: String?
        /// The archive entry of its picture (`resources/….png`, `attachments/….png`).
        var image: String?
        var folded = false
        var position: Vec2?
        var attached: [Int] = []
        var detached: [Int] = []
        var summaryTopics: [Int] = []
        var summaries: [(span: Span?, topicID: String)] = []
        var boundaries: [Span?] = []
        /// Zen: the topic object without its id, title and attached, detached and summary children.
        var kept: [String: Any]?
    }

    struct Relationship {
        var end1: String
        var end2: String
        var title: String?
        var kept: [String: Any]?
    }

    /// Which of a topic's attached children a summary or boundary takes in: `(0,2)` is the
    /// first three; nil in its place is `master`, the topic itself.
    struct Span: Equatable {
        var first: Int
        var last: Int

        init(first: Int, last: Int) {
            self.first = first
            self.last = last
        }

        /// `(0,2)`; nil for `master` or anything else.
        init?(_ text: String?) {
            guard let text else { return nil }
            let numbers = text.trimmingCharacters(in: CharacterSet(charactersIn: "() ")).split(separator: ",")
                .compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 2, numbers[0] >= 0, numbers[0] <= numbers[1] else { return nil }
            first = numbers[0]
            last = numbers[1]
        }

        var text: String { "(\(first),\(last))" }
    }

    /// Text as Meshpad keeps it: XMind 8 ends lines with `&#13;` and a newline.
    static func lines(_ text: String) -> String {
        guard text.contains("\r") else { return text }
        return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A note as Meshpad keeps it: its lines, without the blank lines XMind leaves at its end.
    static func note(_ text: String) -> String {
        var note = lines(text)
        while let last = note.last, last.isWhitespace { note.removeLast() }
        return note
    }

    // MARK: - Markers and icons

    /// Markers with an obvious FreeMind icon, shown as it (the rest are kept under their own
    /// name and drawn as a bullet; flags have glyphs under XMind's names already).
    static let iconByMarker: [String: String] = [
        "smiley-smile": "ksmiletris", "smiley-laugh": "very_positive", "smiley-angry": "smiley-angry", "smiley-cry": "smily_bad",
        "smiley-surprise": "smiley-oh", "smiley-boring": "smiley-neutral",
        "arrow-up": "up", "arrow-down": "down", "arrow-left": "back", "arrow-right": "forward",
        "symbol-plus": "addition", "symbol-minus": "subtraction", "symbol-question": "help", "symbol-exclam": "yes",
        "symbol-info": "info", "symbol-right": "button_ok", "symbol-wrong": "button_cancel",
        "star-red": "star", "star-orange": "star", "star-yellow": "star", "star-blue": "star", "star-green": "star", "star-purple": "star",
        "c_symbol_like": "very_positive", "c_symbol_dislike": "very_negative", "c_symbol_idea": "idea",
    ]

    /// The marker an icon is written as, where `iconByMarker` has no single answer (`star`).
    static let markerByIcon: [String: String] = {
        var markers: [String: String] = ["star": "star-yellow", "very_positive": "smiley-laugh", "positive": "c_symbol_like",
                                         "negative": "c_symbol_dislike", "very_negative": "c_symbol_dislike", "idea": "c_symbol_idea"]
        for (marker, icon) in iconByMarker where markers[icon] == nil { markers[icon] = marker }
        return markers
    }()

    /// The icons a topic's markers become, in order, each once.
    static func icons(forMarkers markers: [String]) -> [String] {
        var icons: [String] = []
        for marker in markers {
            for icon in XMindMarkers.icons(forMarker: marker).map({ iconByMarker[$0] ?? $0 }) where !icons.contains(icon) {
                icons.append(icon)
            }
        }
        return icons
    }

    /// The markers a node's icons become (`original`: the markers it was read from, whose own
    /// colour wins over the default one for its icon), and the icons XMind has no marker for.
    static func markers(forIcons icons: [String], original: [String] = []) -> (markers: [String], left: [String]) {
        var chosen: [String: String] = [:]
        for marker in original {
            if let icon = iconByMarker[marker], chosen[icon] == nil { chosen[icon] = marker }
        }
        var left: [String] = []
        let named = icons.map { icon -> String in
            if let marker = chosen[icon] ?? markerByIcon[icon] { return marker }
            let known = TaskState(icon: icon) != nil || Priority.level(ofIcon: icon) != nil || XMindMarkers.isXMindMarker(icon)
            if !known { left.append(icon) }
            return icon
        }
        var markers: [String] = []
        for marker in XMindMarkers.markers(forIcons: named) where !markers.contains(marker) { markers.append(marker) }
        return (markers, left)
    }

    // MARK: - JSON

    /// The byte offset where `data` first nests arrays and objects deeper than `limit` (strings
    /// skipped), or nil: a scan of the bytes, no parse.
    static func excessiveNesting(_ data: Data, limit: Int) -> Int? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int? in
            var depth = 0, inString = false, escaped = false
            for (offset, byte) in bytes.enumerated() {
                if inString {
                    if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > limit { return offset }
                case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                default: break
                }
            }
            return nil
        }
    }

    /// JSON text of a value JSONSerialization made or can write, keys sorted (the same map
    /// gives the same file).
    static func json(_ object: Any) -> Data? {
        guard JSONSerialization.isValidJSONObject(object) else { return nil }
        return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// Parses `data` as JSON, refusing nesting deeper than `deepestJSON` first. `name` names the
    /// entry in errors.
    static func parseJSON(_ data: Data, name: String) throws(FormatError) -> Any {
        if let offset = excessiveNesting(data, limit: deepestJSON) {
            throw failure("\(name) is nested more than \(deepestJSON) levels deep (at byte \(offset)): refused, no map is that deep")
        }
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let reason = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw failure("\(name) is not JSON: \(reason)")
        }
    }
}

/// An XMind file opened: its archive and every sheet read, from `content.json` when it has
/// one, else from `content.xml`.
struct XMindFile {
    let archive: ZipArchive
    let sheets: [XMindFormat.Sheet]
    /// Every sheet of a 2020 file as its JSON, to write back the sheets not opened.
    let zenSheets: [Any]?
    /// Zen's `metadata.json`, kept to write back.
    let metadata: [String: Any]?

    init(_ data: Data, limits: ZipArchive.Limits = ZipArchive.Limits()) throws(FormatError) {
        archive = try ZipArchive.read(data, format: XMindFormat.formatName, limits: limits)
        if let json = archive.data("content.json") {
            sheets = try XMindFormat.zenSheets(json)
            zenSheets = (try? JSONSerialization.jsonObject(with: json)) as? [Any]
            metadata = archive.data("metadata.json").flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        } else if let xml = archive.data("content.xml") {
            sheets = try XMindFormat.legacySheets(xml)
            zenSheets = nil
            metadata = nil
        } else {
            let held = archive.names.prefix(5).joined(separator: ", ")
            throw FormatError(format: XMindFormat.formatName, reason: .unknownFormat(
                detail: "not an XMind file: it has neither content.json nor content.xml"
                    + (held.isEmpty ? " (the archive is empty)" : " (it holds \(held)\(archive.names.count > 5 ? ", …" : ""))")))
        }
        guard !sheets.isEmpty else {
            throw FormatError(format: XMindFormat.formatName, reason: .notAMap(detail: "the file has no sheet"))
        }
        if let empty = sheets.firstIndex(where: { $0.topics.isEmpty }) {
            throw FormatError(format: XMindFormat.formatName, reason: .notAMap(detail: "sheet \(empty + 1) has no central topic"))
        }
    }
}

/// What an XMind file held that Meshpad does not model, kept with the map so `encode` writes it
/// back: per topic (by its XMind ID, the node's `sourceID`) the topic's JSON without its
/// children and what Meshpad read from it, per relationship its JSON, the sheet's JSON, the
/// file's metadata, and the attachments that topics link to (`xap:resources/…`).
///
/// It is kept as JSON in `Document.xmindSource`, which `.meshpad` stores, so a map from XMind
/// saved as `.meshpad`, opened again and saved as XMind still writes it back.
struct XMindKept {
    var sheet: [String: Any]?
    var metadata: [String: Any]?
    /// By XMind topic ID: `["json": object, "read": [field: value]]`.
    var topics: [String: [String: Any]] = [:]
    /// By `end1Id>end2Id`: `["json": object, "label": title]`.
    var relationships: [String: [String: Any]] = [:]
    /// Archive entry → its bytes.
    var attachments: [String: Data] = [:]
    /// A 2020 workbook's sheets as read, the one shown at `sheetIndex` written afresh over it.
    var workbook: [Any]?
    var sheetIndex = 0
    /// Every attachment is written back, not only those a node links to (the other sheets' pictures).
    var keepsAllAttachments = false

    init() {}

    /// What `document` keeps from its XMind file, if it came from one.
    init?(_ document: Document) {
        guard let bytes = document.xmindSource,
              let root = (try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any] else { return nil }
        sheet = root["sheet"] as? [String: Any]
        metadata = root["metadata"] as? [String: Any]
        topics = root["topics"] as? [String: [String: Any]] ?? [:]
        relationships = root["relationships"] as? [String: [String: Any]] ?? [:]
        // A doctored .meshpad must not make an archive with names that climb out of it.
        for (name, text) in root["attachments"] as? [String: String] ?? [:] where ZipArchive.isSafe(name) {
            if let data = Data(base64Encoded: text) { attachments[name] = data }
        }
        workbook = root["workbook"] as? [Any]
        sheetIndex = root["sheetIndex"] as? Int ?? 0
        keepsAllAttachments = root["keepsAllAttachments"] as? Bool ?? false
    }

    var isEmpty: Bool {
        sheet == nil && metadata == nil && topics.isEmpty && relationships.isEmpty && attachments.isEmpty && workbook == nil
    }

    /// Keeps it in `document` (see the type's note on where).
    func store(in document: inout Document) {
        guard !isEmpty else { return }
        var root: [String: Any] = ["topics": topics, "relationships": relationships,
                                   "attachments": attachments.mapValues { $0.base64EncodedString() }]
        if let sheet { root["sheet"] = sheet }
        if let metadata { root["metadata"] = metadata }
        if let workbook {
            root["workbook"] = workbook
            root["sheetIndex"] = sheetIndex
        }
        if keepsAllAttachments { root["keepsAllAttachments"] = true }
        guard let bytes = XMindFormat.json(root) else { return }
        document.xmindSource = bytes
    }
}

/// One sheet made a map: topics become nodes, summaries and boundaries marks and clouds,
/// relationships links, pictures embedded bytes, and what is not modelled `XMindKept`.
enum SheetReading {
    static func map(_ sheet: XMindFormat.Sheet, archive: ZipArchive, metadata: [String: Any]?) -> FreeMindFormat.Imported {
        var warnings: [String] = []
        var pictures: [String: EmbeddedPicture] = [:]
        var missingPictures: [String] = []
        var kept = XMindKept()
        kept.sheet = sheet.kept
        kept.metadata = metadata
        let topics = sheet.topics

        func node(_ index: Int) -> Node {
            let topic = topics[index]
            var node = Node(id: NodeID(0), text: topic.title, position: topic.position ?? .zero, folded: topic.folded)
            node.sourceID = topic.id.flatMap { $0.isEmpty ? nil : $0 }
            node.note = topic.note
            if let href = topic.href, !href.isEmpty {
                node.link = href.hasPrefix("xmind:#") ? "#" + href.dropFirst(7) : href
                if href.hasPrefix("xap:"), let bytes = archive.data(String(href.dropFirst(4))) {
                    kept.attachments[String(href.dropFirst(4))] = bytes
                }
            }
            node.icons = XMindFormat.icons(forMarkers: topic.markers)
            var tags: [String] = []
            for label in topic.labels.map(Tags.clean) where !label.isEmpty && !tags.contains(label) { tags.append(label) }
            node.tags = tags
            if let entry = topic.image {
                if let bytes = archive.data(entry), EmbeddedPicture.isFileName((entry as NSString).lastPathComponent) {
                    node.image = entry
                    pictures[entry] = EmbeddedPicture(name: (entry as NSString).lastPathComponent, bytes: bytes)
                } else {
                    missingPictures.append(entry)
                }
            }
            return node
        }

        var builder = MapBuilder(root: node(0))
        builder.reserveCapacity(topics.count)
        var nodeOfTopic: [Int: NodeID] = [0: builder.rootID]
        var stack = [0]
        var overlapping = 0, wideBoundaries = 0
        while let index = stack.popLast() {
            guard let parent = nodeOfTopic[index] else { continue }
            let topic = topics[index]
            // Children in order: the attached ones, each summary right after the last it sums up.
            var order: [(topic: Int, marks: SummaryMarks)] = topic.attached.map { ($0, []) }
            var placeOfAttached = Array(topic.attached.indices)
            var usedSummaries = Set<Int>()
            let summaries = topic.summaries.compactMap { summary -> (span: XMindFormat.Span, topic: Int)? in
                guard let span = summary.span, let found = topic.summaryTopics.first(where: { topics[$0].id == summary.topicID }),
                      !topic.attached.isEmpty else { return nil }
                let last = min(span.last, topic.attached.count - 1)
                guard span.first <= last else { return nil }
                return (XMindFormat.Span(first: span.first, last: last), found)
            }.sorted { $0.span.last < $1.span.last }
            var coveredUpTo = -1
            for summary in summaries where !usedSummaries.contains(summary.topic) {
                usedSummaries.insert(summary.topic)
                if summary.span.first <= coveredUpTo { overlapping += 1 }
                let after = placeOfAttached[summary.span.last] + 1
                order.insert((summary.topic, .summary), at: after)
                for k in placeOfAttached.indices where placeOfAttached[k] >= after { placeOfAttached[k] += 1 }
                let firstPlace = placeOfAttached[summary.span.first]
                if summary.span.first > 0, firstPlace > 0, !order[firstPlace - 1].marks.contains(.summary) {
                    order[firstPlace].marks.insert(.firstOfGroup)
                }
                coveredUpTo = summary.span.last
            }
            // Summary topics no summary names are plain children.
            order += topic.summaryTopics.filter { !usedSummaries.contains($0) }.map { ($0, []) }
            var clouded = Set<Int>()
            for boundary in topic.boundaries {
                guard let span = boundary else {
                    builder.modify(parent) { $0.style.cloud = Cloud() }
                    continue
                }
                if span.last > span.first { wideBoundaries += 1 }
                for k in span.first...min(span.last, max(span.first, topic.attached.count - 1)) where topic.attached.indices.contains(k) {
                    clouded.insert(topic.attached[k])
                }
            }
            for (child, marks) in order {
                var made = node(child)
                made.summaryMarks = marks
                if clouded.contains(child) { made.style.cloud = Cloud() }
                guard let id = builder.add(made, under: parent) else { continue }
                nodeOfTopic[child] = id
                stack.append(child)
            }
            for child in topic.detached {
                let id = builder.add(node(child), under: nil)
                nodeOfTopic[child] = id
                stack.append(child)
            }
        }

        var nodeBySource: [String: NodeID] = [:]
        for (index, id) in nodeOfTopic {
            guard let source = topics[index].id, !source.isEmpty else { continue }
            nodeBySource[source] = id
        }
        var unlinked = 0
        for relationship in sheet.relationships {
            guard let from = nodeBySource[relationship.end1], let to = nodeBySource[relationship.end2] else {
                unlinked += 1
                continue
            }
            let label = relationship.title.map(XMindFormat.lines).flatMap { $0.isEmpty ? nil : $0 }
            builder.link(from, to: to, look: LinkLook(label: label, arrows: .end))
            var record: [String: Any] = ["json": relationship.kept ?? [:]]
            if let label { record["label"] = label }
            kept.relationships["\(relationship.end1)>\(relationship.end2)"] = record
        }

        // What Meshpad made of each topic with kept JSON, to tell on writing what was edited.
        for (index, id) in nodeOfTopic {
            guard let source = topics[index].id, !source.isEmpty, let json = topics[index].kept ?? markersOnly(topics[index]),
                  let made = builder.node(id) else { continue }
            var read: [String: Any] = ["note": made.note, "icons": made.icons, "tags": made.tags, "title": made.text]
            if let link = made.link { read["link"] = link }
            if let image = made.image { read["image"] = image }
            kept.topics[source] = ["json": json, "read": read]
        }

        if overlapping > 0 {
            warnings.append("\(overlapping) summar\(overlapping == 1 ? "y sums" : "ies sum") up topics another summary sums up too; Meshpad shows each group once, so \(overlapping == 1 ? "it sums" : "they sum") up fewer")
        }
        if wideBoundaries > 0 {
            warnings.append("\(wideBoundaries) boundar\(wideBoundaries == 1 ? "y" : "ies") round several topics became a cloud round each")
        }
        if unlinked > 0 {
            warnings.append("\(unlinked) relationship\(unlinked == 1 ? "" : "s") join topics that are not on this sheet; not shown")
        }
        if !missingPictures.isEmpty {
            warnings.append("the file lacks \(missingPictures.count) picture\(missingPictures.count == 1 ? "" : "s") its topics show (\(missingPictures.prefix(3).joined(separator: ", ")))")
        }
        builder.needsLayout = true
        builder.layoutMode = .tree
        var document = builder.build()
        document.embeddedPictures = pictures
        kept.store(in: &document)
        return FreeMindFormat.Imported(document: document, warnings: warnings)
    }

    /// An XMind 8 topic's markers as Zen writes them: kept so a marker shown as another icon
    /// (`star-red` as a star) is written back as it was.
    private static func markersOnly(_ topic: XMindFormat.Topic) -> [String: Any]? {
        guard !topic.markers.isEmpty else { return nil }
        return ["markers": topic.markers.map { ["markerId": $0] }]
    }
}
