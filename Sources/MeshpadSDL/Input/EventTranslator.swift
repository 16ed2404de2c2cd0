import CSDL2
import MeshpadCore

/// Turns SDL events into the core's `InputEvent`s; the only place that reads `SDL_Event`.
///
/// Touch positions arrive normalised (0…1) and become window pixels here. Mouse events that
/// SDL synthesised from a touch (`which == SDL_TOUCH_MOUSEID`) and touch events synthesised from
/// the mouse (`touchId == SDL_MOUSE_TOUCHID`) are dropped, so a touch is never handled twice.
@MainActor
struct EventTranslator {
    /// `SDL_TOUCH_MOUSEID` is `((Uint32)-1)`, which does not import into Swift.
    static let touchMouseID = UInt32.max
    /// `SDL_MOUSE_TOUCHID` is `((SDL_TouchID)-2)`.
    static let mouseTouchID: SDL_TouchID = -2

    /// The size the app lays out in (window pixels divided by `uiScale`).
    var viewportSize: Vec2
    /// `--scale`: window pixels per layout pixel.
    var uiScale: Double = 1

    func translate(_ event: SDL_Event) -> InputEvent? {
        switch SDL_EventType(event.type) {
        case SDL_QUIT:
            return .quitRequested
        case SDL_WINDOWEVENT:
            switch SDL_WindowEventID(UInt32(event.window.event)) {
            case SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_RESTORED:
                return .windowResized
            default:
                return nil
            }
        case SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP:
            let finger = event.tfinger
            guard finger.touchId != Self.mouseTouchID else { return nil }
            let position = Vec2(Double(finger.x) * viewportSize.x, Double(finger.y) * viewportSize.y)
            guard position.isFinite else { return nil }
            switch SDL_EventType(event.type) {
            case SDL_FINGERDOWN: return .fingerDown(id: finger.fingerId, position: position)
            case SDL_FINGERMOTION: return .fingerMove(id: finger.fingerId, position: position)
            default: return .fingerUp(id: finger.fingerId, position: position)
            }
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP:
            let button = event.button
            guard button.which != Self.touchMouseID, let mapped = Self.mouseButton(button.button) else { return nil }
            let position = Vec2(Double(button.x), Double(button.y)) / uiScale
            if SDL_EventType(event.type) == SDL_MOUSEBUTTONDOWN {
                return .mouseDown(button: mapped, position: position, clicks: Int(button.clicks), modifiers: Self.modifiers())
            }
            return .mouseUp(button: mapped, position: position, modifiers: Self.modifiers())
        case SDL_MOUSEMOTION:
            let motion = event.motion
            guard motion.which != Self.touchMouseID else { return nil }
            return .mouseMove(position: Vec2(Double(motion.x), Double(motion.y)) / uiScale, modifiers: Self.modifiers())
        case SDL_MOUSEWHEEL:
            let wheel = event.wheel
            guard wheel.which != Self.touchMouseID else { return nil }
            let flip: Double = wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1
            let delta = Vec2(Double(wheel.preciseX) * flip, Double(wheel.preciseY) * flip)
            guard delta.isFinite else { return nil }
            return .wheel(delta: delta, position: Vec2(Double(wheel.mouseX), Double(wheel.mouseY)) / uiScale, modifiers: Self.modifiers())
        case SDL_KEYDOWN:
            let key = event.key
            // Keys Meshpad has no name for mean nothing to it; what they type still arrives as text.
            guard let mapped = KeyCodes.key(for: key.keysym.sym) else { return nil }
            return .key(mapped, modifiers: Self.modifiers(from: UInt32(key.keysym.mod)))
        case SDL_TEXTINPUT:
            let text = withUnsafeBytes(of: event.text.text) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return text.isEmpty ? nil : .text(text)
        case SDL_TEXTEDITING:
            let text = withUnsafeBytes(of: event.edit.text) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            return .textEditing(text: text, cursor: Self.compositionCaret(start: event.edit.start, length: event.edit.length))
        case SDL_TEXTEDITING_EXT:
            // Long compositions (SDL_HINT_IME_SUPPORT_EXTENDED_TEXT): SDL owns and frees the text.
            let text = event.editExt.text.map { String(cString: $0) } ?? ""
            return .textEditing(text: text, cursor: Self.compositionCaret(start: event.editExt.start, length: event.editExt.length))
        default:
            return nil
        }
    }

    /// Where the caret goes in a composition, in characters: SDL gives a cursor (IBus: `start`,
    /// no length) or the segment being converted (Fcitx: `start` and `length`, the whole of a
    /// pinyin preedit), after which the caret belongs.
    nonisolated static func compositionCaret(start: Int32, length: Int32) -> Int {
        max(Int(start), 0) + max(Int(length), 0)
    }

    static func mouseButton(_ button: UInt8) -> MouseButton? {
        switch Int32(button) {
        case SDL_BUTTON_LEFT: return .left
        case SDL_BUTTON_MIDDLE: return .middle
        case SDL_BUTTON_RIGHT: return .right
        default: return nil
        }
    }

    static func modifiers(from state: UInt32 = SDL_GetModState().rawValue) -> KeyModifiers {
        var result: KeyModifiers = []
        if state & KMOD_SHIFT.rawValue != 0 { result.insert(.shift) }
        if state & KMOD_CTRL.rawValue != 0 { result.insert(.ctrl) }
        if state & KMOD_ALT.rawValue != 0 { result.insert(.alt) }
        if state & KMOD_GUI.rawValue != 0 { result.insert(.meta) }
        return result
    }
}
