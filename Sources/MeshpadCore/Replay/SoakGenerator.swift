/// A seeded stream of everything a person (or a cat on a kiosk) could do: touches with one to
/// three fingers, mouse clicks and drags with any button and modifier, wheel turns, keys, typed
/// text in many scripts and input-method compositions.
///
/// The same seed gives the same stream. Keys that leave the map (save, open, quit) are left out:
/// a soak must not write files or end. `restPoint()` lifts every finger and button, so the
/// workspace can be checked at rest.
public struct SoakGenerator {
    private var rng: SeededGenerator
    private let viewport: Vec2
    private var fingersDown: [Int64: Vec2] = [:]
    private var nextFinger: Int64 = 1
    private var mouseDown: MouseButton?
    private var mouse = Vec2(100, 100)

    public init(seed: UInt64, viewport: Vec2) {
        rng = SeededGenerator(seed: seed)
        self.viewport = viewport
    }

    static let keys: [(Key, KeyModifiers)] = [
        (.tab, []), (.return, []), (.return, .shift), (.delete, []), (.backspace, []), (.escape, []), (.space, []),
        (.left, []), (.right, []), (.up, []), (.down, []), (.left, .shift), (.right, .ctrl), (.home, []), (.end, []),
        (.f2, []), (.f3, []), (.f7, []), (.f9, []), (.f12, []), (.equals, []), (.minus, []), (.digit0, []), (.digit1, .shift),
        (.digit2, .shift), (.z, .ctrl), (.y, .ctrl), (.z, [.ctrl, .shift]), (.a, .ctrl), (.c, .ctrl), (.x, .ctrl), (.v, .ctrl),
        (.l, .ctrl), (.f, .ctrl), (.t, .ctrl), (.t, [.ctrl, .shift]), (.b, .ctrl), (.i, .ctrl), (.backspace, .ctrl), (.g, .ctrl),
        // Tasks, priorities, due days, tags and the filter bar (issue 30): their dialogs and bar then take random taps too.
        (.return, [.ctrl, .shift]), (.return, .ctrl), (.digit2, .ctrl), (.digit0, .ctrl), (.d, [.ctrl, .shift]), (.a, [.ctrl, .shift]),
        (.f, [.ctrl, .shift]),
        // Presenting and a branch in focus (issue 28): slides played, stepped, blacked and ended by the keys above and these.
        (.f5, []), (.f5, .shift), (.pageDown, []), (.pageUp, []), (.b, []), (.o, []), (.h, .ctrl), (.h, [.ctrl, .shift]),
    ]

    static let texts = ["a", "word ", "Ünïcödé", "日本語", "😀👩‍👩‍👧", "مرحبا", "שלום", "e\u{301}", "\n", " ", "x", "1", "🇯🇵", "한국어"]

    private mutating func point() -> Vec2 {
        // Mostly on the map, sometimes on the chrome at the edges, rarely far outside.
        let outside = Int.random(in: 0..<50, using: &rng) == 0
        let spread = outside ? 3.0 : 1.0
        return Vec2(Double.random(in: -0.1...(1.1 * spread), using: &rng) * viewport.x,
                    Double.random(in: -0.1...(1.1 * spread), using: &rng) * viewport.y)
    }

    private mutating func near(_ p: Vec2) -> Vec2 {
        p + Vec2(Double.random(in: -60...60, using: &rng), Double.random(in: -60...60, using: &rng))
    }

    private mutating func modifiers() -> KeyModifiers {
        [KeyModifiers(), .shift, .ctrl, .alt, [.ctrl, .shift]][Int.random(in: 0..<5, using: &rng) % 5 == 0 ? Int.random(in: 1..<5, using: &rng) : 0]
    }

    /// The next event.
    public mutating func next() -> InputEvent {
        let roll = Int.random(in: 0..<100, using: &rng)
        switch roll {
        case 0..<30:
            if let (id, p) = fingersDown.randomElement(using: &rng), Int.random(in: 0..<3, using: &rng) > 0 {
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    fingersDown[id] = nil
                    return .fingerUp(id: id, position: p)
                }
                let moved = near(p)
                fingersDown[id] = moved
                return .fingerMove(id: id, position: moved)
            }
            guard fingersDown.count < 3 else { return .fingerUp(id: fingersDown.keys.min() ?? 1, position: .zero) }
            let id = nextFinger
            nextFinger += 1
            let p = point()
            fingersDown[id] = p
            return .fingerDown(id: id, position: p)
        case 30..<55:
            if let button = mouseDown {
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    mouseDown = nil
                    return .mouseUp(button: button, position: mouse, modifiers: modifiers())
                }
                mouse = near(mouse)
                return .mouseMove(position: mouse, modifiers: modifiers())
            }
            if Int.random(in: 0..<3, using: &rng) == 0 {
                mouse = point()
                return .mouseMove(position: mouse, modifiers: [])
            }
            let button = [MouseButton.left, .left, .left, .right, .middle][Int.random(in: 0..<5, using: &rng)]
            mouseDown = button
            mouse = point()
            return .mouseDown(button: button, position: mouse, clicks: 1, modifiers: modifiers())
        case 55..<62:
            return .wheel(delta: Vec2(Double.random(in: -3...3, using: &rng), Double.random(in: -3...3, using: &rng)),
                          position: point(), modifiers: Bool.random(using: &rng) ? .ctrl : [])
        case 62..<85:
            let (key, modifiers) = Self.keys[Int.random(in: 0..<Self.keys.count, using: &rng)]
            return .key(key, modifiers: modifiers)
        case 85..<97:
            return .text(Self.texts[Int.random(in: 0..<Self.texts.count, using: &rng)])
        default:
            let composing = ["に", "にほ", "にほん", ""][Int.random(in: 0..<4, using: &rng)]
            return .textEditing(text: composing, cursor: composing.unicodeScalars.count)
        }
    }

    /// Lifts every finger and button still down.
    public mutating func restPoint() -> [InputEvent] {
        var events = fingersDown.map { InputEvent.fingerUp(id: $0.key, position: $0.value) }
        fingersDown = [:]
        if let button = mouseDown { events.append(.mouseUp(button: button, position: mouse, modifiers: [])) }
        mouseDown = nil
        return events
    }
}
