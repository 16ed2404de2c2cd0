@testable import MeshpadCore

/// Drives a recognizer against a workspace, applying every intent, on a simulated clock.
///
/// The sample map is measured with the fixed-advance measurer and viewed at zoom 1 with the
/// map origin at (400, 300), so the root sits at screen (400, 300) and "shelter" at (400, 60).
struct GestureRig {
    var workspace: Workspace
    var recognizer = GestureRecognizer()
    var time = 10.0
    var log: [Intent] = []

    init(document: Document = .sample(), camera: Camera = Camera(origin: Vec2(400, 300), zoom: 1)) {
        var document = document
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        workspace = Workspace(document: document, viewportSize: Vec2(800, 600), camera: camera)
    }

    var camera: Camera { workspace.view.camera }
    var selection: Set<NodeID> { workspace.selection.nodes }
    func screen(of id: NodeID) -> Vec2 { camera.screenPoint(ofMap: workspace.document.node(id)?.position ?? .zero) }
    func node(named text: String) -> NodeID { workspace.document.nodes.first { $0.text == text }?.id ?? NodeID(0) }

    @discardableResult
    mutating func send(_ event: InputEvent, after dt: Double = 0.016) -> [Intent] {
        time += dt
        let intents = recognizer.handle(event, at: time, document: workspace.document, camera: camera, selection: selection)
        for intent in intents { _ = workspace.apply(intent) }
        log += intents
        return intents
    }

    @discardableResult
    mutating func wait(_ seconds: Double) -> [Intent] {
        time += seconds
        let intents = recognizer.tick(at: time)
        for intent in intents { _ = workspace.apply(intent) }
        log += intents
        return intents
    }

    // Shorthands in window pixels.
    @discardableResult mutating func down(_ id: Int64, _ p: Vec2, after dt: Double = 0.016) -> [Intent] { send(.fingerDown(id: id, position: p), after: dt) }
    @discardableResult mutating func move(_ id: Int64, _ p: Vec2, after dt: Double = 0.016) -> [Intent] { send(.fingerMove(id: id, position: p), after: dt) }
    @discardableResult mutating func up(_ id: Int64, _ p: Vec2, after dt: Double = 0.016) -> [Intent] { send(.fingerUp(id: id, position: p), after: dt) }
    @discardableResult mutating func press(_ p: Vec2, modifiers: KeyModifiers = [], after dt: Double = 0.016) -> [Intent] {
        send(.mouseDown(button: .left, position: p, clicks: 1, modifiers: modifiers), after: dt)
    }
    @discardableResult mutating func drag(_ p: Vec2, after dt: Double = 0.016) -> [Intent] { send(.mouseMove(position: p, modifiers: []), after: dt) }
    @discardableResult mutating func release(_ p: Vec2, after dt: Double = 0.016) -> [Intent] {
        send(.mouseUp(button: .left, position: p, modifiers: []), after: dt)
    }
}
