/// The round handle at the bottom-right corner of a selected node's picture: dragged, it makes
/// the picture bigger or smaller, keeping its aspect (Freeplane's resize corner, made a finger's
/// size).
///
/// It sits in screen space, a fixed size at every zoom, tucked against the picture's corner
/// just outside it (pictures are drawn over the shapes, so a handle on the corner would be half
/// hidden). The scene builder draws it, the gesture recognizer hit-tests it and the state dump
/// lists it, all from this one geometry.
public enum PictureHandle {
    public static let radiusPixels = 11.0
    public static let mouseHitPixels = 14.0
    public static let touchHitPixels = 24.0
    /// A picture drawn smaller than this (its longer side, window pixels) has no handle: it would
    /// cover the picture.
    public static let minimumPicturePixels = 16.0
    /// What the state dump calls it: the words a screen reader would say.
    public static let label = "Resize picture"

    /// Whether `node`, if it is selected, shows a handle at this zoom: it has a picture that is
    /// drawn (a placeholder has no pixels to scale) and big enough on screen.
    public static func isShown(_ node: Node, zoom: Double) -> Bool {
        node.image != nil && node.imageFound && !node.isPlaceholder
            && max(node.imageSize.x, node.imageSize.y) * zoom >= minimumPicturePixels
    }

    /// The picture's top-left corner on the map, for the node drawn at `position`.
    public static func pictureOrigin(of node: Node, at position: Vec2) -> Vec2 {
        position + node.imageOffset - node.imageSize / 2
    }

    /// The picture's bottom-right corner on the map: what the handle drags.
    public static func pictureCorner(of node: Node, at position: Vec2) -> Vec2 {
        position + node.imageOffset + node.imageSize / 2
    }

    /// The handle's centre in window pixels, for the node drawn at `position`.
    public static func screenCenter(of node: Node, at position: Vec2, camera: Camera) -> Vec2 {
        camera.screenPoint(ofMap: pictureCorner(of: node, at: position)) + Vec2(radiusPixels, radiusPixels)
    }

    /// The selected node whose handle is under `point` (window pixels), if any; the nearest.
    public static func hit(at point: Vec2, document: Document, camera: Camera, selection: Set<NodeID>, touch: Bool) -> NodeID? {
        guard !selection.isEmpty else { return nil }
        let within = touch ? touchHitPixels : mouseHitPixels
        let reach = within + 2 * radiusPixels + 4
        let probe = Rect(center: camera.mapPoint(ofScreen: point), width: 2 * reach / camera.zoom, height: 2 * reach / camera.zoom)
        var best: (id: NodeID, distance: Double)?
        document.forEachNode(in: probe) { index in
            let node = document.nodes[index]
            guard selection.contains(node.id), isShown(node, zoom: camera.zoom) else { return }
            let d = screenCenter(of: node, at: node.position, camera: camera).distance(to: point)
            if d <= within, d < (best?.distance ?? .infinity) { best = (node.id, d) }
        }
        return best?.id
    }
}
