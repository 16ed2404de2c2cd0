import Foundation

/// A quadtree over points that sums inverse-distance repulsion on every point in O(n log n).
///
/// Cells far enough away (cell size < θ × distance to their centre of mass) act as one point of
/// their total mass (Barnes–Hut); near ones are opened, and the few points of a leaf are summed
/// exactly. Leaves hold up to `leafCapacity` points, and a leaf stops splitting once it is
/// 2⁻⁴⁰ of the whole, so coincident points end up together in one leaf instead of recursing
/// forever. Points also have a radius: two points in reach of each other (closer than their
/// radii summed) push apart by half the overlap besides; cells near enough to hold such a point
/// are always opened, so no overlapping pair is approximated away. Storage is kept between builds, so rebuilding every step allocates nothing; points
/// are copied leaf by leaf into one array, and visited in that order, so neighbouring points
/// walk the same cells while they are still in cache.
struct BarnesHutTree: Sendable {
    static let leafCapacity = 4

    private struct Cell {
        var centreX: Double
        var centreY: Double
        var half: Double
        var mass = 0.0
        var massX = 0.0
        var massY = 0.0
        /// The largest radius of a point in the cell.
        var radius = 0.0
        /// The first of the cell's four children (they are contiguous), or -1 for a leaf.
        var firstChild: Int32 = -1
        /// A leaf's points: `leafPoints[pointStart..<pointStart + pointCount]`.
        var pointStart: Int32 = 0
        var pointCount: Int32 = 0
    }

    private var cells: [Cell] = []
    /// While building: each leaf's first point and each point's next, -1 at the end.
    private var firstPoint: [Int32] = []
    private var nextPoint: [Int32] = []
    /// Point indices, x, y and radius, leaf by leaf.
    private var leafPoints: [Int32] = []
    private var leafX: [Double] = []
    private var leafY: [Double] = []
    private var leafRadius: [Double] = []

    var cellCount: Int { cells.count }

    /// Files every point afresh.
    mutating func build(x: [Double], y: [Double], radius: [Double]) {
        cells.removeAll(keepingCapacity: true)
        firstPoint.removeAll(keepingCapacity: true)
        nextPoint.removeAll(keepingCapacity: true)
        nextPoint.append(contentsOf: repeatElement(-1, count: x.count))
        guard !x.isEmpty else { return }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for i in x.indices {
            minX = min(minX, x[i]); maxX = max(maxX, x[i])
            minY = min(minY, y[i]); maxY = max(maxY, y[i])
        }
        // why: a margin keeps points on the far edge inside the square.
        let rootHalf = max(maxX - minX, maxY - minY, 1) / 2 * 1.001
        let smallestHalf = rootHalf * 0x1p-40
        addCell(centreX: (minX + maxX) / 2, centreY: (minY + maxY) / 2, half: rootHalf)
        for i in x.indices {
            var cell = 0
            while cells[cell].firstChild >= 0 { cell = Int(cells[cell].firstChild) + quadrant(of: x[i], y[i], in: cell) }
            nextPoint[i] = firstPoint[cell]
            firstPoint[cell] = Int32(i)
            cells[cell].pointCount += 1
            // A full leaf splits; all but at most one of its children then fit, so follow that one.
            while Int(cells[cell].pointCount) > Self.leafCapacity && cells[cell].half > smallestHalf {
                cell = split(cell, x: x, y: y)
            }
        }
        packLeaves(x: x, y: y, radius: radius)
        for cell in stride(from: cells.count - 1, through: 0, by: -1) {
            var m = 0.0, sx = 0.0, sy = 0.0, r = 0.0
            let first = Int(cells[cell].firstChild)
            if first < 0 {
                let start = Int(cells[cell].pointStart)
                for k in start..<start + Int(cells[cell].pointCount) {
                    m += 1; sx += leafX[k]; sy += leafY[k]; r = max(r, leafRadius[k])
                }
            } else {
                for child in first..<first + 4 {
                    let c = cells[child]
                    m += c.mass; sx += c.massX * c.mass; sy += c.massY * c.mass; r = max(r, c.radius)
                }
            }
            cells[cell].mass = m
            cells[cell].radius = r
            cells[cell].massX = m > 0 ? sx / m : cells[cell].centreX
            cells[cell].massY = m > 0 ? sy / m : cells[cell].centreY
        }
    }

    /// Sets `forceX[i], forceY[i]` to the summed push on point `i` from every other point:
    /// `strength × d / |d|²` for each offset `d` from the other point, with opening angle `theta`.
    ///
    /// Two points closer than `minimumDistance` push as if that far apart, along a direction
    /// fixed by their indices (opposite for the other one), so coincident points separate.
    /// Near points that overlap also push by half their overlap.
    func repulsion(strength: Double, theta: Double, minimumDistance: Double,
                   forceX: inout [Double], forceY: inout [Double]) {
        guard !cells.isEmpty else { return }
        let thetaSquared = theta * theta
        let minimumSquared = minimumDistance * minimumDistance
        // why: the deepest path is ~40 splits plus a few, each pushing at most 4 cells.
        var openStack = [Int32](repeating: 0, count: 4 * 64)
        cells.withUnsafeBufferPointer { cells in
        leafPoints.withUnsafeBufferPointer { points in
        leafX.withUnsafeBufferPointer { xs in
        leafY.withUnsafeBufferPointer { ys in
        leafRadius.withUnsafeBufferPointer { radii in
        openStack.withUnsafeMutableBufferPointer { stack in
        forceX.withUnsafeMutableBufferPointer { forceX in
        forceY.withUnsafeMutableBufferPointer { forceY in
            for k in 0..<points.count {
                let i = Int(points[k]), px = xs[k], py = ys[k], radius = radii[k]
                var fx = 0.0, fy = 0.0
                var depth = 1
                stack[0] = 0
                while depth > 0 {
                    depth -= 1
                    let cell = cells[Int(stack[depth])]
                    if cell.firstChild < 0 {
                        let start = Int(cell.pointStart)
                        for m in start..<start + Int(cell.pointCount) where m != k {
                            let dx = px - xs[m], dy = py - ys[m]
                            let d2 = dx * dx + dy * dy
                            let reach = radius + radii[m]
                            if d2 >= minimumSquared {
                                // why: overlap / 2 along the unit vector is (reach − d) / 2d × (dx, dy).
                                let overlap = d2 < reach * reach ? (reach / d2.squareRoot() - 1) / 2 : 0
                                fx += (strength / d2 + overlap) * dx
                                fy += (strength / d2 + overlap) * dy
                            } else {
                                let (ux, uy) = Self.tieBreak(i, Int(points[m]))
                                let push = strength / minimumDistance + max(reach - minimumDistance, 0) / 2
                                fx += push * ux
                                fy += push * uy
                            }
                        }
                        continue
                    }
                    let dx = px - cell.massX, dy = py - cell.massY
                    let d2 = dx * dx + dy * dy
                    let size = 2 * cell.half
                    // why: a cell any of whose points might overlap this one is opened, so every
                    // overlapping pair is summed exactly and pushed apart.
                    let margin = cell.half + radius + cell.radius
                    let near = abs(px - cell.centreX) <= margin && abs(py - cell.centreY) <= margin
                    if !near && size * size < thetaSquared * d2 {
                        let push = strength * cell.mass / d2
                        fx += push * dx
                        fy += push * dy
                    } else if depth + 4 <= stack.count {
                        let first = cell.firstChild
                        for child in first..<first + 4 where cells[Int(child)].mass > 0 {
                            stack[depth] = child
                            depth += 1
                        }
                    }
                }
                forceX[i] = fx
                forceY[i] = fy
            }
        }}}}}}}}
    }

    /// A fixed unit direction for two points on top of each other, opposite for the other one.
    static func tieBreak(_ i: Int, _ j: Int) -> (Double, Double) {
        var generator = SeededGenerator(seed: UInt64(min(i, j)) &* 0x1_0000_0001 &+ UInt64(max(i, j)))
        let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
        let sign = i < j ? 1.0 : -1.0
        return (sign * cos(angle), sign * sin(angle))
    }

    private mutating func addCell(centreX: Double, centreY: Double, half: Double) {
        cells.append(Cell(centreX: centreX, centreY: centreY, half: half))
        firstPoint.append(-1)
    }

    /// 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
    private func quadrant(of px: Double, _ py: Double, in cell: Int) -> Int {
        (px >= cells[cell].centreX ? 1 : 0) + (py >= cells[cell].centreY ? 2 : 0)
    }

    /// Splits a leaf into four, hands its points down, and returns the child holding the most.
    private mutating func split(_ cell: Int, x: [Double], y: [Double]) -> Int {
        let first = cells.count
        let h = cells[cell].half / 2, cx = cells[cell].centreX, cy = cells[cell].centreY
        for q in 0..<4 {
            addCell(centreX: cx + (q & 1 == 1 ? h : -h), centreY: cy + (q & 2 == 2 ? h : -h), half: h)
        }
        cells[cell].firstChild = Int32(first)
        var p = firstPoint[cell]
        while p >= 0 {
            let j = Int(p)
            p = nextPoint[j]
            let child = first + quadrant(of: x[j], y[j], in: cell)
            nextPoint[j] = firstPoint[child]
            firstPoint[child] = Int32(j)
            cells[child].pointCount += 1
        }
        firstPoint[cell] = -1
        cells[cell].pointCount = 0
        var fullest = first
        for child in first + 1..<first + 4 where cells[child].pointCount > cells[fullest].pointCount { fullest = child }
        return fullest
    }

    /// Copies each leaf's points together, leaves in depth-first order (near leaves near).
    private mutating func packLeaves(x: [Double], y: [Double], radius: [Double]) {
        leafPoints.removeAll(keepingCapacity: true)
        leafX.removeAll(keepingCapacity: true)
        leafY.removeAll(keepingCapacity: true)
        leafRadius.removeAll(keepingCapacity: true)
        var stack: [Int32] = [0]
        while let top = stack.popLast() {
            let cell = Int(top)
            let first = cells[cell].firstChild
            if first >= 0 {
                for child in (first..<first + 4).reversed() { stack.append(child) }
                continue
            }
            cells[cell].pointStart = Int32(leafPoints.count)
            var p = firstPoint[cell]
            while p >= 0 {
                leafPoints.append(p)
                leafX.append(x[Int(p)])
                leafY.append(y[Int(p)])
                leafRadius.append(radius[Int(p)])
                p = nextPoint[Int(p)]
            }
        }
    }
}
