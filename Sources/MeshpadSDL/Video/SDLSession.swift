import CSDL2
import Foundation
import MeshpadCore

/// SDL, SDL2_ttf and SDL2_image initialised for the life of this object.
///
/// One exists at a time; it must be created on the main thread before any window. `headless`
/// forces the offscreen video driver (no display needed), as the `render` verb and the
/// platform tests do.
@MainActor
public final class SDLSession {
    public let isHeadless: Bool

    /// How often, and how long apart, a display named in the environment is tried again when
    /// SDL cannot use it: four seconds in all.
    static let displayRetries = 16
    static let displayRetrySeconds = 0.25

    /// `kiosk`: the window stays up when focus goes elsewhere.
    public init(headless: Bool, kiosk: Bool = false) throws(PlatformError) {
        isHeadless = headless
        let environment = ProcessInfo.processInfo.environment
        // why: SDL would turn SIGINT and SIGTERM into SDL_QUIT, the close button's event, which
        // asks "Save changes…?" (or, in a kiosk, is ignored) and leaves a logout or `systemctl
        // stop` hanging. The app and a realtime replay catch them (`TerminationSignals`); the
        // other verbs keep the default action.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        if headless {
            SDL_SetHintWithPriority(SDL_HINT_VIDEODRIVER, "offscreen", SDL_HINT_OVERRIDE)
            // why: otherwise SDL backs the window's framebuffer with an OpenGL texture, and on a
            // machine without a GPU that is Mesa's llvmpipe: ~60 MiB of memory and a shader JIT in
            // every present, for pixels the software renderer already has.
            SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        }
        // why: a compositor finds the window's desktop entry (its icon, its name in the task
        // switcher) by the Wayland app id or X11 WM_CLASS, which SDL 2 takes from the
        // executable's file name unless these say otherwise: a renamed or relocated binary would
        // show as an unknown app. A value the user set wins.
        for variable in ["SDL_VIDEO_WAYLAND_WMCLASS", "SDL_VIDEO_X11_WMCLASS"] where environment[variable] == nil {
            setenv(variable, Self.applicationID, 0)
        }
        if let drivers = Self.videoDriverHint(environment: environment, headless: headless) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
        }
        // why: labels are rasterised at a few sizes and scaled between them; linear filtering keeps
        // the scaled text smooth instead of blocky.
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
        // why: edges a pixel wide or less are one-pixel hairlines, thousands of them across the
        // screen on a map with many links zoomed out. SDL's default draws a float line as a run of points, each one
        // queued and clipped; the renderer's own line drawing halves such a frame (100k-node map
        // with 5,000 links, zoom 0.1: 15 → 6 ms in software). Lines are not pixel-exact at their
        // ends this way, which a hairline does not need.
        SDL_SetHint(SDL_HINT_RENDER_LINE_METHOD, "2")
        // why: touch is handled from finger events; SDL's synthetic mouse-from-touch is dropped by
        // the translator anyway, and mouse-to-touch would deliver every click twice.
        SDL_SetHint(SDL_HINT_MOUSE_TOUCH_EVENTS, "0")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        // why: compositions longer than SDL_TEXTEDITING's 31 bytes (a Japanese sentence before
        // conversion) arrive whole as SDL_TEXTEDITING_EXT instead of cut short.
        SDL_SetHint(SDL_HINT_IME_SUPPORT_EXTENDED_TEXT, "1")
        // why: Meshpad draws the composition in the node itself, underlined at the caret.
        SDL_SetHint(SDL_HINT_IME_SHOW_UI, "0")
        // why: a kiosk must stay up when focus goes elsewhere (a notification, a second screen).
        if kiosk { SDL_SetHint(SDL_HINT_VIDEO_MINIMIZE_ON_FOCUS_LOSS, "0") }

        let hasDisplay = ["DISPLAY", "WAYLAND_DISPLAY"].contains { !(environment[$0] ?? "").isEmpty }
        let showsNothing = ["offscreen", "dummy"].contains(environment["SDL_VIDEODRIVER"] ?? "")
        // why: a display that is named can still refuse the first connection — a kiosk started
        // with its session, before the X server takes clients; SDL's x11 driver also failed now
        // and then on an Xvfb that was taking other clients (twice in some seventy runs of the
        // window-title test under load). So a named display is tried again for a while before
        // the app gives up. The video subsystem alone is shut between tries: `SDL_Quit` would
        // also clear every hint set above.
        var retries = !headless && hasDisplay && !showsNothing ? Self.displayRetries : 0
        let subsystems = UInt32(SDL_INIT_VIDEO) | UInt32(SDL_INIT_EVENTS)
        var driver = ""
        while true {
            let started = SDL_Init(subsystems) == 0
            let detail = started ? "" : PlatformError.sdlMessage
            driver = started ? SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "" : ""
            // why: with no display SDL falls through to its offscreen driver, and a window nobody
            // can see would wait forever for input. An interactive session needs a real display.
            if started && (headless || (driver != "offscreen" && driver != "dummy")) { break }
            if retries > 0 {
                retries -= 1
                SDL_QuitSubSystem(subsystems)
                Thread.sleep(forTimeInterval: Self.displayRetrySeconds)
                continue
            }
            if started {
                SDL_Quit()
                throw .noDisplay(detail: "only the '\(driver)' video driver is available, which shows nothing")
            }
            if !headless && environment["SDL_VIDEODRIVER"] == nil && !hasDisplay {
                throw .noDisplay(detail: detail)
            }
            throw .sdlInit(detail: detail)
        }
        if driver == "x11" { Self.convertTextAsUTF8ForXlib() }
        if TTF_Init() != 0 {
            let detail = PlatformError.sdlMessage
            SDL_Quit()
            throw .sdlInit(detail: "SDL2_ttf: \(detail)")
        }
        let pngFlag = Int32(IMG_INIT_PNG.rawValue)
        if IMG_Init(pngFlag) & pngFlag == 0 {
            let detail = PlatformError.sdlMessage
            TTF_Quit()
            SDL_Quit()
            throw .sdlInit(detail: "SDL2_image (PNG): \(detail)")
        }
    }

    /// Sets the C library's character type (`LC_CTYPE`) to UTF-8: the user's own locale if it is
    /// one, else `C.UTF-8`.
    ///
    /// SDL 2.26 sets an X11 window's title through Xlib's text conversions, which work in the
    /// `LC_CTYPE` of the process, and a Swift program stays in the "C" locale unless it asks. There
    /// `Xutf8TextListToTextProperty` refuses any title that is not ASCII, so `_NET_WM_NAME` (what
    /// taskbars show) kept "Meshpad" from the window's creation, and `WM_NAME` got the UTF-8 bytes
    /// labelled as Latin-1. Only the character type changes: numbers, dates and messages keep "C".
    private static func convertTextAsUTF8ForXlib() {
        func isUTF8() -> Bool {
            guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
            return String(cString: codeset) == "UTF-8"
        }
        if setlocale(LC_CTYPE, "") != nil, isUTF8() { return }
        if setlocale(LC_CTYPE, "C.UTF-8") != nil, isUTF8() { return }
        setlocale(LC_CTYPE, "C")
        Log.notice("no UTF-8 locale (not even C.UTF-8): taskbars show a title that is not ASCII as \"Meshpad\"")
    }

    /// The video drivers to ask SDL for, in order of preference, or nil to leave SDL's choice alone.
    ///
    /// `["WAYLAND_DISPLAY": "wayland-0"]` gives `"wayland,x11"`: in a Wayland session the window
    /// talks Wayland, and XWayland is the fallback if the Wayland driver cannot start. A user's
    /// `SDL_VIDEODRIVER` always wins (even empty, which SDL reads as "choose yourself"), and a
    /// headless session keeps its offscreen driver.
    ///
    /// why: SDL 2 tries X11 before Wayland, so on a Wayland desktop it would run under XWayland:
    /// blurry on a scaled output, and touch translated by XWayland instead of read directly.
    nonisolated public static func videoDriverHint(environment: [String: String], headless: Bool) -> String? {
        guard !headless, environment["SDL_VIDEODRIVER"] == nil,
              let display = environment["WAYLAND_DISPLAY"], !display.isEmpty else { return nil }
        return "wayland,x11"
    }

    /// Whether a window should draw with SDL's software renderer rather than an accelerated one.
    ///
    /// `MESHPAD_RENDERER=software` or `accelerated` decides. Otherwise software exactly when the
    /// machine has no GPU render node (`/dev/dri/renderD*`): OpenGL there is Mesa's llvmpipe, a
    /// CPU rasteriser that costs ~100 MiB (LLVM's JIT, its buffers), waits for a 60 Hz vsync and,
    /// measured with `meshpad bench --renderer accelerated` under Xvfb, draws a 100k-node map's
    /// pinch 7× slower than SDL's software renderer (p99 196 ms against 27 ms).
    nonisolated public static func prefersSoftwareRenderer(environment: [String: String], renderNodes: [String]) -> Bool {
        switch environment["MESHPAD_RENDERER"] {
        case "software": return true
        case "accelerated": return false
        default: return renderNodes.isEmpty
        }
    }

    /// The GPU render nodes this machine has (`renderD128` …).
    nonisolated public static func gpuRenderNodes() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []).filter { $0.hasPrefix("renderD") }
    }

    /// The Wayland app id and X11 WM_CLASS: the desktop entry's name (`meshpad.desktop`).
    nonisolated public static let applicationID = "meshpad"

    /// The name of the video driver SDL chose (`x11`, `wayland`, `offscreen`).
    public var videoDriver: String { Self.currentVideoDriver }

    /// The name of the video driver in use, or "none" before SDL starts its video.
    public static var currentVideoDriver: String {
        SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none"
    }

    isolated deinit {
        IMG_Quit()
        TTF_Quit()
        SDL_Quit()
    }
}
