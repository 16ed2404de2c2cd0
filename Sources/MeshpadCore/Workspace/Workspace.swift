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
        /// Ctrl+S: save to the map's file (the app asks for a path if it has none).
        case save
        /// Ctrl+Shift+S and Ctrl+O: the app fills in the recent files and presents the dialog.
        case showSaveAs
        case showOpen
        /// A dialog button, key or recent file was chosen; `field` is the typed path.
        case dialogAction(Dialog.Kind, Dialog.Action, field: String)
        case bannerAction(Banner.Action)
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
    /// The message across the top, if any (it takes only taps on itself).
    public private(set) var banner: Banner?
    /// The modal dialog, if any (it takes every event while it is up).
    public private(set) var dialog: Dialog?
    private var overlayPointer: GestureRecognizer.Pointer?
    private var overlayPressed: OverlayLayout.Part.Role?

    public init(document: Document, viewportSize: Vec2, camera: Camera? = nil,
                settings: GestureSettings = GestureSettings()) {
        self.document = document
        self.viewportSize = viewportSize
        selection = [document.rootID]
        var framing = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: viewportSize))
        framing.frame(document.bounds, viewportSize: viewportSize)
        view = ViewState(camera: camera ?? framing)
        recognizer = GestureRecognizer(settings: settings)
    }

    /// 10 %–200 %, except that a map too big to see whole at 10 % may zoom out until it fits:
    /// on an infinite canvas a person must always be able to see everything at once.
    public static func zoomLimits(for document: Document, viewportSize: Vec2) -> ClosedRange<Double> {
        var probe = Camera(zoomLimits: 1e-6...Camera.defaultZoomLimits.upperBound)
        probe.frame(document.bounds, viewportSize: viewportSize, maxZoom: 1)
        let lower = min(Camera.defaultZoomLimits.lowerBound, probe.zoom * 0.8)
        return lower...Camera.defaultZoomLimits.upperBound
    }

    /// True while anything moves by itself: the loop must keep stepping and drawing.
    public var isAnimating: Bool { view.isAnimating || nodeAnimator.isAnimating }

    /// When the loop must wake up even without events (a pending long press, a banner to hide).
    public var nextDeadline: Double? {
        [recognizer.nextDeadline, banner?.expiresAt].compactMap { $0 }.min()
    }

    /// Where the banner and dialog are drawn and tapped.
    public var overlayLayout: OverlayLayout { OverlayLayout(banner: banner, dialog: dialog, viewportSize: viewportSize) }

    /// True while a text field wants typed text (the platform turns on text input and the
    /// on-screen keyboard).
    public var wantsTextInput: Bool { dialog?.hasField == true }

    public mutating func show(_ banner: Banner?) {
        self.banner = banner
        overlayPressed = nil
        overlayPointer = nil
        needsRedraw = true
    }

    public mutating func present(_ dialog: Dialog?) {
        self.dialog = dialog
        overlayPressed = nil
        overlayPointer = nil
        needsRedraw = true
    }

    /// Re-derives node sizes, e.g. once the platform's font is loaded.
    public mutating func measureAll(with sizing: NodeSizing) {
        document.measureAll(with: sizing)
        needsRedraw = true
    }

    /// Replaces the map (a file was opened, a recovery discarded): new selection, view and history.
    public mutating func replaceDocument(_ newDocument: Document) {
        document = newDocument
        selection = [newDocument.rootID]
        undoStack = UndoStack()
        nodeAnimator = NodeAnimator()
        recognizer = GestureRecognizer(settings: recognizer.settings)
        var framing = Camera(zoomLimits: Self.zoomLimits(for: newDocument, viewportSize: viewportSize))
        framing.frame(newDocument.bounds, viewportSize: viewportSize)
        view = ViewState(camera: framing)
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
        default:
            break
        }
        if dialog != nil { return handleDialog(event) }
        if banner != nil, let consumed = handleBanner(event) { return consumed }
        switch event {
        case .key(let name, let modifiers):
            return handleKey(name, modifiers: modifiers)
        default:
            let intents = recognizer.handle(event, at: time, document: document, camera: view.camera, selection: selection)
            return intents.flatMap { apply($0) }
        }
    }

    /// Lets time-based gestures fire and timed banners go; call each loop turn.
    public mutating func tick(at time: Double) -> [Request] {
        if let expiry = banner?.expiresAt, time >= expiry { show(nil) }
        return recognizer.tick(at: time).flatMap { apply($0) }
    }

    // MARK: - Banner and dialog

    /// A press and release on the same button activates it; a press anywhere on the panel or
    /// the banner is the overlay's, never a canvas gesture.
    private enum OverlayPointerEvent {
        case down(GestureRecognizer.Pointer, Vec2)
        case move(GestureRecognizer.Pointer)
        case up(GestureRecognizer.Pointer, Vec2)
    }

    private static func overlayPointerEvent(_ event: InputEvent) -> OverlayPointerEvent? {
        switch event {
        case .fingerDown(let id, let p): return .down(.finger(id), p)
        case .fingerMove(let id, _): return .move(.finger(id))
        case .fingerUp(let id, let p): return .up(.finger(id), p)
        case .mouseDown(.left, let p, _, _): return .down(.mouse, p)
        case .mouseMove: return .move(.mouse)
        case .mouseUp(.left, let p, _): return .up(.mouse, p)
        default: return nil
        }
    }

    /// nil when the event is not the banner's (it goes on to the canvas).
    private mutating func handleBanner(_ event: InputEvent) -> [Request]? {
        guard let pointerEvent = Self.overlayPointerEvent(event) else { return nil }
        let layout = overlayLayout
        switch pointerEvent {
        case .down(let pointer, let p):
            guard overlayPointer == nil, layout.covers(p) else { return nil }
            overlayPointer = pointer
            overlayPressed = layout.part(at: p)
            return []
        case .move(let pointer):
            return overlayPointer == pointer ? [] : nil
        case .up(let pointer, let p):
            guard overlayPointer == pointer else { return nil }
            defer { overlayPointer = nil; overlayPressed = nil }
            guard let pressed = overlayPressed, layout.part(at: p) == pressed, case .bannerButton(let action) = pressed else { return [] }
            show(nil)
            return [.bannerAction(action)]
        }
    }

    private mutating func handleDialog(_ event: InputEvent) -> [Request] {
        guard var current = dialog else { return [] }
        needsRedraw = true
        switch event {
        case .text(let text):
            guard current.hasField else { return [] }
            current.field += text.filter { $0 != "\n" && $0 != "\r" }
            current.message = nil
            dialog = current
            return []
        case .key(let name, let modifiers):
            switch name {
            case "Backspace":
                guard current.hasField, !current.field.isEmpty else { return [] }
                if modifiers.contains(.ctrl) { current.field = "" } else { current.field.removeLast() }
                dialog = current
                return []
            case "Return", "Keypad Enter":
                return finish(current, current.hasField ? .confirm : .save)
            case "Escape":
                return finish(current, .cancel)
            case "Up", "Down":
                guard current.hasField, !current.recent.isEmpty else { return [] }
                let index = current.recent.firstIndex(of: current.field) ?? (name == "Down" ? -1 : current.recent.count)
                let next = min(max(index + (name == "Down" ? 1 : -1), 0), current.recent.count - 1)
                current.field = current.recent[next]
                dialog = current
                return []
            default:
                return []
            }
        default:
            break
        }
        guard let pointerEvent = Self.overlayPointerEvent(event) else { return [] }
        let layout = overlayLayout
        switch pointerEvent {
        case .down(let pointer, let p):
            guard overlayPointer == nil else { return [] }
            overlayPointer = pointer
            overlayPressed = layout.part(at: p)
            return []
        case .move:
            return []
        case .up(let pointer, let p):
            guard overlayPointer == pointer else { return [] }
            defer { overlayPointer = nil; overlayPressed = nil }
            guard let pressed = overlayPressed, layout.part(at: p) == pressed else { return [] }
            switch pressed {
            case .button(let action):
                return finish(current, action)
            case .recent(let index) where index < current.recent.count:
                current.field = current.recent[index]
                return finish(current, .confirm)
            default:
                return []
            }
        }
    }

    /// Closes the dialog (the app presents it again with a message if the action fails) and
    /// hands the choice to the app.
    private mutating func finish(_ current: Dialog, _ action: Dialog.Action) -> [Request] {
        if current.hasField && action == .confirm && current.field.trimmingCharacters(in: .whitespaces).isEmpty {
            var unchanged = current
            unchanged.message = "Type a path first"
            dialog = unchanged
            return []
        }
        present(nil)
        return [.dialogAction(current.kind, action, field: current.field.trimmingCharacters(in: .whitespaces))]
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
            case "s":
                return [modifiers.contains(.shift) ? .showSaveAs : .save]
            case "o":
                return [.showOpen]
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
