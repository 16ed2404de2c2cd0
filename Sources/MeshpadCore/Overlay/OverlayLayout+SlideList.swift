/// The slide list panel (Slides…), where the outline panel stands.
extension OverlayLayout {
    /// The panel down the left edge: the presentation's name with Close beside it, the map's
    /// presentations as choices, the buttons, then the slides, a finger-tall row each with its
    /// grip at the left and its ⋯ at the right. Only the rows in view are laid out; a row held
    /// by its grip follows the finger, and the others make room where it would land.
    mutating func layoutSlideList(_ slides: SlideListChrome, targetPixels: Double, viewportSize: Vec2) {
        let target = max(targetPixels, 44), gap = 6.0, pad = 8.0
        let width = Self.outlineWidth(viewportSize: viewportSize)
        append(Part(role: .slideListPanel, rect: Rect(x: 0, y: 0, width: width, height: viewportSize.y), text: ""))
        let inner = Rect(x: pad, y: pad, width: max(target, width - 2 * pad), height: viewportSize.y)
        func buttonWidth(_ button: SlideListChrome.Button) -> Double { min(inner.width, max(target, button.width + 24)) }
        let closeWidth = buttonWidth(slides.close)
        append(Part(role: .slideListButton(.close), rect: Rect(x: inner.maxX - closeWidth, y: pad, width: closeWidth, height: target),
                    text: slides.close.text))
        append(Part(role: .slideListTitle, rect: Rect(x: inner.minX, y: pad, width: max(0, inner.width - closeWidth - gap), height: target),
                    text: slides.title))
        var y = pad + target + gap
        // Buttons side by side, on as many lines as they need.
        func flow(_ buttons: [SlideListChrome.Button]) {
            guard !buttons.isEmpty else { return }
            var x = inner.minX
            for button in buttons {
                let w = buttonWidth(button)
                if x > inner.minX && x + w > inner.maxX {
                    x = inner.minX
                    y += target + gap
                }
                append(Part(role: .slideListButton(button.control), rect: Rect(x: x, y: y, width: w, height: target), text: button.text,
                            look: button.isOn ? .on : .plain))
                x += w + gap
            }
            y += target + gap
        }
        flow(slides.choices)
        flow(slides.buttons)
        let list = Rect(x: 0, y: y, width: width, height: max(target, viewportSize.y - y))
        append(Part(role: .slideListRows, rect: list, text: ""))
        if let note = slides.note {
            append(Part(role: .slideListNote, rect: Rect(x: inner.minX, y: list.minY, width: inner.width, height: target), text: note))
        }
        let rows = slides.rows
        let dragged = slides.drag.flatMap { rows.indices.contains($0.slide) ? $0 : nil }
        var order = Array(rows.indices)
        if let dragged {
            order.remove(at: dragged.slide)
            let landing = Self.slideLanding(y: dragged.y, list: list, scroll: slides.scroll, rowHeight: target, count: rows.count)
            order.insert(dragged.slide, at: landing)
        }
        func appendRow(_ index: Int, whole: Rect, look: Part.Look) {
            let top = max(whole.minY, list.minY), bottom = min(whole.maxY, list.maxY)
            guard bottom - top > 0.5 else { return }
            func cut(_ r: Rect) -> Rect { Rect(x: r.minX, y: top, width: r.width, height: bottom - top) }
            let row = rows[index]
            let grip = Rect(x: whole.minX, y: whole.minY, width: slides.editable ? target : 0, height: target)
            let options = Rect(x: whole.maxX - (slides.editable ? target + pad : 0), y: whole.minY, width: slides.editable ? target : 0,
                               height: target)
            let words = Rect(x: grip.maxX, y: whole.minY, width: max(0, options.minX - grip.maxX), height: target)
            var part = Part(role: .slideRow(index), rect: cut(words), text: "\(row.number). \(row.text)",
                            look: look == .plain && row.isSelected ? .on : look)
            part.fullRect = words
            part.indent = slides.editable ? 4 : 16
            part.detail = row.detail
            append(part)
            guard slides.editable else { return }
            var handle = Part(role: .slideGrip(index), rect: cut(grip), text: "", look: look)
            handle.fullRect = grip
            append(handle)
            var more = Part(role: .slideOptions(index), rect: cut(options), text: "")
            more.fullRect = options
            append(more)
        }
        let first = max(0, Int(slides.scroll / target)), last = min(rows.count, first + Int(list.height / target) + 2)
        for place in first..<max(first, last) where order[place] != dragged?.slide {
            appendRow(order[place], whole: Rect(x: 0, y: list.minY + Double(place) * target - slides.scroll, width: width, height: target),
                      look: .plain)
        }
        if let dragged {
            // Over the others, under the finger, never beyond the list.
            let y = min(max(dragged.y - target / 2, list.minY), list.maxY - target)
            appendRow(dragged.slide, whole: Rect(x: 0, y: y, width: width, height: target), look: .pressed)
        }
    }

    /// Where a slide held at window height `y` lands among `count`: the row place under it.
    public static func slideLanding(y: Double, list: Rect, scroll: Double, rowHeight: Double, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let place = ((y - list.minY + scroll) / max(rowHeight, 1)).rounded(.down)
        guard place.isFinite else { return 0 }
        return Int(min(max(place, 0), Double(count - 1)))
    }
}
