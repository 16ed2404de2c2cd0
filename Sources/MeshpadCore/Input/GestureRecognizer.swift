import Foundation

/// Decides what touches, mouse buttons and the wheel mean: tap, node drag, pan, pinch, long press.
///
/// A state machine over `State`; every transition is in the `switch`es below. It reads the
/// document (hit testing), the camera and the selection it is handed with each event, and
/// answers with `Intent`s; it changes nothing itself, so it is tested as a pure function of
/// its input. Time is passed in (seconds, any origin) so long presses, double taps and
/// velocities are deterministic in tests and replays.
///
/// Rules: a second finger turns any one-finger gesture into a pinch (a node drag in progress is
/// committed where it is); lifting one of two fingers continues as a pan with the other, with
/// no jump; a third finger is ignored. The mouse is ignored while fingers are down, and
/// fingers while a mouse gesture runs, so one physical action is never two gestures.
public struct GestureRecognizer: Sendable {
    public enum Pointer: Hashable, Sendable {
        case mouse
        case finger(Int64)

        var isMouse: Bool { self == .mouse }
    }

    struct Press: Sendable {
        var pointer: Pointer
        var start: Vec2
        var time: Double
        var node: NodeID?
        var modifiers: KeyModifiers
    }

    struct NodeDrag: Sendable {
        var pointer: Pointer
        var startPointer: Vec2
        /// The map point under the pointer when the drag began: it stays under the pointer.
        var grabbedMapPoint: Vec2
        var ids: [NodeID]
        var starts: [Vec2]
        var current: [Vec2]
    }

    struct Pan: Sendable {
        var pointer: Pointer
        var start: Vec2
        var last: Vec2
        var tracker: VelocityTracker
    }

    struct Pinch: Sendable {
        var a: Int64
        var b: Int64
        var startDistance: Double
        var startCamera: Camera
        /// The map point under the two-finger centroid at the start: it stays under the centroid.
        var anchor: Vec2
    }

    enum State: Sendable {
        case idle
        case pressed(Press)
        case draggingNodes(NodeDrag)
        case panning(Pan)
        case pinching(Pinch)
        /// After a long press fired, until the pointer is released.
        case holding(Pointer)
    }

    struct Tap: Sendable {
        var time: Double
        var position: Vec2
        var isMouse: Bool
    }

    /// Positions further out than this (window pixels) are not from any real screen: such
    /// events are dropped, so a corrupt event stream cannot push the camera to infinity.
    public static let coordinateLimit = 1e7

    static func isUsable(_ p: Vec2) -> Bool {
        p.isFinite && abs(p.x) <= coordinateLimit && abs(p.y) <= coordinateLimit
    }

    public var settings: GestureSettings
    private(set) var state: State = .idle
    private var fingers: [Int64: Vec2] = [:]
    private var fingerOrder: [Int64] = []
    private var lastTap: Tap?

    public init(settings: GestureSettings = GestureSettings()) {
        self.settings = settings
    }

    /// How many fingers are on the glass.
    public var fingerCount: Int { fingers.count }

    /// True while a gesture is in progress (a finger or button is down).
    public var isActive: Bool {
        if case .idle = state { return false }
        return true
    }

    /// When `tick` must next be called for a long press to fire on time; nil when none is pending.
    public var nextDeadline: Double? {
        if case .pressed(let press) = state { return press.time + settings.longPressSeconds }
        return nil
    }

    /// How far the current drag or pan has moved, in window pixels (the debug HUD shows it).
    public var dragOffset: Vec2 {
        switch state {
        case .draggingNodes(let drag):
            guard let p = position(of: drag.pointer) else { return .zero }
            return p - drag.startPointer
        case .panning(let pan):
            return pan.last - pan.start
        default:
            return .zero
        }
    }

    private var mousePosition: Vec2 = .zero

    private func position(of pointer: Pointer) -> Vec2? {
        switch pointer {
        case .mouse: return mousePosition
        case .finger(let id): return fingers[id]
        }
    }

    /// The pointer the current single-pointer gesture follows.
    private var activePointer: Pointer? {
        switch state {
        case .idle, .pinching: return nil
        case .pressed(let press): return press.pointer
        case .draggingNodes(let drag): return drag.pointer
        case .panning(let pan): return pan.pointer
        case .holding(let pointer): return pointer
        }
    }

    // MARK: - Events

    public mutating func handle(
        _ event: InputEvent, at time: Double, document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        switch event {
        case .fingerDown(let id, let p):
            guard Self.isUsable(p), fingers[id] == nil else { return [] }
            fingers[id] = p
            fingerOrder.append(id)
            if activePointer == .mouse { return [] }
            return fingerAdded(id, at: p, time: time, document: document, camera: camera, selection: selection)
        case .fingerMove(let id, let p):
            guard Self.isUsable(p), fingers[id] != nil else { return [] }
            fingers[id] = p
            return pointerMoved(.finger(id), to: p, time: time, document: document, camera: camera, selection: selection)
        case .fingerUp(let id, let p):
            guard fingers[id] != nil else { return [] }
            if Self.isUsable(p) { fingers[id] = p }
            let last = fingers[id] ?? p
            let intents = pointerLifted(.finger(id), at: last, time: time, camera: camera)
            fingers[id] = nil
            fingerOrder.removeAll { $0 == id }
            return intents
        case .mouseDown(let button, let p, _, let modifiers):
            guard Self.isUsable(p), fingers.isEmpty, case .idle = state else { return [] }
            mousePosition = p
            switch button {
            case .left:
                return [.stopInertia] + beginPress(.mouse, at: p, time: time, modifiers: modifiers,
                                                   document: document, camera: camera, selection: selection)
            case .middle:
                // why: a middle-button drag pans anywhere, even starting on a node, as in most canvases.
                state = .panning(Pan(pointer: .mouse, start: p, last: p, tracker: VelocityTracker(windowSeconds: settings.velocityWindowSeconds)))
                return [.stopInertia]
            case .right:
                return []
            }
        case .mouseMove(let p, _):
            guard Self.isUsable(p) else { return [] }
            mousePosition = p
            guard activePointer == .mouse else { return [] }
            return pointerMoved(.mouse, to: p, time: time, document: document, camera: camera, selection: selection)
        case .mouseUp(_, let p, _):
            if Self.isUsable(p) { mousePosition = p }
            guard activePointer == .mouse else { return [] }
            return pointerLifted(.mouse, at: mousePosition, time: time, camera: camera)
        case .wheel(let delta, let p, let modifiers):
            return wheel(delta, at: p, modifiers: modifiers)
        case .key, .text, .windowResized, .quitRequested:
            return []
        }
    }

    /// Fires time-based gestures (long press) that are due at `time`.
    public mutating func tick(at time: Double) -> [Intent] {
        guard case .pressed(let press) = state, time - press.time >= settings.longPressSeconds else { return [] }
        state = .holding(press.pointer)
        lastTap = nil
        return [.context(node: press.node, position: press.start)]
    }

    // MARK: - Transitions

    private mutating func fingerAdded(
        _ id: Int64, at p: Vec2, time: Double, document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        switch fingers.count {
        case 1:
            return [.stopInertia] + beginPress(.finger(id), at: p, time: time, modifiers: [],
                                               document: document, camera: camera, selection: selection)
        case 2:
            // why: the first finger may have been left over from a gesture that ended in a fling.
            var intents: [Intent] = [.stopInertia]
            if case .draggingNodes(let drag) = state, let commit = commitIntent(drag) {
                intents.append(commit)
            }
            let pair = Array(fingerOrder.prefix(2))
            beginPinch(pair[0], pair[1], camera: camera)
            lastTap = nil
            return intents
        default:
            return []
        }
    }

    private mutating func beginPress(
        _ pointer: Pointer, at p: Vec2, time: Double, modifiers: KeyModifiers,
        document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        let margin = pointer.isMouse ? 0 : settings.touchHitMarginPixels / camera.zoom
        let node = document.topmostNode(at: camera.mapPoint(ofScreen: p), margin: margin, selection: selection)
        state = .pressed(Press(pointer: pointer, start: p, time: time, node: node, modifiers: modifiers))
        return []
    }

    private mutating func beginPinch(_ a: Int64, _ b: Int64, camera: Camera) {
        guard let pa = fingers[a], let pb = fingers[b] else { return }
        let centroid = (pa + pb) / 2
        state = .pinching(Pinch(a: a, b: b, startDistance: max(pa.distance(to: pb), 1),
                                startCamera: camera, anchor: camera.mapPoint(ofScreen: centroid)))
    }

    private mutating func pointerMoved(
        _ pointer: Pointer, to p: Vec2, time: Double, document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        switch state {
        case .pressed(let press) where press.pointer == pointer:
            let slop = pointer.isMouse ? settings.mouseSlopPixels : settings.touchSlopPixels
            guard p.distance(to: press.start) > slop else { return [] }
            lastTap = nil
            if let node = press.node {
                var intents: [Intent] = []
                let ids: [NodeID]
                if selection.contains(node) {
                    ids = document.nodes.lazy.map(\.id).filter { selection.contains($0) }
                } else {
                    ids = [node]
                    intents.append(.select(node, toggle: false))
                }
                let starts = ids.map { document.node($0)?.position ?? .zero }
                state = .draggingNodes(NodeDrag(pointer: pointer, startPointer: press.start,
                                                grabbedMapPoint: camera.mapPoint(ofScreen: press.start),
                                                ids: ids, starts: starts, current: starts))
                return intents + pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)
            }
            var tracker = VelocityTracker(windowSeconds: settings.velocityWindowSeconds)
            tracker.add(press.start, at: press.time)
            state = .panning(Pan(pointer: pointer, start: press.start, last: press.start, tracker: tracker))
            return pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)

        case .draggingNodes(var drag) where drag.pointer == pointer:
            let offset = camera.mapPoint(ofScreen: p) - drag.grabbedMapPoint
            guard offset.isFinite else { return [] }
            drag.current = drag.starts.map { $0 + offset }
            state = .draggingNodes(drag)
            return [.moveNodes(drag.ids, to: drag.current)]

        case .panning(var pan) where pan.pointer == pointer:
            let delta = p - pan.last
            pan.last = p
            pan.tracker.add(p, at: time)
            state = .panning(pan)
            return delta == .zero ? [] : [.pan(delta)]

        case .pinching(let pinch):
            guard pointer == .finger(pinch.a) || pointer == .finger(pinch.b),
                  let pa = fingers[pinch.a], let pb = fingers[pinch.b] else { return [] }
            let centroid = (pa + pb) / 2
            var next = pinch.startCamera
            next.setZoom(pinch.startCamera.zoom * pa.distance(to: pb) / pinch.startDistance, about: centroid)
            next.place(mapPoint: pinch.anchor, atScreen: centroid)
            return [.setCamera(next)]

        default:
            return []
        }
    }

    private mutating func pointerLifted(_ pointer: Pointer, at p: Vec2, time: Double, camera: Camera) -> [Intent] {
        switch state {
        case .pressed(let press) where press.pointer == pointer:
            state = .idle
            if time - press.time >= settings.longPressSeconds {
                // The tick that would have fired it never came (a stalled loop): still a long press.
                lastTap = nil
                return [.context(node: press.node, position: press.start)]
            }
            return tap(press, at: time, camera: camera)

        case .draggingNodes(let drag) where drag.pointer == pointer:
            state = .idle
            return commitIntent(drag).map { [$0] } ?? []

        case .panning(let pan) where pan.pointer == pointer:
            if case .finger(let id) = pointer, let other = fingerOrder.first(where: { $0 != id }), let position = fingers[other] {
                // Another finger is still down (one left over from a three-finger touch): it pans on.
                var tracker = VelocityTracker(windowSeconds: settings.velocityWindowSeconds)
                tracker.add(position, at: time)
                state = .panning(Pan(pointer: .finger(other), start: position, last: position, tracker: tracker))
                return []
            }
            state = .idle
            var velocity = pan.tracker.velocity(at: time)
            let speed = velocity.length
            guard speed >= settings.flickMinimumSpeed else { return [] }
            if speed > settings.flickMaximumSpeed { velocity = velocity * (settings.flickMaximumSpeed / speed) }
            return [.fling(velocity: velocity)]

        case .pinching(let pinch):
            guard case .finger(let id) = pointer, id == pinch.a || id == pinch.b else { return [] }
            let remaining = id == pinch.a ? pinch.b : pinch.a
            guard let position = fingers[remaining] else {
                state = .idle
                return []
            }
            var tracker = VelocityTracker(windowSeconds: settings.velocityWindowSeconds)
            tracker.add(position, at: time)
            state = .panning(Pan(pointer: .finger(remaining), start: position, last: position, tracker: tracker))
            return []

        case .holding(let held) where held == pointer:
            state = .idle
            return []

        default:
            return []
        }
    }

    private mutating func tap(_ press: Press, at time: Double, camera: Camera) -> [Intent] {
        let radius = press.pointer.isMouse ? settings.doubleTapMousePixels : settings.doubleTapTouchPixels
        if let last = lastTap, last.isMouse == press.pointer.isMouse,
           time - last.time <= settings.doubleTapSeconds, press.start.distance(to: last.position) <= radius {
            lastTap = nil
            if let node = press.node { return [.edit(node)] }
            return [.surfaceDoubleTap(mapPoint: camera.mapPoint(ofScreen: press.start))]
        }
        lastTap = Tap(time: time, position: press.start, isMouse: press.pointer.isMouse)
        let toggle = !press.modifiers.intersection([.ctrl, .shift]).isEmpty
        if let node = press.node { return [.select(node, toggle: toggle)] }
        return toggle ? [] : [.clearSelection]
    }

    private func commitIntent(_ drag: NodeDrag) -> Intent? {
        drag.current == drag.starts ? nil : .commitMove(drag.ids, from: drag.starts, to: drag.current)
    }

    private func wheel(_ delta: Vec2, at p: Vec2, modifiers: KeyModifiers) -> [Intent] {
        // Real wheels and trackpads report a few notches per event, never thousands.
        guard Self.isUsable(p), delta.isFinite, abs(delta.x) <= 1000, abs(delta.y) <= 1000, delta != .zero else { return [] }
        if modifiers.contains(.ctrl) {
            // why: a fractional exponent, so a trackpad's small precise steps zoom smoothly.
            let factor = exp(delta.y * log(settings.wheelZoomFactor))
            return [.stopInertia, .zoom(by: factor, about: p)]
        }
        let step = settings.wheelPanPixels
        if modifiers.contains(.shift) {
            return [.stopInertia, .pan(Vec2(delta.y * step, 0))]
        }
        // Wheel up (positive y) shows what is above: the content moves down.
        return [.stopInertia, .pan(Vec2(-delta.x * step, delta.y * step))]
    }
}
