import Foundation

/// What a filter keeps: every condition set must hold (they combine); an empty filter keeps all.
///
/// `MapFilter(tags: ["urgent"], done: false)` keeps the open tasks tagged `urgent`; the nodes it
/// keeps, with the path from each up to the root, are what `Document.filtered(by:)` shows.
public struct MapFilter: Equatable, Hashable, Sendable, Codable {
    /// The node carries every one of them (as written: tags are compared exactly, as Freeplane does).
    public var tags: [String] = []
    /// A priority of 1...N (1 is highest); nodes without one fail.
    public var priorityAtMost: Int? = nil
    /// Tasks that are done (true) or not done (false); non-tasks fail when set.
    public var done: Bool? = nil
    /// Due on or before that day; nodes without a due day fail.
    public var dueBefore: CalendarDay? = nil
    /// In its text or its note, ignoring case and diacritics (as search does), and the spaces
    /// around it: only spaces is no condition.
    public var text: String = ""

    public init(tags: [String] = [], priorityAtMost: Int? = nil, done: Bool? = nil, dueBefore: CalendarDay? = nil,
                text: String = "") {
        self.tags = tags
        self.priorityAtMost = priorityAtMost
        self.done = done
        self.dueBefore = dueBefore
        self.text = text
    }

    /// A saved filter reads back whatever conditions it was written with: one written before a
    /// condition existed simply lacks it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        tags = try c.decodeIfPresent([String].self, forKey: .tags) ?? []
        priorityAtMost = try c.decodeIfPresent(Int.self, forKey: .priorityAtMost)
        done = try c.decodeIfPresent(Bool.self, forKey: .done)
        dueBefore = try c.decodeIfPresent(CalendarDay.self, forKey: .dueBefore)
        text = try c.decodeIfPresent(String.self, forKey: .text) ?? ""
    }

    /// The text as it is matched.
    var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// No condition is set: everything is kept.
    public var isEmpty: Bool {
        tags.isEmpty && priorityAtMost == nil && done == nil && dueBefore == nil && trimmedText.isEmpty
    }

    /// A short description for the bar and saved filters:
    /// `#urgent · priority ≤ 2 · not done · due by 12 Dec 2026 · “plan”`; "All nodes" when empty.
    public var summary: String {
        var parts: [String] = []
        if !tags.isEmpty { parts.append(tags.map { "#" + $0 }.joined(separator: " ")) }
        if let priorityAtMost { parts.append(priorityAtMost == 1 ? "priority 1" : "priority ≤ \(priorityAtMost)") }
        if let done { parts.append(done ? "done" : "not done") }
        // why: always with the year: a saved filter is read in later years too.
        if let dueBefore { parts.append("due by \(dueBefore.day) \(CalendarDay.monthNames[dueBefore.month - 1]) \(dueBefore.year)") }
        let text = trimmedText
        if !text.isEmpty { parts.append("“\(text)”") }
        return parts.isEmpty ? "All nodes" : parts.joined(separator: " · ")
    }

    /// Whether the node meets every condition set. To filter a whole map use
    /// `Document.filtered(by:)`, which prepares the conditions once rather than for each node.
    public func matches(_ node: Node) -> Bool {
        var scratch: [UInt8] = []
        return FilterMatcher(self).matches(node, foldedKey: nil, scratch: &scratch)
    }
}

/// Which nodes a filter shows on one revision of a document: matches, and their ancestors to keep
/// the path. The root is always shown.
public struct FilterResult: Sendable, Equatable {
    public let filter: MapFilter
    /// `document.revision` it was worked out on: a result for another revision is out of date.
    public let revision: UInt64
    /// By node index: a match or an ancestor of one.
    public let shown: [Bool]
    /// By node index: a match itself.
    public let matched: [Bool]
    public let matchCount: Int

    /// Whether the node at `index` in `document.nodes` is shown; false past the end.
    public func isShown(nodeAt index: Int) -> Bool {
        shown.indices.contains(index) && shown[index]
    }
}

/// The texts and notes a filter cannot fold cheaply, folded (lower case, no accents), by node index.
///
/// A filter compares ASCII in place and folds most other text a character at a time from a table
/// (`CharacterFolding`: Latin, Greek, Cyrillic, kana, CJK, Hangul), neither of which this keeps.
/// What is left goes through Foundation, ~1.3 µs a node: accents typed as combining marks, and
/// scripts beyond the table. A map full of those would take 100 ms or more at 100,000 nodes.
///
/// A derived value of one document at one `textRevision`, and optional: most maps keep nothing in
/// it. Keep one beside the document while its `textRevision` holds and pass it to
/// `filtered(by:using:)`; one of another revision is ignored, not trusted.
public struct FilterTextIndex: Sendable {
    /// The document's `textRevision` it was made from.
    public let textRevision: UInt64
    let nodeCount: Int
    let rootID: NodeID
    /// By node index: text and note folded and joined by a newline, or nil when neither needs
    /// Foundation.
    let keys: [String?]
    /// How many nodes needed Foundation (a map without any can do without the index).
    public let foldedCount: Int

    public init(_ document: Document) {
        textRevision = document.textRevision
        nodeCount = document.nodes.count
        rootID = document.rootID
        let nodes = document.nodes
        var scratch: [UInt8] = []
        func isCheap(_ text: String) -> Bool {
            FilterMatcher.isASCII(text) || CharacterFolding.shared.fold(text, into: &scratch)
        }
        var folded = 0
        keys = nodes.indices.map { i in
            let text = nodes[i].text, note = nodes[i].note
            guard !(isCheap(text) && isCheap(note)) else { return nil }
            folded += 1
            return SearchIndex.key(note.isEmpty ? text : text + "\n" + note)
        }
        foldedCount = folded
    }

    /// Made from this document as it is now (its text revision, node count and root agree).
    public func isCurrent(for document: Document) -> Bool {
        textRevision == document.textRevision && nodeCount == document.nodes.count && rootID == document.rootID
    }
}

extension Document {
    /// The nodes `filter` shows: each match and every node on its path up to its top (the root,
    /// or a free node's top). One pass over the nodes, one over the tree edges, and a walk up from
    /// each match that stops at a node already shown, so O(n) however many match.
    public func filtered(by filter: MapFilter) -> FilterResult {
        filtered(by: filter, using: nil)
    }

    /// As `filtered(by:)`, with the texts Foundation must fold kept folded for this document
    /// (`FilterTextIndex`): the same result, sooner on a map of such texts. An index that is not
    /// current is ignored.
    public func filtered(by filter: MapFilter, using textIndex: FilterTextIndex?) -> FilterResult {
        let count = nodes.count
        let matcher = FilterMatcher(filter)
        guard !matcher.keepsAll else {
            let all = [Bool](repeating: true, count: count)
            return FilterResult(filter: filter, revision: revision, shown: all, matched: all, matchCount: count)
        }
        let keys = textIndex.flatMap { $0.isCurrent(for: self) ? $0.keys : nil }
        var matched = [Bool](repeating: false, count: count)
        var matchCount = 0
        // why: one buffer for every text folded, not an array a node.
        var scratch: [UInt8] = []
        for i in 0..<count where matcher.matches(nodes[i], foldedKey: keys?[i], scratch: &scratch) {
            matched[i] = true
            matchCount += 1
        }
        var shown = matched
        if let root = index(of: rootID) { shown[root] = true }
        if matchCount > 0 {
            let parents = parentIndices()
            for i in 0..<count where matched[i] {
                var p = parents[i]
                while p >= 0, !shown[Int(p)] {
                    shown[Int(p)] = true
                    p = parents[Int(p)]
                }
            }
        }
        return FilterResult(filter: filter, revision: revision, shown: shown, matched: matched, matchCount: matchCount)
    }

    /// Each node's parent by index, -1 for the root and free nodes. why: walking up by index
    /// costs one array read a step, where `parentByChild` and `indexByID` cost two hash lookups.
    func parentIndices() -> [Int32] {
        var parents = [Int32](repeating: -1, count: nodes.count)
        for e in edges.indices where edges[e].kind == .tree {
            let ends = edgeEnds[e]
            parents[Int(ends.to)] = ends.from
        }
        return parents
    }
}

/// A filter made ready to test many nodes: the text folded once, to bytes.
struct FilterMatcher {
    let tags: [String]
    let priorityAtMost: Int?
    let task: TaskState?
    let dueBefore: CalendarDay?
    /// The text folded as search folds it (`SearchIndex.key`), as UTF-8; empty: no text condition.
    let needle: [UInt8]
    let needleIsASCII: Bool

    init(_ filter: MapFilter) {
        tags = filter.tags
        priorityAtMost = filter.priorityAtMost
        task = filter.done.map { $0 ? .done : .open }
        dueBefore = filter.dueBefore
        needle = Array(SearchIndex.key(filter.trimmedText).utf8)
        needleIsASCII = needle.allSatisfy { $0 < 0x80 }
    }

    var keepsAll: Bool { tags.isEmpty && priorityAtMost == nil && task == nil && dueBefore == nil && needle.isEmpty }

    /// Every condition, the cheap ones first: most nodes of a big map have no tags, day or icons,
    /// so they fail before their text is read. `foldedKey` is the node's `FilterTextIndex` key;
    /// `scratch` a buffer to fold into, kept from node to node.
    func matches(_ node: Node, foldedKey: String?, scratch: inout [UInt8]) -> Bool {
        if !tags.isEmpty {
            let carried = node.tags
            guard carried.count >= tags.count, tags.allSatisfy({ carried.contains($0) }) else { return false }
        }
        if let dueBefore {
            guard let due = node.due, due <= dueBefore else { return false }
        }
        if let task, node.task != task { return false }
        if let priorityAtMost {
            guard let priority = node.priority, priority <= priorityAtMost else { return false }
        }
        return needle.isEmpty || textMatches(node, foldedKey: foldedKey, scratch: &scratch)
    }

    /// The needle in the node's text or note. ASCII is compared in place; only a text with other
    /// characters needs folding (ß, ﬁ and accents fold to other letters): from the table, else
    /// the index's key, else Foundation.
    func textMatches(_ node: Node, foldedKey: String?, scratch: inout [UInt8]) -> Bool {
        let inText = scan(node.text)
        if inText == .found { return true }
        let note = node.note
        let inNote = note.isEmpty ? .absent : scan(note)
        if inNote == .found { return true }
        return (inText == .unsure && foldedContains(node.text, foldedKey: foldedKey, scratch: &scratch))
            || (inNote == .unsure && foldedContains(note, foldedKey: foldedKey, scratch: &scratch))
    }

    /// The needle in `field` folded.
    func foldedContains(_ field: String, foldedKey: String?, scratch: inout [UInt8]) -> Bool {
        if CharacterFolding.shared.fold(field, into: &scratch) { return Self.contains(scratch, needle) }
        if let foldedKey { return SearchIndex.bytes(foldedKey, contain: needle) }
        return SearchIndex.bytes(SearchIndex.key(field), contain: needle)
    }

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first else { return true }
        guard haystack.count >= needle.count else { return false }
        for i in 0...(haystack.count - needle.count) where haystack[i] == first {
            var k = 1
            while k < needle.count, haystack[i + k] == needle[k] { k += 1 }
            if k == needle.count { return true }
        }
        return false
    }

    enum Scan { case found, absent, unsure }

    /// Looks for the needle in `text`'s bytes, lowering ASCII capitals. Found among ASCII bytes it
    /// is in the folded text too (folding leaves ASCII letters lowered and only drops marks after
    /// them); not found, it is absent only if the text is all ASCII, else folding must decide.
    func scan(_ text: String) -> Scan {
        let result = text.utf8.withContiguousStorageIfAvailable { bytes -> Scan in
            let n = bytes.count, m = needle.count
            guard needleIsASCII, m <= n, let first = needle.first else {
                // A needle with other characters is never in ASCII text.
                return bytes.contains { $0 >= 0x80 } ? .unsure : .absent
            }
            var nonASCII = false
            let last = n - m
            var i = 0
            while i < n {
                let b = bytes[i]
                if b >= 0x80 {
                    nonASCII = true
                } else if i <= last, Self.lowered(b) == first {
                    var k = 1
                    while k < m, Self.lowered(bytes[i + k]) == needle[k] { k += 1 }
                    if k == m { return .found }
                }
                i += 1
            }
            return nonASCII ? .unsure : .absent
        }
        // why: a string not stored as UTF-8 (bridged) is left to folding.
        return result ?? .unsure
    }

    @inline(__always)
    static func lowered(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in !bytes.contains { $0 >= 0x80 } } ?? text.utf8.allSatisfy { $0 < 0x80 }
    }
}
