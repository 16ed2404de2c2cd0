import Foundation

/// XMind Zen/2020+'s `content.json`: an array of sheets, each `{id, title, rootTopic,
/// relationships}`, a topic `{id, title, children: {attached, detached, summary}, notes: {plain:
/// {content}, realHTML: {content}}, labels, markers: [{markerId}], href, image: {src}, branch,
/// position, summaries: [{range, topicId}], boundaries: [{range}]}`.
extension XMindFormat {
    /// The child lists read as topics; any other (`callout`) is kept with the topic as it was.
    static let zenChildKinds = ["attached", "detached", "summary"]

    static func zenSheets(_ data: Data) throws(FormatError) -> [Sheet] {
        let object = try parseJSON(data, name: "content.json")
        let list: [Any]
        if let array = object as? [Any] {
            list = array
        } else if let single = object as? [String: Any], single["rootTopic"] != nil {
            list = [single]
        } else {
            throw FormatError(format: formatName, reason: .notAMap(detail: "content.json is not a list of sheets"))
        }
        var sheets: [Sheet] = []
        for (number, item) in list.enumerated() {
            guard let sheetObject = item as? [String: Any], let rootObject = sheetObject["rootTopic"] as? [String: Any] else {
                throw FormatError(format: formatName, reason: .notAMap(detail: "sheet \(number) of content.json has no rootTopic object"))
            }
            var sheet = Sheet(title: lines(sheetObject["title"] as? String ?? ""))
            // why: a stack, not recursion; `parseJSON` bounds the depth anyway.
            sheet.topics.append(zenTopic(rootObject))
            var stack: [(object: [String: Any], index: Int)] = [(rootObject, 0)]
            while let (object, index) = stack.popLast() {
                guard let children = object["children"] as? [String: Any] else { continue }
                for kind in zenChildKinds {
                    for case let child as [String: Any] in children[kind] as? [Any] ?? [] {
                        let childIndex = sheet.topics.count
                        sheet.topics.append(zenTopic(child))
                        switch kind {
                        case "attached": sheet.topics[index].attached.append(childIndex)
                        case "detached": sheet.topics[index].detached.append(childIndex)
                        default: sheet.topics[index].summaryTopics.append(childIndex)
                        }
                        stack.append((child, childIndex))
                    }
                }
            }
            for case let relationship as [String: Any] in sheetObject["relationships"] as? [Any] ?? [] {
                guard let end1 = relationship["end1Id"] as? String, let end2 = relationship["end2Id"] as? String else { continue }
                var rest = relationship
                rest["end1Id"] = nil
                rest["end2Id"] = nil
                rest["title"] = nil
                sheet.relationships.append(Relationship(end1: end1, end2: end2, title: relationship["title"] as? String, kept: rest))
            }
            var rest = sheetObject
            rest["rootTopic"] = nil
            rest["relationships"] = nil
            sheet.kept = rest
            sheets.append(sheet)
        }
        return sheets
    }

    /// A topic's own content (its children are the caller's).
    static func zenTopic(_ object: [String: Any]) -> Topic {
        var topic = Topic()
        topic.id = object["id"] as? String
        topic.title = lines(object["title"] as? String ?? "")
        if let notes = object["notes"] as? [String: Any] {
            if let plain = (notes["plain"] as? [String: Any])?["content"] as? String, !plain.isEmpty {
                topic.note = note(plain)
            } else if let html = (notes["realHTML"] as? [String: Any])?["content"] as? String {
                topic.note = note(HTMLText.plainText(fromHTML: html))
            }
        }
        topic.labels = (object["labels"] as? [Any] ?? []).compactMap { $0 as? String }
        topic.markers = (object["markers"] as? [Any] ?? []).compactMap { ($0 as? [String: Any])?["markerId"] as? String }
        topic.href = object["href"] as? String
        if let source = (object["image"] as? [String: Any])?["src"] as? String, source.hasPrefix("xap:") {
            topic.image = String(source.dropFirst(4))
        }
        topic.folded = object["branch"] as? String == "folded"
        if let position = object["position"] as? [String: Any], let x = position["x"] as? NSNumber, let y = position["y"] as? NSNumber {
            topic.position = Vec2(x.doubleValue, y.doubleValue)
        }
        for case let summary as [String: Any] in object["summaries"] as? [Any] ?? [] {
            guard let topicID = summary["topicId"] as? String else { continue }
            topic.summaries.append((Span(summary["range"] as? String), topicID))
        }
        for case let boundary as [String: Any] in object["boundaries"] as? [Any] ?? [] {
            let range = boundary["range"] as? String
            // `master` (or no range) is the topic itself; a range that cannot be read is left out.
            if range == nil || range == "master" { topic.boundaries.append(nil) } else if let span = Span(range) { topic.boundaries.append(span) }
        }
        var rest = object
        rest["id"] = nil
        rest["title"] = nil
        if var children = object["children"] as? [String: Any] {
            for kind in zenChildKinds { children[kind] = nil }
            rest["children"] = children.isEmpty ? nil : children
        }
        topic.kept = rest.isEmpty ? nil : rest
        return topic
    }
}
