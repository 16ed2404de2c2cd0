import CSDL2
import Foundation

/// Regular, bold, italic and bold italic text, with fallbacks, for measuring and for drawing.
///
/// Each face is found through fontconfig (`sans-serif` with a weight and slant) and gets its own
/// `FontChain`s: one at the theme's size for measuring (its widths memoised), one whose size the
/// label cache changes as it rasterises. A face that cannot be found falls back to regular.
package final class FontLibrary {
    struct Face: Hashable {
        var bold: Bool
        var italic: Bool

        static let regular = Face(bold: false, italic: false)

        var pattern: String {
            "sans-serif" + (bold ? ":weight=bold" : "") + (italic ? ":slant=italic" : "")
        }
    }

    let baseSize: Int
    private let regularPath: String
    private var finders: [Face: FallbackFinder] = [:]
    private var measuring: [Face: FontChain] = [:]
    private var rasterising: [Face: FontChain] = [:]
    private var measurers: [Face: FontMeasurer] = [:]

    /// The regular face: opened at start, so a missing or broken font is an error then, and
    /// every other face can fall back to it.
    private let regularMeasuring: FontChain
    let regularRaster: FontChain

    init(regularPath: String, baseSize: Int) throws(PlatformError) {
        self.regularPath = regularPath
        self.baseSize = baseSize
        let finder = FallbackFinder(pattern: Face.regular.pattern)
        finders[.regular] = finder
        regularMeasuring = FontChain(primary: try Font(path: regularPath, pixelSize: baseSize), finder: finder)
        regularRaster = FontChain(primary: try Font(path: regularPath, pixelSize: baseSize), finder: finder)
        measuring[.regular] = regularMeasuring
        rasterising[.regular] = regularRaster
    }

    /// Font files open across every chain (the soak reports it).
    package var openFontCount: Int { (measuring.values.map(\.fonts.count) + rasterising.values.map(\.fonts.count)).reduce(0, +) }

    /// The measurer for a face (shared, so its width memo is too).
    func measurer(for face: Face) -> FontMeasurer {
        if let known = measurers[face] { return known }
        let measurer = FontMeasurer(chain: (try? chain(for: face, measuring: true)) ?? regularMeasuring, library: self, face: face)
        measurers[face] = measurer
        return measurer
    }

    /// Empties every face's width memo: bounded caches, measured again as text is (the soak's
    /// settled memory leaves them out, as it leaves out label textures).
    package func forgetMeasuredWidths() {
        for measurer in measurers.values { measurer.forgetWidths() }
    }

    /// The chain that draws a face.
    func rasterChain(for face: Face) -> FontChain {
        (try? chain(for: face, measuring: false)) ?? regularRaster
    }

    private func chain(for face: Face, measuring isMeasuring: Bool) throws(PlatformError) -> FontChain {
        if let known = isMeasuring ? measuring[face] : rasterising[face] { return known }
        let finder = finders[face] ?? FallbackFinder(pattern: face.pattern)
        finders[face] = finder
        let path: String
        if face == .regular {
            path = regularPath
        } else if ProcessInfo.processInfo.environment["MESHPAD_FONT"]?.isEmpty == false {
            // A font chosen by hand stands for every face.
            path = regularPath
        } else {
            path = FontLocator.fontconfigMatch(pattern: face.pattern).flatMap { FileManager.default.isReadableFile(atPath: $0) ? $0 : nil } ?? regularPath
        }
        let chain = FontChain(primary: try Font(path: path, pixelSize: baseSize), finder: finder)
        if isMeasuring { measuring[face] = chain } else { rasterising[face] = chain }
        return chain
    }
}
