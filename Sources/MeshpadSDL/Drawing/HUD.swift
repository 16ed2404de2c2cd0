import CSDL2
import MeshpadCore

/// The debug overlay (F12): camera and gesture offsets, zoom, frame time and FPS.
///
/// Its text changes every frame, so it keeps one texture of its own, re-rasterised only when
/// the text changes, instead of churning the label cache.
@MainActor
final class HUD {
    private let renderer: SDLRenderer
    private let font: Font
    private var texture: Texture?
    private var shownText = ""

    init(renderer: SDLRenderer, font: Font) {
        self.renderer = renderer
        self.font = font
    }

    func draw(lines: [String], pixelScale: Double, theme: Theme) {
        let text = lines.joined(separator: "\n")
        if text != shownText || texture == nil {
            texture = nil
            shownText = text
            let color = SDL_Color(r: theme.hudText.r, g: theme.hudText.g, b: theme.hudText.b, a: 255)
            font.setPixelSize(max(8, Int((13 * pixelScale).rounded())))
            TTF_SetFontWrappedAlign(font.handle, Int32(TTF_WRAPPED_ALIGN_LEFT))
            if let surface = TTF_RenderUTF8_Blended_Wrapped(font.handle, text, color, 0) {
                texture = Texture(surface, renderer: renderer)
                SDL_FreeSurface(surface)
            }
        }
        guard let texture else { return }
        let textureSize = Vec2(Double(texture.width), Double(texture.height))
        let margin = 8 * pixelScale
        renderer.fillRect(Rect(x: margin, y: margin, width: textureSize.x + 2 * margin, height: textureSize.y + 2 * margin),
                          color: theme.hudBackground)
        renderer.copy(texture, to: Rect(x: 2 * margin, y: 2 * margin, width: textureSize.x, height: textureSize.y))
    }

    /// Forgets the texture, e.g. after a renderer reset destroyed it.
    func invalidate() {
        texture = nil
        shownText = ""
    }
}
