/// Turns irregular frame times into a whole number of fixed simulation steps.
///
/// Each frame adds the real time elapsed to an accumulator and takes as many `stepSeconds`
/// out of it as fit; what is left (`alpha`, 0..<1 of a step) interpolates the drawing between
/// the last two states. The accumulator is capped (0.25 s by default) so a stall — a suspended
/// laptop, a debugger — is not followed by a burst of thousands of catch-up steps.
public struct FixedStepClock: Sendable {
    public let stepSeconds: Double
    public let maxFrameSeconds: Double
    public private(set) var accumulatorSeconds: Double = 0

    public init(stepSeconds: Double = 1.0 / 120, maxFrameSeconds: Double = 0.25) {
        self.stepSeconds = stepSeconds
        self.maxFrameSeconds = maxFrameSeconds
    }

    /// Adds `elapsedSeconds` of real time and returns how many steps to simulate now.
    public mutating func advance(bySeconds elapsedSeconds: Double) -> Int {
        guard elapsedSeconds.isFinite, elapsedSeconds > 0 else { return 0 }
        accumulatorSeconds = min(accumulatorSeconds + elapsedSeconds, maxFrameSeconds)
        let steps = Int(accumulatorSeconds / stepSeconds)
        accumulatorSeconds -= Double(steps) * stepSeconds
        return steps
    }

    /// How far between the previous and the current state the next frame should be drawn.
    public var alpha: Double { accumulatorSeconds / stepSeconds }

    /// Forgets leftover time, e.g. after waiting idle for events.
    public mutating func reset() { accumulatorSeconds = 0 }
}
