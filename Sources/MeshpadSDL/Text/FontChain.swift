import CFontconfig
import CSDL2
import Foundation

/// A font file and the face in it (a TrueType collection such as Noto Sans CJK holds several).
struct FaceSource: Hashable {
    var path: String
    var index: Int
}

/// Asks fontconfig which installed font has a character, once per character.
///
/// One fontconfig configuration is loaded for the life of the app (loading it costs tens of
/// milliseconds). Only scalable fonts are considered: a bitmap-only face cannot be drawn at
/// every zoom.
final class FallbackFinder {
    private let config: OpaquePointer?
    private var found: [UInt32: FaceSource?] = [:]
    /// Fontconfig's pattern for the style wanted, e.g. `sans-serif:style=Bold`.
    let pattern: String

    init(pattern: String = "sans-serif") {
        self.pattern = pattern
        config = FcInitLoadConfigAndFonts()
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    static func isEmoji(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x1F000...0x1FAFF, 0x2600...0x27BF, 0x2B00...0x2BFF, 0xFE0F, 0x200D: return true
        default: return false
        }
    }

    /// The best font for `scalar` that really has a glyph for it, or nil.
    func source(covering scalar: UInt32) -> FaceSource? {
        if let known = found[scalar] { return known }
        let result = lookUp(scalar)
        // why: a label full of one script asks about its characters once each, not per frame.
        if found.count > 20_000 { found.removeAll(keepingCapacity: true) }
        found[scalar] = result
        return result
    }

    private func lookUp(_ scalar: UInt32) -> FaceSource? {
        guard let config else { return nil }
        // why: fontconfig's "emoji" family is where desktops keep colour emoji; asking "sans-serif"
        // for them tends to give a monochrome symbol font first.
        let wanted = Self.isEmoji(scalar) ? "emoji" : pattern
        let parsed = wanted.withCString { cString in
            cString.withMemoryRebound(to: FcChar8.self, capacity: wanted.utf8.count + 1) { FcNameParse($0) }
        }
        guard let query = parsed else { return nil }
        defer { FcPatternDestroy(query) }
        guard let charset = FcCharSetCreate() else { return nil }
        defer { FcCharSetDestroy(charset) }
        FcCharSetAddChar(charset, scalar)
        FcPatternAddCharSet(query, FC_CHARSET, charset)
        FcConfigSubstitute(config, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let set = FcFontSort(config, query, FcTrue, nil, &result) else { return nil }
        defer { FcFontSetDestroy(set) }
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i] else { continue }
            var fontCharset: OpaquePointer?
            guard FcPatternGetCharSet(font, FC_CHARSET, 0, &fontCharset) == FcResultMatch, let fontCharset,
                  FcCharSetHasChar(fontCharset, scalar) != 0 else { continue }
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(font, FC_FILE, 0, &file) == FcResultMatch, let file else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(font, FC_INDEX, 0, &index)
            return FaceSource(path: String(cString: file), index: Int(index))
        }
        return nil
    }
}

/// The fonts one style of text is drawn with: the label font first, then for each character it
/// lacks the font fontconfig finds for it (CJK, emoji, other scripts), so labels show text
/// instead of boxes.
///
/// Text is split into runs by font and by direction: a run of Arabic or Hebrew is shaped right to
/// left (SDL_ttf's HarfBuzz), so each run reads in the right order. Measuring and drawing go
/// through the same runs, so the caret sits where the glyphs are.
final class FontChain {
    private(set) var fonts: [Font]
    private var sources: [FaceSource?]
    private var chosen: [UInt32: Int] = [:]
    /// Fonts picked for emoji: a space after an emoji goes back to the text font.
    private var emojiFonts = Set<Int>()
    private let finder: FallbackFinder
    private(set) var pixelSize: Int

    init(primary: Font, finder: FallbackFinder) {
        fonts = [primary]
        sources = [nil]
        self.finder = finder
        pixelSize = primary.pixelSize
    }

    var primary: Font { fonts[0] }

    func setPixelSize(_ size: Int) {
        guard size != pixelSize else { return }
        pixelSize = size
        for font in fonts { font.setPixelSize(size) }
    }

    /// The font (index into `fonts`) that draws `scalar`: the first that has it.
    func fontIndex(for scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return 0 }
        // why: many text fonts carry a few emoji in black and white; the emoji font draws them all alike.
        let emoji = FallbackFinder.isEmoji(scalar.value)
        if !emoji && fonts[0].provides(scalar.value) { return 0 }
        if let known = chosen[scalar.value] { return known }
        var pick = 0
        if !emoji, let already = fonts.indices.dropFirst().first(where: { fonts[$0].provides(scalar.value) }) {
            pick = already
        } else if let source = finder.source(covering: scalar.value) {
            if let open = sources.firstIndex(of: source) {
                pick = open
            } else if let font = try? Font(source: source, pixelSize: pixelSize) {
                fonts.append(font)
                sources.append(source)
                pick = fonts.count - 1
            }
            if emoji && pick != 0 { emojiFonts.insert(pick) }
        }
        chosen[scalar.value] = pick
        return pick
    }

    struct Run {
        var text: Substring
        var font: Int
        var rightToLeft: Bool
        /// The ISO 15924 code of a script HarfBuzz must be told to shape (Arabic joins its
        /// letters, Devanagari reorders its vowels); nil where no shaping is needed.
        var script: String?
    }

    /// True when the primary font draws all of `text` left to right: the fast path.
    func isPlain(_ text: Substring) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 } || text.unicodeScalars.allSatisfy { fontIndex(for: $0) == 0 && Self.shapingScript($0) == nil }
    }

    /// `line` cut where the font or the direction changes. Spaces, digits and punctuation stay in
    /// the run they are in; marks, joiners and selectors stay with the character they modify.
    func runs(of line: Substring) -> [Run] {
        Self.split(line, font: { fontIndex(for: $0) }, provides: { fonts[$0].provides($1.value) }, isEmoji: { emojiFonts.contains($0) })
            .map { Run(text: $0.text, font: $0.font, rightToLeft: Self.isRightToLeft($0.script), script: $0.script) }
    }

    /// `line` cut where the font or the script changes: spaces, digits and punctuation stay in
    /// the run they are in (where its font has them), and a space after an emoji goes back to
    /// text. The screen's chain and the PDF's both cut lines so, each with its own fonts.
    static func split<Font: Equatable>(_ line: Substring, font fontFor: (Unicode.Scalar) -> Font, provides: (Font, Unicode.Scalar) -> Bool,
                                       isEmoji: (Font) -> Bool) -> [(text: Substring, font: Font, script: String?)] {
        var result: [(text: Substring, font: Font, script: String?)] = []
        var start = line.startIndex
        var current: (font: Font, script: String?)?
        var index = line.startIndex
        while index < line.endIndex {
            let next = line.index(after: index)
            guard let base = line[index].unicodeScalars.first else { index = next; continue }
            var font = fontFor(base)
            var script = shapingScript(base)
            let spaceAfterEmoji = base.properties.isWhitespace && current.map { isEmoji($0.font) } == true
            if isNeutral(base), !spaceAfterEmoji, let current, provides(current.font, base) || base.isASCII {
                font = current.font
                script = current.script
            }
            if let current, current.font != font || current.script != script {
                result.append((line[start..<index], current.font, current.script))
                start = index
            }
            current = (font, script)
            index = next
        }
        if let current, start < line.endIndex {
            result.append((line[start..<line.endIndex], current.font, current.script))
        }
        return result
    }

    /// Advance width of one line in pixels at the current size.
    func width(of line: Substring) -> Int {
        if isPlain(line) {
            // why: the font may still be set for the last Arabic run it shaped; measured that way,
            // the same text would come out a different width (and a node a different size).
            fonts[0].shape(rightToLeft: false, script: nil)
            return fonts[0].width(of: String(line))
        }
        var total = 0
        for run in runs(of: line) {
            let font = fonts[run.font]
            font.shape(rightToLeft: run.rightToLeft, script: run.script)
            total += scaledWidth(font.width(of: String(run.text)), height: font.height, for: font)
        }
        return total
    }

    /// A bitmap face (colour emoji) draws at its own size whatever is asked: its width is scaled
    /// to the line height the primary font gives.
    private func scaledWidth(_ width: Int, height: Int, for font: Font) -> Int {
        let limit = Int(Double(fonts[0].lineSkip) * 1.4)
        guard height > limit, height > 0 else { return width }
        return Int((Double(width) * Double(fonts[0].lineSkip) * 0.95 / Double(height)).rounded())
    }

    /// `text` (lines separated by newlines) drawn in `color`, each line centred; nil if nothing
    /// could be drawn. The caller frees the surface.
    func render(_ text: String, color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let lineSkip = max(fonts[0].lineSkip, 1)
        let lineSurfaces = lines.map { renderLine($0, color: color) }
        let width = lineSurfaces.reduce(1) { max($0, Int($1?.pointee.w ?? 0)) }
        // A line with taller glyphs (CJK) is as tall as they need; the rest a line skip.
        let heights = lineSurfaces.map { max(lineSkip, Int($0?.pointee.h ?? 0)) }
        let height = max(heights.reduce(0, +), 1)
        guard let target = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, meshpad_pixelformat_argb8888()) else {
            for surface in lineSurfaces { if let surface { SDL_FreeSurface(surface) } }
            return nil
        }
        var top = 0
        for (row, surface) in lineSurfaces.enumerated() {
            defer { top += heights[row] }
            guard let surface else { continue }
            var destination = SDL_Rect(x: Int32((width - Int(surface.pointee.w)) / 2), y: Int32(top),
                                       w: surface.pointee.w, h: surface.pointee.h)
            // why: blending onto the transparent target would darken every anti-aliased edge
            // (colour times alpha, then alpha again when drawn); copying keeps the glyphs' own.
            SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
            SDL_UpperBlit(surface, nil, target, &destination)
            SDL_FreeSurface(surface)
        }
        return target
    }

    /// One line: each run rendered in its font and direction, placed on a common baseline.
    private func renderLine(_ line: Substring, color: SDL_Color) -> UnsafeMutablePointer<SDL_Surface>? {
        guard !line.isEmpty else { return nil }
        let primary = fonts[0]
        if isPlain(line) {
            primary.shape(rightToLeft: false, script: nil)
            return withNoBlend(TTF_RenderUTF8_Blended(primary.handle, String(line), color))
        }
        let lineSkip = max(primary.lineSkip, 1)
        // Pieces sit on one baseline, as deep as the deepest font's ascent; a colour-emoji bitmap,
        // scaled to the line, is centred on the text's middle instead.
        var pieces: [(surface: UnsafeMutablePointer<SDL_Surface>, ascent: Int?)] = []
        var width = 0, ascent = primary.ascent, descent = primary.descent
        for run in runs(of: line) {
            let font = fonts[run.font]
            font.shape(rightToLeft: run.rightToLeft, script: run.script)
            guard var surface = TTF_RenderUTF8_Blended(font.handle, String(run.text), color) else { continue }
            var pieceAscent: Int? = font.ascent
            if Int(surface.pointee.h) > Int(Double(lineSkip) * 1.4) {
                // A bitmap face (colour emoji) came out at its own size: scale it to the line.
                let scale = Double(lineSkip) * 0.95 / Double(surface.pointee.h)
                if let scaled = Self.scaled(surface, by: scale) {
                    SDL_FreeSurface(surface)
                    surface = scaled
                }
                pieceAscent = nil
            } else {
                ascent = max(ascent, font.ascent)
                descent = max(descent, Int(surface.pointee.h) - font.ascent)
            }
            pieces.append((surface, pieceAscent))
            width += Int(surface.pointee.w)
        }
        let height = max(lineSkip, ascent + descent)
        guard width > 0, let target = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, meshpad_pixelformat_argb8888()) else {
            for piece in pieces { SDL_FreeSurface(piece.surface) }
            return nil
        }
        var x: Int32 = 0
        for piece in pieces {
            let h = Int(piece.surface.pointee.h)
            let y = piece.ascent.map { ascent - $0 } ?? (ascent - primary.ascent + (primary.ascent + primary.descent - h) / 2)
            let clampedY = Int32(min(max(y, 0), max(height - h, 0)))
            var destination = SDL_Rect(x: x, y: clampedY, w: piece.surface.pointee.w, h: piece.surface.pointee.h)
            // why: pieces sit side by side on a transparent surface; copying their alpha as it is
            // (no blending) keeps anti-aliased edges right.
            SDL_SetSurfaceBlendMode(piece.surface, SDL_BLENDMODE_NONE)
            SDL_UpperBlit(piece.surface, nil, target, &destination)
            x += piece.surface.pointee.w
            SDL_FreeSurface(piece.surface)
        }
        return target
    }

    private func withNoBlend(_ surface: UnsafeMutablePointer<SDL_Surface>?) -> UnsafeMutablePointer<SDL_Surface>? {
        if let surface { SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE) }
        return surface
    }

    private static func scaled(_ surface: UnsafeMutablePointer<SDL_Surface>, by scale: Double) -> UnsafeMutablePointer<SDL_Surface>? {
        let w = max(1, Int32((Double(surface.pointee.w) * scale).rounded())), h = max(1, Int32((Double(surface.pointee.h) * scale).rounded()))
        guard let result = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, meshpad_pixelformat_argb8888()) else { return nil }
        SDL_SetSurfaceBlendMode(surface, SDL_BLENDMODE_NONE)
        var destination = SDL_Rect(x: 0, y: 0, w: w, h: h)
        SDL_UpperBlitScaled(surface, nil, result, &destination)
        return result
    }

    /// Scripts whose letters HarfBuzz must know the script of to shape (joining, reordering,
    /// marks), by block; the first two columns run right to left.
    static let shapedScripts: [(range: ClosedRange<UInt32>, code: String)] = [
        (0x0590...0x05FF, "Hebr"), (0xFB1D...0xFB4F, "Hebr"),
        (0x0600...0x06FF, "Arab"), (0x0750...0x077F, "Arab"), (0x08A0...0x08FF, "Arab"), (0xFB50...0xFDFF, "Arab"), (0xFE70...0xFEFF, "Arab"),
        (0x0700...0x074F, "Syrc"), (0x0780...0x07BF, "Thaa"), (0x07C0...0x07FF, "Nkoo"),
        (0x0900...0x097F, "Deva"), (0x0980...0x09FF, "Beng"), (0x0A00...0x0A7F, "Guru"), (0x0A80...0x0AFF, "Gujr"),
        (0x0B00...0x0B7F, "Orya"), (0x0B80...0x0BFF, "Taml"), (0x0C00...0x0C7F, "Telu"), (0x0C80...0x0CFF, "Knda"),
        (0x0D00...0x0D7F, "Mlym"), (0x0D80...0x0DFF, "Sinh"), (0x0E00...0x0E7F, "Thai"), (0x0E80...0x0EFF, "Laoo"),
        (0x0F00...0x0FFF, "Tibt"), (0x1000...0x109F, "Mymr"), (0x1780...0x17FF, "Khmr"),
    ]

    static func shapingScript(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        guard value >= 0x0590, value < 0x1800 || value >= 0xFB1D && value <= 0xFEFF else { return nil }
        return shapedScripts.first { $0.range.contains(value) }?.code
    }

    static func isRightToLeft(_ script: String?) -> Bool {
        switch script {
        case "Hebr", "Arab", "Syrc", "Thaa", "Nkoo": return true
        default: return false
        }
    }

    /// Characters with no direction or script of their own: they join the run around them.
    static func isNeutral(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .spaceSeparator, .decimalNumber, .otherPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .mathSymbol, .currencySymbol, .initialPunctuation, .finalPunctuation, .connectorPunctuation,
             .nonspacingMark, .enclosingMark, .format:
            return true
        default:
            return false
        }
    }
}
