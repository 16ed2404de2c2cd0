/// Estimates pointer velocity from the most recent samples.
///
/// Only the last `windowSeconds` count, so a finger that slowed down before lifting does not
/// fling at the speed it had earlier; a finger that stopped for longer than that has velocity 0.
/// Samples spanning less than `minimumSpanSeconds` give 0 too: a burst of events delivered in
/// the same millisecond (a stalled loop, synthetic input) says nothing about speed.
public struct VelocityTracker: Equatable, Sendable {
    private var samples: [(time: Double, position: Vec2)] = []
    public let windowSeconds: Double
    public let minimumSpanSeconds: Double

    public init(windowSeconds: Double, minimumSpanSeconds: Double = 0.02) {
        self.windowSeconds = windowSeconds
        self.minimumSpanSeconds = minimumSpanSeconds
    }

    public mutating func add(_ position: Vec2, at time: Double) {
        samples.append((time, position))
        let oldest = time - windowSeconds
        while let first = samples.first, first.time < oldest {
            samples.removeFirst()
        }
    }

    public static func == (a: VelocityTracker, b: VelocityTracker) -> Bool {
        a.windowSeconds == b.windowSeconds && a.minimumSpanSeconds == b.minimumSpanSeconds
            && a.samples.elementsEqual(b.samples) { $0.time == $1.time && $0.position == $1.position }
    }

    /// Window pixels per second; zero without two samples inside the window of `now`.
    public func velocity(at now: Double) -> Vec2 {
        guard let last = samples.last, now - last.time <= windowSeconds else { return .zero }
        guard let first = samples.first, last.time - first.time >= minimumSpanSeconds else { return .zero }
        let v = (last.position - first.position) / (last.time - first.time)
        return v.isFinite ? v : .zero
    }
}
