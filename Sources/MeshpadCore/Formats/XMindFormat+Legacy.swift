import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// XMind 8's `content.xml` (namespace `urn:xmind:xmap:xmlns:content:2.0`): `<xmap-content>`
/// holds `<sheet>`s, each a root `<topic>` and its `<title>`, and `<relationships>`. A topic has
/// a `<title>`, `<children>` with `<topics type="attached|detached|summary">`, `<notes>` (`<plain>`
/// and XHTML `<html>`), `<labels>`, `<marker-refs>`, `xlink:href`, a picture as
/// `<xhtml:img xhtml:src="xap:attachments/…">` (in a note too: Meshpad's notes are plain text,
/// so the first picture of a note is the topic's, if it has none), `<summaries>` and `<boundaries>`.
///
/// Read through the XML readers' shared parsing (`XMLMapParsing`: entity declarations refused,
/// encodings checked), as a stream: nothing recurses, whatever the depth.
extension XMindFormat {
    static func legacySheets(_ data: Data) throws(FormatError) -> [Sheet] {
        let reader = LegacyReader()
        do {
            try XMLMapParsing.parse(data, format: formatName, with: reader)
        } catch {
            var named = error
            switch error.reason {
            case .malformed(let line, let column, let detail): named.reason = .malformed(line: line, column: column, detail: "content.xml: \(detail)")
            case .notAMap(let detail): named.reason = .notAMap(detail: "content.xml: \(detail)")
            default: break
            }
            throw named
        }
        return reader.sheets
    }

    private final class LegacyReader: XMLMapReader {
        var sheets: [Sheet] = []
        private var path: [String] = []
        /// The topics open, innermost last (indices in the last sheet).
        private var topicStack: [Int] = []
        /// The type of each `<topics>` list open.
        private var listKinds: [String] = []
        /// The depth of an element whose content is passed over (a callout list).
        private var skipping: Int?
        private enum Field { case topicTitle, sheetTitle, relationshipTitle, plainNote, label }
        private var field: Field?
        private var buffer = ""
        private var html: HTMLText?
        private var relationship: Relationship?

        private var currentTopic: Int? { topicStack.last }

        private func changeTopic(_ change: (inout Topic) -> Void) {
            guard let index = currentTopic, !sheets.isEmpty else { return }
            change(&sheets[sheets.count - 1].topics[index])
        }

        private func refuse(_ detail: String, _ parser: XMLParser) {
            failure = FormatError(format: formatName, reason: .notAMap(detail: "content.xml: \(detail)"))
            parser.abortParsing()
        }

        override func start(_ name: String, attributes: [String: String], parser: XMLParser) {
            defer { path.append(name) }
            if skipping != nil { return }
            if html != nil {
                let local = Self.local(name), named = attributes.reduce(into: [String: String]()) { $0[Self.local($1.key)] = $1.value }
                html?.start(local, attributes: named)
                // Meshpad's notes are plain text: a picture in one is the topic's own, if it has none.
                if local == "img", let source = named["src"], source.hasPrefix("xap:") {
                    changeTopic { if $0.image == nil { $0.image = String(source.dropFirst(4)) } }
                }
                return
            }
            let parent = path.last
            guard let parent else {
                if name != "xmap-content" { refuse("the root element is <\(name)>, not <xmap-content>", parser) }
                return
            }
            switch name {
            case "sheet" where parent == "xmap-content":
                sheets.append(Sheet())
                topicStack = []
            case "topic" where parent == "sheet" || parent == "topics":
                guard !sheets.isEmpty else {
                    skipping = path.count
                    return
                }
                var topic = Topic()
                topic.id = attributes["id"]
                topic.href = attributes["xlink:href"]
                topic.folded = attributes["branch"] == "folded"
                let index = sheets[sheets.count - 1].topics.count
                if parent == "sheet" {
                    guard index == 0 else {
                        skipping = path.count
                        return
                    }
                } else {
                    guard let owner = currentTopic else {
                        skipping = path.count
                        return
                    }
                    switch listKinds.last {
                    case "detached": sheets[sheets.count - 1].topics[owner].detached.append(index)
                    case "summary": sheets[sheets.count - 1].topics[owner].summaryTopics.append(index)
                    default: sheets[sheets.count - 1].topics[owner].attached.append(index)
                    }
                }
                guard topicStack.count < deepestXMLTopics else {
                    refuse("topics are nested more than \(deepestXMLTopics) deep: refused, no map is that deep", parser)
                    return
                }
                sheets[sheets.count - 1].topics.append(topic)
                topicStack.append(index)
            case "topics" where parent == "children":
                let kind = attributes["type"] ?? "attached"
                if zenChildKinds.contains(kind) { listKinds.append(kind) } else { skipping = path.count }
            case "title" where parent == "topic": begin(.topicTitle)
            case "title" where parent == "sheet": begin(.sheetTitle)
            case "title" where parent == "relationship": begin(.relationshipTitle)
            case "plain" where parent == "notes" && path.dropLast().last == "topic": begin(.plainNote)
            case "html" where parent == "notes" && path.dropLast().last == "topic": html = HTMLText()
            case "label" where parent == "labels": begin(.label)
            case "marker-ref" where parent == "marker-refs":
                if let marker = attributes["marker-id"] { changeTopic { $0.markers.append(marker) } }
            case "xhtml:img" where parent == "topic", "img" where parent == "topic":
                if let source = attributes["xhtml:src"] ?? attributes["src"], source.hasPrefix("xap:") {
                    changeTopic { $0.image = String(source.dropFirst(4)) }
                }
            case "position" where parent == "topic":
                if let x = attributes["svg:x"].flatMap(Double.init), let y = attributes["svg:y"].flatMap(Double.init) {
                    changeTopic { $0.position = Vec2(x, y) }
                }
            case "summary" where parent == "summaries":
                if let topicID = attributes["topic-id"] { changeTopic { $0.summaries.append((Span(attributes["range"]), topicID)) } }
            case "boundary" where parent == "boundaries":
                let range = attributes["range"]
                if range == nil || range == "master" {
                    changeTopic { $0.boundaries.append(nil) }
                } else if let span = Span(range) {
                    changeTopic { $0.boundaries.append(span) }
                }
            case "relationship" where parent == "relationships":
                if let end1 = attributes["end1"], let end2 = attributes["end2"] {
                    relationship = Relationship(end1: end1, end2: end2)
                }
            default:
                break
            }
        }

        private func begin(_ field: Field) {
            self.field = field
            buffer = ""
        }

        override func end(_ name: String) {
            path.removeLast()
            if let depth = skipping {
                if path.count == depth { skipping = nil }
                return
            }
            if html != nil {
                if name == "html", path.last == "notes" {
                    let text = html?.result ?? ""
                    html = nil
                    changeTopic { if $0.note.isEmpty { $0.note = note(text) } }
                } else {
                    html?.end(Self.local(name))
                }
                return
            }
            switch name {
            case "topic" where path.last == "sheet" || path.last == "topics":
                _ = topicStack.popLast()
            case "topics" where path.last == "children":
                _ = listKinds.popLast()
            case "title", "plain", "label":
                guard let field else { return }
                self.field = nil
                let text = buffer
                switch field {
                case .topicTitle: changeTopic { $0.title = lines(text) }
                case .sheetTitle: if !sheets.isEmpty { sheets[sheets.count - 1].title = lines(text) }
                case .relationshipTitle: relationship?.title = text
                case .plainNote: if !text.isEmpty { changeTopic { $0.note = note(text) } }
                case .label: changeTopic { $0.labels.append(text) }
                }
            case "relationship":
                if let relationship, !sheets.isEmpty { sheets[sheets.count - 1].relationships.append(relationship) }
                relationship = nil
            default:
                break
            }
        }

        override func characters(_ text: String) {
            guard skipping == nil else { return }
            if html != nil {
                html?.text(text)
            } else if field != nil {
                buffer += text
            }
        }

        /// `xhtml:p` → `p`: XHTML's names as HTML's.
        private static func local(_ name: String) -> String {
            guard let colon = name.lastIndex(of: ":") else { return name }
            return String(name[name.index(after: colon)...])
        }
    }
}
