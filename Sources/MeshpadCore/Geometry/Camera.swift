import Foundation

/// Maps between map units and window pixels: `screen = origin + zoom * map`, y down.
///
/// `zoom` always stays inside `zoomLimits` (0.1–2.0 unless configured) and no operation lets a
/// NaN or an infinity into the camera: non-finite input is ignored, so a wild event stream can
/// never leave the view unrecoverable. An operation whose result would overflow is ignored too.
public struct Camera: Equatable, Sendable {
    public static let defaultZoomLimits: ClosedRange<Double> = 0.1...2.0

    /// Where map point (0, 0) lands on the screen, in window pixels.
    public private(set) var origin: Vec2
    public private(set) var zoom: Double
    public let zoomLimits: ClosedRange<Double>

    public init(origin: Vec2 = .zero, zoom: Double = 1, zoomLimits: ClosedRange<Double> = Camera.defaultZoomLimits) {
        self.zoomLimits = zoomLimits
        self.origin = origin.isFinite ? origin : .zero
        self.zoom = zoom.isFinite ? zoom.clamped(to: zoomLimits) : 1.0.clamped(to: zoomLimits)
    }

    public func screenPoint(ofMap mapPoint: Vec2) -> Vec2 { origin + mapPoint * zoom }

    public func mapPoint(ofScreen screenPoint: Vec2) -> Vec2 { (screenPoint - origin) / zoom }

    /// The part of the map a viewport of `viewportSize` window pixels shows.
    public func visibleMapRect(viewportSize: Vec2) -> Rect {
        let topLeft = mapPoint(ofScreen: .zero)
        return Rect(x: topLeft.x, y: topLeft.y, width: viewportSize.x / zoom, height: viewportSize.y / zoom)
    }

    /// Moves the view by `delta` window pixels: the map follows the finger.
    public mutating func pan(by delta: Vec2) {
        let next = origin + delta
        guard next.isFinite else { return }
        origin = next
    }

    /// Sets the zoom (clamped) so that the map point under `screenPoint` stays under it.
    public mutating func setZoom(_ newZoom: Double, about screenPoint: Vec2) {
        guard newZoom.isFinite, newZoom > 0, screenPoint.isFinite else { return }
        let anchor = mapPoint(ofScreen: screenPoint)
        let nextZoom = newZoom.clamped(to: zoomLimits)
        let nextOrigin = screenPoint - anchor * nextZoom
        guard nextOrigin.isFinite else { return }
        zoom = nextZoom
        origin = nextOrigin
    }

    /// Multiplies the zoom by `factor` about `screenPoint`; see `setZoom(_:about:)`.
    public mutating func zoom(by factor: Double, about screenPoint: Vec2) {
        setZoom(zoom * factor, about: screenPoint)
    }

    /// Puts `mapPoint` at `screenPoint` without changing the zoom.
    public mutating func place(mapPoint: Vec2, atScreen screenPoint: Vec2) {
        let next = screenPoint - mapPoint * zoom
        guard next.isFinite else { return }
        origin = next
    }

    /// Frames `mapRect` centred in the viewport with `marginPixels` around it, at the largest
    /// zoom that fits, but never above `maxZoom` (so a small map opens at 100%, not blown up).
    public mutating func frame(_ mapRect: Rect, viewportSize: Vec2, marginPixels: Double = 40, maxZoom: Double = 1) {
        let availableW = Swift.max(1, viewportSize.x - 2 * marginPixels)
        let availableH = Swift.max(1, viewportSize.y - 2 * marginPixels)
        var fit = Swift.min(availableW / Swift.max(mapRect.width, 1e-9), availableH / Swift.max(mapRect.height, 1e-9))
        fit = Swift.min(fit, maxZoom)
        guard fit.isFinite, fit > 0 else { return }
        zoom = fit.clamped(to: zoomLimits)
        place(mapPoint: mapRect.center, atScreen: viewportSize / 2)
    }

    /// The camera between two simulation states, for render interpolation.
    ///
    /// Zoom interpolates geometrically so that a zoom animation feels even at every scale.
    public func interpolated(to next: Camera, alpha: Double) -> Camera {
        guard alpha > 0 else { return self }
        guard alpha < 1 else { return next }
        var result = self
        result.origin = origin.interpolated(to: next.origin, alpha: alpha)
        let logZoom = (1 - alpha) * log(zoom) + alpha * log(next.zoom)
        result.zoom = exp(logZoom).clamped(to: zoomLimits)
        return result
    }
}

extension Comparable {
    func clamped(to limits: ClosedRange<Self>) -> Self {
        Swift.min(Swift.max(self, limits.lowerBound), limits.upperBound)
    }
}

/// A view of a map as a file keeps it: the map point at the middle of the window, and the zoom.
///
/// The middle rather than the camera's origin, so a map saved in a big window opens on the same
/// place in a small one.
public struct SavedView: Equatable, Sendable {
    public var center: Vec2
    public var zoom: Double

    public init(center: Vec2, zoom: Double) {
        self.center = center
        self.zoom = zoom
    }
}
