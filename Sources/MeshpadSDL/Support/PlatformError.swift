import CSDL2

/// Why the platform layer could not do what was asked, in words a user can act on.
public enum PlatformError: Error, CustomStringConvertible, Equatable {
    case noDisplay(detail: String)
    case sdlInit(detail: String)
    case window(detail: String)
    case renderer(detail: String)
    case fontNotFound(tried: [String])
    case fontUnreadable(path: String, detail: String)
    case pixelRead(detail: String)
    case pngWrite(path: String, detail: String)
    case pdfWrite(path: String, detail: String)
    case recording(path: String, detail: String)
    case replayScript(path: String, detail: String)
    case dumpWrite(path: String, detail: String)

    public var description: String {
        switch self {
        case .noDisplay(let detail):
            return """
                cannot open a window: no display was found (SDL: \(detail)).
                Run Meshpad on a desktop session (X11 or Wayland; on a headless machine, under Xvfb: \
                `xvfb-run meshpad`), or set SDL_VIDEODRIVER=offscreen to use the headless verbs \
                (`meshpad render ... OUT.png`), which need no display.
                """
        case .sdlInit(let detail):
            return "cannot start SDL: \(detail)"
        case .window(let detail):
            return "cannot create the window: \(detail)"
        case .renderer(let detail):
            return "cannot create a renderer, neither accelerated nor software: \(detail)"
        case .fontNotFound(let tried):
            return """
                no usable font: fontconfig matched none and none of \(tried.joined(separator: ", ")) exists. \
                Install a sans font (Debian: apt-get install fonts-dejavu-core) or point MESHPAD_FONT at a .ttf file.
                """
        case .fontUnreadable(let path, let detail):
            return "cannot open the font \(path): \(detail). Point MESHPAD_FONT at another .ttf file."
        case .pixelRead(let detail):
            return "cannot read the rendered pixels back: \(detail)"
        case .pngWrite(let path, let detail):
            return "cannot write the PNG \(path): \(detail)"
        case .pdfWrite(let path, let detail):
            return "cannot write the PDF \(path): \(detail)"
        case .recording(let path, let detail):
            return "cannot record to \(path): \(detail)"
        case .replayScript(let path, let detail):
            return "cannot replay \(path): \(detail)"
        case .dumpWrite(let path, let detail):
            return "cannot write the state dump \(path): \(detail)"
        }
    }

    /// SDL's last error message, for the `detail` of the cases above.
    static var sdlMessage: String {
        guard let message = SDL_GetError() else { return "unknown error" }
        let text = String(cString: message)
        return text.isEmpty ? "unknown error" : text
    }
}
