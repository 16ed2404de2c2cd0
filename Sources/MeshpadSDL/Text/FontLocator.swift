import CFontconfig
import Foundation

/// Finds the font file labels are drawn with.
///
/// Order: `MESHPAD_FONT` if set, then fontconfig's best match for `sans-serif`, then a few
/// well-known paths (Debian's DejaVu and Noto) for systems without a fontconfig setup.
public enum FontLocator {
    public static let fallbackPaths = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf",
        "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    ]

    public static func labelFontPath() throws(PlatformError) -> String {
        if let override = ProcessInfo.processInfo.environment["MESHPAD_FONT"], !override.isEmpty {
            return override
        }
        if let matched = fontconfigMatch(pattern: "sans-serif:style=Regular"),
           FileManager.default.isReadableFile(atPath: matched) {
            return matched
        }
        if let path = fallbackPaths.first(where: { FileManager.default.isReadableFile(atPath: $0) }) {
            return path
        }
        throw .fontNotFound(tried: ["fontconfig 'sans-serif'"] + fallbackPaths)
    }

    /// A monospaced font for the debug HUD's columns; the label font when there is none.
    public static func hudFontPath(fallback: String) -> String {
        if let matched = fontconfigMatch(pattern: "monospace:style=Regular"),
           FileManager.default.isReadableFile(atPath: matched) {
            return matched
        }
        return fallback
    }

    /// The file of fontconfig's best match for `pattern`, or nil.
    static func fontconfigMatch(pattern: String) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        let parsed = pattern.withCString { cString in
            cString.withMemoryRebound(to: FcChar8.self, capacity: pattern.utf8.count + 1) { FcNameParse($0) }
        }
        guard let query = parsed else { return nil }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(config, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(config, query, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }
}
