import CSDL2
import MeshpadCore

/// A TrueType font opened with SDL2_ttf at one size.
///
/// Labels use two: one fixed at the theme's size for measuring (`TextMeasurer`), one whose size
/// the text cache changes to rasterise at each ladder step. Keeping them apart means measuring
/// never flushes the glyph cache of the font that draws. Not `Sendable`: like all of SDL it is
/// used from the main thread only.
public final class Font {
    let handle: OpaquePointer
    public let path: String
    public private(set) var pixelSize: Int

    public init(path: String, pixelSize: Int, index: Int = 0) throws(PlatformError) {
        // why: SDL2_ttf counts TTF_Init and TTF_Quit, and FreeType's library must outlive every
        // face opened in it. Each font holds a count of its own, so a font released after the
        // session (a start-up that failed, where the optimiser may end the session's lifetime
        // first) closes its face in a live library instead of crashing inside FreeType.
        guard TTF_Init() == 0 else { throw .sdlInit(detail: "SDL2_ttf: \(PlatformError.sdlMessage)") }
        guard let font = TTF_OpenFontIndex(path, Int32(pixelSize), index) else {
            let detail = PlatformError.sdlMessage
            TTF_Quit()
            throw .fontUnreadable(path: path, detail: detail)
        }
        handle = font
        self.path = path
        self.pixelSize = pixelSize
        TTF_SetFontWrappedAlign(font, Int32(TTF_WRAPPED_ALIGN_CENTER))
    }

    convenience init(source: FaceSource, pixelSize: Int) throws(PlatformError) {
        try self.init(path: source.path, pixelSize: pixelSize, index: source.index)
    }

    private var rightToLeft = false
    private var script: String?

    /// Whether the font has a glyph for the character.
    func provides(_ scalar: UInt32) -> Bool { TTF_GlyphIsProvided32(handle, scalar) != 0 }

    public var ascent: Int { Int(TTF_FontAscent(handle)) }
    /// How far glyphs reach below the baseline, as a positive number of pixels.
    public var descent: Int { -Int(TTF_FontDescent(handle)) }
    public var height: Int { Int(TTF_FontHeight(handle)) }

    /// Shapes text from now on right to left (Arabic, Hebrew) or left to right, as the script
    /// given (an ISO 15924 code; nil for text that needs no shaping beyond kerning).
    func shape(rightToLeft rtl: Bool, script newScript: String?) {
        if rtl != rightToLeft {
            rightToLeft = rtl
            TTF_SetFontDirection(handle, rtl ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR)
        }
        if newScript != script {
            script = newScript
            // why: SDL_ttf leaves HarfBuzz's script "unknown" unless told, and then Arabic is not joined.
            TTF_SetFontScriptName(handle, newScript ?? "Zzzz")
        }
    }

    func setPixelSize(_ size: Int) {
        guard size != pixelSize else { return }
        TTF_SetFontSize(handle, Int32(size))
        pixelSize = size
    }

    public var lineSkip: Int { Int(TTF_FontLineSkip(handle)) }

    public func width(of text: String) -> Int {
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(handle, text, &w, &h)
        return Int(w)
    }

    deinit {
        TTF_CloseFont(handle)
        TTF_Quit()
    }
}

/// Measures label text with SDL2_ttf, remembering word widths.
///
/// Maps repeat words a lot; the memo makes sizing a 100k-node map a dictionary lookup per
/// word instead of a shaping call. It is bounded: cleared whole when it grows past its limit.
public final class FontMeasurer: TextMeasurer {
    private let chain: FontChain
    private var widths: [Substring: Double] = [:]
    private let memoLimit = 8192
    public let lineHeight: Double
    private weak var library: FontLibrary?
    private let face: FontLibrary.Face

    init(chain: FontChain, library: FontLibrary? = nil, face: FontLibrary.Face = .regular) {
        self.chain = chain
        self.library = library
        self.face = face
        lineHeight = Double(chain.primary.lineSkip)
    }

    public func styled(bold: Bool, italic: Bool) -> any TextMeasurer {
        let wanted = FontLibrary.Face(bold: bold, italic: italic)
        guard wanted != face, let library else { return self }
        return library.measurer(for: wanted)
    }

    /// Empties the memo and frees its table (up to ~1 MiB when full: 8192 words and 16,384 slots).
    func forgetWidths() { widths = [:] }

    public func width(of text: Substring) -> Double {
        if let known = widths[text] { return known }
        let measured = Double(chain.width(of: text))
        if widths.count >= memoLimit { widths.removeAll(keepingCapacity: true) }
        // why: a Substring key keeps its whole base string alive; a copy keeps only the word.
        widths[Substring(String(text))] = measured
        return measured
    }
}
