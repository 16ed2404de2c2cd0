import Foundation

// Anti-aliasing without multisampling: every shape gets a one-pixel feather whose outer
// vertices have alpha 0, and the renderer blends. Works the same on the software renderer.
extension DrawList {
    /// A straight line of `width` device pixels with feathered sides.
    mutating func appendLine(from a: Vec2, to b: Vec2, width: Double, color: RGBA) {
        let delta = b - a
        let length = delta.length
        guard length > 1e-6, width > 0, a.isFinite, b.isFinite else { return }
        // why: a line thinner than a pixel is drawn one pixel wide and fainter, which is how
        // it would look if it were sampled properly; a 0.3 px hairline must not vanish.
        let coverage = min(width, 1)
        let half = max(width, 1) / 2
        let inner = max(half - 0.5, 0)
        let outer = half + 0.5
        let normal = Vec2(-delta.y / length, delta.x / length)
        let solid = color.withAlpha(UInt8(Double(color.a) * coverage))
        let clear = color.withAlpha(0)
        let base = Int32(vertexCount)
        for end in [a, b] {
            appendVertex(end - normal * outer, clear)
            appendVertex(end - normal * inner, solid)
            appendVertex(end + normal * inner, solid)
            appendVertex(end + normal * outer, clear)
        }
        for band in Int32(0)..<3 {
            appendQuad(base + band, base + band + 1, base + 4 + band + 1, base + 4 + band)
        }
    }

    /// A filled ellipse with a border of `borderWidth` device pixels, both anti-aliased.
    mutating func appendEllipse(center: Vec2, radii: Vec2, fill: RGBA, border: RGBA, borderWidth: Double) {
        guard center.isFinite, radii.isFinite, radii.x > 0, radii.y > 0 else { return }
        let segments = Self.segmentCount(forRadius: max(radii.x, radii.y))
        let bw = max(borderWidth, 0)
        // Fill reaches half-way under the border so no seam shows between them.
        let fillRadii = Vec2(max(radii.x - bw / 2, 0.5), max(radii.y - bw / 2, 0.5))
        let centerIndex = Int32(vertexCount)
        appendVertex(center, fill)
        forEachAngle(segments) { c, s in
            appendVertex(Vec2(center.x + fillRadii.x * c, center.y + fillRadii.y * s), fill)
        }
        let n = Int32(segments)
        for i in Int32(0)..<n {
            indices.append(centerIndex)
            indices.append(centerIndex + 1 + i)
            indices.append(centerIndex + 1 + (i + 1) % n)
        }
        // Border ring: feather in, solid, solid, feather out.
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

    /// Enough segments that each spans about 4 device pixels of arc: round at every zoom,
    /// and cheap for the many small ellipses of a zoomed-out map.
    static func segmentCount(forRadius radius: Double) -> Int {
        min(128, max(12, Int((2 * Double.pi * radius / 4).rounded(.up))))
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
