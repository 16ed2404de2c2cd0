/// A replay script played over and over while a kiosk is idle (`--attract`).
///
/// Times are the script's own, from when the loop (re)started; after the last event it waits
/// `pauseSeconds` and reports `isRoundOver`, so the app can put the map back and play again.
public struct AttractLoop: Equatable, Sendable {
    public let events: [ReplayEvent]
    public var pauseSeconds = 3.0
    public private(set) var startedAt: Double
    private var next = 0

    public init(events: [ReplayEvent], startingAt time: Double) {
        self.events = events
        startedAt = time
    }

    /// The events whose time has come by `time`, each handed out once.
    public mutating func due(at time: Double) -> [ReplayEvent] {
        var out: [ReplayEvent] = []
        while next < events.count, startedAt + events[next].milliseconds / 1000 <= time {
            out.append(events[next])
            next += 1
        }
        return out
    }

    /// When the next event is due, or when the round ends: the loop's wake-up time.
    public var nextDeadline: Double {
        next < events.count ? startedAt + events[next].milliseconds / 1000 : roundEnd
    }

    public func isRoundOver(at time: Double) -> Bool { next >= events.count && time >= roundEnd }

    private var roundEnd: Double { startedAt + (events.last?.milliseconds ?? 0) / 1000 + pauseSeconds }

    /// Starts the script again from its first event.
    public mutating func restart(at time: Double) {
        startedAt = time
        next = 0
    }
}
