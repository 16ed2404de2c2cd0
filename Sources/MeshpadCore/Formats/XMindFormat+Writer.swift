import Foundation

extension XMindFormat {
    /// Writes a map as an XMind Zen file: `content.json` (one sheet), `metadata.json`,
    /// `manifest.json`, the pictures and attachments under `resources/`, and the stub
    /// `content.xml` XMind writes for XMind 8.
    ///
    /// The root is the sheet's root topic, children its attached topics, free-standing nodes
    /// detached (floating) topics placed where they are from the root, links relationships,
    /// notes plain text (and `realHTML`), tags labels, icons markers (`XMindMarkers`, and
    /// `iconByMarker` backwards), links `href`, summaries summaries, clouds boundaries. A node
    /// read from an XMind file starts from the topic's kept JSON (`XMindKept`): each part the
    /// person did not change is written as it came.
    struct ZenWriter {
        private let document: Document
        private let kept: XMindKept
        private let children: [NodeID: [NodeID]]
        private let ids: [NodeID: String]
        /// The node each kept topic record is used for (the first with that XMind ID).
        private let recordOwner: [String: NodeID]
        private let freeTops: [NodeID]
        private var resources: [(name: String, data: Data)] = []
        private var droppedIcons = Set<String>()
        private var missingPictures: [String] = []
        private var unwrittenClouds = 0

        init(_ document: Document) {
            self.document = document
            kept = XMindKept(document) ?? XMindKept()
            children = document.childrenByParent()
            freeTops = document.nodes.map(\.id).filter { $0 != document.rootID && document.parent(of: $0) == nil }
            var ids: [NodeID: String] = [:]
            var used = Set<String>()
            var owners: [String: NodeID] = [:]
            for node in document.nodes {
                guard let source = node.sourceID, FreeMindFormat.isIDToken(source, letterFirst: false), !used.contains(source) else { continue }
                ids[node.id] = source
                used.insert(source)
                owners[source] = node.id
            }
            for node in document.nodes where ids[node.id] == nil {
                var candidate = "meshpad-\(node.id)"
                while used.contains(candidate) { candidate += "-" }
                ids[node.id] = candidate
                used.insert(candidate)
            }
            self.ids = ids
            recordOwner = owners
        }

        mutating func write() throws(FormatError) -> (data: Data, warnings: [String]) {
            let depth = deepestLevel()
            guard depth <= deepestTopics else {
                throw FormatError(format: formatName, reason: .unwritable(
                    detail: "the map is \(depth) levels deep; an XMind file here holds at most \(deepestTopics) (XMind's JSON would be nested too deep to read)"))
            }
            var sheet = kept.sheet ?? ["id": "meshpad-sheet", "class": "sheet", "title": "Map 1"]
            if sheet["title"] as? String == nil { sheet["title"] = "Map 1" }
            var root = topic(document.rootID)
            if kept.topics[ids[document.rootID] ?? ""] == nil {
                root["class"] = "topic"
                root["structureClass"] = "org.xmind.ui.map.unbalanced"
            }
            sheet["rootTopic"] = root
            let relationships = self.relationships()
            sheet["relationships"] = relationships.isEmpty ? nil : relationships
            for case let href? in document.nodes.map(\.link) where href.hasPrefix("xap:") {
                let name = String(href.dropFirst(4))
                if let bytes = kept.attachments[name] { addResource(name, bytes) }
            }
            // A workbook's other sheets go back as they were read, with their pictures.
            var sheets: [Any] = [sheet]
            if var workbook = kept.workbook, workbook.indices.contains(kept.sheetIndex) {
                workbook[kept.sheetIndex] = sheet
                sheets = workbook
            }
            if kept.keepsAllAttachments {
                for name in kept.attachments.keys.sorted() where !resources.contains(where: { $0.name == name }) {
                    if let bytes = kept.attachments[name] { addResource(name, bytes) }
                }
            }
            guard let content = json(sheets) else {
                throw FormatError(format: formatName, reason: .unwritable(detail: "the map could not be made into JSON"))
            }
            let metadata = json(kept.metadata ?? ["creator": ["name": "Meshpad", "version": "1"]]) ?? Data("{}".utf8)
            var entries: [(name: String, data: Data)] = [("content.json", content), ("metadata.json", metadata)]
            entries += resources
            var fileEntries: [String: Any] = [:]
            for entry in entries { fileEntries[entry.name] = [String: Any]() }
            entries.insert(("manifest.json", json(["file-entries": fileEntries]) ?? Data("{}".utf8)), at: 2)
            entries.append(("content.xml", Data(stubXML(title: sheet["title"] as? String ?? "Map 1").utf8)))
            return (try ZipArchive.write(entries, format: formatName), warnings())
        }

        // MARK: - Topics

        /// The topic of node `id` and its subtree. Recursive: `write` has checked the depth.
        private mutating func topic(_ id: NodeID) -> [String: Any] {
            guard let node = document.node(id), let topicID = ids[id] else { return [:] }
            let record = node.sourceID.flatMap { recordOwner[$0] == id ? kept.topics[$0] : nil }
            var object = record?["json"] as? [String: Any] ?? [:]
            let read = record?["read"] as? [String: Any]
            object["id"] = topicID
            object["title"] = node.text
            // XMind marks a topic whose words are still its placeholder ("Main Topic"): words
            // written in Meshpad are the person's own.
            if let said = read?["title"] as? String, said != node.text { object["titleUnedited"] = nil }

            if read?["note"] as? String != node.note || object["notes"] == nil {
                object["notes"] = node.note.isEmpty ? nil
                    : ["plain": ["content": node.note], "realHTML": ["content": Self.html(node.note)]]
            }
            if read?["link"] as? String != node.link || read == nil {
                object["href"] = node.link.map(href)
            }
            if read?["tags"] as? [String] != node.tags || read == nil {
                object["labels"] = node.tags.isEmpty ? nil : node.tags
            }
            if read?["icons"] as? [String] != node.icons || read == nil {
                let original = (object["markers"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["markerId"] as? String }
                let (markers, left) = XMindFormat.markers(forIcons: node.icons, original: original)
                droppedIcons.formUnion(left)
                object["markers"] = markers.isEmpty ? nil : markers.map { ["markerId": $0] }
            }
            picture(of: node, read: read, into: &object)
            let kids = children[id] ?? []
            if node.folded && !kids.isEmpty { object["branch"] = "folded" } else if object["branch"] as? String == "folded" { object["branch"] = nil }
            if document.parent(of: id) == nil, id != document.rootID {
                let root = document.root.position
                object["position"] = ["x": node.position.x - root.x, "y": node.position.y - root.y]
            }

            // Children: summaries apart, and the summaries and boundaries over the attached ones.
            let groups = SummaryGrouping.groups(in: kids) { document.node($0)?.summaryMarks ?? [] }
            let summaryPlaces = Set(groups.map(\.summary))
            var attachedIndex: [Int: Int] = [:]
            var attached: [[String: Any]] = [], summaryTopics: [[String: Any]] = []
            for (place, kid) in kids.enumerated() {
                if summaryPlaces.contains(place) {
                    summaryTopics.append(topic(kid))
                } else {
                    attachedIndex[place] = attached.count
                    attached.append(topic(kid))
                }
            }
            var childrenObject = object["children"] as? [String: Any] ?? [:]
            childrenObject["attached"] = attached.isEmpty ? nil : attached
            childrenObject["summary"] = summaryTopics.isEmpty ? nil : summaryTopics
            if id == document.rootID {
                let detached = freeTops.map { topic($0) }
                childrenObject["detached"] = detached.isEmpty ? nil : detached
            }
            object["children"] = childrenObject.isEmpty ? nil : childrenObject

            let keptSummaries = (object["summaries"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
            var summaries: [[String: Any]] = []
            for group in groups {
                guard let first = attachedIndex[group.members.lowerBound], let last = attachedIndex[group.members.upperBound - 1],
                      let summaryID = ids[kids[group.summary]] else { continue }
                let range = Span(first: first, last: last).text
                var summary = keptSummaries.first { $0["range"] as? String == range } ?? ["id": "\(summaryID)-summary"]
                summary["range"] = range
                summary["topicId"] = summaryID
                summaries.append(summary)
            }
            object["summaries"] = summaries.isEmpty ? nil : summaries

            var spans: [Span?] = []
            if node.style.cloud != nil, document.parent(of: id) == nil { spans.append(nil) }
            var run: Span?
            for (place, kid) in kids.enumerated() where document.node(kid)?.style.cloud != nil {
                guard let index = attachedIndex[place] else {
                    unwrittenClouds += 1
                    continue
                }
                if let open = run, open.last + 1 == index { run?.last = index; continue }
                if let open = run { spans.append(open) }
                run = Span(first: index, last: index)
            }
            if let run { spans.append(run) }
            let keptBoundaries = (object["boundaries"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
            let boundaries = spans.enumerated().map { number, span -> [String: Any] in
                let range = span?.text ?? "master"
                return keptBoundaries.first { $0["range"] as? String == range } ?? ["id": "\(topicID)-boundary-\(number)", "range": range]
            }
            object["boundaries"] = boundaries.isEmpty ? nil : boundaries
            return object
        }

        /// A node's picture as the topic's `image`, its bytes (from the map's embedded copy) in `resources/`.
        private mutating func picture(of node: Node, read: [String: Any]?, into object: inout [String: Any]) {
            guard let path = node.image else {
                object["image"] = nil
                return
            }
            guard let picture = document.embeddedPictures[path] else {
                missingPictures.append(path)
                object["image"] = nil
                return
            }
            var image = object["image"] as? [String: Any] ?? [:]
            let keptSource = image["src"] as? String
            let unchanged = read?["image"] as? String == path && keptSource?.hasPrefix("xap:") == true
            var name = unchanged ? String(keptSource?.dropFirst(4) ?? "") : ""
            if !unchanged {
                image = [:]
                name = path.hasPrefix("resources/") && ZipArchive.isSafe(path) ? path : "resources/" + picture.name
                if node.imageFound, node.imageSize.x > 0, node.imageSize.y > 0 {
                    image["width"] = node.imageSize.x
                    image["height"] = node.imageSize.y
                }
            }
            name = addResource(name, picture.bytes)
            image["src"] = "xap:" + name
            object["image"] = image
        }

        /// Adds an entry under `name` (or, if another picture has that name, a free variant); the name used.
        @discardableResult
        private mutating func addResource(_ name: String, _ bytes: Data) -> String {
            if let existing = resources.first(where: { $0.name == name }) {
                if existing.data == bytes { return name }
            } else {
                resources.append((name, bytes))
                return name
            }
            var number = 2
            let stem = (name as NSString).deletingPathExtension, suffix = (name as NSString).pathExtension
            while true {
                let candidate = "\(stem)-\(number)" + (suffix.isEmpty ? "" : ".\(suffix)")
                if let existing = resources.first(where: { $0.name == candidate }) {
                    if existing.data == bytes { return candidate }
                } else {
                    resources.append((candidate, bytes))
                    return candidate
                }
                number += 1
            }
        }

        /// A node's link as XMind's `href`: a link to a node of the map (`#ID`) as `xmind:#` and its topic ID.
        private func href(_ link: String) -> String {
            guard link.hasPrefix("#") else { return link }
            let wanted = String(link.dropFirst())
            guard let target = document.nodes.first(where: { $0.sourceID == wanted || $0.id.description == wanted }),
                  let id = ids[target.id] else { return link }
            return "xmind:#" + id
        }

        // MARK: - Relationships

        private func relationships() -> [[String: Any]] {
            var written: [[String: Any]] = []
            var usedKeys = Set<String>()
            for edge in document.edges where edge.kind == .link {
                guard let end1 = ids[edge.from], let end2 = ids[edge.to] else { continue }
                let key = "\(end1)>\(end2)"
                let record = usedKeys.contains(key) ? nil : kept.relationships[key]
                usedKeys.insert(key)
                var object = record?["json"] as? [String: Any] ?? [:]
                if object["id"] == nil { object["id"] = "meshpad-\(edge.id)" }
                object["end1Id"] = end1
                object["end2Id"] = end2
                if record == nil || record?["label"] as? String != edge.label || object["title"] == nil {
                    object["title"] = edge.label
                }
                written.append(object)
            }
            return written
        }

        // MARK: - What else a file needs

        /// The deepest level of any tree (the root and free-standing nodes are level 1).
        private func deepestLevel() -> Int {
            var deepest = 0
            var stack: [(NodeID, Int)] = ([document.rootID] + freeTops).map { ($0, 1) }
            while let (id, level) = stack.popLast() {
                deepest = max(deepest, level)
                for kid in children[id] ?? [] { stack.append((kid, level + 1)) }
            }
            return deepest
        }

        private func warnings() -> [String] {
            var warnings: [String] = []
            let nodes = document.nodes
            let styled = nodes.filter { node in
                var style = node.style
                style.cloud = nil
                return !style.isPlain
            }.count
            if styled > 0 { warnings.append("the colours, shapes and fonts of \(styled) node\(styled == 1 ? " are" : "s are") not written (XMind's theme applies)") }
            let withAttributes = nodes.filter { !$0.attributes.isEmpty }.count
            if withAttributes > 0 { warnings.append("the attributes of \(withAttributes) node\(withAttributes == 1 ? " are" : "s are") not written: XMind has none") }
            let due = nodes.filter { $0.due != nil }.count
            if due > 0 { warnings.append("the due days of \(due) node\(due == 1 ? " are" : "s are") not written") }
            if !droppedIcons.isEmpty {
                warnings.append("XMind has no marker for the icons \(droppedIcons.sorted().prefix(6).joined(separator: ", ")); they are not written")
            }
            if !missingPictures.isEmpty {
                warnings.append("\(missingPictures.count) picture\(missingPictures.count == 1 ? " is" : "s are") not inside the map, so not written (\(missingPictures.prefix(3).joined(separator: ", "))); save the map as .meshpad first to take them in")
            }
            let endLabels = document.edges.filter { $0.kind == .link && ($0.look.sourceLabel != nil || $0.look.targetLabel != nil) }.count
            if endLabels > 0 { warnings.append("the words at the ends of \(endLabels) link\(endLabels == 1 ? " are" : "s are") not written: a relationship has one title") }
            if unwrittenClouds > 0 { warnings.append("\(unwrittenClouds) cloud\(unwrittenClouds == 1 ? "" : "s") round a summary \(unwrittenClouds == 1 ? "is" : "are") not written") }
            return warnings
        }

        /// A note's lines as the simple HTML XMind 2020+ shows.
        static func html(_ note: String) -> String {
            note.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "<div><br></div>" : "<div>\(XMLText.escapeText(String($0)))</div>" }.joined()
        }

        /// The `content.xml` XMind Zen writes beside `content.json`: a map that tells XMind 8 to upgrade.
        private func stubXML(title: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8" standalone="no"?><xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0" \
            xmlns:fo="http://www.w3.org/1999/XSL/Format" xmlns:svg="http://www.w3.org/2000/svg" xmlns:xhtml="http://www.w3.org/1999/xhtml" \
            xmlns:xlink="http://www.w3.org/1999/xlink" version="2.0"><sheet id="meshpad-stub-sheet"><topic id="meshpad-stub-root" \
            structure-class="org.xmind.ui.logic.right"><title>Warning</title><children><topics type="attached"><topic id="meshpad-stub-1">\
            <title>This file was written in the XMind Zen format: open it with XMind Zen, XMind 2020 or later. Modifying and saving it here would lose its content.</title>\
            </topic></topics></children></topic><title>\(XMLText.escapeText(title))</title></sheet></xmap-content>
            """
        }
    }
}
