/// A key on the keyboard, by what it means: the core's own names, onto which the platform maps
/// SDL's keycodes, as Dear ImGui maps them onto `ImGuiKey`. A misspelt key is a compile error,
/// and nothing in the core reads a platform's key names.
///
/// `name` is how replay scripts and the config write a key. The names are the ones SDL gives
/// (`Tab`, `Return`, `F2`, `A`, `=`, `Keypad +`), so every script recorded so far still plays.
/// Letters are the key, not the character it types: `A` with Shift is still `.a`.
public enum Key: String, CaseIterable, Hashable, Sendable {
    case a = "A", b = "B", c = "C", d = "D", e = "E", f = "F", g = "G", h = "H", i = "I", j = "J", k = "K", l = "L", m = "M"
    case n = "N", o = "O", p = "P", q = "Q", r = "R", s = "S", t = "T", u = "U", v = "V", w = "W", x = "X", y = "Y", z = "Z"
    case digit0 = "0", digit1 = "1", digit2 = "2", digit3 = "3", digit4 = "4"
    case digit5 = "5", digit6 = "6", digit7 = "7", digit8 = "8", digit9 = "9"
    case space = "Space", `return` = "Return", tab = "Tab", escape = "Escape", backspace = "Backspace", delete = "Delete"
    case insert = "Insert", home = "Home", end = "End", pageUp = "PageUp", pageDown = "PageDown"
    case left = "Left", right = "Right", up = "Up", down = "Down"
    case f1 = "F1", f2 = "F2", f3 = "F3", f4 = "F4", f5 = "F5", f6 = "F6"
    case f7 = "F7", f8 = "F8", f9 = "F9", f10 = "F10", f11 = "F11", f12 = "F12"
    case exclamation = "!", quote = "\"", hash = "#", dollar = "$", percent = "%", ampersand = "&", apostrophe = "'"
    case leftParenthesis = "(", rightParenthesis = ")", asterisk = "*", plus = "+", comma = ",", minus = "-", period = "."
    case slash = "/", colon = ":", semicolon = ";", less = "<", equals = "=", greater = ">", question = "?", at = "@"
    case leftBracket = "[", backslash = "\\", rightBracket = "]", caret = "^", underscore = "_", backquote = "`"
    case keypad0 = "Keypad 0", keypad1 = "Keypad 1", keypad2 = "Keypad 2", keypad3 = "Keypad 3", keypad4 = "Keypad 4"
    case keypad5 = "Keypad 5", keypad6 = "Keypad 6", keypad7 = "Keypad 7", keypad8 = "Keypad 8", keypad9 = "Keypad 9"
    case keypadPlus = "Keypad +", keypadMinus = "Keypad -", keypadMultiply = "Keypad *", keypadDivide = "Keypad /"
    case keypadPeriod = "Keypad .", keypadEnter = "Keypad Enter"
    case menu = "Menu"

    /// How scripts and the config write it.
    public var name: String { rawValue }

    /// The key a script or config names, ignoring case (`tab`, `TAB` and `Tab` are one key).
    public init?(name: String) {
        if let exact = Key(rawValue: name) {
            self = exact
            return
        }
        let folded = name.lowercased()
        guard let match = Key.allCases.first(where: { $0.rawValue.lowercased() == folded }) else { return nil }
        self = match
    }

    /// True for keys that also type a character (letters, digits, punctuation, Space): pressed
    /// without Ctrl, the same press arrives again as text.
    public var typesText: Bool {
        self == .space || (rawValue.count == 1) || (isKeypad && self != .keypadEnter)
    }

    private var isKeypad: Bool { rawValue.hasPrefix("Keypad ") }

    /// Return and the keypad's Enter: both finish what is being typed.
    public var isEnter: Bool { self == .return || self == .keypadEnter }

    /// The arrow's direction, for the four arrow keys.
    public var direction: Direction? {
        switch self {
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        default: return nil
        }
    }
}

/// One of the four arrow directions.
public enum Direction: String, CaseIterable, Hashable, Sendable {
    case left, right, up, down

    /// A unit step in map coordinates (y grows downwards).
    public var vector: Vec2 {
        switch self {
        case .left: return Vec2(-1, 0)
        case .right: return Vec2(1, 0)
        case .up: return Vec2(0, -1)
        case .down: return Vec2(0, 1)
        }
    }
}
