/// Where a rich map's extras stand — a link's arrowheads and labels, a summary's bracket, the
/// clouds in drawing order — worked out once for the screen (`SceneBuilder`, device pixels) and
/// the SVG export (map units at 100 %), so the two draw alike.
extension LinkLook {
    /// An arrowhead's size at `zoomPixels`: 9 units, no smaller on screen than at 60 %, and
    /// bigger on a thick line.
    public func arrowheadSize(zoomPixels: Double) -> Double {
        9 * max(zoomPixels, 0.6) * max(1, (width ?? 1).squareRoot() * 0.8)
    }

    /// One of a link's labels as it stands beside the line.
    public struct PlacedLabel: Equatable, Sendable {
        public var place: LinkLabelPlace
        public var words: String
        public var centre: Vec2
        /// The pill's width and the text's size, in the path's units.
        public var width: Double
        public var textSize: Double
    }

    /// The labels along `path` (in any units; `scale` is those units for a map unit at 100 %):
    /// the middle one beside the path's middle, the source and target ones smaller, beside their
    /// ends on the side the link arches to, so they read beside the line and its arrowheads.
    /// `textSize` is the middle label's text size. The middle label never sits on its own line,
    /// and where `covered` says a place lies on a node (a rectangle in the path's units) it
    /// moves to the other side, or along the line, so no node hides it.
    public func placedLabels(along path: EdgePath, textSize: Double, scale: Double,
                             covered: (Rect) -> Bool = { _ in false }) -> [PlacedLabel] {
        let middle = path.point(at: 0.5)
        var outward = middle - (path.start + path.end) * 0.5
        if outward.length < 1e-6 { outward = Vec2(-path.startDirection.y, path.startDirection.x) }
        outward = outward * (1 / max(outward.length, 1e-12))
        var placed: [PlacedLabel] = []
        for place in LinkLabelPlace.allCases {
            guard let words = self[place], !words.isEmpty else { continue }
            let small = place != .middle
            let size = small ? textSize * 0.85 : textSize
            let width = min(Double(words.count) * size * 0.6 + 12 * scale, 320 * scale)
            var centre = middle
            if !small {
                centre = Self.besideLine(path, outward: outward, size: Vec2(width, size * 1.6), gap: 3 * scale, covered: covered)
            } else {
                // Beside its node: its near edge where the link leaves (or reaches) the outline.
                let end = place == .source ? path.start : path.end
                let away = place == .source ? path.startDirection : -path.endDirection
                centre = end + away * (width / 2 + 4 * scale) + outward * (size * 0.9 + 2 * scale)
            }
            placed.append(PlacedLabel(place: place, words: words, centre: centre, width: width, textSize: size))
        }
        return placed
    }

    /// Where a label of `size` stands beside `path`: clear of the line by `gap`, at its middle
    /// on the `outward` side, else the other side, else a little along the line either way;
    /// the first place `covered` does not object to (the middle, outward, if all do).
    static func besideLine(_ path: EdgePath, outward: Vec2, size: Vec2, gap: Double, covered: (Rect) -> Bool) -> Vec2 {
        // How far the pill's centre must be from the line for its edge to clear it.
        let clearance = abs(outward.x) * size.x / 2 + abs(outward.y) * size.y / 2 + gap
        var first: Vec2?
        for t in [0.5, 0.38, 0.62, 0.28, 0.72, 0.18, 0.82] {
            for side in [1.0, -1.0] {
                let centre = path.point(at: t) + outward * (clearance * side)
                if first == nil { first = centre }
                let box = Rect(x: centre.x - size.x / 2, y: centre.y - size.y / 2, width: size.x, height: size.y)
                if !covered(box) { return centre }
            }
        }
        return first ?? path.point(at: 0.5)
    }
}

extension Document {
    /// The bracket of `summary` over `members`, or nil when nothing it sums up is shown.
    /// `drawnAt` gives where gliding nodes are drawn (nil: where the document has them).
    func summaryBracket(of summary: NodeID, members: [NodeID], drawnAt: ((Int) -> Vec2)? = nil) -> SummaryBracket? {
        guard let s = index(of: summary), !isHidden(nodeAt: s), let parent = parent(of: summary).flatMap({ index(of: $0) }) else {
            return nil
        }
        let at = drawnAt ?? { self.nodes[$0].position }
        var span: Rect?
        for member in members {
            guard let m = index(of: member), !isHidden(nodeAt: m), !nodes[m].isPlaceholder else { continue }
            let box = drawnAt == nil ? branchArea(of: member)?.box : subtreeBox(ofNodeAt: m, position: at)
            if let box { span = span.map { $0.union(box) } ?? box }
        }
        guard let span else { return nil }
        return SummaryBracket(span: span, summaryAt: at(s), summarySize: nodes[s].size, parentAt: at(parent))
    }

    /// The clouds to draw, outer ones first (so one inside another shows on it): each node's
    /// index, cloud and outline (its branch's box and margin). `drawnAt` gives where gliding
    /// nodes are drawn (nil: where the document has them).
    func cloudsOutermostFirst(drawnAt: ((Int) -> Vec2)? = nil) -> [(index: Int, cloud: Cloud, outline: Rect)] {
        var shown: [(depth: Int, index: Int, cloud: Cloud, outline: Rect)] = []
        for (id, area) in cloudAreas {
            guard let index = index(of: id), !isHidden(nodeAt: index), let cloud = nodes[index].style.cloud else { continue }
            let box = drawnAt.map { subtreeBox(ofNodeAt: index, position: $0) } ?? area.box
            shown.append((area.depth, index, cloud, box.outset(by: Document.cloudMargin)))
        }
        shown.sort { ($0.depth, $0.index) < ($1.depth, $1.index) }
        return shown.map { ($0.index, $0.cloud, $0.outline) }
    }
}

extension Theme {
    /// An attribute table's colours over a node of `fill` with text in `ink`: the table, its
    /// header, the rules between rows, the names (dimmer) and the values.
    func attributeTableColors(fill: RGBA, ink: RGBA) -> (table: RGBA, header: RGBA, rule: RGBA, name: RGBA, value: RGBA) {
        (fill.mixed(with: ink, amount: 0.04), fill.mixed(with: ink, amount: 0.12), nodeBorder.withAlpha(110), ink.withAlpha(170), ink)
    }
}
