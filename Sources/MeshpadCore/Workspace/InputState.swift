/// Where input is going right now: the canvas's gesture recognizer with what it is drawing (a
/// link's rubber band, a selection box), the chrome's own pointer, and what the last input was.
public struct InputState: Sendable {
    public internal(set) var recognizer: GestureRecognizer
    /// What a drag does, chosen on the toolbar.
    public internal(set) var mode: CanvasMode = .normal
    public internal(set) var linkPreview: Workspace.LinkPreview?
    /// The selection rectangle being drawn, in map units.
    public internal(set) var band: Rect?
    /// "Link from here": the next node tapped is linked from this one.
    public internal(set) var linkSource: NodeID?
    /// A press on the chrome (toolbar, panels, dialog), followed until it lifts.
    var chrome = ChromePointer.idle
    /// A key just handled as a command may be followed by the text it types (Space, `=`):
    /// that text is not typing. Set with the key's time; the next text within a moment is dropped.
    var swallowTextUntil: Double?
    /// The last pointer was a finger: selecting a node then does not raise the on-screen keyboard.
    var lastInputWasTouch = false
    /// A text field had the focus after the last event (the keyboard comes when focus arrives).
    var fieldWasFocused = false
    /// The keyboard was sent away (Hide, or a hardware key) for the field that has the focus.
    var keyboardDismissed = false
    /// Where the latest finger or button went down (window pixels): a tap in the node being
    /// edited puts the caret there.
    var pressPoint: Vec2?
    /// The time of the latest event (the loop's clock, seconds), for banners that go by themselves.
    var now = 0.0

    init(recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}

/// A pointer that went down on the chrome: it is the chrome's until it lifts, even across the
/// canvas, and a press that starts on the canvas is the canvas's even across the toolbar.
enum ChromePointer: Equatable, Sendable {
    case idle
    /// Down on a part (nil: on a panel's background); released on the same part, it activates it.
    case pressing(GestureRecognizer.Pointer, part: OverlayLayout.Part.Role?, start: Vec2, last: Vec2)
    /// A drag that began in the outline panel, scrolling it.
    case scrolling(GestureRecognizer.Pointer, last: Vec2)
    /// A drag on the file browser's list, scrolling it; how fast it moved when it lifts flings it on.
    case flicking(GestureRecognizer.Pointer, last: Vec2, tracker: VelocityTracker)
    /// Down on the minimap: the view follows the pointer.
    case steering(GestureRecognizer.Pointer)

    var pointer: GestureRecognizer.Pointer? {
        switch self {
        case .idle: return nil
        case .pressing(let pointer, _, _, _), .scrolling(let pointer, _), .flicking(let pointer, _, _), .steering(let pointer): return pointer
        }
    }

    /// The part held down, drawn pressed.
    var pressedPart: OverlayLayout.Part.Role? {
        if case .pressing(_, let part, _, _) = self { return part }
        return nil
    }
}

/// The pointer events the chrome takes: a press, a move and a lift, by finger or left button.
enum ChromePointerEvent {
    case down(GestureRecognizer.Pointer, Vec2)
    case move(GestureRecognizer.Pointer, Vec2)
    case up(GestureRecognizer.Pointer, Vec2)

    init?(_ event: InputEvent) {
        switch event {
        case .fingerDown(let id, let p): self = .down(.finger(id), p)
        case .fingerMove(let id, let p): self = .move(.finger(id), p)
        case .fingerUp(let id, let p): self = .up(.finger(id), p)
        case .mouseDown(.left, let p, _, _): self = .down(.mouse, p)
        case .mouseMove(let p, _): self = .move(.mouse, p)
        case .mouseUp(.left, let p, _): self = .up(.mouse, p)
        default: return nil
        }
    }
}
