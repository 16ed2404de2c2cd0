import Foundation

/// The view as the simulation advances it: the camera, with the previous step kept for
/// interpolation, and the nodes gliding into place.
///
/// Programmatic camera moves (the zoom keys, zoom to fit, centring, search) are tweens
/// and flick glides (`Inertia`) advanced at the fixed step; the renderer draws `camera(interpolatedBy:)` between the last two
/// steps so motion is smooth at any frame rate.
public struct ViewState: Sendable {
    public private(set) var camera: Camera
    public private(set) var previousCamera: Camera
    private var zoomAnimation: (tween: Tween, anchor: Vec2)?
    /// A flight to another camera (zoom to fit, centre on a node): zoom eases geometrically and
    /// the map point at `pivot` (a window point) travels in a straight line.
    private var flight: (tween: Tween, from: Camera, to: Camera, pivot: Vec2)?
    public private(set) var inertia: Inertia?
    /// Nodes gliding to where the document has them (undo, layout): drawn, not stored.
    public var glides = NodeAnimator()

    public static let zoomAnimationSeconds = 0.25
    public static let flightSeconds = 0.4

    public init(camera: Camera) {
        self.camera = camera
        previousCamera = camera
    }

    /// True while a tween is running, i.e. the loop must keep stepping and drawing.
    public var isAnimating: Bool {
        zoomAnimation != nil || flight != nil || inertia != nil || previousCamera != camera || glides.isAnimating
    }

    /// Replaces the camera at once (no tween), e.g. when a file is opened.
    public mutating func setCamera(_ newCamera: Camera) {
        zoomAnimation = nil
        flight = nil
        inertia = nil
        camera = newCamera
        previousCamera = newCamera
    }

    /// Moves the camera directly, for input that must follow the finger with no lag.
    public mutating func updateCamera(_ change: (inout Camera) -> Void) {
        zoomAnimation = nil
        flight = nil
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
        flight = nil
        zoomAnimation = (Tween(from: camera.zoom, to: clampedTarget, durationSeconds: Self.zoomAnimationSeconds), anchor)
    }

    /// Glides the camera to `target` (its zoom limits come along), pivoting about `pivot`
    /// (window pixels, usually the canvas centre).
    public mutating func fly(to target: Camera, pivot: Vec2) {
        guard pivot.isFinite, target.origin.isFinite, target.zoom.isFinite else { return }
        zoomAnimation = nil
        inertia = nil
        flight = (Tween(from: 0, to: 1, durationSeconds: Self.flightSeconds), camera, target, pivot)
    }

    /// Keeps the map at the window's centre there when the window changes size from `old` to
    /// `new` (window pixels), with any glide under way.
    ///
    /// why: a tiling compositor or a phone shell sizes the window at its first configure, and a
    /// tablet turns; a map centred for the size asked for would otherwise sit off to one side.
    public mutating func keepCentre(resizedFrom old: Vec2, to new: Vec2) {
        let shift = (new - old) / 2
        guard shift.isFinite, shift != Vec2(0, 0) else { return }
        camera.pan(by: shift)
        previousCamera.pan(by: shift)
        if var trip = flight {
            trip.from.pan(by: shift)
            trip.to.pan(by: shift)
            trip.pivot = trip.pivot + shift
            flight = trip
        }
        if var animation = zoomAnimation {
            animation.anchor = animation.anchor + shift
            zoomAnimation = animation
        }
    }

    /// Where the camera is heading: the flight's end while one runs.
    public var targetCamera: Camera { flight?.to ?? camera }

    /// The zoom the view is heading to: the tween's end while one runs.
    public var targetZoom: Double { zoomAnimation?.tween.to ?? flight?.to.zoom ?? camera.zoom }

    /// Advances every animation by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        glides.step(bySeconds: dt)
        previousCamera = camera
        if var glide = inertia {
            camera.pan(by: glide.step(bySeconds: dt))
            inertia = glide.isFinished ? nil : glide
        }
        if var trip = flight {
            trip.tween.step(bySeconds: dt)
            let t = trip.tween.value
            let zoom = exp(log(trip.from.zoom) * (1 - t) + log(trip.to.zoom) * t)
            let centre = trip.from.mapPoint(ofScreen: trip.pivot).interpolated(to: trip.to.mapPoint(ofScreen: trip.pivot), alpha: t)
            var next = Camera(origin: camera.origin, zoom: zoom, zoomLimits: trip.to.zoomLimits)
            next.place(mapPoint: centre, atScreen: trip.pivot)
            camera = trip.tween.isFinished ? trip.to : next
            flight = trip.tween.isFinished ? nil : trip
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
