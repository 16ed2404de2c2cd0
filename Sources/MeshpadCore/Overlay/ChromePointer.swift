/// A pointer on the chrome — toolbar, panels, menus, the on-screen keyboard, a dialog, the file
/// browser, the PIN pad — followed from press to lift: every transition in one `switch`
/// (`track`), as `GestureRecognizer` follows the canvas's pointers.
///
/// A pointer that goes down on the chrome is the chrome's until it lifts, even across the
/// canvas; a press that begins on the canvas is the canvas's even across the toolbar. The
/// machine says what a pointer event means (`ChromeGesture`); the workspace decides what that
/// does (an action, a key typed, a list scrolled).
enum ChromePointer: Equatable, Sendable {
    case idle
    /// Down on a part (nil: on a panel's background); released on the same part, it activates it.
    case pressing(GestureRecognizer.Pointer, part: OverlayLayout.Part.Role?, start: Vec2, last: Vec2)
    /// A drag scrolling a list (the outline panel, the file browser's); `tracker` measures how
    /// fast it moves, for a list that flings on when it lifts.
    case scrolling(GestureRecognizer.Pointer, list: ChromeList, last: Vec2, tracker: VelocityTracker)
    /// Down on the minimap: the view follows the pointer.
    case steering(GestureRecognizer.Pointer)
    /// A part that is moved rather than tapped (a slide's grip), carried with the pointer.
    case dragging(GestureRecognizer.Pointer, part: OverlayLayout.Part.Role)

    var pointer: GestureRecognizer.Pointer? {
        switch self {
        case .idle: return nil
        case .pressing(let pointer, _, _, _), .scrolling(let pointer, _, _, _), .steering(let pointer), .dragging(let pointer, _): return pointer
        }
    }

    /// The part held down, drawn pressed.
    var pressedPart: OverlayLayout.Part.Role? {
        if case .pressing(_, let part, _, _) = self { return part }
        return nil
    }

    /// What the chrome shows now, as far as a press is concerned.
    struct Context {
        /// Where things are.
        var layout: OverlayLayout
        /// A dialog is up: it takes every press, on its parts or not.
        var dialogIsUp = false
        /// A menu is open: a press anywhere but on it (or on the ☰ button) closes it and does nothing else.
        var menuIsOpen = false
        /// The canvas already follows a pointer: a press elsewhere on the chrome is a second finger of its gesture.
        var canvasIsBusy = false
        /// The list a drag that begins on it scrolls, if any (and whether it flings on).
        var list: (kind: ChromeList, rect: Rect)?
        /// The list is gliding: a press stops it where it is and does nothing else.
        var listIsGliding = false
        /// How far a pointer moves before a press becomes a drag (mouse, finger).
        var slop: (mouse: Double, finger: Double)
        var velocityWindowSeconds: Double
    }

    /// What `event` means to the chrome, at `time`; the machine moves on.
    mutating func track(_ event: ChromePointerEvent, at time: Double, in context: Context) -> ChromeGesture {
        let layout = context.layout
        switch (event, self) {
        case (.down(let pointer, let p), .idle):
            let onKeyboard = layout.parts.contains { ($0.role == .keyboardPanel || $0.role == .keyboardAccents) && $0.rect.contains(p) }
            if !onKeyboard && !context.dialogIsUp {
                if context.menuIsOpen && !context.canvasIsBusy && layout.rect(of: .menuPanel)?.contains(p) != true
                    && layout.rect(of: .appMenuButton)?.contains(p) != true {
                    self = .pressing(pointer, part: nil, start: p, last: p)
                    return .dismissedMenu
                }
                guard !context.canvasIsBusy, layout.covers(p) else { return .notMine }
            }
            if context.listIsGliding && !onKeyboard {
                // A finger on the glass stops a glide where it is, as on the canvas, and that
                // touch is not also a tap on the row that happened to be under it.
                self = .pressing(pointer, part: nil, start: p, last: p)
                return .stoppedGlide
            }
            let part = layout.part(at: p)
            if part == .minimap {
                self = .steering(pointer)
                return .steered(to: p)
            }
            self = .pressing(pointer, part: part, start: p, last: p)
            return .pressed(part)
        case (.down, _):
            // A second pointer while the chrome holds one: the canvas may have it.
            return .notMine
        case (.move(let pointer, let p), .steering(let held)) where pointer == held:
            return .steered(to: p)
        case (.move(let pointer, let p), .pressing(let held, let part, let start, _)) where pointer == held:
            let slop = pointer == .mouse ? context.slop.mouse : context.slop.finger
            if let part, part.isDraggable, p.distance(to: start) > slop {
                self = .dragging(pointer, part: part)
                return .dragged(part, to: p)
            }
            if let list = context.list, list.rect.contains(start), abs(p.y - start.y) > slop {
                var tracker = VelocityTracker(windowSeconds: context.velocityWindowSeconds)
                tracker.add(p, at: time)
                self = .scrolling(pointer, list: list.kind, last: p, tracker: tracker)
                // The list follows the finger from where it went down.
                return .scrolled(list.kind, by: start.y - p.y)
            }
            // A finger sliding onto one of the accents its letter opened picks that one instead.
            if case .keyboardKey? = part, case .keyboardKey(.accent)? = layout.part(at: p) {
                self = .pressing(pointer, part: layout.part(at: p), start: start, last: p)
            } else {
                self = .pressing(pointer, part: part, start: start, last: p)
            }
            return .held
        case (.move(let pointer, let p), .scrolling(let held, let list, let last, var tracker)) where pointer == held:
            tracker.add(p, at: time)
            self = .scrolling(pointer, list: list, last: p, tracker: tracker)
            return .scrolled(list, by: last.y - p.y)
        case (.move(let pointer, let p), .dragging(let held, let part)) where pointer == held:
            return .dragged(part, to: p)
        case (.up(let pointer, let p), .dragging(let held, let part)) where pointer == held:
            self = .idle
            return .dropped(part, at: p)
        case (.up(let pointer, _), .scrolling(let held, let list, _, let tracker)) where pointer == held:
            self = .idle
            return .flung(list, fingerVelocity: tracker.velocity(at: time).y)
        case (.up(let pointer, let p), .pressing(let held, let part, _, _)) where pointer == held:
            self = .idle
            return .released(part, onIt: part != nil && layout.part(at: p) == part)
        case (.up(let pointer, _), let state) where state.pointer == pointer:
            self = .idle
            return .held
        default:
            // Moves and lifts of a pointer the chrome does not hold belong to the canvas.
            return event.pointer == pointer ? .held : .notMine
        }
    }
}

/// A list on the chrome that a drag scrolls.
enum ChromeList: Equatable, Sendable {
    /// The outline panel: it stops when the finger lifts.
    case outline
    /// The file browser's list: it glides on after a flick.
    case browser
    /// The slide list's: it stops when the finger lifts.
    case slideList
}

/// What a pointer event on the chrome means (`ChromePointer.track`).
enum ChromeGesture: Equatable {
    /// Not the chrome's: the canvas's gesture recognizer has it.
    case notMine
    /// The chrome's, with nothing more to do (a move within the slop, a lift elsewhere).
    case held
    /// Went down on a part (nil: a panel's background).
    case pressed(OverlayLayout.Part.Role?)
    /// Lifted: the part it went down on, and whether it was lifted on that part (a tap).
    case released(OverlayLayout.Part.Role?, onIt: Bool)
    /// A press outside an open menu, which closes it.
    case dismissedMenu
    /// A press on a gliding list, which stops it.
    case stoppedGlide
    case scrolled(ChromeList, by: Double)
    /// A scrolling drag lifted, moving at `fingerVelocity` (window pixels a second, down positive).
    case flung(ChromeList, fingerVelocity: Double)
    /// The minimap held: the view goes to what is under `to`.
    case steered(to: Vec2)
    /// A part that moves (a slide's grip) carried to `to`, and let go at `at`.
    case dragged(OverlayLayout.Part.Role, to: Vec2)
    case dropped(OverlayLayout.Part.Role, at: Vec2)
}

extension OverlayLayout.Part.Role {
    /// A part a pointer moves rather than taps: a press on it that moves past the slop carries it.
    var isDraggable: Bool {
        if case .slideGrip = self { return true }
        return false
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

    var pointer: GestureRecognizer.Pointer {
        switch self {
        case .down(let p, _), .move(let p, _), .up(let p, _): return p
        }
    }
}
