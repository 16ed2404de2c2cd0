import Foundation

/// When each step of start-up ended, for the line `meshpad bench --app` reads with the first frame.
///
/// A value passed from `main` into the app, not a global: each step appends its own mark. Times
/// are on the monotonic clock, in seconds; the line gives each step's own milliseconds.
public struct StartupTimeline: Sendable {
    private var marks: [(step: String, at: Double)]

    public init() {
        marks = [("start", Self.now())]
    }

    private static func now() -> Double { ProcessInfo.processInfo.systemUptime }

    /// `step` ended now.
    public mutating func mark(_ step: String) {
        marks.append((step, Self.now()))
    }

    /// "read 312 · window 48 · measure 101 …": each step's milliseconds since the step before.
    public var summary: String {
        zip(marks, marks.dropFirst()).map { "\($1.step) \(Int((($1.at - $0.at) * 1000).rounded()))" }
            .joined(separator: " · ")
    }
}
