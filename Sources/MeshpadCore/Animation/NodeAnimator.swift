/// Glides nodes from where they are drawn to where the document says they are.
///
/// The document always holds the settled positions (what is saved, what a state dump
/// reports); the animator only changes where nodes are *drawn* while a programmatic move
/// (undo, redo, layout) eases into place. It keeps the previous step's positions so the frame
/// can be drawn interpolated, like the camera.
public struct NodeAnimator: Sendable {
    struct Track: Sendable {
        var from: Vec2
        var to: Vec2
        var tween: Tween
        var previous: Vec2
        var current: Vec2
    }

    public static let durationSeconds = 0.3
    private var tracks: [NodeID: Track] = [:]

    public init() {}

    public var isAnimating: Bool { !tracks.isEmpty }

    /// Starts gliding `id` from `from` to `to`; a node already gliding starts from where it is drawn.
    public mutating func animate(_ id: NodeID, from: Vec2, to: Vec2) {
        let start = tracks[id]?.current ?? from
        guard start != to, start.isFinite, to.isFinite else {
            tracks[id] = nil
            return
        }
        tracks[id] = Track(from: start, to: to, tween: Tween(from: 0, to: 1, durationSeconds: Self.durationSeconds),
                           previous: start, current: start)
    }

    /// Stops a glide: the node is drawn where the document has it (a finger grabbed it).
    public mutating func stop(_ id: NodeID) {
        tracks[id] = nil
    }

    public mutating func step(bySeconds dt: Double) {
        for (id, var track) in tracks {
            if track.tween.isFinished {
                // The last step ended on `to`, which is where the document has the node: drop it.
                tracks[id] = nil
                continue
            }
            track.tween.step(bySeconds: dt)
            track.previous = track.current
            track.current = track.from.interpolated(to: track.to, alpha: track.tween.value)
            tracks[id] = track
        }
    }

    /// Where gliding nodes are drawn, `alpha` of the way from the previous step to the current.
    public func drawnPositions(interpolatedBy alpha: Double) -> [NodeID: Vec2] {
        var positions: [NodeID: Vec2] = [:]
        for (id, track) in tracks {
            positions[id] = track.previous.interpolated(to: track.current, alpha: min(max(alpha, 0), 1))
        }
        return positions
    }
}
