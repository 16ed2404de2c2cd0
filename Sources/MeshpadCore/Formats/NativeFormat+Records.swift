/// Turning the file's node and edge records into the map's nodes and edges, one record at a
/// time, whichever reader found them (`NativeReader`'s fast path, or `JSONDecoder`'s).
extension NativeFormat {
    /// What is in a record and what it means are checked here, once for both readers.
    static func node(from stored: consuming StoredNode, at index: Int) throws(FormatError) -> Node {
        func fail(_ detail: String) -> FormatError { FormatError(format: formatName, reason: .notAMap(detail: detail)) }
        guard let id = parseID(stored.id, prefix: "n") else { throw fail("nodes[\(index)].id '\(stored.id)' is not like n12") }
        var node = Node(id: NodeID(id), text: stored.text, position: Vec2(stored.x, stored.y), folded: stored.folded ?? false)
        if let note = stored.note { node.note = note }
        node.link = stored.link
        if let icons = stored.icons { node.icons = icons }
        if let style = stored.style {
            var shape: NodeShape?
            if let name = style.shape {
                guard let parsed = NodeShape(rawValue: name) else {
                    throw fail("nodes[\(index)].style.shape '\(name)' is not ellipse, roundedBox or plain")
                }
                shape = parsed
            }
            var edgeShape: EdgeShape?
            if let name = style.edgeShape {
                guard let parsed = EdgeShape(rawValue: name) else {
                    throw fail("nodes[\(index)].style.edgeShape '\(name)' is not curve or straight")
                }
                edgeShape = parsed
            }
            node.style = style.nodeStyle(shape: shape, edgeShape: edgeShape)
            if let cloud = style.cloud {
                guard let shape = Cloud.Shape(rawValue: cloud.shape) else {
                    throw fail("nodes[\(index)].style.cloud.shape '\(cloud.shape)' is not arc, star, rect or roundRect")
                }
                var color: RGBA?
                if let text = cloud.color {
                    guard let parsed = RGBA(hexString: text) else {
                        throw fail("nodes[\(index)].style.cloud.color '\(text)' is not a colour like #f0f0f0")
                    }
                    color = parsed
                }
                node.style.cloud = Cloud(color: color, shape: shape)
            }
        }
        if let side = stored.side {
            guard let parsed = Node.Side(rawValue: side) else { throw fail("nodes[\(index)].side '\(side)' is not left or right") }
            node.side = parsed
        }
        node.sourceID = stored.sourceID
        node.image = stored.image.flatMap { $0.isEmpty ? nil : $0 }
        if let scale = stored.imageScale {
            guard scale.isFinite, scale > 0 else { throw fail("nodes[\(index)].imageScale \(scale) is not a size above 0") }
            node.imageScale = scale
        }
        for (row, pair) in (stored.attributes ?? []).enumerated() {
            guard pair.count == 2 else { throw fail("nodes[\(index)].attributes[\(row)] is not [name, value]") }
            node.attributes.rows.append(AttributeTable.Row(pair[0], pair[1]))
        }
        node.attributes.folded = stored.attributesFolded ?? false
        if let tags = stored.tags { node.tags = tags }
        if let text = stored.due {
            guard let day = CalendarDay(iso: text) else { throw fail("nodes[\(index)].due '\(text)' is not a day like 2026-12-05") }
            node.due = day
        }
        for mark in stored.summary ?? [] {
            switch mark {
            case "first": node.summaryMarks.insert(.firstOfGroup)
            case "summary": node.summaryMarks.insert(.summary)
            default: throw fail("nodes[\(index)].summary has '\(mark)' (first or summary)")
            }
        }
        return node
    }

    static func edge(from stored: consuming StoredEdge, at index: Int) throws(FormatError) -> Edge {
        func fail(_ detail: String) -> FormatError { FormatError(format: formatName, reason: .notAMap(detail: detail)) }
        guard let id = parseID(stored.id, prefix: "e"), let from = parseID(stored.from, prefix: "n"),
              let to = parseID(stored.to, prefix: "n") else {
            throw fail("edges[\(index)] has an ID that is not like e3 / n12")
        }
        guard let kind = Edge.Kind(rawValue: stored.kind) else { throw fail("edges[\(index)].kind '\(stored.kind)' is not tree or link") }
        // why: nearly every edge is a branch with no look of its own; making a look, comparing it
        // with the default and dropping it would cost as much as the rest of the edge.
        guard stored.arrows != nil || stored.label != nil || stored.sourceLabel != nil || stored.targetLabel != nil
                || stored.color != nil || stored.width != nil || stored.dash != nil else {
            return Edge(id: EdgeID(id), from: NodeID(from), to: NodeID(to), kind: kind)
        }
        var arrows: Edge.Arrows = []
        for name in stored.arrows ?? [] {
            switch name {
            case "start": arrows.insert(.start)
            case "end": arrows.insert(.end)
            default: throw fail("edges[\(index)].arrows has '\(name)' (start or end)")
            }
        }
        var look = LinkLook(label: stored.label, arrows: arrows, sourceLabel: stored.sourceLabel, targetLabel: stored.targetLabel)
        if let text = stored.color {
            guard let color = RGBA(hexString: text) else { throw fail("edges[\(index)].color '\(text)' is not a colour like #2e7d32") }
            look.color = color
        }
        if let width = stored.width {
            guard width.isFinite, width > 0 else { throw fail("edges[\(index)].width \(width) is not a width above 0") }
            look.width = min(width, LinkLook.largestWidth)
        }
        if let dash = stored.dash {
            guard dash.count >= 2, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.reduce(0, +) > 0 else {
                throw fail("edges[\(index)].dash \(dash) is not dash and gap lengths like [3, 3]")
            }
            look.dash = dash
        }
        return Edge(id: EdgeID(id), from: NodeID(from), to: NodeID(to), kind: kind, look: look)
    }

    /// The map's nodes and edges, made from records as they arrive: no array of records is kept
    /// and none is copied. The first bad node and the first bad edge are kept to be reported
    /// once the file is known to be a map of this version (a newer one may mean something else
    /// by them); after one, records are only counted.
    struct Records: NativeRecordSink {
        private(set) var nodes: [Node] = []
        private(set) var edges: [Edge] = []
        private(set) var nodeProblem: FormatError?
        private(set) var edgeProblem: FormatError?
        private var nodeCount = 0
        private var edgeCount = 0
        private var treeEdgeCount = 0

        mutating func take(_ stored: consuming StoredNode) {
            defer { nodeCount += 1 }
            guard nodeProblem == nil else { return }
            // why: a tree has one node more than it has branches; the file lists the edges first,
            // so the node array is sized once instead of growing by copies of 300-byte nodes.
            if nodes.isEmpty { nodes.reserveCapacity(treeEdgeCount + 1) }
            do {
                nodes.append(try NativeFormat.node(from: stored, at: nodeCount))
            } catch {
                nodeProblem = error
            }
        }

        mutating func take(_ stored: consuming StoredEdge) {
            defer { edgeCount += 1 }
            guard edgeProblem == nil else { return }
            do {
                let edge = try NativeFormat.edge(from: stored, at: edgeCount)
                if edge.kind == .tree { treeEdgeCount += 1 }
                edges.append(edge)
            } catch {
                edgeProblem = error
            }
        }

        /// The nodes and edges, handed over whole (the records keep none).
        mutating func take() -> (nodes: [Node], edges: [Edge]) {
            defer {
                nodes = []
                edges = []
            }
            return (nodes, edges)
        }
    }
}

/// Where a reader puts each node and edge record as it reads one.
protocol NativeRecordSink {
    // why: consuming, so a record's strings move into the node or edge made of it, not copied.
    mutating func take(_ node: consuming NativeFormat.StoredNode)
    mutating func take(_ edge: consuming NativeFormat.StoredEdge)
}

extension NativeFormat.File {
    /// All but the records.
    var envelope: NativeFormat.Envelope {
        NativeFormat.Envelope(format: format, version: version, root: root, layout: layout, freemind: freemind, xmind: xmind,
                              view: view, pictures: pictures, presentations: presentations)
    }

    init(_ envelope: NativeFormat.Envelope, nodes: [NativeFormat.StoredNode], edges: [NativeFormat.StoredEdge]) {
        self.init(format: envelope.format, version: envelope.version, root: envelope.root, layout: envelope.layout,
                  nodes: nodes, edges: edges, freemind: envelope.freemind, xmind: envelope.xmind, view: envelope.view,
                  pictures: envelope.pictures, presentations: envelope.presentations)
    }
}
