import Foundation

/// Mermaid mind maps: mermaid.js's `mindmap` diagram, in a `.mmd` / `.mermaid` file or in a
/// ```` ```mermaid ```` block of Markdown (`mindmapSource(inMarkdown:)`).
///
/// ```
/// mindmap
///   root((Plan))
///     goals[Ship **1.0**]
///       ::icon(fa fa-rocket)
///     Team
/// ```
///
/// Reading follows Mermaid's own parser. The first node is the root, and a node's parent is the
/// nearest node above it that is indented less (every space or tab counts one, as in Mermaid, so
/// mixed indentation reads as Mermaid reads it). A later node indented no more than the root is
/// refused, naming its line, as Mermaid refuses it ("there can be only one root"). `%%` comments
/// and YAML front matter (`---` … `---`, its `title:` included) are skipped; `<br>`, `<br/>` and a
/// written `\n` break a line; Mermaid's entity codes (`#quot;`, `#40;`) are decoded; a label all in
/// `**bold**` or `*italic*` is bold or italic text. `::icon()` and `:::class` lines are kept for
/// writing back, and an icon Meshpad has (`fa fa-lightbulb` is `idea`) shows as its own.
/// Hostile input is refused, never followed: nesting deeper than `deepestNesting`, more nodes
/// than `largestMap`, a line longer than `longestLine` bytes, NUL bytes.
///
/// Writing gives `mindmap`, then each node two spaces deeper than its parent, in its Mermaid
/// shape (see `Shape`), its text quoted where brackets would end it and escaped with entity codes
/// where it would read back otherwise, then its icons and classes, so export then import gives the
/// same tree, texts and shapes. Notes, links, pictures, attributes, colours, folds, free links and
/// free-standing nodes have no place in a Mermaid mind map: the warnings say what was left out.
public enum MermaidFormat {
    public static let formatName = "Mermaid"
    /// More nodes than this is refused: no one writes such a mind map by hand, and each node
    /// costs memory.
    static let largestMap = 1_000_000
    /// Levels below the root; a deeper map is refused before it is built.
    static let deepestNesting = 1_000
    /// Bytes in one line: more is not a mind map someone wrote (Mermaid refuses a whole diagram
    /// over 50,000 characters).
    static let longestLine = 100_000
    /// Lines one quoted text may run over (Mermaid's markdown strings may break lines).
    static let longestQuote = 1_000

    // MARK: - Reading

    /// Reads a mind map, or the first mind map fenced in Markdown text; a refusal names the line
    /// and column (counted in `data`) and says why.
    public static func decode(_ data: Data) throws(FormatError) -> FreeMindFormat.Imported {
        if let nul = data.firstIndex(of: 0) {
            let (line, column) = place(ofByte: nul - data.startIndex, in: data)
            throw malformed(line, column, "it holds a NUL byte, so it is binary data, not Mermaid text")
        }
        guard var text = String(data: data, encoding: .utf8) else {
            throw FormatError(format: formatName, reason: .malformed(line: 0, column: 0, detail: "the file is not UTF-8 text"))
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return try read(text[...], firstLine: 1, lookingForFences: true)
    }

    /// The body of the first ```` ```mermaid ```` (or `~~~mermaid`) fenced block whose first line
    /// that says something is `mindmap`, as written between the fences; nil if there is none.
    public static func mindmapSource(inMarkdown text: String) -> String? {
        mindmapBlock(in: text[...]).map { String($0.body) }
    }

    /// Whether a text begins as a Mermaid mind map: past blank lines, `%%` comments and front
    /// matter, its first line is `mindmap`. For telling a mind map by its first bytes.
    static func beginsAsMindMap(_ text: String) -> Bool {
        var lines = Lines(text[...], firstLine: 1)
        if case .header? = try? beginning(&lines) { return true }
        return false
    }

    /// Reads the lines of `text`, the first numbered `firstLine`.
    private static func read(_ text: Substring, firstLine: Int, lookingForFences: Bool) throws(FormatError) -> FreeMindFormat.Imported {
        var lines = Lines(text, firstLine: firstLine)
        switch try beginning(&lines) {
        case .header(let line, let rest):
            var reader = Reader()
            if !rest.isEmpty {
                // `mindmap root((x))`: Mermaid takes the root from the same line.
                let level = line.text[..<rest.startIndex].reversed().prefix { $0.isWhitespace }.count
                try reader.take(rest, level: level, line: line, lines: &lines)
            }
            try reader.readNodes(&lines)
            guard reader.hasRoot else {
                throw FormatError(format: formatName, reason: .notAMap(detail: "the `mindmap` on line \(line.number) has no nodes under it"))
            }
            return reader.finish()
        case .other(let line):
            if lookingForFences, let block = mindmapBlock(in: text) {
                return try read(block.body, firstLine: block.firstLine, lookingForFences: false)
            }
            throw notAMindMap(line)
        case .nothing:
            throw FormatError(format: formatName, reason: .notAMap(detail: "the file is empty: a Mermaid mind map begins with the line `mindmap`"))
        }
    }

    /// Why a text whose first line is `line` is no mind map, in words that say what it is instead.
    private static func notAMindMap(_ line: Lines.Line) -> FormatError {
        let trimmed = line.text.trimmed
        let column = line.column(of: trimmed.startIndex)
        let word = trimmed.prefix { !$0.isWhitespace && $0 != ";" && $0 != ":" }
        if otherDiagrams.contains(word.lowercased()) {
            return FormatError(format: formatName, reason: .notAMap(
                detail: "line \(line.number) begins a Mermaid `\(word)` diagram, not a `mindmap`; only mind maps open as maps"))
        }
        if trimmed.lowercased() == "mermaid" {
            return malformed(line.number, column, "the bare word `mermaid` stands where a mind map begins with `mindmap`; "
                + "if this is Markdown, its fence lacks its backticks: a Mermaid block is written ```mermaid and closed with ```")
        }
        if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
            return FormatError(format: formatName, reason: .notAMap(detail: "the Markdown holds no ```mermaid block that is a `mindmap`"))
        }
        return malformed(line.number, column, "a Mermaid mind map begins with the line `mindmap`, but this line is `\(snippet(trimmed))`")
    }

    /// The first words of Mermaid's other diagrams.
    static let otherDiagrams: Set<String> = [
        "graph", "flowchart", "flowchart-elk", "sequencediagram", "classdiagram", "classdiagram-v2", "statediagram",
        "statediagram-v2", "erdiagram", "journey", "gantt", "pie", "quadrantchart", "requirementdiagram", "gitgraph",
        "c4context", "c4container", "c4component", "c4dynamic", "c4deployment", "timeline", "zenuml", "sankey", "sankey-beta",
        "xychart", "xychart-beta", "block", "block-beta", "packet", "packet-beta", "kanban", "architecture", "architecture-beta",
        "radar-beta", "treemap", "treemap-beta", "info",
    ]

    /// How a text begins, past blank lines, `%%` comments and front matter.
    private enum Beginning {
        /// The `mindmap` line, and what follows the word on it.
        case header(Lines.Line, rest: Substring)
        /// A line that says something else.
        case other(Lines.Line)
        /// Nothing but blank lines and comments.
        case nothing
    }

    private static func beginning(_ lines: inout Lines) throws(FormatError) -> Beginning {
        var sawFrontMatter = false
        while let line = lines.next() {
            try checkLength(line)
            let trimmed = line.text.trimmed
            if trimmed.isEmpty || trimmed.hasPrefix("%%") { continue }
            if trimmed == "---" && !sawFrontMatter {
                // why: YAML (`title:`, `config:`) that Mermaid reads before the diagram; a map's
                // title is its root here, so nothing of it is kept.
                sawFrontMatter = true
                var closed = false
                while !closed, let inner = lines.next() { closed = inner.text.trimmed == "---" }
                guard closed else {
                    throw malformed(line.number, line.column(of: trimmed.startIndex),
                                    "the front matter begun by `---` on line \(line.number) is never closed by a `---` line")
                }
                continue
            }
            if let rest = headerRest(trimmed) { return .header(line, rest: rest) }
            return .other(line)
        }
        return .nothing
    }

    /// What follows `mindmap` on a line that is the header (any case, as Mermaid reads it).
    private static func headerRest(_ trimmed: Substring) -> Substring? {
        guard trimmed.prefix(7).lowercased() == "mindmap" else { return nil }
        let rest = trimmed.dropFirst(7)
        guard rest.first?.isWhitespace ?? true else { return nil }
        let node = rest.trimmed
        return node.hasPrefix("%%") ? node.prefix(0) : node
    }

    /// The first fenced ```` ```mermaid ```` block that is a mind map: its body and the number
    /// of its first line in `text`.
    static func mindmapBlock(in text: Substring) -> (body: Substring, firstLine: Int)? {
        var lines = Lines(text, firstLine: 1)
        while let line = lines.next() {
            guard let fence = Fence(opening: line.text) else { continue }
            let bodyStart = lines.position
            let firstLine = lines.number
            var bodyEnd = text.endIndex
            while let inner = lines.next() {
                if fence.isClosed(by: inner.text) {
                    bodyEnd = inner.start
                    break
                }
            }
            guard fence.info.lowercased() == "mermaid" else { continue }
            let body = text[bodyStart..<bodyEnd]
            var bodyLines = Lines(body, firstLine: firstLine)
            if case .header? = try? beginning(&bodyLines) { return (body, firstLine) }
        }
        return nil
    }

    /// A Markdown code fence: three or more backticks or tildes, indented at most three spaces.
    private struct Fence {
        var mark: Character
        var length: Int
        /// The info string's first word (`mermaid`).
        var info: Substring

        init?(opening line: Substring) {
            let indent = line.prefix { $0 == " " }
            guard indent.count <= 3, let mark = line.dropFirst(indent.count).first, mark == "`" || mark == "~" else { return nil }
            let marks = line.dropFirst(indent.count).prefix { $0 == mark }
            guard marks.count >= 3 else { return nil }
            let rest = line[marks.endIndex...]
            if mark == "`" && rest.contains("`") { return nil }
            self.mark = mark
            length = marks.count
            // why: Quarto and MyST write ```{mermaid}.
            info = rest.trimmed.drop { $0 == "{" }.prefix { !$0.isWhitespace && $0 != "}" }
        }

        func isClosed(by line: Substring) -> Bool {
            let indent = line.prefix { $0 == " " }
            guard indent.count <= 3 else { return false }
            let marks = line.dropFirst(indent.count).prefix { $0 == mark }
            return marks.count >= length && line[marks.endIndex...].trimmed.isEmpty
        }
    }

    /// The reader's state: the map so far, and the nodes a next line may hang under.
    private struct Reader {
        var builder = MapBuilder(rootText: "")
        var hasRoot = false
        var warnings: [String] = []
        /// The last node read and its ancestors, with their indentation, the root first.
        var open: [(level: Int, id: NodeID)] = []
        var root: (line: Int, text: String) = (0, "")
        var last: (id: NodeID, head: Head)?

        mutating func readNodes(_ lines: inout Lines) throws(FormatError) {
            while let line = lines.next() {
                try checkLength(line)
                let (level, content) = indentation(of: line.text)
                try take(content.trimmedEnd, level: level, line: line, lines: &lines)
            }
        }

        /// A line's indentation, each whitespace character one (Mermaid's level), and the rest.
        func indentation(of line: Substring) -> (level: Int, content: Substring) {
            // why: ASCII whitespace counted as bytes, the common case, without making characters
            // of every line; other whitespace (U+3000) as characters.
            let ascii = line.utf8.prefix { $0 == 0x20 || (0x09...0x0D).contains($0) }
            if ascii.endIndex == line.endIndex || line.utf8[ascii.endIndex] < 0x80 {
                return (ascii.count, line[ascii.endIndex...])
            }
            let content = line.drop { $0.isWhitespace }
            return (line.distance(from: line.startIndex, to: content.startIndex), content)
        }

        /// One line's content (without its indentation): a node, a decoration of the last node, a
        /// comment or nothing.
        mutating func take(_ content: Substring, level: Int, line: Lines.Line, lines: inout Lines) throws(FormatError) {
            if content.isEmpty || content.hasPrefix("%%") { return }
            if content.prefix(7).lowercased() == "::icon(" {
                let inside = content.dropFirst(7).prefix { $0 != ")" }
                let name = inside.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard !name.isEmpty else { return }
                guard let last else {
                    warnings.append("line \(line.number): the icon `\(name)` stands before any node and was left out")
                    return
                }
                builder.modify(last.id) { $0.icons.append(MermaidFormat.meshpadIcon(name)) }
                return
            }
            if content.hasPrefix(":::") {
                let classes = content.dropFirst(3).split(whereSeparator: \.isWhitespace).joined(separator: " ")
                guard var last else {
                    warnings.append("line \(line.number): the classes `\(classes)` stand before any node and were left out")
                    return
                }
                // Mermaid keeps a node's last `:::` line.
                last.head.classes = classes
                self.last = last
                let kept = last.head.sourceID
                builder.modify(last.id) { $0.sourceID = kept }
                return
            }
            try addNode(MermaidFormat.parseNode(content, line: line, lines: &lines), level: level, line: line, column: line.column(of: content.startIndex))
        }

        mutating func addNode(_ parsed: ParsedNode, level: Int, line: Lines.Line, column: Int) throws(FormatError) {
            let id: NodeID
            if !hasRoot {
                hasRoot = true
                id = builder.rootID
                root = (line.number, parsed.text)
                builder.modify(id) { $0.text = parsed.text }
            } else {
                while let top = open.last, top.level >= level { open.removeLast() }
                guard let parent = open.last else {
                    throw malformed(line.number, column, "`\(snippet(parsed.text[...]))` is not indented under the root "
                        + "`\(snippet(root.text[...]))` (line \(root.line)): a mind map has one root, and every other node is "
                        + "indented more than it (Mermaid refuses this too: \"there can be only one root\")")
                }
                guard open.count <= deepestNesting else {
                    throw malformed(line.number, column, "the nodes nest more than \(deepestNesting.grouped) levels deep; "
                        + "no mind map is that deep, and Meshpad opens none deeper")
                }
                guard builder.nodeCount < largestMap else {
                    throw malformed(line.number, column, "the map has more than \(largestMap.grouped) nodes; Meshpad opens Mermaid maps up to that size")
                }
                guard let added = builder.addChild(of: parent.id, text: parsed.text, at: .zero) else { return }
                id = added
            }
            // why: most nodes of a big map are plain text, which a node has as made; a change copies it.
            if parsed.head.sourceID != nil || parsed.bold || parsed.italic {
                builder.modify(id) { node in
                    node.style.shape = parsed.head.shape.meshpadShape
                    node.style.bold = parsed.bold
                    node.style.italic = parsed.italic
                    node.sourceID = parsed.head.sourceID
                }
            }
            open.append((level, id))
            last = (id, parsed.head)
        }

        mutating func finish() -> FreeMindFormat.Imported {
            builder.needsLayout = true
            builder.layoutMode = .tree
            return FreeMindFormat.Imported(document: builder.build(), warnings: warnings)
        }
    }

    // MARK: - Nodes

    /// A Mermaid node shape, with its delimiters and the Meshpad outline that stands for it.
    ///
    /// why: Meshpad draws three outlines (`NodeShape`), Mermaid seven. A node read is drawn in the
    /// nearest outline, and its Mermaid shape, id and classes are kept in `Node.sourceID` ("the ID
    /// another program gave the node, written back when exporting to it") as its Mermaid line
    /// less its text: `root(())`, `))((`, `[] :::urgent large` (`Head`). That is invisible, kept
    /// in every Meshpad file and through edits, copies and undo, whereas an attribute would put a
    /// table under every node and a `MindMapSource` record is written into `.mm` files. Export
    /// writes the kept shape while the node's outline is still the one it stands for, so a shape
    /// changed in Meshpad wins.
    enum Shape: CaseIterable {
        /// Mermaid's default: the text over a line, in the theme's colour. Meshpad's default
        /// (nil, the theme's outline) stands for it, so a node of either default stays default.
        case plain
        /// `[text]`: Meshpad's rounded box (it has no square corners).
        case square
        /// `(text)`: the rounded box.
        case rounded
        /// `((text))`: the ellipse.
        case circle
        /// `))text((`: an explosion around the text; the ellipse is the nearest round outline.
        case bang
        /// `)text(`: a cloud around the text; the ellipse, likewise.
        case cloud
        /// `{{text}}`: a box with cut corners; the rounded box.
        case hexagon

        var open: String {
            switch self {
            case .plain: return ""
            case .square: return "["
            case .rounded: return "("
            case .circle: return "(("
            case .bang: return "))"
            case .cloud: return ")"
            case .hexagon: return "{{"
            }
        }

        var close: String {
            switch self {
            case .plain: return ""
            case .square: return "]"
            case .rounded: return ")"
            case .circle: return "))"
            case .bang: return "(("
            case .cloud: return "("
            case .hexagon: return "}}"
            }
        }

        var meshpadShape: NodeShape? {
            switch self {
            case .plain: return nil
            case .square, .rounded, .hexagon: return .roundedBox
            case .circle, .bang, .cloud: return .ellipse
            }
        }

        /// The Mermaid shape written for a Meshpad outline that has no kept one.
        init(meshpad shape: NodeShape?) {
            switch shape {
            case nil, .plain?: self = .plain
            case .roundedBox?: self = .rounded
            case .ellipse?: self = .circle
            }
        }

        /// The shape whose opening delimiter begins `text` (two-character delimiters first, as
        /// Mermaid's lexer matches them).
        static func opening(_ text: Substring) -> Shape? {
            for shape in [Shape.circle, .bang, .hexagon, .rounded, .square, .cloud] where text.hasPrefix(shape.open) {
                return shape
            }
            return nil
        }
    }

    /// What a node's Mermaid line says besides its text, kept in `Node.sourceID` (see `Shape`).
    struct Head: Equatable {
        /// Mermaid's node id (`root` in `root((Plan))`); only a shaped node has one.
        var id = ""
        var shape = Shape.plain
        /// Its `:::` classes, space-separated.
        var classes = ""

        init(id: String = "", shape: Shape = .plain, classes: String = "") {
            self.id = id
            self.shape = shape
            self.classes = classes
        }

        /// The kept form: `id` + the empty delimiters + ` :::classes`; nil for a plain node
        /// without classes, which keeps nothing.
        var sourceID: String? {
            let shaped = shape == .plain ? "" : id + shape.open + shape.close
            if classes.isEmpty { return shaped.isEmpty ? nil : shaped }
            return shaped.isEmpty ? ":::" + classes : shaped + " :::" + classes
        }

        /// Reads a kept form back; nil for a `sourceID` another format gave (`ID_1607807952`).
        init?(sourceID: String?) {
            guard let sourceID else { return nil }
            let text = sourceID[...]
            guard let start = text.firstIndex(where: { "([{)".contains($0) }) else {
                guard text.hasPrefix(":::") else { return nil }
                self.init(classes: String(text.dropFirst(3)))
                return
            }
            let rest = text[start...]
            guard let shape = Shape.allCases.first(where: { $0 != .plain && rest.hasPrefix($0.open + $0.close) }) else { return nil }
            let tail = rest.dropFirst(shape.open.count + shape.close.count)
            guard tail.isEmpty || tail.hasPrefix(" :::") else { return nil }
            self.init(id: String(text[..<start]), shape: shape, classes: String(tail.dropFirst(4)))
        }
    }

    /// A node line, read.
    struct ParsedNode {
        var head = Head()
        var text = ""
        var bold = false
        var italic = false
    }

    /// Reads a node line's content (its indentation and trailing spaces gone): `text`,
    /// `id(text)`, `[text]`, `id["text"]`, `id["`markdown`"]` (which may go on over more lines).
    static func parseNode(_ content: Substring, line: Lines.Line, lines: inout Lines) throws(FormatError) -> ParsedNode {
        // why: what Mermaid's lexer takes as a node id stops at the first of these.
        guard let start = content.firstIndex(where: { "([{)".contains($0) }) else {
            return label(content, trimming: true)
        }
        let column = line.column(of: start)
        guard let shape = Shape.opening(content[start...]) else {
            throw malformed(line.number, column, "a single `{` begins no shape: a hexagon is written `{{text}}`, "
                + "and a text with braces in it is quoted: `[\"{text}\"]`")
        }
        var parsed: ParsedNode
        let body = content[start...].dropFirst(shape.open.count)
        if body.hasPrefix("\""), let quoted = try quotedLabel(body, shape: shape, line: line, column: column, lines: &lines) {
            parsed = quoted
        } else if let inner = unquotedBody(body, closedBy: shape.close) {
            parsed = label(inner, trimming: true)
        } else {
            throw malformed(line.number, column, "the node opens with `\(shape.open)` but its line does not end with `\(shape.close)`; "
                + "a text with brackets in it is quoted: `\(shape.open)\"…\"\(shape.close)`")
        }
        parsed.head = Head(id: String(content[..<start].trimmed), shape: shape)
        return parsed
    }

    /// A shape's text without its closing delimiter, past a `%%` comment after it.
    private static func unquotedBody(_ body: Substring, closedBy close: String) -> Substring? {
        if body.hasSuffix(close) { return body.dropLast(close.count) }
        var from = body.startIndex
        while let comment = body.range(of: "%%", range: from..<body.endIndex) {
            let before = body[..<comment.lowerBound].trimmedEnd
            if before.hasSuffix(close) { return before.dropLast(close.count) }
            from = comment.upperBound
        }
        return nil
    }

    /// A quoted text (`"…"`, or a markdown string "`…`"), which ends the node when its shape
    /// closes right after the quote. A quote not closed on its line goes on over the next lines
    /// (Mermaid's multi-line markdown strings) unless the line ends with the shape's close,
    /// where it is a text that begins with a quote (nil: read it unquoted).
    private static func quotedLabel(_ body: Substring, shape: Shape, line: Lines.Line, column: Int,
                                     lines: inout Lines) throws(FormatError) -> ParsedNode? {
        let markdown = body.hasPrefix("\"`")
        let closer = markdown ? "`\"" : "\""
        let inside = body.dropFirst(markdown ? 2 : 1)
        func closesShape(_ tail: Substring) -> Bool {
            let tail = tail.trimmed
            return tail.hasPrefix(shape.close) && (tail.count == shape.close.count || tail.dropFirst(shape.close.count).trimmed.hasPrefix("%%"))
        }
        if let end = inside.range(of: closer) {
            return closesShape(inside[end.upperBound...]) ? label(inside[..<end.lowerBound], trimming: false) : nil
        }
        if unquotedBody(body, closedBy: shape.close) != nil { return nil }
        var text = String(inside)
        var count = 0
        while let next = lines.next(), count < longestQuote {
            try checkLength(next)
            count += 1
            let content = next.text.drop { $0.isWhitespace }
            text += "\n"
            guard let end = content.range(of: closer) else {
                text += content
                continue
            }
            guard closesShape(content[end.upperBound...]) else {
                throw malformed(next.number, next.column(of: end.upperBound), "the quoted text ends here but its node is not closed with `\(shape.close)`")
            }
            text += content[..<end.lowerBound]
            return label(text[...], trimming: false)
        }
        throw malformed(line.number, column, "the quoted text begun here is never closed with `\(closer)`")
    }

    /// A label's text and emphasis from its written form: `**bold**` and `*italic*` around the
    /// whole of it, then line breaks, then entity codes (Mermaid decodes those last).
    static func label(_ written: Substring, trimming: Bool) -> ParsedNode {
        var parsed = ParsedNode()
        var inner = trimming ? written.trimmed : written
        if let (marks, bold, italic) = emphasis(of: inner) {
            inner = inner.dropFirst(marks).dropLast(marks)
            parsed.bold = bold
            parsed.italic = italic
        }
        let text = decodedEntities(readingLineBreaks(inner))
        parsed.text = text.allSatisfy(\.isWhitespace) ? "" : text
        return parsed
    }

    /// How many `*` wrap the whole label and what they make it, if they wrap it and none is inside.
    static func emphasis(of label: Substring) -> (marks: Int, bold: Bool, italic: Bool)? {
        guard label.first == "*" else { return nil }
        let length = label.count
        for (marks, bold, italic) in [(3, true, true), (2, true, false), (1, false, true)] {
            let mark = String(repeating: "*", count: marks)
            guard length > 2 * marks, label.hasPrefix(mark), label.hasSuffix(mark) else { continue }
            let inner = label.dropFirst(marks).dropLast(marks)
            return !inner.contains("*") && !inner.allSatisfy(\.isWhitespace) ? (marks, bold, italic) : nil
        }
        return nil
    }

    /// `<br>`, `<br/>`, `<br />` (any case) and a written `\n` as line breaks.
    static func readingLineBreaks(_ text: Substring) -> String {
        guard text.contains("<") || text.contains("\\") else { return String(text) }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let next = text.index(after: i)
            if text[i] == "\\", next < text.endIndex, text[next] == "n" {
                out.append("\n")
                i = text.index(after: next)
            } else if text[i] == "<", let end = breakTagEnd(text, after: next) {
                out.append("\n")
                i = end
            } else {
                out.append(text[i])
                i = next
            }
        }
        return out
    }

    /// Where a `<br …>` tag whose `<` stands before `start` ends.
    private static func breakTagEnd(_ text: Substring, after start: String.Index) -> String.Index? {
        var rest = text[start...]
        guard rest.prefix(2).lowercased() == "br" else { return nil }
        rest = rest.dropFirst(2).drop { $0 == " " || $0 == "\t" }
        if rest.first == "/" { rest = rest.dropFirst() }
        return rest.first == ">" ? rest.index(after: rest.startIndex) : nil
    }

    /// Mermaid's entity codes (`#quot;`, `#40;`, `#9829;`) as the characters they stand for.
    static func decodedEntities(_ text: String) -> String {
        guard text.contains("#") else { return text }
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            if text[i] == "#", let (scalar, end) = entity(in: text[...], at: i) {
                out.unicodeScalars.append(scalar)
                i = end
            } else {
                out.append(text[i])
                i = text.index(after: i)
            }
        }
        return out
    }

    /// The entity code at `i` (a `#`): its character and where it ends.
    private static func entity(in text: Substring, at i: String.Index) -> (Unicode.Scalar, String.Index)? {
        let name = text[text.index(after: i)...].prefix { isWordCharacter($0) }
        guard !name.isEmpty, name.count <= 32, name.endIndex < text.endIndex, text[name.endIndex] == ";" else { return nil }
        let scalar = name.allSatisfy(\.isASCII) && name.allSatisfy(\.isNumber)
            ? UInt32(name).flatMap { $0 == 0 ? nil : Unicode.Scalar($0) }
            : HTMLEntities.scalars[String(name)]
        return scalar.map { ($0, text.index(after: name.endIndex)) }
    }

    /// JavaScript's `\w`: what Mermaid's entity codes are made of.
    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_")
    }

    // MARK: - Icons

    /// Font Awesome icons (as Mermaid's `::icon()` names them) and the Meshpad icons that draw
    /// the same thing, one for one, so either name is written back as it was read.
    static let fontAwesome: [(mermaid: String, meshpad: String)] = [
        ("fa fa-lightbulb", "idea"), ("fa fa-exclamation", "yes"), ("fa fa-question", "help"),
        ("fa fa-exclamation-triangle", "messagebox_warning"), ("fa fa-check-circle", "button_ok"),
        ("fa fa-times-circle", "button_cancel"), ("fa fa-ban", "closed"), ("fa fa-info-circle", "info"),
        ("fa fa-rocket", "launch"), ("fa fa-bookmark", "bookmark"), ("fa fa-paperclip", "attach"), ("fa fa-bomb", "clanbomber"),
        ("fa fa-desktop", "desktop_new"), ("fa fa-list", "list"), ("fa fa-edit", "edit"), ("fa fa-pencil", "pencil"),
        ("fa fa-address-book", "kaddressbook"), ("fa fa-bell", "bell"), ("fa fa-envelope", "Mail"), ("fa fa-key", "password"),
        ("fa fa-magic", "wizard"), ("fa fa-search", "xmag"), ("fa fa-calendar", "calendar"), ("fa fa-clock", "clock"),
        ("fa fa-hourglass", "hourglass"), ("fa fa-home", "home"), ("fa fa-users", "family"), ("fa fa-female", "female1"),
        ("fa fa-male", "male1"), ("fa fa-smile", "ksmiletris"), ("fa fa-meh", "smiley-neutral"), ("fa fa-surprise", "smiley-oh"),
        ("fa fa-angry", "smiley-angry"), ("fa fa-frown", "smily_bad"), ("fa fa-arrow-up", "up"), ("fa fa-arrow-down", "down"),
        ("fa fa-arrow-right", "forward"), ("fa fa-arrow-left", "back"), ("fa fa-linux", "penguin"), ("fa fa-plus", "addition"),
        ("fa fa-minus", "subtraction"), ("fa fa-times", "multiply"), ("fa fa-divide", "division"), ("fa fa-thumbs-up", "positive"),
        ("fa fa-thumbs-down", "negative"), ("fa fa-star", "star"), ("fa fa-flag", "flag"), ("fa fa-check-square", "checked"),
        ("fa fa-square", "unchecked"), ("fa fa-folder", "folder"), ("fa fa-globe", "internet"), ("fa fa-image", "image"),
        ("fa fa-cogs", "executable"), ("fa fa-volume-up", "audio"), ("fa fa-film", "video"), ("fa fa-file-alt", "text"),
        ("fa fa-sync-alt", "revision"),
    ]
    private static let meshpadByMermaid = Dictionary(fontAwesome.map { ($0.mermaid, $0.meshpad) }, uniquingKeysWith: { first, _ in first })
    private static let mermaidByMeshpad = Dictionary(fontAwesome.map { ($0.meshpad, $0.mermaid) }, uniquingKeysWith: { first, _ in first })

    /// The icon a node shows for `::icon(name)`: Meshpad's own where it has one, else the name as
    /// read (drawn as a small bullet, written back as it was).
    static func meshpadIcon(_ name: String) -> String { meshpadByMermaid[name] ?? name }

    /// What `::icon()` says for a node's icon; nil for Meshpad icons Font Awesome has no match for.
    static func mermaidIcon(_ name: String) -> String? {
        if let mermaid = mermaidByMeshpad[name] { return mermaid }
        if IconGlyphs.table[name] != nil || name.hasPrefix("emoji-") { return nil }
        return name.isEmpty || name.contains(")") || name.contains(where: \.isNewline) ? nil : name
    }

    // MARK: - Writing

    /// Writes the root's tree as a mind map, with what it left out in words for the user.
    public static func encode(_ document: Document) -> (data: Data, warnings: [String]) {
        let children = document.childrenByParent()
        var out = "mindmap\n"
        var lostIcons = 0
        var stack: [(NodeID, Int)] = [(document.rootID, 1)]
        while let (id, depth) = stack.popLast() {
            guard let node = document.node(id) else { continue }
            let indent = String(repeating: "  ", count: depth)
            let (line, head) = written(node)
            out += indent + line + "\n"
            for icon in node.icons {
                if let name = mermaidIcon(icon) {
                    out += indent + "  ::icon(\(name))\n"
                } else if !icon.hasPrefix("full-") {
                    lostIcons += 1   // why: a priority's loss is told by the task warning.
                }
            }
            if !head.classes.isEmpty { out += indent + "  :::\(head.classes)\n" }
            for kid in (children[id] ?? []).reversed() { stack.append((kid, depth + 1)) }
        }
        return (Data(out.utf8), warnings(for: document, lostIcons: lostIcons))
    }

    /// A node's line (without indentation) and the head it was written with.
    static func written(_ node: Node) -> (line: String, head: Head) {
        var head = Head(sourceID: node.sourceID) ?? Head()
        if head.shape.meshpadShape != node.style.shape { head.shape = Shape(meshpad: node.style.shape) }
        let emphasised = node.style.bold || node.style.italic
        let stars: StarEscaping = emphasised ? .all : (emphasis(of: node.text[...]) != nil ? .ends : .none)
        // why: marks around nothing would read back as text.
        let marks = node.text.allSatisfy(\.isWhitespace) ? "" : String(repeating: "*", count: (node.style.bold ? 2 : 0) + (node.style.italic ? 1 : 0))
        guard head.shape != .plain else {
            head.id = ""
            return (guardedBare(marks + escaped(node.text, .bare, stars: stars) + marks), head)
        }
        let quoted = node.text.isEmpty || node.text.first?.isWhitespace == true || node.text.last?.isWhitespace == true
            || node.text.contains { "()[]{}\"".contains($0) }
        var label = marks + escaped(node.text, quoted ? .quoted : .shaped, stars: stars) + marks
        if quoted { label = "\"" + (label.isEmpty ? " " : label) + "\"" }
        if !isUsableID(head.id) { head.id = "" }
        return (head.id + head.shape.open + label + head.shape.close, head)
    }

    /// Where a label is written: a plain node's whole line, inside a shape, or inside quotes.
    enum Placement { case bare, shaped, quoted }

    /// Which `*` are written as entity codes: all (inside emphasis marks), the first and last
    /// (a text that would read as emphasised), or none.
    enum StarEscaping { case all, ends, none }

    /// A text as written in a label so that `label(_:trimming:)` reads it back unchanged.
    static func escaped(_ text: String, _ placement: Placement, stars: StarEscaping) -> String {
        let characters = Array(text)
        var out = ""
        for (k, c) in characters.enumerated() {
            let rest = characters[(k + 1)...]
            switch c {
            case "\n", "\r\n":
                out += "<br>"
            case "#" where rest.first.map(isWordCharacter) == true && rest.drop(while: isWordCharacter).first == ";":
                out += code(c)
            case "\\" where rest.first == "n":
                out += code(c)
            case "<" where rest.prefix(2).map { $0.lowercased() }.joined() == "br":
                out += code(c)
            case "*" where stars == .all || (stars == .ends && (k == 0 || k == characters.count - 1)):
                out += code(c)
            case "\"" where placement == .quoted:
                out += code(c)
            case "`" where placement == .quoted && k == 0:
                out += code(c)
            case "\r", "\u{2028}", "\u{2029}", "\u{85}":
                out += code(c)
            default:
                if placement == .bare && "()[]{}".contains(c) { out += code(c) } else { out.append(c) }
            }
        }
        return out
    }

    /// A plain node's line: what would read as something else at its ends written as codes.
    private static func guardedBare(_ text: String) -> String {
        guard !text.isEmpty else { return "#32;" }
        var characters = Array(text).map(String.init)
        if let first = characters.first?.first, first.isWhitespace || first == ":" || text.hasPrefix("%%") || headerRest(text[...]) != nil {
            characters[0] = code(first)
        }
        if characters.count > 1, let last = characters.last?.first, last.isWhitespace { characters[characters.count - 1] = code(last) }
        return characters.joined()
    }

    /// A character as Mermaid's entity code: `#40;` is `(`.
    private static func code(_ c: Character) -> String {
        c.unicodeScalars.map { "#\($0.value);" }.joined()
    }

    /// Whether a kept id can be written before a shape and read back as it is.
    private static func isUsableID(_ id: String) -> Bool {
        !id.contains { "()[]{}\"".contains($0) || $0.isNewline } && id.first?.isWhitespace != true && !id.hasPrefix(":")
            && !id.hasPrefix("%%") && headerRest(id[...]) == nil
    }

    /// What the map had that a Mermaid mind map keeps no place for.
    private static func warnings(for document: Document, lostIcons: Int) -> [String] {
        var warnings = ExportLosses.warnings(for: document, format: formatName)
        func count(_ what: (Node) -> Bool) -> Int { document.nodes.reduce(0) { $0 + (what($1) ? 1 : 0) } }
        func nodes(_ n: Int) -> String { n == 1 ? "1 node" : "\(n) nodes" }
        let notes = count { !$0.note.isEmpty }
        if notes > 0 { warnings.append("\(formatName) has no notes: the notes of \(nodes(notes)) were left out") }
        let links = count { $0.link != nil }
        if links > 0 { warnings.append("\(formatName) mind maps have no links: the links of \(nodes(links)) were left out") }
        let pictures = count { $0.image != nil }
        if pictures > 0 { warnings.append("\(formatName) mind maps have no pictures: the pictures of \(nodes(pictures)) were left out") }
        let tables = count { !$0.attributes.isEmpty }
        if tables > 0 { warnings.append("\(formatName) has no attributes: the attribute tables of \(nodes(tables)) were left out") }
        let looks = count { style in
            let s = style.style
            return s.textColor != nil || s.fillColor != nil || s.fontSize != nil || s.edgeColor != nil || s.edgeWidth != nil
                || s.edgeShape != nil || s.cloud != nil
        }
        if looks > 0 {
            warnings.append("\(formatName) takes colours from its theme: the colours, text sizes, branch lines and clouds of \(nodes(looks)) were left out")
        }
        let folds = count(\.folded)
        if folds > 0 { warnings.append("\(formatName) has no folds: \(folds) folded node\(folds == 1 ? " is" : "s are") written unfolded") }
        if lostIcons > 0 {
            warnings.append("\(formatName) shows Font Awesome icons: \(lostIcons) icon\(lostIcons == 1 ? "" : "s") with no match there \(lostIcons == 1 ? "was" : "were") left out")
        }
        return warnings + ExportLosses.taskWarnings(for: document, format: formatName)
    }

    // MARK: - Lines and errors

    /// A text's lines, without their line breaks (`\n` or `\r\n`), read one at a time.
    struct Lines {
        struct Line {
            let number: Int
            /// Where the line begins in the text.
            let start: String.Index
            let text: Substring

            /// The 1-based column of `index` in the line, counting bytes as parsers do.
            func column(of index: String.Index) -> Int { text.utf8.distance(from: text.startIndex, to: index) + 1 }
        }

        let text: Substring
        /// Where the next line begins, and its number.
        private(set) var position: String.Index
        private(set) var number: Int

        init(_ text: Substring, firstLine: Int) {
            self.text = text
            position = text.startIndex
            number = firstLine
        }

        mutating func next() -> Line? {
            guard position < text.endIndex else { return nil }
            let utf8 = text.utf8
            let newline = utf8[position...].firstIndex(of: 10) ?? text.endIndex
            var end = newline
            if end > position, utf8[utf8.index(before: end)] == 13 { end = utf8.index(before: end) }
            let line = Line(number: number, start: position, text: text[position..<end])
            position = newline == text.endIndex ? newline : utf8.index(after: newline)
            number += 1
            return line
        }
    }

    private static func checkLength(_ line: Lines.Line) throws(FormatError) {
        let bytes = line.text.utf8.count
        guard bytes <= longestLine else {
            throw malformed(line.number, longestLine + 1, "the line is \(bytes.grouped) bytes long; a line of a Mermaid mind map "
                + "is at most \(longestLine.grouped) (is this a Mermaid file?)")
        }
    }

    static func malformed(_ line: Int, _ column: Int, _ detail: String) -> FormatError {
        FormatError(format: formatName, reason: .malformed(line: line, column: column, detail: detail))
    }

    /// The first words of a line or text, to name it in a message.
    static func snippet(_ text: Substring) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
    }

    /// The 1-based line and column (in bytes) of a byte offset.
    private static func place(ofByte offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(offset)
        let lineStart = before.lastIndex(of: 10).map { $0 + 1 } ?? data.startIndex
        return (before.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }, offset - (lineStart - data.startIndex) + 1)
    }
}

extension Substring {
    /// Without whitespace at either end.
    fileprivate var trimmed: Substring { drop { $0.isWhitespace }.trimmedEnd }

    /// Without whitespace at the end.
    fileprivate var trimmedEnd: Substring {
        var text = self
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return text
    }
}
