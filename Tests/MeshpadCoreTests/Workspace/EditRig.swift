import Testing
@testable import MeshpadCore

/// Drives a whole workspace through `handle`, as the app does, on a simulated clock: keys,
/// typing, taps and drags in window pixels. The map is measured with the fixed-advance
/// measurer (8 px a character, 19 px a line) and viewed at zoom 1 with the map origin at
/// (400, 300) in an 800×600 window.
struct EditRig {
    var workspace: Workspace
    var time = 10.0
    var requests: [Workspace.Request] = []

    init(document: Document = .sample(), camera: Camera = Camera(origin: Vec2(400, 300), zoom: 1)) {
        var document = document
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        document.measureAll(with: sizing)
        workspace = Workspace(document: document, viewportSize: Vec2(800, 600), camera: camera, sizing: sizing)
        // Every transaction is followed by the document's full consistency check.
        workspace.checksEveryTransaction = true
    }

    var document: Document { workspace.document }
    var camera: Camera { workspace.view.camera }
    func screen(of id: NodeID) -> Vec2 { camera.screenPoint(ofMap: document.node(id)?.position ?? .zero) }
    func id(_ text: String) -> NodeID { document.nodes.first { $0.text == text }?.id ?? NodeID(0) }
    func text(of id: NodeID) -> String? { document.node(id)?.text }
    /// The texts of a node's children, in order.
    func children(of text: String) -> [String] { document.children(of: id(text)).compactMap { document.node($0)?.text } }

    @discardableResult
    mutating func send(_ event: InputEvent, after dt: Double = 0.02) -> [Workspace.Request] {
        time += dt
        let made = workspace.handle(event, at: time)
        requests += made
        #expect(workspace.history.invariantFailures.isEmpty, "after \(event): \(workspace.history.invariantFailures)")
        return made
    }

    /// A key by its name in scripts (`Tab`, `Z`, `Keypad +`).
    @discardableResult
    mutating func key(_ name: String, _ modifiers: KeyModifiers = []) -> [Workspace.Request] {
        send(.key(Key(name: name)!, modifiers: modifiers))
    }

    /// A key press as SDL delivers it: the key, then (if it types one) its character.
    mutating func press(_ name: String, typing text: String, _ modifiers: KeyModifiers = []) {
        send(.key(Key(name: name)!, modifiers: modifiers))
        send(.text(text), after: 0.001)
    }

    mutating func type(_ text: String) { send(.text(text)) }

    /// Lets every glide finish.
    mutating func settle() {
        var steps = 0
        while workspace.isAnimating && steps < 2000 {
            workspace.step(bySeconds: 1.0 / 120)
            steps += 1
        }
        time += Double(steps) / 120
        _ = workspace.tick(at: time)
    }

    mutating func click(_ p: Vec2, _ modifiers: KeyModifiers = [], button: MouseButton = .left) {
        send(.mouseDown(button: button, position: p, clicks: 1, modifiers: modifiers), after: 0.5)
        send(.mouseUp(button: button, position: p, modifiers: modifiers), after: 0.05)
    }

    mutating func tap(_ p: Vec2, finger: Int64 = 1) {
        send(.fingerDown(id: finger, position: p), after: 0.5)
        send(.fingerUp(id: finger, position: p), after: 0.05)
    }

    /// `fingers` fingers landing 60 px apart to the right of `p`, and lifting, within 0.1 s.
    mutating func multiFingerTap(_ fingers: Int, at p: Vec2) {
        let spots = (0..<fingers).map { p + Vec2(Double($0) * 60, 0) }
        for (i, spot) in spots.enumerated() { send(.fingerDown(id: Int64(i + 1), position: spot), after: i == 0 ? 0.5 : 0.015) }
        for (i, spot) in spots.enumerated() { send(.fingerUp(id: Int64(i + 1), position: spot), after: 0.015) }
    }

    mutating func doubleTap(_ p: Vec2) {
        tap(p)
        send(.fingerDown(id: 1, position: p), after: 0.1)
        send(.fingerUp(id: 1, position: p), after: 0.05)
    }

    /// A finger drag in `steps` moves.
    mutating func fingerDrag(from a: Vec2, to b: Vec2, steps: Int = 8) {
        send(.fingerDown(id: 1, position: a), after: 0.5)
        for i in 1...steps {
            send(.fingerMove(id: 1, position: a.interpolated(to: b, alpha: Double(i) / Double(steps))), after: 0.016)
        }
        send(.fingerUp(id: 1, position: b), after: 0.3)
    }

    mutating func mouseDrag(from a: Vec2, to b: Vec2, button: MouseButton = .left, _ modifiers: KeyModifiers = []) {
        send(.mouseDown(button: button, position: a, clicks: 1, modifiers: modifiers), after: 0.5)
        for i in 1...8 {
            send(.mouseMove(position: a.interpolated(to: b, alpha: Double(i) / 8), modifiers: modifiers), after: 0.016)
        }
        send(.mouseUp(button: button, position: b, modifiers: modifiers), after: 0.3)
    }

    /// Where a toolbar button is on screen.
    func toolbarButton(_ action: Action) -> Vec2 {
        workspace.overlayLayout.rect(of: .toolbar(action))?.center ?? Vec2(-1, -1)
    }

    mutating func tapToolbar(_ action: Action) { tap(toolbarButton(action)) }

    /// The document's content (nodes with their derived sizes, and edges, in their order): what
    /// undoing everything must give back exactly.
    var content: [String] {
        document.nodes.map { "\($0.id) \($0.text) \($0.position) \($0.size) folded:\($0.folded) \($0.label)" }
            + document.edges.map { "\($0.id) \($0.from)->\($0.to) \($0.kind)" }
    }
}
