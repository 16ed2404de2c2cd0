/// The breadcrumb over a focused branch.
extension OverlayLayout {
    /// "Whole map › Ancestor › … › Node" as finger-sized buttons in a strip across the top of
    /// the canvas, under the ☰ button's row (and the search bar or a status line there), clear
    /// of the minimap. Where they do not all fit, the ancestors nearest the root give way to
    /// "…"; "Whole map" and the focused node always show.
    mutating func layoutBreadcrumb(_ crumbs: [Breadcrumb], targetPixels: Double, canvasLeft: Double, viewportSize: Vec2) {
        guard let first = crumbs.first else { return }
        let target = max(targetPixels, 44), gap = 6.0, separator = 14.0
        let topRow: [Part.Role] = [.appMenuButton, .mapName, .statusLine, .searchBar, .minimapToggle]
        let top = (parts.filter { topRow.contains($0.role) }.map(\.rect.maxY).max() ?? 0) + gap
        let left = canvasLeft + Self.chromeMargin
        var right = viewportSize.x - Self.chromeMargin
        if let minimap = rect(of: .minimap), minimap.minY < top + target + 2 * gap { right = min(right, minimap.minX - gap) }
        let room = max(target, right - left - 2 * gap)
        func width(_ crumb: Breadcrumb) -> Double { max(target, crumb.width + 24) }
        // From the focused node back, as many as fit beside "Whole map"; "…" for the rest.
        let ellipsis = Breadcrumb(node: nil, text: "…", width: 0)
        var shown: [Breadcrumb] = []
        var used = width(first)
        for crumb in crumbs.dropFirst().reversed() {
            let needed = separator + gap + width(crumb) + gap
            let more = crumb == crumbs[1] ? 0 : separator + gap + 24 + gap
            if !shown.isEmpty && used + needed + more > room { break }
            shown.insert(crumb, at: 0)
            used += needed
        }
        if shown.count < crumbs.count - 1 { shown.insert(ellipsis, at: 0) }
        shown.insert(first, at: 0)
        // The strip is as long as what it holds: the canvas beside it still takes taps.
        let total = shown.enumerated().reduce(0.0) { sum, item in
            let (i, crumb) = item
            let w = crumb == ellipsis ? 24 : width(crumb)
            return sum + (i == 0 ? 0 : separator + 2 * gap) + w
        }
        let strip = Rect(x: left, y: top, width: min(total, room) + 2 * gap, height: target + 2 * gap)
        append(Part(role: .breadcrumbBar, rect: strip, text: ""))
        var x = strip.minX + gap
        let y = strip.minY + gap
        for (i, crumb) in shown.enumerated() {
            if i > 0 {
                append(Part(role: .breadcrumbGap, rect: Rect(x: x, y: y, width: separator, height: target), text: "›"))
                x += separator + gap
            }
            if crumb == ellipsis {
                append(Part(role: .breadcrumbGap, rect: Rect(x: x, y: y, width: 24, height: target), text: "…"))
                x += 24 + gap
                continue
            }
            // The last crumb takes what room is left when even it does not fit; its words end in "…".
            let w = max(0, min(width(crumb), strip.maxX - gap - x))
            let isFocused = i == shown.count - 1 && crumb.node != nil
            append(Part(role: .breadcrumb(crumb.node), rect: Rect(x: x, y: y, width: w, height: target), text: crumb.text,
                        look: isFocused ? .on : .plain))
            x += w + gap
        }
    }
}
