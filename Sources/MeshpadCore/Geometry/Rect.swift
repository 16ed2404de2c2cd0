/// An axis-aligned rectangle, `origin` at its top-left corner (y grows downwards).
public struct Rect: Hashable, Sendable {
    public var origin: Vec2
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Vec2(x, y)
        self.width = width
        self.height = height
    }

    public init(center: Vec2, width: Double, height: Double) {
        self.init(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    }

    /// The rectangle with `a` and `b` at opposite corners.
    public init(spanning a: Vec2, _ b: Vec2) {
        self.init(x: Swift.min(a.x, b.x), y: Swift.min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + width }
    public var maxY: Double { origin.y + height }
    public var center: Vec2 { Vec2(origin.x + width / 2, origin.y + height / 2) }
    public var size: Vec2 { Vec2(width, height) }

    public func contains(_ p: Vec2) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    public func intersects(_ other: Rect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Grows the rectangle by `amount` on every side (shrinks it when negative).
    public func outset(by amount: Double) -> Rect {
        Rect(x: minX - amount, y: minY - amount, width: width + 2 * amount, height: height + 2 * amount)
    }
}
