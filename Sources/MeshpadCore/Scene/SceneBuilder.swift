import Foundation

/// Turns the document, seen through a camera, into the frame's `DrawList`.
///
/// All decisions about what appears on screen are made here, in the core: culling to the
/// viewport through the document's spatial index, level of detail, draw order (edges, then
/// nodes in document order, selected nodes last so their border is never covered, then
/// labels), and the HiDPI scale (`pixelScale`, device pixels per window pixel), applied once.
///
/// Level of detail: no labels below `Theme.minimumLabelPixels`; no edge shorter than a pixel;
/// ellipses get fewer segments as they shrink; and once the smallest node would be under
/// `farOutRadiusPixels` in radius, nodes are dots and edges one-pixel hairlines.
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
    public func build(
        document: Document,
        camera: Camera,
        viewportSize: Vec2,
        pixelScale: Double,
        selection: Set<NodeID>,
        drawnPositions: [NodeID: Vec2] = [:],
        into list: inout DrawList
    ) {
        list.removeAll()
        list.background = theme.background
        list.dotColor = theme.nodeFill.mixed(with: theme.nodeBorder, amount: 0.35)
        list.hairlineColor = theme.edge.mixed(with: theme.background, amount: 0.4)
        list.linkHairlineColor = theme.linkEdge.mixed(with: theme.background, amount: 0.4)
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let zoomPixels = camera.zoom * scale
        let deviceViewport = Rect(x: 0, y: 0, width: viewportSize.x * scale, height: viewportSize.y * scale)
        // why: a border or label may poke out of a node's box; a small margin keeps things at the
        // window edge from popping in and out.
        let visible = camera.visibleMapRect(viewportSize: viewportSize).outset(by: 8 / camera.zoom)
        func device(_ mapPoint: Vec2) -> Vec2 { camera.screenPoint(ofMap: mapPoint) * scale }
        let hasGliders = !drawnPositions.isEmpty
        func position(_ node: Node) -> Vec2 {
            hasGliders ? drawnPositions[node.id] ?? node.position : node.position
        }
        // Far out, the smallest node is a few pixels: nodes become dots and edges hairlines.
        let farOut = theme.nodeMetrics.minimumSize.y * zoomPixels / 2 < Self.farOutRadiusPixels

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
        if visible.contains(bounds.origin) && visible.contains(Vec2(bounds.maxX, bounds.maxY)) {
            // The whole map is in view: a straight walk beats visiting every grid cell.
            edgeIndices.append(contentsOf: document.edges.indices)
            nodeIndices.append(contentsOf: document.nodes.indices)
        } else if Self.overlapArea(visible, bounds) > 0.2 * bounds.width * bounds.height {
            // Most of the map is in view: walking the arrays with a box test is cheaper than the grid.
            for e in document.edges.indices where document.edgeBox(e).intersects(visible) { edgeIndices.append(e) }
            for i in document.nodes.indices where document.nodes[i].frame.intersects(visible) { nodeIndices.append(i) }
        } else {
            document.forEachEdge(in: visible) { edgeIndices.append($0) }
            document.forEachNode(in: visible) { nodeIndices.append($0) }
        }
        if hasGliders {
            for id in drawnPositions.keys {
                guard let index = document.index(of: id) else { continue }
                nodeIndices.append(index)
                for edge in document.edgeIndices(touchingNodeAt: index) { edgeIndices.append(Int(edge)) }
            }
            edgeIndices = Array(Set(edgeIndices))
            nodeIndices = Array(Set(nodeIndices))
        }
        if !farOut {
            // Draw order is document order; far out, every dot looks the same and order is moot.
            edgeIndices.sort()
            nodeIndices.sort()
        }

        for e in edgeIndices {
            let edge = document.edges[e]
            let ends = document.endpoints(ofEdgeAt: e)
            let from = position(document.nodes[ends.from]), to = position(document.nodes[ends.to])
            let box = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(from.x - to.x), height: abs(from.y - to.y))
            guard box.intersects(visible) else { continue }
            let a = device(from), b = device(to)
            // Edges shorter than a pixel are invisible (far out, shorter than the dots): skip them.
            guard a.distance(to: b) >= (farOut ? 2 : 1) else { continue }
            list.visibleEdgeCount += 1
            // Far out, or a pixel wide or less: a plain one-pixel line, which the software
            // renderer draws for a fraction of an anti-aliased quad's cost.
            let width = (edge.kind == .tree ? theme.edgeWidth : theme.linkEdgeWidth) * zoomPixels
            if farOut || width <= 1 {
                list.appendHairline(from: a, to: b, clip: deviceViewport, link: edge.kind == .link && !farOut)
            } else {
                let color = edge.kind == .tree ? theme.edge : theme.linkEdge
                list.appendLine(from: a, to: b, width: width, color: color, clip: deviceViewport)
            }
        }

        var selectedIndices = list.selectedNodes
        var labelled = list.labelledNodes
        selectedIndices.removeAll(keepingCapacity: true)
        labelled.removeAll(keepingCapacity: true)
        defer {
            list.selectedNodes = selectedIndices
            list.labelledNodes = labelled
        }
        for index in nodeIndices {
            let node = document.nodes[index]
            let at = position(node)
            guard Rect(center: at, width: node.size.x, height: node.size.y).intersects(visible) else { continue }
            list.visibleNodeCount += 1
            if farOut {
                list.appendDot(at: device(at), size: node.size * zoomPixels)
                continue
            }
            if selection.contains(node.id) {
                selectedIndices.append(index)
                continue
            }
            appendShape(of: node, at: device(at), selected: false, zoomPixels: zoomPixels, into: &list)
            labelled.append(index)
        }
        list.visibleEdges = edgeIndices
        list.visibleNodes = nodeIndices
        for index in selectedIndices {
            let node = document.nodes[index]
            appendShape(of: node, at: device(position(node)), selected: true, zoomPixels: zoomPixels, into: &list)
        }
        labelled.append(contentsOf: selectedIndices)

        let pixelSize = theme.fontSize * zoomPixels
        guard pixelSize >= theme.minimumLabelPixels, !farOut else { return }
        let rasterSize = TextRaster.rasterSize(forPixelSize: pixelSize)
        for index in labelled {
            let node = document.nodes[index]
            guard !node.label.isEmpty else { continue }
            list.labels.append(DrawList.Label(
                text: node.label,
                center: device(position(node)),
                pixelSize: pixelSize,
                rasterPixelSize: rasterSize,
                color: theme.text
            ))
        }
    }

    static func overlapArea(_ a: Rect, _ b: Rect) -> Double {
        max(0, min(a.maxX, b.maxX) - max(a.minX, b.minX)) * max(0, min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// Below this on-screen radius of the smallest node, the map is drawn as dots and hairlines.
    public static let farOutRadiusPixels = 3.0

    private func appendShape(of node: Node, at center: Vec2, selected: Bool, zoomPixels: Double, into list: inout DrawList) {
        list.appendEllipse(
            center: center,
            radii: node.size * (zoomPixels / 2),
            fill: theme.nodeFill,
            border: selected ? theme.selectedBorder : theme.nodeBorder,
            borderWidth: (selected ? theme.selectedBorderWidth : theme.nodeBorderWidth) * zoomPixels
        )
    }
}
