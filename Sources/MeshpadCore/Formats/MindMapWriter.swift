import Foundation

/// Writes a map as FreeMind/Freeplane `.mm`, giving back what its file held.
///
/// A node with a record in `Document.mindMapSource` is written from it: its attributes and
/// elements as read, in their order, except where an edit changed what Meshpad modelled from
/// them — a new text replaces `TEXT` (and the rich-text body), a new note the note elements, a
/// new style the attribute or element that held it, new icons the icons, a deleted link its
/// `<arrowlink>`, new tags `TAGS`, a new due day the reminder's time. Everything else (hooks,
/// attributes, clouds, styles, formatting, connector labels, links Meshpad could not show) is
/// written back untouched. Nodes without a record, and every node of a map from elsewhere, are
/// written afresh. The map's presentations are written afresh too, as Freeplane's hook in the root.
struct MindMapWriter {
    private let document: Document
    private let source: MindMapSource
    private let children: [NodeID: [NodeID]]
    private let ids: [NodeID: String]
    /// The IDs that will be in the file: a kept link or link target pointing elsewhere is dropped.
    private let writtenIDs: Set<String>
    /// Each node's links that no kept `<arrowlink>` stands for: written afresh.
    private let freshLinks: [NodeID: [Edge]]
    /// The links the map has now, by ID.
    private let links: [EdgeID: Edge]
    /// Nodes a fresh link points at or a slide names: they need an ID in the file even if they
    /// came without one.
    private let namedNodes: Set<NodeID>

    /// The nodes with no parent but the root: written as the root's floating children.
    private let freeTrees: [NodeID]

    init(_ document: Document) {
        self.document = document
        freeTrees = document.nodes.map(\.id).filter { $0 != document.rootID && document.parent(of: $0) == nil }
        source = document.mindMapSource ?? MindMapSource()
        children = document.childrenByParent()
        ids = FreeMindFormat.exportIDs(document)
        writtenIDs = Set(ids.values)
        var kept = Set<EdgeID>()
        for record in source.nodes.values {
            for case .link(_, let edge?) in record.items { kept.insert(edge) }
        }
        var links: [EdgeID: Edge] = [:]
        var fresh: [NodeID: [Edge]] = [:]
        var targets = Set<NodeID>()
        for edge in document.edges where edge.kind == .link {
            links[edge.id] = edge
            guard !kept.contains(edge.id) else { continue }
            fresh[edge.from, default: []].append(edge)
            targets.insert(edge.to)
        }
        for slide in document.presentations.flatMap(\.slides) {
            targets.formUnion(slide.nodes)
            targets.formUnion(slide.foldedNodes ?? [])
        }
        self.links = links
        freshLinks = fresh
        namedNodes = targets
    }

    func write() -> Data {
        // A map read from `.mm` keeps its own version (or none, as FreeMind's oldest wrote).
        let attributes = document.mindMapSource == nil ? [KeptAttribute("version", "1.0.1")] : source.mapAttributes
        var out = "<map" + attributes.xml + ">\n"
        out += "<!-- To view this file, download free mind mapping software FreeMind from https://freemind.sourceforge.io -->\n"
        var wroteRoot = false
        for item in source.mapItems {
            switch item {
            case .children:
                writeTrees([document.rootID], to: &out)
                wroteRoot = true
            case .element(let element), .link(let element, _):
                out += element.xml + "\n"
            }
        }
        if !wroteRoot { writeTrees([document.rootID], to: &out) }
        out += "</map>\n"
        return Data(out.utf8)
    }

    /// Writes trees depth first without recursion (a map may be a chain 100,000 deep).
    ///
    /// FreeMind reads one root only, so free-standing trees go in the root as Freeplane's
    /// floating nodes (`<hook NAME="FreeNode"/>`): Freeplane shows them free, FreeMind as
    /// branches, and nothing is lost.
    private func writeTrees(_ tops: [NodeID], to out: inout String) {
        enum Work {
            case node(NodeID)
            case text(String)
        }
        var stack: [Work] = tops.reversed().map { .node($0) }
        while let work = stack.popLast() {
            switch work {
            case .text(let text):
                out += text
            case .node(let id):
                guard let node = document.node(id) else { continue }
                var kids = children[id] ?? []
                if id == document.rootID { kids += freeTrees }
                var (head, tail) = source.nodes[id].map { kept(node, $0, hasChildren: !kids.isEmpty) }
                    ?? fresh(node, hasChildren: !kids.isEmpty)
                if id != document.rootID, document.parent(of: id) == nil, !Self.isFloating(source.nodes[id]) {
                    head += "<hook NAME=\"FreeNode\"/>\n"
                }
                // why: where Freeplane keeps them, after the root's other hooks and before its children.
                if id == document.rootID { head += presentationsXML() }
                out += head
                stack.append(.text(tail))
                for kid in kids.reversed() { stack.append(.node(kid)) }
            }
        }
    }

    // MARK: - Presentations

    /// Freeplane's `<hook NAME="presentations">` for the map's presentations ("" when it has
    /// none), as Freeplane writes it: flags only when true, `zoom` only when not 1, `NodesOnSlide`
    /// only with nodes, `FoldedNodes` only for a slide that folds (empty when it folds none).
    /// Nodes are named by the IDs their `<node>` elements carry; one the map no longer has is
    /// left out, as Freeplane leaves it out.
    private func presentationsXML() -> String {
        guard !document.presentations.isEmpty else { return "" }
        var out = "<hook NAME=\"\(FreeplanePresentations.hookName)\">\n"
        for presentation in document.presentations {
            let head = "<presentation" + [KeptAttribute("NAME", presentation.name)].xml
            guard !presentation.slides.isEmpty else {
                out += head + "/>\n"
                continue
            }
            out += head + ">\n"
            for slide in presentation.slides { out += slideXML(slide) }
            out += "</presentation>\n"
        }
        return out + "</hook>\n"
    }

    private func slideXML(_ slide: Slide) -> String {
        // why: a zoom Freeplane could not read (or Meshpad show) is as good as none.
        let zoom = slide.zoom.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        var attributes = [KeptAttribute("NAME", slide.name)]
        let placed = slide.placedNode.flatMap(fileID)
        // why: Freeplane 1.5 and 1.6 read `centersSelectedNode` (the first node placed), 1.7 and
        // later `placedNodeId`; a slide placing its first node says both, so each finds it.
        for (name, on) in [("showsAncestors", slide.showsAncestors), ("showsDescendants", slide.showsDescendants),
                           ("showsOnlySpecificNodes", slide.showsOnlyNodes), ("changesZoom", zoom != nil),
                           ("centersSelectedNode", placed != nil && slide.placedNode == slide.nodes.first)] where on {
            attributes.append(KeptAttribute(name, "true"))
        }
        if let placed { attributes.append(KeptAttribute("placedNodeId", placed)) }
        if let position = slide.placedPosition, placed != nil { attributes.append(KeptAttribute("placedNodePosition", position)) }
        if let zoom, zoom != 1 { attributes.append(KeptAttribute("zoom", FreeplanePresentations.zoomText(zoom))) }
        if slide.revealsChildren { attributes.append(KeptAttribute("revealsChildren", "true")) }
        var body = ""
        // why: the condition goes into the file as it is; one that is not well-formed XML (a
        // doctored shared map) is left out rather than break the file for Freeplane.
        if let condition = slide.conditionXML, NativeFormat.isWellFormed([condition]) {
            body += KeptElement(name: "SlideCondition", attributes: [], content: condition).xml + "\n"
        }
        let nodes = slide.nodes.compactMap(fileID)
        if !nodes.isEmpty { body += Self.nodesOnSlide("NodesOnSlide", nodes) }
        if let folded = slide.foldedNodes { body += Self.nodesOnSlide("FoldedNodes", folded.compactMap(fileID)) }
        let head = "<slide" + attributes.xml
        return body.isEmpty ? head + "/>\n" : head + ">\n" + body + "</slide>\n"
    }

    /// The ID the node's `<node>` element carries in the file: a kept node's own as it was read,
    /// else the one `exportIDs` gave it; nil for a node the map does not have.
    private func fileID(of id: NodeID) -> String? {
        guard document.contains(id) else { return nil }
        return source.nodes[id]?.attribute("ID") ?? ids[id]
    }

    private static func nodesOnSlide(_ list: String, _ ids: [String]) -> String {
        guard !ids.isEmpty else { return "<\(list)/>\n" }
        return "<\(list)>\n" + ids.map { "<NodeOnSlide nodeId=\"\(XMLText.escapeAttribute($0))\"/>\n" }.joined() + "</\(list)>\n"
    }

    // MARK: - A node written afresh

    private func fresh(_ node: Node, hasChildren: Bool) -> (head: String, tail: String) {
        var attributes = [KeptAttribute("ID", ids[node.id] ?? "ID_\(node.id.rawValue)"), KeptAttribute("TEXT", node.text)]
        if document.parent(of: node.id) == document.rootID {
            let side = node.side ?? (node.position.x < document.root.position.x ? .left : .right)
            attributes.append(KeptAttribute("POSITION", side.rawValue))
        }
        if node.folded && hasChildren { attributes.append(KeptAttribute("FOLDED", "true")) }
        if let color = node.style.textColor { attributes.append(KeptAttribute("COLOR", Self.hex(color))) }
        if let color = node.style.fillColor { attributes.append(KeptAttribute("BACKGROUND_COLOR", Self.hex(color))) }
        if node.style.plainBranches == true { attributes.append(KeptAttribute(FreeMindFormat.plainBranchesAttribute, "true")) }
        if let shape = node.style.shape { attributes.append(KeptAttribute("STYLE", FreeMindFormat.styleName(shape))) }
        if let link = node.link { attributes.append(KeptAttribute("LINK", link)) }
        if let tags = FreeMindFormat.tagsValue(node.tags) { attributes.append(KeptAttribute("TAGS", tags)) }
        var head = "<node" + attributes.xml + ">\n"
        if let font = Self.fontElement(node.style) { head += font.xml + "\n" }
        if let edge = Self.edgeElement(node.style) { head += edge.xml + "\n" }
        if let cloud = node.style.cloud { head += Self.cloudElement(cloud).xml + "\n" }
        head += Self.iconsXML(node.icons)
        if let image = node.image { head += Self.imageHook(image, scale: node.imageScale).xml + "\n" }
        head += Self.summaryHooksXML(node.summaryMarks)
        if let due = node.due { head += Self.reminderHook(due).xml + "\n" }
        head += node.attributes.rows.map { Self.attributeElement($0).xml + "\n" }.joined()
        if !node.note.isEmpty { head += FreeMindFormat.noteXML(node.note) }
        head += freshLinksXML(from: node.id)
        return (head, "</node>\n")
    }

    private func freshLinksXML(from id: NodeID) -> String {
        var out = ""
        for link in freshLinks[id] ?? [] {
            guard let destination = ids[link.to] else { continue }
            var arrowlink = KeptElement(name: "arrowlink", attributes: [
                KeptAttribute("DESTINATION", destination),
                KeptAttribute("ENDARROW", link.arrows.contains(.end) ? "Default" : "None"),
                KeptAttribute("STARTARROW", link.arrows.contains(.start) ? "Default" : "None"),
            ])
            Self.apply(link.look, over: FreeMindFormat.linkLook(arrowlink.attribute), to: &arrowlink)
            out += arrowlink.xml + "\n"
        }
        return out
    }

    // MARK: - A node written from its record

    private func kept(_ node: Node, _ record: KeptNode, hasChildren: Bool) -> (head: String, tail: String) {
        let read = record.read
        let imageChanged = node.image != read.image
        let scaleChanged = node.imageScale != read.imageScale
        let hasImageHook = record.items.contains {
            if case .element(let element) = $0 { return Self.isImageHook(element) }
            return false
        }
        // why: a picture read from the rich text (FreeMind's <img>) lives in that text; changing
        // it writes the text afresh, and the new picture (if any) as Freeplane's hook.
        let textChanged = node.text != read.text || ((imageChanged || scaleChanged) && !hasImageHook && read.image != nil)
        let noteChanged = node.note != read.note
        let iconsChanged = node.icons != read.icons
        let fontChanged = node.style.fontSize != read.style.fontSize || node.style.bold != read.style.bold
            || node.style.italic != read.style.italic
        let edgeChanged = node.style.edgeColor != read.style.edgeColor || node.style.edgeWidth != read.style.edgeWidth
            || node.style.edgeShape != read.style.edgeShape
        let cloudChanged = node.style.cloud != read.style.cloud
        let marksChanged = node.summaryMarks != read.summaryMarks
        let attributesChanged = node.attributes.rows != read.attributes
        let dueChanged = node.due != read.due

        var attributes = record.attributes
        if textChanged {
            attributes.setAttribute("TEXT", node.text)
            // why: Freeplane shows a localized text over TEXT; the person's words must win.
            attributes.setAttribute("LOCALIZED_TEXT", nil)
        }
        if node.folded != read.folded { attributes.setAttribute("FOLDED", node.folded && hasChildren ? "true" : nil) }
        if node.style.textColor != read.style.textColor { attributes.setAttribute("COLOR", node.style.textColor.map(Self.hex)) }
        if node.style.fillColor != read.style.fillColor { attributes.setAttribute("BACKGROUND_COLOR", node.style.fillColor.map(Self.hex)) }
        if node.style.plainBranches != read.style.plainBranches {
            attributes.setAttribute(FreeMindFormat.plainBranchesAttribute, node.style.plainBranches == true ? "true" : nil)
        }
        if node.style.shape != read.style.shape { attributes.setAttribute("STYLE", node.style.shape.map(FreeMindFormat.styleName)) }
        if node.link != read.link { attributes.setAttribute("LINK", node.link) }
        if node.tags != read.tags { attributes.setAttribute("TAGS", FreeMindFormat.tagsValue(node.tags)) }
        if node.side != read.side, document.parent(of: node.id) == document.rootID {
            attributes.setAttribute("POSITION", node.side?.rawValue)
        }
        if record.attribute("ID") == nil, namedNodes.contains(node.id), let id = ids[node.id] {
            attributes.setAttribute("ID", id)
        }

        // What an edit needs written that has no element of its own to replace goes before the children.
        let names = Set(record.items.compactMap { item -> String? in
            if case .element(let element) = item { return element.name }
            return nil
        })
        let hasReminderHook = record.items.contains {
            if case .element(let element) = $0 { return Self.isReminderHook(element) }
            return false
        }
        let hasNoteElement = record.items.contains {
            if case .element(let element) = $0, element.name == "richcontent" { return Self.isNote(element) }
            return false
        }
        var pending = ""
        if fontChanged, !names.contains("font"), let font = Self.fontElement(node.style) { pending += font.xml + "\n" }
        if edgeChanged, !names.contains("edge"), let edge = Self.edgeElement(node.style) { pending += edge.xml + "\n" }
        if cloudChanged, !names.contains("cloud"), let cloud = node.style.cloud { pending += Self.cloudElement(cloud).xml + "\n" }
        if iconsChanged, !names.contains("icon") { pending += Self.iconsXML(node.icons) }
        if noteChanged, !hasNoteElement, !node.note.isEmpty { pending += FreeMindFormat.noteXML(node.note) }
        if imageChanged || scaleChanged, !hasImageHook, let image = node.image {
            pending += Self.imageHook(image, scale: node.imageScale).xml + "\n"
        }
        if dueChanged, !hasReminderHook, let due = node.due { pending += Self.reminderHook(due).xml + "\n" }
        // A summary mark that came is a hook written before the children; one that went drops its hook.
        if marksChanged { pending += Self.summaryHooksXML(node.summaryMarks.subtracting(read.summaryMarks)) }
        // Edited attributes stand where the first one stood: each row as it was written if it is
        // still there (keeping Freeplane's OBJECT and the like), else afresh.
        let keptAttributes = record.items.compactMap { item -> KeptElement? in
            if case .element(let element) = item, element.name == "attribute" { return element }
            return nil
        }
        var wroteAttributes = false
        let attributesXML = Self.attributeElements(node.attributes.rows, keeping: keptAttributes).map { $0.xml + "\n" }.joined()
        if attributesChanged, !names.contains("attribute") { pending += attributesXML }
        pending += freshLinksXML(from: node.id)

        var head = "<node" + attributes.xml + ">\n"
        var tail = ""
        var afterChildren = false
        var wroteIcons = false, wroteNote = false
        func emit(_ text: String) {
            if afterChildren { tail += text } else { head += text }
        }
        for item in record.items {
            switch item {
            case .children:
                if !afterChildren {
                    head += pending
                    pending = ""
                    afterChildren = true
                }
            case .element(var element):
                switch element.name {
                case "richcontent" where !Self.isNote(element):
                    if !textChanged { emit(element.xml + "\n") }
                case "richcontent":
                    if !noteChanged {
                        emit(element.xml + "\n")
                    } else if !wroteNote {
                        // The edited note stands where the first note part stood.
                        wroteNote = true
                        if !node.note.isEmpty { emit(FreeMindFormat.noteXML(node.note)) }
                    }
                case "font" where fontChanged:
                    Self.apply(node.style, toFont: &element)
                    emit(element.xml + "\n")
                case "edge" where edgeChanged:
                    Self.apply(node.style, over: read.style, toEdge: &element)
                    emit(element.xml + "\n")
                case "attribute" where attributesChanged:
                    if !wroteAttributes {
                        wroteAttributes = true
                        emit(attributesXML)
                    }
                case "cloud" where cloudChanged:
                    // A removed cloud takes its element away; a changed one sets what changed.
                    guard let cloud = node.style.cloud else { continue }
                    let was = FreeMindFormat.cloud(element.attribute)
                    if cloud.color != was.color { element.set("COLOR", cloud.color.map(Self.hex)) }
                    if cloud.shape != was.shape { element.set("SHAPE", FreeMindFormat.cloudShapeName(cloud.shape)) }
                    emit(element.xml + "\n")
                case "hook" where marksChanged && element.attribute("NAME").flatMap(FreeMindFormat.summaryMark).map { !node.summaryMarks.contains($0) } == true:
                    continue
                case "hook" where (imageChanged || scaleChanged) && Self.isImageHook(element):
                    // The new picture replaces the hook's URI, a new size its SIZE (a size put
                    // back drops it); a removed picture takes the hook away.
                    guard let image = node.image else { continue }
                    if imageChanged { element.set("URI", image) }
                    if scaleChanged { element.set("SIZE", node.imageScale.map(FreeMindFormat.pictureSize)) }
                    emit(element.xml + "\n")
                case "hook" where dueChanged && Self.isReminderHook(element):
                    // A new day replaces the reminder's time, keeping the rest (a script, a
                    // period); a removed due day takes the hook away.
                    guard let due = node.due else { continue }
                    emit(Self.settingReminder(of: element, to: due).xml + "\n")
                case "icon" where iconsChanged:
                    if !wroteIcons {
                        wroteIcons = true
                        emit(Self.iconsXML(node.icons))
                    }
                case "linktarget":
                    // The other end of a connector, which Freeplane writes at both ends.
                    if let from = element.attribute("SOURCE"), !writtenIDs.contains(from) { continue }
                    emit(element.xml + "\n")
                default:
                    emit(element.xml + "\n")
                }
            case .link(var element, let edgeID):
                if let edgeID {
                    // A link that was deleted is gone from the file too.
                    guard let edge = links[edgeID] else { continue }
                    Self.apply(edge.look, over: FreeMindFormat.linkLook(element.attribute), to: &element)
                } else if let destination = element.attribute("DESTINATION"), !writtenIDs.contains(destination) {
                    continue
                }
                emit(element.xml + "\n")
            }
        }
        if !afterChildren { head += pending }
        return (head, tail + "</node>\n")
    }

    // MARK: - Pieces

    /// Whether a kept node already says it floats.
    private static func isFloating(_ record: KeptNode?) -> Bool {
        record?.items.contains {
            if case .element(let element) = $0 { return element.name == "hook" && element.attribute("NAME") == "FreeNode" }
            return false
        } ?? false
    }

    private static func isImageHook(_ element: KeptElement) -> Bool {
        element.name == "hook" && element.attribute("NAME") == "ExternalObject"
    }

    private static func isReminderHook(_ element: KeptElement) -> Bool {
        element.name == "hook" && element.attribute("NAME") == FreeMindFormat.reminderHookName
    }

    /// A reminder on `day` as FreeMind and Freeplane write one (`ReminderHook.saveExtension`).
    static func reminderHook(_ day: CalendarDay) -> KeptElement {
        KeptElement(name: "hook", attributes: [KeptAttribute("NAME", FreeMindFormat.reminderHookName)],
                    content: "<Parameters REMINDUSERAT=\"\(day.reminderMilliseconds)\"/>")
    }

    /// The kept reminder hook moved to `day`: the `REMINDUSERAT` of its `Parameters` replaced
    /// where it stands, at the same time of day (the content is as `KeptXMLWriter` wrote it,
    /// attributes as ` NAME="escaped value"`, so the value ends at the next quote); a hook whose
    /// time is not found that way is written afresh.
    static func settingReminder(of hook: KeptElement, to day: CalendarDay) -> KeptElement {
        let content = hook.content
        guard let tag = content.range(of: "<Parameters"),
              let tagEnd = content[tag.upperBound...].firstIndex(of: ">"),
              let name = content.range(of: " REMINDUSERAT=\"", range: tag.upperBound..<tagEnd),
              let close = content[name.upperBound..<tagEnd].firstIndex(of: "\"") else {
            var fresh = reminderHook(day)
            fresh.attributes = hook.attributes
            return fresh
        }
        // why: a Freeplane reminder has a time a person chose; moving the day keeps it.
        var ms = day.reminderMilliseconds
        if let old = Int64(content[name.upperBound..<close]), old > 0, let was = CalendarDay(reminderMilliseconds: old) {
            ms = old + Int64(day.daysSinceEpoch - was.daysSinceEpoch) * 86_400_000
        }
        var updated = hook
        updated.content = content.replacingCharacters(in: name.upperBound..<close, with: "\(ms)")
        return updated
    }

    /// The `<attribute>` elements for `rows`: a row as it was written if it is still there; a
    /// renamed one (its value as written) the element it was, with its new `NAME`, since
    /// Freeplane's `OBJECT` describes the value; anything else afresh.
    static func attributeElements(_ rows: [AttributeTable.Row], keeping kept: [KeptElement]) -> [KeptElement] {
        var unused = kept
        func take(_ matches: (KeptElement) -> Bool) -> KeptElement? { unused.firstIndex(where: matches).map { unused.remove(at: $0) } }
        var elements: [KeptElement?] = rows.map { row in
            take { $0.attribute("NAME") ?? "" == row.name && $0.attribute("VALUE") ?? "" == row.value }
        }
        for (k, row) in rows.enumerated() where elements[k] == nil {
            guard var renamed = take({ $0.attribute("VALUE") ?? "" == row.value }) else { continue }
            renamed.set("NAME", row.name)
            elements[k] = renamed
        }
        return rows.indices.map { elements[$0] ?? attributeElement(rows[$0]) }
    }

    /// Freeplane's picture in a node, with the zoom it is shown at if it has one.
    static func imageHook(_ image: String, scale: Double?) -> KeptElement {
        var hook = KeptElement(name: "hook", attributes: [KeptAttribute("NAME", "ExternalObject"), KeptAttribute("URI", image)])
        if let scale { hook.set("SIZE", FreeMindFormat.pictureSize(scale)) }
        return hook
    }

    private static func isNote(_ richContent: KeptElement) -> Bool {
        (richContent.attribute("TYPE") ?? "NODE").uppercased() != "NODE"
    }

    static func hex(_ color: RGBA) -> String { String(color.hexString.prefix(7)) }

    static func fontElement(_ style: NodeStyle) -> KeptElement? {
        guard style.fontSize != nil || style.bold || style.italic else { return nil }
        var font = KeptElement(name: "font", attributes: [KeptAttribute("NAME", "SansSerif"), KeptAttribute("SIZE", "12")])
        apply(style, toFont: &font)
        return font
    }

    /// Sets what Meshpad models of a font (size, bold, italic), keeping the rest (its face).
    static func apply(_ style: NodeStyle, toFont font: inout KeptElement) {
        let size = min(max(style.fontSize ?? NodeStyle.basePointSize, 1), NodeStyle.largestPointSize)
        font.set("SIZE", style.fontSize == nil && font.attribute("SIZE") == nil ? nil : "\(Int(size.rounded()))")
        font.set("BOLD", style.bold ? "true" : (font.attribute("BOLD") == nil ? nil : "false"))
        font.set("ITALIC", style.italic ? "true" : (font.attribute("ITALIC") == nil ? nil : "false"))
    }

    static func cloudElement(_ cloud: Cloud) -> KeptElement {
        var element = KeptElement(name: "cloud", attributes: [])
        element.set("COLOR", cloud.color.map(hex))
        element.set("SHAPE", FreeMindFormat.cloudShapeName(cloud.shape))
        return element
    }

    static func edgeElement(_ style: NodeStyle) -> KeptElement? {
        guard style.edgeColor != nil || style.edgeWidth != nil || style.edgeShape != nil else { return nil }
        var edge = KeptElement(name: "edge", attributes: [])
        apply(style, over: NodeStyle(), toEdge: &edge)
        return edge
    }

    /// Sets what changed of an edge's colour, width and shape since `read`, keeping the rest:
    /// an unchanged `sharp_bezier` stays one (Meshpad reads it as a curve), `thin` stays `thin`.
    static func apply(_ style: NodeStyle, over read: NodeStyle, toEdge edge: inout KeptElement) {
        if style.edgeShape != read.edgeShape { edge.set("STYLE", style.edgeShape.map(FreeMindFormat.edgeStyleName)) }
        if style.edgeColor != read.edgeColor { edge.set("COLOR", style.edgeColor.map(hex)) }
        if style.edgeWidth != read.edgeWidth { edge.set("WIDTH", style.edgeWidth.map { "\(max(1, Int($0.rounded())))" }) }
    }

    /// Sets on an `<arrowlink>` what of a link's look differs from `read` (what its attributes
    /// say now), attribute by attribute, keeping the rest as written (`DEFAULT` stays `DEFAULT`).
    static func apply(_ look: LinkLook, over read: LinkLook, to element: inout KeptElement) {
        if look.arrows.contains(.end) != read.arrows.contains(.end) { element.set("ENDARROW", look.arrows.contains(.end) ? "Default" : "None") }
        if look.arrows.contains(.start) != read.arrows.contains(.start) {
            element.set("STARTARROW", look.arrows.contains(.start) ? "Default" : "None")
        }
        for place in LinkLabelPlace.allCases where look[place] != read[place] {
            element.set(FreeMindFormat.labelAttribute(place), look[place])
        }
        if look.color != read.color {
            element.set("COLOR", look.color.map(hex))
            let alpha = look.color.map { Int($0.a) }
            element.set("TRANSPARENCY", alpha == 255 && element.attribute("TRANSPARENCY") == nil ? nil : alpha.map(String.init))
        }
        if look.width != read.width { element.set("WIDTH", look.width.map { "\(max(1, Int($0.rounded())))" }) }
        if look.dash != read.dash { element.set("DASH", look.dash.map(FreeMindFormat.dashText)) }
    }

    static func attributeElement(_ row: AttributeTable.Row) -> KeptElement {
        KeptElement(name: "attribute", attributes: [KeptAttribute("NAME", row.name), KeptAttribute("VALUE", row.value)])
    }

    static func summaryHooksXML(_ marks: SummaryMarks) -> String {
        [SummaryMarks.firstOfGroup, .summary].filter { marks.contains($0) }
            .map { "<hook NAME=\"\(FreeMindFormat.summaryHookName($0))\"/>\n" }.joined()
    }

    static func iconsXML(_ icons: [String]) -> String {
        icons.map { "<icon BUILTIN=\"\(XMLText.escapeAttribute($0))\"/>\n" }.joined()
    }
}
