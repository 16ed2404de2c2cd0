import Foundation
import MeshpadCore

/// Draws maps headless (offscreen video driver, software renderer) and saves them as PNG.
@MainActor
public enum HeadlessRender {
    /// Renders `document` as the app would open it (framed, at 100 % at most), or with `fit`
    /// framed at whatever zoom the clamp allows, and writes `outputPath`. Pictures with relative
    /// paths are read from `mapFolder`, else from the copies the map keeps, as the app reads them.
    public static func render(_ document: Document, size: PixelSize, fit: Bool = false, theme: Theme = .standard,
                              selection: Set<NodeID>? = nil, live: Bool = false, mapFolder: String? = nil,
                              to outputPath: String) throws(PlatformError) {
        let session = try SDLSession(headless: true)
        try withExtendedLifetime(session) { () throws(PlatformError) in
            let canvas = try Canvas(title: "Meshpad", size: size, theme: theme, hidden: true, preferSoftware: true)
            canvas.usesOverview = !live
            // why: learned before the layout, so nodes are laid out at their pictures' sizes.
            canvas.painter.images.folder = mapFolder
            canvas.painter.images.learn(document)
            var document = document
            document.prepareForDisplay(with: canvas.sizing, layout: theme.treeLayout)
            var camera = Camera(zoomLimits: Workspace.zoomLimits(for: document, viewportSize: canvas.viewportSize))
            camera.frame(document.bounds, viewportSize: canvas.viewportSize, maxZoom: fit ? Camera.defaultZoomLimits.upperBound : 1)
            canvas.paint(document: document, camera: camera, selection: selection ?? [document.rootID])
            try PNGWriter.write(try canvas.renderer.readPixels(), to: outputPath)
        }
    }

    /// The largest picture `renderWholeMap` makes, per side: 8192² ARGB is 256 MiB already.
    public static let largestSide = 8192

    /// The whole map at `scale` pixels per map unit (reduced, with a warning, to stay within
    /// `largestSide`), for `meshpad convert map.mm map.png`. Returns warnings.
    public static func renderWholeMap(_ document: Document, scale: Double, theme: Theme = .standard, mapFolder: String? = nil,
                                      to outputPath: String) throws(PlatformError) -> [String] {
        let session = try SDLSession(headless: true)
        return try withExtendedLifetime(session) { () throws(PlatformError) -> [String] in
            try writeWholeMap(document, scale: scale, theme: theme, mapFolder: mapFolder, to: outputPath)
        }
    }

    /// `renderWholeMap` inside a running SDL session (the app's Export): its own hidden canvas.
    /// - Parameter mapFolder: where the nodes' pictures with relative paths are read from.
    static func writeWholeMap(_ document: Document, scale: Double, theme: Theme, mapFolder: String? = nil,
                              to outputPath: String) throws(PlatformError) -> [String] {
        // Sizes first (a measuring canvas), to know how big the picture must be.
        let probe = try Canvas(title: "Meshpad", size: PixelSize(width: 16, height: 16), theme: theme, hidden: true, preferSoftware: true)
        probe.painter.images.folder = mapFolder
        probe.painter.images.learn(document)
        var document = document
        document.prepareForDisplay(with: probe.sizing)
        let bounds = document.bounds.outset(by: 40)
        var used = scale
        var warnings: [String] = []
        let largest = max(bounds.width, bounds.height) * scale
        if largest > Double(largestSide) {
            used = Double(largestSide) / max(bounds.width, bounds.height)
            warnings.append("the map is too big for a \(largestSide)-pixel picture at scale \(scale); drawn at scale \(String(format: "%.3f", used))")
        }
        let size = PixelSize(width: max(1, Int((bounds.width * used).rounded(.up))), height: max(1, Int((bounds.height * used).rounded(.up))))
        let canvas = try Canvas(title: "Meshpad", size: size, theme: theme, hidden: true, preferSoftware: true)
        // why: one picture, drawn once: tiles would only cost memory and time.
        canvas.usesOverview = false
        // Textures belong to a renderer: the picture's canvas loads the pictures again.
        canvas.painter.images.folder = mapFolder
        canvas.painter.images.learn(document)
        // why: a chosen scale may be outside the interactive clamp (a poster at 4×, an overview at 0.05×).
        var camera = Camera(zoom: used, zoomLimits: min(used, 0.001)...max(used, 16))
        camera.place(mapPoint: bounds.origin, atScreen: .zero)
        canvas.paint(document: document, camera: camera, selection: [])
        try PNGWriter.write(try canvas.renderer.readPixels(), to: outputPath)
        return warnings
    }
}
