import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// OPML 2.0 outlines: `<outline text>` nesting, `_note` for notes, `url` for links, the head's
/// `expansionState` for folds, and OmniOutliner's `_status` for tasks (`checked` is done,
/// `unchecked` open).
///
/// Inline HTML in `text` (Drummer, Fargo) is shown as its text, and a text's only link becomes
/// the node's link when the outline has no `url`. Export escapes a text only where it would
/// otherwise be read as HTML, so a round trip keeps every text as it was.
///
/// A single top-level outline is the root; several become children of a root named after the
/// head's `<title>`. Free links and positions have no place in OPML: export leaves them out and
/// says so.
public enum OPMLFormat {
    public static let formatName = "OPML"

    public static func decode(_ data: Data) throws(FormatError) -> FreeMindFormat.Imported {
        let reader = Reader()
        try XMLMapParsing.parse(data, format: formatName, with: reader)
        guard reader.sawOPML else { throw FormatError(format: formatName, reason: .notAMap(detail: "the root element is not <opml>")) }
        let outlines = reader.topLevel
        guard !outlines.isEmpty else { throw FormatError(format: formatName, reason: .notAMap(detail: "the <body> has no <outline>")) }

        // Build: one top-level outline is the root; several hang under a root named by the title.
        let single = outlines.count == 1
        var document = MapBuilder(rootText: single ? outlines[0].text : (reader.title.isEmpty ? "Untitled" : reader.title))
        let rootID = document.rootID
        var stack: [(Outline, NodeID?)] = single ? [(outlines[0], nil)] : outlines.reversed().map { ($0, rootID) }
        var order: [(NodeID, Bool)] = []
        while let (outline, parent) = stack.popLast() {
            let id: NodeID
            if let parent {
                guard let added = document.addChild(of: parent, text: outline.text, at: .zero) else { continue }
                id = added
            } else {
                id = document.rootID
            }
            document.modify(id) { node in
                node.note = outline.note
                node.link = outline.link
                if let task = outline.task {
                    var details = node.details
                    details.setTask(task)
                    node.details = details
                }
            }
            order.append((id, !outline.children.isEmpty))
            for child in outline.children.reversed() { stack.append((child, id)) }
        }
        if let expanded = reader.expansionState {
            applyExpansionState(expanded, to: &document, singleRoot: single)
        }
        document.needsLayout = true
        document.layoutMode = .tree
        return FreeMindFormat.Imported(document: document.build(), warnings: [])
    }

    /// What a reader sees of an outline's `text` or `_note`: outliners such as Drummer and Fargo
    /// write inline HTML there (`<a href>`, `<i>`, `&nbsp;`), shown as its text; anything that is
    /// not HTML (`Goals & <risks>`) as it is.
    static func readableText(_ raw: String) -> HTMLText.Inline {
        HTMLText.looksLikeMarkup(raw) ? HTMLText.inlineText(fromHTML: raw) : HTMLText.Inline(text: raw, links: [])
    }

    /// The text to write for `readableText` to read back: escaped only when it would be taken as
    /// HTML (`<b>` typed as such), so other outliners see plain text as it is.
    static func writtenText(_ text: String) -> String {
        HTMLText.looksLikeMarkup(text) ? HTMLText.escapedForMarkup(text) : text
    }

    /// The node's link when its text links to exactly one web or mail address.
    static func soleLink(_ hrefs: [String]) -> String? {
        let usable = Set(hrefs.filter { $0.contains("://") || $0.lowercased().hasPrefix("mailto:") })
        return usable.count == 1 ? usable.first : nil
    }

    struct Outline {
        var text: String
        var note: String
        var link: String?
        var task: TaskState?
        var children: [Outline] = []
    }

    /// OmniOutliner's `_status`: `checked` is a done task; `unchecked` and `indeterminate` (some
    /// of its children done) an open one; anything else no task.
    static func task(status: String?) -> TaskState? {
        switch status?.lowercased() {
        case "checked": return .done
        case "unchecked", "indeterminate": return .open
        default: return nil
        }
    }

    /// The `_status` a task is written with.
    static func status(of task: TaskState) -> String { task == .done ? "checked" : "unchecked" }

    private final class Reader: XMLMapReader {
        var sawOPML = false
        var title = ""
        var expansionState: [Int]?
        var topLevel: [Outline] = []
        private var open: [Outline] = []
        private var elements: [String] = []
        private var titleText = ""

        override func start(_ name: String, attributes: [String: String], parser: XMLParser) {
            defer { elements.append(name) }
            if elements.isEmpty {
                guard name == "opml" else {
                    failure = FormatError(format: formatName, reason: .notAMap(detail: "the root element is <\(name)>, not <opml>"))
                    parser.abortParsing()
                    return
                }
                sawOPML = true
            }
            if name == "outline" && (elements.contains("body")) {
                let text = OPMLFormat.readableText(attributes["text"] ?? attributes["title"] ?? "")
                let note = OPMLFormat.readableText(attributes["_note"] ?? "")
                let link = attributes["url"] ?? attributes["htmlUrl"] ?? attributes["xmlUrl"] ?? OPMLFormat.soleLink(text.links)
                open.append(Outline(text: text.text, note: note.text, link: link, task: OPMLFormat.task(status: attributes["_status"])))
            }
        }

        override func end(_ name: String) {
            elements.removeLast()
            switch name {
            case "outline":
                guard let done = open.popLast() else { return }
                if open.isEmpty { topLevel.append(done) } else { open[open.count - 1].children.append(done) }
            case "title" where elements.last == "head":
                title = titleText.trimmingCharacters(in: .whitespacesAndNewlines)
            case "expansionState" where elements.last == "head":
                expansionState = titleText.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            default:
                break
            }
            titleText = ""
        }

        override func characters(_ string: String) {
            if elements.last == "title" || elements.last == "expansionState" { titleText += string }
        }
    }

    /// OPML's `expansionState` lists the line numbers, counting only lines that are visible,
    /// of the outlines that are expanded; every other outline with children is folded.
    static func applyExpansionState(_ expanded: [Int], to document: inout MapBuilder, singleRoot: Bool) {
        let set = Set(expanded)
        let children = document.childrenByParent()
        var line = 0
        var stack: [NodeID] = singleRoot ? [document.rootID] : (children[document.rootID] ?? []).reversed()
        var folds: [NodeID] = []
        while let id = stack.popLast() {
            let kids = children[id] ?? []
            let isExpanded = set.contains(line)
            line += 1
            guard !kids.isEmpty else { continue }
            if isExpanded {
                for kid in kids.reversed() { stack.append(kid) }
            } else {
                folds.append(id)
                // Hidden lines are not counted, but their own folds are unknown: they stay unfolded.
            }
        }
        for id in folds { document.modify(id) { $0.folded = true } }
    }

    public static func encode(_ document: Document) -> (data: Data, warnings: [String]) {
        let children = document.childrenByParent()
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n<head>\n"
        out += "<title>\(XMLText.escapeText(document.root.text.replacingOccurrences(of: "\n", with: " ")))</title>\n"
        // Expansion state: visible line numbers of expanded outlines.
        var expanded: [Int] = []
        var line = 0
        var visit: [NodeID] = [document.rootID]
        while let id = visit.popLast() {
            let kids = children[id] ?? []
            let folded = document.node(id)?.folded ?? false
            if !kids.isEmpty && !folded {
                expanded.append(line)
                for kid in kids.reversed() { visit.append(kid) }
            }
            line += 1
        }
        out += "<expansionState>\(expanded.map(String.init).joined(separator: ","))</expansionState>\n"
        out += "</head>\n<body>\n"
        var stack: [(NodeID, Int, Bool)] = [(document.rootID, 0, false)]
        while let (id, depth, closing) = stack.popLast() {
            let indent = String(repeating: "  ", count: depth + 1)
            if closing {
                out += indent + "</outline>\n"
                continue
            }
            guard let node = document.node(id) else { continue }
            var attributes = " text=\"\(XMLText.escapeAttribute(writtenText(node.text)))\""
            if !node.note.isEmpty { attributes += " _note=\"\(XMLText.escapeAttribute(writtenText(node.note)))\"" }
            if let link = node.link { attributes += " url=\"\(XMLText.escapeAttribute(link))\"" }
            if let task = node.task { attributes += " _status=\"\(status(of: task))\"" }
            let kids = children[id] ?? []
            if kids.isEmpty {
                out += indent + "<outline\(attributes)/>\n"
            } else {
                out += indent + "<outline\(attributes)>\n"
                stack.append((id, depth, true))
                for kid in kids.reversed() { stack.append((kid, depth + 1, false)) }
            }
        }
        out += "</body>\n</opml>\n"
        let warnings = ExportLosses.warnings(for: document, format: formatName) + ExportLosses.taskWarnings(for: document, format: formatName)
        return (Data(out.utf8), warnings)
    }
}

/// What formats without free links and free-standing nodes lose on export, said plainly.
enum ExportLosses {
    static func warnings(for document: Document, format: String) -> [String] {
        var warnings: [String] = []
        let links = document.edges.filter { $0.kind == .link }.count
        if links > 0 { warnings.append("\(format) has no free links: \(links) link\(links == 1 ? " was" : "s were") left out") }
        let free = document.nodes.filter { $0.id != document.rootID && document.parent(of: $0.id) == nil }.count
        if free > 0 {
            warnings.append("\(format) holds one tree: \(free) free-standing node\(free == 1 ? "" : "s") (and what hangs under them) left out")
        }
        return warnings
    }

    /// What of a task an outline keeps no place for (it keeps only the box): its priority, its
    /// tags, its due day.
    static func taskWarnings(for document: Document, format: String) -> [String] {
        let n = document.nodes.filter { $0.priority != nil || !$0.tags.isEmpty || $0.due != nil }.count
        guard n > 0 else { return [] }
        return ["\(format) keeps only a task's box: the priorities, tags and due days of \(n) node\(n == 1 ? "" : "s") were left out"]
    }
}
