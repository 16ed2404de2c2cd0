/// Turns the document, seen through a camera, into the frame's `DrawList`.
///
/// All decisions about what appears on screen are made here, in the core: culling to the
/// viewport, level of detail (no label below `Theme.minimumLabelPixels`), draw order (edges,
/// then nodes, selected nodes last so their border is never covered, then labels), and the
/// HiDPI scale (`pixelScale`, device pixels per window pixel), applied once.
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
        let scale = pixelScale.isFinite && pixelScale > 0 ? pixelScale : 1
        let zoomPixels = camera.zoom * scale
        // why: a border or label may poke out of a node's box; a small margin keeps things at the
        // window edge from popping in and out.
        let visible = camera.visibleMapRect(viewportSize: viewportSize).outset(by: 8 / camera.zoom)
        func device(_ mapPoint: Vec2) -> Vec2 { camera.screenPoint(ofMap: mapPoint) * scale }
        let hasGliders = !drawnPositions.isEmpty
        func position(_ node: Node) -> Vec2 {
            hasGliders ? drawnPositions[node.id] ?? node.position : node.position
        }

        for edge in document.edges {
            guard let fromNode = document.node(edge.from), let toNode = document.node(edge.to) else { continue }
            let from = position(fromNode), to = position(toNode)
            let box = Rect(x: min(from.x, to.x), y: min(from.y, to.y), width: abs(from.x - to.x), height: abs(from.y - to.y))
            guard box.intersects(visible) else { continue }
            list.visibleEdgeCount += 1
            let color = edge.kind == .tree ? theme.edge : theme.linkEdge
            list.appendLine(from: device(from), to: device(to), width: theme.edgeWidth * zoomPixels, color: color)
        }

        var visibleSelected: [Int] = []
        var labelled: [Int] = []
        for (index, node) in document.nodes.enumerated()
        where Rect(center: position(node), width: node.size.x, height: node.size.y).intersects(visible) {
            list.visibleNodeCount += 1
            if selection.contains(node.id) {
                visibleSelected.append(index)
                continue
            }
            appendShape(of: node, at: device(position(node)), selected: false, zoomPixels: zoomPixels, into: &list)
            labelled.append(index)
        }
        for index in visibleSelected {
            let node = document.nodes[index]
            appendShape(of: node, at: device(position(node)), selected: true, zoomPixels: zoomPixels, into: &list)
        }
        labelled.append(contentsOf: visibleSelected)

        let pixelSize = theme.fontSize * zoomPixels
        guard pixelSize >= theme.minimumLabelPixels else { return }
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
