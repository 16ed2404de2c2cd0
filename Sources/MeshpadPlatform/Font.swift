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

    public init(path: String, pixelSize: Int) throws(PlatformError) {
        guard let font = TTF_OpenFont(path, Int32(pixelSize)) else {
            throw .fontUnreadable(path: path, detail: PlatformError.sdlMessage)
        }
        handle = font
        self.path = path
        self.pixelSize = pixelSize
        TTF_SetFontWrappedAlign(font, Int32(TTF_WRAPPED_ALIGN_CENTER))
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
    }
}

/// Measures label text with SDL2_ttf, remembering word widths.
///
/// Maps repeat words a lot; the memo makes sizing a 100k-node map a dictionary lookup per
/// word instead of a shaping call. It is bounded: cleared whole when it grows past its limit.
public final class FontMeasurer: TextMeasurer {
    private let font: Font
    private var widths: [Substring: Double] = [:]
    private let memoLimit = 50_000
    public let lineHeight: Double

    public init(font: Font) {
        self.font = font
        lineHeight = Double(font.lineSkip)
    }

    public func width(of text: Substring) -> Double {
        if let known = widths[text] { return known }
        let measured = Double(font.width(of: String(text)))
        if widths.count >= memoLimit { widths.removeAll(keepingCapacity: true) }
        widths[text] = measured
        return measured
    }
}
