import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a `.mm` map held beyond what Meshpad models (`Document.mindMapSource`), stored in
/// `.meshpad` too: a Freeplane map saved as `.meshpad`, or restored from its autosave after a
/// crash, still gives Freeplane everything back when it is saved as `.mm` again.
extension NativeFormat {
    struct StoredMindMap: Codable {
        /// The `<map>` element's attributes, as `[name, value]` pairs.
        var attributes: [[String]]
        var items: [StoredItem]
        /// By node ID (`n12`).
        var nodes: [String: StoredKeptNode]
    }

    /// A kept element (`name`, `attributes`, `content`), or where the children went (`children`).
    struct StoredItem: Codable {
        var name: String?
        var attributes: [[String]]?
        var content: String?
        /// An arrow link: the link it became (`e5`), or "" for one Meshpad could not show.
        var link: String?
        var children: Bool?
    }

    struct StoredKeptNode: Codable {
        var attributes: [[String]]
        var items: [StoredItem]
        /// What Meshpad read from the node, to tell later what was edited.
        var read: StoredRead
    }

    struct StoredRead: Codable {
        var text: String
        var note: String?
        var link: String?
        var icons: [String]?
        var style: StoredStyle?
        var folded: Bool?
        var side: String?
        var image: String?
        var imageScale: Double?
        var summaryMarks: UInt8?
        /// `[name, value]` pairs.
        var attributes: [[String]]?
        var tags: [String]?
        /// `YYYY-MM-DD`.
        var due: String?
    }

    static func stored(_ source: MindMapSource) -> StoredMindMap {
        func pairs(_ attributes: [KeptAttribute]) -> [[String]] { attributes.map { [$0.name, $0.value] } }
        func items(_ items: [KeptItem]) -> [StoredItem] {
            items.map { item in
                switch item {
                case .children: return StoredItem(children: true)
                case .element(let element):
                    return StoredItem(name: element.name, attributes: pairs(element.attributes), content: element.content.isEmpty ? nil : element.content)
                case .link(let element, let edge):
                    return StoredItem(name: element.name, attributes: pairs(element.attributes),
                                      content: element.content.isEmpty ? nil : element.content, link: edge?.description ?? "")
                }
            }
        }
        var nodes: [String: StoredKeptNode] = [:]
        for (id, kept) in source.nodes {
            let read = kept.read
            nodes[id.description] = StoredKeptNode(
                attributes: pairs(kept.attributes), items: items(kept.items),
                read: StoredRead(text: read.text, note: read.note.isEmpty ? nil : read.note, link: read.link,
                                 icons: read.icons.isEmpty ? nil : read.icons, style: read.style.isPlain ? nil : StoredStyle(read.style),
                                 folded: read.folded ? true : nil, side: read.side?.rawValue, image: read.image, imageScale: read.imageScale,
                                 summaryMarks: read.summaryMarks.isEmpty ? nil : read.summaryMarks.rawValue,
                                 attributes: read.attributes.isEmpty ? nil : read.attributes.map { [$0.name, $0.value] },
                                 tags: read.tags.isEmpty ? nil : read.tags, due: read.due?.description))
        }
        return StoredMindMap(attributes: pairs(source.mapAttributes), items: items(source.mapItems), nodes: nodes)
    }

    /// The kept parts back, checked: names that are XML names and content that is well-formed
    /// XML, so a damaged or doctored file cannot make a `.mm` that Freeplane refuses.
    static func mindMapSource(_ stored: StoredMindMap) throws(FormatError) -> MindMapSource {
        func fail(_ detail: String) -> FormatError { FormatError(format: formatName, reason: .notAMap(detail: "freemind: " + detail)) }
        var contents: [String] = []
        func attributes(_ pairs: [[String]], _ place: String) throws(FormatError) -> [KeptAttribute] {
            var result: [KeptAttribute] = []
            for pair in pairs {
                guard pair.count == 2, isXMLName(pair[0]) else { throw fail("\(place) has an attribute that is not [name, value]") }
                result.append(KeptAttribute(pair[0], pair[1]))
            }
            return result
        }
        func items(_ stored: [StoredItem], _ place: String) throws(FormatError) -> [KeptItem] {
            var result: [KeptItem] = []
            for (index, item) in stored.enumerated() {
                if item.children == true {
                    result.append(.children)
                    continue
                }
                guard let name = item.name, isXMLName(name) else { throw fail("\(place).items[\(index)] has no element name") }
                let element = KeptElement(name: name, attributes: try attributes(item.attributes ?? [], place), content: item.content ?? "")
                contents.append(element.content)
                if let link = item.link {
                    guard link.isEmpty || parseID(link, prefix: "e") != nil else { throw fail("\(place).items[\(index)].link '\(link)' is not like e5") }
                    result.append(.link(element, parseID(link, prefix: "e").map(EdgeID.init)))
                } else {
                    result.append(.element(element))
                }
            }
            return result
        }
        var source = MindMapSource(mapAttributes: try attributes(stored.attributes, "map"), mapItems: try items(stored.items, "map"))
        for (key, kept) in stored.nodes {
            guard let id = parseID(key, prefix: "n") else { throw fail("node '\(key)' is not like n12") }
            var node = Node(id: NodeID(id), text: kept.read.text, position: .zero, folded: kept.read.folded ?? false)
            node.note = kept.read.note ?? ""
            node.link = kept.read.link
            node.icons = kept.read.icons ?? []
            node.style = kept.read.style.map {
                $0.nodeStyle(shape: $0.shape.flatMap(NodeShape.init(rawValue:)), edgeShape: $0.edgeShape.flatMap(EdgeShape.init(rawValue:)))
            } ?? NodeStyle()
            node.side = kept.read.side.flatMap(Node.Side.init(rawValue:))
            node.image = kept.read.image
            node.imageScale = kept.read.imageScale.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            node.summaryMarks = SummaryMarks(rawValue: kept.read.summaryMarks ?? 0).intersection([.firstOfGroup, .summary])
            node.attributes.rows = (kept.read.attributes ?? []).compactMap { $0.count == 2 ? AttributeTable.Row($0[0], $0[1]) : nil }
            node.tags = kept.read.tags ?? []
            // why: what was read only tells a later save what changed; an unreadable day reads as none.
            node.due = kept.read.due.flatMap(CalendarDay.init(iso:))
            source.nodes[NodeID(id)] = KeptNode(attributes: try attributes(kept.attributes, key), items: try items(kept.items, key),
                                                read: KeptNode.ReadContent(node))
        }
        guard isWellFormed(contents) else { throw fail("an element's content is not well-formed XML") }
        return source
    }

    /// Letters, digits and `_ - . :`, not starting with a digit, `-` or `.`: enough for every
    /// name FreeMind and Freeplane write.
    static func isXMLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !name.isEmpty, name.utf8.count <= 200 else { return false }
        let marks = CharacterSet(charactersIn: "_-.:")
        guard CharacterSet.letters.contains(first) || first == "_" || first == ":" else { return false }
        return name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || marks.contains($0) }
    }

    /// Whether the contents, side by side in one element, parse as XML (one pass for them all).
    static func isWellFormed(_ contents: [String]) -> Bool {
        let nonEmpty = contents.filter { !$0.isEmpty }
        guard !nonEmpty.isEmpty else { return true }
        let document = "<kept>" + nonEmpty.map { "<item>" + $0 + "</item>" }.joined() + "</kept>"
        let parser = XMLParser(data: Data(document.utf8))
        parser.shouldResolveExternalEntities = false
        let catcher = WellFormedness()
        parser.delegate = catcher
        return parser.parse() && !catcher.failed
    }

    private final class WellFormedness: NSObject, XMLParserDelegate {
        var failed = false
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failed = true }
    }
}

extension NativeFormat.StoredStyle {
    init(_ style: NodeStyle) {
        self.init(shape: style.shape?.rawValue, textColor: style.textColor?.hexString, fillColor: style.fillColor?.hexString,
                  fontSize: style.fontSize, bold: style.bold ? true : nil, italic: style.italic ? true : nil,
                  edgeColor: style.edgeColor?.hexString, edgeWidth: style.edgeWidth, edgeShape: style.edgeShape?.rawValue,
                  cloud: style.cloud.map { NativeFormat.StoredCloud(color: $0.color?.hexString, shape: $0.shape.rawValue) },
                  plainBranches: style.plainBranches == true ? true : nil)
    }

    /// The style it stores, with `shape` and `edgeShape` already checked; out-of-range numbers are dropped.
    func nodeStyle(shape: NodeShape?, edgeShape: EdgeShape?) -> NodeStyle {
        NodeStyle(shape: shape, textColor: textColor.flatMap(RGBA.init(hexString:)), fillColor: fillColor.flatMap(RGBA.init(hexString:)),
                  fontSize: fontSize.flatMap { $0.isFinite && $0 > 0 ? min($0, NodeStyle.largestPointSize) : nil },
                  bold: bold ?? false, italic: italic ?? false, edgeColor: edgeColor.flatMap(RGBA.init(hexString:)),
                  edgeWidth: edgeWidth.flatMap { $0.isFinite && $0 > 0 ? min($0, 64) : nil }, edgeShape: edgeShape,
                  cloud: cloud.flatMap { stored in
                      Cloud.Shape(rawValue: stored.shape).map { Cloud(color: stored.color.flatMap(RGBA.init(hexString:)), shape: $0) }
                  }, plainBranches: plainBranches == true ? true : nil)
    }
}
