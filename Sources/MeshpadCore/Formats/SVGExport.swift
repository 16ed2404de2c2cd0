import Foundation

/// The whole map as an SVG picture: vector shapes, edges and text, in the theme's colours, drawn
/// as the screen draws them (each node's own shape; folded branches left out).
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
        out += "<rect x=\"\(n(bounds.minX))\" y=\"\(n(bounds.minY))\" width=\"\(n(bounds.width))\" height=\"\(n(bounds.height))\" fill=\"\(theme.background.hexString)\"/>\n"
        out += "<g stroke-linecap=\"round\">\n"
        for (e, edge) in document.edges.enumerated() where !document.isHidden(edgeAt: e) {
            // As on screen: no branch to a summary or to a group mark that is not shown.
            if edge.kind == .tree, document.hidesBranch(toNodeAt: document.endpoints(ofEdgeAt: e).to) { continue }
            let isLink = edge.kind == .link
            let color = isLink ? edge.look.color ?? theme.linkEdge : theme.edge
            let width = isLink ? edge.look.width ?? theme.edgeWidth : theme.edgeWidth
            // Links keep their own dash; one without is dashed here, to tell it from a branch on paper.
            let dash = isLink ? (edge.look.dash?.map { n($0 * max(width, 1)) }.joined(separator: " ") ?? "6 4") : nil
            // The line the screen draws: a branch's curve or straight line, a link's arch or loop.
            let path = document.path(ofEdgeAt: e)
            let stroke = " stroke=\"\(color.hexString)\" stroke-width=\"\(n(width))\"\(dash.map { " stroke-dasharray=\"\($0)\"" } ?? "")"
            if path.isStraight {
                out += "<line x1=\"\(n(path.start.x))\" y1=\"\(n(path.start.y))\" x2=\"\(n(path.end.x))\" y2=\"\(n(path.end.y))\"\(stroke)/>\n"
            } else {
                out += "<path d=\"M \(n(path.start.x)) \(n(path.start.y)) C \(n(path.control1.x)) \(n(path.control1.y)),"
                out += " \(n(path.control2.x)) \(n(path.control2.y)), \(n(path.end.x)) \(n(path.end.y))\" fill=\"none\"\(stroke)/>\n"
            }
        }
        out += "</g>\n<g font-family=\"DejaVu Sans, sans-serif\" font-size=\"\(n(theme.fontSize))\" text-anchor=\"middle\">\n"
        for node in document.nodes where !document.isHidden(node.id) && !node.isPlaceholder {
            let fill = node.style.fillColor ?? theme.nodeFill
            let ink = node.style.textColor ?? theme.text
            let stroke = " stroke=\"\(theme.nodeBorder.hexString)\" stroke-width=\"\(n(theme.nodeBorderWidth))\""
            let box = node.frame
            switch node.shape {
            case .ellipse:
                out += "<ellipse cx=\"\(n(node.position.x))\" cy=\"\(n(node.position.y))\" rx=\"\(n(node.size.x / 2))\" ry=\"\(n(node.size.y / 2))\""
                out += " fill=\"\(fill.hexString)\"\(stroke)/>\n"
            case .roundedBox:
                out += "<rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
                out += " rx=\"\(n(theme.cornerRadius))\" fill=\"\(fill.hexString)\"\(stroke)/>\n"
            case .plain:
                if let chosen = node.style.fillColor {
                    out += "<rect x=\"\(n(box.minX))\" y=\"\(n(box.minY))\" width=\"\(n(box.width))\" height=\"\(n(box.height))\""
                    out += " rx=\"\(n(theme.cornerRadius))\" fill=\"\(chosen.hexString)\"/>\n"
                }
                let thickness = node.style.edgeWidth ?? theme.edgeWidth
                out += "<line x1=\"\(n(box.minX))\" y1=\"\(n(box.maxY - thickness / 2))\" x2=\"\(n(box.maxX))\" y2=\"\(n(box.maxY - thickness / 2))\""
                out += " stroke=\"\((node.style.edgeColor ?? theme.edge).hexString)\" stroke-width=\"\(n(thickness))\"/>\n"
            }
            if let image = node.image {
                // The picture by its path (a viewer reads a relative one from the SVG's folder).
                let frame = Rect(center: node.position + node.imageOffset, width: node.imageSize.x, height: node.imageSize.y)
                out += "<image href=\"\(XMLText.escapeAttribute(image))\" x=\"\(n(frame.minX))\" y=\"\(n(frame.minY))\""
                out += " width=\"\(n(frame.width))\" height=\"\(n(frame.height))\" preserveAspectRatio=\"xMidYMid meet\"/>\n"
            }
            let lines = node.lines
            guard !lines.isEmpty else { continue }
            let lineHeight = node.textSize.y > 0 ? node.textSize.y / Double(lines.count) : theme.fontSize * 1.2
            // The first baseline sits so the block of lines is centred on the node.
            let firstBaseline = node.position.y + node.textOffset.y - Double(lines.count - 1) * lineHeight / 2 + theme.fontSize * 0.35
            out += "<text fill=\"\(ink.hexString)\"\(node.style.bold ? " font-weight=\"bold\"" : "")\(node.style.italic ? " font-style=\"italic\"" : "")>"
            for (i, line) in lines.enumerated() {
                out += "<tspan x=\"\(n(node.position.x))\" y=\"\(n(firstBaseline + Double(i) * lineHeight))\">\(XMLText.escapeText(String(line)))</tspan>"
            }
            out += "</text>\n"
        }
        out += "</g>\n</svg>\n"
        return Data(out.utf8)
    }
}
