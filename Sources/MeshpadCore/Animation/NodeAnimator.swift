/// Glides nodes from where they are drawn to where the document says they are.
///
/// The document always holds the settled positions (what is saved, what a state dump
/// reports); the animator only changes where nodes are *drawn* while a programmatic move
/// (undo, redo, layout) eases into place. Nodes that start moving together share one glide —
/// one tween, however many nodes — so a layout that moves 100,000 nodes costs one tween step a
/// fixed step, and a frame looks up only the nodes it draws.
public struct NodeAnimator: Sendable {
    struct Glide: Sendable {
        var from: [Vec2]
        var to: [Vec2]
        var tween: Tween
        /// Eased progress at the last two steps, for drawing between them.
        var previous = 0.0
        var current = 0.0
    }

    public static let durationSeconds = 0.3
    private var glides: [Int: Glide] = [:]
    /// Which glide, and which slot in it, each moving node follows (the latest one it joined).
    private var owner: [NodeID: (glide: Int, slot: Int)] = [:]
    private var nextGlide = 0

    public init() {}

    public var isAnimating: Bool { !glides.isEmpty }

    /// How many nodes are gliding.
    public var count: Int { owner.count }

    /// Starts gliding `id` from `from` to `to`; a node already gliding starts from where it is drawn.
    public mutating func animate(_ id: NodeID, from: Vec2, to: Vec2) {
        animate([(id, from, to)])
    }

    /// Starts one glide for many nodes. A node already gliding starts from where it is drawn now.
    public mutating func animate(_ moves: [(id: NodeID, from: Vec2, to: Vec2)]) {
        var glide = Glide(from: [], to: [], tween: Tween(from: 0, to: 1, durationSeconds: Self.durationSeconds))
        glide.from.reserveCapacity(moves.count)
        glide.to.reserveCapacity(moves.count)
        let number = nextGlide
        nextGlide += 1
        for move in moves {
            let start = position(of: move.id, alpha: 1) ?? move.from
            guard start != move.to, start.isFinite, move.to.isFinite else {
                owner[move.id] = nil
                continue
            }
            owner[move.id] = (number, glide.from.count)
            glide.from.append(start)
            glide.to.append(move.to)
        }
        if !glide.from.isEmpty { glides[number] = glide }
    }

    /// Stops a glide: the node is drawn where the document has it (a finger grabbed it).
    public mutating func stop(_ id: NodeID) {
        owner[id] = nil
    }

    /// Stops every glide at once.
    public mutating func stopAll() {
        glides = [:]
        owner = [:]
    }

    public mutating func step(bySeconds dt: Double) {
        guard !glides.isEmpty else { return }
        var finished: [Int] = []
        for (number, var glide) in glides {
            if glide.tween.isFinished {
                // The last step ended on `to`, which is where the document has the nodes.
                finished.append(number)
                continue
            }
            glide.tween.step(bySeconds: dt)
            glide.previous = glide.current
            glide.current = glide.tween.value
            glides[number] = glide
        }
        guard !finished.isEmpty else { return }
        let done = Set(finished)
        for number in finished { glides[number] = nil }
        owner = owner.filter { !done.contains($0.value.glide) }
    }

    /// Where a gliding node is drawn, `alpha` of the way from the previous step to the current;
    /// nil for a node that is not gliding (it is drawn where the document has it).
    public func position(of id: NodeID, alpha: Double) -> Vec2? {
        guard let (number, slot) = owner[id], let glide = glides[number] else { return nil }
        let t = glide.previous + (glide.current - glide.previous) * min(max(alpha, 0), 1)
        return glide.from[slot].interpolated(to: glide.to[slot], alpha: t)
    }

    /// The gliding nodes' IDs.
    public var glidingIDs: Dictionary<NodeID, (glide: Int, slot: Int)>.Keys { owner.keys }

    /// Where gliding nodes are drawn for a frame `alpha` of the way between the last two steps.
    public func drawnPositions(interpolatedBy alpha: Double) -> DrawnPositions {
        DrawnPositions(animator: self, alpha: alpha)
    }
}

/// Where gliding nodes are drawn in one frame: looked up per node, never built whole, so a
/// frame that draws 200 of 100,000 gliding nodes looks up 200.
public struct DrawnPositions: Sendable {
    let animator: NodeAnimator
    let alpha: Double

    public static let none = DrawnPositions(animator: NodeAnimator(), alpha: 1)

    public var isEmpty: Bool { animator.count == 0 }
    public var count: Int { animator.count }
    public var ids: Dictionary<NodeID, (glide: Int, slot: Int)>.Keys { animator.glidingIDs }

    public subscript(id: NodeID) -> Vec2? { animator.position(of: id, alpha: alpha) }
}
