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
    public func build(
        document: Document,
        camera: Camera,
        viewportSize: Vec2,
        pixelScale: Double,
        selection: Set<NodeID>,
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

        for edge in document.edges {
            guard let from = document.node(edge.from), let to = document.node(edge.to) else { continue }
            let box = Rect(x: min(from.position.x, to.position.x), y: min(from.position.y, to.position.y),
                           width: abs(from.position.x - to.position.x), height: abs(from.position.y - to.position.y))
            guard box.intersects(visible) else { continue }
            list.visibleEdgeCount += 1
            let color = edge.kind == .tree ? theme.edge : theme.linkEdge
            list.appendLine(from: device(from.position), to: device(to.position), width: theme.edgeWidth * zoomPixels, color: color)
        }

        var visibleSelected: [Int] = []
        var labelled: [Int] = []
        for (index, node) in document.nodes.enumerated() where node.frame.intersects(visible) {
            list.visibleNodeCount += 1
            if selection.contains(node.id) {
                visibleSelected.append(index)
                continue
            }
            appendShape(of: node, selected: false, zoomPixels: zoomPixels, device: device, into: &list)
            labelled.append(index)
        }
        for index in visibleSelected {
            appendShape(of: document.nodes[index], selected: true, zoomPixels: zoomPixels, device: device, into: &list)
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
                center: device(node.position),
                pixelSize: pixelSize,
                rasterPixelSize: rasterSize,
                color: theme.text
            ))
        }
    }

    private func appendShape(of node: Node, selected: Bool, zoomPixels: Double, device: (Vec2) -> Vec2, into list: inout DrawList) {
        list.appendEllipse(
            center: device(node.position),
            radii: node.size * (zoomPixels / 2),
            fill: theme.nodeFill,
            border: selected ? theme.selectedBorder : theme.nodeBorder,
            borderWidth: (selected ? theme.selectedBorderWidth : theme.nodeBorderWidth) * zoomPixels
        )
    }
}
