/// What a key does to the view, independent of any editing.
public enum ViewAction: Equatable, Sendable {
    case toggleHUD
    case zoomIn
    case zoomOut
    case resetZoom
    case quit
}

/// The keyboard map for view actions, by SDL key name.
public enum KeyBindings {
    public static let zoomStep = 1.25

    public static func viewAction(forKey name: String, modifiers: KeyModifiers) -> ViewAction? {
        let plain = modifiers.subtracting(.shift).isEmpty
        switch name {
        case "F12":
            return .toggleHUD
        case "Q" where modifiers.contains(.ctrl), "q" where modifiers.contains(.ctrl):
            return .quit
        // why: on most layouts "+" is Shift+"=", so "=" zooms in too, as in browsers.
        case "=", "+", "Keypad +":
            return plain ? .zoomIn : nil
        case "-", "Keypad -":
            return plain ? .zoomOut : nil
        case "0", "Keypad 0":
            return plain ? .resetZoom : nil
        default:
            return nil
        }
    }
}
