import Foundation

/// How the app runs unattended (`--kiosk`): the lock, when to start over, the idle demo and
/// where visitors' maps go.
public struct KioskMode: Sendable {
    public var lock: KioskLock
    /// Seconds without input before the map goes back to its start; nil never.
    public var idleResetSeconds: Double?
    /// Played in a loop while idle; empty for none.
    public var attract: [ReplayEvent]
    /// Where each visitor's map is autosaved, one file a session.
    public var autosave: RecoveryStore
    /// With no demo script, the map's presentation plays in a loop while idle, a slide every
    /// this many seconds, until a touch; nil: not.
    public var presentSeconds: Double?

    public init(lock: KioskLock, idleResetSeconds: Double?, attract: [ReplayEvent], autosave: RecoveryStore, presentSeconds: Double? = nil) {
        self.lock = lock
        self.idleResetSeconds = idleResetSeconds
        self.attract = attract
        self.autosave = autosave
        self.presentSeconds = presentSeconds
    }

    /// Something plays while the kiosk is idle.
    var hasAttract: Bool { !attract.isEmpty || presentSeconds != nil }

    /// How long without input counts as idle: the reset's wait, else (slides to play, never a
    /// reset) three minutes.
    var idleSeconds: Double? { idleResetSeconds ?? (presentSeconds != nil ? 180 : nil) }
}

/// A kiosk's visitor cycle: the map to go back to, the last real input, the demo if playing,
/// and the name of this visitor's file.
public struct KioskSession {
    public let mode: KioskMode
    public let start: Document
    public internal(set) var lastInput: Double
    /// Nothing has changed since the last reset (so an idle reset has nothing to do).
    public internal(set) var atStart = true
    public internal(set) var attract: AttractLoop?
    /// Names this visitor's autosave file; a new one after every reset.
    public internal(set) var name: String

    static func name(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "kiosk-session-\(formatter.string(from: date))"
    }
}

extension Session {
    /// Real input (not the demo's): the visitor is back, and any demo stops with its changes.
    mutating func noticeInput(at time: Double) -> [Effect] {
        guard var state = kiosk else { return [] }
        state.lastInput = time
        state.atStart = false
        if state.attract != nil {
            state.attract = nil
            startOver(state)
        }
        kiosk = state
        // why: the visitor's touch ends the slides; it does not also step them.
        workspace.endAttractPresentation()
        return []
    }

    /// Plays the demo while idle, and puts the map back at its start after the idle timeout
    /// (the visitor's map kept in its own file first).
    mutating func tickKiosk(at time: Double) -> [Effect] {
        guard var state = kiosk else { return [] }
        if var attract = state.attract {
            var effects: [Effect] = []
            for event in attract.due(at: time) {
                let input = event.inputEvent(viewportSize: workspace.measures.viewportSize, uiScale: settings.uiScale)
                effects += carryOut(workspace.handle(input, at: time))
            }
            if attract.isRoundOver(at: time) {
                startOver(state)
                attract.restart(at: time)
            }
            state.attract = attract
            kiosk = state
            return effects
        }
        guard let idle = state.mode.idleSeconds, time - state.lastInput >= idle else { return [] }
        var effects: [Effect] = []
        // why: a kiosk that never resets (`idleResetSeconds: null`) may still play its slides while idle.
        if !state.atStart && state.mode.idleResetSeconds != nil {
            effects += keepVisitorsMap()
            startOver(state)
            state.name = KioskSession.name()
            state.atStart = true
            effects.append(.log("kiosk: idle for \(Int(idle)) s, the map is back at its start"))
        }
        if !state.mode.attract.isEmpty {
            state.attract = AttractLoop(events: state.mode.attract, startingAt: time)
        } else if let seconds = state.mode.presentSeconds, !workspace.isPlayingAttract {
            kiosk = state
            workspace.playAttractPresentation(everySeconds: seconds)
            return effects
        }
        kiosk = state
        return effects
    }

    /// When the loop must wake for the kiosk: the demo's next event, or the idle reset.
    var kioskDeadline: Double? {
        guard let state = kiosk else { return nil }
        if let attract = state.attract { return attract.nextDeadline }
        // The slides' own steps wake the loop (`Workspace.nextDeadline`).
        if workspace.isPlayingAttract { return nil }
        guard let idle = state.mode.idleSeconds, !(state.atStart && !state.mode.hasAttract) else { return nil }
        return state.lastInput + idle
    }

    /// The visitor's map, written now to its session file (nothing if no one changed it since
    /// the last start-over).
    mutating func keepVisitorsMap() -> [Effect] {
        guard let state = kiosk, !state.atStart, workspace.contentRevision != autosave.writtenRevision else { return [] }
        return [.keepNow(workspace.document, state.mode.autosave, key: state.name)]
    }

    /// The map back at its start, with nothing waiting to be autosaved.
    private mutating func startOver(_ state: KioskSession) {
        workspace.restart(with: state.start)
        autosave = AutosaveSchedule(writtenRevision: workspace.contentRevision)
    }

    /// Leaves the kiosk (the PIN was right): the visitor's map is kept first.
    mutating func exitKiosk() -> [Effect] {
        isRunning = false
        return keepVisitorsMap() + [.log("kiosk: unlocked with the PIN, quitting"), .quit]
    }
}
