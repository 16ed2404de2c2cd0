import Foundation

/// Decides what touches, mouse buttons and the wheel mean: tap, node drag, pan, pinch, long press.
///
/// A state machine over `State`; every transition is in the `switch`es below. It reads the
/// document (hit testing), the camera and the selection it is handed with each event, and
/// answers with `Intent`s; it changes nothing itself, so it is tested as a pure function of
/// its input. Time is passed in (seconds, any origin) so long presses, double taps and
/// velocities are deterministic in tests and replays.
///
/// Rules: a second finger on a gesture under way turns it into a pinch (a node drag in progress
/// is committed where it is); a second finger on a press that has not moved yet decides nothing
/// (`multiTouch`) until the fingers lift together (a two- or three-finger tap) or one passes the
/// slop (a pinch, or a pan with one finger left). Lifting one of two pinching fingers continues
/// as a pan with the other, with no jump; a third finger is ignored by a pinch. The mouse is
/// ignored while fingers are down, and fingers while a mouse gesture runs, so one physical
/// action is never two gestures.
public struct GestureRecognizer: Sendable {
    public enum Pointer: Hashable, Sendable {
        case mouse
        case finger(Int64)

        var isMouse: Bool { self == .mouse }
    }

    /// What a press turns into if it moves: decided when it lands, by button, modifiers and mode.
    enum PressKind: Equatable, Sendable {
        /// Drag a node, or pan the surface.
        case normal
        /// Draw a link from the pressed node (Link mode, the right button, or Alt).
        case link
        /// Draw a selection rectangle on the surface (Select mode, or Shift with the mouse).
        case band(additive: Bool)
        /// The right button on the surface: a click is the context menu, a drag does nothing.
        case secondary
    }

    struct Press: Sendable {
        var pointer: Pointer
        var start: Vec2
        var time: Double
        var node: NodeID?
        var modifiers: KeyModifiers
        var kind: PressKind = .normal
        /// The fold badge pressed, if any: a tap on it folds or unfolds its node.
        var badge: NodeID?
        /// The link or note marker pressed, if any: a tap on it opens the node's link or note.
        var marker: (node: NodeID, marker: NodeMarker)? = nil
        /// The part of the pressed node's attribute table, if any: a tap on its header folds it,
        /// on a row of a selected node edits the row (a drag still moves the node).
        var tablePart: AttributeTableLayout.Part?
        /// On a task's box or a pill under the text: a tap is theirs.
        var chipPart: NodeChips.Part?
        /// The right mouse button: a click is the context menu.
        var isSecondary = false
        /// The selected node whose picture's resize handle was pressed: a drag resizes the picture.
        var pictureHandle: NodeID?
    }

    struct LinkDrag: Sendable {
        var pointer: Pointer
        var from: NodeID
    }

    struct Band: Sendable {
        var pointer: Pointer
        var start: Vec2
        var additive: Bool
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

    /// A picture's resize handle following the pointer.
    struct PictureResize: Sendable {
        var pointer: Pointer
        var node: NodeID
        /// The picture's top-left corner on the map when the drag began: it stays put.
        var origin: Vec2
        /// Where on the map the pointer was from the picture's bottom-right corner: that offset
        /// is kept, so the handle does not jump to the finger.
        var grab: Vec2
    }

    struct Pan: Sendable {
        var pointer: Pointer
        var start: Vec2
        var last: Vec2
        var tracker: VelocityTracker
    }

    /// Fingers that landed together, none past the slop yet: maybe a two- or three-finger tap.
    struct MultiTouch: Sendable {
        /// When the first finger landed: every finger of a tap lands and lifts soon after.
        var firstLanding: Double
        /// Where each finger landed, lifted ones included; a pinch starts from here.
        var landings: [Int64: Vec2]
        /// False once something rules a tap out: too slow, too far, or a finger landing after
        /// another lifted. (Four fingers or more are never a tap: `tapFingers`.)
        var canTap = true
        var anyLifted = false

        /// Two or three fingers that landed and lifted in time without moving: undo or redo.
        var tapFingers: Int? { canTap && (2...3).contains(landings.count) ? landings.count : nil }

        mutating func land(_ id: Int64, at p: Vec2) {
            landings[id] = p
            // why: no time check here: a finger that lands late also lifts late.
            if anyLifted { canTap = false }
        }

        mutating func lift(_ id: Int64, at p: Vec2, time: Double, settings: GestureSettings) {
            anyLifted = true
            // why: a finger that slid off as it lifted moved, even if no move event said so.
            let landing = landings[id] ?? p
            if p.distance(to: landing) > settings.touchSlopPixels || time - firstLanding > settings.multiTapSeconds { canTap = false }
        }
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
        /// A selected node's picture being resized by its handle.
        case resizingPicture(PictureResize)
        case panning(Pan)
        case pinching(Pinch)
        /// Two or more fingers down and none past the slop: a multi-finger tap, or not yet a pinch.
        case multiTouch(MultiTouch)
        /// A rubber-band line from a node to the pointer; released on another node, it links them.
        case linking(LinkDrag)
        /// A selection rectangle from where the press began to the pointer.
        case banding(Band)
        /// After a long press fired (or a right-button drag), until the pointer is released.
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
    /// The toolbar's mode: what a drag from a node or on the surface does.
    public var mode: CanvasMode = .normal
    /// False in a read-only map: a drag from a node pans, and no link can be drawn.
    public var nodesMovable = true
    /// A filter's view (by node index): nodes it hides are not there to press (nil: no filter hides).
    public var filterShown: [Bool]?
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
        case .idle, .pinching, .multiTouch: return nil
        case .pressed(let press): return press.pointer
        case .draggingNodes(let drag): return drag.pointer
        case .resizingPicture(let resize): return resize.pointer
        case .panning(let pan): return pan.pointer
        case .linking(let link): return link.pointer
        case .banding(let band): return band.pointer
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
            let intents = pointerLifted(.finger(id), at: last, time: time, document: document, camera: camera, selection: selection)
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
                return [.stopInertia] + beginPress(.mouse, at: p, time: time, modifiers: modifiers, secondary: true,
                                                   document: document, camera: camera, selection: selection)
            }
        case .mouseMove(let p, _):
            guard Self.isUsable(p) else { return [] }
            mousePosition = p
            guard activePointer == .mouse else { return [] }
            return pointerMoved(.mouse, to: p, time: time, document: document, camera: camera, selection: selection)
        case .mouseUp(_, let p, _):
            if Self.isUsable(p) { mousePosition = p }
            guard activePointer == .mouse else { return [] }
            return pointerLifted(.mouse, at: mousePosition, time: time, document: document, camera: camera, selection: selection)
        case .wheel(let delta, let p, let modifiers):
            return wheel(delta, at: p, modifiers: modifiers)
        case .key, .text, .textEditing, .windowResized, .quitRequested:
            return []
        }
    }

    /// The nodes a drag is moving now (none when no node is dragged).
    public var draggedNodes: [NodeID] {
        guard case .draggingNodes(let drag) = state else { return [] }
        return drag.ids
    }

    /// Ends a node drag or a picture resize where it is (a key made a command mid-drag):
    /// returns the commit of it so far, and ignores the rest of that pointer's gesture until it lifts.
    public mutating func interruptDrag() -> Intent? {
        switch state {
        case .draggingNodes(let drag):
            state = .holding(drag.pointer)
            return commitIntent(drag)
        case .resizingPicture(let resize):
            state = .holding(resize.pointer)
            return .commitPictureResize(resize.node)
        default:
            return nil
        }
    }

    /// Forgets every pointer and gesture (a modal dialog took over): events for pointers that
    /// were down are ignored until they land again. A node drag must be settled first.
    public mutating func cancelAll() {
        state = .idle
        fingers = [:]
        fingerOrder = []
        lastTap = nil
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
        if case .multiTouch(var touch) = state {
            touch.land(id, at: p)
            state = .multiTouch(touch)
            return []
        }
        switch fingers.count {
        case 1:
            return [.stopInertia] + beginPress(.finger(id), at: p, time: time, modifiers: [],
                                               document: document, camera: camera, selection: selection)
        case 2:
            if case .pressed(let press) = state, case .finger(let first) = press.pointer {
                // why: nothing is decided yet: the first finger's press no longer selects, drags
                // or long-presses, and the view waits for a finger to pass the slop.
                state = .multiTouch(MultiTouch(firstLanding: press.time, landings: [first: press.start]))
                lastTap = nil
                return fingerAdded(id, at: p, time: time, document: document, camera: camera, selection: selection)
            }
            // why: the first finger may have been left over from a gesture that ended in a fling.
            var intents: [Intent] = [.stopInertia]
            switch state {
            case .draggingNodes(let drag):
                if let commit = commitIntent(drag) { intents.append(commit) }
            case .resizingPicture(let resize):
                intents.append(.commitPictureResize(resize.node))
            case .linking:
                intents.append(.cancelLink)
            case .banding:
                intents.append(.cancelBand)
            default:
                break
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
        _ pointer: Pointer, at p: Vec2, time: Double, modifiers: KeyModifiers, secondary: Bool = false,
        document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        let marker = secondary ? nil : NodeMarker.hit(at: p, document: document, camera: camera, touch: !pointer.isMouse)
        // why: a badge and a handle near each other share the press: a tap is the badge's, a drag the handle's.
        let handle = secondary || marker != nil || !nodesMovable ? nil
            : PictureHandle.hit(at: p, document: document, camera: camera, selection: selection, touch: !pointer.isMouse)
        let badge = marker != nil ? nil : FoldBadge.hit(at: p, document: document, camera: camera, selection: selection, touch: !pointer.isMouse)
        let margin = pointer.isMouse ? 0 : settings.touchHitMarginPixels / camera.zoom
        let node = handle ?? (badge == nil && marker == nil
            ? document.topmostNode(at: camera.mapPoint(ofScreen: p), margin: margin, selection: selection, shown: filterShown) : nil)
        var kind = PressKind.normal
        if secondary {
            kind = node == nil ? .secondary : .link
        } else if node != nil {
            if mode == .link || (pointer.isMouse && modifiers.contains(.alt)) { kind = .link }
        } else if badge == nil && marker == nil {
            if mode == .select { kind = .band(additive: modifiers.contains(.shift) || modifiers.contains(.ctrl)) }
            else if pointer.isMouse && modifiers.contains(.shift) { kind = .band(additive: true) }
        }
        if (!nodesMovable && kind == .link) || handle != nil { kind = .normal }
        var press = Press(pointer: pointer, start: p, time: time, node: node, modifiers: modifiers, kind: kind, badge: badge, isSecondary: secondary)
        press.marker = marker
        press.pictureHandle = handle
        if let node, !secondary, kind == .normal, handle == nil, let shown = document.node(node),
           let part = AttributeTableLayout(shown, at: shown.position)?.part(at: camera.mapPoint(ofScreen: p)) {
            if part.row != nil, !selection.contains(node) {} else { press.tablePart = part }
        }
        if let node, !secondary, kind == .normal, handle == nil, press.tablePart == nil, let shown = document.node(node),
           shown.task != nil || shown.chipsSize.y > 0 {
            // A finger may land a little outside a small box or pill.
            let slack = pointer.isMouse ? 0 : 12 / camera.zoom
            press.chipPart = NodeChips(shown, at: shown.position).part(at: camera.mapPoint(ofScreen: p), slack: slack)
        }
        state = .pressed(press)
        return []
    }

    /// Starts a pinch with the fingers at `pa` and `pb`: where they are now, or where they landed.
    private mutating func beginPinch(_ a: Int64, _ b: Int64, from pa: Vec2? = nil, _ pb: Vec2? = nil, camera: Camera) {
        guard let pa = pa ?? fingers[a], let pb = pb ?? fingers[b] else { return }
        let centroid = (pa + pb) / 2
        state = .pinching(Pinch(a: a, b: b, startDistance: max(pa.distance(to: pb), 1),
                                startCamera: camera, anchor: camera.mapPoint(ofScreen: centroid)))
    }

    /// A finger of a multi-finger touch passed the slop: a pinch (or a pan, if one finger is left)
    /// as if it had begun where the fingers landed, so the view catches up in one step.
    private mutating func leaveMultiTouch(
        _ touch: MultiTouch, moving id: Int64, to p: Vec2, time: Double,
        document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        if fingerOrder.count >= 2 {
            let a = fingerOrder[0], b = fingerOrder[1]
            beginPinch(a, b, from: touch.landings[a], touch.landings[b], camera: camera)
            guard case .pinching(let pinch) = state else { return [] }
            return pinchCamera(pinch).map { [.setCamera($0)] } ?? []
        }
        // One finger is left (the others lifted): it pans, from where it landed.
        let pointer = Pointer.finger(id)
        let start = touch.landings[id] ?? p
        var tracker = VelocityTracker(windowSeconds: settings.velocityWindowSeconds)
        tracker.add(start, at: time)
        state = .panning(Pan(pointer: pointer, start: start, last: start, tracker: tracker))
        return pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)
    }

    /// The camera for a pinch with its fingers where they are now.
    private func pinchCamera(_ pinch: Pinch) -> Camera? {
        guard let pa = fingers[pinch.a], let pb = fingers[pinch.b] else { return nil }
        let centroid = (pa + pb) / 2
        var next = pinch.startCamera
        next.setZoom(pinch.startCamera.zoom * pa.distance(to: pb) / pinch.startDistance, about: centroid)
        next.place(mapPoint: pinch.anchor, atScreen: centroid)
        return next
    }

    private mutating func pointerMoved(
        _ pointer: Pointer, to p: Vec2, time: Double, document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        switch state {
        case .pressed(let press) where press.pointer == pointer:
            let slop = pointer.isMouse ? settings.mouseSlopPixels : settings.touchSlopPixels
            guard p.distance(to: press.start) > slop else { return [] }
            lastTap = nil
            if let id = press.pictureHandle, let shown = document.node(id) {
                let grab = camera.mapPoint(ofScreen: press.start) - PictureHandle.pictureCorner(of: shown, at: shown.position)
                state = .resizingPicture(PictureResize(pointer: pointer, node: id,
                                                       origin: PictureHandle.pictureOrigin(of: shown, at: shown.position), grab: grab))
                return pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)
            }
            switch press.kind {
            case .link:
                if let node = press.node {
                    state = .linking(LinkDrag(pointer: pointer, from: node))
                    return pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)
                }
            case .band(let additive):
                state = .banding(Band(pointer: pointer, start: press.start, additive: additive))
                return pointerMoved(pointer, to: p, time: time, document: document, camera: camera, selection: selection)
            case .secondary:
                state = .holding(pointer)
                return []
            case .normal:
                break
            }
            if let node = press.node, nodesMovable {
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

        case .resizingPicture(let resize) where resize.pointer == pointer:
            let corner = camera.mapPoint(ofScreen: p) - resize.grab
            guard corner.isFinite else { return [] }
            return [.resizePicture(resize.node, from: resize.origin, to: corner)]

        case .linking(let link) where link.pointer == pointer:
            return [.linkPreview(from: link.from, to: camera.mapPoint(ofScreen: p))]

        case .banding(let band) where band.pointer == pointer:
            return [.bandPreview(Self.mapRect(band.start, p, camera: camera), additive: band.additive)]

        case .panning(var pan) where pan.pointer == pointer:
            let delta = p - pan.last
            pan.last = p
            pan.tracker.add(p, at: time)
            state = .panning(pan)
            return delta == .zero ? [] : [.pan(delta)]

        case .pinching(let pinch):
            guard pointer == .finger(pinch.a) || pointer == .finger(pinch.b), let next = pinchCamera(pinch) else { return [] }
            return [.setCamera(next)]

        case .multiTouch(let touch):
            guard case .finger(let id) = pointer, let landing = touch.landings[id],
                  p.distance(to: landing) > settings.touchSlopPixels else { return [] }
            return leaveMultiTouch(touch, moving: id, to: p, time: time, document: document, camera: camera, selection: selection)

        default:
            return []
        }
    }

    private mutating func pointerLifted(
        _ pointer: Pointer, at p: Vec2, time: Double, document: Document, camera: Camera, selection: Set<NodeID>
    ) -> [Intent] {
        switch state {
        case .pressed(let press) where press.pointer == pointer:
            state = .idle
            if press.isSecondary {
                // A right click: the context menu, for the node under it or the surface.
                lastTap = nil
                return [.context(node: press.node, position: press.start)]
            }
            if let badge = press.badge {
                lastTap = nil
                return [.toggleFold(badge)]
            }
            if let marked = press.marker {
                lastTap = nil
                return [marked.marker == .link ? .openLink(marked.node) : .openNote(marked.node)]
            }
            if time - press.time >= settings.longPressSeconds {
                // The tick that would have fired it never came (a stalled loop): still a long press.
                lastTap = nil
                return [.context(node: press.node, position: press.start)]
            }
            if let node = press.node, let part = press.tablePart {
                lastTap = nil
                return [.attributeTable(node, part)]
            }
            if let node = press.node, let part = press.chipPart {
                lastTap = nil
                return [.nodePart(node, part, position: press.start)]
            }
            return tap(press, at: time, document: document, camera: camera)

        case .linking(let link) where link.pointer == pointer:
            state = .idle
            let margin = pointer.isMouse ? 0 : settings.touchHitMarginPixels / camera.zoom
            let target = document.topmostNode(at: camera.mapPoint(ofScreen: p), margin: margin, selection: selection, shown: filterShown)
            guard let target, target != link.from else { return [.cancelLink] }
            return [.link(from: link.from, to: target)]

        case .banding(let band) where band.pointer == pointer:
            state = .idle
            return [.selectInRect(Self.mapRect(band.start, p, camera: camera), additive: band.additive)]

        case .draggingNodes(let drag) where drag.pointer == pointer:
            state = .idle
            return commitIntent(drag).map { [$0] } ?? []

        case .resizingPicture(let resize) where resize.pointer == pointer:
            state = .idle
            return [.commitPictureResize(resize.node)]

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

        case .multiTouch(var touch):
            guard case .finger(let id) = pointer else { return [] }
            touch.lift(id, at: p, time: time, settings: settings)
            // why: the lifting finger is still counted here; it is forgotten after this returns.
            guard fingers.count <= 1 else {
                state = .multiTouch(touch)
                return []
            }
            state = .idle
            return touch.tapFingers.map { [.multiFingerTap(fingers: $0)] } ?? []

        default:
            return []
        }
    }

    /// The map rectangle between two window points.
    static func mapRect(_ a: Vec2, _ b: Vec2, camera: Camera) -> Rect {
        let p = camera.mapPoint(ofScreen: a), q = camera.mapPoint(ofScreen: b)
        return Rect(spanning: p, q)
    }

    private mutating func tap(_ press: Press, at time: Double, document: Document, camera: Camera) -> [Intent] {
        let radius = press.pointer.isMouse ? settings.doubleTapMousePixels : settings.doubleTapTouchPixels
        if let last = lastTap, last.isMouse == press.pointer.isMouse,
           time - last.time <= settings.doubleTapSeconds, press.start.distance(to: last.position) <= radius {
            lastTap = nil
            if let node = press.node { return [.edit(node)] }
            return [.surfaceDoubleTap(mapPoint: camera.mapPoint(ofScreen: press.start))]
        }
        lastTap = Tap(time: time, position: press.start, isMouse: press.pointer.isMouse)
        let toggle = !press.modifiers.intersection([.ctrl, .shift]).isEmpty || mode == .select
        if let node = press.node { return [.select(node, toggle: toggle)] }
        let tolerance = (press.pointer.isMouse ? settings.mouseEdgeHitPixels : settings.touchEdgeHitPixels) / camera.zoom
        if !toggle, let edge = document.topmostEdge(at: camera.mapPoint(ofScreen: press.start), tolerance: tolerance, shown: filterShown) {
            return [.selectEdge(edge)]
        }
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
