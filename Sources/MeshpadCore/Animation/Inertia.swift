import Foundation

/// A glide after a flick: the view keeps moving and slows down with friction.
///
/// Velocity decays exponentially with time constant `decaySeconds` (about what touch
/// platforms use: a fast flick travels `v × τ`) and the glide ends below `stopSpeed`.
public struct Inertia: Sendable, Equatable {
    public private(set) var velocity: Vec2
    public let decaySeconds: Double
    public let stopSpeed: Double

    public init(velocity: Vec2, decaySeconds: Double = 0.325, stopSpeed: Double = 8) {
        self.velocity = velocity.isFinite ? velocity : .zero
        self.decaySeconds = decaySeconds
        self.stopSpeed = stopSpeed
    }

    public var isFinished: Bool { velocity.length < stopSpeed }

    /// Advances by `dt` and returns the distance travelled in it, in window pixels.
    public mutating func step(bySeconds dt: Double) -> Vec2 {
        guard !isFinished else { return .zero }
        let decay = exp(-dt / decaySeconds)
        // Exact integral of v·e^(-t/τ) over the step, so the distance does not depend on the step.
        let travelled = velocity * (decaySeconds * (1 - decay))
        velocity = velocity * decay
        return travelled
    }
}
