import CSDL2
import Foundation
import MeshpadCore

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
        let wallStart = App.now()
        let end = (events.last?.milliseconds ?? 0) / 1000 + settleLimitSeconds
        while true {
            if let signal = app.termination?.received {
                app.quitOnSignal(signal)
                return time
            }
            while index < events.count, events[index].milliseconds / 1000 <= time + 1e-9 {
                let event = events[index]
                try push(event, windowSize: app.canvas.window.size, windowID: app.canvas.window.id)
                app.drainEvents(at: event.milliseconds / 1000)
                SDL_SetModState(KMOD_NONE)
                index += 1
            }
            app.tick(at: time)
            let settled = !app.workspace.isAnimating && app.workspace.nextDeadline == nil
            if (index == events.count && settled) || time > end { break }
            app.step()
            time += app.stepSeconds
            if realtime {
                let ahead = time - (App.now() - wallStart)
                if ahead > 0.001 { SDL_Delay(UInt32(ahead * 1000)) }
            }
        }
        app.autosaveWriter.waitUntilIdle()
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
                           sharing: SharedSession? = nil) throws(PlatformError) {
        let events = try loadScript(scriptPath)
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            var options = App.Options(windowSize: size, theme: appearance.theme, preferSoftware: true, hidden: true)
            options.uiScale = appearance.uiScale ?? 1
            options.liveFarViews = appearance.liveFarViews
            // why: the server keeps a shared map (its unsent changes go to the session's journal).
            if autosave, sharing == nil { options.recovery = RecoveryStore.standard() }
            // why: only a realtime replay lives long enough to be stopped, and the app's own
            // signal path is what a test of stopping it wants to run.
            options.catchesTerminationSignals = realtime
            options.sharing = sharing
            options.sharedDatabase = sharing?.address
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
            guard app.termination?.received == nil else {
                app.sharedLink?.stop()
                return
            }
            if !app.finishSharing(seconds: 10) {
                Log.error("some changes did not reach the shared map's database within 10 s: \(app.sharedStatus)")
            }
            app.keepJournal()
            app.keepOfflineCopy()
            app.flushJournal()
            // why: the network thread wakes the loop with SDL events; it must be gone before SDL quits.
            app.sharedLink?.stop()
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

    // MARK: - Pushing events

    static func push(_ event: ReplayEvent, windowSize: Vec2, windowID: UInt32) throws(PlatformError) {
        SDL_SetModState(modState(event.modifiers))
        var e = SDL_Event()
        switch event.kind {
        case .fingerDown(let id, let x, let y), .fingerMove(let id, let x, let y), .fingerUp(let id, let x, let y):
            let type: SDL_EventType = switch event.kind {
            case .fingerDown: SDL_FINGERDOWN
            case .fingerMove: SDL_FINGERMOTION
            default: SDL_FINGERUP
            }
            e.type = type.rawValue
            // why: any touch device id but SDL_MOUSE_TOUCHID (-2), which the translator drops.
            e.tfinger.touchId = 1
            e.tfinger.fingerId = id
            e.tfinger.x = Float(x)
            e.tfinger.y = Float(y)
            e.tfinger.pressure = type == SDL_FINGERUP ? 0 : 1
            e.tfinger.windowID = windowID
        case .mouseDown(let button, let x, let y), .mouseUp(let button, let x, let y):
            let isDown = if case .mouseDown = event.kind { true } else { false }
            e.type = (isDown ? SDL_MOUSEBUTTONDOWN : SDL_MOUSEBUTTONUP).rawValue
            e.button.windowID = windowID
            e.button.which = 0
            e.button.button = UInt8(sdlButton(button))
            e.button.state = UInt8(isDown ? SDL_PRESSED : SDL_RELEASED)
            e.button.clicks = 1
            e.button.x = Int32(x.rounded())
            e.button.y = Int32(y.rounded())
        case .mouseMove(let x, let y):
            e.type = SDL_MOUSEMOTION.rawValue
            e.motion.windowID = windowID
            e.motion.which = 0
            e.motion.x = Int32(x.rounded())
            e.motion.y = Int32(y.rounded())
        case .wheel(let dx, let dy, let x, let y):
            e.type = SDL_MOUSEWHEEL.rawValue
            e.wheel.windowID = windowID
            e.wheel.which = 0
            e.wheel.x = Int32(dx.rounded())
            e.wheel.y = Int32(dy.rounded())
            e.wheel.preciseX = Float(dx)
            e.wheel.preciseY = Float(dy)
            e.wheel.direction = SDL_MOUSEWHEEL_NORMAL.rawValue
            e.wheel.mouseX = Int32(x.rounded())
            e.wheel.mouseY = Int32(y.rounded())
        case .key(let named):
            guard let key = KeyCodes.keycode(for: named) else {
                throw .replayScript(path: "", detail: "line \(event.line): no keycode for the key '\(named.name)'")
            }
            e.type = SDL_KEYDOWN.rawValue
            e.key.windowID = windowID
            e.key.state = UInt8(SDL_PRESSED)
            e.key.keysym.sym = key
            e.key.keysym.scancode = SDL_GetScancodeFromKey(key)
            e.key.keysym.mod = UInt16(modState(event.modifiers).rawValue)
        case .text(let text):
            for chunk in textChunks(text) {
                var textEvent = SDL_Event()
                textEvent.type = SDL_TEXTINPUT.rawValue
                textEvent.text.windowID = windowID
                withUnsafeMutableBytes(of: &textEvent.text.text) { buffer in
                    buffer.initializeMemory(as: UInt8.self, repeating: 0)
                    for (i, byte) in chunk.utf8.enumerated() { buffer[i] = byte }
                }
                SDL_PushEvent(&textEvent)
            }
            return
        case .textEditing(let text, let cursor):
            // why: SDL_TEXTEDITING holds 31 bytes; a composition is a few characters, and a longer
            // one is cut at a character boundary rather than refused.
            let fitting = textChunks(text).first ?? ""
            e.type = SDL_TEXTEDITING.rawValue
            e.edit.windowID = windowID
            e.edit.start = Int32(min(cursor, fitting.unicodeScalars.count))
            e.edit.length = 0
            withUnsafeMutableBytes(of: &e.edit.text) { buffer in
                buffer.initializeMemory(as: UInt8.self, repeating: 0)
                for (i, byte) in fitting.utf8.enumerated() { buffer[i] = byte }
            }
        }
        if SDL_PushEvent(&e) < 0 {
            throw .replayScript(path: "", detail: "line \(event.line): SDL refused the event (\(PlatformError.sdlMessage))")
        }
    }

    /// Splits text into pieces that fit `SDL_TextInputEvent.text` (31 bytes and a NUL), never
    /// inside a character.
    static func textChunks(_ text: String) -> [String] {
        var chunks: [String] = []
        var current = ""
        for character in text {
            if current.utf8.count + String(character).utf8.count > 31, !current.isEmpty {
                chunks.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { chunks.append(current) }
        return chunks
    }

    static func sdlButton(_ button: MouseButton) -> Int32 {
        switch button {
        case .left: return SDL_BUTTON_LEFT
        case .middle: return SDL_BUTTON_MIDDLE
        case .right: return SDL_BUTTON_RIGHT
        }
    }

    static func modState(_ modifiers: KeyModifiers) -> SDL_Keymod {
        var raw: UInt32 = 0
        if modifiers.contains(.shift) { raw |= KMOD_LSHIFT.rawValue }
        if modifiers.contains(.ctrl) { raw |= KMOD_LCTRL.rawValue }
        if modifiers.contains(.alt) { raw |= KMOD_LALT.rawValue }
        if modifiers.contains(.meta) { raw |= KMOD_LGUI.rawValue }
        return SDL_Keymod(rawValue: raw)
    }
}
