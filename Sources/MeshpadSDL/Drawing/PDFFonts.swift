import CCairo
import Foundation

/// FreeType's library, freed when the last face opened in it is (each face holds it).
final class FreeTypeLibrary {
    let handle: FT_Library

    init?() {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// One FreeType face, closed when its holder goes. Once cairo draws with it, cairo holds it: cairo
/// keeps faces in caches of its own after the PDF is done, and only its destroy callback may close them.
final class FreeTypeFace {
    let face: FT_Face
    let library: FreeTypeLibrary

    init?(_ source: FaceSource, library: FreeTypeLibrary) {
        var face: FT_Face?
        guard FT_New_Face(library.handle, source.path, FT_Long(source.index), &face) == 0, let face else { return nil }
        self.face = face
        self.library = library
    }

    deinit { FT_Done_Face(face) }
}

/// A font the PDF draws with: cairo's face over FreeType's, or for a colour bitmap face (Noto
/// Color Emoji) FreeType's alone, whose glyphs are drawn as pictures.
final class PDFFace {
    let ft: FT_Face
    /// cairo's face (`cairo_font_face_t`); nil for a colour bitmap face.
    let cairo: OpaquePointer?
    /// Kept only while cairo does not hold the face.
    private let owned: FreeTypeFace?

    // why: FreeType's flags are C macros of `1L << n`; these are their values.
    private static let scalableFlag = 1 << 0
    private static let colorFlag = 1 << 14

    init(_ holder: FreeTypeFace) {
        ft = holder.face
        let flags = Int(holder.face.pointee.face_flags)
        guard flags & Self.colorFlag == 0 || flags & Self.scalableFlag != 0,
              let face = cairo_ft_font_face_create_for_ft_face(holder.face, 0) else {
            cairo = nil
            owned = holder
            return
        }
        // why: the FreeType face must outlive cairo's use of it, which outlives this object (cairo
        // caches scaled fonts); cairo closes it through the user data's destroy callback. The
        // holder's own address is the (unique) key.
        let retained = Unmanaged.passRetained(holder)
        let key = UnsafePointer<cairo_user_data_key_t>(OpaquePointer(retained.toOpaque()))
        let status = cairo_font_face_set_user_data(face, key, retained.toOpaque()) { pointer in
            guard let pointer else { return }
            Unmanaged<FreeTypeFace>.fromOpaque(pointer).release()
        }
        if status != CAIRO_STATUS_SUCCESS {
            retained.release()
            cairo_font_face_destroy(face)
            cairo = nil
            owned = holder
            return
        }
        cairo = face
        owned = nil
    }

    deinit {
        if let cairo { cairo_font_face_destroy(cairo) }
        withExtendedLifetime(owned) {}
    }

    var isColorBitmap: Bool { cairo == nil }

    func provides(_ scalar: UInt32) -> Bool { FT_Get_Char_Index(ft, FT_ULong(scalar)) != 0 }

    /// Ascent, descent (positive) and line height as fractions of the font size, from the face's
    /// design metrics, as SDL_ttf reads them.
    var verticalMetrics: (ascent: Double, descent: Double, height: Double) {
        let units = Double(max(ft.pointee.units_per_EM, 1))
        let ascent = Double(ft.pointee.ascender) / units, descent = -Double(ft.pointee.descender) / units
        return (ascent, descent, max(Double(ft.pointee.height) / units, ascent + descent))
    }
}

/// A colour emoji, drawn from its bitmap: a cairo image made once and used on every page.
struct PDFEmoji {
    /// `cairo_surface_t`, premultiplied ARGB32, owned by `PDFFonts`.
    var surface: OpaquePointer
    /// The bitmap's left and top bearings and advance, in the strike's pixels.
    var left: Double
    var top: Double
    var advance: Double
    /// The strike's ascender and line height, in its pixels.
    var strikeAscent: Double
    var strikeHeight: Double
}

/// The fonts the screen draws labels with, for cairo: the label font (regular, bold, italic as
/// `FontLibrary` finds them) and, for what it lacks, the fonts fontconfig finds for each
/// character (CJK, emoji, other scripts), through the same `FallbackFinder`.
final class PDFFonts {
    private let library: FreeTypeLibrary
    private let regularPath: String
    private var faces: [FaceSource: PDFFace] = [:]
    private var unreadable: Set<FaceSource> = []
    private var chains: [FontLibrary.Face: PDFFontChain] = [:]
    private var emoji: [PDFEmojiKey: PDFEmoji?] = [:]
    private var widths: [PDFWidthKey: Double] = [:]

    init() throws(PlatformError) {
        regularPath = try FontLocator.labelFontPath()
        guard let library = FreeTypeLibrary() else { throw .fontUnreadable(path: regularPath, detail: "FreeType did not start") }
        self.library = library
        guard let holder = FreeTypeFace(FaceSource(path: regularPath, index: 0), library: library) else {
            throw .fontUnreadable(path: regularPath, detail: "FreeType cannot read it")
        }
        regular = PDFFace(holder)
        faces[FaceSource(path: regularPath, index: 0)] = regular
    }

    /// The label font, opened first: every other face falls back to it.
    private let regular: PDFFace

    deinit {
        for case let glyph? in emoji.values { cairo_surface_destroy(glyph.surface) }
    }

    func face(_ source: FaceSource) -> PDFFace? {
        if let open = faces[source] { return open }
        guard !unreadable.contains(source), let holder = FreeTypeFace(source, library: library) else {
            unreadable.insert(source)
            return nil
        }
        let face = PDFFace(holder)
        faces[source] = face
        return face
    }

    /// The chain for a style: its primary font found as `FontLibrary` finds it, the fallbacks as the screen's.
    func chain(_ style: FontLibrary.Face) -> PDFFontChain {
        if let known = chains[style] { return known }
        var path = regularPath
        if style != .regular, ProcessInfo.processInfo.environment["MESHPAD_FONT"]?.isEmpty != false,
           let matched = FontLocator.fontconfigMatch(pattern: style.pattern), FileManager.default.isReadableFile(atPath: matched) {
            path = matched
        }
        let primary = face(FaceSource(path: path, index: 0)) ?? regular
        let chain = PDFFontChain(primary: primary, fonts: self, finder: FallbackFinder(pattern: style.pattern))
        chains[style] = chain
        return chain
    }

    /// The advance of `text` in `face` at size 1 (cairo's, unhinted: it scales), remembered.
    func width(of text: Substring, in face: PDFFace, cairo cr: OpaquePointer) -> Double {
        let key = PDFWidthKey(face: ObjectIdentifier(face), text: String(text))
        if let known = widths[key] { return known }
        var extents = cairo_text_extents_t()
        cairo_set_font_face(cr, face.cairo)
        cairo_set_font_size(cr, 1)
        cairo_text_extents(cr, key.text, &extents)
        if widths.count > 50_000 { widths.removeAll(keepingCapacity: true) }
        widths[key] = extents.x_advance
        return extents.x_advance
    }

    /// A colour glyph's picture, from the face's bitmap strike.
    func emoji(_ scalar: UInt32, in face: PDFFace) -> PDFEmoji? {
        let key = PDFEmojiKey(face: ObjectIdentifier(face), scalar: scalar)
        if let known = emoji[key] { return known }
        let made = Self.renderEmoji(scalar, face.ft)
        emoji[key] = made
        return made
    }

    private static let loadColor: Int32 = 1 << 20
    private static let pixelModeBGRA: UInt8 = 7

    private static func renderEmoji(_ scalar: UInt32, _ face: FT_Face) -> PDFEmoji? {
        let glyph = FT_Get_Char_Index(face, FT_ULong(scalar))
        guard glyph != 0 else { return nil }
        if face.pointee.num_fixed_sizes > 0 { FT_Select_Size(face, 0) }
        guard FT_Load_Glyph(face, glyph, loadColor) == 0, let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        guard bitmap.pixel_mode == pixelModeBGRA, bitmap.width > 0, bitmap.rows > 0, let buffer = bitmap.buffer,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width), Int32(bitmap.rows)) else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        // why: FreeType's BGRA is premultiplied, byte for byte cairo's ARGB32 on a little-endian machine.
        let stride = Int(cairo_image_surface_get_stride(surface)), rowBytes = Int(bitmap.width) * 4
        for row in 0..<Int(bitmap.rows) {
            memcpy(data + row * stride, buffer + row * Int(bitmap.pitch), rowBytes)
        }
        cairo_surface_mark_dirty(surface)
        let metrics = face.pointee.size.pointee.metrics
        return PDFEmoji(surface: surface, left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top),
                        advance: Double(slot.pointee.advance.x) / 64, strikeAscent: Double(metrics.ascender) / 64,
                        strikeHeight: Double(metrics.height) / 64)
    }
}

struct PDFEmojiKey: Hashable {
    var face: ObjectIdentifier
    var scalar: UInt32
}

struct PDFWidthKey: Hashable {
    var face: ObjectIdentifier
    var text: String
}

/// One style's fonts in order, as `FontChain` picks them for the screen: the label font for what
/// it has, the emoji font for emoji, else the first font that has the character.
final class PDFFontChain {
    let primary: PDFFace
    private var fallbacks: [PDFFace] = []
    private var chosen: [UInt32: PDFFace] = [:]
    private unowned let fonts: PDFFonts
    private let finder: FallbackFinder

    init(primary: PDFFace, fonts: PDFFonts, finder: FallbackFinder) {
        self.primary = primary
        self.fonts = fonts
        self.finder = finder
    }

    /// A piece of a line in one font: its text and its advance at size 1.
    struct Run {
        var text: Substring
        var face: PDFFace
        var rightToLeft: Bool
    }

    func face(for scalar: Unicode.Scalar) -> PDFFace {
        if scalar.isASCII { return primary }
        let emoji = FallbackFinder.isEmoji(scalar.value)
        if !emoji && primary.provides(scalar.value) { return primary }
        if let known = chosen[scalar.value] { return known }
        var pick = primary
        if !emoji, let open = fallbacks.first(where: { $0.provides(scalar.value) }) {
            pick = open
        } else if let source = finder.source(covering: scalar.value), let face = fonts.face(source) {
            pick = face
            if !fallbacks.contains(where: { $0 === face }) { fallbacks.append(face) }
        }
        chosen[scalar.value] = pick
        return pick
    }

    /// `line` cut where the font or the direction changes, as `FontChain.runs` cuts it: spaces,
    /// digits and punctuation stay in the run they are in, a space after an emoji goes back to text.
    func runs(of line: Substring) -> [Run] {
        FontChain.split(line, font: { PDFFaceKey(face(for: $0)) }, provides: { $0.face.provides($1.value) }, isEmoji: { $0.face.isColorBitmap })
            .map { Run(text: $0.text, face: $0.font.face, rightToLeft: FontChain.isRightToLeft($0.script)) }
    }
}

/// A face compared by identity, so runs are cut where the face changes.
struct PDFFaceKey: Equatable {
    let face: PDFFace
    init(_ face: PDFFace) { self.face = face }
    static func == (a: PDFFaceKey, b: PDFFaceKey) -> Bool { a.face === b.face }
}
