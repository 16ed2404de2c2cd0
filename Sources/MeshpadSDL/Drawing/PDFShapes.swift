import MeshpadCore

/// The draw list's triangles as outlines of one colour each, for a PDF.
///
/// why: the screen's shapes are triangles with a feather a device pixel wide — vertices on the
/// outside of the true outline have alpha 0, those inside the shape's alpha, and the renderer
/// blends between them. A PDF is looked at any zoom, and a viewer fills each triangle on its own
/// (thin seams between them). So each feathered triangle is cut where its alpha is half its
/// most opaque corner's — the true outline, crisp — and each run of pieces of one colour is
/// joined: the edges two pieces share (the same vertices, or cuts of the same triangle edge)
/// cancel, and what is left is walked into closed loops, straight runs of points merged. A node's
/// border becomes two loops instead of a hundred slivers, a line piece one quadrilateral.
enum PDFShapes {
    struct Outline: Equatable {
        var color: RGBA
        /// Closed loops, filled together with the non-zero winding rule.
        var loops: [[Vec2]]
    }

    /// The outlines of `list`'s triangles `range` (positions in `indices`, three a triangle), in
    /// draw order: a new outline whenever the colour changes.
    static func outlines(of list: DrawList, triangles range: Range<Int>) -> [Outline] {
        var result: [Outline] = []
        var run = Run()
        var loops: [[Vec2]] = []
        /// The newest vertex the pieces being joined use: a triangle using only newer ones
        /// belongs to another shape (each shape appends its own vertices), so those are done.
        var newest: Int32 = -1
        func finishShape() {
            run.appendLoops(to: &loops)
            run.clear()
            newest = -1
        }
        func finishColor() {
            finishShape()
            if let color = run.color, !loops.isEmpty { result.append(Outline(color: color, loops: loops)) }
            loops = []
        }
        let positions = list.positions, colors = list.colors, indices = list.indices
        func point(_ i: Int32) -> Vec2 { Vec2(Double(positions[2 * Int(i)]), Double(positions[2 * Int(i) + 1])) }
        func alpha(_ i: Int32) -> UInt8 { colors[4 * Int(i) + 3] }
        func color(_ i: Int32) -> RGBA { RGBA(colors[4 * Int(i)], colors[4 * Int(i) + 1], colors[4 * Int(i) + 2], colors[4 * Int(i) + 3]) }
        var t = range.lowerBound
        while t + 2 < range.upperBound {
            defer { t += 3 }
            let corners = [indices[t], indices[t + 1], indices[t + 2]]
            let strongest = corners.max { alpha($0) < alpha($1) } ?? corners[0]
            let top = alpha(strongest)
            guard top > 0 else { continue }
            var keys: [Key] = []
            var points: [Vec2] = []
            if alpha(corners[0]) == top && alpha(corners[1]) == top && alpha(corners[2]) == top {
                keys = corners.map { Key($0, $0) }
                points = corners.map(point)
            } else {
                let threshold = Double(top) / 2
                for k in 0..<3 {
                    let i = corners[k], j = corners[(k + 1) % 3]
                    let inI = Double(alpha(i)) >= threshold, inJ = Double(alpha(j)) >= threshold
                    if inI {
                        keys.append(Key(i, i))
                        points.append(point(i))
                    }
                    if inI != inJ {
                        // why: computed from the lower index, so both triangles on this edge make the same point.
                        let (lo, hi) = i < j ? (i, j) : (j, i)
                        let f = (threshold - Double(alpha(lo))) / (Double(alpha(hi)) - Double(alpha(lo)))
                        keys.append(Key(lo, hi))
                        points.append(point(lo) + (point(hi) - point(lo)) * f)
                    }
                }
            }
            guard keys.count >= 3 else { continue }
            let area = signedArea(points)
            guard abs(area) > 1e-9 else { continue }
            if area < 0 {
                keys.reverse()
                points.reverse()
            }
            let shade = color(strongest)
            if shade != run.color {
                finishColor()
                run.color = shade
            } else if let oldest = corners.min(), oldest > newest {
                finishShape()
            }
            newest = max(newest, corners.max() ?? newest)
            run.add(keys, points)
        }
        finishColor()
        return result
    }

    /// A point of a triangle: a vertex (`lo == hi`) or the cut on the edge between two, packed
    /// in one number (`lo` high, `hi` low) so pieces are joined by sorting, not hashing.
    struct Key: Hashable, Comparable {
        var packed: UInt64

        init(_ lo: Int32, _ hi: Int32) {
            packed = UInt64(UInt32(bitPattern: lo)) << 32 | UInt64(UInt32(bitPattern: hi))
        }

        static func < (a: Key, b: Key) -> Bool { a.packed < b.packed }
    }

    /// A piece's edge, going round it anticlockwise, and where it starts.
    struct Edge {
        var from: Key
        var to: Key
        var start: Vec2
    }

    /// Pieces of one colour being joined.
    struct Run {
        var color: RGBA?
        private var edges: [Edge] = []
        private var kept: [Edge] = []
        private var used: [Bool] = []

        init(color: RGBA? = nil) { self.color = color }

        /// Forgets the pieces, keeping the colour and the arrays' room.
        mutating func clear() {
            edges.removeAll(keepingCapacity: true)
        }

        mutating func add(_ keys: [Key], _ coordinates: [Vec2]) {
            for k in keys.indices {
                edges.append(Edge(from: keys[k], to: keys[(k + 1) % keys.count], start: coordinates[k]))
            }
        }

        /// The pieces' outline as loops: edges that two pieces share in opposite directions
        /// cancel; what is left has as many edges out of each point as into it, so every walk
        /// along them comes back to where it began.
        mutating func appendLoops(to loops: inout [[Vec2]]) {
            guard !edges.isEmpty else { return }
            // Cancel: edges between the same two points, one way against the other.
            edges.sort { a, b in
                let (a0, a1) = a.from < a.to ? (a.from, a.to) : (a.to, a.from)
                let (b0, b1) = b.from < b.to ? (b.from, b.to) : (b.to, b.from)
                return a0 != b0 ? a0 < b0 : a1 < b1
            }
            kept.removeAll(keepingCapacity: true)
            var g = 0
            while g < edges.count {
                let low = min(edges[g].from, edges[g].to), high = max(edges[g].from, edges[g].to)
                var end = g, net = 0
                while end < edges.count && min(edges[end].from, edges[end].to) == low && max(edges[end].from, edges[end].to) == high {
                    net += edges[end].from == low ? 1 : -1
                    end += 1
                }
                if net != 0, let way = edges[g..<end].first(where: { ($0.from == low) == (net > 0) }) {
                    for _ in 0..<abs(net) { kept.append(way) }
                }
                g = end
            }
            // Walk: from each edge not yet walked, along edges out of the point reached.
            kept.sort { $0.from < $1.from }
            used = [Bool](repeating: false, count: kept.count)
            func unusedEdge(from key: Key) -> Int? {
                var lower = 0, upper = kept.count
                while lower < upper {
                    let middle = (lower + upper) / 2
                    if kept[middle].from < key { lower = middle + 1 } else { upper = middle }
                }
                while lower < kept.count && kept[lower].from == key {
                    if !used[lower] { return lower }
                    lower += 1
                }
                return nil
            }
            for first in kept.indices where !used[first] {
                used[first] = true
                var loop = [kept[first].start]
                var at = kept[first].to
                while at != kept[first].from, let step = unusedEdge(from: at) {
                    used[step] = true
                    loop.append(kept[step].start)
                    at = kept[step].to
                }
                let simplified = PDFShapes.withoutStraightPoints(loop)
                if simplified.count >= 3 { loops.append(simplified) }
            }
        }
    }

    /// A loop without the points that lie on the line between their neighbours (a line's pieces,
    /// a box's sides cut into bands).
    static func withoutStraightPoints(_ loop: [Vec2]) -> [Vec2] {
        guard loop.count > 3 else { return loop }
        var kept: [Vec2] = []
        kept.reserveCapacity(loop.count)
        for (k, p) in loop.enumerated() {
            let before = kept.last ?? loop[(k + loop.count - 1) % loop.count], after = loop[(k + 1) % loop.count]
            let a = p - before, b = after - p
            let cross = a.x * b.y - a.y * b.x
            // Straight on (not doubling back) within a hundredth of a device pixel.
            if abs(cross) <= 0.01 * max(a.length, b.length), a.x * b.x + a.y * b.y > 0 { continue }
            kept.append(p)
        }
        return kept.count >= 3 ? kept : loop
    }

    static func signedArea(_ points: [Vec2]) -> Double {
        var area = 0.0
        for i in points.indices {
            let p = points[i], q = points[(i + 1) % points.count]
            area += p.x * q.y - q.x * p.y
        }
        return area / 2
    }
}
