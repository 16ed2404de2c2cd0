import CSDL2
import Foundation
import MeshpadCore

/// The interactive app: one window, one `Workspace`, and the fixed-timestep loop that drives them.
///
/// Each turn of the loop drains SDL's events (translated to `InputEvent`s and handed to the
/// workspace with their time), lets timed gestures fire, advances the simulation in fixed
/// steps (`FixedStepClock`, 1/120 s), and draws interpolated between the last two steps. When
/// nothing moves and no event arrives, it blocks in `SDL_WaitEventTimeout` (waking for a
/// pending long press only) and draws nothing, so an idle tablet uses no CPU.
@MainActor
public final class App {
    public struct Options {
        public var windowSize: PixelSize
        public var title: String
        public var theme: Theme
        /// Everything drawn this many times bigger (`--scale`), on top of the display's HiDPI scale.
        public var uiScale: Double = 1
        /// Skip the accelerated renderer (tests, replays; machines with broken GL drivers).
        public var preferSoftware: Bool
        public var hidden: Bool
        /// Where to record every input event as a replay script, if anywhere.
        public var recordPath: String?
        /// Where unsaved work is autosaved and found after a crash; nil turns both off (tests, replays).
        public var recovery: RecoveryStore?
        /// The recent-files list; nil keeps none.
        public var recentFilesPath: String?
        /// Where the theme and keyboard chosen in the app menu are kept; nil keeps none (tests,
        /// replays, kiosks).
        public var choicesPath: String?
        /// `--read-only`: view, pan, zoom, fold and search; nothing can be changed or saved.
        public var readOnly = false
        /// `--kiosk`: fullscreen, locked, reset when idle.
        public var kiosk: KioskMode?
        /// When the on-screen keyboard comes up.
        public var keyboard = KeyboardMode.auto
        /// Thresholds and zoom clamp from the config file.
        public var gestures = GestureSettings()
        public var zoomClamp = Camera.defaultZoomLimits
        /// `--live`: far views drawn live, not from the overview's tiles.
        public var liveFarViews = false
        /// SIGTERM and SIGINT end the loop after keeping unsaved work for the next start
        /// (`TerminationSignals`); off in tests, whose process keeps its own Ctrl+C.
        public var catchesTerminationSignals = false
        /// A shared map opened with `--db URL --shared NAME`: the app runs its network thread.
        public var sharing: SharedSession?
        /// The database whose shared maps the Open dialog lists (the config's `shared.db`, else
        /// the shared map's own); nil: no Shared button.
        public var sharedDatabase: DatabaseAddress?
        /// The name other screens show on this person's ring (the config's `shared.name`).
        public var personName: String?
        /// Shared maps opened from the Open dialog keep their unsent changes on disk (the app,
        /// not a replay).
        public var keepsSharedJournal = false
        /// Start-up's steps so far (read, SDL), continued by the app and printed with the first
        /// frame when MESHPAD_REPORT_FIRST_FRAME is set.
        public var startup = StartupTimeline()
        /// The fonts the map was measured with as it was read (`MapFile.read(_:sizing:)` with
        /// their `sizing`): the canvas takes them over and only what the read left unmeasured
        /// is measured. Nil: the app opens its fonts and measures the whole map.
        public var labelFonts: LabelFonts?

        public init(windowSize: PixelSize = .defaultWindow, title: String = "Meshpad", theme: Theme = .standard,
                    preferSoftware: Bool = false, hidden: Bool = false, recordPath: String? = nil,
                    recovery: RecoveryStore? = nil, recentFilesPath: String? = nil) {
            self.windowSize = windowSize
            self.title = title
            self.theme = theme
            self.preferSoftware = preferSoftware
            self.hidden = hidden
            self.recordPath = recordPath
            self.recovery = recovery
            self.recentFilesPath = recentFilesPath
        }

        /// The standard places: recovery under `$XDG_DATA_HOME/meshpad/recovery`, recent files
        /// beside it; SIGTERM and SIGINT caught.
        public static func interactive(windowSize: PixelSize, recordPath: String?) -> Options {
            let recovery = RecoveryStore.standard()
            var options = Options(windowSize: windowSize, recordPath: recordPath, recovery: recovery,
                                  recentFilesPath: (recovery.directory as NSString).deletingLastPathComponent + "/recent.json")
            options.catchesTerminationSignals = true
            return options
        }
    }

    public let canvas: Canvas
    public internal(set) var workspace: Workspace
    public private(set) var isHUDVisible = false
    /// Frames drawn since the app started; stays put while idle.
    public private(set) var framesRendered = 0

    /// Where the map lives and what opening, saving and quitting do next (decided in the core).
    var fileFlow: FileFlow
    /// The last frame learned a picture's size: the next one draws it.
    var picturesLearned = false
    var autosave: AutosaveSchedule
    let autosaveWriter = AutosaveWriter()
    let options: Options
    /// The shared map's network thread, if the map shown is shared.
    var sharedLink: SharedMapLink?
    /// The shared map shown and its session; nil for a map of one's own.
    var sharing: SharedSession?
    /// Answers from the database for the Open dialog, filled off the loop.
    let sharedMapsMail = SharedMapsMailbox()
    /// The SDL event that wakes the idle loop when the network has news.
    let wakeEvent: UInt32
    /// The link's status as last shown.
    var sharedStatus = SharedMapLink.Status.connecting
    /// What the journal holds now (how many, the first and last client seq), and the queue that writes it.
    var journaledSeqs: [Int64] = [0, 0, 0]
    let journalQueue = DispatchQueue(label: "meshpad shared-map journal")
    /// The map as it was opened, kept only while a restored recovery of a map with no file can
    /// still be discarded (holding it longer would double the memory of a big map on first edit).
    var launchDocument: Document?
    var kioskState: KioskState?
    private var paintsSinceRelease = 0
    private var textInputActive = SDL_IsTextInputActive() == SDL_TRUE
    private var shownTextInputRect: Rect?
    private var shownTitle = ""

    private var clock = FixedStepClock()
    private let hud: HUD
    private let recorder: Recorder?
    /// SIGTERM or SIGINT, once received; nil when the options do not catch them.
    let termination: TerminationSignals?
    var isRunning = true
    private var frameMilliseconds = 0.0
    /// The last frame's drawing, up to presenting it (with vsync, presenting waits for the display).
    private var renderSeconds = 0.0
    /// `meshpad bench --app` starts the app with MESHPAD_REPORT_FIRST_FRAME set and waits for the
    /// line this prints once the first frame is on the screen: start-up as a person waits for it.
    private let reportsFirstFrame = ProcessInfo.processInfo.environment["MESHPAD_REPORT_FIRST_FRAME"] != nil
    private var lastFrameEnd = 0.0
    private var startup: StartupTimeline
    private var framesPerSecond = 0.0

    /// - Parameters:
    ///   - file: where the map came from; a new `DocumentFile` for a map with no file.
    ///   - warnings: what the import could not bring over, shown in a banner.
    ///
    /// `document` is taken over (`consume` it): a caller that kept its own reference would make
    /// the app's first change copy every node (31 MiB and ~20 ms at 100k nodes).
    public init(document: consuming Document, file: DocumentFile? = nil, warnings: [String] = [],
                options: Options = Options()) throws(PlatformError) {
        let software = options.preferSoftware
            || SDLSession.prefersSoftwareRenderer(environment: ProcessInfo.processInfo.environment, renderNodes: SDLSession.gpuRenderNodes())
        canvas = try Canvas(title: options.title, size: options.windowSize, theme: options.theme,
                            hidden: options.hidden, preferSoftware: software, uiScale: options.uiScale,
                            fullscreen: options.kiosk != nil, labelFonts: options.labelFonts)
        startup = options.startup
        startup.mark("window")
        canvas.usesOverview = !options.liveFarViews
        hud = HUD(renderer: canvas.renderer, font: canvas.hudFont)
        recorder = try options.recordPath.map { path throws(PlatformError) in try Recorder(path: path) }
        termination = options.catchesTerminationSignals ? TerminationSignals() : nil
        var kept = options
        kept.sharing = options.sharing?.withoutTheMapAsOpened
        // why: the canvas holds the fonts it uses; kept here they would outlive a theme change.
        kept.labelFonts = nil
        self.options = kept
        sharing = kept.sharing
        let wakeEvent = SDL_RegisterEvents(1)
        self.wakeEvent = wakeEvent
        sharedLink = options.sharing.map { Self.link(for: $0, wakeEvent: wakeEvent) }
        meshpad_map_large_blocks()
        var prepared = consume document
        canvas.painter.images.folder = file?.path.map { ($0 as NSString).deletingLastPathComponent }
        let picturesLearned = canvas.painter.images.learn(prepared)
        // why: the map was measured as it was read only if with these very fonts and this theme's
        // metrics; then only nodes with a picture (whose size was unknown then) are measured again.
        let canvasFonts = canvas.fonts, metrics = canvas.painter.scene.theme.nodeMetrics
        let measured = options.labelFonts.map { $0.library === canvasFonts && $0.theme.nodeMetrics == metrics } == true
        prepared.prepareForDisplay(with: canvas.sizing, layout: canvas.painter.scene.theme.treeLayout, measured: measured,
                                   picturesLearned: picturesLearned)
        startup.mark(measured ? "lay out" : "measure and lay out")
        meshpad_release_free_memory()
        launchDocument = prepared
        var opened = file ?? DocumentFile(path: nil, format: .native, savedRevision: 0)
        opened.markSaved(prepared)
        fileFlow = FileFlow(file: opened, recent: options.recentFilesPath.map(RecentFiles.load(from:)) ?? RecentFiles(),
                            isReadOnly: options.readOnly, sharedName: options.sharing?.name)
        autosave = AutosaveSchedule(writtenRevision: prepared.revision)
        workspace = Workspace(document: prepared, viewportSize: canvas.viewportSize, settings: options.gestures,
                              sizing: canvas.sizing, zoomClamp: options.zoomClamp)
        workspace.measures.targetPixels = canvas.touchTargetPixels
        workspace.measures.treeLayout = options.theme.treeLayout
        workspace.measures.themeName = options.theme.name
        workspace.measures.keyboardMode = options.keyboard
        workspace.lockdown.isReadOnly = options.readOnly
        workspace.offersSharedMaps = options.sharedDatabase != nil && options.kiosk == nil
        if let kiosk = options.kiosk {
            workspace.lockdown.kiosk = kiosk.lock
            kioskState = KioskState(start: prepared, lastInput: time, session: KioskState.sessionName())
            // why: on X11 this keeps Alt+Tab and the desktop's shortcuts inside the kiosk.
            SDL_SetWindowKeyboardGrab(canvas.window.handle, SDL_TRUE)
        }
        if let path = opened.path, FileManager.default.fileExists(atPath: path), options.kiosk == nil {
            fileFlow.remember(path)
            saveRecentFiles()
        }
        // A kiosk starts every visitor on the map as given; a read-only view has no unsaved work.
        if options.kiosk == nil && !options.readOnly && restoreRecovery(of: opened.path) {
            if opened.path != nil { launchDocument = nil }
        } else {
            launchDocument = nil
            if !warnings.isEmpty {
                workspace.show(Banner(message: warnings.joined(separator: "; "), expiresAt: time + FileFlow.warningSeconds))
            }
        }
        if let sharing = options.sharing, let sharedLink {
            beginSharing(sharing, on: sharedLink)
        }
        updateTitle()
        startup.mark("app")
    }

    /// The loop's clock for gestures, in seconds since SDL started: the same base as SDL's event
    /// timestamps, so an event is handled at the time it happened, not when the loop got to it.
    var time: Double { Double(SDL_GetTicks64()) / 1000 }

    /// When an SDL event happened, on `time`'s clock.
    ///
    /// SDL2 stamps events with 32-bit milliseconds, which wrap after 49.7 days (a kiosk runs
    /// longer); the age relative to now survives the wrap.
    static func eventTime(_ event: SDL_Event) -> Double {
        let now = SDL_GetTicks64()
        let age = UInt64(UInt32(truncatingIfNeeded: now) &- event.common.timestamp)
        return Double(age <= now ? now - age : now) / 1000
    }

    /// Runs until the user quits, or for at most `seconds` of wall time (tests, benchmarks).
    public func run(forSeconds seconds: Double? = nil) {
        // why: unsent shared-map changes must be on disk before the process ends.
        defer {
            keepOfflineCopy()
            flushJournal()
        }
        let start = Self.now()
        var last = start
        var event = SDL_Event()
        isRunning = true
        while isRunning {
            let now = Self.now()
            if let seconds, now - start >= seconds { break }
            if !workspace.needsRedraw && !workspace.isAnimating {
                releaseMemoryAfterActivity()
                // why: a timeout rather than SDL_WaitEvent so a pending long press and a
                // time-limited run can still end; one wake-up a second is no measurable load.
                var timeout = 1.0
                if let seconds { timeout = min(timeout, seconds - (now - start)) }
                if let deadline = [workspace.nextDeadline, autosave.deadline, kioskDeadline].compactMap({ $0 }).min() {
                    timeout = min(timeout, deadline - time)
                }
                if SDL_WaitEventTimeout(&event, Int32((max(timeout, 0) * 1000).rounded(.up))) != 0 {
                    dispatch(event, at: Self.eventTime(event))
                }
                last = Self.now()
                clock.reset()
            }
            drainEvents()
            if let signal = termination?.received {
                quitOnSignal(signal)
                break
            }
            requests(workspace.tick(at: time))
            serviceKiosk(at: time)
            serviceFiles(at: time)
            serviceSharing()
            let stepStart = Self.now()
            let steps = clock.advance(bySeconds: stepStart - last)
            last = stepStart
            for _ in 0..<steps {
                workspace.step(bySeconds: clock.stepSeconds)
            }
            // A picture decoded in the background is drawn as soon as it is ready.
            if canvas.painter.images.hasDecoded { workspace.needsRedraw = true }
            if workspace.needsRedraw || workspace.isAnimating {
                renderFrame(alpha: clock.alpha)
                // Far-view tiles are drawn in the time left before the next frame is due: the rest
                // of the step without vsync; with it, presenting returns at the refresh, so the
                // refresh less what drawing a frame takes (timed up to presenting, not through
                // it), with a margin, so the next frame still makes the display.
                let deadline = canvas.renderer.hasVSync
                    ? lastFrameEnd + canvas.window.refreshSeconds - 1.5 * renderSeconds - 0.002
                    : stepStart + clock.stepSeconds - 0.001
                canvas.painter.drawOverviewTiles(document: workspace.document, until: deadline)
                if !canvas.renderer.hasVSync {
                    // why: without vsync nothing paces the loop; sleeping out the rest of the step
                    // keeps an animation from spinning a core at thousands of frames a second.
                    let rest = clock.stepSeconds - (Self.now() - stepStart)
                    if rest > 0.001 { SDL_Delay(UInt32(rest * 1000)) }
                }
            }
        }
    }

    /// Going idle after drawing a while: hands the heap's free pages back to the system, so
    /// what textures and edits came and went does not stay in the resident set for weeks (a
    /// kiosk). A few milliseconds, at a moment nothing is waiting to be drawn.
    func releaseMemoryAfterActivity() {
        guard paintsSinceRelease >= 60 else { return }
        paintsSinceRelease = 0
        meshpad_release_free_memory()
    }

    /// Handles one input event as if it arrived now; tests drive the app with it.
    public func handle(_ input: InputEvent) {
        handle(input, at: time)
    }

    func handle(_ input: InputEvent, at eventTime: Double) {
        recorder?.record(input, at: eventTime, viewportSize: canvas.viewportSize, uiScale: canvas.uiScale)
        if case .windowResized = input {
            workspace.measures.viewportSize = canvas.viewportSize
            workspace.measures.targetPixels = canvas.touchTargetPixels
        } else {
            kioskNoticeInput(at: eventTime)
        }
        requests(workspace.handle(input, at: eventTime))
    }

    /// Polls every queued SDL event and handles it at `eventTime` (now, unless a replay says otherwise).
    func drainEvents(at eventTime: Double? = nil) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            dispatch(event, at: eventTime ?? Self.eventTime(event))
        }
    }

    /// Advances the simulation one fixed step (replays run on this instead of the wall clock).
    func step() {
        workspace.step(bySeconds: clock.stepSeconds)
    }

    var stepSeconds: Double { clock.stepSeconds }

    func tick(at eventTime: Double) {
        requests(workspace.tick(at: eventTime))
        serviceKiosk(at: eventTime)
        serviceFiles(at: eventTime)
        serviceSharing()
        serviceSharedMapsMail()
    }

    func requests(_ requests: [Workspace.Request]) {
        for request in requests {
            switch request {
            case .quit:
                fileEvent(.quit)
            case .exitKiosk:
                exitKiosk()
            case .toggleHUD:
                isHUDVisible.toggle()
            case .setClipboard(let text):
                if SDL_SetClipboardText(text) != 0 {
                    Log.error("could not copy to the clipboard: \(PlatformError.sdlMessage)")
                }
            case .readClipboard:
                // why: SDL returns an empty string (never NULL) when there is nothing, and the
                // caller frees what it returns.
                guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { continue }
                let text = String(cString: raw)
                SDL_free(raw)
                workspace.paste(text)
            case .newMap:
                fileEvent(.newMap)
            case .export(let format):
                fileEvent(.export(format))
            case .setTheme(let name):
                setTheme(name)
            case .rememberChoices:
                rememberChoices()
            case .openExternally(let link):
                openExternally(link)
            case .save:
                fileEvent(.save)
            case .showSaveAs:
                fileEvent(.saveAs)
            case .showOpen:
                fileEvent(.open)
            case .dialogAction(let kind, let action, let field):
                fileEvent(.dialog(kind, action, field: field))
            case .listSharedMaps:
                listSharedMaps()
            case .openShared(let name):
                fileEvent(.openShared(name))
            case .bannerAction(let action):
                switch action {
                case .discardRecovery: fileEvent(.discardRecovery)
                case .dismiss: launchDocument = nil
                // The workspace ends it itself; nothing for the app to do.
                case .cancelLink: break
                }
            }
        }
    }

    /// The app menu's Theme page: every frame from now on in `name`'s colours and text size.
    /// Keeps the theme and keyboard setting for the next start; failing that, says so and goes on.
    func rememberChoices() {
        guard let path = options.choicesPath else { return }
        let choices = Choices(theme: workspace.measures.themeName, keyboard: workspace.measures.keyboardMode)
        do {
            try choices.save(to: path)
        } catch {
            Log.notice("could not keep the choice of theme and keyboard in \(path): \(error.localizedDescription)")
        }
    }

    func setTheme(_ name: String) {
        guard let theme = Theme.named(name) else { return }
        do {
            try canvas.setTheme(theme)
        } catch {
            workspace.show(Banner(message: "The \(name) theme could not be used: \(error.description)", isError: true))
            return
        }
        hud.invalidate()
        workspace.measures.treeLayout = theme.treeLayout
        workspace.measureAll(with: canvas.sizing)
    }

    /// Per loop turn: autosave when due, text input on while a field wants it, the title current.
    func serviceFiles(at now: Double) {
        // why: the idle demo's changes are nobody's work.
        // why: a shared map is kept by its database, its unsent changes by the session's journal.
        if let store = options.recovery, sharing == nil, kioskState?.attract == nil, autosave.isDue(revision: workspace.document.revision, at: now) {
            if autosaveWriter.write(documentForWriting(to: file.path), to: store, for: autosaveKey) {
                autosave.markWritten(workspace.document.revision)
            }
        }
        if let failure = autosaveWriter.takeError() {
            Log.error("autosave failed: \(failure)")
            workspace.show(Banner(message: "Autosave failed: \(failure)", isError: true))
        }
        syncTextInput()
        updateTitle()
    }

    /// Text input (the input method, an on-screen keyboard) is on exactly while the workspace
    /// wants typed text, and its candidate window sits at the caret or the field being typed in.
    func syncTextInput() {
        let wanted = workspace.wantsTextInput
        if wanted != textInputActive {
            textInputActive = wanted
            if wanted { SDL_StartTextInput() } else { SDL_StopTextInput() }
            shownTextInputRect = nil
        }
        guard wanted, let target = workspace.textInputRect, target != shownTextInputRect else { return }
        shownTextInputRect = target
        // The workspace speaks in its own (scaled) pixels; SDL wants window pixels.
        let s = canvas.uiScale
        var rect = SDL_Rect(x: Int32(clamping: Int((target.minX * s).rounded())), y: Int32(clamping: Int((target.minY * s).rounded())),
                            w: Int32(clamping: Int((target.width * s).rounded(.up))), h: Int32(clamping: Int((target.height * s).rounded(.up))))
        SDL_SetTextInputRect(&rect)
    }

    func updateTitle() {
        let title = fileFlow.title(revision: workspace.document.revision)
        guard title != shownTitle else { return }
        shownTitle = title
        SDL_SetWindowTitle(canvas.window.handle, title)
    }

    private func dispatch(_ event: SDL_Event, at eventTime: Double) {
        let type = SDL_EventType(event.type)
        if type == SDL_RENDER_TARGETS_RESET || type == SDL_RENDER_DEVICE_RESET {
            // The textures died with the device; they are re-rasterised on the next frame.
            canvas.painter.textCache.removeAll()
            hud.invalidate()
            workspace.needsRedraw = true
            return
        }
        let translator = EventTranslator(viewportSize: canvas.viewportSize, uiScale: canvas.uiScale)
        if let input = translator.translate(event) {
            handle(input, at: eventTime)
        }
    }

    /// Draws the current state as the next frame (without presenting), for screenshots.
    func paintSettled() {
        paint(alpha: 1, complete: true)
        // why: a screenshot shows the pictures, not the placeholders drawn while their sizes were learned.
        if picturesLearned {
            picturesLearned = false
            paint(alpha: 1, complete: true)
        }
    }

    private func paint(alpha: Double, complete: Bool) {
        let frame = workspace.frame(interpolatedBy: alpha)
        canvas.painter.paint(document: workspace.document, camera: frame.camera, viewportSize: canvas.viewportSize,
                             selection: workspace.selection.nodes, drawnPositions: frame.drawnPositions,
                             extras: workspace.sceneExtras, complete: complete)
        let chrome = workspace.chrome
        canvas.painter.paintOverlay(workspace.overlayLayout(of: chrome), chrome: chrome, bannerIsError: workspace.panels.banner?.isError == true,
                                    document: workspace.panels.minimapOpen ? workspace.document : nil, viewportSize: canvas.viewportSize)
        paintsSinceRelease += 1
        if canvas.painter.images.takeLearned() {
            // A picture's size became known (or it is missing): its node is measured again, and drawn next frame.
            workspace.measureAll(with: canvas.sizing)
            picturesLearned = true
        }
    }

    private func renderFrame(alpha: Double) {
        let frameStart = Self.now()
        let frame = workspace.frame(interpolatedBy: alpha)
        paint(alpha: alpha, complete: false)
        if isHUDVisible {
            let scale = canvas.renderer.outputSize.x / canvas.viewportSize.x
            hud.draw(lines: hudLines(camera: frame.camera), pixelScale: scale, theme: canvas.painter.scene.theme)
        }
        renderSeconds = Self.now() - frameStart
        canvas.renderer.present()
        framesRendered += 1
        if reportsFirstFrame && framesRendered == 1 {
            startup.mark("first frame")
            FileHandle.standardOutput.write(Data("first frame, renderer \(canvas.renderer.name); ms: \(startup.summary)\n".utf8))
        }
        // Labels that waited for the rasterisation budget, and far-view tiles still being drawn,
        // get drawn on the next frames.
        workspace.needsRedraw = canvas.painter.hasDeferredLabels || canvas.painter.hasPendingOverview || picturesLearned
        picturesLearned = false
        let end = Self.now()
        frameMilliseconds = (end - frameStart) * 1000
        // why: FPS is the rate while drawing continuously; the gap after an idle wait is not a frame.
        let interval = end - lastFrameEnd
        if interval > 0 && interval < 0.25 {
            let rate = 1 / interval
            framesPerSecond = framesPerSecond == 0 ? rate : framesPerSecond * 0.9 + rate * 0.1
        }
        lastFrameEnd = end
    }

    private func hudLines(camera: Camera) -> [String] {
        let list = canvas.painter.lastDrawList
        let drag = workspace.input.recognizer.dragOffset
        return [
            "drag offset    (\(Self.format(drag.x)), \(Self.format(drag.y)))",
            "portal offset  (\(Self.format(camera.origin.x)), \(Self.format(camera.origin.y)))",
            "zoom           \(Self.format(camera.zoom, digits: 2))",
            "frame          \(Self.format(frameMilliseconds, digits: 2)) ms (update + render + present)",
            "fps            \(Self.format(framesPerSecond, digits: 1)) (while animating)",
            "drawn          \(list.visibleNodeCount) nodes, \(list.visibleEdgeCount) edges",
            "fingers        \(workspace.input.recognizer.fingerCount)",
            "renderer       \(canvas.renderer.name)\(canvas.renderer.hasVSync ? " + vsync" : "")",
            "video driver   \(SDLSession.currentVideoDriver)",
        ]
    }

    private static func format(_ value: Double, digits: Int = 0) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.\(digits)f", value)
    }

    static func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}
