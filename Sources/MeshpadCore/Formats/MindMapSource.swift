/// What a FreeMind or Freeplane `.mm` file held that Meshpad does not model, kept with the map so
/// that saving back to `.mm` writes it where it was.
///
/// Freeplane users keep styles, hooks, attributes, clouds, formulas, rich-text formatting,
/// connector labels and much more in their maps; Meshpad shows only part of that. Whatever it
/// does not model is kept here as read (each element as XML text), and the parts it does model
/// are kept too, with the values Meshpad read from them: when the map is saved as `.mm`, a node
/// whose text, note, style, icons or links were not edited is written back exactly as it came,
/// and an edit replaces just the part it changed. Nodes that held nothing but an ID, a plain
/// text, a side and a fold (most nodes of most maps) keep no record: writing them afresh gives
/// the same XML. Set once by the importer; edits never change it.
public struct MindMapSource: Sendable, Equatable {
    /// The `<map>` element's attributes (its `version`), as read.
    public var mapAttributes: [KeptAttribute]
    /// What stood directly in `<map>`, in order: elements, and where the top-level nodes went.
    public var mapItems: [KeptItem]
    /// The nodes that held more than Meshpad writes afresh.
    public var nodes: [NodeID: KeptNode]

    public init(mapAttributes: [KeptAttribute] = [], mapItems: [KeptItem] = [], nodes: [NodeID: KeptNode] = [:]) {
        self.mapAttributes = mapAttributes
        self.mapItems = mapItems
        self.nodes = nodes
    }
}

/// One attribute of a kept element, in the order the element is written.
public struct KeptAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// An XML element kept whole, as read: its name, its attributes and its content as XML text.
public struct KeptElement: Sendable, Equatable {
    public var name: String
    public var attributes: [KeptAttribute]
    /// Child elements and character data, escaped: written back verbatim.
    public var content: String

    public init(name: String, attributes: [KeptAttribute], content: String = "") {
        self.name = name
        self.attributes = attributes
        self.content = content
    }

    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Replaces an attribute's value where it stands, adds it at the end, or (nil) removes it.
    public mutating func set(_ name: String, _ value: String?) {
        attributes.setAttribute(name, value)
    }

    public var xml: String {
        let head = "<" + name + attributes.xml
        return content.isEmpty ? head + "/>" : head + ">" + content + "</" + name + ">"
    }
}

/// What stood inside a `<node>` (or `<map>`), in order.
public enum KeptItem: Sendable, Equatable {
    /// An element that is not a node: written back as it was, unless an edit replaced what it says.
    case element(KeptElement)
    /// An `<arrowlink>`, with the link it became (nil if Meshpad could not show it: it is then
    /// written back as it was, while the node it points to is still in the map).
    case link(KeptElement, EdgeID?)
    /// Where the child nodes (at the map's level, the top-level nodes) were written.
    case children
}

/// A node's record: its `<node>` element's attributes and content, and what Meshpad read from
/// them, to tell on saving what an edit changed.
public struct KeptNode: Sendable, Equatable {
    public var attributes: [KeptAttribute]
    public var items: [KeptItem]
    public var read: ReadContent

    /// The parts of a node an edit can change, as they were read.
    public struct ReadContent: Sendable, Equatable {
        public var text: String
        public var note: String
        public var link: String?
        public var icons: [String]
        public var style: NodeStyle
        public var folded: Bool
        public var side: Node.Side?
        public var image: String?
        /// The picture's `SIZE`, as a scale (nil: none written).
        public var imageScale: Double?
        public var summaryMarks: SummaryMarks
        /// The attribute rows, in order (a table's fold is Meshpad's own: `.mm` has none).
        public var attributes: [AttributeTable.Row]
        /// The tags, as read from `TAGS` (trimmed, each once).
        public var tags: [String]
        /// The day of its reminder hook, if it had one Meshpad could read.
        public var due: CalendarDay?

        public init(_ node: Node) {
            text = node.text
            note = node.note
            link = node.link
            icons = node.icons
            style = node.style
            folded = node.folded
            side = node.side
            image = node.image
            imageScale = node.imageScale
            summaryMarks = node.summaryMarks
            attributes = node.attributes.rows
            tags = node.tags
            due = node.due
        }
    }

    public init(attributes: [KeptAttribute], items: [KeptItem] = [], read: ReadContent) {
        self.attributes = attributes
        self.items = items
        self.read = read
    }

    public func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
}

extension Array where Element == KeptAttribute {
    /// ` NAME="value"` for each, escaped for an attribute.
    var xml: String { map { " \($0.name)=\"\(XMLText.escapeAttribute($0.value))\"" }.joined() }

    mutating func setAttribute(_ name: String, _ value: String?) {
        if let index = firstIndex(where: { $0.name == name }) {
            if let value { self[index].value = value } else { remove(at: index) }
        } else if let value {
            append(KeptAttribute(name, value))
        }
    }

    /// Attributes in a steady order, since XML readers hand them over unordered: the ones a
    /// person looks for first (a node's text, its ID), then the rest by name.
    static func ordered(_ attributes: [String: String]) -> [KeptAttribute] {
        let first = ["TEXT", "LOCALIZED_TEXT", "NAME", "TYPE", "BUILTIN", "DESTINATION", "SOURCE", "FOLDED", "COLOR",
                     "BACKGROUND_COLOR", "STYLE_REF", "STYLE", "ID", "CREATED", "MODIFIED", "LINK", "POSITION"]
        let rank = Dictionary(uniqueKeysWithValues: first.enumerated().map { ($1, $0) })
        return attributes.sorted { a, b in
            let ra = rank[a.key] ?? first.count, rb = rank[b.key] ?? first.count
            return ra != rb ? ra < rb : a.key < b.key
        }.map { KeptAttribute($0.key, $0.value) }
    }
}

/// Builds kept XML text from a SAX reader's events: an element's content, nested elements and
/// text escaped, empty elements closed as `<x/>`.
struct KeptXMLWriter {
    private(set) var text = ""
    /// The text ends with a start tag's `>` that nothing has followed yet (the element may be empty).
    private var endsWithOpenTag = false

    mutating func open(_ name: String, _ attributes: [String: String]) {
        text += "<" + name + [KeptAttribute].ordered(attributes).xml + ">"
        endsWithOpenTag = true
    }

    mutating func close(_ name: String) {
        if endsWithOpenTag {
            text.removeLast()
            text += "/>"
        } else {
            text += "</" + name + ">"
        }
        endsWithOpenTag = false
    }

    mutating func characters(_ string: String) {
        guard !string.isEmpty else { return }
        endsWithOpenTag = false
        text += XMLText.escapeText(string)
    }
}

/// XML escaping for text and attribute values.
enum XMLText {
    static func escapeText(_ text: String) -> String { escape(text, forAttribute: false) }

    static func escapeAttribute(_ text: String) -> String { escape(text, forAttribute: true) }

    /// In attributes quotes and line breaks too (`&#xa;`, as FreeMind writes them). XML 1.0
    /// cannot carry most control characters at all; they are dropped.
    private static func escape(_ text: String, forAttribute: Bool) -> String {
        // why: most text needs no escaping; checking first saves a copy per string on big maps.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                || ($0 == UInt8(ascii: "\"") && forAttribute) }) {
            return text
        }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where forAttribute: out += "&quot;"
            case "\n" where forAttribute: out += "&#xa;"
            case "\r" where forAttribute: out += "&#xd;"
            case "\t" where forAttribute: out += "&#x9;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
