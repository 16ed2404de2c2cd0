/// The line an edge runs along: straight, or a cubic Bézier through two control points.
///
/// One value serves drawing (mapped to device pixels and cut into segments), hit testing and SVG
/// export (its `C` command), so a tap lands on the line that is drawn.
///
/// A `.curve` branch leaves the middle of the parent's side that faces the child, level, and
/// arrives level at the middle of the child's near side: Freeplane's and XMind's look; a child
/// on the parent's left mirrors it. Where the two nodes overlap from left to right (a child
/// below its parent, as a force layout or a radial map may put it) it runs upright instead, from
/// the middle of the parent's bottom to the middle of the child's top. A plain-text node is met at the end of its underline
/// that faces the other node. `.straight` branches run centre to centre (a plain node's end,
/// again, at its underline).
///
/// A link is a curve from one node's outline to the other's, bowed to one side so it does not
/// run through the nodes between them or along a branch joining the same two; links joining the
/// same two nodes take lanes that bow further, alternately to either side, so each is seen and
/// tapped apart; a link from a node to itself is a loop beside it (`link(from:to:lane:)`).
public struct EdgePath: Equatable, Sendable {
    public var start: Vec2
    public var control1: Vec2
    public var control2: Vec2
    public var end: Vec2
    /// A straight line from `start` to `end` (the control points sit on the ends).
    public var isStraight: Bool

    /// A node as an edge meets it: where it is drawn, its size and its outline.
    public struct End: Sendable {
        public var position: Vec2
        public var size: Vec2
        public var shape: NodeShape

        public init(position: Vec2, size: Vec2, shape: NodeShape) {
            self.position = position
            self.size = size
            self.shape = shape
        }

        /// The middle of its left (`side` -1) or right (+1) side; a plain node's underline end.
        func side(_ side: Double) -> Vec2 {
            Vec2(position.x + side * size.x / 2, position.y + (shape == .plain ? size.y / 2 : 0))
        }

        /// Where a straight line toward `other` ends: the centre, which the shape hides, or the
        /// end of a plain node's underline (it has no shape to hide the line's end).
        func attachment(toward other: Vec2) -> Vec2 {
            shape == .plain ? side(other.x >= position.x ? 1 : -1) : position
        }

        /// Where a ray from the centre along `direction` leaves the outline: the ellipse, or the
        /// box of a rounded or plain node (the corners' rounding is too small to matter).
        public func outline(along direction: Vec2) -> Vec2 {
            let r = size * 0.5
            guard abs(direction.x) + abs(direction.y) > 1e-12, r.x > 0, r.y > 0 else { return position }
            let t: Double
            switch shape {
            case .ellipse:
                t = 1 / ((direction.x / r.x) * (direction.x / r.x) + (direction.y / r.y) * (direction.y / r.y)).squareRoot()
            case .roundedBox, .plain:
                t = min(direction.x == 0 ? .infinity : r.x / abs(direction.x), direction.y == 0 ? .infinity : r.y / abs(direction.y))
            }
            return position + direction * t
        }
    }

    /// How far each control point reaches toward the other end, as a share of the distance
    /// between the ends along the way the curve leaves: the parent's short, the child's longer,
    /// so branches fan out of the parent and settle level into the child, as Freeplane draws them.
    static let parentReach = 0.3
    static let childReach = 0.5
    /// The most segments a curve is cut into, however big it is on screen.
    public static let maximumSegments = 64

    public static func line(from start: Vec2, to end: Vec2) -> EdgePath {
        EdgePath(start: start, control1: start, control2: end, end: end, isStraight: true)
    }

    /// A free link, or a branch drawn straight: centre to centre, plain nodes at their underline.
    public static func straight(from a: End, to b: End) -> EdgePath {
        line(from: a.attachment(toward: b.position), to: b.attachment(toward: a.position))
    }

    /// The branch from `parent` to `child` in `shape`.
    public static func branch(from parent: End, to child: End, shape: EdgeShape) -> EdgePath {
        guard shape == .curve else { return straight(from: parent, to: child) }
        let p = parent.position, c = child.position
        let side: Double = c.x >= p.x ? 1 : -1
        // Side by side unless their sides overlap by more than a quarter of the narrower node:
        // a little overlap (a wide parent) hooks the curve back a few pixels, which looks better
        // than a flat upright S; more, and it runs upright.
        let overlap = (parent.size.x + child.size.x) / 2 - side * (c.x - p.x)
        if overlap <= min(parent.size.x, child.size.x) / 4 {
            let start = parent.side(side), end = child.side(-side)
            let run = abs(end.x - start.x)
            return EdgePath(start: start, control1: start + Vec2(side * run * parentReach, 0),
                            control2: end - Vec2(side * run * childReach, 0), end: end, isStraight: false)
        }
        let down: Double = c.y >= p.y ? 1 : -1
        if down * (c.y - p.y) >= (parent.size.y + child.size.y) / 2 {
            let start = Vec2(p.x, p.y + down * parent.size.y / 2), end = Vec2(c.x, c.y - down * child.size.y / 2)
            let run = abs(end.y - start.y)
            return EdgePath(start: start, control1: start + Vec2(0, down * run * parentReach),
                            control2: end - Vec2(0, down * run * childReach), end: end, isStraight: false)
        }
        // The two nodes overlap: whatever joins them lies under them.
        return line(from: p, to: c)
    }

    /// How far a link's lane turns its ends away from the line between the nodes: lane 0 by
    /// `linkBow`, lane 1 as far the other way, lane 2 twice as far, and so on, at most `largestBow`.
    static let linkBow = 25.0 * Double.pi / 180
    static let largestBow = 75.0 * Double.pi / 180
    /// How far a link's control points reach from its ends, as a share of the distance between them.
    static let linkReach = 0.4
    /// The least they reach (map units), so links between near nodes still arch apart.
    static let minimumLinkReach = 48.0
    /// A loop's size beside its node (map units), and how much larger each further lane's is.
    static let loopReach = 46.0
    static let loopLaneGrowth = 14.0

    /// The signed bow of a link's lane, in radians: 25°, −25°, 50°, −50°, … (at most ±75°).
    public static func bow(ofLane lane: Int) -> Double {
        let lane = max(lane, 0)
        return min(Double(lane / 2 + 1) * linkBow, largestBow) * (lane % 2 == 0 ? 1 : -1)
    }

    /// A link from `a` to `b` in `lane`: a curve from `a`'s outline to `b`'s, leaving and
    /// arriving turned by the lane's bow, so it arches to one side. The arch is worked out from
    /// the node with the lower ID (`aFirst` false when that is `b`), so links both ways between
    /// two nodes fan apart as links one way do. The same node at both ends is a loop.
    public static func link(from a: End, to b: End, lane: Int, aFirst: Bool = true, sameNode: Bool = false) -> EdgePath {
        if sameNode { return loop(around: a, lane: lane) }
        guard aFirst else { return link(from: b, to: a, lane: lane).reversed }
        let d = b.position - a.position
        let length = d.length
        guard length > 1e-9 else { return loop(around: a, lane: lane) }
        let direction = d * (1 / length)
        let bow = Self.bow(ofLane: lane)
        let leaving = direction.rotated(by: bow), arriving = (-direction).rotated(by: -bow)
        let start = a.outline(along: leaving), end = b.outline(along: arriving)
        // why: two nodes side by side would get an arch too flat to tell lanes apart.
        let reach = max(start.distance(to: end) * linkReach, minimumLinkReach)
        return EdgePath(start: start, control1: start + leaving * reach, control2: end + arriving * reach, end: end, isStraight: false)
    }

    /// A link from a node to itself: a loop above it, leaving and coming back 60° apart; further
    /// lanes fan round the top (up, up-right, up-left, right, left) and grow, so each is apart.
    public static func loop(around a: End, lane: Int) -> EdgePath {
        let lane = max(lane, 0)
        let turn = lane == 0 ? 0 : Double((lane + 1) / 2) * (lane % 2 == 1 ? 1 : -1) * 40 * Double.pi / 180
        let up = Vec2(0, -1).rotated(by: turn)
        let spread = 30 * Double.pi / 180
        let out1 = up.rotated(by: -spread), out2 = up.rotated(by: spread)
        let start = a.outline(along: out1), end = a.outline(along: out2)
        let reach = loopReach + loopLaneGrowth * Double(lane)
        return EdgePath(start: start, control1: start + out1 * reach, control2: end + out2 * reach, end: end, isStraight: false)
    }

    /// The same path run the other way.
    public var reversed: EdgePath {
        EdgePath(start: end, control1: control2, control2: control1, end: start, isStraight: isStraight)
    }

    /// The direction the path leaves `start` in (toward its first control point, or its end).
    public var startDirection: Vec2 {
        let toward = (control1 - start).length > 1e-9 ? control1 : (control2 - start).length > 1e-9 ? control2 : end
        return (toward - start) * (1 / max((toward - start).length, 1e-12))
    }

    /// The direction the path arrives at `end` in.
    public var endDirection: Vec2 {
        let from = (end - control2).length > 1e-9 ? control2 : (end - control1).length > 1e-9 ? control1 : start
        return (end - from) * (1 / max((end - from).length, 1e-12))
    }

    /// The same path with every point passed through `transform`. An affine map (map to screen)
    /// maps a Bézier curve onto the Bézier curve of the mapped points, so this is exact.
    public func mapped(_ transform: (Vec2) -> Vec2) -> EdgePath {
        EdgePath(start: transform(start), control1: transform(control1), control2: transform(control2),
                 end: transform(end), isStraight: isStraight)
    }

    /// The box that holds the whole path (a Bézier curve stays inside its control points' box).
    public var bounds: Rect {
        let minX = min(start.x, control1.x, control2.x, end.x), maxX = max(start.x, control1.x, control2.x, end.x)
        let minY = min(start.y, control1.y, control2.y, end.y), maxY = max(start.y, control1.y, control2.y, end.y)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The point a share `t` (0…1) of the way along the curve's parameter.
    public func point(at t: Double) -> Vec2 {
        guard !isStraight else { return start + (end - start) * t }
        let u = 1 - t
        return start * (u * u * u) + control1 * (3 * u * u * t) + control2 * (3 * u * t * t) + end * (t * t * t)
    }

    /// How many straight segments follow the curve to within `tolerance` (in the path's units):
    /// Wang's bound, `√(¾·bend / tolerance)`, where the bend is the control polygon's largest
    /// second difference. It grows with the square root of the size on screen, so a curve seen
    /// from far out, or a short one, is a few segments or one straight line.
    public func segmentCount(tolerance: Double) -> Int {
        guard !isStraight, tolerance > 0 else { return 1 }
        let bend = max((start - control1 * 2 + control2).length, (control1 - control2 * 2 + end).length)
        let count = (0.75 * bend / tolerance).squareRoot().rounded(.up)
        guard count.isFinite else { return 1 }
        return Int(min(max(count, 1), Double(Self.maximumSegments)))
    }

    /// Calls `body` with the `segments + 1` points that cut the path into that many steps of
    /// its parameter, `start` first and `end` last.
    public func forEachPoint(segments: Int, _ body: (Vec2) -> Void) {
        let count = max(segments, 1)
        body(start)
        for k in 1..<count { body(point(at: Double(k) / Double(count))) }
        body(end)
    }

    /// Calls `body` with each straight segment (from, to) that follows the path to within
    /// `tolerance`: one for a straight path.
    public func forEachSegment(tolerance: Double, _ body: (Vec2, Vec2) -> Void) {
        var previous: Vec2?
        forEachPoint(segments: segmentCount(tolerance: tolerance)) { next in
            if let previous { body(previous, next) }
            previous = next
        }
    }

    /// The shortest distance from `point` to the path, followed to within `tolerance`.
    public func distance(to point: Vec2, tolerance: Double) -> Double {
        var best = Double.infinity
        forEachSegment(tolerance: tolerance) { a, b in best = min(best, Self.distance(from: point, toSegment: a, b)) }
        return best
    }

    static func distance(from p: Vec2, toSegment a: Vec2, _ b: Vec2) -> Double {
        let ab = b - a
        let lengthSquared = ab.x * ab.x + ab.y * ab.y
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(max(((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / lengthSquared, 0), 1)
        return p.distance(to: a + ab * t)
    }
}

/// A summary's bracket: a brace just beyond the branches it sums up (`span`), as tall as they
/// are, on the side the summary is on, its tip level with the summary (kept within the brace)
/// and joined to the summary's near side. Drawn and exported from this one geometry.
public struct SummaryBracket: Equatable, Sendable {
    /// The brace's two halves (top to tip, tip to bottom) and the line from its tip to the summary.
    public var paths: [EdgePath]
    public var bounds: Rect

    /// How far the brace stands off the branches, and how deep it is, in map units.
    public static let gap = 6.0
    public static let depth = 14.0

    public init(span: Rect, summaryAt summary: Vec2, summarySize: Vec2, parentAt parent: Vec2) {
        let side: Double = summary.x >= parent.x ? 1 : -1
        let x = side > 0 ? span.maxX + Self.gap : span.minX - Self.gap
        let tipY = min(max(summary.y, span.minY), span.maxY)
        let top = Vec2(x, span.minY), bottom = Vec2(x, span.maxY), tip = Vec2(x + side * Self.depth, tipY)
        let half = Vec2(side * Self.depth / 2, 0)
        let reach = Vec2(summary.x - side * summarySize.x / 2, summary.y)
        paths = [EdgePath(start: top, control1: top + half, control2: tip - half, end: tip, isStraight: false),
                 EdgePath(start: tip, control1: tip - half, control2: bottom + half, end: bottom, isStraight: false)]
        if (reach.x - tip.x) * side > 0 { paths.append(.line(from: tip, to: reach)) }
        bounds = paths.dropFirst().reduce(paths[0].bounds) { $0.union($1.bounds) }
    }
}
