import Foundation

/// Markdown outlines: headings and nested bullet lists, as markmap, Obsidian and most outliners
/// read and write them.
///
/// Export: the root is `# text`, first-level nodes `## text`, deeper nodes `- text` bullets
/// indented two spaces a level. A note follows its node as plain lines (indented under a
/// bullet) after a blank line. A link is written `[text](url)`. A line break inside a node's
/// text is `<br>`. A task is a GitHub task-list item, `- [ ] text` (open) or `- [x] text` (done);
/// only list items carry a box, so a task written as a heading loses it, and export says so.
/// Import reads the same and more: any heading levels, `*`/`+`/`1.` bullets, tab indents, and
/// lines that go on with a bullet's text without a blank line between, indented or not (lazy
/// continuation), as part of that text: `- first\nsecond` is the node `first⏎second`.
/// Markdown has no folds, free links or free-standing nodes: export says what it leaves out.
public enum MarkdownFormat {
    public static let formatName = "Markdown"

    public static func decode(_ data: Data) throws(FormatError) -> FreeMindFormat.Imported {
        guard let text = String(data: data, encoding: .utf8) else {
            throw FormatError(format: formatName, reason: .malformed(line: 0, column: 0, detail: "the file is not UTF-8 text"))
        }
        struct Item {
            var level: Double
            var text: String
            var note: [String] = []
            var children: [Int] = []
            var parent: Int?
        }
        var items: [Item] = []
        // Open items by nesting level: headings are levels 1–6, bullets 10 + indent.
        var open: [(level: Double, index: Int)] = []
        var inFence = false
        var lastItem: Int?
        // The bullet item whose first paragraph the next line may continue: CommonMark's
        // paragraph continuation, lazy (not indented, as WiseMapping writes it) or not.
        var openParagraph: Int?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                openParagraph = nil
                if let lastItem { items[lastItem].note.append(trimmed) }
                continue
            }
            var level: Double?
            var content = ""
            if !inFence, let heading = headingLevel(trimmed), line.first == "#" {
                level = Double(heading)
                content = String(trimmed.drop { $0 == "#" }).trimmingCharacters(in: .whitespaces)
                content = String(content.reversed().drop { $0 == "#" }.reversed()).trimmingCharacters(in: .whitespaces)
            } else if !inFence, let (indent, rest) = bullet(line) {
                level = 10 + indent
                content = rest
            }
            guard let level else {
                // A line right under a bullet's text goes on with it, as CommonMark reads it (a
                // soft line break, kept as a line break of the node's text); a blank line ends it.
                if let open = openParagraph, !inFence, !trimmed.isEmpty, !interruptsParagraph(trimmed) {
                    items[open].text += "\n" + trimmed
                    continue
                }
                openParagraph = nil
                // Plain text after that: a note line of the item it follows (blank lines kept inside notes).
                if let lastItem, !(trimmed.isEmpty && items[lastItem].note.isEmpty) {
                    items[lastItem].note.append(inFence ? trimmed : unescapeNoteLine(trimmed))
                }
                continue
            }
            while let top = open.last, top.level >= level { open.removeLast() }
            let index = items.count
            items.append(Item(level: level, text: content, parent: open.last?.index))
            if let parent = open.last?.index { items[parent].children.append(index) }
            open.append((level, index))
            lastItem = index
            openParagraph = level >= 10 ? index : nil
        }
        guard !items.isEmpty else {
            throw FormatError(format: formatName, reason: .notAMap(detail: "no headings or bullet items"))
        }
        let tops = items.indices.filter { items[$0].parent == nil }
        let single = tops.count == 1
        var document = MapBuilder(rootText: single ? items[tops[0]].text : "Untitled")
        var idByItem: [Int: NodeID] = [:]
        var stack: [Int] = single ? [tops[0]] : tops.reversed()
        while let index = stack.popLast() {
            let item = items[index]
            let id: NodeID
            if single && index == tops[0] {
                id = document.rootID
            } else {
                let parent = item.parent.flatMap { idByItem[$0] } ?? document.rootID
                guard let added = document.addChild(of: parent, text: item.text, at: .zero) else { continue }
                id = added
            }
            idByItem[index] = id
            // why: only a list item has a box; `## [ ] x` is a heading whose words begin so.
            let (task, content) = item.level >= 10 ? checkbox(item.text) : (nil, item.text)
            var (nodeText, link) = splitLink(content)
            nodeText = nodeText.replacingOccurrences(of: "<br>", with: "\n")
            var note = item.note
            while note.last?.isEmpty == true { note.removeLast() }
            document.modify(id) { node in
                node.text = nodeText
                node.link = link
                node.note = note.joined(separator: "\n")
                if let task {
                    var details = node.details
                    details.setTask(task)
                    node.details = details
                }
            }
            for child in item.children.reversed() { stack.append(child) }
        }
        document.needsLayout = true
        document.layoutMode = .tree
        return FreeMindFormat.Imported(document: document.build(), warnings: [])
    }

    static func headingLevel(_ line: String) -> Int? {
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let rest = line.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " ? hashes : nil
    }

    /// Lines that start a block of their own instead of going on with a paragraph: a heading, a
    /// fence, a quote, a thematic break (`---`, `* * *`). Bullets are matched before this is asked.
    static func interruptsParagraph(_ trimmed: String) -> Bool {
        if headingLevel(trimmed) != nil || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") || trimmed.hasPrefix(">") { return true }
        let marks = trimmed.filter { $0 != " " && $0 != "\t" }
        guard let first = marks.first, "-*_".contains(first), marks.count >= 3 else { return false }
        return marks.allSatisfy { $0 == first }
    }

    /// A bullet line's indent (in two-space steps; a tab is one step) and its text.
    static func bullet(_ line: String) -> (Double, String)? {
        var spaces = 0
        var rest = Substring(line)
        while let c = rest.first, c == " " || c == "\t" {
            spaces += c == "\t" ? 2 : 1
            rest = rest.dropFirst()
        }
        if let marker = rest.first, "-*+".contains(marker), rest.dropFirst().first == " " {
            return (Double(spaces) / 2, String(rest.dropFirst(2)).trimmingCharacters(in: .whitespaces))
        }
        let digits = rest.prefix { $0.isNumber }
        if !digits.isEmpty, digits.count <= 9 {
            let after = rest.dropFirst(digits.count)
            if let mark = after.first, mark == "." || mark == ")", after.dropFirst().first == " " {
                return (Double(spaces) / 2, String(after.dropFirst(2)).trimmingCharacters(in: .whitespaces))
            }
        }
        return nil
    }

    /// A list item's task box and the text after it: `[ ] text` is open, `[x] text` (or `[X]`)
    /// done. A box escaped by export (`\\[ ] text`, a node whose words begin like a box) loses
    /// one backslash and is no box.
    static func checkbox(_ text: String) -> (TaskState?, String) {
        if let mark = boxMark(text[...]) {
            return (mark == " " ? .open : .done, String(text.dropFirst(3).drop { $0 == " " || $0 == "\t" }))
        }
        let backslashes = text.prefix { $0 == "\\" }.count
        if backslashes > 0, boxMark(text.dropFirst(backslashes)) != nil { return (nil, String(text.dropFirst())) }
        return (nil, text)
    }

    /// The mark in a box at the start of `text` (`[ ]`, `[x]`, `[X]`, then a space or the end).
    private static func boxMark(_ text: Substring) -> Character? {
        let head = Array(text.prefix(4))
        guard head.count >= 3, head[0] == "[", head[2] == "]", " xX".contains(head[1]),
              head.count == 3 || head[3] == " " || head[3] == "\t" else { return nil }
        return head[1]
    }

    /// `[text](url)` as a whole item is a node with a link.
    static func splitLink(_ text: String) -> (String, String?) {
        guard text.hasPrefix("["), text.hasSuffix(")"), let middle = text.range(of: "](", options: .backwards) else { return (text, nil) }
        let label = String(text[text.index(after: text.startIndex)..<middle.lowerBound])
        let url = String(text[middle.upperBound..<text.index(before: text.endIndex)])
        guard !url.contains(" ") else { return (text, nil) }
        return (label, url)
    }

    public static func encode(_ document: Document) -> (data: Data, warnings: [String]) {
        let children = document.childrenByParent()
        var out = ""
        var stack: [(NodeID, Int)] = [(document.rootID, 0)]
        while let (id, depth) = stack.popLast() {
            guard let node = document.node(id) else { continue }
            var text = node.text.replacingOccurrences(of: "\n", with: "<br>")
            if let link = node.link { text = "[\(text)](\(link))" }
            let noteIndent: String
            switch depth {
            case 0:
                out += "# \(text)\n"
                noteIndent = ""
            case 1:
                out += "\n## \(text)\n"
                noteIndent = ""
            default:
                let indent = String(repeating: "  ", count: depth - 2)
                if depth == 2, out.hasSuffix("\n"), !out.hasSuffix("\n\n"), lastWasHeading(out) { out += "\n" }
                out += "\(indent)- \(boxed(text, node.task))\n"
                noteIndent = indent + "  "
            }
            if !node.note.isEmpty {
                // why: a blank line first, also under a bullet: a line right under the bullet
                // would go on with its text (CommonMark's paragraph continuation).
                out += "\n"
                for line in node.note.split(separator: "\n", omittingEmptySubsequences: false) {
                    out += line.isEmpty ? "\n" : "\(noteIndent)\(escapeNoteLine(String(line)))\n"
                }
                if depth < 2 { out += "\n" }
            }
            for kid in (children[id] ?? []).reversed() { stack.append((kid, depth + 1)) }
        }
        var warnings = ExportLosses.warnings(for: document, format: formatName)
        let folds = document.nodes.filter(\.folded).count
        if folds > 0 { warnings.append("Markdown has no folds: \(folds) folded node\(folds == 1 ? " is" : "s are") written unfolded") }
        // The root and the first level are headings, which carry no box.
        let n = ([document.rootID] + (children[document.rootID] ?? [])).filter { document.node($0)?.task != nil }.count
        if n > 0 { warnings.append("Markdown has task boxes only on list items: \(n) task\(n == 1 ? "" : "s") written as a heading lost the box") }
        warnings += ExportLosses.taskWarnings(for: document, format: formatName)
        return (Data(out.utf8), warnings)
    }

    /// A list item's text with its task box, or, for a node that is no task, escaped where its
    /// words would read back as a box (`[x] done?` is written `\\[x] done?`).
    static func boxed(_ text: String, _ task: TaskState?) -> String {
        if let task { return (task == .done ? "[x] " : "[ ] ") + text }
        return boxMark(text.drop { $0 == "\\" }) != nil ? "\\" + text : text
    }

    /// A note line that would read back as a heading, bullet or fence gets a CommonMark escape
    /// (`\\# x`, `\\- x`, `1\\. x`), so notes never turn into nodes.
    static func escapeNoteLine(_ line: String) -> String {
        let lead = line.prefix { $0 == " " || $0 == "\t" }
        let body = line.dropFirst(lead.count)
        let trimmed = String(body)
        if headingLevel(trimmed) != nil || trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") || trimmed.hasPrefix("\\") {
            return lead + "\\" + body
        }
        if bullet(trimmed) != nil {
            if let first = body.first, "-*+".contains(first) { return lead + "\\" + body }
            let digits = body.prefix { $0.isNumber }
            return lead + digits + "\\" + body.dropFirst(digits.count)
        }
        return line
    }

    static func unescapeNoteLine(_ line: String) -> String {
        if line.hasPrefix("\\"), let next = line.dropFirst().first, "#-*+`~\\".contains(next) { return String(line.dropFirst()) }
        let digits = line.prefix { $0.isNumber }
        if !digits.isEmpty, line.dropFirst(digits.count).hasPrefix("\\"),
           let mark = line.dropFirst(digits.count + 1).first, mark == "." || mark == ")" {
            return String(digits + line.dropFirst(digits.count + 1))
        }
        return line
    }

    private static func lastWasHeading(_ out: String) -> Bool {
        let lines = out.split(separator: "\n", omittingEmptySubsequences: true)
        return lines.last?.hasPrefix("#") == true
    }
}
