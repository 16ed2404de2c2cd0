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
/// in `<richcontent>` or in a `TEXT` attribute) becomes plain text. `.mm` has no absolute
/// positions, so imported maps are marked `needsLayout`.
public enum FreeMindFormat {
    public static let formatName = "FreeMind"

    public struct Imported {
        public var document: Document
        /// Things that could not be brought over, for the user to hear about.
        public var warnings: [String]
    }

    public static func decode(_ data: Data) throws(FormatError) -> Imported {
        let reader = Reader()
        try XMLMapParsing.parse(data, format: formatName, with: reader)
        guard reader.sawMap else { throw FormatError(format: formatName, reason: .notAMap(detail: "the root element is not <map>")) }
        guard var builder = reader.builder else {
            throw FormatError(format: formatName, reason: .notAMap(detail: "the map has no <node>"))
        }
        var warnings: [String] = []
        for (from, destination, arrows) in reader.links {
            guard let to = reader.idBySource[destination] else {
                warnings.append("an arrow link points to \(destination), which is not in the map; it was left out")
                continue
            }
            if builder.link(from, to: to, arrows: arrows, allowingSelfLink: true) == nil {
                warnings.append("an arrow link from \(builder.node(from)?.sourceID ?? "?") to \(destination) repeats another one or points at its own node; it was left out")
            }
        }
        for (clone, original) in reader.clones {
            guard let source = reader.idBySource[original].flatMap({ builder.node($0) }) else { continue }
            builder.modify(clone) { node in
                node.text = source.text
                if node.note.isEmpty { node.note = source.note }
            }
        }
        if reader.topLevelCount > 1 {
            warnings.append("the map has \(reader.topLevelCount) top-level nodes; the first is the root and the others are free-standing")
        }
        builder.needsLayout = true
        builder.layoutMode = .tree
        return Imported(document: builder.build(), warnings: warnings)
    }

    /// Parser delegate: builds the map as elements arrive.
    private final class Reader: XMLMapReader {
        var builder: MapBuilder?
        var sawMap = false
        var topLevelCount = 0
        var idBySource: [String: NodeID] = [:]
        var links: [(NodeID, String, Edge.Arrows)] = []
        var clones: [(NodeID, String)] = []
        private var elements: [String] = []
        private var nodeStack: [NodeID] = []
        private var rich: (type: String, text: HTMLText, depth: Int)?

        override func start(_ name: String, attributes: [String: String], parser: XMLParser) {
            defer { elements.append(name) }
            if var capture = rich {
                capture.text.start(name, attributes: attributes)
                rich = capture
                return
            }
            if elements.isEmpty {
                guard name == "map" else {
                    failure = FormatError(format: formatName, reason: .notAMap(detail: "the root element is <\(name)>, not <map>"))
                    parser.abortParsing()
                    return
                }
                sawMap = true
                return
            }
            let parent = elements.last
            switch name {
            case "node" where parent == "map" || parent == "node":
                startNode(attributes, topLevel: parent == "map")
            case "richcontent" where parent == "node":
                rich = ((attributes["TYPE"] ?? "NODE").uppercased(), HTMLText(), elements.count + 1)
            case "icon" where parent == "node":
                if let icon = attributes["BUILTIN"], let id = nodeStack.last { builder?.modify(id) { $0.icons.append(icon) } }
            case "font" where parent == "node":
                guard let id = nodeStack.last else { return }
                builder?.modify(id) { node in
                    if let size = attributes["SIZE"].flatMap(Double.init), size.isFinite, size > 0 { node.style.fontSize = min(size, NodeStyle.largestPointSize) }
                    node.style.bold = attributes["BOLD"] == "true"
                    node.style.italic = attributes["ITALIC"] == "true"
                }
            case "edge" where parent == "node":
                guard let id = nodeStack.last else { return }
                builder?.modify(id) { node in
                    node.style.edgeColor = attributes["COLOR"].flatMap(RGBA.init(hexString:))
                    node.style.edgeWidth = FreeMindFormat.edgeWidth(attributes["WIDTH"])
                }
            case "arrowlink" where parent == "node":
                guard let id = nodeStack.last, let destination = attributes["DESTINATION"] else { return }
                var arrows: Edge.Arrows = []
                // FreeMind omits the attributes for its default: an arrow at the end only.
                let end = attributes["ENDARROW"] ?? "Default", start = attributes["STARTARROW"] ?? "None"
                if end.lowercased() != "none" { arrows.insert(.end) }
                if start.lowercased() != "none" { arrows.insert(.start) }
                links.append((id, destination, arrows))
            default:
                break
            }
        }

        private func startNode(_ attributes: [String: String], topLevel: Bool) {
            var text = attributes["TEXT"] ?? ""
            if text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("<html") {
                text = HTMLText.plainText(fromHTML: text)
            }
            // The node is made whole from its attributes and added in one change.
            var node = Node(id: NodeID(0), text: text, position: .zero, folded: attributes["FOLDED"] == "true")
            node.link = attributes["LINK"].flatMap { $0.isEmpty ? nil : $0 }
            node.style.textColor = attributes["COLOR"].flatMap(RGBA.init(hexString:))
            node.style.fillColor = attributes["BACKGROUND_COLOR"].flatMap(RGBA.init(hexString:))
            node.style.shape = FreeMindFormat.shape(attributes["STYLE"])
            switch attributes["POSITION"]?.lowercased() {
            case "left", "top_or_left": node.side = .left
            case "right", "bottom_or_right": node.side = .right
            default: break
            }
            node.sourceID = attributes["ID"]
            let id: NodeID
            if topLevel {
                topLevelCount += 1
                if builder != nil {
                    guard let added = builder?.add(node, under: nil) else { return }
                    id = added
                } else {
                    let created = MapBuilder(root: node)
                    builder = created
                    id = created.rootID
                }
            } else {
                guard let parent = nodeStack.last, let added = builder?.add(node, under: parent) else { return }
                id = added
            }
            nodeStack.append(id)
            if let source = attributes["ID"] { idBySource[source] = id }
            if attributes["TEXT"] == nil, let original = attributes["TREE_ID"] { clones.append((id, original)) }
        }

        override func end(_ name: String) {
            elements.removeLast()
            if let capture = rich {
                if elements.count >= capture.depth {
                    var updated = capture
                    updated.text.end(name)
                    rich = updated
                    return
                }
                rich = nil
                guard let id = nodeStack.last else { return }
                let text = capture.text.result
                builder?.modify(id) { node in
                    switch capture.type {
                    case "NODE": node.text = text
                    default: node.note = node.note.isEmpty ? text : node.note + "\n\n" + text
                    }
                }
                return
            }
            if name == "node", elements.last == "map" || elements.last == "node", !nodeStack.isEmpty {
                nodeStack.removeLast()
            }
        }

        override func characters(_ string: String) {
            guard var capture = rich else { return }
            capture.text.text(string)
            rich = capture
        }
    }

    // MARK: - Export

    /// A `.mm` file FreeMind 1.0 and Freeplane 1.7 open: `version="1.0.1"`, one root `<node>`
    /// (free-standing trees follow as further top-level nodes, which Meshpad reads back).
    public static func encode(_ document: Document) -> Data {
        let children = document.childrenByParent()
        var linksFrom: [NodeID: [Edge]] = [:]
        for edge in document.edges where edge.kind == .link { linksFrom[edge.from, default: []].append(edge) }
        let ids = exportIDs(document)
        var out = "<map version=\"1.0.1\">\n"
        out += "<!-- To view this file, download free mind mapping software FreeMind from https://freemind.sourceforge.io -->\n"
        let tops = [document.rootID] + document.nodes.map(\.id).filter { $0 != document.rootID && document.parent(of: $0) == nil }
        let root = document.root
        for top in tops {
            var stack: [(NodeID, Bool)] = [(top, false)]
            while let (id, closing) = stack.popLast() {
                if closing {
                    out += "</node>\n"
                    continue
                }
                guard let node = document.node(id) else { continue }
                var attributes: [(String, String)] = [("ID", ids[id] ?? "ID_\(id.rawValue)"), ("TEXT", node.text)]
                if document.parent(of: id) == document.rootID {
                    let side = node.side ?? (node.position.x < root.position.x ? .left : .right)
                    attributes.append(("POSITION", side.rawValue))
                }
                let kids = children[id] ?? []
                if node.folded && !kids.isEmpty { attributes.append(("FOLDED", "true")) }
                if let color = node.style.textColor { attributes.append(("COLOR", String(color.hexString.prefix(7)))) }
                if let color = node.style.fillColor { attributes.append(("BACKGROUND_COLOR", String(color.hexString.prefix(7)))) }
                if let shape = node.style.shape { attributes.append(("STYLE", FreeMindFormat.styleName(shape))) }
                if let link = node.link { attributes.append(("LINK", link)) }
                out += "<node" + attributes.map { " \($0.0)=\"\(escapeAttribute($0.1))\"" }.joined() + ">\n"
                if node.style.fontSize != nil || node.style.bold || node.style.italic {
                    let size = min(max(node.style.fontSize ?? 12, 1), NodeStyle.largestPointSize)
                    var font = "<font NAME=\"SansSerif\" SIZE=\"\(Int(size.rounded()))\""
                    if node.style.bold { font += " BOLD=\"true\"" }
                    if node.style.italic { font += " ITALIC=\"true\"" }
                    out += font + "/>\n"
                }
                if node.style.edgeColor != nil || node.style.edgeWidth != nil {
                    var edge = "<edge"
                    if let color = node.style.edgeColor { edge += " COLOR=\"\(color.hexString.prefix(7))\"" }
                    if let width = node.style.edgeWidth { edge += " WIDTH=\"\(max(1, Int(width.rounded())))\"" }
                    out += edge + "/>\n"
                }
                for icon in node.icons { out += "<icon BUILTIN=\"\(escapeAttribute(icon))\"/>\n" }
                if !node.note.isEmpty { out += noteXML(node.note) }
                for link in linksFrom[id] ?? [] {
                    guard let destination = ids[link.to] else { continue }
                    out += "<arrowlink DESTINATION=\"\(escapeAttribute(destination))\""
                        + " ENDARROW=\"\(link.arrows.contains(.end) ? "Default" : "None")\""
                        + " STARTARROW=\"\(link.arrows.contains(.start) ? "Default" : "None")\"/>\n"
                }
                stack.append((id, true))
                for kid in kids.reversed() { stack.append((kid, false)) }
            }
        }
        out += "</map>\n"
        return Data(out.utf8)
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

    /// FreeMind's edge `WIDTH`: `thin` or a number of pixels.
    static func edgeWidth(_ width: String?) -> Double? {
        guard let width else { return nil }
        if width.lowercased() == "thin" { return 1 }
        guard let value = Double(width), value.isFinite, value > 0 else { return nil }
        return min(value, 64)
    }

    /// The IDs to write: the ones the nodes came with where they are usable and unique, else `ID_<n>`.
    static func exportIDs(_ document: Document) -> [NodeID: String] {
        var used = Set<String>()
        var result: [NodeID: String] = [:]
        for node in document.nodes {
            if let source = node.sourceID, !source.isEmpty, !used.contains(source) {
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
            .map { "<p>\(escapeText(String($0)))</p>" }.joined(separator: "\n")
        return "<richcontent TYPE=\"NOTE\"><html><head></head><body>\n\(paragraphs)\n</body></html></richcontent>\n"
    }

    static func escapeText(_ text: String) -> String { escape(text, forAttribute: false) }

    static func escapeAttribute(_ text: String) -> String { escape(text, forAttribute: true) }

    /// XML escaping; in attributes quotes and line breaks too (`&#xa;`, as FreeMind writes them).
    /// XML 1.0 cannot carry most control characters at all; they are dropped.
    private static func escape(_ text: String, forAttribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
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
