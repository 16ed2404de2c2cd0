/// The banner across the top and the modal dialog in the middle.
extension OverlayLayout {
    /// The banner: under the top buttons (☰ Menu and Map stay where a finger expects them), as
    /// tall as its message's lines (`Workspace` breaks them to fit).
    mutating func layoutBanner(_ banner: Banner, top: Double, viewportSize: Vec2) {
        let row = Self.rowHeight, pad = Self.padding
        let buttonWidth = 120.0
        let lines = Double(max(1, banner.message.split(separator: "\n", omittingEmptySubsequences: false).count))
        let textHeight = max(row, lines * Self.bannerLineHeight + 8)
        let bar = Rect(x: 0, y: top, width: viewportSize.x, height: textHeight + 16)
        append(Part(role: .banner, rect: bar, text: ""))
        var x = viewportSize.x - pad
        for action in banner.actions.reversed() {
            x -= buttonWidth
            append(Part(role: .bannerButton(action), rect: Rect(x: x, y: top + (bar.height - row) / 2, width: buttonWidth, height: row),
                        text: action.label))
            x -= 8
        }
        append(Part(role: .bannerText, rect: Rect(x: pad, y: top + 8, width: max(0, x - 2 * pad), height: textHeight), text: banner.message))
    }

    /// The width a banner's message has, beside its buttons.
    static func bannerTextWidth(_ banner: Banner, viewportSize: Vec2) -> Double {
        max(80, viewportSize.x - 3 * padding - Double(banner.actions.count) * 128 - 24)
    }

    mutating func layoutDialog(_ dialog: Dialog, targetPixels: Double, viewportSize: Vec2) {
        if let browser = dialog.browser {
            layoutBrowser(dialog, browser, targetPixels: targetPixels, viewportSize: viewportSize)
            return
        }
        let row = Self.rowHeight, pad = Self.padding
        let width = min(620, viewportSize.x - 2 * pad)
        // A message of several lines (`Workspace` breaks it to fit) takes their height.
        let messageLines = dialog.message.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
        let messageHeight = messageLines.count > 1 ? Double(messageLines.count) * Self.bannerLineHeight + 8 : row
        var rows = 1.0 + (messageLines.isEmpty ? 0 : messageHeight / row) + 1
        // A note's field shows its lines (at least four, as many as fit).
        let noteLines = dialog.fieldLines.map { Double(max(4, $0.count)) }
        let fieldHeight = noteLines.map { min($0 * Self.bannerLineHeight + 16, viewportSize.y * 0.5) } ?? row
        if dialog.hasField { rows += fieldHeight / row }
        if dialog.kind == .pin { rows += Double(Dialog.keypad.count) }
        let choiceHeight = max(44, min(targetPixels, row))
        let captionHeight = 26.0
        for choices in dialog.choiceRows {
            rows += ((choices.allSatisfy { $0.value == .caption } && choices.count > 1 ? captionHeight : choiceHeight) + 4) / (row + 8)
        }
        let height = min(viewportSize.y - 2 * pad, rows * row + (rows + 1) * 8 + 2 * pad)
        let panel = Rect(x: (viewportSize.x - width) / 2, y: max(pad, (viewportSize.y - height) / 2), width: width, height: height)
        append(Part(role: .panel, rect: panel, text: ""))
        var y = panel.minY + pad
        let inner = panel.width - 2 * pad
        append(Part(role: .title, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: dialog.title))
        y += row + 8
        if messageLines.count == 1 {
            append(Part(role: .message, rect: Rect(x: panel.minX + pad, y: y, width: inner, height: row), text: messageLines[0]))
            y += row + 8
        } else if !messageLines.isEmpty {
            for (index, line) in messageLines.enumerated() {
                append(Part(role: .message, rect: Rect(x: panel.minX + pad, y: y + 4 + Double(index) * Self.bannerLineHeight,
                                                       width: inner, height: Self.bannerLineHeight), text: line))
            }
            y += messageHeight + 8
        }
        if dialog.hasField {
            // why: the PIN is drawn as dots, so a visitor watching cannot read it off the screen.
            let shown = dialog.kind == .pin ? String(repeating: "●", count: dialog.field.count) : dialog.field
            let field = Rect(x: panel.minX + pad, y: y, width: inner, height: fieldHeight)
            if let lines = dialog.fieldLines {
                append(Part(role: .field, rect: field, text: ""))
                // The last lines, if they do not all fit: where the typing is.
                let fitting = max(1, Int((fieldHeight - 16) / Self.bannerLineHeight))
                for (index, line) in lines.suffix(fitting).enumerated() {
                    append(Part(role: .fieldLine, rect: Rect(x: field.minX, y: field.minY + 8 + Double(index) * Self.bannerLineHeight,
                                                             width: field.width, height: Self.bannerLineHeight), text: line))
                }
            } else {
                append(Part(role: .field, rect: field, text: shown))
            }
            y += fieldHeight + 16
        }
        if dialog.kind == .pin {
            let keyWidth = min(120, (inner - 16) / 3)
            let left = panel.minX + (panel.width - 3 * keyWidth - 16) / 2
            for keys in Dialog.keypad {
                for (column, key) in keys.enumerated() {
                    append(Part(role: .keypad(key), rect: Rect(x: left + Double(column) * (keyWidth + 8), y: y, width: keyWidth, height: row), text: key))
                }
                y += row + 8
            }
        }
        // Choices: each row spread across the panel, a week's days as wide as each other.
        for choices in dialog.choiceRows where !choices.isEmpty {
            let captions = choices.allSatisfy { $0.value == .caption } && choices.count > 1
            let height = captions ? captionHeight : choiceHeight
            let width = (inner - Double(choices.count - 1) * 4) / Double(choices.count)
            for (k, choice) in choices.enumerated() {
                var part = Part(role: .dialogChoice(choice.value), rect: Rect(x: panel.minX + pad + Double(k) * (width + 4), y: y, width: width, height: height),
                                text: choice.label, look: choice.isOn ? .on : (choice.isDim ? .disabled : .plain))
                if choice.isDim { part.look = .disabled }
                append(part)
            }
            y += height + 4
        }
        if !dialog.choiceRows.isEmpty { y += 4 }
        let buttons = dialog.buttons
        let buttonWidth = min(160, (inner - Double(buttons.count - 1) * 8) / Double(buttons.count))
        var x = panel.maxX - pad - buttonWidth * Double(buttons.count) - 8 * Double(buttons.count - 1)
        let buttonY = min(y, panel.maxY - pad - row)
        for button in buttons {
            append(Part(role: .button(button.action), rect: Rect(x: x, y: buttonY, width: buttonWidth, height: row), text: button.label))
            x += buttonWidth + 8
        }
    }
}
