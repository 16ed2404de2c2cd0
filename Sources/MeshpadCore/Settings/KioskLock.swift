/// The PIN that lets a kiosk be quit, with a limit on guessing.
///
/// Three wrong PINs are free (fingers slip); each one after that locks the pad for twice as
/// long as the last, from 30 s up to 15 min, and tries while locked are not even compared. A
/// four-digit PIN then takes weeks to guess at the screen. A right PIN clears the count.
public struct KioskLock: Equatable, Sendable {
    public enum Outcome: Equatable, Sendable {
        case unlocked
        case wrong(freeTriesLeft: Int)
        /// Refused without comparing; try again after this many seconds.
        case locked(seconds: Double)
    }

    public static let freeTries = 3
    public static let firstLockSeconds = 30.0
    public static let longestLockSeconds = 15 * 60.0

    let pin: String
    public var exitChord: KeyChord
    public var cornerHoldSeconds: Double
    public private(set) var failures = 0
    public private(set) var lockedUntil: Double?

    public init(settings: KioskSettings, pin: String) {
        self.pin = pin
        exitChord = settings.exitChord
        cornerHoldSeconds = settings.cornerHoldSeconds
    }

    /// Seconds until the pad takes PINs again, or nil if it does now.
    public func waitSeconds(at time: Double) -> Double? {
        guard let lockedUntil, time < lockedUntil else { return nil }
        return lockedUntil - time
    }

    public mutating func attempt(_ entered: String, at time: Double) -> Outcome {
        if let wait = waitSeconds(at: time) { return .locked(seconds: wait) }
        // why: compare every character whatever the first mismatch, so timing says nothing.
        var differs = entered.utf8.count != pin.utf8.count
        for (a, b) in zip(entered.utf8, pin.utf8) where a != b { differs = true }
        guard differs else {
            failures = 0
            lockedUntil = nil
            return .unlocked
        }
        failures += 1
        guard failures > Self.freeTries else { return .wrong(freeTriesLeft: Self.freeTries - failures) }
        let doublings = Double(min(failures - Self.freeTries - 1, 10))
        let seconds = min(Self.firstLockSeconds * pow2(doublings), Self.longestLockSeconds)
        lockedUntil = time + seconds
        return .locked(seconds: seconds)
    }

    private func pow2(_ n: Double) -> Double {
        var result = 1.0
        for _ in 0..<Int(n) { result *= 2 }
        return result
    }
}
