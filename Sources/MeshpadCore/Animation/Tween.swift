/// Easing curves for programmatic motion.
public enum Easing: Sendable {
    case linear
    /// Slow start, slow end: how the camera and nodes glide into place.
    case easeInOutCubic

    public func callAsFunction(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear:
            return t
        case .easeInOutCubic:
            return t < 0.5 ? 4 * t * t * t : 1 - pow3(-2 * t + 2) / 2
        }
    }

    private func pow3(_ x: Double) -> Double { x * x * x }
}

/// A value moving from `from` to `to` over `durationSeconds`, advanced in fixed steps.
public struct Tween: Sendable, Equatable {
    public let from: Double
    public let to: Double
    public let durationSeconds: Double
    public let easing: Easing
    public private(set) var elapsedSeconds: Double = 0

    public init(from: Double, to: Double, durationSeconds: Double, easing: Easing = .easeInOutCubic) {
        self.from = from
        self.to = to
        self.durationSeconds = max(durationSeconds, 0)
        self.easing = easing
    }

    public var isFinished: Bool { elapsedSeconds >= durationSeconds }

    public var value: Double {
        guard durationSeconds > 0 else { return to }
        return from + (to - from) * easing(elapsedSeconds / durationSeconds)
    }

    public mutating func step(bySeconds dt: Double) {
        elapsedSeconds = min(elapsedSeconds + max(dt, 0), durationSeconds)
    }
}
