import CSDL2
import MeshpadCore

/// Script events pushed onto SDL's own event queue (`SDL_PushEvent`), so a replay, the soak
/// and the kiosk's tests reach the app through the same translation a person's touches take.
@MainActor
public enum EventQueue {
    /// Pushes `event` for the window `windowID`; a key SDL has no keycode for is refused.
    public static func push(_ event: ReplayEvent, windowID: UInt32) throws(PlatformError) {
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

extension App {
    /// Hands a script's event to the app through SDL's queue, handled at `time` (seconds on
    /// the caller's clock): what a replay and the soak feed the loop.
    public func deliver(_ event: ReplayEvent, at time: Double) throws(PlatformError) {
        try EventQueue.push(event, windowID: canvas.window.id)
        drainEvents(at: time)
        SDL_SetModState(KMOD_NONE)
    }
}
