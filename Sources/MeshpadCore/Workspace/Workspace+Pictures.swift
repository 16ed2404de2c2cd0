/// A node's picture resized by touch or mouse: its handle dragged (the recognizer's
/// `.resizePicture` moves, one `.resize` transaction until it lets go), or put back to the size
/// it came at (Original size, in the node's menu). The size is the picture's `imageScale`, a
/// `setDetails` change, so it is kept in `.meshpad` and `.mm` (Freeplane's `SIZE`) and undone
/// as one step.
extension Workspace {
    /// The handle moved: the picture is scaled (aspect kept, within `NodeSizing.imageScaleLimits`)
    /// so its bottom-right corner comes as near `corner` as it can, its top-left corner staying at
    /// `origin`; the node grows or shrinks round it. The first move opens the resize's
    /// transaction (ending a text edit as its own step); each is recorded as it happens.
    mutating func resizePicture(_ id: NodeID, from origin: Vec2, to corner: Vec2) {
        guard !lockdown.isReadOnly, editing?.node != id, let node = document.node(id), let path = node.image,
              let pixels = measures.sizing.imagePixels(path) else { return }
        if history.open?.purpose != .resize { begin("picture size", for: .resize) }
        var details = node.details
        details.imageScale = NodeSizing.imageScale(pixels: pixels, reaching: corner - origin)
        if details != node.details { record(.setDetails(node: id, from: node.details, to: details), glide: false) }
        // why: the corner under the finger is the one that moves; the rest of the picture stays
        // where it was, so the node grows right and down as the picture does.
        guard let grown = document.node(id) else { return }
        let target = origin - (PictureHandle.pictureOrigin(of: grown, at: grown.position) - grown.position)
        if let move = Change.move([(id, target)], in: document) { record(move, glide: false) }
    }

    /// The handle was let go: the resize is one step, and a tree-mode map is laid out round the
    /// node's new size (its neighbours glide aside).
    mutating func endPictureResize() {
        guard history.open?.purpose == .resize else { return }
        commit()
    }

    /// Original size: the picture is shown at the size it came at again (its own pixels, at most
    /// `NodeSizing.largestImageWidth` wide), one undo step.
    mutating func resetPictureSize(of id: NodeID) {
        changeDetails(of: id, "picture size", relayout: true) { $0.imageScale = nil }
    }

    /// The resize handles on screen now, with their centres in window pixels: one on each
    /// selected node's picture while the map can be changed and the picture is not hidden by
    /// its text being edited. What the scene draws and the state dump lists.
    public var pictureHandles: [(node: NodeID, center: Vec2)] {
        guard !lockdown.isReadOnly else { return [] }
        let camera = view.camera
        return selection.nodes.sorted().compactMap { id in
            guard id != editing?.node, !document.isHidden(id), let node = document.node(id),
                  PictureHandle.isShown(node, zoom: camera.zoom) else { return nil }
            return (id, PictureHandle.screenCenter(of: node, at: node.position, camera: camera))
        }
    }
}

extension Workspace {
    /// Keeps the small pictures a save found on disk inside the map (`Document.keepPictures`), so
    /// this save and every later one carry them, even once the files are gone. No change is
    /// recorded: the bytes are not content.
    public mutating func keepPictures(_ found: [String: PictureEmbedding.Found]) {
        document.keepPictures(found)
    }
}
