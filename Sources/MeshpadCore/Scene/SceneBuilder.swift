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
        // why: worked out again only when the tree or a style changed, never per frame.
        list.branchLooks.refresh(for: document, palette: theme.branchPalette, background: theme.background)
        let looks = list.branchLooks

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
        } else if Self.overlapArea(visible, bounds) > 0.05 * bounds.width * bounds.height {
            // A good part of the map is in view: walking the arrays with a box test is cheaper than
            // the grid, which reports an item from every cell it is filed in (an imported 100k
            // map's column, a sixth of it in view: 11 ms a frame through the grid, 7.7 walking).
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
        // A filter's view: what it leaves out is not drawn at all, or drawn faint.
        let filterShown = extras.filter?.shown
        func faint(_ index: Int) -> Bool {
            guard extras.filterDims, let filterShown else { return false }
            return index >= filterShown.count || !filterShown[index]
        }
        // A hiding filter's and a focus on a branch's: what either leaves out is not drawn, nor
        // the edges, clouds and brackets of what is left out.
        let masks = [extras.filterDims ? nil : filterShown, extras.focusShown].compactMap { $0 }
        func leftOut(_ i: Int) -> Bool { masks.contains { i >= $0.count || !$0[i] } }
        if !masks.isEmpty {
            nodeIndices.removeAll(where: leftOut)
            edgeIndices.removeAll { e in
                let ends = document.endpoints(ofEdgeAt: e)
                return leftOut(ends.from) || leftOut(ends.to)
            }
        }
        if !farOut {
            // Draw order is document order; far out, every dot looks the same and order is moot.
            edgeIndices.sort()
            nodeIndices.sort()
        }

        appendClouds(document: document, visible: visible, drawnPositions: hasGliders ? drawnPositions : nil, device: device,
                     zoomPixels: zoomPixels, farOut: farOut, leftOut: masks.isEmpty ? nil : leftOut, into: &list)
        if !farOut {
            appendBrackets(document: document, visible: visible, drawnPositions: hasGliders ? drawnPositions : nil, device: device,
                           zoomPixels: zoomPixels, clip: deviceViewport, leftOut: masks.isEmpty ? nil : leftOut, into: &list)
        }

        // Links are found as the edges are culled and drawn once the nodes are: over them, under
        // the text (labels come last), so a loop or a link along a branch is never hidden by a
        // node, and labels and arrowheads read over what they cross.
        var links: [(index: Int, path: EdgePath)] = []
        for e in edgeIndices {
            let ends = document.endpoints(ofEdgeAt: e)
            let from = position(ofNodeAt: ends.from), to = position(ofNodeAt: ends.to)
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
                // Far out, one grey as before: the dots are one colour too, and a far view's tiles,
                // scaled smoothly, must look like the view drawn live.
                list.appendHairline(from: a, to: b, clip: deviceViewport)
                continue
            }
            let mapPath = document.path(ofEdgeAt: e, from: from, to: to)
            guard mapPath.bounds.intersects(visible) else { continue }
            // Edges shorter than a pixel are invisible: skip them (a loop is as long as it is wide).
            guard max(mapPath.bounds.width, mapPath.bounds.height) * zoomPixels >= 1 else { continue }
            list.visibleEdgeCount += 1
            let path = mapPath.mapped(device)
            if document.edges[e].kind == .link {
                links.append((e, path))
                continue
            }
            // No branch runs to a group mark or a summary: a bracket stands for it.
            guard !document.hidesBranch(toNodeAt: ends.to) else { continue }
            // A tree edge is drawn in its child's edge style, as in FreeMind, in its branch's
            // colour, tapering from the parent's depth to the child's unless the map gave a width.
            let style = document.nodes[ends.to].style
            let branch = looks.color(ofNodeAt: ends.to)
            let edgeColor = faint(ends.to) ? theme.visibleLine(branch, fallback: theme.edge).withAlpha(50) : branch
            // why: a far view's tiles are drawn nearer than they are shown, where a taper would be
            // lines thicker than the one-pixel lines the same view drawn live shows: untapered.
            let widths = style.edgeWidth.map { ($0, $0) } ?? (candidates != nil ? (theme.edgeWidth, theme.edgeWidth)
                : (theme.branchWidth(atDepth: looks.depth(ofNodeAt: ends.from)), theme.branchWidth(atDepth: looks.depth(ofNodeAt: ends.to))))
            appendEdgeLine(path, mapWidth: widths.0, endWidth: widths.1, color: edgeColor, cheapWhenThin: style.edgeColor == nil,
                           dash: nil, link: false, selected: document.edges[e].id == extras.selectedEdge, zoomPixels: zoomPixels,
                           scale: scale, clip: deviceViewport, into: &list)
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
            // why: field by field, as the edges are read: binding the whole `Node` copies and
            // retains every string in it, for each of the tens of thousands of far-out dots.
            // An empty summary is not drawn, unless its words are being typed.
            guard !document.nodes[index].isPlaceholder || index == editedIndex else { continue }
            let at = position(ofNodeAt: index), size = document.nodes[index].size
            guard Rect(center: at, width: size.x, height: size.y).intersects(visible) else { continue }
            list.visibleNodeCount += 1
            if farOut {
                list.appendDot(at: device(at), size: size * zoomPixels)
                continue
            }
            if selection.contains(document.nodes[index].id) || index == editedIndex {
                selectedIndices.append(index)
                continue
            }
            appendShape(of: document.nodes[index], at: device(at), selected: false, hovered: document.nodes[index].id == extras.hovered,
                        faint: faint(index), looks: looks, index: index, zoomPixels: zoomPixels, clip: deviceViewport, into: &list)
            labelled.append(index)
        }
        list.visibleEdges = edgeIndices
        list.visibleNodes = nodeIndices
        // why: each shadow is eight or more texture copies; past this many on screen, at a zoom
        // where each node is small, they cost frames and show little.
        if list.shadows.count > Self.shadowBudget { list.shadows.removeAll(keepingCapacity: true) }
        // The node being edited goes last of all: nothing may cover its caret.
        if let editedIndex, let at = selectedIndices.firstIndex(of: editedIndex) {
            selectedIndices.append(selectedIndices.remove(at: at))
        }
        for index in selectedIndices {
            var node = document.nodes[index]
            if index == editedIndex, let layout = extras.editing?.layout { node.size = layout.size }
            appendShape(of: node, at: device(position(node)), selected: true, looks: looks, index: index, zoomPixels: zoomPixels,
                        clip: deviceViewport, into: &list)
        }
        labelled.append(contentsOf: selectedIndices)
        for (index, path) in links {
            let look = document.edges[index].look
            appendEdgeLine(path, mapWidth: look.width ?? theme.linkEdgeWidth, color: look.color, cheapWhenThin: false, dash: look.dash, link: true,
                           selected: document.edges[index].id == extras.selectedEdge, zoomPixels: zoomPixels, scale: scale,
                           clip: deviceViewport, into: &list)
        }
        // why: one-pixel lines are drawn apart from the triangles; they go here in the order,
        // under the labels' pills, arrowheads and badges that follow.
        list.hairlineMark = list.indices.count
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
        for index in labelled where index != editedIndex && document.nodes[index].attributeTableSize.y > 0 {
            let node = document.nodes[index]
            if let table = AttributeTableLayout(node, at: position(node)) {
                appendAttributeTable(table, of: node, device: device, pixelSize: pixelSize * node.style.textScale * NodeSizing.attributeTextScale,
                                     zoomPixels: zoomPixels, into: &list)
            }
        }
        if pixelSize * 4 >= theme.minimumLabelPixels {
            for index in labelled where index != editedIndex {
                let node = document.nodes[index]
                guard !node.label.isEmpty else { continue }
                let style = theme.nodeMetrics.textStyle(of: node)
                let size = style.fontSize == nil ? pixelSize : pixelSize * style.textScale
                guard size >= theme.minimumLabelPixels else { continue }
                let ink = labelColor(of: node)
                var label = DrawList.Label(
                    text: node.label,
                    center: device(position(node) + node.textOffset),
                    pixelSize: size,
                    rasterPixelSize: style.fontSize == nil ? rasterSize : TextRaster.rasterSize(forPixelSize: size),
                    color: faint(index) ? ink.withAlpha(70) : ink
                )
                label.bold = style.bold
                label.italic = style.italic
                list.labels.append(label)
            }
        }
        if pixelSize * NodeChips.textScale >= theme.minimumLabelPixels {
            for index in labelled where index != editedIndex && document.nodes[index].chipsSize.y > 0 {
                let node = document.nodes[index]
                appendChips(NodeChips(node, at: position(node)), of: node, device: device,
                            pixelSize: pixelSize * node.style.textScale * NodeChips.textScale, zoomPixels: zoomPixels,
                            today: extras.today, faint: faint(index), into: &list)
            }
        }
        if let progress = extras.taskProgress {
            appendTaskProgress(progress, document: document, indices: labelled, camera: camera, position: position, scale: scale,
                               faint: faint, into: &list)
        }
        if let editedIndex, let layout = extras.editing?.layout {
            let node = document.nodes[editedIndex]
            appendEditor(layout, of: node, at: device(position(node)), zoomPixels: zoomPixels, into: &list)
        }
        // Without folds only a selected node can show a badge: no need to look at the others.
        let badgeCandidates = document.hiddenCount > 0 ? labelled : labelled.filter { selection.contains(document.nodes[$0].id) }
        appendBadges(document: document, indices: badgeCandidates, selection: selection, camera: camera, position: position, scale: scale,
                     looks: looks, into: &list)
        appendMarkers(document: document, indices: labelled, camera: camera, position: position, scale: scale, looks: looks, into: &list)
        appendPictureHandles(document: document, indices: selectedIndices, extras: extras, camera: camera, position: position,
                             scale: scale, into: &list)
        for (index, path) in links where document.edges[index].look.isDecorated {
            // A label's place is tested against the nodes in map units, as the device path maps back.
            let covered: (Rect) -> Bool = { box in
                let a = camera.mapPoint(ofScreen: Vec2(box.minX, box.minY) / scale), b = camera.mapPoint(ofScreen: Vec2(box.maxX, box.maxY) / scale)
                var hit = false
                document.forEachNode(in: Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)) { i in
                    if !hit, !document.isHidden(nodeAt: i) { hit = true }
                }
                return hit
            }
            appendLinkDecoration(document.edges[index].look, along: path, zoomPixels: zoomPixels, scale: scale, clip: deviceViewport,
                                 covered: covered, into: &list)
        }
        appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
    }

    /// Clouds, behind everything else: outer ones first, so one inside another shows on it.
    /// Their areas are kept by the document; while nodes glide, each is worked out from where
    /// its nodes are drawn (the document holds where they are going).
    private func appendClouds(document: Document, visible: Rect, drawnPositions: DrawnPositions?, device: (Vec2) -> Vec2,
                              zoomPixels: Double, farOut: Bool, leftOut: ((Int) -> Bool)?, into list: inout DrawList) {
        guard !document.cloudAreas.isEmpty else { return }
        let drawnAt = Self.drawnAt(drawnPositions, in: document)
        for (index, cloud, outline) in document.cloudsOutermostFirst(drawnAt: drawnAt)
        where outline.outset(by: Document.cloudBump).intersects(visible) && !(leftOut?(index) ?? false) {
            let (fill, border) = theme.colors(of: cloud)
            let rect = Self.deviceRect(outline, device)
            let bump = farOut || !cloud.shape.isBumpy ? 0 : Document.cloudBump * zoomPixels
            let radius = cloud.shape.cornerRadius * zoomPixels
            list.appendCloud(around: rect, radius: min(radius, rect.height / 2, rect.width / 2), bump: bump, fill: fill, border: border,
                             borderWidth: farOut ? 0 : max(1, 1.2 * zoomPixels))
        }
    }

    /// A node's attribute table under its text: a tinted header ("▾ Attributes", or how many rows
    /// a folded one hides) and a row a name and value, ruled apart, the names dimmer. Its words
    /// are drawn while they are big enough to read, each cut short to its cell.
    private func appendAttributeTable(_ table: AttributeTableLayout, of node: Node, device: (Vec2) -> Vec2, pixelSize: Double,
                                      zoomPixels: Double, into list: inout DrawList) {
        func rect(_ r: Rect) -> Rect { Self.deviceRect(r, device) }
        let colors = theme.attributeTableColors(fill: node.style.fillColor ?? theme.nodeFill, ink: theme.textColor(of: node))
        let rule = colors.rule
        let frame = rect(table.frame)
        list.appendRect(frame, color: colors.table)
        list.appendRect(rect(table.header), color: colors.header)
        let line = max(1, zoomPixels * 0.6)
        for name in table.names {
            let r = rect(name)
            list.appendRect(Rect(x: frame.minX, y: r.minY, width: frame.width, height: line), color: rule)
        }
        if let first = table.names.first {
            let r = rect(first)
            list.appendRect(Rect(x: r.maxX, y: r.minY, width: line, height: frame.maxY - r.minY), color: rule)
        }
        guard pixelSize >= theme.minimumLabelPixels else { return }
        let raster = TextRaster.rasterSize(forPixelSize: pixelSize)
        let pad = NodeSizing.attributeCellPadding * zoomPixels
        func words(_ text: String, in cell: Rect, color: RGBA) {
            guard !text.isEmpty else { return }
            var label = DrawList.Label(text: text, center: Vec2(cell.minX + pad, cell.center.y), pixelSize: pixelSize,
                                       rasterPixelSize: raster, color: color, alignment: .leading)
            label.maxWidth = max(cell.width - 2 * pad, 1)
            list.labels.append(label)
        }
        words(node.attributes.header, in: rect(table.header), color: colors.value)
        for (k, row) in node.attributes.rows.enumerated() where k < table.names.count {
            words(row.name, in: rect(table.names[k]), color: colors.name)
            words(row.value, in: rect(table.values[k]), color: colors.value)
        }
    }

    /// A node's pills under its text: its due day (red once it has passed, unless the task is
    /// done), then its tags, each
    /// on a tint of the node's ink, its words cut short to the pill.
    private func appendChips(_ chips: NodeChips, of node: Node, device: (Vec2) -> Vec2, pixelSize: Double, zoomPixels: Double,
                             today: CalendarDay?, faint: Bool, into list: inout DrawList) {
        let ink = theme.textColor(of: node)
        let raster = TextRaster.rasterSize(forPixelSize: pixelSize)
        let pad = NodeChips.padding * zoomPixels
        for chip in chips.chips {
            let r = Self.deviceRect(chip.frame, device)
            var fill = ink.withAlpha(28), text = ink
            if case .due(let day) = chip.kind, let today, day < today, node.task != .done {
                fill = Theme.overdue
                text = RGBA(hex: 0xFFFFFF)
            }
            if faint {
                fill = fill.withAlpha(min(fill.a, 20))
                text = text.withAlpha(70)
            }
            list.appendRoundedRect(center: r.center, halfSize: Vec2(r.width / 2, r.height / 2), radius: r.height / 2, fill: fill,
                                   border: fill, borderWidth: 0)
            var label = DrawList.Label(text: chip.text, center: Vec2(r.minX + pad, r.center.y), pixelSize: pixelSize,
                                       rasterPixelSize: raster, color: text, alignment: .leading)
            label.maxWidth = max(r.width - 2 * pad, 1)
            list.labels.append(label)
        }
    }

    /// "3/5" on a pill at the top-right corner of each node with tasks below it: green once all
    /// are done. Sized like the fold badge, shrinking with it far out.
    private func appendTaskProgress(_ progress: TaskProgress, document: Document, indices: [Int], camera: Camera, position: (Node) -> Vec2,
                                    scale: Double, faint: (Int) -> Bool, into list: inout DrawList) {
        let shrink = FoldBadge.drawScale(atZoom: camera.zoom)
        let pixelSize = 13 * scale * shrink
        let raster = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in indices {
            let node = document.nodes[index]
            guard let count = progress.counts[node.id], node.size.x * camera.zoom >= FoldBadge.minimumNodePixels else { continue }
            let text = "\(count.done)/\(count.total)"
            let width = (Double(text.count) * 0.62 * 13 + 12) * scale * shrink, height = 20 * scale * shrink
            let corner = camera.screenPoint(ofMap: position(node) + Vec2(node.size.x / 2, -node.size.y / 2)) * scale
            let centre = corner + Vec2(-width / 2 + 4 * scale, -2 * scale)
            let complete = count.done == count.total
            // A node a filter dims has its count dimmed with it.
            let alpha: UInt8 = faint(index) ? 60 : 255
            let fill = (complete ? Theme.tasksDone : theme.badgeFill).withAlpha(alpha)
            list.appendRoundedRect(center: centre, halfSize: Vec2(width / 2, height / 2), radius: height / 2, fill: fill,
                                   border: complete ? fill : theme.nodeBorder.withAlpha(alpha), borderWidth: 1.2 * scale)
            list.labels.append(DrawList.Label(text: text, center: centre, pixelSize: pixelSize, rasterPixelSize: raster,
                                              color: (complete ? RGBA(hex: 0xFFFFFF) : theme.badgeText).withAlpha(alpha)))
        }
    }

    /// Summaries' brackets: a brace beyond the branches of the siblings each sums up, spanning
    /// them, its tip joined to the summary (drawn with the branches, in the summary's edge style).
    private func appendBrackets(document: Document, visible: Rect, drawnPositions: DrawnPositions?, device: (Vec2) -> Vec2,
                                zoomPixels: Double, clip: Rect, leftOut: ((Int) -> Bool)?, into list: inout DrawList) {
        let groups = document.summaryGroups
        guard !groups.isEmpty else { return }
        let drawnAt = Self.drawnAt(drawnPositions, in: document)
        for (summary, members) in groups {
            if let leftOut, let index = document.index(of: summary), leftOut(index) { continue }
            guard let bracket = document.summaryBracket(of: summary, members: members, drawnAt: drawnAt),
                  bracket.bounds.intersects(visible), let node = document.node(summary) else { continue }
            let width = max((node.style.edgeWidth ?? theme.edgeWidth) * zoomPixels, 1)
            let color = theme.visibleLine(node.style.edgeColor, fallback: theme.edge)
            for path in bracket.paths { list.appendPath(path.mapped(device), width: width, color: color, clip: clip) }
        }
    }

    /// Where gliding nodes are drawn, by node index (nil when none glide: where the document has them).
    private static func drawnAt(_ drawnPositions: DrawnPositions?, in document: Document) -> ((Int) -> Vec2)? {
        drawnPositions.map { positions in { positions[document.nodes[$0].id] ?? document.nodes[$0].position } }
    }

    /// An edge's line (device pixels): wide in the selection colour under it when selected; a
    /// line a pixel wide or less in the theme's colour as a plain one-pixel line, which the
    /// software renderer draws for a fraction of an anti-aliased quad's cost (a link across the
    /// screen is a long thin quad, and SDL's rasteriser walks every pixel of its triangles'
    /// bounding boxes: 5,000 links at zoom 0.15 took 20 ms a frame); dashed in widths of the line.
    /// A branch tapers from `mapWidth` at its parent to `endWidth` at its child; a colour not the
    /// map's own (`cheapWhenThin`: the palette's) gives way to the plain one-pixel line as a
    /// chosen one does not, so mid-zoom views cost what they did before colours.
    private func appendEdgeLine(_ path: EdgePath, mapWidth: Double, endWidth: Double? = nil, color chosen: RGBA?, cheapWhenThin: Bool,
                                dash: [Double]?, link: Bool, selected: Bool,
                                zoomPixels: Double, scale: Double, clip: Rect, into list: inout DrawList) {
        var width = mapWidth * zoomPixels
        var end = (endWidth ?? mapWidth) * zoomPixels
        if selected {
            // A selected edge stands out at any zoom: wide, in the selection colour.
            list.appendPath(path, width: max(width + 4 * scale, 4 * scale), color: theme.selectedBorder, clip: clip)
            width = max(width, 1.5)
            end = max(end, 1.5)
        }
        let color = theme.visibleLine(chosen, fallback: link ? theme.linkEdge : theme.edge)
        if let dash, !dash.isEmpty {
            // why: Freeplane's dashes are in widths of the line, so a thicker line has longer dashes.
            let unit = max(mapWidth, 1) * zoomPixels
            list.appendDashedPath(path, width: width, color: color, pattern: dash.map { $0 * unit }, clip: clip)
        } else if (link ? width < 1 : max(width, end) <= 1) && (chosen == nil || cheapWhenThin) {
            // A link a pixel wide (at 100 %) keeps its anti-aliased line, the look people see most.
            // A branch keeps its colour.
            list.appendHairlines(along: path, clip: clip, link: link, color: link ? nil : chosen)
        } else {
            list.appendPath(path, width: width, endWidth: end, color: color, clip: clip)
        }
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
    private func appendEditor(_ layout: TextEditLayout, of node: Node, at center: Vec2, zoomPixels: Double, into list: inout DrawList) {
        func device(_ r: Rect) -> Rect {
            Rect(x: center.x + r.minX * zoomPixels, y: center.y + r.minY * zoomPixels, width: r.width * zoomPixels, height: r.height * zoomPixels)
        }
        let style = theme.nodeMetrics.textStyle(of: node)
        for rect in layout.selection { list.appendRect(device(rect), color: theme.textSelection) }
        let pixelSize = theme.fontSize * zoomPixels * style.textScale
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        let color = labelColor(of: node)
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
                              position: (Node) -> Vec2, scale: Double, looks: BranchLooks, into list: inout DrawList) {
        guard document.hiddenCount > 0 || !selection.isEmpty else { return }
        let shrink = FoldBadge.drawScale(atZoom: camera.zoom)
        let radius = FoldBadge.radiusPixels * scale * shrink
        let pixelSize = 13 * scale * shrink
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in indices {
            let node = document.nodes[index]
            guard FoldBadge.isShown(node, in: document, selection: selection, zoom: camera.zoom) else { continue }
            let count = document.hiddenDescendantCount(of: node.id)
            let centre = FoldBadge.screenCenter(of: node, at: position(node), side: FoldBadge.side(of: node, in: document), camera: camera) * scale
            let text = count > 0 ? (count > 999 ? "999+" : "\(count)") : "−"
            let width = max(2 * radius, (Double(text.count) * 7.5 + 10) * scale * shrink)
            // Ringed in its branch's colour, a pill on the node's own line.
            list.appendEllipse(center: centre, radii: Vec2(width / 2, radius), fill: theme.badgeFill, border: markerRing(looks, index),
                               borderWidth: 2 * scale)
            list.labels.append(DrawList.Label(text: text, center: centre, pixelSize: pixelSize, rasterPixelSize: rasterSize,
                                              color: theme.badgeText))
        }
    }

    /// A badge's or marker's ring: its node's branch colour where outlines take it, else the theme's outline.
    private func markerRing(_ looks: BranchLooks, _ index: Int) -> RGBA {
        theme.outline(ofBranch: looks.color(ofNodeAt: index))
    }

    /// Resize handles: a disc tucked against the bottom-right corner of each selected node's
    /// picture, a grip (◢) in it, as `PictureHandle` hit-tests them. Drawn with the shapes, just
    /// outside the picture, since pictures are drawn over the shapes.
    private func appendPictureHandles(document: Document, indices: [Int], extras: SceneExtras, camera: Camera,
                                      position: (Node) -> Vec2, scale: Double, into list: inout DrawList) {
        guard extras.picturesResizable else { return }
        let radius = PictureHandle.radiusPixels * scale
        let edited = extras.editing?.node
        for index in indices {
            let node = document.nodes[index]
            guard node.id != edited, PictureHandle.isShown(node, zoom: camera.zoom) else { continue }
            let centre = PictureHandle.screenCenter(of: node, at: position(node), camera: camera) * scale
            list.appendEllipse(center: centre, radii: Vec2(radius, radius), fill: theme.badgeFill, border: theme.selectedBorder,
                               borderWidth: 2 * scale)
            let grip = radius * 0.5
            list.appendTriangle(centre + Vec2(grip, -grip), centre + Vec2(grip, grip), centre + Vec2(-grip, grip), color: theme.selectedBorder)
        }
    }

    /// Markers: a small disc at the top outer corner of each node that links somewhere (↗, or #
    /// for a node of the map) and at the bottom one of each node with a note (≡), as
    /// `NodeMarker` hit-tests them.
    private func appendMarkers(document: Document, indices: [Int], camera: Camera, position: (Node) -> Vec2, scale: Double,
                               looks: BranchLooks, into list: inout DrawList) {
        let shrink = FoldBadge.drawScale(atZoom: camera.zoom)
        let radius = NodeMarker.radiusPixels * scale * shrink
        let pixelSize = 14 * scale * shrink
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in indices {
            let node = document.nodes[index]
            for marker in [NodeMarker.link, .note] where marker.isShown(node, zoom: camera.zoom) {
                let centre = marker.screenCenter(of: node, at: position(node), side: FoldBadge.side(of: node, in: document), camera: camera) * scale
                list.appendEllipse(center: centre, radii: Vec2(radius, radius), fill: theme.badgeFill, border: markerRing(looks, index),
                                   borderWidth: 2 * scale)
                // "#…" goes to a node of this map; anything else leaves it.
                let glyph = marker == .note ? "≡" : (node.link?.hasPrefix("#") == true ? "#" : "↗")
                list.labels.append(DrawList.Label(text: glyph, center: centre, pixelSize: pixelSize, rasterPixelSize: rasterSize,
                                                  color: theme.badgeText))
            }
        }
    }

    /// A link's arrowheads (at the ends of its path, which meet the nodes' outlines, pointing
    /// along it) and its labels: the middle one on a pill of the background at the path's middle,
    /// the source and target ones smaller, near their ends on the side the link arches to, so
    /// they read beside the line and the arrowheads. `path` is in device pixels, as drawn.
    private func appendLinkDecoration(_ look: LinkLook, along path: EdgePath, zoomPixels: Double, scale: Double, clip: Rect,
                                      covered: (Rect) -> Bool, into list: inout DrawList) {
        let size = look.arrowheadSize(zoomPixels: zoomPixels)
        let color = theme.visibleLine(look.color, fallback: theme.linkEdge)
        // why: a link crossing the view mostly ends off it; each triangle handed to SDL costs
        // its setup even when clipped away (2,400 a frame on a map with 5,000 links).
        let reach = clip.outset(by: 2 * size)
        if look.arrows.contains(.end), reach.contains(path.end) {
            appendArrowhead(at: path.end, pointing: path.endDirection, size: size, color: color, into: &list)
        }
        if look.arrows.contains(.start), reach.contains(path.start) {
            appendArrowhead(at: path.start, pointing: -path.startDirection, size: size, color: color, into: &list)
        }
        let pixelSize = theme.fontSize * 0.85 * zoomPixels
        guard pixelSize >= 6 else { return }
        for label in look.placedLabels(along: path, textSize: pixelSize, scale: scale, covered: covered) {
            let (centre, width, textSize, small) = (label.centre, label.width, label.textSize, label.place != .middle)
            list.appendRoundedRect(center: centre, halfSize: Vec2(width / 2, textSize * 0.8), radius: 6 * scale,
                                   fill: theme.background.withAlpha(230), border: small ? theme.background.withAlpha(0) : color,
                                   borderWidth: small ? 0 : 1 * scale)
            var text = DrawList.Label(text: label.words, center: centre, pixelSize: textSize,
                                      rasterPixelSize: TextRaster.rasterSize(forPixelSize: textSize), color: theme.text)
            text.maxWidth = width - 8 * scale
            list.labels.append(text)
        }
    }

    private func appendArrowhead(at tip: Vec2, pointing direction: Vec2, size: Double, color: RGBA, into list: inout DrawList) {
        guard let (a, b, c) = Self.arrowhead(at: tip, pointing: direction, size: size) else { return }
        list.appendTriangle(a, b, c, color: color)
    }

    /// An arrowhead's corners, its tip first: 1.6 `size` long, 1.4 `size` across its base
    /// (`direction` a unit vector); nil for a direction too short to point anywhere.
    static func arrowhead(at tip: Vec2, pointing direction: Vec2, size: Double) -> (Vec2, Vec2, Vec2)? {
        guard tip.isFinite, direction.isFinite, direction.length > 0.5 else { return nil }
        let normal = Vec2(-direction.y, direction.x)
        let base = tip - direction * size * 1.6
        return (tip, base + normal * size * 0.7, base - normal * size * 0.7)
    }

    /// A link being drawn and a selection rectangle: drawn over everything on the map.
    private func appendPointerFeedback(_ extras: SceneExtras, document: Document, device: (Vec2) -> Vec2, scale: Double,
                                       deviceViewport: Rect, into list: inout DrawList) {
        appendPresence(extras.presence, document: document, device: device, scale: scale, into: &list)
        if let (from, to) = extras.linkPreview, let node = document.node(from) {
            let a = device(node.position), b = device(to)
            list.appendLine(from: a, to: b, width: 2.5 * scale, color: theme.linkEdge, clip: deviceViewport)
            list.appendEllipse(center: b, radii: Vec2(5, 5) * scale, fill: theme.linkEdge, border: theme.linkEdge, borderWidth: 0)
        }
        if let target = extras.dropTarget, let node = document.node(target) {
            // Where a drop would make the dragged nodes its children: lit, a finger's margin round it.
            let a = device(node.position - node.size / 2), b = device(node.position + node.size / 2)
            let half = Vec2(abs(b.x - a.x), abs(b.y - a.y)) / 2 + Vec2(6, 6) * scale
            list.appendRoundedRect(center: (a + b) / 2, halfSize: half, radius: 10 * scale, fill: theme.highlight.withAlpha(60),
                                   border: theme.highlight, borderWidth: 3 * scale)
        }
        if let band = extras.band {
            let r = Self.deviceRect(band, device)
            list.appendRect(r, color: theme.uiPrimary.withAlpha(40))
            let w = max(1, scale)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.maxY - w, width: r.width, height: w), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.minX, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
            list.appendRect(Rect(x: r.maxX - w, y: r.minY, width: w, height: r.height), color: theme.uiPrimary)
        }
    }

    /// Other screens' people: a ring in their colour around the node they type in or drag, at
    /// least a finger's width even on a far-out dot so they can be found, and a tag with their
    /// name above it at a fixed size (readable at any zoom, as tldraw's cursors are). Drawn where
    /// the node is going: a remote move glides for a fifth of a second and the ring waits there.
    private func appendPresence(_ marks: [SceneExtras.PresenceMark], document: Document, device: (Vec2) -> Vec2, scale: Double,
                                into list: inout DrawList) {
        // why: several people in one node each keep a ring and a readable tag: rings nest
        // outwards and tags stand side by side, never on top of each other.
        var onNode: [NodeID: (rings: Int, tagsRight: Double)] = [:]
        for mark in marks {
            guard let node = document.node(mark.node) else { continue }
            let center = device(node.position), width = 3 * scale
            let corner = device(node.position + node.size / 2)
            let half = Vec2(max(corner.x - center.x, 6 * scale), max(corner.y - center.y, 6 * scale))
            let stacked = onNode[mark.node] ?? (0, 0)
            let outset = width + 3 * scale + Double(stacked.rings) * (width + 2 * scale)
            let radii = half + Vec2(outset, outset)
            if node.shape == .ellipse {
                list.appendRing(center: center, radii: radii, color: mark.color, width: width)
            } else {
                list.appendRoundedRect(center: center, halfSize: radii, radius: min(radii.x, radii.y) * 0.3,
                                       fill: nil, border: mark.color, borderWidth: width)
            }
            let pixelSize = 12 * scale, height = pixelSize * 1.6, padding = 6 * scale
            // why: 10 % over the measure: bold drawn at a rasterised size runs a little wider than measured.
            let tagWidth = min(mark.nameWidth * pixelSize / theme.fontSize * 1.1, 200 * scale) + 2 * padding
            let firstRing = half + Vec2(width + 3 * scale, width + 3 * scale)
            let tagX = stacked.rings == 0 ? center.x - firstRing.x : stacked.tagsRight + 4 * scale
            let tag = Rect(x: tagX, y: center.y - radii.y - height - 2 * scale, width: tagWidth, height: height)
            onNode[mark.node] = (stacked.rings + 1, tag.maxX)
            list.appendRoundedRect(center: tag.center, halfSize: Vec2(tag.width / 2, tag.height / 2), radius: height / 2,
                                   fill: mark.color, border: mark.color, borderWidth: 0)
            var label = DrawList.Label(text: mark.name, center: Vec2(tag.minX + padding, tag.center.y), pixelSize: pixelSize,
                                       rasterPixelSize: TextRaster.rasterSize(forPixelSize: pixelSize),
                                       color: RGBA(hex: 0xFFFFFF), alignment: .leading)
            // why: the cap on long names; a name that fits is never cut for a pixel of rounding.
            label.maxWidth = tag.width - padding
            label.bold = true
            list.labels.append(label)
        }
    }

    /// A map rectangle in device pixels (the camera does not rotate: corners map to corners).
    static func deviceRect(_ r: Rect, _ device: (Vec2) -> Vec2) -> Rect {
        let p = device(r.origin), q = device(Vec2(r.maxX, r.maxY))
        return Rect(x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y)
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
        if !farOut { list.branchLooks.refresh(for: document, palette: theme.branchPalette, background: theme.background) }
        let looks = list.branchLooks
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
                list.appendPath(path, width: max(width, 1.5), color: theme.visibleLine(edgeStyle.edgeColor, fallback: isLink ? theme.linkEdge : theme.edge),
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
            appendShape(of: node, at: device(node.position), selected: true, looks: looks, index: index, zoomPixels: zoomPixels,
                        clip: deviceViewport, into: &list)
            list.visibleNodeCount += 1
        }
        let pixelSize = theme.fontSize * zoomPixels
        for index in shown where index != editedIndex {
            let node = document.nodes[index]
            let style = theme.nodeMetrics.textStyle(of: node)
            let size = style.fontSize == nil ? pixelSize : pixelSize * style.textScale
            guard !node.label.isEmpty, size >= theme.minimumLabelPixels else { continue }
            var label = DrawList.Label(text: node.label, center: device(node.position + node.textOffset), pixelSize: size,
                                       rasterPixelSize: TextRaster.rasterSize(forPixelSize: size), color: labelColor(of: node))
            label.bold = style.bold
            label.italic = style.italic
            list.labels.append(label)
        }
        if let editedIndex, let layout = extras.editing?.layout {
            let node = document.nodes[editedIndex]
            appendEditor(layout, of: node, at: device(node.position), zoomPixels: zoomPixels, into: &list)
        }
        appendBadges(document: document, indices: shown, selection: selection, camera: camera, position: { $0.position }, scale: scale,
                     looks: looks, into: &list)
        appendPictureHandles(document: document, indices: shown, extras: extras, camera: camera, position: { $0.position }, scale: scale,
                             into: &list)
        appendPointerFeedback(extras, document: document, device: device, scale: scale, deviceViewport: deviceViewport, into: &list)
    }

    static func overlapArea(_ a: Rect, _ b: Rect) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// More gliding nodes than this and every node is considered for drawing, not just the
    /// visible ones and the gliders.
    static let manyGliders = 2000

    /// At most this many nodes in view cast shadows (see `build`).
    static let shadowBudget = 150

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

    /// The colour a node's words are drawn in: the central topic's on its accent (or on the fill
    /// the map gives it), any other node's as the theme decides (`Theme.textColor(of:)`).
    func labelColor(of node: Node) -> RGBA {
        guard node.isCentral, node.shape != .plain else { return theme.textColor(of: node) }
        let fill = (node.style.fillColor ?? theme.accent).over(theme.background)
        return theme.readableText(node.style.textColor ?? theme.accentText, on: fill)
    }

    /// A node's shape: the central topic in the accent, heavier; a first-level node outlined a
    /// step heavier in its branch's colour and tinted more; deeper nodes lightly tinted with a
    /// plain outline in their branch's colour. Colours the map gives a node win. A soft shadow
    /// under boxes and ellipses big enough to show one (a free-standing node floats higher).
    private func appendShape(of node: Node, at center: Vec2, selected: Bool, hovered: Bool = false, faint: Bool = false, looks: BranchLooks,
                             index: Int, zoomPixels: Double, clip: Rect, into list: inout DrawList) {
        let branch = looks.color(ofNodeAt: index)
        let depth = looks.depth(ofNodeAt: index)
        let central = node.isCentral
        var (fill, border, borderWidth) = theme.look(of: node, looks: looks, index: index)
        borderWidth *= zoomPixels
        if faint {
            // A node a filter leaves out, dimmed: its shape a ghost of itself.
            fill = fill.withAlpha(60)
            border = border.withAlpha(50)
        }
        let half = node.size * (zoomPixels / 2)
        let small = 2 * min(half.x, half.y) < DrawList.smallShapePixels
        if selected {
            border = theme.selectedBorder
            borderWidth = max(borderWidth, theme.selectedBorderWidth * zoomPixels)
        }
        if selected || hovered {
            // Read at a glance: a soft halo round the node, in the selection colour (fainter and
            // thinner for the node a hovering mouse is over).
            if !small && node.shape != .plain {
                let glow = selected ? max(3, 5 * zoomPixels) : max(2, 3 * zoomPixels)
                let halo = theme.selectedBorder.withAlpha(selected ? 70 : 45)
                let grown = half + Vec2(glow, glow)
                if node.shape == .ellipse {
                    list.appendRing(center: center, radii: grown - Vec2(glow / 2, glow / 2), color: halo, width: glow)
                } else {
                    list.appendRoundedRect(center: center, halfSize: grown, radius: (theme.cornerRadius * zoomPixels) + glow, fill: nil,
                                           border: halo, borderWidth: glow)
                }
            }
        }
        // why: whole device pixels: SDL's software renderer puts each vertex on a whole pixel,
        // and a ring 2.5 px wide came out a line, a pixel of fill and a fainter line.
        if borderWidth >= 1 { borderWidth = borderWidth.rounded() }
        // why: under half size a shadow is a pixel's blur that costs a frame its copies.
        if let shadow = theme.shadow, !faint, !small, zoomPixels >= 0.5, node.shape != .plain || node.style.fillColor != nil {
            let lift = depth == 1 && !central && looks.isFree(index) ? 2.0 : 1.0
            // why: cast from a box inside the outline, so its darkest part lies under the node
            // and the blur, not a hard edge, shows past the rounded corners.
            let inset = max(0, min(node.shape == .ellipse ? 0.6 * min(half.x, half.y) : theme.cornerRadius * zoomPixels, min(half.x, half.y) - 1))
            let blur = min(max(6 * zoomPixels * lift, 2), 28) + inset
            let rect = Rect(center: center + Vec2(0, 2 * zoomPixels * lift), width: 2 * (half.x - inset), height: 2 * (half.y - inset))
            list.shadows.append(DrawList.Shadow(rect: rect, blur: blur, color: shadow))
        }
        switch node.shape {
        case .ellipse where small:
            list.appendPixelShape(center: center, halfSize: half, radius: nil, fill: fill, border: border, borderWidth: borderWidth, clip: clip)
        case .roundedBox where small:
            list.appendPixelShape(center: center, halfSize: half, radius: theme.cornerRadius * zoomPixels, fill: fill,
                                  border: border, borderWidth: borderWidth, clip: clip)
        case .ellipse:
            list.appendEllipse(center: center, radii: half, fill: fill, border: border, borderWidth: borderWidth)
        case .roundedBox:
            list.appendRoundedRect(center: center, halfSize: half, radius: theme.cornerRadius * zoomPixels, fill: fill,
                                   border: border, borderWidth: borderWidth)
        case .plain:
            // Only text and an underline (in the node's branch colour); a fill if one was chosen,
            // and the selection as a tinted box.
            let radius = theme.cornerRadius * zoomPixels
            if selected {
                list.appendRoundedRect(center: center, halfSize: half, radius: radius, fill: (node.style.fillColor ?? theme.selectedBorder.withAlpha(36)),
                                       border: border, borderWidth: max(theme.nodeBorderWidth * zoomPixels, 1))
            } else if let chosen = node.style.fillColor {
                list.appendRoundedRect(center: center, halfSize: half, radius: radius, fill: chosen, border: border, borderWidth: 0)
            }
            let thickness = max((node.style.edgeWidth ?? theme.branchWidth(atDepth: depth)) * zoomPixels, 1)
            list.appendRect(Rect(x: center.x - half.x, y: center.y + half.y - thickness, width: 2 * half.x, height: thickness),
                            color: theme.visibleLine(branch, fallback: theme.edge))
        }
    }
}
