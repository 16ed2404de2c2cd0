/// Thresholds the gesture recognizer decides by; all distances in window pixels.
public struct GestureSettings: Equatable, Sendable {
    /// Movement under which a press is still a tap, for the mouse and for a finger.
    public var mouseSlopPixels = 4.0
    public var touchSlopPixels = 8.0
    /// Held this long without moving, a press becomes a long press (context).
    public var longPressSeconds = 0.5
    /// A second tap within this time and distance of the first is a double tap.
    public var doubleTapSeconds = 0.35
    public var doubleTapTouchPixels = 24.0
    public var doubleTapMousePixels = 6.0
    /// Every finger of a two- or three-finger tap (undo, redo) lands and lifts within this long
    /// of the first one landing.
    public var multiTapSeconds = 0.25
    /// Fingers are fat: a touch this close outside a node still hits it.
    public var touchHitMarginPixels = 8.0
    /// A tap this close to an edge (and on no node) selects the edge.
    public var mouseEdgeHitPixels = 5.0
    public var touchEdgeHitPixels = 22.0
    /// A pan released faster than this keeps gliding.
    public var flickMinimumSpeed = 300.0
    /// No glide starts faster than this, however fast the last events came (Android caps at ~8000 dp/s).
    public var flickMaximumSpeed = 6000.0
    /// Pan velocity is measured over this much of the most recent movement.
    public var velocityWindowSeconds = 0.1
    /// Wheel: pixels panned per notch, and the zoom factor per notch with Ctrl.
    public var wheelPanPixels = 48.0
    public var wheelZoomFactor = 1.15

    public init() {}
}
