/// A document and everything a person is doing to it: selection, view, gestures, undo.
///
/// The app's whole interactive state, in the core: the platform feeds it `InputEvent`s with
/// their time, steps it at the fixed rate, and draws what it says. Nothing here knows about
/// SDL, so a replay, a soak test or a unit test drives exactly what a user drives.
public struct Workspace: Sendable {
    /// What only the app can do: things outside the map.
    public enum Request: Equatable, Sendable {
        case quit
        case toggleHUD
        /// Start editing this node's text (double tap); carried out by the editor when it lands.
        case editText(NodeID)
        /// Show the context menu (long press).
        case contextMenu(node: NodeID?, position: Vec2)
    }

    public private(set) var document: Document
    public private(set) var selection: Set<NodeID>
    public private(set) var view: ViewState
    public private(set) var nodeAnimator = NodeAnimator()
    public private(set) var undoStack = UndoStack()
    public private(set) var recognizer: GestureRecognizer
    /// The window's size in window pixels, for zoom keys about its centre.
    public var viewportSize: Vec2
    /// Set by anything that changes what is drawn; the loop clears it after drawing.
    public var needsRedraw = true

    public init(document: Document, viewportSize: Vec2, camera: Camera? = nil,
                settings: GestureSettings = GestureSettings()) {
        self.document = document
        self.viewportSize = viewportSize
        selection = [document.rootID]
        var framing = Camera()
        framing.frame(document.bounds, viewportSize: viewportSize)
        view = ViewState(camera: camera ?? framing)
        recognizer = GestureRecognizer(settings: settings)
    }

    /// True while anything moves by itself: the loop must keep stepping and drawing.
    public var isAnimating: Bool { view.isAnimating || nodeAnimator.isAnimating }

    /// When the loop must wake up even without events (a pending long press).
    public var nextDeadline: Double? { recognizer.nextDeadline }

    /// Re-derives node sizes, e.g. once the platform's font is loaded.
    public mutating func measureAll(with sizing: NodeSizing) {
        document.measureAll(with: sizing)
        needsRedraw = true
    }

    // MARK: - Input

    /// Handles one event that happened at `time` (seconds, the loop's clock).
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Request] {
        switch event {
        case .quitRequested:
            return [.quit]
        case .windowResized:
            needsRedraw = true
            return []
        case .key(let name, let modifiers):
            return handleKey(name, modifiers: modifiers)
        default:
            let intents = recognizer.handle(event, at: time, document: document, camera: view.camera, selection: selection)
            return intents.flatMap { apply($0) }
        }
    }

    /// Lets time-based gestures fire; call each loop turn.
    public mutating func tick(at time: Double) -> [Request] {
        recognizer.tick(at: time).flatMap { apply($0) }
    }

    /// Advances tweens and glides by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        view.step(bySeconds: dt)
        nodeAnimator.step(bySeconds: dt)
    }

    /// Carries out one intent. Public so tests can drive the workspace intent by intent.
    public mutating func apply(_ intent: Intent) -> [Request] {
        needsRedraw = true
        switch intent {
        case .select(let id, let toggle):
            if toggle {
                if selection.contains(id) { selection.remove(id) } else { selection.insert(id) }
            } else {
                selection = [id]
            }
        case .clearSelection:
            selection = []
        case .moveNodes(let ids, let positions):
            for (id, position) in zip(ids, positions) {
                nodeAnimator.stop(id)
                document.move(id, to: position)
            }
        case .commitMove(let ids, let from, let to):
            undoStack.record(.move(ids: ids, from: from, to: to))
        case .pan(let delta):
            view.updateCamera { $0.pan(by: delta) }
        case .setCamera(let camera):
            view.updateCamera { $0 = camera }
        case .zoom(let factor, let anchor):
            view.updateCamera { $0.zoom(by: factor, about: anchor) }
        case .fling(let velocity):
            view.startInertia(velocity: velocity)
        case .stopInertia:
            view.stopInertia()
        case .edit(let id):
            return [.editText(id)]
        case .surfaceDoubleTap:
            // Creating a node here arrives with the editing commands.
            return []
        case .context(let node, let position):
            return [.contextMenu(node: node, position: position)]
        }
        return []
    }

    // MARK: - Keys

    private mutating func handleKey(_ name: String, modifiers: KeyModifiers) -> [Request] {
        if modifiers.contains(.ctrl) {
            switch name.lowercased() {
            case "z" where modifiers.contains(.shift), "y":
                redo()
                return []
            case "z":
                undo()
                return []
            default:
                break
            }
        }
        guard let action = KeyBindings.viewAction(forKey: name, modifiers: modifiers) else { return [] }
        let centre = viewportSize / 2
        switch action {
        case .toggleHUD:
            needsRedraw = true
            return [.toggleHUD]
        case .quit:
            return [.quit]
        case .zoomIn:
            view.animateZoom(to: view.targetZoom * KeyBindings.zoomStep, about: centre)
        case .zoomOut:
            view.animateZoom(to: view.targetZoom / KeyBindings.zoomStep, about: centre)
        case .resetZoom:
            view.animateZoom(to: 1, about: centre)
        }
        return []
    }

    // MARK: - Undo

    public mutating func undo() {
        guard !recognizer.isActive, let command = undoStack.popUndo() else { return }
        perform(command)
    }

    public mutating func redo() {
        guard !recognizer.isActive, let command = undoStack.popRedo() else { return }
        perform(command)
    }

    /// Carries out a command from the undo stack, gliding what it moves.
    private mutating func perform(_ command: Command) {
        needsRedraw = true
        switch command {
        case .move(let ids, _, let to):
            // Nodes glide from where they are now, which is where the command's `from` left them.
            for (id, end) in zip(ids, to) {
                guard let drawnFrom = document.node(id)?.position else { continue }
                document.move(id, to: end)
                nodeAnimator.animate(id, from: drawnFrom, to: end)
            }
        }
    }

    // MARK: - Drawing

    /// The camera and node positions to draw, `alpha` of the way between the last two steps.
    public func frame(interpolatedBy alpha: Double) -> (camera: Camera, drawnPositions: [NodeID: Vec2]) {
        (view.camera(interpolatedBy: alpha), nodeAnimator.drawnPositions(interpolatedBy: alpha))
    }
}
