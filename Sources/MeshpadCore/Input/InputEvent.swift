/// One input event, platform-neutral: what the SDL layer hands to the core.
///
/// Positions are in window pixels (touch's normalised coordinates and the HiDPI scale are
/// already resolved by the platform). Touches synthesised as mouse events, and mouse events
/// synthesised as touches, are dropped before they get here, so each physical action arrives once.
public enum InputEvent: Equatable, Sendable {
    case fingerDown(id: Int64, position: Vec2)
    case fingerMove(id: Int64, position: Vec2)
    case fingerUp(id: Int64, position: Vec2)
    case mouseDown(button: MouseButton, position: Vec2, clicks: Int, modifiers: KeyModifiers)
    case mouseMove(position: Vec2, modifiers: KeyModifiers)
    case mouseUp(button: MouseButton, position: Vec2, modifiers: KeyModifiers)
    /// Scroll in wheel notches (fractional on trackpads); positive `y` is away from the user,
    /// already corrected for `SDL_MOUSEWHEEL_FLIPPED`.
    case wheel(delta: Vec2, position: Vec2, modifiers: KeyModifiers)
    /// A key press: the key (the platform has mapped its keycode) and the modifiers held.
    case key(Key, modifiers: KeyModifiers)
    case text(String)
    /// An input method's text in progress (`SDL_TEXTEDITING`), with its cursor counted in
    /// Unicode scalars; empty when the composition ends.
    case textEditing(text: String, cursor: Int)
    case windowResized
    case quitRequested
}

public enum MouseButton: String, Sendable {
    case left, middle, right
}

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let ctrl = KeyModifiers(rawValue: 1 << 1)
    public static let alt = KeyModifiers(rawValue: 1 << 2)
    public static let meta = KeyModifiers(rawValue: 1 << 3)
}
