/// What a gesture means, decided by the `GestureRecognizer` and carried out by the `Workspace`.
public enum Intent: Equatable, Sendable {
    /// A tap on a node: select it alone, or toggle it (Ctrl/Shift held).
    case select(NodeID, toggle: Bool)
    /// A tap on the empty surface.
    case clearSelection
    /// Live node drag: these nodes are now at these map positions (no tween, no lag).
    case moveNodes([NodeID], to: [Vec2])
    /// A node drag ended (or was cut short by a second finger): one undoable step.
    case commitMove([NodeID], from: [Vec2], to: [Vec2])
    /// Move the view by a screen delta, in window pixels.
    case pan(Vec2)
    /// Put the camera exactly here (pinch: zoom and pan together).
    case setCamera(Camera)
    /// Zoom by a factor about a screen point (wheel, trackpad pinch).
    case zoom(by: Double, about: Vec2)
    /// A pan was released fast: keep gliding at this velocity (window pixels per second).
    case fling(velocity: Vec2)
    /// Any new touch stops a glide at once.
    case stopInertia
    /// Double tap or double click on a node: edit its text.
    case edit(NodeID)
    /// Double tap on the empty surface, at this map point (creates a node, with editing).
    case surfaceDoubleTap(mapPoint: Vec2)
    /// Long press: the context menu for a node, or for the surface when `node` is nil.
    case context(node: NodeID?, position: Vec2)
}
