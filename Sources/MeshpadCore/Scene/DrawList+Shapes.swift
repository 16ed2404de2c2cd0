import Foundation

// Anti-aliasing without multisampling: every shape gets a one-pixel feather whose outer
// vertices have alpha 0, and the renderer blends. Works the same on the software renderer.
extension DrawList {
    /// A straight line of `width` device pixels with feathered sides, clipped to `clip`.
    ///
    /// why: the software renderer fills a triangle by walking its bounding box, so one long
    /// diagonal quad costs as much as the whole window. The line is clipped to the view and cut
    /// into pieces of at most `pieceLength` pixels, whose boxes are small.
    /// `endWidth` tapers it from `width` at `a` to that at `b` (nil: even).
    mutating func appendLine(from a: Vec2, to b: Vec2, width: Double, endWidth: Double? = nil, color: RGBA, clip: Rect? = nil) {
        let last = endWidth ?? width
        guard a.isFinite, b.isFinite, width > 0, last > 0 else { return }
        let whole = b - a
        var p = a, q = b
        if let clip {
            guard let clipped = Self.clip(a, b, to: clip.outset(by: max(width, last) + 2)) else { return }
            (p, q) = clipped
        }
        // The width where the line was cut to the view, along the whole line.
        func widthAlong(_ point: Vec2) -> Double {
            let length = whole.length
            guard last != width, length > 1e-9 else { return width }
            return width + (last - width) * min(max((point - a).length / length, 0), 1)
        }
        let delta = q - p
        guard delta.length > 1e-6 else { return }
        // A piece's box is what it costs, and a near-vertical or near-horizontal line has a thin
        // box at any length: only diagonal lines need many pieces.
        let pieces = max(1, Int(((abs(delta.x) * abs(delta.y)).squareRoot() / Self.pieceLength).rounded(.up)))
        for k in 0..<pieces {
            let s = p + delta * (Double(k) / Double(pieces)), e = p + delta * (Double(k + 1) / Double(pieces))
            appendLinePiece(from: s, to: e, width: widthAlong(s), endWidth: widthAlong(e), color: color)
        }
    }

    static let pieceLength = 48.0

    /// How far a curve's segments may stray from the true curve, in device pixels: under the
    /// feather, so no corner shows.
    static let curveTolerancePixels = 0.5

    /// An edge's path `width` device pixels wide: a straight line, or a curve cut into as many
    /// segments as its size on screen needs (`EdgePath.segmentCount`), each an `appendLine`.
    ///
    /// why: SDL 2.26's software renderer truncates every vertex to a whole pixel, so a strip
    /// whose joints bend the feather (each joint with its own normal) rounds each segment's
    /// feather differently and half of them vanished; separate quads, each square to its own
    /// segment, round alike, as a straight line does. The pixels along the edge two quads share
    /// at a joint can be dropped too (see `appendEllipse`), which dotted a near-level curve: an
    /// opaque patch a pixel and a half long covers each joint's core.
    ///
    /// `endWidth` tapers it: each segment is as wide as the path is at its middle, from `width`
    /// at the start to `endWidth` at the end (a branch, thick at its parent).
    mutating func appendPath(_ path: EdgePath, width startWidth: Double, endWidth: Double? = nil, color: RGBA, clip: Rect? = nil) {
        let taper = endWidth.map { $0 - startWidth } ?? 0
        // Each segment narrows from its start's width to its end's: a taper with no steps.
        let segments = path.segmentCount(tolerance: Self.curveTolerancePixels)
        let widest = max(startWidth, endWidth ?? startWidth)
        let reach = clip?.outset(by: widest + 2)
        var k = 0
        var previous: Vec2?
        path.forEachPoint(segments: segments) { b in
            defer { previous = b }
            guard let a = previous else { return }
            let width = startWidth + taper * Double(k) / Double(segments)
            let narrower = startWidth + taper * Double(k + 1) / Double(segments)
            k += 1
            // The joint at `b` is as wide as the line is there.
            let core = color.withAlpha(UInt8(Double(color.a) * min(narrower, 1)))
            let halfCore = max(max(narrower, 1) / 2 - 0.5, 0.5)
            // why: a long branch crossing the view is mostly off it; a box test skips those
            // segments for less than clipping each.
            if let reach, !Rect(spanning: a, b).intersects(reach) { return }
            appendLine(from: a, to: b, width: width, endWidth: narrower, color: color, clip: clip)
            guard b != path.end, core.a == 255, reach?.contains(b) ?? true else { return }
            let step = b - a, length = step.length
            guard length > 1e-9 else { return }
            // why: a thick tapered branch bends by more at a joint than a hairline: a longer patch fills the wedge.
            let along = step * (max(0.75, halfCore * 0.5) / length), across = Vec2(-step.y, step.x) * (halfCore / length)
            let patch = Int32(vertexCount)
            appendVertex(b - along - across, core)
            appendVertex(b + along - across, core)
            appendVertex(b + along + across, core)
            appendVertex(b - along + across, core)
            appendQuad(patch, patch + 1, patch + 2, patch + 3)
        }
    }

    /// A path drawn in dashes: `pattern` alternates the lengths drawn and skipped (device
    /// pixels), starting with a dash, and carries on across the curve's segments. Segments off
    /// the view only advance the pattern; dashes shorter than a pixel make a solid line.
    mutating func appendDashedPath(_ path: EdgePath, width: Double, color: RGBA, pattern: [Double], clip: Rect) {
        let steps = pattern.map { $0.isFinite ? max($0, 0) : 0 }
        let period = steps.reduce(0, +)
        guard steps.count >= 2, period >= 2 else {
            appendPath(path, width: width, color: color, clip: clip)
            return
        }
        let reach = clip.outset(by: width + 2)
        var k = 0, left = steps[0]
        path.forEachSegment(tolerance: Self.curveTolerancePixels) { a, b in
            let length = a.distance(to: b)
            guard length > 1e-9 else { return }
            let visible = Rect(spanning: a, b).intersects(reach)
            if !visible || length > 64 * period {
                // why: off the view, or so long against its dashes that drawing them would cost
                // thousands of quads: only the pattern's phase moves on.
                if visible { appendLine(from: a, to: b, width: width, color: color, clip: clip) }
                var rest = length.truncatingRemainder(dividingBy: period)
                while rest > 0 {
                    let take = min(rest, left)
                    rest -= take
                    left -= take
                    if left <= 0 { k = (k + 1) % steps.count; left = steps[k] }
                }
                return
            }
            var done = 0.0
            while done < length {
                let take = min(length - done, left)
                if k % 2 == 0, take > 0 {
                    appendLine(from: a + (b - a) * (done / length), to: a + (b - a) * ((done + take) / length), width: width,
                               color: color, clip: clip)
                }
                done += take
                left -= take
                if left <= 0 { k = (k + 1) % steps.count; left = steps[k] }
            }
        }
    }

    private mutating func appendLinePiece(from a: Vec2, to b: Vec2, width startWidth: Double, endWidth: Double, color: RGBA) {
        let delta = b - a
        let length = delta.length
        let normal = Vec2(-delta.y / length, delta.x / length)
        let clear = color.withAlpha(0)
        let base = Int32(vertexCount)
        for (end, width) in [(a, startWidth), (b, endWidth)] {
            // why: a line thinner than a pixel is drawn one pixel wide and fainter, which is how
            // it would look if it were sampled properly; a 0.3 px hairline must not vanish.
            let coverage = min(width, 1)
            let half = max(width, 1) / 2
            let inner = max(half - 0.5, 0)
            let outer = half + 0.5
            let solid = color.withAlpha(UInt8(Double(color.a) * coverage))
            appendVertex(end - normal * outer, clear)
            appendVertex(end - normal * inner, solid)
            appendVertex(end + normal * inner, solid)
            appendVertex(end + normal * outer, clear)
        }
        for band in Int32(0)..<3 {
            appendQuad(base + band, base + band + 1, base + 4 + band + 1, base + 4 + band)
        }
    }

    /// Liang–Barsky: the part of segment a→b inside `r`, or nil if none.
    static func clip(_ a: Vec2, _ b: Vec2, to r: Rect) -> (Vec2, Vec2)? {
        var t0 = 0.0, t1 = 1.0
        let d = b - a
        for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { if t > t1 { return nil }; if t > t0 { t0 = t } } else { if t < t0 { return nil }; if t < t1 { t1 = t } }
            }
        }
        return (a + d * t0, a + d * t1)
    }

    /// A filled ellipse with a border of `borderWidth` device pixels, both anti-aliased.
    mutating func appendEllipse(center: Vec2, radii: Vec2, fill: RGBA, border: RGBA, borderWidth: Double) {
        guard center.isFinite, radii.isFinite, radii.x > 0, radii.y > 0 else { return }
        let segments = Self.segmentCount(forRadius: max(radii.x, radii.y))
        let bw = max(borderWidth, 0)
        // Fill reaches half-way under the border so no seam shows between them.
        let fillRadii = Vec2(max(radii.x - bw / 2, 0.5), max(radii.y - bw / 2, 0.5))
        appendEllipseFill(center: center, radii: fillRadii, color: fill, bands: max(2, segments / 2))
        appendRing(center: center, radii: radii, color: border, width: bw, segments: segments)
    }

    /// An ellipse of one colour in horizontal bands.
    private mutating func appendEllipseFill(center: Vec2, radii: Vec2, color fill: RGBA, bands: Int) {
        // why: a fan's long thin triangles each cost their whole bounding box in the software
        // renderer; horizontal bands (pairs of points mirrored left/right) tile the ellipse with
        // boxes that barely overlap.
        // why: SDL 2.26's software rasteriser can drop the pixel row along an edge two triangles
        // share when it lies exactly on pixel centres; each band overlaps the next by one
        // pixel (invisible: the fill is one opaque colour), so no white seam can show.
        var previous: (y: Double, x: Double)?
        for k in 0...bands {
            let angle = Double.pi * Double(k) / Double(bands)
            let row = (y: center.y - radii.y * cos(angle), x: radii.x * sin(angle))
            if let top = previous {
                let base = Int32(vertexCount)
                let bottomY = row.y + (k < bands && fill.a == 255 ? 1 : 0)
                appendVertex(Vec2(center.x - top.x, top.y), fill)
                appendVertex(Vec2(center.x + top.x, top.y), fill)
                appendVertex(Vec2(center.x + row.x, bottomY), fill)
                appendVertex(Vec2(center.x - row.x, bottomY), fill)
                appendQuad(base, base + 1, base + 2, base + 3)
            }
            previous = row
        }
    }

    /// An anti-aliased elliptical ring `width` device pixels wide, inside `radii` (a node's
    /// border, a search highlight around it).
    mutating func appendRing(center: Vec2, radii: Vec2, color border: RGBA, width bw: Double, segments: Int? = nil) {
        guard center.isFinite, radii.isFinite, radii.x > 0, radii.y > 0, bw > 0 else { return }
        let segments = segments ?? Self.segmentCount(forRadius: max(radii.x, radii.y))
        let n = Int32(segments)
        // Feather in, solid, solid, feather out.
        let offsets: [(offset: Double, alpha: UInt8)]
        if bw >= 1 {
            offsets = [(-bw - 0.5, 0), (-bw + 0.5, border.a), (-0.5, border.a), (0.5, 0)]
        } else {
            let faint = UInt8(Double(border.a) * bw)
            offsets = [(-1.0, 0), (0.0, faint), (1.0, 0)]
        }
        let ringBase = Int32(vertexCount)
        for (offset, alpha) in offsets {
            let rx = max(radii.x + offset, 0), ry = max(radii.y + offset, 0)
            let color = border.withAlpha(alpha)
            forEachAngle(segments) { c, s in
                appendVertex(Vec2(center.x + rx * c, center.y + ry * s), color)
            }
        }
        for ring in Int32(0)..<Int32(offsets.count - 1) {
            let inner = ringBase + ring * n, outer = ringBase + (ring + 1) * n
            for i in Int32(0)..<n {
                let j = (i + 1) % n
                appendQuad(inner + i, inner + j, outer + j, outer + i)
            }
        }
    }

    /// A filled rectangle with rounded corners and an anti-aliased border of `borderWidth` device
    /// pixels (0 for none). `halfSize` is half the box's width and height.
    mutating func appendRoundedRect(center: Vec2, halfSize: Vec2, radius: Double, fill: RGBA?, border: RGBA, borderWidth: Double) {
        guard center.isFinite, halfSize.isFinite, halfSize.x > 0, halfSize.y > 0 else { return }
        let r = min(max(radius, 0), halfSize.x, halfSize.y)
        let steps = max(2, min(16, Int((r / 2).rounded(.up))))
        let bw = max(borderWidth, 0)
        if let fill {
            // Fill reaches half-way under the border so no seam shows between them.
            let inset = bw / 2
            appendRoundedRectFill(center: center, halfSize: Vec2(max(halfSize.x - inset, 0.5), max(halfSize.y - inset, 0.5)),
                                  radius: max(r - inset, 0), color: fill, steps: steps)
        }
        guard bw > 0 else { return }
        // The outline at an offset d from the box's edge: each corner's arc at radius r + d.
        var offsets: [(offset: Double, alpha: UInt8)]
        if bw >= 1 {
            offsets = [(-bw - 0.5, 0), (-bw + 0.5, border.a), (-0.5, border.a), (0.5, 0)]
        } else {
            let faint = UInt8(Double(border.a) * bw)
            offsets = [(-1.0, 0), (0.0, faint), (1.0, 0)]
        }
        let corners: [(cx: Double, cy: Double, start: Double)] = [
            (halfSize.x - r, halfSize.y - r, 0), (-(halfSize.x - r), halfSize.y - r, Double.pi / 2),
            (-(halfSize.x - r), -(halfSize.y - r), Double.pi), (halfSize.x - r, -(halfSize.y - r), 3 * Double.pi / 2),
        ]
        let perRing = Int32(4 * (steps + 1))
        let ringBase = Int32(vertexCount)
        for (offset, alpha) in offsets {
            let color = border.withAlpha(alpha)
            let radius = max(r + offset, 0)
            // A corner with no rounding still needs its outline pushed out by the offset.
            let push = r + offset < 0 ? r + offset : 0
            for corner in corners {
                for i in 0...steps {
                    let angle = corner.start + Double.pi / 2 * Double(i) / Double(steps)
                    let c = cos(angle), s = sin(angle)
                    let sx: Double = corner.cx >= 0 ? 1 : -1, sy: Double = corner.cy >= 0 ? 1 : -1
                    let x: Double = center.x + corner.cx + radius * c + push * sx
                    let y: Double = center.y + corner.cy + radius * s + push * sy
                    appendVertex(Vec2(x, y), color)
                }
            }
        }
        for ring in Int32(0)..<Int32(offsets.count - 1) {
            let inner = ringBase + ring * perRing, outer = ringBase + (ring + 1) * perRing
            for i in Int32(0)..<perRing {
                let j = (i + 1) % perRing
                appendQuad(inner + i, inner + j, outer + j, outer + i)
            }
        }
    }

    /// Below this many device pixels across its shorter side a node is drawn in whole pixel
    /// rows (`appendPixelShape`): at that size (zoom under ~0.45, its text at most ~7 px) a
    /// stepped outline does not show, and SDL's software renderer fills an axis-aligned
    /// rectangle of one colour directly, where each of the anti-aliased shape's ~100 thin
    /// triangles cost it about a microsecond (a 100k-node map at zoom 0.3, 273 nodes in view:
    /// 17 → 6 ms a frame, with the arrowheads off the view left out too).
    static let smallShapePixels = 16.0

    /// A small node's shape (see `smallShapePixels`) as rows of whole pixels: each row of the
    /// outline in the border's colour, the inside in the fill's; a border thinner than a pixel
    /// is one pixel of the two mixed, as anti-aliasing would show it (over a fill that is not
    /// solid, the border's own colour that much fainter). `radius` rounds a box's corners; nil
    /// makes an ellipse. Only rows within `clip` are made.
    mutating func appendPixelShape(center: Vec2, halfSize: Vec2, radius: Double?, fill: RGBA, border: RGBA, borderWidth: Double,
                                   clip: Rect) {
        guard center.isFinite, halfSize.isFinite, halfSize.x > 0, halfSize.y > 0 else { return }
        let coverage = min(max(borderWidth, 0), 1)
        let rim = coverage > 0 ? max(1, borderWidth.rounded()) : 0
        let edge = fill.a == 255 ? border.mixed(with: fill, amount: 1 - coverage) : border.withAlpha(UInt8(Double(border.a) * coverage))
        /// Half the shape's width at `dy` from its centre, for half-size `h` and corner radius
        /// `r` (nil outside).
        func halfWidth(_ dy: Double, _ h: Vec2, _ r: Double?) -> Double? {
            guard h.x > 0, h.y > 0, abs(dy) < h.y else { return nil }
            guard let r else { return h.x * (1 - (dy / h.y) * (dy / h.y)).squareRoot() }
            let corner = min(max(r, 0), h.x, h.y)
            let into = abs(dy) - (h.y - corner)
            return into <= 0 ? h.x : h.x - corner + (corner * corner - into * into).squareRoot()
        }
        let inner = Vec2(halfSize.x - rim, halfSize.y - rim)
        let innerRadius = radius.map { max($0 - rim, 0) }
        var y = max((center.y - halfSize.y).rounded(), clip.minY.rounded(.down))
        let bottom = min(center.y + halfSize.y, clip.maxY)
        while y < bottom {
            defer { y += 1 }
            let dy = y + 0.5 - center.y
            guard let outer = halfWidth(dy, halfSize, radius) else { continue }
            let left = (center.x - outer).rounded(), right = (center.x + outer).rounded()
            guard right > left else { continue }
            guard let inside = halfWidth(dy, inner, innerRadius) else {
                appendRect(Rect(x: left, y: y, width: right - left, height: 1), color: edge)
                continue
            }
            let innerLeft = max((center.x - inside).rounded(), left), innerRight = min((center.x + inside).rounded(), right)
            appendRect(Rect(x: left, y: y, width: innerLeft - left, height: 1), color: edge)
            appendRect(Rect(x: innerLeft, y: y, width: innerRight - innerLeft, height: 1), color: fill)
            appendRect(Rect(x: innerRight, y: y, width: right - innerRight, height: 1), color: edge)
        }
    }

    /// A box with rounded corners in whole-pixel rows: the rows of its corners, a row of rows
    /// at a time where their insets agree, and one rectangle between (interface buttons and
    /// panels, which sit on whole pixels).
    ///
    /// why: axis-aligned rectangles of one colour, which SDL's software renderer fills directly;
    /// an anti-aliased rounded fill is triangles whose boxes it walks pixel by pixel, and a
    /// toolbar of them cost every frame half a millisecond.
    mutating func appendSteppedRoundedRect(_ rect: Rect, radius: Double, color: RGBA) {
        let box = Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(), height: rect.height.rounded())
        guard box.width > 0, box.height > 0, box.origin.isFinite else { return }
        let r = Int(min(max(radius, 0), box.width / 2, box.height / 2).rounded())
        func inset(_ row: Int) -> Double {
            let dy = Double(r) - (Double(row) + 0.5)
            return (Double(r) - (Double(r * r) - dy * dy).squareRoot()).rounded()
        }
        // Rows of the corners that are not cut in at all belong to the middle rectangle.
        let rounded = (0..<r).firstIndex { inset($0) == 0 } ?? r
        var row = 0
        while row < rounded {
            let here = inset(row)
            var end = row + 1
            while end < rounded && inset(end) == here { end += 1 }
            let height = Double(end - row)
            appendRect(Rect(x: box.minX + here, y: box.minY + Double(row), width: box.width - 2 * here, height: height), color: color)
            appendRect(Rect(x: box.minX + here, y: box.maxY - Double(end), width: box.width - 2 * here, height: height), color: color)
            row = end
        }
        appendRect(Rect(x: box.minX, y: box.minY + Double(rounded), width: box.width, height: box.height - Double(2 * rounded)), color: color)
    }

    /// A rounded box of one colour in horizontal bands: down the top corners' arc, then the
    /// bottom corners', each band a pixel into the next (see `appendEllipseFill`).
    private mutating func appendRoundedRectFill(center: Vec2, halfSize: Vec2, radius rr: Double, color fill: RGBA, steps: Int) {
        let hx = halfSize.x, hy = halfSize.y
        let rows = 2 * (steps + 1)
        /// Row `k` of the outline: its y and its half-width.
        func row(_ k: Int) -> (y: Double, x: Double) {
            if k <= steps {
                let angle = Double.pi / 2 * Double(k) / Double(steps)
                return (center.y - hy + rr * (1 - cos(angle)), hx - rr + rr * sin(angle))
            }
            let angle = Double.pi / 2 * Double(rows - 1 - k) / Double(steps)
            return (center.y + hy - rr * (1 - cos(angle)), hx - rr + rr * sin(angle))
        }
        var top = row(0)
        for k in 1..<rows {
            let next = row(k)
            defer { top = next }
            guard next.y > top.y else { continue }
            let base = Int32(vertexCount)
            let bottomY = next.y + (k < rows - 1 && fill.a == 255 ? 1 : 0)
            appendVertex(Vec2(center.x - top.x, top.y), fill)
            appendVertex(Vec2(center.x + top.x, top.y), fill)
            appendVertex(Vec2(center.x + next.x, bottomY), fill)
            appendVertex(Vec2(center.x - next.x, bottomY), fill)
            appendQuad(base, base + 1, base + 2, base + 3)
        }
    }

    /// A cloud around `rect` (device pixels): a box with rounded (`radius`) corners, and when
    /// `bump` is above 0, round bumps along its edge, each `bump` in radius, so it reads as a
    /// cloud; a border of `borderWidth` around the whole outline, then the fill over the insides.
    mutating func appendCloud(around rect: Rect, radius: Double, bump: Double, fill: RGBA, border: RGBA, borderWidth: Double) {
        guard rect.width > 0, rect.height > 0, rect.origin.isFinite else { return }
        let (bumps, bump) = Self.cloudBumps(around: rect, bump: bump)
        let half = Vec2(rect.width / 2, rect.height / 2)
        if borderWidth > 0 {
            for c in bumps { appendEllipse(center: c, radii: Vec2(bump + borderWidth, bump + borderWidth), fill: border, border: border, borderWidth: 0) }
            appendRoundedRect(center: rect.center, halfSize: half + Vec2(borderWidth, borderWidth), radius: radius + borderWidth,
                              fill: border, border: border, borderWidth: 0)
        }
        for c in bumps { appendEllipse(center: c, radii: Vec2(bump, bump), fill: fill, border: fill, borderWidth: 0) }
        appendRoundedRect(center: rect.center, halfSize: half, radius: radius, fill: fill, border: fill, borderWidth: 0)
    }

    /// The centres of a cloud's bumps along `rect`'s edge, a bump and a half apart, and their
    /// radius: `bump`, or bigger on a big cloud rather than more than 240 of them; none for a
    /// `bump` of a unit or less (a box).
    static func cloudBumps(around rect: Rect, bump: Double) -> (centres: [Vec2], radius: Double) {
        guard bump > 1, rect.width > 0, rect.height > 0 else { return ([], bump) }
        let perimeter = 2 * (rect.width + rect.height)
        let count = min(240, max(8, Int((perimeter / (bump * 1.5)).rounded())))
        let step = perimeter / Double(count)
        var centres: [Vec2] = []
        centres.reserveCapacity(count)
        for k in 0..<count {
            var d = (Double(k) + 0.5) * step
            let point: Vec2
            if d < rect.width { point = Vec2(rect.minX + d, rect.minY) } else {
                d -= rect.width
                if d < rect.height { point = Vec2(rect.maxX, rect.minY + d) } else {
                    d -= rect.height
                    if d < rect.width { point = Vec2(rect.maxX - d, rect.maxY) } else { point = Vec2(rect.minX, rect.maxY - (d - rect.width)) }
                }
            }
            centres.append(point)
        }
        return (centres, max(bump, step / 1.5))
    }

    /// Clears the far-out coverage bitmap for a viewport of `size` device pixels.
    mutating func resetCoverage(width: Int, height: Int) {
        let words = (max(width, 1) * max(height, 1) + 63) / 64
        if coverage.count != words {
            coverage = [UInt64](repeating: 0, count: words)
        } else {
            for i in coverage.indices { coverage[i] = 0 }
        }
        coverageWidth = max(width, 1)
    }

    /// A far-out node: a rectangle of its own proportions (at least a pixel) in the dot colour,
    /// unless a dot already covers its centre pixel (or that is off the viewport).
    mutating func appendDot(at center: Vec2, size: Vec2) {
        guard center.isFinite else { return }
        let px = Int(center.x), py = Int(center.y)
        guard px >= 0, py >= 0, px < coverageWidth else { return }
        let bit = py * coverageWidth + px
        guard bit / 64 < coverage.count else { return }
        let mask = UInt64(1) << UInt64(bit % 64)
        guard coverage[bit / 64] & mask == 0 else { return }
        coverage[bit / 64] |= mask
        let w = Float(max(size.x, 1)), h = Float(max(size.y, 1))
        dots.append(Float(center.x) - w / 2)
        dots.append(Float(center.y) - h / 2)
        dots.append(w)
        dots.append(h)
    }

    /// An edge's path as one-pixel lines: one for a straight path, a segment at a time for a curve.
    /// `color`: a branch's own (nil: `hairlineColor`); links are all `linkHairlineColor`.
    mutating func appendHairlines(along path: EdgePath, clip: Rect, link: Bool, color: RGBA? = nil) {
        path.forEachSegment(tolerance: Self.curveTolerancePixels) { a, b in
            if Rect(spanning: a, b).intersects(clip) { appendHairline(from: a, to: b, clip: clip, link: link, color: color) }
        }
    }

    mutating func appendHairline(from a: Vec2, to b: Vec2, clip: Rect, link: Bool = false, color: RGBA? = nil) {
        guard let (p, q) = Self.clip(a, b, to: clip) else { return }
        if link {
            linkHairlines.append(Float(p.x)); linkHairlines.append(Float(p.y))
            linkHairlines.append(Float(q.x)); linkHairlines.append(Float(q.y))
        } else if let color, color != hairlineColor, let k = hairlineBucket(for: color) {
            colouredHairlines[k].lines.append(Float(p.x)); colouredHairlines[k].lines.append(Float(p.y))
            colouredHairlines[k].lines.append(Float(q.x)); colouredHairlines[k].lines.append(Float(q.y))
        } else {
            hairlines.append(Float(p.x)); hairlines.append(Float(p.y))
            hairlines.append(Float(q.x)); hairlines.append(Float(q.y))
        }
    }

    /// The bucket of this frame's coloured hairlines for `color`, made if there is room (nil: none).
    private mutating func hairlineBucket(for color: RGBA) -> Int? {
        for k in 0..<colouredHairlineCount where colouredHairlines[k].color == color { return k }
        guard colouredHairlineCount < Self.hairlineBuckets else { return nil }
        if colouredHairlineCount == colouredHairlines.count {
            colouredHairlines.append((color, []))
        } else {
            colouredHairlines[colouredHairlineCount].color = color
        }
        colouredHairlineCount += 1
        return colouredHairlineCount - 1
    }

    /// A filled axis-aligned rectangle (interface panels and buttons), not anti-aliased: its
    /// edges sit on whole pixels.
    mutating func appendRect(_ rect: Rect, color: RGBA) {
        guard rect.width > 0, rect.height > 0, rect.origin.isFinite else { return }
        let base = Int32(vertexCount)
        appendVertex(Vec2(rect.minX, rect.minY), color)
        appendVertex(Vec2(rect.maxX, rect.minY), color)
        appendVertex(Vec2(rect.maxX, rect.maxY), color)
        appendVertex(Vec2(rect.minX, rect.maxY), color)
        appendQuad(base, base + 1, base + 2, base + 3)
    }

    /// Enough segments that no chord strays more than a quarter of a device pixel from the
    /// outline (a chord of length L on radius r strays L²/8r), at least 12: round at every
    /// zoom, under the anti-aliasing feather, and half the triangles of a segment every 4 px
    /// (a node 66 px across: 26 segments, was 52), each of which the software renderer pays for.
    static func segmentCount(forRadius radius: Double) -> Int {
        guard radius.isFinite, radius > 0 else { return 12 }
        return min(128, max(12, Int((Double.pi * (radius / (2 * 0.25)).squareRoot()).rounded(.up))))
    }

    private func forEachAngle(_ segments: Int, _ body: (Double, Double) -> Void) {
        // why: rotating a unit vector by a fixed step avoids a cos/sin call per vertex.
        let step = 2 * Double.pi / Double(segments)
        let cs = cos(step), sn = sin(step)
        var c = 1.0, s = 0.0
        for _ in 0..<segments {
            body(c, s)
            (c, s) = (c * cs - s * sn, s * cs + c * sn)
        }
    }

    /// A filled triangle (an arrowhead).
    mutating func appendTriangle(_ a: Vec2, _ b: Vec2, _ c: Vec2, color: RGBA) {
        let first = Int32(positions.count / 2)
        appendVertex(a, color)
        appendVertex(b, color)
        appendVertex(c, color)
        indices.append(first); indices.append(first + 1); indices.append(first + 2)
    }

    private mutating func appendVertex(_ p: Vec2, _ color: RGBA) {
        positions.append(Float(p.x))
        positions.append(Float(p.y))
        colors.append(color.r)
        colors.append(color.g)
        colors.append(color.b)
        colors.append(color.a)
    }

    private mutating func appendQuad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) {
        indices.append(a); indices.append(b); indices.append(c)
        indices.append(a); indices.append(c); indices.append(d)
    }
}
