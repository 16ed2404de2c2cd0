import CSDL2
import MeshpadCore

/// SDL's keycodes and the core's `Key`s, both ways: the only place that knows SDL's keys, as
/// Dear ImGui's backend maps `SDLK_*` onto `ImGuiKey`. The translator reads keys through it and
/// the replay runner writes them.
enum KeyCodes {
    /// SDL's keycode for each key. Keys that type one ASCII character have that character as
    /// their keycode (letters in lower case); the rest are named here.
    static let keycodes: [Key: SDL_Keycode] = {
        var table: [Key: SDL_Keycode] = [:]
        for key in Key.allCases where key.rawValue.unicodeScalars.count == 1 {
            if let scalar = key.rawValue.lowercased().unicodeScalars.first, scalar.isASCII {
                table[key] = SDL_Keycode(scalar.value)
            }
        }
        let named: [(Key, SDL_KeyCode)] = [
            (.space, SDLK_SPACE), (.return, SDLK_RETURN), (.tab, SDLK_TAB), (.escape, SDLK_ESCAPE),
            (.backspace, SDLK_BACKSPACE), (.delete, SDLK_DELETE), (.insert, SDLK_INSERT), (.home, SDLK_HOME),
            (.end, SDLK_END), (.pageUp, SDLK_PAGEUP), (.pageDown, SDLK_PAGEDOWN), (.left, SDLK_LEFT),
            (.right, SDLK_RIGHT), (.up, SDLK_UP), (.down, SDLK_DOWN), (.f1, SDLK_F1), (.f2, SDLK_F2),
            (.f3, SDLK_F3), (.f4, SDLK_F4), (.f5, SDLK_F5), (.f6, SDLK_F6), (.f7, SDLK_F7), (.f8, SDLK_F8),
            (.f9, SDLK_F9), (.f10, SDLK_F10), (.f11, SDLK_F11), (.f12, SDLK_F12), (.keypad0, SDLK_KP_0),
            (.keypad1, SDLK_KP_1), (.keypad2, SDLK_KP_2), (.keypad3, SDLK_KP_3), (.keypad4, SDLK_KP_4),
            (.keypad5, SDLK_KP_5), (.keypad6, SDLK_KP_6), (.keypad7, SDLK_KP_7), (.keypad8, SDLK_KP_8),
            (.keypad9, SDLK_KP_9), (.keypadPlus, SDLK_KP_PLUS), (.keypadMinus, SDLK_KP_MINUS),
            (.keypadMultiply, SDLK_KP_MULTIPLY), (.keypadDivide, SDLK_KP_DIVIDE), (.keypadPeriod, SDLK_KP_PERIOD),
            (.keypadEnter, SDLK_KP_ENTER), (.menu, SDLK_MENU),
        ]
        for (key, code) in named { table[key] = SDL_Keycode(code.rawValue) }
        return table
    }()

    /// The key for each SDL keycode Meshpad knows; other keys are not handed to the core.
    static let keys: [SDL_Keycode: Key] = Dictionary(keycodes.map { ($0.value, $0.key) }, uniquingKeysWith: { first, _ in first })

    static func key(for keycode: SDL_Keycode) -> Key? { keys[keycode] }

    static func keycode(for key: Key) -> SDL_Keycode? { keycodes[key] }
}
