import CSDL2
import Foundation
import MeshpadCore

/// The window's side of the app: it turns the one loop body over the core's `Session` and
/// carries out the effects the session answers with. It decides nothing.
///
/// `turn(at:elapsedSeconds:)` is the loop body, and the only one: the window's `run`, `meshpad
/// replay`, `soak`, the bench and the tests all call it. A turn takes SDL's queued events to the
/// session, lets timed things happen (`tick`), takes in what arrived off the loop (a shared
/// map's news, the database's answers, pictures decoded), advances the simulation in fixed
/// steps (`FixedStepClock`, 1/120 s) and, when anything changed, draws a frame interpolated
/// between the last two steps and spends the rest of the step on far-view tiles. When nothing
/// moves and no event arrives, `run` blocks in `SDL_WaitEventTimeout` (waking for the session's
/// next deadline only) and draws nothing, so an idle tablet uses no CPU.
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
        /// What the mouse pointer is (a touch panel's, or a mouse).
        public var pointer = PointerKind.auto
        /// The filters saved in the filter bar at an earlier start.
        public var savedFilters: [SavedFilter] = []
        /// Thresholds and zoom clamp from the config file.
        public var gestures = GestureSettings()
        public var zoomClamp = Camera.defaultZoomLimits
        /// `--live`: far views drawn live, not from the overview's tiles.
        public var liveFarViews = false
        /// SIGTERM and SIGINT end the loop after keeping unsaved work for the next start
        /// (`TerminationSignals`); off in tests, whose process keeps its own Ctrl+C.
        public var catchesTerminationSignals = false
        /// A shared map opened with `--db URL --shared NAME` (its session and the map as opened).
        public var sharing: (session: SharedSession, opened: SharedMapOpened)?
        /// The shared map to show could not be opened (its name, why): the window says so and
        /// tries again (`Session.start(unavailableShared:)`).
        public var unavailableShared: (name: String, reason: String)?
        /// Where shared maps live: the Open dialog's Shared list, and the shared map's connection.
        /// Nil: no Shared button (a shared map then cannot connect).
        public var sharedMaps: (any SharedMapService)?
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

        /// What of these the core decides by.
        var settings: Session.Settings {
            var settings = Session.Settings()
            settings.readOnly = readOnly
            settings.kiosk = kiosk
            settings.recovery = recovery
            settings.keepsRecentFiles = recentFilesPath != nil
            settings.keepsChoices = choicesPath != nil
            settings.sharedDatabase = sharedMaps?.address
            settings.sharedJournals = keepsSharedJournal ? RecoveryStore.standard() : nil
            settings.personName = personName
            settings.uiScale = uiScale
            settings.folders = LocalFolders()
            return settings
        }
    }

    public let canvas: Canvas
    /// Everything the app decides by: the map, the chrome, the file, the kiosk, the shared map.
    public var session: Session
    /// Frames drawn since the app started; stays put while idle.
    public private(set) var framesRendered = 0
    /// When the last frame was presented, on `App.now()`'s clock (the bench times frames to it).
    public private(set) var lastFrameEnd = 0.0

    let options: Options
    /// The last frame learned a picture's size: the next one draws it.
    var picturesLearned = false
    let autosaveWriter = AutosaveWriter()
    public let paperWriter = PaperWriter()
    /// The shared map's connection, if the map shown is shared.
    var channel: (any SharedMapChannel)?
    /// Answers from the database for the Open dialog, filled off the loop.
    let sharedMapsMail = SharedMapsMailbox()
    /// The SDL event that wakes the idle loop when something arrives off the loop.
    let wakeEvent: UInt32
    /// Writes the shared map's journal and offline copy, one at a time, off the loop.
    let journalQueue = DispatchQueue(label: "meshpad shared-map journal")
    private var paintsSinceRelease = 0
    private var textInputActive = SDL_IsTextInputActive() == SDL_TRUE
    private var shownTextInputRect: Rect?
    private var shownTitle = ""
    private var shownFullScreen = false

    private var clock = FixedStepClock()
    let hud: HUD
    private let recorder: Recorder?
    /// SIGTERM or SIGINT, once received; nil when the options do not catch them.
    let termination: TerminationSignals?
    private var frameMilliseconds = 0.0
    /// The last frame's drawing, up to presenting it (with vsync, presenting waits for the display).
    private var renderSeconds = 0.0
    /// `meshpad bench --app` starts the app with MESHPAD_REPORT_FIRST_FRAME set and waits for the
    /// line this prints once the first frame is on the screen: start-up as a person waits for it.
    private let reportsFirstFrame = ProcessInfo.processInfo.environment["MESHPAD_REPORT_FIRST_FRAME"] != nil
    private var startup: StartupTimeline
    /// The window's size as last reported (MESHPAD_REPORT_FIRST_FRAME).
    private var reportedWindow = ""
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
        // why: the session holds what it needs of the shared map; the map as opened kept here
        // for the app's life would be a second node array once the map is edited. The canvas
        // holds the fonts it uses; kept here they would outlive a theme change.
        kept.sharing = nil
        kept.labelFonts = nil
        self.options = kept
        wakeEvent = SDL_RegisterEvents(1)
        ProcessMemory.mapLargeBlocks()
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
        ProcessMemory.releaseFree()
        var workspace = Workspace(document: prepared, viewportSize: canvas.viewportSize, settings: options.gestures,
                                  sizing: canvas.sizing, zoomClamp: options.zoomClamp)
        workspace.measures.targetPixels = canvas.touchTargetPixels
        workspace.measures.treeLayout = options.theme.treeLayout
        workspace.measures.themeName = options.theme.name
        workspace.measures.keyboardMode = options.keyboard
        workspace.measures.pointer = options.pointer
        workspace.savedFilters = options.savedFilters
        // why: a replay or a test of overdue days needs a day that does not move (MESHPAD_TODAY=2026-12-05).
        workspace.measures.today = ProcessInfo.processInfo.environment["MESHPAD_TODAY"].flatMap(CalendarDay.init(iso:))
        session = Session(workspace: workspace, file: file,
                          recent: options.recentFilesPath.map(RecentFiles.load(from:)) ?? RecentFiles(), settings: options.settings)
        if options.kiosk != nil {
            // why: on X11 this keeps Alt+Tab and the desktop's shortcuts inside the kiosk.
            SDL_SetWindowKeyboardGrab(canvas.window.handle, SDL_TRUE)
        }
        carry(session.start(warnings: warnings, sharing: options.sharing, unavailableShared: options.unavailableShared, at: time))
        showTitleAndTextInput()
        startup.mark("app")
    }

    /// The map, the chrome over it and what a person is doing (the session's).
    public var workspace: Workspace {
        get { session.workspace }
        _modify { yield &session.workspace }
    }

    /// The map's file, format and saved state.
    public var file: DocumentFile { session.files.file }

    /// False once the app is to end.
    public var isRunning: Bool { session.isRunning }

    /// A SIGTERM or SIGINT the app catches has been carried out (the work kept): the loop ended
    /// there.
    /// why: not "has arrived": the signal is recorded on another thread, and one recorded after
    /// the turn looked, but before its driver did, would end a replay with nothing kept.
    public private(set) var wasSignalled = false

    /// Waits until what is being written off the loop (an autosave, the shared map's journal)
    /// is on disk.
    public func waitForWrites() {
        autosaveWriter.waitUntilIdle()
        paperWriter.waitUntilIdle()
        journalQueue.sync {}
    }

    /// The loop's clock for gestures, in seconds since SDL started: the same base as SDL's event
    /// timestamps, so an event is handled at the time it happened, not when the loop got to it.
    public var time: Double { Double(SDL_GetTicks64()) / 1000 }

    /// The fixed simulation step (1/120 s).
    public var stepSeconds: Double { clock.stepSeconds }

    /// When an SDL event happened, on `time`'s clock.
    ///
    /// SDL2 stamps events with 32-bit milliseconds, which wrap after 49.7 days (a kiosk runs
    /// longer); the age relative to now survives the wrap.
    static func eventTime(_ event: SDL_Event) -> Double {
        let now = SDL_GetTicks64()
        let age = UInt64(UInt32(truncatingIfNeeded: now) &- event.common.timestamp)
        return Double(age <= now ? now - age : now) / 1000
    }

    // MARK: - The loop

    /// The window's loop: turns until the session ends, or for at most `seconds` of wall time
    /// (tests, benchmarks). Idle, it waits for an event or the session's next deadline.
    public func run(forSeconds seconds: Double? = nil) {
        let start = Self.now()
        var last = start
        var event = SDL_Event()
        while session.isRunning {
            let now = Self.now()
            if let seconds, now - start >= seconds { break }
            if !session.needsFrame {
                releaseMemoryAfterActivity()
                // why: a timeout rather than SDL_WaitEvent so a pending long press and a
                // time-limited run can still end; one wake-up a second is no measurable load.
                var timeout = 1.0
                if let seconds { timeout = min(timeout, seconds - (now - start)) }
                if let deadline = session.nextDeadline { timeout = min(timeout, deadline - time) }
                if SDL_WaitEventTimeout(&event, Int32((max(timeout, 0) * 1000).rounded(.up))) != 0 {
                    dispatch(event, at: Self.eventTime(event))
                }
                last = Self.now()
                clock.reset()
            }
            let turnStart = Self.now()
            turn(at: time, elapsedSeconds: turnStart - last)
            last = turnStart
            if framesRendered > 0 && lastFrameEnd >= turnStart && !canvas.renderer.hasVSync {
                // why: without vsync nothing paces the loop; sleeping out the rest of the step
                // keeps an animation from spinning a core at thousands of frames a second.
                let rest = clock.stepSeconds - (Self.now() - turnStart)
                if rest > 0.001 { SDL_Delay(UInt32(rest * 1000)) }
            }
        }
        carry(session.finish())
    }

    /// One turn of the loop, at `time` on the loop's clock, `elapsedSeconds` after the last.
    ///
    /// - Parameters:
    ///   - eventsAt: the time queued events are handled at; nil: the time SDL stamped on each
    ///     (the window). A replay or soak hands its simulated clock.
    ///   - draws: false leaves drawing to a later turn (the soak draws every 20 events).
    public func turn(at time: Double, elapsedSeconds: Double, eventsAt: Double? = nil, draws: Bool = true) {
        drainEvents(at: eventsAt)
        if let signal = termination?.received {
            quitOnSignal(signal)
            return
        }
        carry(session.tick(at: time))
        takeArrivals(at: time)
        let turnStart = Self.now()
        let steps = clock.advance(bySeconds: elapsedSeconds)
        for _ in 0..<steps { session.step(bySeconds: clock.stepSeconds) }
        // A picture decoded in the background is drawn as soon as it is ready.
        if canvas.painter.images.hasDecoded { session.workspace.needsRedraw = true }
        showTitleAndTextInput()
        guard draws, session.needsFrame else { return }
        renderFrame(alpha: clock.alpha)
        // Far-view tiles are drawn in the time left before the next frame is due: the rest of
        // the step without vsync; with it, presenting returns at the refresh, so the refresh
        // less what drawing a frame takes (timed up to presenting, not through it), with a
        // margin, so the next frame still makes the display.
        let deadline = canvas.renderer.hasVSync
            ? lastFrameEnd + canvas.window.refreshSeconds - 1.5 * renderSeconds - 0.002
            : turnStart + clock.stepSeconds - 0.001
        canvas.painter.drawOverviewTiles(document: session.workspace.document, until: deadline)
    }

    /// Takes SDL's queued events to the session, each at `eventTime` (nil: when SDL stamped it).
    public func drainEvents(at eventTime: Double? = nil) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            dispatch(event, at: eventTime ?? Self.eventTime(event))
        }
    }

    /// Going idle after drawing a while: hands the heap's free pages back to the system, so
    /// what textures and edits came and went does not stay in the resident set for weeks (a
    /// kiosk). A few milliseconds, at a moment nothing is waiting to be drawn.
    public func releaseMemoryAfterActivity() {
        guard paintsSinceRelease >= 60 else { return }
        paintsSinceRelease = 0
        ProcessMemory.releaseFree()
    }

    /// Handles one input event as if it had just been translated from SDL's queue, now.
    public func handle(_ input: InputEvent) {
        handle(input, at: time)
    }

    /// Carries out `action` on the selection, as its button, key or menu row would.
    public func perform(_ action: Action) {
        carry(session.perform(action))
    }

    /// F12's overlay of frame times is shown.
    public var isHUDVisible: Bool { session.isHUDVisible }

    /// Handles one input event as if it had just been translated from SDL's queue, at `eventTime`.
    public func handle(_ input: InputEvent, at eventTime: Double) {
        recorder?.record(input, at: eventTime, viewportSize: canvas.viewportSize, uiScale: canvas.uiScale)
        if case .windowResized = input {
            carry(session.report(.viewport(canvas.viewportSize, targetPixels: canvas.touchTargetPixels), at: eventTime))
        }
        carry(session.handle(input, at: eventTime))
    }

    private func dispatch(_ event: SDL_Event, at eventTime: Double) {
        let type = SDL_EventType(event.type)
        if type == SDL_RENDER_TARGETS_RESET || type == SDL_RENDER_DEVICE_RESET {
            // The textures died with the device; they are re-rasterised on the next frame.
            canvas.painter.textCache.removeAll()
            hud.invalidate()
            session.workspace.needsRedraw = true
            return
        }
        let translator = EventTranslator(viewportSize: canvas.viewportSize, uiScale: canvas.uiScale)
        if let input = translator.translate(event) {
            handle(input, at: eventTime)
        }
    }

    /// The window's title, full screen and text input follow the session: text input (the input method, an
    /// on-screen keyboard) is on exactly while it wants typed text, its candidate window at the
    /// caret or the field being typed in.
    private func showTitleAndTextInput() {
        let wanted = session.wantsTextInput
        if wanted != textInputActive {
            textInputActive = wanted
            if wanted { SDL_StartTextInput() } else { SDL_StopTextInput() }
            shownTextInputRect = nil
        }
        if wanted, let target = session.textInputRect, target != shownTextInputRect {
            shownTextInputRect = target
            // The session speaks in its own (scaled) pixels; SDL wants window pixels.
            let s = canvas.uiScale
            var rect = SDL_Rect(x: Int32(clamping: Int((target.minX * s).rounded())), y: Int32(clamping: Int((target.minY * s).rounded())),
                                w: Int32(clamping: Int((target.width * s).rounded(.up))), h: Int32(clamping: Int((target.height * s).rounded(.up))))
            SDL_SetTextInputRect(&rect)
        }
        let title = session.title
        if title != shownTitle {
            shownTitle = title
            SDL_SetWindowTitle(canvas.window.handle, title)
        }
        // why: a state the loop follows, like the title, so a presentation ended any way (Escape,
        // a map opened over it, a visitor's touch) gives the screen back.
        let fullScreen = session.wantsFullScreen
        if fullScreen != shownFullScreen {
            shownFullScreen = fullScreen
            canvas.window.setFullScreen(fullScreen)
        }
    }

    /// SIGTERM or SIGINT: the session keeps what is unsaved, and the loop ends.
    func quitOnSignal(_ signal: Int32) {
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
        autosaveWriter.waitUntilIdle()
        let failed = autosaveWriter.takeError() != nil
        carry(session.endOnSignal(name, autosaveFailed: failed))
        wasSignalled = true
    }

    // MARK: - Drawing

    /// Draws the current state as the next frame (without presenting), for screenshots.
    public func paintSettled() {
        paint(alpha: 1, complete: true)
        // why: a screenshot shows the pictures, not the placeholders drawn while their sizes were learned.
        if picturesLearned {
            picturesLearned = false
            paint(alpha: 1, complete: true)
        }
    }

    private func paint(alpha: Double, complete: Bool) {
        let workspace = session.workspace
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
            carry(session.report(.picturesLearned(canvas.sizing), at: time))
            picturesLearned = true
        }
    }

    private func renderFrame(alpha: Double) {
        let frameStart = Self.now()
        paint(alpha: alpha, complete: false)
        if session.isHUDVisible {
            let scale = canvas.renderer.outputSize.x / canvas.viewportSize.x
            hud.draw(lines: hudLines(camera: session.workspace.frame(interpolatedBy: alpha).camera), pixelScale: scale,
                     theme: canvas.painter.scene.theme)
        }
        renderSeconds = Self.now() - frameStart
        canvas.renderer.present()
        framesRendered += 1
        if reportsFirstFrame {
            let window = canvas.window.size, pixels = canvas.renderer.outputSize
            let shown = "window \(Int(window.x))x\(Int(window.y)) drawn at \(Int(pixels.x))x\(Int(pixels.y)) device pixels"
            // why: what a compositor gave the window, each time it changes, for tests that run the
            // app on one (a scaled Wayland output must be drawn at its device pixels, or text blurs).
            if shown != reportedWindow {
                reportedWindow = shown
                FileHandle.standardOutput.write(Data("\(shown), video driver \(SDLSession.currentVideoDriver), drawing with \(canvas.renderer.name)\n".utf8))
            }
            if framesRendered == 1 {
                startup.mark("first frame")
                FileHandle.standardOutput.write(Data("first frame, renderer \(canvas.renderer.name); ms: \(startup.summary)\n".utf8))
            }
        }
        // Labels that waited for the rasterisation budget, and far-view tiles still being drawn,
        // get drawn on the next frames.
        session.workspace.needsRedraw = canvas.painter.hasDeferredLabels || canvas.painter.hasPendingOverview || picturesLearned
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
        let recognizer = session.workspace.input.recognizer
        let drag = recognizer.dragOffset
        return [
            "drag offset    (\(Self.format(drag.x)), \(Self.format(drag.y)))",
            "portal offset  (\(Self.format(camera.origin.x)), \(Self.format(camera.origin.y)))",
            "zoom           \(Self.format(camera.zoom, digits: 2))",
            "frame          \(Self.format(frameMilliseconds, digits: 2)) ms (update + render + present)",
            "fps            \(Self.format(framesPerSecond, digits: 1)) (while animating)",
            "drawn          \(list.visibleNodeCount) nodes, \(list.visibleEdgeCount) edges",
            "fingers        \(recognizer.fingerCount)",
            "renderer       \(canvas.renderer.name)\(canvas.renderer.hasVSync ? " + vsync" : "")",
            "video driver   \(SDLSession.currentVideoDriver)",
        ]
    }

    private static func format(_ value: Double, digits: Int = 0) -> String {
        guard value.isFinite else { return "—" }
        return String(format: "%.\(digits)f", value)
    }

    /// Seconds on the performance counter: for timing, not for the loop's clock.
    public static func now() -> Double {
        Double(SDL_GetPerformanceCounter()) / Double(SDL_GetPerformanceFrequency())
    }
}
