/// Subtrees as an indented text outline: what Copy puts on the clipboard and Paste reads back.
///
/// One node a line, one tab per level, so a copy pastes sensibly into a text editor, an email
/// or another mind-mapper (Freeplane, XMind and Minder all paste indented text as a tree), and
/// indented text from them pastes back as nodes. Reading accepts tabs or spaces, and strips
/// list bullets (`- `, `* `, `+ `, `• `) when every line has one.
public enum OutlineText {
    public struct Item: Equatable, Sendable {
        public var text: String
        public var depth: Int

        public init(text: String, depth: Int) {
            self.text = text
            self.depth = depth
        }
    }

    /// Each root's subtree in order, parents before children. A node's line breaks become
    /// spaces: a line is a node.
    public static func encode(_ roots: [NodeID], in document: Document) -> String {
        var lines: [String] = []
        let children = document.childrenByParent()
        for root in roots {
            var stack: [(NodeID, Int)] = [(root, 0)]
            while let (id, depth) = stack.popLast() {
                guard let node = document.node(id) else { continue }
                let text = node.text.split(whereSeparator: \.isNewline).joined(separator: " ")
                lines.append(String(repeating: "\t", count: depth) + text)
                for child in (children[id] ?? []).reversed() { stack.append((child, depth + 1)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The items of an indented outline; a line's depth is one more than the nearest line above
    /// it that is indented less. Blank lines are skipped.
    public static func parse(_ text: String) -> [Item] {
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            .filter { !$0.allSatisfy(\.isWhitespace) }
        let bullets = ["- ", "* ", "+ ", "• "]
        let bulleted = !lines.isEmpty && lines.allSatisfy { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return bullets.contains { trimmed.hasPrefix($0) }
        }
        var items: [Item] = []
        var indents: [Int] = []
        for line in lines {
            var indent = 0
            for character in line {
                if character == "\t" { indent += 4 - indent % 4 } else if character == " " { indent += 1 } else { break }
            }
            var content = line.drop { $0 == " " || $0 == "\t" }
            if bulleted { content = content.dropFirst(2) }
            while let last = indents.last, last >= indent { indents.removeLast() }
            items.append(Item(text: content.trimmingCharacters(in: .whitespaces), depth: indents.count))
            indents.append(indent)
        }
        return items
    }
}
