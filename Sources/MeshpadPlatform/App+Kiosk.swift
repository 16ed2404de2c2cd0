import CSDL2
import Foundation
import MeshpadCore

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

    public init(lock: KioskLock, idleResetSeconds: Double?, attract: [ReplayEvent], autosave: RecoveryStore) {
        self.lock = lock
        self.idleResetSeconds = idleResetSeconds
        self.attract = attract
        self.autosave = autosave
    }
}

/// The kiosk's running state: the map to go back to, the last real input, the demo if playing.
struct KioskState {
    var start: Document
    var lastInput: Double
    /// Nothing has changed since the last reset (so an idle reset has nothing to do).
    var atStart = true
    var attract: AttractLoop?
    /// Names this visitor's autosave file; a new one after every reset.
    var session: String

    static func sessionName(at date: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "kiosk-session-\(formatter.string(from: date))"
    }
}

extension App {
    /// Real input (not the demo's): the visitor is back, and any demo stops with its changes.
    func kioskNoticeInput(at time: Double) {
        guard var state = kioskState else { return }
        state.lastInput = time
        state.atStart = false
        if state.attract != nil {
            state.attract = nil
            startOver(state)
        }
        kioskState = state
    }

    /// Per loop turn: plays the demo, and resets the map after the idle timeout.
    func serviceKiosk(at time: Double) {
        guard var state = kioskState, let mode = options.kiosk else { return }
        if var attract = state.attract {
            for event in attract.due(at: time) {
                requests(workspace.handle(event.inputEvent(viewportSize: canvas.viewportSize, uiScale: canvas.uiScale), at: time))
            }
            if attract.isRoundOver(at: time) {
                startOver(state)
                attract.restart(at: time)
            }
            state.attract = attract
            kioskState = state
            return
        }
        guard let idle = mode.idleResetSeconds, time - state.lastInput >= idle else { return }
        if !state.atStart {
            // The visitor's map is kept (written now, in its own file), then the next one starts fresh.
            keepVisitorsMap(state, in: mode)
            startOver(state)
            state.session = KioskState.sessionName()
            state.atStart = true
            Log.notice("kiosk: idle for \(Int(idle)) s, the map is back at its start")
        }
        if !mode.attract.isEmpty { state.attract = AttractLoop(events: mode.attract, startingAt: time) }
        kioskState = state
    }

    /// When the loop must wake for the kiosk: the demo's next event, or the idle reset.
    var kioskDeadline: Double? {
        guard let state = kioskState, let mode = options.kiosk else { return nil }
        if let attract = state.attract { return attract.nextDeadline }
        guard let idle = mode.idleResetSeconds, !(state.atStart && mode.attract.isEmpty) else { return nil }
        return state.lastInput + idle
    }

    /// Writes the visitor's map to its session file now, if anything is not written yet.
    private func keepVisitorsMap(_ state: KioskState, in mode: KioskMode) {
        guard workspace.document.revision != autosave.writtenRevision else { return }
        autosaveWriter.waitUntilIdle()
        _ = autosaveWriter.write(workspace.document, to: mode.autosave, for: state.session)
        autosaveWriter.waitUntilIdle()
    }

    /// The map back at its start, with nothing waiting to be autosaved.
    private func startOver(_ state: KioskState) {
        workspace.restart(with: state.start)
        autosave = AutosaveSchedule(writtenRevision: workspace.document.revision)
    }

    /// The autosave's file name key: the visitor's session in a kiosk, else the map's path.
    var autosaveKey: String? { kioskState?.session ?? file.path }

    /// Leaves the kiosk (the PIN was right): the visitor's map is written first.
    func exitKiosk() {
        keepVisitorsWork()
        Log.notice("kiosk: unlocked with the PIN, quitting")
        isRunning = false
    }

    /// Before the kiosk ends: the visitor's map in its session file, on disk when this returns
    /// (nothing if no one changed it since the last start-over).
    func keepVisitorsWork() {
        if let mode = options.kiosk, let state = kioskState, !state.atStart { keepVisitorsMap(state, in: mode) }
        autosaveWriter.waitUntilIdle()
    }
}
