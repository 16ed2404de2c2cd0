/// Where input is going right now: the canvas's gesture recognizer with what it is drawing (a
/// link's rubber band, a selection box) and what the last input was (the chrome's pointer is in `Panels`).
public struct InputState: Sendable {
    public internal(set) var recognizer: GestureRecognizer
    /// What a drag does, chosen on the toolbar.
    public internal(set) var mode: CanvasMode = .normal
    public internal(set) var linkPreview: Workspace.LinkPreview?
    /// The selection rectangle being drawn, in map units.
    public internal(set) var band: Rect?
    /// The nodes being dragged, and the node they would become children of if dropped now.
    var dragged: [NodeID] = []
    public internal(set) var dropTarget: NodeID?
    /// "Link from here": the next node tapped is linked from this one.
    public internal(set) var linkSource: NodeID?
    /// A key just handled as a command may be followed by the text it types (Space, `=`):
    /// that text is not typing. Set with the key's time; the next text within a moment is dropped.
    var swallowTextUntil: Double?
    /// The last pointer was a finger: selecting a node then does not raise the on-screen keyboard.
    var lastInputWasTouch = false
    /// The last mouse press looked like a touch panel's (`PointerKind.auto`): the pointer
    /// arrived in one jump, not hovering there as a mouse does. The keyboard comes for it.
    var pressLooksLikeTouch = false
    /// A mouse button is held (motion then is a drag, not a hover).
    var mouseIsDown = false
    /// Motions with no button held since the last press or release, and how far the last one
    /// jumped (infinite for the first motion ever, which has nowhere to start from).
    var hoverMoves = 0
    var lastHoverStep = 0.0
    /// Where the mouse pointer last was.
    var mousePosition: Vec2?
    /// The node under a hovering mouse (never a finger's), lit faintly so what a click would
    /// take reads before it is taken.
    var hovered: NodeID?
    /// A text field had the focus after the last event (the keyboard comes when focus arrives).
    var fieldWasFocused = false
    /// The keyboard was sent away (Hide, or a hardware key) for the field that has the focus.
    var keyboardDismissed = false
    /// A hardware keyboard or the system's input method (IBus, Fcitx, a compositor's on-screen
    /// keyboard) has typed: in `auto` the on-screen keyboard then stays away until asked for (a
    /// tap on the field with the focus). Learnt from typing, not from the environment: Ubuntu
    /// and GNOME set IBus's variables for every user, with or without a keyboard.
    var systemTypingSeen = false
    /// Where the latest finger or button went down (window pixels): a tap in the node being
    /// edited puts the caret there.
    var pressPoint: Vec2?
    /// The time of the latest event (the loop's clock, seconds), for banners that go by themselves.
    var now = 0.0

    init(recognizer: GestureRecognizer) {
        self.recognizer = recognizer
    }
}
