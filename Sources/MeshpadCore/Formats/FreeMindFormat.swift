import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// FreeMind and Freeplane `.mm` maps: import of what FreeMind 1.0 and Freeplane 1.x write,
/// export that both open.
///
/// Import streams through Foundation's `XMLParser` (libxml2's SAX reader): `<node>` elements are
/// the content; `map_styles`/`stylenode`, `hook`, `attribute_registry` and conditional styles
/// are not, and a `<font>` or `<icon>` counts only directly inside a `<node>`. Rich text (XHTML
/// in `<richcontent>` or in a `TEXT` attribute) becomes plain text. Freeplane's presentations
/// (the root's `<hook NAME="presentations">`) become the map's (`FreeplanePresentations`). `.mm`
/// has no absolute positions, so imported maps are marked `needsLayout`.
public enum FreeMindFormat {
    /// Meshpad's own attribute on the root node: the map's branches are not coloured by the
    /// theme (`NodeStyle.plainBranches`). Written only once someone turns colouring off;
    /// FreeMind and Freeplane pass over it.
    static let plainBranchesAttribute = "MESHPAD_PLAIN_BRANCHES"
    public static let formatName = "FreeMind"

    public struct Imported {
        public var document: Document
        /// Things that could not be brought over, for the user to hear about.
        public var warnings: [String]
    }

    /// Reads a `.mm` map. With `sizing`, each node is measured on a second thread as soon as
    /// its element ends (`BackgroundMeasuring`), while the rest is still being read; nodes that
    /// change after that (clones) or show a picture are left unmeasured, for
    /// `Document.measureUnmeasured`.
    public static func decode(_ data: Data, sizing: NodeSizing? = nil) throws(FormatError) -> Imported {
        let reader = Reader()
        // why: a count, not a promise (tags in comments count too): room is made for at most a
        // million nodes ahead; a bigger map grows as it is read.
        reader.expectedNodes = min(nodeTagCount(data), 1_000_000)
        reader.measuring = sizing.map { BackgroundMeasuring(sizing: $0, expected: reader.expectedNodes) }
        var failure: FormatError?
        do {
            try XMLMapParsing.parse(data, format: formatName, with: reader)
        } catch {
            failure = error
        }
        // why: before anything else, on every path: the sizing's fonts are the worker's until it is done.
        let measured = reader.measuring?.finish() ?? []
        reader.measuring = nil
        if let failure { throw failure }
        guard reader.sawMap else { throw FormatError(format: formatName, reason: .notAMap(detail: "the root element is not <map>")) }
        guard var builder = reader.builder else {
            throw FormatError(format: formatName, reason: .notAMap(detail: "the map has no <node>"))
        }
        // why: the reader's reference would make the first change below copy every node and edge.
        reader.builder = nil
        builder.adopt(measured)
        var warnings: [String] = []
        for pending in reader.links {
            guard let to = reader.idBySource[pending.destination] else {
                warnings.append("an arrow link points to \(pending.destination), which is not in the map; it is kept in the file but not shown")
                continue
            }
            let edge = builder.link(pending.from, to: to, look: pending.look)
            if let edge, var kept = reader.kept[pending.from], case .link(let element, _) = kept.items[pending.item] {
                kept.items[pending.item] = .link(element, edge)
                reader.kept[pending.from] = kept
            }
        }
        for (clone, original) in reader.clones {
            guard let source = reader.idBySource[original].flatMap({ builder.node($0) }) else { continue }
            builder.modify(clone) { node in
                node.text = source.text
                if node.note.isEmpty { node.note = source.note }
            }
        }
        let slides = reader.presentations.resolved { reader.idBySource[$0] }
        builder.presentations = slides.presentations
        if let first = slides.unknownIDs.first {
            let count = slides.unknownIDs.count
            warnings.append(count == 1
                ? "a slide names \(first), which is not in the map; it is left out of the slide, as Freeplane leaves it out"
                : "slides name \(count) nodes that are not in the map (\(first) and others); they are left out, as Freeplane leaves them out")
        }
        if reader.topLevelCount > 1 {
            warnings.append("the map has \(reader.topLevelCount) top-level nodes; the first is the root and the others are free-standing")
        }
        // What Meshpad made of each kept node, read after the links and clones are settled:
        // what a save compares with, to tell what was edited.
        for (id, var kept) in reader.kept {
            guard let node = builder.node(id) else { continue }
            kept.read = KeptNode.ReadContent(node)
            reader.kept[id] = kept
        }
        builder.mindMapSource = MindMapSource(mapAttributes: reader.mapAttributes, mapItems: reader.mapItems, nodes: reader.kept)
        builder.needsLayout = true
        builder.layoutMode = .tree
        return Imported(document: builder.build(), warnings: warnings)
    }

    /// How many `<node` tags the bytes hold: about how many nodes the map has (tags in comments
    /// or CDATA count too), to make room for them before reading: a scan of the bytes, no parse.
    static func nodeTagCount(_ data: Data) -> Int {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
            let tag = Array("<node".utf8)
            guard bytes.count > tag.count else { return 0 }
            var count = 0, i = 0
            let last = bytes.count - tag.count
            while i < last {
                if bytes[i] == tag[0], bytes[i + 1] == tag[1], bytes[i + 2] == tag[2], bytes[i + 3] == tag[3], bytes[i + 4] == tag[4] {
                    // `<node ` or `<node>` or `<node/`, not `<nodes…`.
                    let next = bytes[i + tag.count]
                    if next == UInt8(ascii: " ") || next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == UInt8(ascii: "\t")
                        || next == UInt8(ascii: "\n") || next == UInt8(ascii: "\r") { count += 1 }
                    i += tag.count
                } else {
                    i += 1
                }
            }
            return count
        }
    }

    /// Whether a `TEXT` attribute holds HTML (FreeMind 0.8 wrote rich text there): `<html` after
    /// any leading whitespace, in any case.
    ///
    /// why: asked of every node of a map; a look at the first bytes spares trimming and
    /// lowercasing a copy of each text (measurable at 100,000 nodes).
    static func looksLikeHTML(_ text: String) -> Bool {
        var bytes = text.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(5).makeIterator()
        for expected in "<html".utf8 {
            guard let byte = bytes.next(), byte | (expected == UInt8(ascii: "<") ? 0 : 0x20) == expected else { return false }
        }
        return true
    }

    /// Parser delegate: builds the map as elements arrive, and keeps what it does not model.
    private final class Reader: XMLMapReader {
        struct PendingLink {
            var from: NodeID
            var destination: String
            /// Its labels, arrowheads, colour, width and dash.
            var look: LinkLook
            /// Its place among the node's kept items.
            var item: Int
        }

        /// An element directly in a node or the map, being kept whole.
        struct Capture {
            var element: KeptElement
            var writer = KeptXMLWriter()
            /// The depth of its children in `elements`.
            var depth: Int
            /// The node whose reminder hook it is: its `Parameters` child gives the node's due day.
            var reminderOf: NodeID?
        }

        var builder: MapBuilder?
        /// About how many nodes the file holds: room is made for them when the root arrives.
        var expectedNodes = 0
        /// Measures each node once it has ended, while the rest is read (only with a sizing).
        var measuring: BackgroundMeasuring?
        var sawMap = false
        var topLevelCount = 0
        var idBySource: [String: NodeID] = [:]
        var links: [PendingLink] = []
        var clones: [(NodeID, String)] = []
        var mapAttributes: [KeptAttribute] = []
        var mapItems: [KeptItem] = []
        var kept: [NodeID: KeptNode] = [:]
        /// Freeplane's presentations, read from the root's hook as they arrive.
        var presentations = FreeplanePresentations()
        /// While in the root's presentations hook: the depth of its children in `elements`.
        private var presentationsDepth: Int?
        private var elements: [String] = []
        private var nodeStack: [NodeID] = []
        /// What each node on the stack held, until it ends; made a record only if it is not plain.
        private var records: [Record] = []

        /// A node's attributes as read, and the items in it so far.
        struct Record {
            var attributes: [String: String]
            var items: [KeptItem] = []
            /// An ID and a plain (not HTML) TEXT, and no attribute but ID, TEXT, POSITION and
            /// FOLDED: the `<node>` attributes Meshpad writes afresh for a node that keeps no record.
            var plainAttributes: Bool
            var folded: String?
            var position: String?
        }
        private var capture: Capture?
        private var rich: (type: String, text: HTMLText)?

        override func start(_ name: String, attributes: [String: String], parser: XMLParser) {
            defer { elements.append(name) }
            if let depth = presentationsDepth {
                presentations.start(name, attributes: attributes, level: elements.count - depth, parent: elements.last)
                return
            }
            if var kept = capture {
                kept.writer.open(name, attributes)
                capture = kept
                rich?.text.start(name, attributes: attributes)
                if name == "Parameters", elements.count == kept.depth, let id = kept.reminderOf,
                   let day = attributes["REMINDUSERAT"].flatMap(FreeMindFormat.reminderDay) {
                    builder?.modify(id) { $0.due = day }
                }
                return
            }
            if elements.isEmpty {
                guard name == "map" else {
                    failure = FormatError(format: formatName, reason: .notAMap(detail: "the root element is <\(name)>, not <map>"))
                    parser.abortParsing()
                    return
                }
                sawMap = true
                mapAttributes = [KeptAttribute].ordered(attributes)
                return
            }
            let parent = elements.last
            if name == "node", parent == "map" || parent == "node" {
                noteChildren(topLevel: parent == "map")
                startNode(attributes, topLevel: parent == "map")
                return
            }
            guard parent == "node" || parent == "map" else { return }
            // why: the map's presentations, not the root's: read into `Document.presentations` and
            // not kept, so a save writes them once, from what they are then.
            if name == "hook", attributes["NAME"] == FreeplanePresentations.hookName, parent == "node",
               let id = nodeStack.last, id == builder?.rootID {
                presentationsDepth = elements.count + 1
                return
            }
            // Anything else directly in a node or the map is kept whole, and read where Meshpad models it.
            capture = Capture(element: KeptElement(name: name, attributes: [KeptAttribute].ordered(attributes)), depth: elements.count + 1)
            guard parent == "node", let id = nodeStack.last else { return }
            switch name {
            case "richcontent":
                let type = (attributes["TYPE"] ?? "NODE").uppercased()
                rich = (type, HTMLText(collectingImages: type == "NODE"))
            case "hook" where attributes["NAME"] == "ExternalObject":
                // Freeplane's picture in a node, and the zoom it is shown at (`SIZE`, over its pixels).
                if let uri = attributes["URI"], !uri.isEmpty {
                    let scale = attributes["SIZE"].flatMap(FreeMindFormat.pictureScale)
                    builder?.modify(id) { node in
                        node.image = uri
                        node.imageScale = scale
                    }
                }
            case "hook" where attributes["NAME"] == FreeMindFormat.reminderHookName:
                // FreeMind's and Freeplane's reminder: its day is the node's due day (read from
                // its `Parameters` child, as it arrives).
                capture?.reminderOf = id
            case "hook" where attributes["NAME"].flatMap(FreeMindFormat.summaryMark) != nil:
                if let mark = attributes["NAME"].flatMap(FreeMindFormat.summaryMark) { builder?.modify(id) { $0.summaryMarks.insert(mark) } }
            case "icon":
                if let icon = attributes["BUILTIN"] { builder?.modify(id) { $0.icons.append(icon) } }
            case "font":
                builder?.modify(id) { node in
                    if let size = attributes["SIZE"].flatMap(Double.init), size.isFinite, size > 0 { node.style.fontSize = min(size, NodeStyle.largestPointSize) }
                    node.style.bold = attributes["BOLD"] == "true"
                    node.style.italic = attributes["ITALIC"] == "true"
                }
            case "attribute":
                // Freeplane's attributes, in order; a row without a name is kept with an empty one.
                let row = AttributeTable.Row(attributes["NAME"] ?? "", attributes["VALUE"] ?? "")
                builder?.modify(id) { $0.attributes.rows.append(row) }
            case "cloud":
                builder?.modify(id) { $0.style.cloud = FreeMindFormat.cloud { attributes[$0] } }
            case "edge":
                builder?.modify(id) { node in
                    node.style.edgeColor = attributes["COLOR"].flatMap(RGBA.init(hexString:))
                    node.style.edgeWidth = FreeMindFormat.edgeWidth(attributes["WIDTH"])
                    node.style.edgeShape = FreeMindFormat.edgeShape(attributes["STYLE"])
                }
            case "arrowlink":
                guard let destination = attributes["DESTINATION"], let count = records.last?.items.count else { return }
                links.append(PendingLink(from: id, destination: destination, look: FreeMindFormat.linkLook { attributes[$0] }, item: count))
            default:
                break
            }
        }

        /// A child node begins: its parent's record (or the map's) notes where children go.
        private func noteChildren(topLevel: Bool) {
            if topLevel {
                if !mapItems.contains(.children) { mapItems.append(.children) }
            } else if let last = records.indices.last, !records[last].items.contains(.children) {
                records[last].items.append(.children)
            }
        }

        private func startNode(_ attributes: [String: String], topLevel: Bool) {
            // why: one pass over the few attributes a node has, instead of a hash for each name
            // looked up (a dozen a node; reading gen_mm.py's 100k map went ~375 → ~310 ms).
            var textAttribute: String?, folded: String?, link: String?, color: String?, background: String?, plainBranches = false
            var style: String?, position: String?, sourceID: String?, treeID: String?, tags: String?
            var onlyPlainNames = true
            for (name, value) in attributes {
                switch name {
                case "TEXT": textAttribute = value
                case "ID": sourceID = value
                case "POSITION": position = value
                case "FOLDED": folded = value
                default:
                    onlyPlainNames = false
                    switch name {
                    case "LINK": link = value
                    case "COLOR": color = value
                    case "BACKGROUND_COLOR": background = value
                    case "STYLE": style = value
                    case "TREE_ID": treeID = value
                    case "TAGS": tags = value
                    case FreeMindFormat.plainBranchesAttribute: plainBranches = value == "true"
                    default: break
                    }
                }
            }
            var text = textAttribute ?? ""
            var image: String?
            let isHTML = FreeMindFormat.looksLikeHTML(text)
            if isHTML {
                let rich = HTMLText.textAndImages(fromHTML: text)
                text = rich.text
                image = rich.images.first
            }
            // The node is made whole from its attributes and added in one change.
            var node = Node(id: NodeID(0), text: text, position: .zero, folded: folded == "true")
            node.image = image
            node.link = link.flatMap { $0.isEmpty ? nil : $0 }
            node.style.textColor = color.flatMap(RGBA.init(hexString:))
            node.style.fillColor = background.flatMap(RGBA.init(hexString:))
            if plainBranches { node.style.plainBranches = true }
            node.style.shape = FreeMindFormat.shape(style)
            switch position?.lowercased() {
            case "left", "top_or_left": node.side = .left
            case "right", "bottom_or_right": node.side = .right
            default: break
            }
            node.sourceID = sourceID
            if let tags { node.tags = FreeMindFormat.tags(tags) }
            let id: NodeID?
            if topLevel {
                topLevelCount += 1
                if builder != nil {
                    id = builder?.add(node, under: nil)
                } else {
                    var created = MapBuilder(root: node)
                    created.reserveCapacity(expectedNodes)
                    idBySource.reserveCapacity(expectedNodes)
                    builder = created
                    id = created.rootID
                }
            } else {
                id = nodeStack.last.flatMap { builder?.add(node, under: $0) }
            }
            guard let id else { return }
            nodeStack.append(id)
            records.append(Record(attributes: attributes,
                                  plainAttributes: onlyPlainNames && sourceID != nil && textAttribute != nil && !isHTML,
                                  folded: folded, position: position))
            if let sourceID { idBySource[sourceID] = id }
            if textAttribute == nil, let treeID { clones.append((id, treeID)) }
        }

        override func end(_ name: String) {
            elements.removeLast()
            if let depth = presentationsDepth {
                if elements.count < depth {
                    presentationsDepth = nil
                } else {
                    presentations.end(name, level: elements.count - depth)
                }
                return
            }
            if var kept = capture {
                if elements.count >= kept.depth {
                    kept.writer.close(name)
                    capture = kept
                    rich?.text.end(name)
                    return
                }
                capture = nil
                var element = kept.element
                element.content = kept.writer.text
                finishRichContent()
                let item: KeptItem = name == "arrowlink" && elements.last == "node" ? .link(element, nil) : .element(element)
                if elements.last == "map" {
                    mapItems.append(item)
                } else if let last = records.indices.last {
                    records[last].items.append(item)
                }
                return
            }
            if name == "node", elements.last == "map" || elements.last == "node", let id = nodeStack.popLast(),
               let record = records.popLast() {
                // Everything that sizes it (text, style, icons, table, fold) has been read.
                if let measuring, let index = builder?.index(of: id), let node = builder?.nodes[index] {
                    measuring.submit(node, at: index)
                }
                if !isPlain(record, parent: nodeStack.last) {
                    // What Meshpad read from it is filled in once the whole map is read.
                    kept[id] = KeptNode(attributes: [KeptAttribute].ordered(record.attributes), items: record.items,
                                        read: KeptNode.ReadContent(Node(id: id, text: "", position: .zero)))
                }
            }
        }

        /// A `<richcontent>` just ended: its text becomes the node's text or part of its note.
        private func finishRichContent() {
            guard let capture = rich else { return }
            rich = nil
            guard let id = nodeStack.last else { return }
            let text = capture.text.result
            builder?.modify(id) { node in
                switch capture.type {
                case "NODE":
                    node.text = text
                    // why: an ExternalObject hook, if the node has one too, is the picture Freeplane shows.
                    if node.image == nil { node.image = capture.text.imageSources.first }
                default: node.note = node.note.isEmpty ? text : node.note + "\n\n" + text
                }
            }
        }

        /// Whether writing the node afresh gives back what was read: an ID, a plain text, a side
        /// where a first-level node has one, a fold where there are children, nothing else.
        private func isPlain(_ record: Record, parent: NodeID?) -> Bool {
            guard record.plainAttributes, record.items.allSatisfy({ $0 == .children }) else { return false }
            if let folded = record.folded, folded != "true" || record.items.isEmpty { return false }
            // A node under the root is written with its side; any other without.
            let underRoot = parent != nil && parent == builder?.rootID
            switch record.position {
            case nil: return !underRoot
            case "left", "right": return underRoot
            default: return false
            }
        }

        override func characters(_ string: String) {
            if presentationsDepth != nil {
                presentations.characters(string)
                return
            }
            guard var kept = capture else { return }
            kept.writer.characters(string)
            capture = kept
            rich?.text.text(string)
        }
    }

    // MARK: - Export

    /// A `.mm` file FreeMind 1.0 and Freeplane 1.7 open: `version="1.0.1"`, one root `<node>`
    /// (free-standing trees are in it as Freeplane's floating nodes; read back, they are branches).
    ///
    /// A map read from `.mm` is written back with everything its file held that Meshpad does not
    /// model (`Document.mindMapSource`): unedited nodes as they were, edited ones with just the
    /// edited parts replaced.
    public static func encode(_ document: Document) -> Data {
        MindMapWriter(document).write()
    }

    /// FreeMind's node `STYLE`: `bubble` is a rounded box, `fork` (and Freeplane's `wide_hexagon`
    /// family aside) plain text; Freeplane's `oval` an ellipse; anything else the theme's shape.
    static func shape(_ style: String?) -> NodeShape? {
        switch style?.lowercased() {
        case "bubble", "rectangle", "wide_hexagon", "narrow_hexagon": return .roundedBox
        case "fork", "combined": return .plain
        case "oval", "circle": return .ellipse
        default: return nil
        }
    }

    static func styleName(_ shape: NodeShape) -> String {
        switch shape {
        case .ellipse: return "oval"
        case .roundedBox: return "bubble"
        case .plain: return "fork"
        }
    }

    /// FreeMind's and Freeplane's edge `STYLE`: the linear ones straight; the bezier ones and
    /// Freeplane's `horizontal` (level out of the parent and into the child, with an upright run
    /// between, which a curve is closer to than a straight line) curved; anything else
    /// (`hide_edge`, `as_parent`, none) the theme's.
    static func edgeShape(_ style: String?) -> EdgeShape? {
        switch style?.lowercased() {
        case "linear", "sharp_linear": return .straight
        case "bezier", "sharp_bezier", "horizontal": return .curve
        default: return nil
        }
    }

    static func edgeStyleName(_ shape: EdgeShape) -> String {
        switch shape {
        case .curve: return "bezier"
        case .straight: return "linear"
        }
    }

    /// What an `<arrowlink>`'s attributes say of its look: arrowheads (FreeMind omits them for
    /// its default, an arrow at the end only), the three labels (empty is none), `COLOR` with
    /// `TRANSPARENCY` as its alpha, `WIDTH`, and `DASH` (`3 3`; empty or `SOLID` is solid).
    /// The reader and the writer both ask it, so a save changes only what an edit changed.
    static func linkLook(_ attribute: (String) -> String?) -> LinkLook {
        var look = LinkLook()
        if (attribute("ENDARROW") ?? "Default").lowercased() != "none" { look.arrows.insert(.end) }
        if (attribute("STARTARROW") ?? "None").lowercased() != "none" { look.arrows.insert(.start) }
        for place in LinkLabelPlace.allCases {
            look[place] = attribute(labelAttribute(place)).flatMap { $0.isEmpty ? nil : $0 }
        }
        if var color = attribute("COLOR").flatMap(RGBA.init(hexString:)) {
            if let alpha = attribute("TRANSPARENCY").flatMap(Int.init), (0...255).contains(alpha) { color.a = UInt8(alpha) }
            look.color = color
        }
        look.width = attribute("WIDTH").flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 ? min($0, LinkLook.largestWidth) : nil }
        look.dash = attribute("DASH").flatMap(dashPattern)
        return look
    }

    /// What a `<cloud>` says: its `COLOR` (none: the theme's) and `SHAPE` (`ARC` when absent,
    /// FreeMind's only cloud; `STAR`, `RECT`, `ROUND_RECT`).
    static func cloud(_ attribute: (String) -> String?) -> Cloud {
        Cloud(color: attribute("COLOR").flatMap(RGBA.init(hexString:)), shape: attribute("SHAPE").flatMap(cloudShape) ?? .arc)
    }

    static func cloudShape(_ name: String) -> Cloud.Shape? {
        switch name.uppercased() {
        case "ARC": return .arc
        case "STAR": return .star
        case "RECT": return .rect
        case "ROUND_RECT": return .roundRect
        default: return nil
        }
    }

    static func cloudShapeName(_ shape: Cloud.Shape) -> String {
        switch shape {
        case .arc: return "ARC"
        case .star: return "STAR"
        case .rect: return "RECT"
        case .roundRect: return "ROUND_RECT"
        }
    }

    /// Freeplane's hooks for summaries: `FirstGroupNode` begins a group, `SummaryNode` sums one up.
    static func summaryMark(_ hookName: String) -> SummaryMarks? {
        switch hookName {
        case "FirstGroupNode": return .firstOfGroup
        case "SummaryNode": return .summary
        default: return nil
        }
    }

    static func summaryHookName(_ mark: SummaryMarks) -> String { mark == .summary ? "SummaryNode" : "FirstGroupNode" }

    /// Freeplane 1.12's `TAGS`: the tags one a line (`value.split("\n")` in its `TagBuilder`),
    /// each trimmed, empty ones dropped, each once.
    static func tags(_ value: String) -> [String] {
        var tags: [String] = []
        for line in value.split(whereSeparator: \.isNewline) {
            let tag = Tags.clean(String(line))
            if !tag.isEmpty, !tags.contains(tag) { tags.append(tag) }
        }
        return tags
    }

    /// What `TAGS` says of `tags` (a node without tags has no `TAGS`).
    static func tagsValue(_ tags: [String]) -> String? { tags.isEmpty ? nil : tags.joined(separator: "\n") }

    /// The hook FreeMind and Freeplane keep a reminder in (`ReminderHook`'s `PLUGIN_LABEL`), its
    /// time in its `<Parameters REMINDUSERAT>` child, in milliseconds since 1970.
    static let reminderHookName = "plugins/TimeManagementReminder.xml"

    /// The day of a `REMINDUSERAT`; nil for none (Freeplane's unset 0) or anything not a time.
    static func reminderDay(_ value: String) -> CalendarDay? {
        guard let ms = Int64(value.trimmingCharacters(in: .whitespaces)), ms > 0 else { return nil }
        return CalendarDay(reminderMilliseconds: ms)
    }

    /// A picture's `SIZE` (Freeplane's zoom over its pixels, `ExternalResource.getZoom`); nil
    /// for none, Freeplane's "not set" (-1) or anything that is not a size.
    static func pictureScale(_ size: String) -> Double? {
        guard let value = Double(size), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// A scale as Freeplane writes `SIZE` (Java's `Float.toString`: `0.5`, `1.0`, `1.6508051`).
    static func pictureSize(_ scale: Double) -> String { Float(scale).description }

    /// The attribute a link's label at `place` is written in.
    static func labelAttribute(_ place: LinkLabelPlace) -> String {
        switch place {
        case .source: return "SOURCE_LABEL"
        case .middle: return "MIDDLE_LABEL"
        case .target: return "TARGET_LABEL"
        }
    }

    /// Freeplane's `DASH`: lengths separated by spaces; nil for a solid line (empty, `SOLID`,
    /// or anything that is not a list of two or more usable numbers).
    static func dashPattern(_ text: String) -> [Double]? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        guard numbers.count >= 2, numbers.allSatisfy({ $0.isFinite && $0 >= 0 }), numbers.reduce(0, +) > 0 else { return nil }
        return numbers.map { min($0, 100) }
    }

    static func dashText(_ pattern: [Double]) -> String {
        pattern.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
    }

    /// FreeMind's edge `WIDTH`: `thin` or a number of pixels.
    static func edgeWidth(_ width: String?) -> Double? {
        guard let width else { return nil }
        if width.lowercased() == "thin" { return 1 }
        guard let value = Double(width), value.isFinite, value > 0 else { return nil }
        return min(value, 64)
    }

    /// Whether another program's node ID can be written as an ID again: letters, digits, `_`,
    /// `-` and `.`, at most 200 bytes, and (for XML's IDs) a letter or `_` first. Mermaid's kept
    /// shape line (`root((  ))`), also a `sourceID`, cannot.
    static func isIDToken(_ id: String, letterFirst: Bool) -> Bool {
        guard let first = id.unicodeScalars.first, id.utf8.count <= 200 else { return false }
        if letterFirst && !(first == "_" || (first.isASCII && first.properties.isAlphabetic)) { return false }
        return id.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)) }
    }

    /// The IDs to write: the ones the nodes came with where they are usable and unique, else `ID_<n>`.
    static func exportIDs(_ document: Document) -> [NodeID: String] {
        var used = Set<String>()
        var result: [NodeID: String] = [:]
        for node in document.nodes {
            if let source = node.sourceID, isIDToken(source, letterFirst: true), !used.contains(source) {
                result[node.id] = source
                used.insert(source)
            }
        }
        for node in document.nodes where result[node.id] == nil {
            var candidate = "ID_\(node.id.rawValue)"
            while used.contains(candidate) { candidate += "_" }
            result[node.id] = candidate
            used.insert(candidate)
        }
        return result
    }

    static func noteXML(_ note: String) -> String {
        let paragraphs = note.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "<p>\(XMLText.escapeText(String($0)))</p>" }.joined(separator: "\n")
        return "<richcontent TYPE=\"NOTE\"><html><head></head><body>\n\(paragraphs)\n</body></html></richcontent>\n"
    }

}

/// Freeplane's presentations as a `.mm` holds them, read one SAX event at a time:
///
/// ```
/// <hook NAME="presentations">
///   <presentation NAME="Talk">
///     <slide NAME="Intro" centersSelectedNode="true" changesZoom="true" zoom="1.5">
///       <SlideCondition>…a filter condition…</SlideCondition>
///       <NodesOnSlide><NodeOnSlide nodeId="ID_12"/></NodesOnSlide>
///       <FoldedNodes><NodeOnSlide nodeId="ID_40"/></FoldedNodes>
/// ```
///
/// A flag is true only when written `true` (Freeplane writes none that is false); `zoom` counts
/// only with `changesZoom` (1 when absent); `revealsChildren` is Meshpad's own. The node a slide
/// places is `placedNodeId` (Freeplane 1.7 and later; `centeredNodeId` before it), or, in files of
/// Freeplane 1.5 and 1.6, the first of its nodes when `centersSelectedNode` says so. Nodes stay the file's IDs until the whole map is
/// read (`resolved`), as arrow links' destinations do.
struct FreeplanePresentations {
    static let hookName = "presentations"

    /// A slide as read, its nodes still the file's IDs.
    struct ReadSlide {
        var slide: Slide
        var nodes: [String] = []
        /// The file's ID of the node placed (`placedNodeId`), if any.
        var placed: String?
        /// `centersSelectedNode` without a `placedNodeId`: the first node is the one placed.
        var placesFirst = false
        /// Nil when the slide has no `FoldedNodes` (it leaves folds alone), empty when it folds none.
        var foldedNodes: [String]?
    }

    private(set) var presentations: [(name: String, slides: [ReadSlide])] = []
    /// The list a `NodeOnSlide` goes to, while in one.
    private var list: List?
    /// The `SlideCondition`'s content, while in it.
    private var condition: KeptXMLWriter?

    private enum List { case nodes, folded }

    /// An element starts `level` deep in the hook (0: a presentation, 1: a slide, 2: a slide's part).
    mutating func start(_ name: String, attributes: [String: String], level: Int, parent: String?) {
        if var writer = condition {
            writer.open(name, attributes)
            condition = writer
            return
        }
        switch (level, name) {
        case (0, "presentation"):
            // why: Freeplane's name for one that has none, so both show the same.
            presentations.append((attributes["NAME"] ?? "noname", []))
        case (1, "slide") where parent == "presentation":
            guard let last = presentations.indices.last else { return }
            let placed = (attributes["placedNodeId"] ?? attributes["centeredNodeId"]).flatMap { $0.isEmpty ? nil : $0 }
            presentations[last].slides.append(ReadSlide(slide: Self.slide(attributes), placed: placed,
                                                        placesFirst: placed == nil && attributes["centersSelectedNode"]?.lowercased() == "true"))
        case (2, "SlideCondition") where parent == "slide":
            condition = KeptXMLWriter()
        case (2, "NodesOnSlide") where parent == "slide":
            list = .nodes
        case (2, "FoldedNodes") where parent == "slide":
            list = .folded
            editLastSlide { $0.foldedNodes = $0.foldedNodes ?? [] }
        case (3, "NodeOnSlide"):
            guard let list, let id = attributes["nodeId"] else { return }
            editLastSlide { slide in
                switch list {
                case .nodes: slide.nodes.append(id)
                case .folded: slide.foldedNodes?.append(id)
                }
            }
        default:
            break
        }
    }

    mutating func end(_ name: String, level: Int) {
        if var writer = condition {
            guard level == 2 else {
                writer.close(name)
                condition = writer
                return
            }
            // why: the whitespace around the condition is the file's indentation, not the condition.
            let xml = writer.text.trimmingCharacters(in: .whitespacesAndNewlines)
            editLastSlide { $0.slide.conditionXML = xml }
            condition = nil
        }
        if level == 2 { list = nil }
    }

    mutating func characters(_ string: String) {
        condition?.characters(string)
    }

    private mutating func editLastSlide(_ edit: (inout ReadSlide) -> Void) {
        guard let p = presentations.indices.last, let s = presentations[p].slides.indices.last else { return }
        edit(&presentations[p].slides[s])
    }

    /// A `<slide>`'s attributes as a slide with no nodes yet.
    static func slide(_ attributes: [String: String]) -> Slide {
        // why: Java's `Boolean.parseBoolean`, as Freeplane reads them: "true" in any case.
        func flag(_ name: String) -> Bool { attributes[name]?.lowercased() == "true" }
        return Slide(name: attributes["NAME"] ?? "noname", nodes: [], placedPosition: attributes["placedNodePosition"].flatMap { $0.isEmpty ? nil : $0 },
                     zoom: flag("changesZoom") ? attributes["zoom"].flatMap(zoom) ?? 1 : nil,
                     showsOnlyNodes: flag("showsOnlySpecificNodes"), showsAncestors: flag("showsAncestors"),
                     showsDescendants: flag("showsDescendants"), revealsChildren: flag("revealsChildren"))
    }

    /// A `zoom` as Java's `Float.parseFloat` reads it (`1.5`, `2f`); nil for anything not above 0.
    static func zoom(_ text: String) -> Double? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if let last = text.last, "fFdD".contains(last) { text = text.dropLast() }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// What `zoom` is written as: the shortest text that reads back as the same number (`1.5`, `2.0`).
    static func zoomText(_ zoom: Double) -> String { zoom.description }

    /// The presentations with the file's node IDs made the map's, each node once, in order; an ID
    /// no node has is left out (Freeplane leaves it out of its next save) and listed in `unknownIDs`.
    func resolved(_ node: (String) -> NodeID?) -> (presentations: [Presentation], unknownIDs: [String]) {
        var unknown: [String] = []
        func map(_ ids: [String]) -> [NodeID] {
            var seen = Set<NodeID>()
            return ids.compactMap { id in
                guard let found = node(id) else {
                    if !unknown.contains(id) { unknown.append(id) }
                    return nil
                }
                // why: Freeplane keeps a slide's nodes as a set.
                return seen.insert(found).inserted ? found : nil
            }
        }
        let result = presentations.map { read in
            Presentation(name: read.name, slides: read.slides.map { slide in
                var made = slide.slide
                made.nodes = map(slide.nodes)
                made.foldedNodes = slide.foldedNodes.map(map)
                made.placedNode = slide.placed.flatMap { map([$0]).first } ?? (slide.placesFirst ? made.nodes.first : nil)
                return made
            })
        }
        return (result, unknown)
    }
}
