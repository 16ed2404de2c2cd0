import MeshpadCore

/// The map's label fonts, opened before the window so a map named on the command line can be
/// measured with them while it is read; the window's canvas then takes them over.
///
/// Needs an `SDLSession` (it starts SDL_ttf). Whoever measures with `sizing` must be done
/// before the canvas draws with these fonts: the app's start does one after the other.
public final class LabelFonts {
    let library: FontLibrary
    let path: String
    let theme: Theme

    public init(theme: Theme) throws(PlatformError) {
        path = try FontLocator.labelFontPath()
        library = try FontLibrary(regularPath: path, baseSize: Self.baseSize(of: theme))
        self.theme = theme
    }

    /// The pixel size a theme's labels are opened at.
    static func baseSize(of theme: Theme) -> Int { Int(theme.fontSize.rounded()) }

    /// Node sizing with these fonts and the theme's metrics; no picture's size is known yet
    /// (nodes with pictures are measured again once the canvas has loaded them).
    public var sizing: NodeSizing { library.sizing(metrics: theme.nodeMetrics) }
}

extension FontLibrary {
    /// Node sizing with the regular face (its bold and italic come from here too).
    func sizing(metrics: NodeSizing.Metrics, imageSizes: ImageSizes = ImageSizes()) -> NodeSizing {
        NodeSizing(metrics: metrics, measurer: measurer(for: .regular), imageSizes: imageSizes)
    }
}
