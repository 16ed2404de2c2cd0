import Foundation

/// A point or an offset in 2D, on the map or on the screen.
///
/// The same type serves map units and window pixels; which one a value is in is said by the
/// name of the property or parameter that holds it (`mapPoint`, `screenPoint`).
public struct Vec2: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    /// True when neither coordinate is NaN or infinite.
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var length: Double { (x * x + y * y).squareRoot() }

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(a.x * s, a.y * s) }
    public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    public func distance(to other: Vec2) -> Double { (self - other).length }

    /// Turned by `angle` radians (counterclockwise with y up; clockwise on screen, y down).
    public func rotated(by angle: Double) -> Vec2 {
        let c = cos(angle), s = sin(angle)
        return Vec2(x * c - y * s, x * s + y * c)
    }

    /// Linear interpolation: `alpha` 0 gives `self`, 1 gives `other`.
    public func interpolated(to other: Vec2, alpha: Double) -> Vec2 {
        self + (other - self) * alpha
    }
}

extension Vec2: CustomStringConvertible {
    public var description: String { "(\(x), \(y))" }
}
