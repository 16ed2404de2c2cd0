extension Document {
    /// The topmost node whose ellipse contains `mapPoint`, grown by `margin` map units.
    ///
    /// "Topmost" is the draw order: later nodes cover earlier ones, and selected nodes are drawn
    /// over the rest. The margin makes small nodes easy to hit with a finger. Candidates come
    /// from the spatial index, so a query costs the same on a 100-node and a 100k-node map.
    public func topmostNode(at mapPoint: Vec2, margin: Double = 0, selection: Set<NodeID> = [], shown: [Bool]? = nil) -> NodeID? {
        guard mapPoint.isFinite, margin.isFinite else { return nil }
        var best: Int?
        var bestIsSelected = false
        let probe = Rect(center: mapPoint, width: 2 * max(margin, 0), height: 2 * max(margin, 0))
        forEachNode(in: probe) { index in
            // A node a filter hides is not there.
            if let shown, index >= shown.count || !shown[index] { return }
            let node = nodes[index]
            guard node.contains(mapPoint, margin: margin) else { return }
            let isSelected = !selection.isEmpty && selection.contains(node.id)
            if best == nil || (isSelected && !bestIsSelected) || (isSelected == bestIsSelected && index > (best ?? -1)) {
                best = index
                bestIsSelected = isSelected
            }
        }
        return best.map { nodes[$0].id }
    }

    /// The same answer by looking at every node: what the index must agree with (tests).
    public func topmostNodeByScan(at mapPoint: Vec2, margin: Double = 0, selection: Set<NodeID> = []) -> NodeID? {
        var hit: NodeID?
        var hitIsSelected = false
        for node in nodes {
            let isSelected = selection.contains(node.id)
            if hitIsSelected && !isSelected { continue }
            if !isHidden(node.id) && node.contains(mapPoint, margin: margin) {
                hit = node.id
                hitIsSelected = isSelected
            }
        }
        return hit
    }
}

extension Node {
    /// Whether a map point is on the node's shape, grown by `margin`: inside the ellipse, or
    /// inside the box (rounded corners count as square: a finger is not that precise).
    public func contains(_ mapPoint: Vec2, margin: Double = 0) -> Bool {
        guard !isPlaceholder else { return false }
        let rx = size.x / 2 + margin, ry = size.y / 2 + margin
        let d = mapPoint - position
        switch shape {
        case .ellipse:
            return (d.x * d.x) / (rx * rx) + (d.y * d.y) / (ry * ry) <= 1
        case .roundedBox, .plain:
            return abs(d.x) <= rx && abs(d.y) <= ry
        }
    }
}

extension Document {
    /// The visible edge nearest `mapPoint` within `tolerance` map units of the line it is drawn
    /// along (`path(ofEdgeAt:)`: a branch's curve, a link's straight line), if any.
    public func topmostEdge(at mapPoint: Vec2, tolerance: Double, shown: [Bool]? = nil) -> EdgeID? {
        guard mapPoint.isFinite, tolerance.isFinite, tolerance >= 0 else { return nil }
        var best: (index: Int, distance: Double)?
        let probe = Rect(center: mapPoint, width: 2 * tolerance, height: 2 * tolerance)
        forEachEdge(in: probe) { e in
            // why: the curve is followed to a quarter of the tolerance, so a tap's reach is off
            // by at most that, and the cut stays coarse when the view is far out (tolerance large).
            if edges[e].kind == .tree, hidesBranch(toNodeAt: Int(edgeEnds[e].to)) { return }
            // Nor one to a node a filter or a focus hides: it is not drawn.
            if let shown, !shown.indices.contains(Int(edgeEnds[e].from)) || !shown[Int(edgeEnds[e].from)]
                || !shown.indices.contains(Int(edgeEnds[e].to)) || !shown[Int(edgeEnds[e].to)] { return }
            let d = path(ofEdgeAt: e).distance(to: mapPoint, tolerance: max(tolerance / 4, 1e-3))
            guard d <= tolerance else { return }
            if best == nil || d < (best?.distance ?? .infinity) || (d == best?.distance && e > (best?.index ?? -1)) {
                best = (e, d)
            }
        }
        return best.map { edges[$0.index].id }
    }
}

/// The round badge at a node's outer side that folds and unfolds it: on every folded node (with
/// the number of nodes it hides), and on a selected node that has children (to fold it).
///
/// It sits in screen space, a fixed size at every zoom, so it stays a finger-sized target; the
/// scene builder draws it and the gesture recognizer hit-tests it from this one geometry.
public enum FoldBadge {
    /// 26 px across, as big as the text beside it: a finger aims at what it sees (issue 33).
    public static let radiusPixels = 13.0
    public static let mouseHitPixels = 15.0
    public static let touchHitPixels = 24.0
    /// Below this on-screen node height there are no badges (they would cover the map).
    public static let minimumNodePixels = 24.0

    /// How big badges and markers are drawn at `zoom`: full size from 100 % in, smaller with the
    /// text further out (to 60 %), so they do not cover what they mark. Their finger targets
    /// stay the same.
    public static func drawScale(atZoom zoom: Double) -> Double { min(1, max(0.6, zoom)) }

    public static func isShown(_ node: Node, in document: Document, selection: Set<NodeID>, zoom: Double) -> Bool {
        guard node.size.y * zoom >= minimumNodePixels else { return false }
        if document.hiddenDescendantCount(of: node.id) > 0 { return true }
        return selection.contains(node.id) && document.hasChildren(node.id)
    }

    /// +1 (right) or -1 (left): away from the node's parent; right for the root and free nodes.
    public static func side(of node: Node, in document: Document) -> Double {
        guard let parent = document.parent(of: node.id).flatMap({ document.node($0) }) else { return 1 }
        return node.position.x < parent.position.x ? -1 : 1
    }

    /// The badge's centre in window pixels, for a node drawn at `position`.
    public static func screenCenter(of node: Node, at position: Vec2, side: Double, camera: Camera) -> Vec2 {
        camera.screenPoint(ofMap: position + Vec2(side * node.size.x / 2, 0)) + Vec2(side * (radiusPixels * drawScale(atZoom: camera.zoom) + 2), 0)
    }

    /// The node whose badge is under `point` (window pixels), if any.
    public static func hit(at point: Vec2, document: Document, camera: Camera, selection: Set<NodeID>, touch: Bool) -> NodeID? {
        let reach = (touch ? touchHitPixels : mouseHitPixels) + 2 * radiusPixels + 4
        let probe = Rect(center: camera.mapPoint(ofScreen: point), width: 2 * reach / camera.zoom, height: 2 * reach / camera.zoom)
        var best: (id: NodeID, distance: Double)?
        document.forEachNode(in: probe) { index in
            let node = document.nodes[index]
            guard isShown(node, in: document, selection: selection, zoom: camera.zoom) else { return }
            let centre = screenCenter(of: node, at: node.position, side: side(of: node, in: document), camera: camera)
            let d = centre.distance(to: point)
            if d <= (touch ? touchHitPixels : mouseHitPixels), d < (best?.distance ?? .infinity) { best = (node.id, d) }
        }
        return best?.id
    }
}

/// The marks at a node's outer corners: at the top, that it links somewhere (a web address, a
/// file, another node of the map); at the bottom, that it has a note. A tap on one opens the
/// link (after asking, for anything outside the map) or the note. Screen-sized like
/// `FoldBadge`, drawn and hit-tested from this one geometry.
public enum NodeMarker: Equatable, Sendable {
    case link
    case note

    /// 22 px across, its glyph at 14 px; a finger's target is 44 px across.
    public static let radiusPixels = 11.0
    public static let mouseHitPixels = 13.0
    public static let touchHitPixels = 22.0

    public func isShown(_ node: Node, zoom: Double) -> Bool {
        guard node.size.y * zoom >= FoldBadge.minimumNodePixels else { return false }
        switch self {
        case .link: return node.link != nil
        case .note: return !node.note.isEmpty
        }
    }

    /// Its centre in window pixels, for a node drawn at `position`: astride the corner away from
    /// the node's parent, pulled in by its radius so it never meets the fold badge at the middle
    /// of that side.
    public func screenCenter(of node: Node, at position: Vec2, side: Double, camera: Camera) -> Vec2 {
        let up: Double = self == .link ? -1 : 1
        return camera.screenPoint(ofMap: position + Vec2(side * node.size.x / 2, up * node.size.y / 2))
            + Vec2(-side * Self.radiusPixels, up * (Self.radiusPixels - 4)) * FoldBadge.drawScale(atZoom: camera.zoom)
    }

    /// The marker under `point` (window pixels), if any, with its node.
    public static func hit(at point: Vec2, document: Document, camera: Camera, touch: Bool) -> (node: NodeID, marker: NodeMarker)? {
        let reach = (touch ? touchHitPixels : mouseHitPixels) + 2 * radiusPixels + 4
        let probe = Rect(center: camera.mapPoint(ofScreen: point), width: 2 * reach / camera.zoom, height: 2 * reach / camera.zoom)
        var best: (node: NodeID, marker: NodeMarker, distance: Double)?
        document.forEachNode(in: probe) { index in
            let node = document.nodes[index]
            guard !document.isHidden(nodeAt: index) else { return }
            for marker in [NodeMarker.link, .note] where marker.isShown(node, zoom: camera.zoom) {
                let centre = marker.screenCenter(of: node, at: node.position, side: FoldBadge.side(of: node, in: document), camera: camera)
                let d = centre.distance(to: point)
                if d <= (touch ? touchHitPixels : mouseHitPixels), d < (best?.distance ?? .infinity) { best = (node.id, marker, d) }
            }
        }
        return best.map { ($0.node, $0.marker) }
    }
}
