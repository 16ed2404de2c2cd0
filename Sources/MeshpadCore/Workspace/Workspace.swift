/// A document and everything a person is doing to it: selection, view, gestures, editing, undo.
///
/// The app's whole interactive state, in the core: the platform feeds it `InputEvent`s with
/// their time, steps it at the fixed rate, and draws what it says. Nothing here knows about
/// SDL, so a replay, a soak test or a unit test drives exactly what a user drives.
///
/// It is composed of values that each own their part: the `Document` and its `History` (every
/// change a transaction), the `Selection`, the text being edited, the `ViewState` (camera and
/// node glides), the `Panels`, the `Lockdown`, the routing of input (`InputState`) and the
/// `Measures` the platform sets. The workspace routes between them: an event goes to the
/// dialog, the chrome, the keys or the gesture recognizer; keys and buttons become `Action`s
/// and gestures `Intent`s; both change the map only through transactions.
///
/// Not `Sendable`: it holds the text measurer (the platform's font), which lives on the main
/// thread like the rest of the app. The document it holds is a value and can be handed to
/// other threads (autosave) on its own.
public struct Workspace {
    /// What only the app can do: things outside the map.
    public enum Request: Equatable, Sendable {
        case quit
        case toggleHUD
        /// Start a new map (the app's file flow asks about unsaved changes first).
        case newMap
        /// Save to the map's file (the app asks for a path if it has none).
        case save
        /// The app fills in the recent files and presents the dialog.
        case showSaveAs
        case showOpen
        /// Ask where to export the map to, then write it in this format.
        case export(ExportFormat)
        /// Draw with this theme from now on (the workspace measures again once it has).
        case setTheme(String)
        /// The theme or the keyboard setting was chosen: the app keeps the choice for next time.
        case rememberChoices
        /// Open a web address or file in the desktop's program for it (`xdg-open`), asked first.
        case openExternally(String)
        /// A dialog button, key or recent file was chosen; `field` is the typed path.
        case dialogAction(Dialog.Kind, Dialog.Action, field: String)
        case bannerAction(Banner.Action)
        /// Put this text on the system clipboard (copy, cut).
        case setClipboard(String)
        /// Read the system clipboard and hand its text to `paste(_:)`.
        case readClipboard
        /// The kiosk's PIN was entered: leave (after the last autosave).
        case exitKiosk
        /// Ask the database for its shared maps and hand them to `showSharedMaps`.
        case listSharedMaps
        /// Open this shared map in place of the current one (the file flow asks about unsaved changes first).
        case openShared(String)
        /// Ask the system for its printers and hand them to `showPrintDialog`.
        case listPrinters
        /// Print the map as a PDF with `panels.pdfOptions` to this printer.
        case print(printer: String)
        /// Open this sheet (0-based) of a file holding several maps.
        case openSheet(path: String, sheet: Int)
    }

    /// A node's text being edited in place. Its changes go into the open `.textEdit`
    /// transaction, so Escape rolls them back and Return commits them as one step.
    public struct EditSession: Equatable, Sendable {
        public var node: NodeID
        public var editor: TextEditor
        /// The text before editing began.
        public var original: String
        /// Where the node was when editing began: back at its original text, it goes back there.
        public var originalPosition: Vec2
        /// The x of the node's edge that faces its parent: it stays put as the text grows or
        /// shrinks, so a child never grows back over its parent (nil for the root and free nodes,
        /// which grow about their centre).
        public var anchorX: Double?
        /// The view before editing began (and brought the node into view): where the view goes
        /// back to when the on-screen keyboard closes.
        public var cameraBefore: Camera?
    }

    /// The rubber-band line of a link being drawn.
    public struct LinkPreview: Equatable, Sendable {
        public var from: NodeID
        /// Map point under the finger.
        public var to: Vec2
    }

    public internal(set) var document: Document
    /// Every change as a transaction: what can be undone and redone, and the one open now.
    public internal(set) var history = History()
    public internal(set) var selection: Selection
    public internal(set) var editing: EditSession?
    /// The force layout animating, if any (its moves go into the open `.layout` transaction).
    var runningLayout: ForceLayout?
    /// The camera, its tweens, and nodes gliding into place.
    public internal(set) var view: ViewState
    public internal(set) var panels = Panels()
    public var lockdown = Lockdown()
    /// Where the file browser's Home leads and how far up it goes (the platform may narrow it).
    public var places = FilePlaces()
    /// The app knows a database of shared maps: the Open dialog's browser offers them.
    public var offersSharedMaps = false
    /// The filters saved by name (the person's, kept with their choices, not in the map).
    public var savedFilters: [SavedFilter] = []
    public internal(set) var input: InputState
    public var measures: Measures
    /// Set by anything that changes what is drawn; the loop clears it after drawing.
    public var needsRedraw = true
    /// A shared map's session: this screen's operations the server has not ordered yet. Nil for
    /// a map of one's own. See `Workspace+Sharing`.
    public internal(set) var shared: SyncEngine?
    /// The other screens' people on a shared map, and when to tell them where this one works.
    public internal(set) var presence = PresenceBoard()

    public init(document: Document, viewportSize: Vec2, camera: Camera? = nil,
                settings: GestureSettings = GestureSettings(),
                sizing: NodeSizing = NodeSizing(measurer: FixedAdvanceMeasurer()),
                zoomClamp: ClosedRange<Double> = Camera.defaultZoomLimits) {
        self.document = document
        measures = Measures(viewportSize: viewportSize, sizing: sizing, zoomClamp: zoomClamp)
        selection = Selection(nodes: [document.rootID], focus: document.rootID)
        view = ViewState(camera: camera ?? Self.openingCamera(for: document, viewportSize: viewportSize, clamp: zoomClamp))
        input = InputState(recognizer: GestureRecognizer(settings: settings))
        measureLabels()
    }

    /// Where a map opens: where it was looked at when saved; else, if it fits the window at 100 %,
    /// all of it; else its root in the middle at 100 %, as Freeplane opens a map — a big map
    /// fitted whole is a column of specks nobody can read.
    public static func openingCamera(for document: Document, viewportSize: Vec2,
                                     clamp: ClosedRange<Double> = Camera.defaultZoomLimits) -> Camera {
        let limits = zoomLimits(for: document, viewportSize: viewportSize, clamp: clamp)
        if let saved = document.savedView {
            var camera = Camera(zoom: saved.zoom, zoomLimits: limits)
            camera.place(mapPoint: saved.center, atScreen: viewportSize / 2)
            return camera
        }
        var camera = Camera(zoomLimits: limits)
        camera.frame(document.bounds, viewportSize: viewportSize)
        if camera.zoom < 1, let root = document.node(document.rootID) {
            camera = Camera(zoom: 1, zoomLimits: limits)
            camera.place(mapPoint: root.position, atScreen: viewportSize / 2)
        }
        return camera
    }

    /// The map as a file should keep it: with the view it is looked at now.
    public var documentForSaving: Document {
        var saved = document
        // why: folds opened only to show a search hit are a view; the file keeps them closed.
        if let open = history.open, open.purpose == .reveal { open.transaction.undo(on: &saved, sizing: measures.sizing) }
        let camera = view.camera
        saved.savedView = SavedView(center: camera.mapPoint(ofScreen: measures.viewportSize / 2), zoom: camera.zoom)
        return saved
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

    /// True while anything moves by itself: the loop must keep stepping and drawing.
    public var isAnimating: Bool {
        view.isAnimating || runningLayout != nil || keyboardIsSliding || panels.dialog?.browser?.fling != nil
    }

    /// When the loop must wake up even without events (a pending long press, a banner to hide,
    /// a view held back from followers for a moment).
    public var nextDeadline: Double? {
        [input.recognizer.nextDeadline, panels.banner?.expiresAt, cornerDeadline, keyboardDeadline, panels.presenting?.advancesAt,
         presence.heldUntil].compactMap { $0 }.min()
    }

    /// Where the chrome, menus, banner and dialog are drawn and tapped.
    public var overlayLayout: OverlayLayout { overlayLayout(of: chrome) }

    /// The layout of `chrome` (built once a frame), with the part held down drawn pressed.
    public func overlayLayout(of chrome: Chrome) -> OverlayLayout {
        var layout = OverlayLayout(banner: panels.banner.map(fittingBanner), dialog: panels.dialog.map { fittingMessage(fittingNote(fittingBrowserPath($0))) },
                                   chrome: chrome,
                                   viewportSize: measures.viewportSize)
        layout.press(panels.pointer.pressedPart)
        return layout
    }

    /// The banner with its message broken into lines that fit beside its buttons (three at most:
    /// the rest is cut), so a long warning is read whole, not cut off mid-sentence.
    func fittingBanner(_ banner: Banner) -> Banner {
        let width = OverlayLayout.bannerTextWidth(banner, viewportSize: measures.viewportSize)
        let measurer = measures.sizing.measurer(for: NodeStyle())
        let lines = LineBreaker(maxWidth: width).lines(of: banner.message, measuredBy: measurer)
        guard lines.count > 1 else { return banner }
        var fitted = banner
        // A wrapped line keeps the space it broke at; a banner's lines do not need it.
        fitted.message = lines.prefix(3).map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        return fitted
    }

    /// True while something wants typed text: the platform turns on text input (and with it
    /// the input method and any on-screen keyboard). A selected node wants it too, so typing
    /// starts editing it, but only after mouse or keyboard use: a finger's tap selecting a node
    /// must not raise an on-screen keyboard over the map.
    public var wantsTextInput: Bool {
        if let dialog = panels.dialog {
            // why: a finger looking for a map to open needs no keyboard over the list; keys can still type a path.
            if let browser = dialog.browser, browser.newFolder == nil, !browser.purpose.takesName {
                return !input.lastInputWasTouch || !dialog.field.isEmpty
            }
            return dialog.hasField
        }
        if editing != nil || panels.search != nil { return true }
        if panels.presenting != nil { return false }
        // why: on a read-only map too, so typing on a selected node is told why it does nothing.
        return !input.lastInputWasTouch && selection.focus != nil
    }

    /// Where typed text appears, in window pixels: the caret of the node being edited, or the
    /// focused field. Input methods put their candidate window beside it.
    public var textInputRect: Rect? {
        if let dialog = panels.dialog, dialog.hasField { return overlayLayout.rect(of: .field) }
        if let editing, let node = document.node(editing.node) {
            let layout = TextEditLayout(editor: editing.editor, sizing: measures.sizing, style: measures.sizing.metrics.textStyle(of: node), central: node.isCentral)
            let camera = view.camera
            let topLeft = camera.screenPoint(ofMap: node.position + layout.caret.origin)
            return Rect(x: topLeft.x, y: topLeft.y, width: max(layout.caret.width * camera.zoom, 1), height: layout.caret.height * camera.zoom)
        }
        if panels.search != nil { return overlayLayout.rect(of: .searchField) }
        return nil
    }

    /// "Link from here" stops waiting (a link was made, or it was cancelled), and its banner goes.
    /// The link tool teaches itself: what to do next, until it is put away.
    mutating func showLinkModeHint() {
        show(Banner(message: "Tap the node to link from, then the node to link to — or drag from one to the other",
                    actions: [.cancelLink]))
    }

    mutating func endLinkFromHere() {
        input.linkSource = nil
        if panels.banner?.actions == [.cancelLink] { show(nil) }
    }

    /// Names the map in the chrome (nil: no name shown); drawn again only when it changes.
    public mutating func showMapName(_ name: String?) {
        guard panels.mapName != name else { return }
        panels.mapName = name
        needsRedraw = true
    }

    public mutating func show(_ banner: Banner?) {
        panels.banner = banner
        panels.pointer = .idle
        needsRedraw = true
    }

    /// A short message that goes away by itself.
    mutating func toast(_ message: String) {
        show(Banner(message: message, actions: [.dismiss], expiresAt: input.now + 2.5))
    }

    public mutating func present(_ dialog: Dialog?) {
        if dialog != nil && panels.dialog == nil {
            // why: the dialog takes every event from now on, so the canvas would never hear the
            // pointers lift; what they were doing ends here (a drag so far is one undo step).
            closeOpenTransaction()
            input.recognizer.cancelAll()
            input.linkPreview = nil
            input.band = nil
        }
        panels.dialog = dialog.map { withBrowser($0) }
        panels.pointer = .idle
        needsRedraw = true
        // The keyboard comes (or goes) with the dialog's field, not at the next touch, which
        // would find the dialog moved up under the finger.
        refreshKeyboard()
    }

    /// Re-derives node sizes with a new measurer, e.g. once the platform's font is loaded.
    public mutating func measureAll(with sizing: NodeSizing) {
        measures.sizing = sizing
        document.measureAll(with: sizing)
        measureLabels()
        needsRedraw = true
    }

    private mutating func measureLabels() {
        for action in Action.all where action.spec.onToolbar {
            measures.labelWidths[action] = measures.sizing.measurer.width(of: action.toolbarTitle[...])
        }
        measures.appMenuWidth = measures.sizing.measurer.width(of: Self.appMenuTitle[...]) + 24
    }

    /// The words on the app menu's button.
    public static let appMenuTitle = "☰ Menu"

    /// Replaces the map (a file was opened, a recovery discarded): new selection, view and history.
    public mutating func replaceDocument(_ newDocument: Document) {
        document = newDocument
        // why: another map is not the shared one; its edits must never reach that map's log.
        shared = nil
        presence = PresenceBoard()
        // why: another map has other slides; a presentation of this one ends with it.
        panels.presenting = nil
        panels.followedSlide = nil
        panels.following = nil
        selection = Selection(nodes: [newDocument.rootID], focus: newDocument.rootID)
        editing = nil
        runningLayout = nil
        input.linkPreview = nil
        input.band = nil
        endLinkFromHere()
        panels.menu = nil
        history = History()
        input.recognizer = GestureRecognizer(settings: input.recognizer.settings)
        view = ViewState(camera: Self.openingCamera(for: newDocument, viewportSize: measures.viewportSize, clamp: measures.zoomClamp))
        if panels.search != nil { panels.search = SearchState() }
        // A focus and a chosen presentation were the other map's.
        panels.focus = nil
        panels.chosenPresentation = 0
        if panels.slideList != nil { panels.slideList = SlideListState() }
        refreshPanels()
        needsRedraw = true
    }

    // MARK: - Input

    /// The finger a touch panel's pointer stands for (`PointerKind.touch`); SDL's finger ids
    /// are never negative.
    static let pointerFingerID: Int64 = -2

    /// Follows the mouse pointer, to tell a touch panel's from a mouse (`PointerKind`): a press
    /// that follows a jump of the pointer, with no hovering, is a touch panel's; a press with no
    /// motion at all since the last (a double click) is what the last one was. With
    /// `PointerKind.touch` the left button's press, drag and release come out as a finger's.
    /// The node under a hovering mouse: a touch panel's pointer (which jumps, and never hovers)
    /// lights nothing. A change asks for a frame.
    mutating func noteHover(at position: Vec2) {
        let hovering = measures.pointer != .touch && input.hoverMoves > 3 && input.lastHoverStep < 24
        let under = hovering ? document.topmostNode(at: view.camera.mapPoint(ofScreen: position)) : nil
        guard under != input.hovered else { return }
        input.hovered = under
        needsRedraw = true
    }

    mutating func notePointer(_ event: InputEvent) -> InputEvent {
        switch event {
        case .mouseMove(let position, _):
            defer { input.mousePosition = position }
            guard !input.mouseIsDown else { break }
            input.lastHoverStep = input.mousePosition.map { $0.distance(to: position) } ?? .infinity
            input.hoverMoves += 1
            noteHover(at: position)
        case .mouseDown(let button, let position, _, _):
            // why: a touch panel's pointer arrives in a jump (X may add the pointer's entry into the
            // window before it); a mouse glides there in many small steps. No motion at all (the
            // second press of a double tap) is what the press before it was.
            if input.hoverMoves > 0 {
                input.pressLooksLikeTouch = input.hoverMoves <= 3 && input.lastHoverStep >= 24
            }
            input.hoverMoves = 0
            input.mousePosition = position
            input.mouseIsDown = true
            if measures.pointer == .touch, button == .left { return .fingerDown(id: Self.pointerFingerID, position: position) }
        case .mouseUp(let button, let position, _):
            input.hoverMoves = 0
            input.mousePosition = position
            input.mouseIsDown = false
            if measures.pointer == .touch, button == .left { return .fingerUp(id: Self.pointerFingerID, position: position) }
        default:
            break
        }
        if measures.pointer == .touch, input.mouseIsDown, case .mouseMove(let position, _) = event {
            return .fingerMove(id: Self.pointerFingerID, position: position)
        }
        return event
    }

    /// Handles one event that happened at `time` (seconds, the loop's clock).
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Request] {
        input.now = time
        defer { refreshPanels() }
        let event = notePointer(event)
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
        case .fingerDown(_, let position):
            input.lastInputWasTouch = true
            input.pressPoint = position
            finishForceLayout()
        case .mouseDown(_, let position, _, _):
            // A touch panel's pointer (told in `notePointer`) is a finger to the chrome and the keyboard.
            input.lastInputWasTouch = measures.pointer == .auto && input.pressLooksLikeTouch
            input.pressPoint = position
            finishForceLayout()
        case .key:
            input.lastInputWasTouch = false
            finishForceLayout()
            // Typing on a hardware keyboard sends the on-screen one away.
            hardwareKeyPressed()
        case .text, .textEditing(text: _, cursor: _):
            // why: an input method's text can come with no key event of its own (a compositor's
            // on-screen keyboard through text-input, a composition committed).
            if case .textEditing(let composed, _) = event, composed.isEmpty { break }
            hardwareKeyPressed()
        default:
            break
        }
        if let pointerEvent = ChromePointerEvent(event) {
            if let consumed = handleChromePointer(pointerEvent) { return consumed }
        } else {
            if panels.dialog != nil { return handleDialog(event) }
            if let consumed = handleChromeWheel(event) { return consumed }
        }
        noteOwnInputWhileFollowing(event)
        switch event {
        case .key(let key, let modifiers):
            input.swallowTextUntil = nil
            return handleKey(key, modifiers: modifiers)
        case .text(let text):
            if let until = input.swallowTextUntil, time <= until {
                input.swallowTextUntil = nil
                return []
            }
            return handleText(text)
        case .textEditing(let text, let cursor):
            handleComposition(text, cursor: cursor)
            return []
        default:
            let presenting = panels.presenting != nil
            if presenting, case .wheel = event { return [] }
            input.recognizer.mode = presenting ? .normal : input.mode
            input.recognizer.nodesMovable = !lockdown.isReadOnly && !presenting
            let intents = input.recognizer.handle(event, at: time, document: document, camera: view.camera, selection: selection.nodes)
            let requests = intents.flatMap { applyCanvas($0) }
            if presenting {
                switch event {
                case .fingerUp, .mouseUp: finishPresentingGesture()
                default: break
                }
            }
            return requests
        }
    }

    /// Lets time-based gestures fire and timed banners go; call each loop turn.
    public mutating func tick(at time: Double) -> [Request] {
        input.now = time
        defer { refreshPanels() }
        if let expiry = panels.banner?.expiresAt, time >= expiry { show(nil) }
        // why: not a deadline of its own; the idle loop wakes every second anyway, soon enough for a ring.
        if presence.forgetStale(at: time) { needsRedraw = true }
        tickFollowing(at: time)
        tickKiosk(at: time)
        var requests = tickKeyboard(at: time)
        tickPresentation(at: time)
        requests += input.recognizer.tick(at: time).flatMap { applyCanvas($0) }
        return permitted(requests)
    }

    /// What a canvas gesture means: while a presentation plays, a step, a jump or the presenter's
    /// menu (`applyPresenting`); otherwise what it does to the map (`apply`).
    mutating func applyCanvas(_ intent: Intent) -> [Request] {
        panels.presenting != nil ? applyPresenting(intent) : apply(intent)
    }

    /// Advances tweens and glides by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        let wasAnimating = isAnimating
        view.step(bySeconds: dt)
        if panels.keyboard != nil { stepKeyboard(bySeconds: dt) }
        stepBrowser(bySeconds: dt)
        if runningLayout != nil { stepForceLayout(bySeconds: dt) }
        // why: a frame drawn during the last step is interpolated between the last two steps, so
        // it shows glides and flights a few pixels short of their end; the step that finishes
        // them must be followed by one frame at rest, or a screen nobody touches (a wall showing
        // other people's changes) keeps that frame.
        if wasAnimating && !isAnimating { needsRedraw = true }
    }

    /// Drops what a kiosk or a read-only map must not do from what the app is asked for.
    func permitted(_ requests: [Request]) -> [Request] {
        requests.filter { lockdown.permits($0) }
    }

    // MARK: - Selection

    /// Selects nodes (clearing any selected edge); `focus` defaults to one of them.
    mutating func select(_ ids: Set<NodeID>, focus newFocus: NodeID? = nil) {
        selection.select(ids, focus: newFocus)
        needsRedraw = true
    }

    /// Drops from the selection what no longer exists or is hidden in a fold, and ends an edit
    /// of a node that went.
    mutating func pruneSelection() {
        selection.prune(in: document)
        if let session = editing, !document.contains(session.node) || document.isHidden(session.node) { editing = nil }
    }

    // MARK: - Drawing

    /// The camera and node positions to draw, `alpha` of the way between the last two steps.
    public func frame(interpolatedBy alpha: Double) -> (camera: Camera, drawnPositions: DrawnPositions) {
        (view.camera(interpolatedBy: alpha), view.glides.drawnPositions(interpolatedBy: alpha))
    }

    /// What the scene draws besides the map itself: the editor, highlights, the link being drawn.
    public var sceneExtras: SceneExtras {
        var extras = SceneExtras()
        if let editing, let node = document.node(editing.node) {
            extras.editing = (editing.node, TextEditLayout(editor: editing.editor, sizing: measures.sizing, style: measures.sizing.metrics.textStyle(of: node), central: node.isCentral))
        }
        extras.selectedEdge = selection.edge
        extras.hovered = input.mouseIsDown ? nil : input.hovered
        if let search = panels.search, !search.query.isEmpty {
            extras.highlighted = Set(search.matches)
            extras.currentMatch = search.current.flatMap { search.matches.indices.contains($0) ? search.matches[$0] : nil }
        }
        if let linkPreview = input.linkPreview { extras.linkPreview = (linkPreview.from, linkPreview.to) }
        extras.band = input.band
        extras.dropTarget = input.dropTarget
        let boldMeasurer = measures.sizing.measurer.styled(bold: true, italic: false)
        func shown(_ id: NodeID?) -> NodeID? { id.flatMap { document.contains($0) && !document.isHidden($0) ? $0 : nil } }
        extras.presence = presence.present.compactMap { person in
            guard person.node != nil, let node = shown(person.node) ?? shown(person.near) else { return nil }
            return SceneExtras.PresenceMark(node: node, name: person.name, color: Presence.color(forClient: person.client),
                                            nameWidth: boldMeasurer.width(of: person.name[...]))
        }
        extras.picturesResizable = !lockdown.isReadOnly
        if panels.filter.isActive, let result = panels.filter.result, panels.filter.resultKey == document.contentKey {
            extras.filter = result
            extras.filterDims = !panels.filter.hides
        }
        extras.focusShown = focusShownForScene
        if let progress = panels.taskProgress, !progress.counts.isEmpty { extras.taskProgress = progress }
        extras.today = today
        return extras
    }
}

/// What the scene draws over and around the nodes: the node being edited (its lines, caret,
/// selection and composition), search highlights, the selected edge, a link being drawn, a
/// selection rectangle and the selected pictures' resize handles.
public struct SceneExtras {
    public var editing: (node: NodeID, layout: TextEditLayout)?
    public var selectedEdge: EdgeID?
    public var highlighted: Set<NodeID> = []
    public var currentMatch: NodeID?
    /// From a node to a map point.
    public var linkPreview: (from: NodeID, to: Vec2)?
    public var band: Rect?
    /// The node a drag would drop its nodes into, ringed.
    public var dropTarget: NodeID?
    /// Other screens' people on the nodes they are editing or dragging (a shared map).
    public var presence: [PresenceMark] = []
    /// The node under a hovering mouse, lit faintly.
    public var hovered: NodeID?

    /// A ring in a person's colour around a node, with their name.
    public struct PresenceMark: Equatable, Sendable {
        public var node: NodeID
        public var name: String
        public var color: RGBA
        /// The name's width in bold at the theme's font size (map units at 100 %), to size its tag.
        public var nameWidth: Double
    }

    /// Selected nodes' pictures show their resize handles (not in a read-only map).
    public var picturesResizable = false
    /// The filter in force: which nodes it shows (the rest hidden, or faint when `filterDims`).
    public var filter: FilterResult?
    public var filterDims = false
    /// By node index, what a focus on a branch shows; the rest is not drawn (nil: it hides nothing).
    public var focusShown: [Bool]?
    /// Each parent's task count ("3/5"), drawn beside it.
    public var taskProgress: TaskProgress?
    /// Due days before it show as overdue.
    public var today: CalendarDay?

    public init() {}
}
