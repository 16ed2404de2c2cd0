/// Menus and the help sheet.
extension OverlayLayout {
    mutating func layoutMenu(_ menu: Menu, targetPixels: Double, viewportSize: Vec2) {
        let placed = MenuPlacement.frame(anchor: menu.anchor, rowCount: menu.rows.count, labelWidth: menu.labelWidth,
                                         byFinger: menu.byFinger, targetPixels: targetPixels, viewportSize: viewportSize)
        append(Part(role: .menuPanel, rect: placed.frame, text: ""))
        var y = placed.frame.minY + 4
        for (index, row) in menu.rows.enumerated() {
            let rect = Rect(x: placed.frame.minX + 4, y: y, width: placed.frame.width - 8, height: placed.rowHeight)
            // Rows a menu too tall for the screen cannot show are left out rather than drawn off it.
            guard rect.maxY <= placed.frame.maxY + 0.5 else { break }
            append(Part(role: .menuRow(index), rect: rect, text: row.title, look: row.isChecked ? .on : .plain))
            y += placed.rowHeight
        }
    }

    /// The help sheet: gestures and keys in columns over the whole window; a tap closes it.
    mutating func layoutHelp(_ lines: [String], targetPixels: Double, viewportSize: Vec2) {
        let margin = 16.0, lineHeight = 22.0
        let sheet = Rect(x: margin, y: margin, width: max(viewportSize.x - 2 * margin, 1), height: max(viewportSize.y - 2 * margin, 1))
        append(Part(role: .helpSheet, rect: sheet, text: "Help"))
        let perColumn = max(1, Int((sheet.height - 2 * margin) / lineHeight))
        let columns = max(1, Int((Double(lines.count) / Double(perColumn)).rounded(.up)))
        let columnWidth = (sheet.width - 2 * margin) / Double(columns)
        for (index, line) in lines.enumerated() {
            let column = index / perColumn, row = index % perColumn
            append(Part(role: .helpText, rect: Rect(x: sheet.minX + margin + Double(column) * columnWidth,
                                                    y: sheet.minY + margin + Double(row) * lineHeight, width: columnWidth - 8, height: lineHeight),
                        text: line))
        }
    }
}
