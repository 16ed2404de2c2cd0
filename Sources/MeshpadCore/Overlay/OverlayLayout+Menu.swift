/// Menus and the help sheet.
extension OverlayLayout {
    mutating func layoutMenu(_ menu: Menu, targetPixels: Double, viewportSize: Vec2) {
        let placed = MenuPlacement.frame(anchor: menu.anchor, rowCount: menu.rows.count, labelWidth: menu.labelWidth,
                                         byFinger: menu.byFinger, targetPixels: targetPixels, viewportSize: viewportSize)
        append(Part(role: .menuPanel, rect: placed.frame, text: ""))
        let columnWidth = placed.frame.width / Double(placed.columns)
        for (index, row) in menu.rows.enumerated() {
            let column = index / placed.rowsPerColumn, place = index % placed.rowsPerColumn
            let rect = Rect(x: placed.frame.minX + Double(column) * columnWidth + 4, y: placed.frame.minY + 4 + Double(place) * placed.rowHeight,
                            width: columnWidth - 8, height: placed.rowHeight)
            // Rows a menu too big for the screen cannot show are left out rather than drawn off it.
            guard rect.maxY <= placed.frame.maxY + 0.5, rect.maxX <= placed.frame.maxX + 0.5 else { break }
            var part = Part(role: .menuRow(index), rect: rect, text: row.title, look: row.isChecked ? .on : .plain)
            part.icon = row.icon
            append(part)
        }
    }

    /// The help sheet: gestures and keys in columns over the whole window; a tap closes it.
    mutating func layoutHelp(_ lines: [String], targetPixels: Double, viewportSize: Vec2) {
        let margin = 16.0, lineHeight = 22.0
        let sheet = Rect(x: margin, y: margin, width: max(viewportSize.x - 2 * margin, 1), height: max(viewportSize.y - 2 * margin, 1))
        append(Part(role: .helpSheet, rect: sheet, text: "Help"))
        let perColumn = max(1, Int((sheet.height - 2 * margin) / lineHeight))
        let columns = max(1, Int((Double(lines.count) / Double(perColumn)).rounded(.up)))
        // Columns as wide as what they hold (estimated from characters: the layout has no fonts),
        // shrunk alike when the window is narrow; in each, what to do on the left and what it
        // does on the right, headings across.
        // why: a gesture's picture (an emoji) is drawn about as wide as two and a half letters.
        func estimate(_ text: Substring) -> Double {
            text.reduce(16.0) { sum, character in
                sum + (character.unicodeScalars.first.map { $0.properties.isEmojiPresentation || $0.value >= 0x2190 } == true ? 21 : 8.4)
            }
        }
        var keyWidths = [Double](repeating: 0, count: columns), textWidths = [Double](repeating: 0, count: columns)
        for (index, line) in lines.enumerated() {
            let column = index / perColumn
            if let tab = line.firstIndex(of: "\t") {
                keyWidths[column] = max(keyWidths[column], estimate(line[..<tab]))
                textWidths[column] = max(textWidths[column], estimate(line[line.index(after: tab)...]))
            }
        }
        let needed = zip(keyWidths, textWidths).map { $0 + $1 + 12 }
        let available = sheet.width - 2 * margin
        let total = max(needed.reduce(0, +), 1)
        // Room to spare is shared out evenly; too little room, taken from each alike.
        let widths = total <= available ? needed.map { $0 + (available - total) / Double(columns) } : needed.map { $0 * available / total }
        let scale = min(1, available / total)
        var lefts: [Double] = []
        var left = sheet.minX + margin
        for width in widths {
            lefts.append(left)
            left += width
        }
        for (index, line) in lines.enumerated() {
            let column = index / perColumn, row = index % perColumn
            let x = lefts[column], y = sheet.minY + margin + Double(row) * lineHeight, columnWidth = widths[column]
            let keyWidth = (keyWidths[column] * scale).rounded()
            let halves = line.split(separator: "\t", maxSplits: 1).map(String.init)
            if halves.count == 2 {
                append(Part(role: .helpText, rect: Rect(x: x, y: y, width: keyWidth - 8, height: lineHeight), text: halves[0]))
                append(Part(role: .helpText, rect: Rect(x: x + keyWidth, y: y, width: columnWidth - keyWidth - 12, height: lineHeight),
                            text: halves[1]))
            } else {
                append(Part(role: .helpText, rect: Rect(x: x, y: y, width: columnWidth - 12, height: lineHeight), text: line))
            }
        }
    }
}
