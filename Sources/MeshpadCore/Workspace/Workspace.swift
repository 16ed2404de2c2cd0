/// A document and everything a person is doing to it: selection, view, gestures, editing, undo.
///
/// The app's whole interactive state, in the core: the platform feeds it `InputEvent`s with
/// their time, steps it at the fixed rate, and draws what it says. Nothing here knows about
/// SDL, so a replay, a soak test or a unit test drives exactly what a user drives.
///
/// Not `Sendable`: it holds the text measurer (the platform's font), which lives on the main
/// thread like the rest of the app. The document it holds is a value and can be handed to
/// other threads (autosave) on its own.
public struct Workspace {
    /// What only the app can do: things outside the map.
    public enum Request: Equatable, Sendable {
        case quit
        case toggleHUD
        /// Show the context menu (long press, right click).
        case contextMenu(node: NodeID?, position: Vec2)
        /// Ctrl+S: save to the map's file (the app asks for a path if it has none).
        case save
        /// Ctrl+Shift+S and Ctrl+O: the app fills in the recent files and presents the dialog.
        case showSaveAs
        case showOpen
        /// A dialog button, key or recent file was chosen; `field` is the typed path.
        case dialogAction(Dialog.Kind, Dialog.Action, field: String)
        case bannerAction(Banner.Action)
        /// Put this text on the system clipboard (copy, cut).
        case setClipboard(String)
        /// Read the system clipboard and hand its text to `paste(_:)`.
        case readClipboard
        /// The kiosk's PIN was entered: leave (after the last autosave).
        case exitKiosk
    }

    /// A node's text being edited in place.
    public struct EditSession: Equatable, Sendable {
        public var node: NodeID
        public var editor: TextEditor
        /// The text before editing began: Escape puts it back, and the undo step starts from it.
        public var original: String
        /// The node was made for this edit (New, Tab, Enter): Escape takes it away again, and
        /// its creation and first text are one undo step.
        public var isNewNode: Bool
        /// Where the node was when editing began.
        public var originalPosition: Vec2
        /// The x of the node's edge that faces its parent: it stays put as the text grows or
        /// shrinks, so a child never grows back over its parent (nil for the root and free nodes,
        /// which grow about their centre).
        public var anchorX: Double?
    }

    /// The rubber-band line of a link being drawn.
    public struct LinkPreview: Equatable, Sendable {
        public var from: NodeID
        /// Map point under the finger.
        public var to: Vec2
    }

    public internal(set) var document: Document
    public internal(set) var selection: Set<NodeID>
    /// The node keyboard commands act on: the one selected last.
    public internal(set) var focus: NodeID?
    /// A selected edge (a tap near it); Delete removes it. Never set together with node selection.
    public internal(set) var selectedEdge: EdgeID?
    public internal(set) var mode: CanvasMode = .normal
    public internal(set) var editing: EditSession?
    public internal(set) var linkPreview: LinkPreview?
    /// The selection rectangle being drawn, in map units.
    public internal(set) var band: Rect?
    public internal(set) var search: SearchState?
    public internal(set) var outline: OutlineState?
    public internal(set) var view: ViewState
    public internal(set) var nodeAnimator = NodeAnimator()
    public internal(set) var undoStack = UndoStack()
    public internal(set) var recognizer: GestureRecognizer
    /// Measures text in the label font: node sizes, the editor's caret, toolbar labels.
    public private(set) var sizing: NodeSizing
    /// The window's size in window pixels, for zoom keys about its centre.
    public var viewportSize: Vec2
    /// The side of a touch target in window pixels (the platform sets it from the display's DPI).
    public var targetPixels = 48.0 {
        didSet { if !targetPixels.isFinite || targetPixels < 44 { targetPixels = 44 } }
    }
    /// Set by anything that changes what is drawn; the loop clears it after drawing.
    public var needsRedraw = true
    /// The message across the top, if any (it takes only taps on itself).
    public internal(set) var banner: Banner?
    /// The modal dialog, if any (it takes every event while it is up).
    public internal(set) var dialog: Dialog?
    var overlayPointer: GestureRecognizer.Pointer?
    var overlayPressed: OverlayLayout.Part.Role?
    var overlayStart = Vec2.zero
    var overlayLast = Vec2.zero
    var overlayScrolling = false
    /// A key just handled as a command may be followed by the text it types (Space, `=`):
    /// that text is not typing. Set with the key's time; the next text within a moment is dropped.
    var swallowTextUntil: Double?
    /// The time of the latest event, for banners that go away by themselves.
    var now = 0.0
    /// The last pointer was a finger: selecting a node then does not raise the on-screen keyboard.
    var lastInputWasTouch = false
    var labelWidths: [ToolbarItem: Double] = [:]
    /// Folded node texts for search, kept while the map's text is unchanged.
    var searchIndex: SearchIndex?
    /// The tidy-tree layout, with the theme's gaps (the platform sets them).
    public var treeLayout = TreeLayout()
    /// A force layout animating, if any.
    var forceRun: ForceRun?
    /// The style panel is open.
    public internal(set) var styleOpen = false
    /// The minimap is shown.
    public internal(set) var minimapOpen = false
    /// The map can be viewed, folded and searched but not changed (`--read-only`).
    public var isReadOnly = false
    /// Set in kiosk mode: no quitting or file commands, except through the PIN.
    public var kiosk: KioskLock?
    var cornerHold: CornerHold?

    public init(document: Document, viewportSize: Vec2, camera: Camera? = nil,
                settings: GestureSettings = GestureSettings(),
                sizing: NodeSizing = NodeSizing(measurer: FixedAdvanceMeasurer()),
                zoomClamp: ClosedRange<Double> = Camera.defaultZoomLimits) {
        self.document = document
        self.zoomClamp = zoomClamp
        self.viewportSize = viewportSize
        self.sizing = sizing
        selection = [document.rootID]
        focus = document.rootID
        var framing = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: viewportSize, clamp: zoomClamp))
        framing.frame(document.bounds, viewportSize: viewportSize)
        view = ViewState(camera: camera ?? framing)
        recognizer = GestureRecognizer(settings: settings)
        measureLabels()
    }

    /// The clamp (10 %–200 % unless the config says otherwise), except that a map too big to
    /// see whole at its lower end may zoom out until it fits: on an infinite canvas a person
    /// must always be able to see everything at once.
    public static func zoomLimits(for document: Document, viewportSize: Vec2,
                                  clamp: ClosedRange<Double> = Camera.defaultZoomLimits) -> ClosedRange<Double> {
        var probe = Camera(zoomLimits: 1e-6...max(clamp.upperBound, 1))
        probe.frame(document.bounds, viewportSize: viewportSize, maxZoom: 1)
        let lower = min(clamp.lowerBound, probe.zoom * 0.8)
        return lower...clamp.upperBound
    }

    /// The zoom clamp from the config (`zoom.min`, `zoom.max`).
    public let zoomClamp: ClosedRange<Double>

    /// True while anything moves by itself: the loop must keep stepping and drawing.
    public var isAnimating: Bool { view.isAnimating || nodeAnimator.isAnimating || forceRun != nil }

    /// When the loop must wake up even without events (a pending long press, a banner to hide).
    public var nextDeadline: Double? {
        [recognizer.nextDeadline, banner?.expiresAt, cornerDeadline].compactMap { $0 }.min()
    }

    /// Where the chrome, banner and dialog are drawn and tapped.
    public var overlayLayout: OverlayLayout {
        OverlayLayout(banner: banner, dialog: dialog, chrome: chrome, viewportSize: viewportSize)
    }

    /// True while something wants typed text: the platform turns on text input (and with it
    /// the input method and any on-screen keyboard). A selected node wants it too, so typing
    /// starts editing it, but only after mouse or keyboard use: a finger's tap selecting a node
    /// must not raise an on-screen keyboard over the map.
    public var wantsTextInput: Bool {
        if let dialog { return dialog.hasField }
        if editing != nil || search != nil { return true }
        return !isReadOnly && !lastInputWasTouch && focus != nil
    }

    /// Where typed text appears, in window pixels: the caret of the node being edited, or the
    /// focused field. Input methods put their candidate window beside it.
    public var textInputRect: Rect? {
        if let dialog, dialog.hasField { return overlayLayout.rect(of: .field) }
        if let editing, let node = document.node(editing.node) {
            let layout = TextEditLayout(editor: editing.editor, sizing: sizing, style: node.style)
            let camera = view.camera
            let topLeft = camera.screenPoint(ofMap: node.position + layout.caret.origin)
            return Rect(x: topLeft.x, y: topLeft.y, width: max(layout.caret.width * camera.zoom, 1), height: layout.caret.height * camera.zoom)
        }
        if search != nil { return overlayLayout.rect(of: .searchField) }
        return nil
    }

    public mutating func show(_ banner: Banner?) {
        self.banner = banner
        overlayPressed = nil
        overlayPointer = nil
        needsRedraw = true
    }

    /// A short message that goes away by itself.
    mutating func toast(_ message: String) {
        show(Banner(message: message, actions: [.dismiss], expiresAt: now + 2.5))
    }

    public mutating func present(_ dialog: Dialog?) {
        if dialog != nil && self.dialog == nil {
            commitEditing()
            // why: the dialog takes every event from now on, so the canvas would never hear the
            // pointers lift; what they were doing ends here (a drag so far is one undo step).
            settleGesture()
            recognizer.cancelAll()
            linkPreview = nil
            band = nil
        }
        self.dialog = dialog
        overlayPressed = nil
        overlayPointer = nil
        needsRedraw = true
    }

    /// Re-derives node sizes with a new measurer, e.g. once the platform's font is loaded.
    public mutating func measureAll(with sizing: NodeSizing) {
        self.sizing = sizing
        document.measureAll(with: sizing)
        measureLabels()
        needsRedraw = true
    }

    private mutating func measureLabels() {
        for item in ToolbarItem.allCases {
            labelWidths[item] = sizing.measurer.width(of: item.label[...])
        }
    }

    /// Replaces the map (a file was opened, a recovery discarded): new selection, view and history.
    public mutating func replaceDocument(_ newDocument: Document) {
        document = newDocument
        selection = [newDocument.rootID]
        focus = newDocument.rootID
        selectedEdge = nil
        editing = nil
        linkPreview = nil
        band = nil
        undoStack = UndoStack()
        nodeAnimator = NodeAnimator()
        recognizer = GestureRecognizer(settings: recognizer.settings)
        var framing = Camera(zoomLimits: Self.zoomLimits(for: newDocument, viewportSize: viewportSize, clamp: zoomClamp))
        framing.frame(newDocument.bounds, viewportSize: viewportSize)
        view = ViewState(camera: framing)
        if search != nil { search = SearchState() }
        refreshPanels()
        needsRedraw = true
    }

    // MARK: - Input

    /// Handles one event that happened at `time` (seconds, the loop's clock).
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Request] {
        now = time
        defer { refreshPanels() }
        if let consumed = handleKioskEvent(event, at: time) { return consumed }
        // why: in two steps: `permitted(route(…))` copies self before the mutating call, and the
        // map's arrays are then copied whole on the first change (30 ms at 100k nodes).
        let requests = route(event, at: time)
        return permitted(requests)
    }

    private mutating func route(_ event: InputEvent, at time: Double) -> [Request] {
        switch event {
        case .quitRequested:
            return [.quit]
        case .windowResized:
            needsRedraw = true
            return []
        case .fingerDown:
            lastInputWasTouch = true
            finishForceLayout()
        case .mouseDown, .key:
            lastInputWasTouch = false
            finishForceLayout()
        default:
            break
        }
        if dialog != nil { return handleDialog(event) }
        if let consumed = handleChrome(event) { return consumed }
        switch event {
        case .key(let name, let modifiers):
            swallowTextUntil = nil
            let requests = handleKey(name, modifiers: modifiers)
            return requests
        case .text(let text):
            if let until = swallowTextUntil, time <= until {
                swallowTextUntil = nil
                return []
            }
            return handleText(text)
        case .textEditing(let text, let cursor):
            handleComposition(text, cursor: cursor)
            return []
        default:
            recognizer.mode = mode
            recognizer.nodesMovable = !isReadOnly
            let intents = recognizer.handle(event, at: time, document: document, camera: view.camera, selection: selection)
            return intents.flatMap { apply($0) }
        }
    }

    /// Lets time-based gestures fire and timed banners go; call each loop turn.
    public mutating func tick(at time: Double) -> [Request] {
        now = time
        defer { refreshPanels() }
        if let expiry = banner?.expiresAt, time >= expiry { show(nil) }
        tickKiosk(at: time)
        let requests = recognizer.tick(at: time).flatMap { apply($0) }
        return permitted(requests)
    }

    /// Advances tweens and glides by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        view.step(bySeconds: dt)
        nodeAnimator.step(bySeconds: dt)
        if forceRun != nil { stepForceLayout(bySeconds: dt) }
    }

    // MARK: - Intents

    /// Carries out one intent. Public so tests can drive the workspace intent by intent.
    public mutating func apply(_ intent: Intent) -> [Request] {
        needsRedraw = true
        if isReadOnly {
            // why: the recognizer starts none of these in a read-only map; this is the backstop.
            switch intent {
            case .moveNodes, .commitMove, .link, .linkPreview: return []
            case .edit, .surfaceDoubleTap:
                _ = refusesChange()
                return []
            default: break
            }
        }
        switch intent {
        case .select(let id, let toggle):
            if editing?.node == id && !toggle { return [] }
            commitEditing()
            if toggle {
                var next = selection
                if next.contains(id) { next.remove(id) } else { next.insert(id) }
                select(next, focus: next.contains(id) ? id : nil)
            } else {
                select([id])
            }
        case .clearSelection:
            commitEditing()
            select([])
        case .moveNodes(let ids, let positions):
            // Dragging ends an edit: its text (and growth) is one step, the drag the next.
            commitEditing()
            for (id, position) in zip(ids, positions) {
                nodeAnimator.stop(id)
                document.move(id, to: position)
            }
        case .commitMove(let ids, let from, let to):
            let move = Command.move(ids: ids, from: from, to: to)
            if document.layoutMode == .tree {
                // A node put somewhere by hand stays there: the map stops laying itself out.
                let free = Command.setLayoutMode(from: .tree, to: .free)
                perform(free)
                undoStack.record(.batch([move, free]))
                toast("Free layout: nodes stay where you put them (Tidy lays the map out again)")
            } else {
                undoStack.record(move)
            }
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
            beginEditing(id)
        case .surfaceDoubleTap(let mapPoint):
            createFreeNode(at: mapPoint)
        case .context(let node, let position):
            return [.contextMenu(node: node, position: position)]
        case .toggleFold(let id):
            commitEditing()
            toggleFold([id])
        case .selectEdge(let id):
            commitEditing()
            selection = []
            focus = nil
            selectedEdge = id
        case .linkPreview(let from, let to):
            linkPreview = LinkPreview(from: from, to: to)
        case .link(let from, let to):
            linkPreview = nil
            commitEditing()
            link(from, to)
        case .cancelLink:
            linkPreview = nil
        case .bandPreview(let rect, _):
            band = rect
        case .selectInRect(let rect, let additive):
            band = nil
            commitEditing()
            var picked = additive ? selection : []
            document.forEachNode(in: rect) { picked.insert(document.nodes[$0].id) }
            select(picked, focus: focus.flatMap { picked.contains($0) ? $0 : nil })
        case .cancelBand:
            band = nil
        }
        return []
    }

    // MARK: - Selection

    /// Selects nodes (clearing any selected edge); `focus` defaults to one of them.
    mutating func select(_ ids: Set<NodeID>, focus newFocus: NodeID? = nil) {
        selection = ids
        selectedEdge = nil
        if let newFocus, ids.contains(newFocus) {
            focus = newFocus
        } else if let current = focus, ids.contains(current) {
            focus = current
        } else {
            focus = ids.count == 1 ? ids.first : ids.max()
        }
        needsRedraw = true
    }

    /// Drops from the selection what no longer exists or is hidden in a fold.
    mutating func pruneSelection() {
        let kept = selection.filter { document.contains($0) && !document.isHidden($0) }
        if kept != selection { select(kept, focus: focus) }
        if let edge = selectedEdge, let index = document.edges.firstIndex(where: { $0.id == edge }) {
            if document.isHidden(edgeAt: index) { selectedEdge = nil }
        } else {
            selectedEdge = nil
        }
        if let focus, !selection.contains(focus) { self.focus = selection.max() }
        if let session = editing, !document.contains(session.node) || document.isHidden(session.node) { editing = nil }
    }

    // MARK: - Drawing

    /// The camera and node positions to draw, `alpha` of the way between the last two steps.
    public func frame(interpolatedBy alpha: Double) -> (camera: Camera, drawnPositions: DrawnPositions) {
        (view.camera(interpolatedBy: alpha), nodeAnimator.drawnPositions(interpolatedBy: alpha))
    }

    /// What the scene draws besides the map itself: the editor, highlights, the link being drawn.
    public var sceneExtras: SceneExtras {
        var extras = SceneExtras()
        if let editing, let node = document.node(editing.node) {
            extras.editing = (editing.node, TextEditLayout(editor: editing.editor, sizing: sizing, style: node.style))
        }
        extras.selectedEdge = selectedEdge
        if let search, !search.query.isEmpty {
            extras.highlighted = Set(search.matches)
            extras.currentMatch = search.current.flatMap { search.matches.indices.contains($0) ? search.matches[$0] : nil }
        }
        if let linkPreview { extras.linkPreview = (linkPreview.from, linkPreview.to) }
        extras.band = band
        return extras
    }

    /// The toolbar, search bar and outline rows as they stand.
    public var chrome: Chrome {
        var chrome = Chrome()
        chrome.targetPixels = targetPixels
        chrome.labelWidths = labelWidths
        let hasSelection = !selection.isEmpty || selectedEdge != nil
        chrome.toolbar = ToolbarItem.allCases.filter { !isReadOnly || Self.readOnlyToolbar.contains($0) }.map { item in
            switch item {
            case .link: return ToolbarButton(item: item, isOn: mode == .link)
            case .select: return ToolbarButton(item: item, isOn: mode == .select)
            case .delete: return ToolbarButton(item: item, isEnabled: hasSelection)
            case .undo: return ToolbarButton(item: item, isEnabled: undoStack.canUndo || editing?.editor.canUndo == true)
            case .redo: return ToolbarButton(item: item, isEnabled: undoStack.canRedo)
            case .outline: return ToolbarButton(item: item, isOn: outline != nil)
            case .search: return ToolbarButton(item: item, isOn: search != nil)
            case .tidy: return ToolbarButton(item: item, isOn: document.layoutMode == .tree)
            case .style: return ToolbarButton(item: item, isOn: styleOpen)
            case .new, .fit: return ToolbarButton(item: item)
            }
        }
        chrome.search = search
        if minimapOpen {
            chrome.minimapOpen = true
            // The map alone: if the view were part of it, a drag on the minimap would move what it
            // shows under the finger.
            chrome.minimapWorld = document.bounds.outset(by: 40)
            chrome.minimapView = view.camera.visibleMapRect(viewportSize: viewportSize)
        }
        if styleOpen {
            chrome.styleOpen = true
            chrome.styleEnabled = !selection.isEmpty
            let styles = selection.compactMap { document.node($0)?.style }
            chrome.styleCurrent = styles.first.flatMap { first in styles.allSatisfy { $0 == first } ? first : nil }
        }
        if let outline {
            let rows = outline.rows
            let first = max(0, Int(outline.scroll / targetPixels))
            let last = min(rows.count, first + Int(viewportSize.y / targetPixels) + 2)
            chrome.outlineScroll = outline.scroll
            chrome.outlineRowCount = rows.count
            chrome.outlineRows = first < last ? (first..<last).compactMap { number in
                let row = rows[number]
                guard let node = document.node(row.id) else { return nil }
                let firstLine = node.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
                return Chrome.VisibleRow(id: row.id, depth: row.depth, text: firstLine.isEmpty ? "—" : firstLine,
                                         hasChildren: document.hasChildren(row.id), isFolded: node.folded,
                                         isSelected: selection.contains(row.id), number: number)
            } : []
        }
        return chrome
    }
}

/// What the scene draws over and around the nodes: the node being edited (its lines, caret,
/// selection and composition), search highlights, the selected edge, a link being drawn and a
/// selection rectangle.
public struct SceneExtras {
    public var editing: (node: NodeID, layout: TextEditLayout)?
    public var selectedEdge: EdgeID?
    public var highlighted: Set<NodeID> = []
    public var currentMatch: NodeID?
    /// From a node to a map point.
    public var linkPreview: (from: NodeID, to: Vec2)?
    public var band: Rect?

    public init() {}
}
