/// The camera as the simulation advances it, with the previous step kept for interpolation.
///
/// Programmatic camera moves (the zoom keys now; zoom to fit and centring later) are tweens
/// and flick glides (`Inertia`) advanced at the fixed step; the renderer draws `camera(interpolatedBy:)` between the last two
/// steps so motion is smooth at any frame rate.
public struct ViewState: Sendable {
    public private(set) var camera: Camera
    public private(set) var previousCamera: Camera
    private var zoomAnimation: (tween: Tween, anchor: Vec2)?
    public private(set) var inertia: Inertia?

    public static let zoomAnimationSeconds = 0.25

    public init(camera: Camera) {
        self.camera = camera
        previousCamera = camera
    }

    /// True while a tween is running, i.e. the loop must keep stepping and drawing.
    public var isAnimating: Bool { zoomAnimation != nil || inertia != nil || previousCamera != camera }

    /// Replaces the camera at once (no tween), e.g. when a file is opened.
    public mutating func setCamera(_ newCamera: Camera) {
        zoomAnimation = nil
        inertia = nil
        camera = newCamera
        previousCamera = newCamera
    }

    /// Moves the camera directly, for input that must follow the finger with no lag.
    public mutating func updateCamera(_ change: (inout Camera) -> Void) {
        zoomAnimation = nil
        change(&camera)
    }

    /// Keeps the view gliding at `velocity` (window pixels per second), slowing with friction.
    public mutating func startInertia(velocity: Vec2) {
        let glide = Inertia(velocity: velocity)
        inertia = glide.isFinished ? nil : glide
    }

    /// Ends a glide at once, where it is (a finger touched the glass).
    public mutating func stopInertia() {
        inertia = nil
    }

    /// Glides the zoom to `targetZoom` (clamped) about `anchor`, in window pixels.
    public mutating func animateZoom(to targetZoom: Double, about anchor: Vec2) {
        guard targetZoom.isFinite, anchor.isFinite else { return }
        let clampedTarget = targetZoom.clamped(to: camera.zoomLimits)
        zoomAnimation = (Tween(from: camera.zoom, to: clampedTarget, durationSeconds: Self.zoomAnimationSeconds), anchor)
    }

    /// The zoom the view is heading to: the tween's end while one runs.
    public var targetZoom: Double { zoomAnimation?.tween.to ?? camera.zoom }

    /// Advances every animation by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        previousCamera = camera
        if var glide = inertia {
            camera.pan(by: glide.step(bySeconds: dt))
            inertia = glide.isFinished ? nil : glide
        }
        guard var animation = zoomAnimation else { return }
        animation.tween.step(bySeconds: dt)
        camera.setZoom(animation.tween.value, about: animation.anchor)
        zoomAnimation = animation.tween.isFinished ? nil : animation
    }

    /// The camera to draw with, `alpha` (0...1) of the way from the previous step to the current.
    public func camera(interpolatedBy alpha: Double) -> Camera {
        previousCamera.interpolated(to: camera, alpha: alpha)
    }
}
