import Foundation

/// The whole map as an SVG picture: vector shapes, edges and text, in the theme's colours, drawn
/// as the screen draws them (each node's own shape, clouds, summaries' brackets, links'
/// arrowheads and labels, attribute tables; folded branches left out).
///
/// Sizes come from the nodes as measured (call `prepareForDisplay` first); the text is real
/// text, centred line by line, so it stays sharp and searchable at any zoom.
public enum SVGExport {
    public static func encode(_ document: Document, theme: Theme = .standard, margin: Double = 40) -> Data {
        let bounds = document.bounds.outset(by: margin)
        func n(_ v: Double) -> String { String(format: "%.1f", v) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"\(n(bounds.minX)) \(n(bounds.minY)) \(n(bounds.width)) \(n(bounds.height))\""
        out += " width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\">\n"
        out += "<rect x=\"\(n(bounds.minX))\" y=\"\(n(bounds.minY))\" width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\"\(paint("fill", theme.background))/>\n"
        func line(_ path: EdgePath, _ attributes: String) -> String {
            if path.isStraight {
                return "<line x1=\"\(n(path.start.x))\" y1=\"\(n(path.start.y))\" x2=\"\(n(path.end.x))\" y2=\"\(n(path.end.y))\"\(attributes)/>\n"
            }
            return "<path d=\"M \(n(path.start.x)) \(n(path.start.y)) C \(n(path.control1.x)) \(n(path.control1.y)),"
                + " \(n(path.control2.x)) \(n(path.control2.y)), \(n(path.end.x)) \(n(path.end.y))\" fill=\"none\"\(attributes)/>\n"
        }
        out += clouds(document, theme: theme, n)
        // The branch colours and depths the screen draws by (a line of one width here: its middle's).
        var looks = BranchLooks()
        looks.refresh(for: document, palette: theme.branchPalette, background: theme.background)
        out += "<g stroke-linecap=\"round\">\n"
        for (e, edge) in document.edges.enumerated() where !document.isHidden(edgeAt: e) {
            // As on screen: no branch to a summary or to a group mark that is not shown.
            if edge.kind == .tree, document.hidesBranch(toNodeAt: document.endpoints(ofEdgeAt: e).to) { continue }
            let isLink = edge.kind == .link
            let ends = document.endpoints(ofEdgeAt: e)
            let own = document.nodes[ends.to].style
            let color = isLink ? edge.look.color ?? theme.linkEdge : theme.visibleLine(looks.color(ofNodeAt: ends.to), fallback: theme.edge)
            let width = isLink ? edge.look.width ?? theme.edgeWidth
                : own.edgeWidth ?? (theme.branchWidth(atDepth: looks.depth(ofNodeAt: ends.from)) + theme.branchWidth(atDepth: looks.depth(ofNodeAt: ends.to))) / 2
            // Links keep their own dash; one without is dashed here, to tell it from a branch on paper.
            let dash = isLink ? (edge.look.dash?.map { n($0 * max(width, 1)) }.joined(separator: " ") ?? "6 4") : nil
            // The line the screen draws: a branch's curve or straight line, a link's arch or loop.
            let path = document.path(ofEdgeAt: e)
            let stroke = "\(paint("stroke", color)) stroke-width=\"\(n(width))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")"
            out += line(path, stroke)
            guard isLink else { continue }
            // Arrowheads as on screen at 100 %, where the line meets the node's outline.
            let size = edge.look.arrowheadSize(zoomPixels: 1)
            for (on, tip, direction) in [(edge.look.arrows.contains(.end), path.end, path.endDirection),
                                         (edge.look.arrows.contains(.start), path.start, -path.startDirection)] where on {
                guard let (a, b, c) = SceneBuilder.arrowhead(at: tip, pointing: direction, size: size) else { continue }
                out += "<polygon points=\"\(n(a.x)),\(n(a.y)) \(n(b.x)),\(n(b.y)) \(n(c.x)),\(n(c.y))\"\(paint("fill", color)) stroke=\"none\"/>\n"
            }
        }
        // Summaries' brackets, in each summary's edge style, as the screen draws them.
        for (summary, members) in document.summaryGroups {
            guard let bracket = document.summaryBracket(of: summary, members: members), let node = document.node(summary) else { continue }
            let stroke = "\(paint("stroke", (node.style.edgeColor ?? theme.edge))) stroke-width=\"\(n(node.style.edgeWidth ?? theme.edgeWidth))\""
            for path in bracket.paths { out += line(path, stroke) }
        }
        out += "</g>\n<g font-family=\"DejaVu Sans, sans-serif\" font-size=\"\(n(theme.fontSize))\" text-anchor=\"middle\">\n"
        let scene = SceneBuilder(theme: theme)
        for (index, node) in document.nodes.enumerated() where !document.isHidden(node.id) && !node.isPlaceholder {
            // As on screen: the central topic on the accent, the others tinted and outlined in their branch's colour.
            let (fill, outline, outlineWidth) = theme.look(of: node, looks: looks, index: index)
            let ink = scene.labelColor(of: node)
            let stroke = "\(paint("stroke", outline)) stroke-width=\"\(n(outlineWidth))\""
            let box = node.frame
            switch node.shape {
            case .ellipse:
                out += "<ellipse cx=\"\(n(node.position.x))\" cy=\"\(n(node.position.y))\" rx=\"\(n(node.size.x / 2))\" ry=\"\(n(node.size.y / 2))\""
                out += "\(paint("fill", fill))\(stroke)/>\n"
            case .roundedBox:
                out += "<rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
                out += " rx=\"\(n(theme.cornerRadius))\"\(paint("fill", fill))\(stroke)/>\n"
            case .plain:
                if let chosen = node.style.fillColor {
                    out += "<rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
                    out += " rx=\"\(n(theme.cornerRadius))\"\(paint("fill", chosen))/>\n"
                }
                let thickness = node.style.edgeWidth ?? theme.edgeWidth
                out += "<line x1=\"\(n(box.minX))\" y1=\"\(n(box.maxY - thickness / 2))\" x2=\"\(n(box.maxX))\" y2=\"\(n(box.maxY - thickness / 2))\""
                out += "\(paint("stroke", theme.visibleLine(looks.color(ofNodeAt: index), fallback: theme.edge))) stroke-width=\"\(n(thickness))\"/>\n"
            }
            if let image = node.image {
                // The picture by its path (a viewer reads a relative one from the SVG's folder).
                let frame = Rect(center: node.position + node.imageOffset, width: node.imageSize.x, height: node.imageSize.y)
                out += "<image href=\"\(XMLText.escapeAttribute(image))\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\""
                out += " width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" preserveAspectRatio=\"xMidYMid meet\"/>\n"
            }
            if let table = AttributeTableLayout(node, at: node.position) {
                out += attributeTable(table, of: node, theme: theme, n)
            }
            let lines = node.lines
            guard !lines.isEmpty else { continue }
            let lineHeight = node.textSize.y > 0 ? node.textSize.y / Double(lines.count) : theme.fontSize * 1.2
            // The first baseline sits so the block of lines is centred on the node.
            let look = theme.nodeMetrics.textStyle(of: node)
            let size = theme.fontSize * look.textScale
            let firstBaseline = node.position.y + node.textOffset.y - Double(lines.count - 1) * lineHeight / 2 + size * 0.35
            let sized = look.fontSize == nil ? "" : " font-size=\"\(n(size))\""
            out += "<text\(paint("fill", ink))\(sized)\(look.bold ? " font-weight=\"bold\"" : "")\(look.italic ? " font-style=\"italic\"" : "")>"
            for (i, line) in lines.enumerated() {
                out += "<tspan x=\"\(n(node.position.x))\" y=\"\(n(firstBaseline + Double(i) * lineHeight))\">\(XMLText.escapeText(String(line)))</tspan>"
            }
            out += "</text>\n"
        }
        out += "</g>\n"
        // Over the nodes, as on screen: a label reads over whatever its link crosses.
        out += linkLabels(document, theme: theme, n)
        out += "</svg>\n"
        return Data(out.utf8)
    }

    /// Clouds behind everything, outer ones first: a box with the shape's corners, and for a
    /// bumpy cloud round bumps along its edge; the border drawn under the fill, as on screen.
    private static func clouds(_ document: Document, theme: Theme, _ n: (Double) -> String) -> String {
        let shown = document.cloudsOutermostFirst()
        guard !shown.isEmpty else { return "" }
        var out = "<g stroke=\"none\">\n"
        for (_, cloud, outline) in shown {
            let (fill, border) = theme.colors(of: cloud)
            let (bumps, bump) = DrawList.cloudBumps(around: outline, bump: cloud.shape.isBumpy ? Document.cloudBump : 0)
            let radius = min(cloud.shape.cornerRadius, outline.width / 2, outline.height / 2)
            for (color, grow) in [(border, 1.2), (fill, 0)] {
                let box = outline.outset(by: grow)
                out += "<rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
                out += " rx=\"\(n(radius + grow))\"\(paint("fill", color))/>\n"
                for c in bumps {
                    out += "<circle cx=\"\(n(c.x))\" cy=\"\(n(c.y))\" r=\"\(n(bump + grow))\"\(paint("fill", color))/>\n"
                }
            }
        }
        return out + "</g>\n"
    }

    /// ` fill="#rrggbb"` (or another paint attribute), with ` fill-opacity` for a colour that is
    /// not solid: SVG 1.1 readers take no alpha in the colour itself.
    private static func paint(_ attribute: String, _ color: RGBA) -> String {
        let solid = RGBA(color.r, color.g, color.b).hexString
        return " \(attribute)=\"\(solid)\"" + (color.a == 255 ? "" : " \(attribute)-opacity=\"\(String(format: "%.2f", Double(color.a) / 255))\"")
    }

    /// Links' labels: the middle one on a pill of the background beside the path's middle, the
    /// source and target ones beside their ends, as the screen draws them at 100 %.
    private static func linkLabels(_ document: Document, theme: Theme, _ n: (Double) -> String) -> String {
        var out = ""
        for (e, edge) in document.edges.enumerated() where edge.kind == .link && !document.isHidden(edgeAt: e) && edge.look.isDecorated {
            let path = document.path(ofEdgeAt: e)
            let covered: (Rect) -> Bool = { box in
                var hit = false
                document.forEachNode(in: box) { i in if !hit, !document.isHidden(nodeAt: i) { hit = true } }
                return hit
            }
            for label in edge.look.placedLabels(along: path, textSize: theme.fontSize * 0.85, scale: 1, covered: covered) {
                let (centre, width, size) = (label.centre, label.width, label.textSize)
                if label.place == .middle {
                    let color = edge.look.color ?? theme.linkEdge
                    out += "<rect x=\"\(n(centre.x - width / 2))\" y=\"\(n(centre.y - size * 0.8))\" width=\"\(n(width))\" height=\"\(n(size * 1.6))\""
                    out += " rx=\"6\"\(paint("fill", theme.background))\(paint("stroke", color)) stroke-width=\"1\"/>\n"
                }
                out += "<text x=\"\(n(centre.x))\" y=\"\(n(centre.y + size * 0.35))\" font-family=\"DejaVu Sans, sans-serif\" font-size=\"\(n(size))\""
                out += " text-anchor=\"middle\"\(paint("fill", theme.text))>\(XMLText.escapeText(label.words))</text>\n"
            }
        }
        return out
    }

    /// A node's attribute table under its text, as on screen: a tinted header, a row a name
    /// and value ruled apart, the names dimmer.
    private static func attributeTable(_ table: AttributeTableLayout, of node: Node, theme: Theme, _ n: (Double) -> String) -> String {
        let colors = theme.attributeTableColors(fill: node.style.fillColor ?? theme.nodeFill, ink: theme.textColor(of: node))
        func rect(_ r: Rect, _ color: RGBA) -> String {
            "<rect x=\"\(n(r.minX))\" y=\"\(n(r.minY))\" width=\"\(n(r.width))\" height=\"\(n(r.height))\"\(paint("fill", color)) stroke=\"none\"/>\n"
        }
        var out = rect(table.frame, colors.table) + rect(table.header, colors.header)
        for name in table.names {
            out += rect(Rect(x: table.frame.minX, y: name.minY, width: table.frame.width, height: 0.6), colors.rule)
        }
        if let first = table.names.first {
            out += rect(Rect(x: first.maxX, y: first.minY, width: 0.6, height: table.frame.maxY - first.minY), colors.rule)
        }
        let size = theme.fontSize * node.style.textScale * NodeSizing.attributeTextScale
        let pad = NodeSizing.attributeCellPadding
        func words(_ text: String, in cell: Rect, color: RGBA) -> String {
            guard !text.isEmpty else { return "" }
            return "<text x=\"\(n(cell.minX + pad))\" y=\"\(n(cell.center.y + size * 0.35))\" font-size=\"\(n(size))\" text-anchor=\"start\""
                + "\(paint("fill", color))>\(XMLText.escapeText(text))</text>\n"
        }
        out += words(node.attributes.header, in: table.header, color: colors.value)
        for (k, row) in node.attributes.rows.enumerated() where k < table.names.count {
            out += words(row.name, in: table.names[k], color: colors.name) + words(row.value, in: table.values[k], color: colors.value)
        }
        return out
    }
}
