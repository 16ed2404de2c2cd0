import CSDL2
import MeshpadCore

/// The SDL window: its size in window pixels (the camera's space) and its title.
@MainActor
public final class Window {
    let handle: OpaquePointer

    /// `fullscreen`: the whole display, with no decorations to drag or close (a kiosk).
    public init(title: String, size: PixelSize, hidden: Bool = false, fullscreen: Bool = false) throws(PlatformError) {
        var flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        if hidden { flags |= SDL_WINDOW_HIDDEN.rawValue }
        if fullscreen { flags |= SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue | SDL_WINDOW_BORDERLESS.rawValue }
        let position = meshpad_windowpos_centered()
        guard let window = SDL_CreateWindow(title, position, position, Int32(size.width), Int32(size.height), flags) else {
            throw .window(detail: PlatformError.sdlMessage)
        }
        handle = window
    }

    /// The window's size in window pixels (logical; on a 2× Wayland output the drawable is larger).
    public var size: Vec2 {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetWindowSize(handle, &w, &h)
        return Vec2(Double(max(w, 1)), Double(max(h, 1)))
    }

    public var id: UInt32 { SDL_GetWindowID(handle) }

    /// Fills the display (a presentation playing), or goes back to the window it was. A kiosk's
    /// window, full screen from the start, stays so.
    public func setFullScreen(_ on: Bool) {
        let flags = SDL_GetWindowFlags(handle)
        let kept = flags & SDL_WINDOW_BORDERLESS.rawValue != 0 && !on
        // why: a hidden window (a replay, the bench, a test) keeps its size, so scripted touches
        // land where they were recorded.
        guard !kept, flags & SDL_WINDOW_HIDDEN.rawValue == 0 else { return }
        if SDL_SetWindowFullscreen(handle, on ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0) != 0 {
            Log.error("could not \(on ? "fill the screen" : "leave full screen"): \(PlatformError.sdlMessage)")
        }
    }

    /// The display's diagonal DPI as SDL reports it (in device pixels); nil when it cannot tell
    /// (the offscreen driver, some X servers).
    public var displayDPI: Double? {
        let display = SDL_GetWindowDisplayIndex(handle)
        guard display >= 0 else { return nil }
        var diagonal: Float = 0
        guard SDL_GetDisplayDPI(display, &diagonal, nil, nil) == 0, diagonal.isFinite, diagonal > 20 else { return nil }
        return Double(diagonal)
    }

    /// Seconds between two refreshes of the window's display: 1/60 when SDL cannot tell.
    public var refreshSeconds: Double {
        var mode = SDL_DisplayMode()
        // why: SDL_GetWindowDisplayMode gives the mode the window would take fullscreen, not the display's.
        let display = SDL_GetWindowDisplayIndex(handle)
        guard display >= 0, SDL_GetCurrentDisplayMode(display, &mode) == 0, mode.refresh_rate >= 20 else { return 1.0 / 60 }
        return 1 / Double(mode.refresh_rate)
    }

    isolated deinit {
        SDL_DestroyWindow(handle)
    }
}
