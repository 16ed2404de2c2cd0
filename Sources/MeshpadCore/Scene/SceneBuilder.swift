import Foundation

/// Turns the document, seen through a camera, into the frame's `DrawList`.
///
/// All decisions about what appears on screen are made here, in the core: culling to the
/// viewport through the document's spatial index, level of detail, draw order (edges, then
/// nodes in document order, selected nodes last so their border is never covered, then
/// labels), and the HiDPI scale (`pixelScale`, device pixels per window pixel), applied once.
///
/// Level of detail: no labels below `Theme.minimumLabelPixels`; no edge shorter than a pixel;
/// ellipses and curved edges get fewer segments as they shrink; and once the smallest node would
/// be under `farOutRadiusPixels` in radius, nodes are dots and edges straight one-pixel hairlines.
public struct SceneBuilder {
    public var theme: Theme

    public init(theme: Theme) {
        self.theme = theme
    }

    /// - Parameters:
    ///   - viewportSize: the window's size in window pixels (the camera's space).
    ///   - pixelScale: drawable size over window size; 2 on a 2× HiDPI output.
    ///   - drawnPositions: where gliding nodes are drawn instead of their document position;
    ///     edges follow them, so nodes and edges always move together.
    ///   - cullMarginPixels: how far beyond the viewport things are still drawn (they may reach in).
    ///   - candidates: the visible nodes and edges that may meet the view, when the caller has
    ///     culled already; each is still tested against the view.
    public func build(
        document: Document,
        camera: Camera,
        viewportSize: Vec2,
        pixelScale: Double,
        selection: Set<NodeID>,
        drawnPositions: DrawnPositions = .none,
        extras: SceneExtras = SceneExtras(),
        cullMarginPixels: Double = 8,
        candidates: (nodes: [Int], edges: [Int])? = nil,
        into list: inout DrawList
    ) {
        list.removeAll()
        list.background = theme.background
        // Far out a node is a dot: in its fill, or its border where the fill is close to the
        // background (white boxes on paper would vanish).
        let fillStandsOut = abs(theme.nodeFill.luminance - theme.background.luminance) > 60
        list.dotColor = fillStandsOut ? theme.nodeFill.mixed(with: theme.nodeBorder, amount: 0.35) : theme.nodeBorder
        list.hairlineColor = theme.edge.mixed(with: theme.background, amount: 0.25)
        list.linkHairlineColor = theme.linkEdge.mixed(with: theme.background, amount: 0.25)
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let zoomPixels = camera.zoom * scale
        let deviceViewport = Rect(x: 0, y: 0, width: viewportSize.x * scale, height: viewportSize.y * scale)
        // why: a border or label may poke out of a node's box; a small margin keeps things at the
        // window edge from popping in and out.
        let visible = camera.visibleMapRect(viewportSize: viewportSize).outset(by: cullMarginPixels / camera.zoom)
        func device(_ mapPoint: Vec2) -> Vec2 { camera.screenPoint(ofMap: mapPoint) * scale }
        let hasGliders = !drawnPositions.isEmpty
        func position(_ node: Node) -> Vec2 {
            hasGliders ? drawnPositions[node.id] ?? node.position : node.position
        }
        // why: reads the node field by field; binding the whole `Node` copies (and retains) every
        // string and array in it, which in the edge loop, twice an edge, tripled a 100k fit frame.
        func position(ofNodeAt i: Int) -> Vec2 {
            hasGliders ? drawnPositions[document.nodes[i].id] ?? document.nodes[i].position : document.nodes[i].position
        }
        // Far out, the smallest node is a few pixels: nodes become dots and edges hairlines.
        let farOut = isFarOut(zoomPixels: zoomPixels)

        // Visible edges and nodes from the spatial index, plus anything gliding (the index has
        // where it is going, not where it is drawn).
        var edgeIndices = list.visibleEdges
        var nodeIndices = list.visibleNodes
        edgeIndices.removeAll(keepingCapacity: true)
        nodeIndices.removeAll(keepingCapacity: true)
        let bounds = document.bounds
        if farOut {
            list.resetCoverage(width: Int(deviceViewport.width.rounded(.up)), height: Int(deviceViewport.height.rounded(.up)))
        }
        let folds = document.hiddenCount > 0
        // why: a layout glides thousands of nodes at once, from anywhere to anywhere; the index
        // holds where they are going, so look at every node while that many move.
        let manyGliders = drawnPositions.count > Self.manyGliders
        if let candidates {
            // Culled already (the far view's tiles, a few at once: `Document.items(meeting:)`).
            edgeIndices.append(contentsOf: candidates.edges)
            nodeIndices.append(contentsOf: candidates.nodes)
        } else if manyGliders || (visible.contains(bounds.origin) && visible.contains(Vec2(bounds.maxX, bounds.maxY))) {
            // The whole map is in view: a straight walk beats visiting every grid cell.
            if folds {
                for e in document.edges.indices where !document.isHidden(edgeAt: e) { edgeIndices.append(e) }
                for i in document.nodes.indices where !document.isHidden(nodeAt: i) { nodeIndices.append(i) }
            } else {
                edgeIndices.append(contentsOf: document.edges.indices)
                nodeIndices.append(contentsOf: document.nodes.indices)
            }
        } else if Self.overlapArea(visible, bounds) > 0.2 * bounds.width * bounds.height {
            // Most of the map is in view: walking the arrays with a box test is cheaper than the grid.
            for e in document.edges.indices where document.edgeBox(e).intersects(visible) && !(folds && document.isHidden(edgeAt: e)) {
                edgeIndices.append(e)
            }
            for i in document.nodes.indices where document.nodes[i].frame.intersects(visible) && !(folds && document.isHidden(nodeAt: i)) {
                nodeIndices.append(i)
            }
        } else {
            document.forEachEdge(in: visible) { edgeIndices.append($0) }
            document.forEachNode(in: visible) { nodeIndices.append($0) }
        }
        if hasGliders && !manyGliders {
            for id in drawnPositions.ids {
                guard let index = document.index(of: id), !document.isHidden(nodeAt: index) else { continue }
                nodeIndices.append(index)
                for edge in document.edgeIndices(touchingNodeAt: index) where !document.isHidden(edgeAt: Int(edge)) {
                    edgeIndices.append(Int(edge))
                }
            }
            edgeIndices = Array(Set(edgeIndices))
            nodeIndices = Array(Set(nodeIndices))
        }
        if !farOut {
            // Draw order is document order; far out, every dot looks the same and order is moot.
            edgeIndices.sort()
            nodeIndices.sort()
        }

        // Links with arrowheads or a label, found as the edges are drawn (so they share their
        // culling), decorated once the nodes are drawn, so a label reads over what it crosses.
        var decorated: [(edge: Edge, a: Vec2, b: Vec2)] = []
        for e in edgeIndices {
            let ends = document.endpoints(ofEdgeAt: e)
            let from = position(ofNodeAt: ends.from), to = position(ofNodeAt: ends.to)
            let isLink = document.edges[e].kind == .link
            if farOut {
                // Far out, an edge is a straight hairline between the dots: no curve shows at that size.
                guard Rect(spanning: from, to).intersects(visible) else { continue }
                let a = device(from), b = device(to)
                // Edges shorter than the dots are invisible: skip them.
                guard a.distance(to: b) >= 2 else { continue }
                list.visibleEdgeCount += 1
                if document.edges[e].id == extras.selectedEdge {
                    list.appendLine(from: a, to: b, width: 4 * scale, color: theme.selectedBorder, clip: deviceViewport)
                }
                list.appendHairline(from: a, to: b, clip: deviceViewport)
                continue
            }
            let mapPath = document.path(ofEdgeAt: e, from: from, to: to)
            guard mapPath.bounds.intersects(visible) else { continue }
            // Edges shorter than a pixel are invisible: skip them.
            guard (to - from).length * zoomPixels >= 1 else { continue }
            list.visibleEdgeCount += 1
            let path = mapPath.mapped(device)
            // A tree edge is drawn in its child's edge style, as in FreeMind.
            let edgeStyle = isLink ? NodeStyle() : document.nodes[ends.to].style
            // A pixel wide or less: a plain one-pixel line, which the software renderer draws for a
            // fraction of an anti-aliased quad's cost.
            var width = (edgeStyle.edgeWidth ?? (isLink ? theme.linkEdgeWidth : theme.edgeWidth)) * zoomPixels
            if document.edges[e].id == extras.selectedEdge {
                // A selected edge stands out at any zoom: wide, in the selection colour.
                list.appendPath(path, width: max(width + 4 * scale, 4 * scale), color: theme.selectedBorder, clip: deviceViewport)
                width = max(width, 1.5)
            }
            if width <= 1 && edgeStyle.edgeColor == nil {
                list.appendHairlines(along: path, clip: deviceViewport, link: isLink)
            } else {
                let color = edgeStyle.edgeColor ?? (isLink ? theme.linkEdge : theme.edge)
                list.appendPath(path, width: width, color: color, clip: deviceViewport)
            }
            let edge = document.edges[e]
            if isLink, !edge.arrows.isEmpty || edge.label != nil { decorated.append((edge, device(from), device(to))) }
        }

        var selectedIndices = list.selectedNodes
        var labelled = list.labelledNodes
        selectedIndices.removeAll(keepingCapacity: true)
        labelled.removeAll(keepingCapacity: true)
        defer {
            list.selectedNodes = selectedIndices
            list.labelledNodes = labelled
        }
        let editedIndex = extras.editing.flatMap { document.index(of: $0.node) }
        for index in nodeIndices {
            let node = document.nodes[index]
            let at = position(node)
            guard Rect(center: at, width: node.size.x, height: node.size.y).intersects(visible) else { continue }
            list.visibleNodeCount += 1
            if farOut {
                list.appendDot(at: device(at), size: node.size * zoomPixels)
                continue
            }
            if selection.contains(node.id) || index == editedIndex {
                selectedIndices.append(index)
                continue
            }
            appendShape(of: node, at: device(at), selected: false, zoomPixels: zoomPixels, into: &list)
            labelled.append(index)
        }
        list.visibleEdges = edgeIndices
        list.visibleNodes = nodeIndices
        // The node being edited goes last of all: nothing may cover its caret.
        if let editedIndex, let at = selectedIndices.firstIndex(of: editedIndex) {
            selectedIndices.append(selectedIndices.remove(at: at))
        }
        for index in selectedIndices {
            var node = document.nodes[index]
            if index == editedIndex, let layout = extras.editing?.layout { node.size = layout.size }
            appendShape(of: node, at: device(position(node)), selected: true, zoomPixels: zoomPixels, into: &list)
        }
        labelled.append(contentsOf: selectedIndices)
        guard !farOut else {
            appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
            return
        }
        appendHighlights(extras, document: document, position: position, device: device, zoomPixels: zoomPixels, scale: scale, into: &list)

        let pixelSize = theme.fontSize * zoomPixels
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in labelled where index != editedIndex && document.nodes[index].image != nil {
            appendImage(of: document.nodes[index], at: device(position(document.nodes[index])), zoomPixels: zoomPixels,
                        labelPixels: pixelSize * 0.8, into: &list)
        }
        if pixelSize * 4 >= theme.minimumLabelPixels {
            for index in labelled where index != editedIndex {
                let node = document.nodes[index]
                guard !node.label.isEmpty else { continue }
                let style = node.style
                let size = style.fontSize == nil ? pixelSize : pixelSize * style.textScale
                guard size >= theme.minimumLabelPixels else { continue }
                var label = DrawList.Label(
                    text: node.label,
                    center: device(position(node) + node.textOffset),
                    pixelSize: size,
                    rasterPixelSize: style.fontSize == nil ? rasterSize : TextRaster.rasterSize(forPixelSize: size),
                    color: style.textColor ?? theme.text
                )
                label.bold = style.bold
                label.italic = style.italic
                list.labels.append(label)
            }
        }
        if let editedIndex, let layout = extras.editing?.layout {
            let node = document.nodes[editedIndex]
            appendEditor(layout, style: node.style, at: device(position(node)), zoomPixels: zoomPixels, into: &list)
        }
        // Without folds only a selected node can show a badge: no need to look at the others.
        let badgeCandidates = document.hiddenCount > 0 ? labelled : labelled.filter { selection.contains(document.nodes[$0].id) }
        appendBadges(document: document, indices: badgeCandidates, selection: selection, camera: camera, position: position, scale: scale, into: &list)
        appendMarkers(document: document, indices: labelled, camera: camera, position: position, scale: scale, into: &list)
        for (edge, a, b) in decorated {
            guard let from = document.node(edge.from), let to = document.node(edge.to) else { continue }
            appendLinkDecoration(edge, from: from, to: to, a: a, b: b, zoomPixels: zoomPixels, scale: scale, into: &list)
        }
        appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
    }

    /// Rings around search matches, thicker around the current one.
    private func appendHighlights(_ extras: SceneExtras, document: Document, position: (Node) -> Vec2, device: (Vec2) -> Vec2,
                                  zoomPixels: Double, scale: Double, into list: inout DrawList) {
        guard !extras.highlighted.isEmpty else { return }
        for index in list.visibleNodes {
            let node = document.nodes[index]
            guard extras.highlighted.contains(node.id), !document.isHidden(nodeAt: index) else { continue }
            let current = node.id == extras.currentMatch
            let width = (current ? 5 : 3) * scale
            let radii = node.size * (zoomPixels / 2) + Vec2(width + 2 * scale, width + 2 * scale)
            if node.shape == .ellipse {
                list.appendRing(center: device(position(node)), radii: radii, color: theme.highlight, width: width)
            } else {
                list.appendRoundedRect(center: device(position(node)), halfSize: radii, radius: (theme.cornerRadius + 4) * zoomPixels,
                                       fill: nil, border: theme.highlight, borderWidth: width)
            }
        }
    }

    /// The node being edited: its lines drawn left-aligned where the layout put them, the
    /// selection behind them, the caret and the input method's underline over them.
    private func appendEditor(_ layout: TextEditLayout, style: NodeStyle, at center: Vec2, zoomPixels: Double, into list: inout DrawList) {
        func device(_ r: Rect) -> Rect {
            Rect(x: center.x + r.minX * zoomPixels, y: center.y + r.minY * zoomPixels, width: r.width * zoomPixels, height: r.height * zoomPixels)
        }
        for rect in layout.selection { list.appendRect(device(rect), color: theme.textSelection) }
        let pixelSize = theme.fontSize * zoomPixels * style.textScale
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        let color = style.textColor ?? theme.text
        for line in layout.lines where !line.text.isEmpty {
            var label = DrawList.Label(
                text: line.text, center: center + line.origin * zoomPixels, pixelSize: pixelSize,
                rasterPixelSize: rasterSize, color: color, alignment: .leading)
            label.bold = style.bold
            label.italic = style.italic
            list.labels.append(label)
        }
        var caret = device(layout.caret)
        caret.width = max(caret.width, 2)
        list.appendRect(caret, color: color)
        for rect in layout.underline {
            var r = device(rect)
            r.height = max(r.height, 1.5)
            list.appendRect(r, color: color)
        }
    }

    /// Fold badges: a disc beside each folded node (the count it hides) and beside a selected
    /// node with children ("−", to fold it). Fixed size on screen, as `FoldBadge` hit-tests them.
    private func appendBadges(document: Document, indices: [Int], selection: Set<NodeID>, camera: Camera,
                              position: (Node) -> Vec2, scale: Double, into list: inout DrawList) {
        guard document.hiddenCount > 0 || !selection.isEmpty else { return }
        let radius = FoldBadge.radiusPixels * scale
        let pixelSize = 12 * scale
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in indices {
            let node = document.nodes[index]
            guard FoldBadge.isShown(node, in: document, selection: selection, zoom: camera.zoom) else { continue }
            let count = document.hiddenDescendantCount(of: node.id)
            let centre = FoldBadge.screenCenter(of: node, at: position(node), side: FoldBadge.side(of: node, in: document), camera: camera) * scale
            let text = count > 0 ? (count > 999 ? "999+" : "\(count)") : "−"
            let width = max(2 * radius, Double(text.count) * 7 * scale + 8 * scale)
            list.appendEllipse(center: centre, radii: Vec2(width / 2, radius), fill: theme.badgeFill, border: theme.nodeBorder,
                               borderWidth: 1.5 * scale)
            list.labels.append(DrawList.Label(text: text, center: centre, pixelSize: pixelSize, rasterPixelSize: rasterSize,
                                              color: theme.badgeText))
        }
    }

    /// Markers: a small disc at the top outer corner of each node that links somewhere (↗, or #
    /// for a node of the map) and at the bottom one of each node with a note (≡), as
    /// `NodeMarker` hit-tests them.
    private func appendMarkers(document: Document, indices: [Int], camera: Camera, position: (Node) -> Vec2, scale: Double,
                                   into list: inout DrawList) {
        let radius = NodeMarker.radiusPixels * scale
        let pixelSize = 12 * scale
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in indices {
            let node = document.nodes[index]
            for marker in [NodeMarker.link, .note] where marker.isShown(node, zoom: camera.zoom) {
                let centre = marker.screenCenter(of: node, at: position(node), side: FoldBadge.side(of: node, in: document), camera: camera) * scale
                list.appendEllipse(center: centre, radii: Vec2(radius, radius), fill: theme.badgeFill, border: theme.nodeBorder,
                                   borderWidth: 1.5 * scale)
                // "#…" goes to a node of this map; anything else leaves it.
                let glyph = marker == .note ? "≡" : (node.link?.hasPrefix("#") == true ? "#" : "↗")
                list.labels.append(DrawList.Label(text: glyph, center: centre, pixelSize: pixelSize, rasterPixelSize: rasterSize,
                                                  color: theme.badgeText))
            }
        }
    }

    /// A link's arrowheads (where its line meets the nodes' outlines) and its label at its middle,
    /// on a pill of the background so it reads over the line. `a` and `b` are the ends in device
    /// pixels, as the edge pass drew them.
    private func appendLinkDecoration(_ edge: Edge, from: Node, to: Node, a: Vec2, b: Vec2, zoomPixels: Double, scale: Double,
                                      into list: inout DrawList) {
        let size = 9 * max(zoomPixels, 0.6)
        if edge.arrows.contains(.end) {
            appendArrowhead(at: Self.outlinePoint(of: to, centre: b, toward: a, zoomPixels: zoomPixels), from: a, size: size, into: &list)
        }
        if edge.arrows.contains(.start) {
            appendArrowhead(at: Self.outlinePoint(of: from, centre: a, toward: b, zoomPixels: zoomPixels), from: b, size: size, into: &list)
        }
        let pixelSize = theme.fontSize * 0.85 * zoomPixels
        guard let label = edge.label, !label.isEmpty, pixelSize >= 6 else { return }
        let middle = (a + b) * 0.5
        let width = min(Double(label.count) * pixelSize * 0.6 + 12 * scale, 320 * scale)
        list.appendRoundedRect(center: middle, halfSize: Vec2(width / 2, pixelSize * 0.8), radius: 6 * scale,
                               fill: theme.background.withAlpha(230), border: theme.linkEdge, borderWidth: 1 * scale)
        var text = DrawList.Label(text: label, center: middle, pixelSize: pixelSize,
                                  rasterPixelSize: TextRaster.rasterSize(forPixelSize: pixelSize), color: theme.text)
        text.maxWidth = width - 8 * scale
        list.labels.append(text)
    }

    private func appendArrowhead(at tip: Vec2, from tail: Vec2, size: Double, into list: inout DrawList) {
        let length = tip.distance(to: tail)
        guard length > size else { return }
        let direction = (tip - tail) * (1 / length)
        let normal = Vec2(-direction.y, direction.x)
        let base = tip - direction * size * 1.6
        list.appendTriangle(tip, base + normal * size * 0.7, base - normal * size * 0.7, color: theme.linkEdge)
    }

    /// Where the line from a node's centre toward `other` leaves its outline (device pixels).
    static func outlinePoint(of node: Node, centre: Vec2, toward other: Vec2, zoomPixels: Double) -> Vec2 {
        let d = other - centre
        let r = node.size * (zoomPixels / 2)
        guard abs(d.x) + abs(d.y) > 1e-9, r.x > 0, r.y > 0 else { return centre }
        let t: Double
        switch node.shape {
        case .ellipse: t = 1 / ((d.x / r.x) * (d.x / r.x) + (d.y / r.y) * (d.y / r.y)).squareRoot()
        case .roundedBox, .plain: t = min(d.x == 0 ? .infinity : r.x / abs(d.x), d.y == 0 ? .infinity : r.y / abs(d.y))
        }
        return centre + d * min(t, 1)
    }

    /// A link being drawn and a selection rectangle: drawn over everything on the map.
    private func appendPointerFeedback(_ extras: SceneExtras, document: Document, device: (Vec2) -> Vec2, scale: Double,
                                       deviceViewport: Rect, into list: inout DrawList) {
        if let (from, to) = extras.linkPreview, let node = document.node(from) {
            let a = device(node.position), b = device(to)
            list.appendLine(from: a, to: b, width: 2.5 * scale, color: theme.linkEdge, clip: deviceViewport)
            list.appendEllipse(center: b, radii: Vec2(5, 5) * scale, fill: theme.linkEdge, border: theme.linkEdge, borderWidth: 0)
        }
        if let band = extras.band {
            let p = device(band.origin), q = device(Vec2(band.maxX, band.maxY))
            let r = Rect(x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y)
            list.appendRect(r, color: theme.uiPrimary.withAlpha(40))
            let w = max(1, scale)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.maxY - w, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.maxX - w, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
        }
    }

    /// Whether, at `zoomPixels` device pixels per map unit, nodes are dots and edges hairlines.
    func isFarOut(zoomPixels: Double) -> Bool {
        theme.nodeMetrics.minimumSize.y * zoomPixels / 2 < Self.farOutRadiusPixels
    }

    /// What a far view drawn from the overview's tiles draws live over them: what depends on the
    /// selection and the moment (selected nodes and edge, search rings, the node being edited,
    /// a link being drawn, a selection rectangle), drawn as `build` draws it at that zoom. The
    /// tiles hold the map as `build` draws it with nothing selected; this walks only the
    /// selection and the matches, never the visible nodes.
    public func buildOverlay(
        document: Document,
        camera: Camera,
        viewportSize: Vec2,
        pixelScale: Double,
        selection: Set<NodeID>,
        extras: SceneExtras = SceneExtras(),
        into list: inout DrawList
    ) {
        list.removeAll()
        list.background = theme.background
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let zoomPixels = camera.zoom * scale
        let deviceViewport = Rect(x: 0, y: 0, width: viewportSize.x * scale, height: viewportSize.y * scale)
        let visible = camera.visibleMapRect(viewportSize: viewportSize).outset(by: 8 / camera.zoom)
        func device(_ mapPoint: Vec2) -> Vec2 { camera.screenPoint(ofMap: mapPoint) * scale }
        let farOut = isFarOut(zoomPixels: zoomPixels)
        if let id = extras.selectedEdge, let e = document.edges.firstIndex(where: { $0.id == id }), !document.isHidden(edgeAt: e) {
            let ends = document.endpoints(ofEdgeAt: e)
            let from = document.nodes[ends.from].position, to = document.nodes[ends.to].position
            let isLink = document.edges[e].kind == .link
            if farOut {
                let a = device(from), b = device(to)
                if a.distance(to: b) >= 2 {
                    list.appendLine(from: a, to: b, width: 4 * scale, color: theme.selectedBorder, clip: deviceViewport)
                    list.appendHairline(from: a, to: b, clip: deviceViewport)
                }
            } else {
                let path = document.path(ofEdgeAt: e, from: from, to: to).mapped(device)
                let edgeStyle = isLink ? NodeStyle() : document.nodes[ends.to].style
                let width = (edgeStyle.edgeWidth ?? (isLink ? theme.linkEdgeWidth : theme.edgeWidth)) * zoomPixels
                list.appendPath(path, width: max(width + 4 * scale, 4 * scale), color: theme.selectedBorder, clip: deviceViewport)
                list.appendPath(path, width: max(width, 1.5), color: edgeStyle.edgeColor ?? (isLink ? theme.linkEdge : theme.edge),
                                clip: deviceViewport)
            }
        }
        // Far out a selected node is a dot like any other (as `build` draws it): nothing to add.
        guard !farOut else {
            appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
            return
        }
        var shown: [Int] = []
        let editedIndex = extras.editing.flatMap { document.index(of: $0.node) }
        for id in selection {
            guard let index = document.index(of: id), !document.isHidden(nodeAt: index),
                  document.nodes[index].frame.intersects(visible), index != editedIndex else { continue }
            shown.append(index)
        }
        shown.sort()
        if let editedIndex, !document.isHidden(nodeAt: editedIndex) { shown.append(editedIndex) }
        var matches = list.visibleNodes
        matches.removeAll(keepingCapacity: true)
        for id in extras.highlighted {
            guard let index = document.index(of: id), document.nodes[index].frame.intersects(visible) else { continue }
            matches.append(index)
        }
        list.visibleNodes = matches
        appendHighlights(extras, document: document, position: { $0.position }, device: device, zoomPixels: zoomPixels, scale: scale,
                         into: &list)
        for index in shown {
            var node = document.nodes[index]
            if index == editedIndex, let layout = extras.editing?.layout { node.size = layout.size }
            appendShape(of: node, at: device(node.position), selected: true, zoomPixels: zoomPixels, into: &list)
            list.visibleNodeCount += 1
        }
        let pixelSize = theme.fontSize * zoomPixels
        for index in shown where index != editedIndex {
            let node = document.nodes[index]
            let size = node.style.fontSize == nil ? pixelSize : pixelSize * node.style.textScale
            guard !node.label.isEmpty, size >= theme.minimumLabelPixels else { continue }
            var label = DrawList.Label(text: node.label, center: device(node.position + node.textOffset), pixelSize: size,
                                       rasterPixelSize: TextRaster.rasterSize(forPixelSize: size), color: node.style.textColor ?? theme.text)
            label.bold = node.style.bold
            label.italic = node.style.italic
            list.labels.append(label)
        }
        if let editedIndex, let layout = extras.editing?.layout {
            let node = document.nodes[editedIndex]
            appendEditor(layout, style: node.style, at: device(node.position), zoomPixels: zoomPixels, into: &list)
        }
        appendBadges(document: document, indices: shown, selection: selection, camera: camera, position: { $0.position }, scale: scale,
                     into: &list)
        appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
    }

    static func overlapArea(_ a: Rect, _ b: Rect) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// More gliding nodes than this and every node is considered for drawing, not just the
    /// visible ones and the gliders.
    static let manyGliders = 2000

    /// Below this on-screen radius of the smallest node, the map is drawn as dots and hairlines.
    public static let farOutRadiusPixels = 3.0

    /// A node's picture above its text; one whose size is not known (yet) or that cannot be
    /// shown is a light box with the file's name in it.
    private func appendImage(of node: Node, at center: Vec2, zoomPixels: Double, labelPixels: Double, into list: inout DrawList) {
        guard let path = node.image else { return }
        let rect = Rect(center: center + node.imageOffset * zoomPixels, width: node.imageSize.x * zoomPixels,
                        height: node.imageSize.y * zoomPixels)
        list.images.append(DrawList.Image(path: path, rect: rect, found: node.imageFound))
        guard !node.imageFound else { return }
        list.appendRoundedRect(center: rect.center, halfSize: Vec2(rect.width / 2, rect.height / 2), radius: 4 * zoomPixels,
                               fill: theme.imagePlaceholder, border: theme.nodeBorder, borderWidth: max(zoomPixels, 1))
        guard labelPixels >= theme.minimumLabelPixels else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var label = DrawList.Label(text: name, center: rect.center, pixelSize: labelPixels,
                                   rasterPixelSize: TextRaster.rasterSize(forPixelSize: labelPixels), color: theme.text)
        label.maxWidth = rect.width * 0.9
        list.labels.append(label)
    }

    private func appendShape(of node: Node, at center: Vec2, selected: Bool, zoomPixels: Double, into list: inout DrawList) {
        let fill = node.style.fillColor ?? theme.nodeFill
        let border = selected ? theme.selectedBorder : theme.nodeBorder
        let borderWidth = (selected ? theme.selectedBorderWidth : theme.nodeBorderWidth) * zoomPixels
        let half = node.size * (zoomPixels / 2)
        switch node.shape {
        case .ellipse:
            list.appendEllipse(center: center, radii: half, fill: fill, border: border, borderWidth: borderWidth)
        case .roundedBox:
            list.appendRoundedRect(center: center, halfSize: half, radius: theme.cornerRadius * zoomPixels, fill: fill,
                                   border: border, borderWidth: borderWidth)
        case .plain:
            // Only text and an underline (in the node's edge colour); a fill if one was chosen,
            // and the selection as a tinted box.
            let radius = theme.cornerRadius * zoomPixels
            if selected {
                list.appendRoundedRect(center: center, halfSize: half, radius: radius, fill: (node.style.fillColor ?? theme.selectedBorder.withAlpha(36)),
                                       border: border, borderWidth: max(theme.nodeBorderWidth * zoomPixels, 1))
            } else if let chosen = node.style.fillColor {
                list.appendRoundedRect(center: center, halfSize: half, radius: radius, fill: chosen, border: border, borderWidth: 0)
            }
            let thickness = max((node.style.edgeWidth ?? theme.edgeWidth) * zoomPixels, 1)
            list.appendRect(Rect(x: center.x - half.x, y: center.y + half.y - thickness, width: 2 * half.x, height: thickness),
                            color: node.style.edgeColor ?? theme.edge)
        }
    }
}
