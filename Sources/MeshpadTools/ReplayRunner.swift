import Foundation
import MeshpadCore
import MeshpadSDL

/// Plays a replay script through the real app, headless, on a simulated clock.
///
/// Each event is pushed onto SDL's event queue (`SDL_PushEvent`) at its time and polled back,
/// so the same translation path runs as for a person's touches. Time is simulated: events are
/// handled at their script time and the loop advances in fixed steps between them, so a replay
/// is deterministic and does not wait out its own length. After the last event the loop runs on
/// until every tween and glide has settled.
@MainActor
public enum ReplayRunner {
    /// The most simulated time allowed to settle after the last event.
    public static let settleLimitSeconds = 60.0

    /// How many frames a replay draws a second of its clock: what a person would see of it.
    public static let framesPerSecond = 30.0

    /// - Parameter realtime: wait out each event's time on the wall clock (a crash test kills
    ///   the process mid-script), instead of simulating the clock. A SIGTERM or SIGINT the app
    ///   catches ends the play there, as it ends the app's own loop.
    /// - Parameter startTime: the simulated clock's start (seconds), for a script that carries
    ///   on where an earlier one on the same app stopped.
    /// - Returns: the simulated time when it stopped (seconds): where a script played next on
    ///   the same app starts, so that played as one script it lands at the same times.
    @discardableResult
    public static func play(_ events: [ReplayEvent], on app: App, realtime: Bool = false,
                            startTime: Double = 0) throws(PlatformError) -> Double {
        var index = 0
        var time = startTime
        var turns = 0
        let turnsPerFrame = max(1, Int((1 / (app.stepSeconds * framesPerSecond)).rounded()))
        let wallStart = App.now()
        let end = (events.last?.milliseconds ?? 0) / 1000 + settleLimitSeconds
        while true {
            let delivered = index
            while index < events.count, events[index].milliseconds / 1000 <= time + 1e-9 {
                try app.deliver(events[index], at: events[index].milliseconds / 1000)
                index += 1
            }
            // why: a test that stops the process mid-script knows from this what the app has
            // heard (a first frame can take a second to draw on a cold start).
            if realtime && index > delivered { Log.notice("replay delivered \(index) of \(events.count) events") }
            // The window's loop body, one fixed step at a time on the script's clock, drawing at
            // most `framesPerSecond` frames a simulated second.
            // why: a window draws at its display's rate; drawing every 1/120 s step of a long
            // script made a debug build's replay slower than real time (and a sanitizer's four
            // times that), for frames nobody sees.
            turns += 1
            app.turn(at: time, elapsedSeconds: app.stepSeconds, eventsAt: time, draws: turns % turnsPerFrame == 0)
            // A SIGTERM or SIGINT the app caught ends the play there, as it ends the window's loop.
            if app.wasSignalled { return time }
            // Paper (a PDF, the printers' list) is done off the loop: the script's clock waits
            // for it, so what follows sees what it brought, whatever this machine's speed.
            if app.paperWriter.hasWork { app.paperWriter.waitUntilIdle() }
            let settled = !app.workspace.isAnimating && app.session.nextDeadline == nil && !app.paperWriter.hasWork
            if (index == events.count && settled) || time > end { break }
            time += app.stepSeconds
            if realtime {
                let wall = startTime + (App.now() - wallStart)
                let ahead = time - wall
                if ahead > 0.001 {
                    usleep(UInt32(ahead * 1_000_000))
                } else if ahead < -app.stepSeconds {
                    // why: on a loaded machine the loop falls behind the wall clock; the script's
                    // events are due by the wall clock (a test stops the process at a moment it
                    // chose), so the clock catches up, as the window's does, rather than lag.
                    time = (wall / app.stepSeconds).rounded(.down) * app.stepSeconds
                }
            }
        }
        app.waitForWrites()
        return time
    }

    /// Reads and parses a replay script file (the replay verb, the kiosk's attract loop).
    nonisolated public static func loadScript(_ path: String) throws(PlatformError) -> [ReplayEvent] {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .replayScript(path: path, detail: "cannot read it (\(error.localizedDescription))")
        }
        do {
            return try ReplayEvent.parseScript(text)
        } catch {
            throw .replayScript(path: path, detail: error.description)
        }
    }

    /// Runs a script file on `document` and writes what was asked for.
    public static func run(scriptPath: String, document: Document, file: DocumentFile? = nil, size: PixelSize,
                           dumpPath: String?, screenshotPath: String?, realtime: Bool = false,
                           autosave: Bool = false, appearance: Appearance = Appearance(),
                           sharing: (session: SharedSession, opened: SharedMapOpened)? = nil,
                           sharedMaps: (any SharedMapService)? = nil,
                           unavailableShared: (name: String, reason: String)? = nil) throws(PlatformError) {
        let events = try loadScript(scriptPath)
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            var options = App.Options(windowSize: size, theme: appearance.theme, preferSoftware: true, hidden: true)
            options.uiScale = appearance.uiScale ?? 1
            options.liveFarViews = appearance.liveFarViews
            // why: the server keeps a shared map (its unsent changes go to the session's journal).
            if autosave, sharing == nil, unavailableShared == nil { options.recovery = RecoveryStore.standard() }
            // why: only a realtime replay lives long enough to be stopped, and the app's own
            // signal path is what a test of stopping it wants to run.
            options.catchesTerminationSignals = realtime
            options.sharing = sharing
            options.sharedMaps = sharedMaps
            options.unavailableShared = unavailableShared
            options.keepsSharedJournal = autosave
            let app = try App(document: document, file: file, options: options)
            if realtime {
                // why: a crash test needs to know when the script's clock started.
                Log.notice("replay started")
            }
            do throws(PlatformError) {
                try play(events, on: app, realtime: realtime)
            } catch {
                if case .replayScript(_, let detail) = error { throw .replayScript(path: scriptPath, detail: detail) }
                throw error
            }
            // Stopped by a signal: the script did not finish, so there is no end state to show.
            guard !app.wasSignalled else {
                app.stopSharing()
                return
            }
            if !app.finishSharing(seconds: 10) {
                Log.error("some changes did not reach the shared map's database within 10 s: \(app.sharedStatus.map { "\($0)" } ?? "not shared")")
            }
            // why: the connection wakes the loop with SDL events; it must be gone before SDL quits.
            app.stopSharing()
            if let dumpPath {
                try writeDump(StateDump(app.workspace, uiScale: app.canvas.uiScale), to: dumpPath)
            }
            if let screenshotPath {
                app.paintSettled()
                try PNGWriter.write(try app.canvas.renderer.readPixels(), to: screenshotPath)
            }
        }
    }

    static func writeDump(_ dump: StateDump, to path: String) throws(PlatformError) {
        do {
            var data = try dump.jsonData()
            data.append(0x0A)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .dumpWrite(path: path, detail: error.localizedDescription)
        }
    }
}
