/// Where the minimap shows the map: the whole map (and the view, if it strays off the map)
/// fitted into the panel, keeping its proportions.
public struct MinimapGeometry: Equatable, Sendable {
    /// The panel, in window pixels.
    public var panel: Rect
    /// The part of the map shown, in map units.
    public var world: Rect
    private var scale: Double
    private var offset: Vec2

    public static let padding = 8.0

    public init(panel: Rect, world: Rect) {
        self.panel = panel
        self.world = world
        let inner = panel.outset(by: -Self.padding)
        let w = max(world.width, 1e-9), h = max(world.height, 1e-9)
        scale = max(min(inner.width / w, inner.height / h), 1e-12)
        // Centred in the panel.
        offset = Vec2(inner.minX + (inner.width - w * scale) / 2, inner.minY + (inner.height - h * scale) / 2)
    }

    /// The window point showing a map point.
    public func point(ofMap p: Vec2) -> Vec2 { offset + (p - world.origin) * scale }

    /// The map point a window point on the panel shows.
    public func mapPoint(of p: Vec2) -> Vec2 { world.origin + (p - offset) / scale }

    /// A map rectangle on the panel.
    public func rect(ofMap r: Rect) -> Rect {
        let a = point(ofMap: r.origin)
        return Rect(x: a.x, y: a.y, width: r.width * scale, height: r.height * scale)
    }

    /// Map units to panel pixels.
    public var pixelsPerUnit: Double { scale }
}
