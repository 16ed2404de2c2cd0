import CSDL2
import Foundation
import MeshpadCore

/// The interactive app: one window, one map, and the fixed-timestep loop that drives them.
///
/// Each turn of the loop drains SDL's events (translated to `InputEvent`s), advances the
/// simulation in fixed steps (`FixedStepClock`, 1/120 s), and draws interpolated between the
/// last two steps. When nothing moves and no event arrives, it blocks in
/// `SDL_WaitEventTimeout` and draws nothing, so an idle tablet uses no CPU.
@MainActor
public final class App {
    public struct Options {
        public var windowSize: PixelSize
        public var title: String
        public var theme: Theme
        /// Skip the accelerated renderer (tests; machines with broken GL drivers).
        public var preferSoftware: Bool
        public var hidden: Bool

        public init(windowSize: PixelSize = .defaultWindow, title: String = "Meshpad", theme: Theme = .classic,
                    preferSoftware: Bool = false, hidden: Bool = false) {
            self.windowSize = windowSize
            self.title = title
            self.theme = theme
            self.preferSoftware = preferSoftware
            self.hidden = hidden
        }
    }

    public let canvas: Canvas
    public private(set) var document: Document
    public private(set) var selection: Set<NodeID>
    public private(set) var view: ViewState
    public private(set) var isHUDVisible = false
    /// Frames drawn since the app started; stays put while idle.
    public private(set) var framesRendered = 0

    private var clock = FixedStepClock()
    private let hud: HUD
    private var needsRedraw = true
    private var isRunning = true
    private var frameMilliseconds = 0.0
    private var lastFrameEnd = 0.0
    private var framesPerSecond = 0.0

    public init(document: Document, options: Options = Options()) throws(PlatformError) {
        canvas = try Canvas(title: options.title, size: options.windowSize, theme: options.theme,
                            hidden: options.hidden, preferSoftware: options.preferSoftware)
        hud = HUD(renderer: canvas.renderer, font: canvas.hudFont)
        var measured = document
        measured.measureAll(with: canvas.sizing)
        self.document = measured
        selection = [measured.rootID]
        view = ViewState(camera: canvas.framingCamera(for: measured))
    }

    /// Runs until the user quits, or for at most `seconds` of wall time (tests, benchmarks).
    public func run(forSeconds seconds: Double? = nil) {
        let start = Self.now()
        var last = start
        var event = SDL_Event()
        isRunning = true
        while isRunning {
            let elapsedTotal = Self.now() - start
            if let seconds, elapsedTotal >= seconds { break }
            if !needsRedraw && !view.isAnimating {
                // why: a timeout rather than SDL_WaitEvent so a time-limited run can still end;
                // one wake-up a second is no measurable load.
                var timeout = 1000.0
                if let seconds { timeout = min(timeout, (seconds - elapsedTotal) * 1000) }
                if SDL_WaitEventTimeout(&event, Int32(max(timeout, 0).rounded(.up))) != 0 {
                    dispatch(event)
                }
                last = Self.now()
                clock.reset()
            }
            while SDL_PollEvent(&event) != 0 {
                dispatch(event)
            }
            let now = Self.now()
            let steps = clock.advance(bySeconds: now - last)
            last = now
            for _ in 0..<steps {
                view.step(bySeconds: clock.stepSeconds)
            }
            if needsRedraw || view.isAnimating {
                renderFrame(alpha: clock.alpha)
                if !canvas.renderer.hasVSync {
                    // why: without vsync nothing paces the loop; sleeping out the rest of the step
                    // keeps an animation from spinning a core at thousands of frames a second.
                    let spent = Self.now() - now
                    let rest = clock.stepSeconds - spent
                    if rest > 0.001 { SDL_Delay(UInt32(rest * 1000)) }
                }
            }
        }
    }

    /// Handles one input event; public so tests and replays can drive the app without SDL's queue.
    public func handle(_ input: InputEvent) {
        switch input {
        case .quitRequested:
            isRunning = false
        case .windowResized:
            needsRedraw = true
        case .key(let name, let modifiers):
            guard let action = KeyBindings.viewAction(forKey: name, modifiers: modifiers) else { return }
            perform(action)
        default:
            // Gestures, editing and text input arrive with the recognizer and the editor.
            break
        }
    }

    func perform(_ action: ViewAction) {
        let centre = canvas.window.size / 2
        switch action {
        case .toggleHUD:
            isHUDVisible.toggle()
            needsRedraw = true
        case .zoomIn:
            view.animateZoom(to: view.targetZoom * KeyBindings.zoomStep, about: centre)
        case .zoomOut:
            view.animateZoom(to: view.targetZoom / KeyBindings.zoomStep, about: centre)
        case .resetZoom:
            view.animateZoom(to: 1, about: centre)
        case .quit:
            isRunning = false
        }
    }

    private func dispatch(_ event: SDL_Event) {
        let type = SDL_EventType(event.type)
        if type == SDL_RENDER_TARGETS_RESET || type == SDL_RENDER_DEVICE_RESET {
            // The textures died with the device; they are re-rasterised on the next frame.
            canvas.painter.textCache.removeAll()
            hud.invalidate()
            needsRedraw = true
            return
        }
        let translator = EventTranslator(windowSize: canvas.window.size)
        if let input = translator.translate(event) {
            handle(input)
        }
    }

    private func renderFrame(alpha: Double) {
        let frameStart = Self.now()
        let camera = view.camera(interpolatedBy: alpha)
        canvas.paint(document: document, camera: camera, selection: selection)
        if isHUDVisible {
            let scale = canvas.renderer.outputSize.x / canvas.window.size.x
            hud.draw(lines: hudLines(camera: camera), pixelScale: scale, theme: canvas.painter.scene.theme)
        }
        canvas.renderer.present()
        framesRendered += 1
        needsRedraw = false
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
        return [
            "drag offset    (0, 0)",
            "portal offset  (\(Self.format(camera.origin.x)), \(Self.format(camera.origin.y)))",
            "zoom           \(Self.format(camera.zoom, digits: 2))",
            "frame          \(Self.format(frameMilliseconds, digits: 2)) ms (update + render + present)",
            "fps            \(Self.format(framesPerSecond, digits: 1)) (while animating)",
            "drawn          \(list.visibleNodeCount) nodes, \(list.visibleEdgeCount) edges",
            "renderer       \(canvas.renderer.name)\(canvas.renderer.hasVSync ? " + vsync" : "")",
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
