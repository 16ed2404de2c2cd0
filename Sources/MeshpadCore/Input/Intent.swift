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
    /// Live picture resize by its handle: the node's picture, its top-left corner staying at
    /// `from` (map), is pulled so its bottom-right corner comes as near `to` as its aspect allows.
    case resizePicture(NodeID, from: Vec2, to: Vec2)
    /// The resize handle was let go (or a second finger came): the resize is one undoable step.
    case commitPictureResize(NodeID)
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
    /// Long press or right click: the context menu for a node, or for the surface when `node` is nil.
    case context(node: NodeID?, position: Vec2)
    /// A tap on a node's fold badge.
    case toggleFold(NodeID)
    /// A tap on a node's link marker: open its link.
    case openLink(NodeID)
    /// A tap on a node's note marker: show its note.
    case openNote(NodeID)
    /// A tap on a node's attribute table: its header (fold or unfold it), or a row's name or value
    /// on a selected node (rename the row, or edit its value).
    case attributeTable(NodeID, AttributeTableLayout.Part)
    /// A tap on a task's box or a pill under a node's text (`position` in window pixels).
    case nodePart(NodeID, NodeChips.Part, position: Vec2)
    /// A tap near an edge, on no node.
    case selectEdge(EdgeID)
    /// A link being drawn: a rubber-band line from the node to this map point.
    case linkPreview(from: NodeID, to: Vec2)
    /// The link was released on another node: join them.
    case link(from: NodeID, to: NodeID)
    /// The link was released on no node (or a second finger came): drop the rubber band.
    case cancelLink
    /// A selection rectangle being drawn, in map units.
    case bandPreview(Rect, additive: Bool)
    /// The rectangle was released: select the nodes it touches (added to the selection if `additive`).
    case selectInRect(Rect, additive: Bool)
    case cancelBand
    /// Two or three fingers tapped together, none moving: undo (two) or redo (three).
    case multiFingerTap(fingers: Int)
}

/// What a drag does, chosen on the toolbar: the touch equivalents of the mouse's modifier keys.
public enum CanvasMode: Equatable, Sendable {
    /// Drag a node to move it, the surface to pan.
    case normal
    /// Drag from a node to another to link them (GraphPad's "Draw Edges").
    case link
    /// Drag on the surface to select with a rectangle; taps add to or remove from the selection.
    case select
}
