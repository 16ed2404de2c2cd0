import Foundation

/// A force-directed layout that animates: springs along every edge, every node pushing the others.
///
/// Fruchterman–Reingold: each edge pulls its ends together with `d² / L` (`L`, its ideal
/// length, is the two nodes' half-diagonals plus `spacing`), every pair of nodes pushes apart
/// with `K² / d` (`K`, 0.7 × the average ideal length) and, where their circumscribed circles
/// overlap, by half the overlap besides, summed through a Barnes–Hut quadtree
/// (θ = 1) in O(n log n), and a weak pull towards the root keeps unconnected parts from
/// drifting off. The root stays where it is. Each step moves a node along its net force by at
/// most the temperature, which cools geometrically from a tenth of the map's span (at least
/// the mean ideal length); the layout is settled once no node moved `settleDistance`, which cooling guarantees within
/// `stepLimit` steps. Tree and link edges pull alike; nodes hidden in folded subtrees take no
/// part and stay behind the folded node.
///
/// It starts from the nodes' current positions; nodes sharing one are first spread apart by
/// a `SeededGenerator`, so the same document and seed always give the same result.
/// `step(bySeconds:)` runs one iteration per fixed step (1/120 s), so the app can show it move;
/// `run` goes straight to the end. A step costs ~10–13 ms at 10,000 nodes and ~130–180 ms at
/// 100,000 (release, `meshpad bench`, a shared 2-core machine), so a large map animates at
/// fewer steps a second than the loop's 120; maps settle in a few hundred steps.
public struct ForceLayout: Sendable {
    /// Where every node is now, in the order of the document's nodes (hidden ones at their stand-in).
    public private(set) var positions: [Vec2]
    public let nodeIDs: [NodeID]
    /// The most a node may move in the next step, in map units.
    public private(set) var temperature: Double
    /// Iterations run so far.
    public private(set) var stepCount = 0
    /// How far the farthest-moving node went in the last step.
    public private(set) var lastLargestMove = Double.infinity
    /// True once a step moved no node as far as `settleDistance`; further steps do nothing.
    public private(set) var isSettled = false
    /// A step after which this layout is settled whatever happens: cooling alone gets there.
    public let stepLimit: Int

    /// Below this largest move per step (map units) the layout counts as still.
    public let settleDistance: Double
    /// The temperature's factor per step.
    public let cooling: Double
    /// Barnes–Hut opening angle: larger is faster and coarser.
    public let theta = 1.0

    private var clock: FixedStepClock
    // The simulation works on the visible nodes only, by slot.
    private var x: [Double]
    private var y: [Double]
    private var forceX: [Double]
    private var forceY: [Double]
    private let nodeOfSlot: [Int32]
    private let pinnedSlot: Int
    private let edgeFrom: [Int32]
    private let edgeTo: [Int32]
    private let idealLength: [Double]
    private let radius: [Double]
    /// Hidden nodes and the node (by index) each sits behind.
    private let hiddenNodes: [(node: Int32, standIn: Int32)]
    private let repulsionStrength: Double
    private let minimumDistance: Double
    private let gravity = 0.01
    private let centre: Vec2
    private var quadtree = BarnesHutTree()

    /// Positions beyond this many map units from the origin are pulled in, so squares of
    /// distances stay finite.
    static let coordinateLimit = 1e9

    /// Starts from the document's positions. `spacing` is the gap an edge aims for between its
    /// nodes' shapes; `stepSeconds` is the fixed step `step(bySeconds:)` runs iterations at.
    public init(document: Document, seed: UInt64 = 1, spacing: Double = 60, settleDistance: Double = 0.5,
                cooling: Double = 0.97, stepSeconds: Double = 1.0 / 120) {
        let hierarchy = LayoutHierarchy(document)
        let nodes = document.nodes
        nodeIDs = nodes.map(\.id)
        self.settleDistance = settleDistance.isFinite && settleDistance > 0 ? settleDistance : 0.5
        self.cooling = cooling.isFinite && cooling > 0 && cooling < 1 ? cooling : 0.97
        clock = FixedStepClock(stepSeconds: stepSeconds.isFinite && stepSeconds > 0 ? stepSeconds : 1.0 / 120)
        let spacing = spacing.isFinite ? max(spacing, 1) : 60

        var slotOfNode = [Int32](repeating: -1, count: nodes.count)
        var nodeOfSlot: [Int32] = []
        var hiddenNodes: [(node: Int32, standIn: Int32)] = []
        for i in nodes.indices {
            if hierarchy.hidden[i] {
                hiddenNodes.append((Int32(i), hierarchy.standIn[i]))
            } else {
                slotOfNode[i] = Int32(nodeOfSlot.count)
                nodeOfSlot.append(Int32(i))
            }
        }
        self.nodeOfSlot = nodeOfSlot
        self.hiddenNodes = hiddenNodes
        pinnedSlot = Int(slotOfNode[0])
        let limit = Self.coordinateLimit
        x = nodeOfSlot.map { min(max(nodes[Int($0)].position.x, -limit), limit) }
        y = nodeOfSlot.map { min(max(nodes[Int($0)].position.y, -limit), limit) }
        forceX = Array(repeating: 0, count: nodeOfSlot.count)
        forceY = Array(repeating: 0, count: nodeOfSlot.count)
        centre = Vec2(x[pinnedSlot], y[pinnedSlot])

        let radius = nodeOfSlot.map { slot -> Double in
            let size = nodes[Int(slot)].size
            let r = (size.x * size.x + size.y * size.y).squareRoot() / 2
            return r.isFinite ? r : 0
        }
        var edgeFrom: [Int32] = [], edgeTo: [Int32] = [], idealLength: [Double] = []
        for e in document.edges.indices {
            let ends = document.endpoints(ofEdgeAt: e)
            let a = slotOfNode[ends.from], b = slotOfNode[ends.to]
            guard a >= 0, b >= 0, a != b else { continue }
            edgeFrom.append(a)
            edgeTo.append(b)
            idealLength.append(radius[Int(a)] + radius[Int(b)] + spacing)
        }
        self.edgeFrom = edgeFrom
        self.edgeTo = edgeTo
        self.idealLength = idealLength
        self.radius = radius
        let averageLength = 2 * radius.reduce(0, +) / Double(max(radius.count, 1)) + spacing
        // why: at the mean ideal length itself, repulsion summed over many nodes stretches edges
        // to ~3× their length; 0.7 of it gives ~2×, with few shapes overlapping.
        let pushLength = 0.7 * averageLength
        repulsionStrength = pushLength * pushLength
        minimumDistance = averageLength / 100

        Self.separateCoincident(x: &x, y: &y, by: averageLength / 2, seed: seed)

        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for slot in x.indices {
            minX = min(minX, x[slot]); maxX = max(maxX, x[slot])
            minY = min(minY, y[slot]); maxY = max(maxY, y[slot])
        }
        let spread = x.isEmpty ? 0 : max(maxX - minX, maxY - minY)
        temperature = max(averageLength, spread / 10)
        stepLimit = max(Int((log(self.settleDistance / temperature) / log(self.cooling)).rounded(.up)), 0) + 1

        positions = nodes.map(\.position)
        isSettled = nodeOfSlot.count < 2
        publishPositions()
    }

    /// Where every node is now, by ID.
    public var positionsByNode: [NodeID: Vec2] {
        var result = [NodeID: Vec2](minimumCapacity: positions.count)
        for (id, position) in zip(nodeIDs, positions) { result[id] = position }
        return result
    }

    /// Runs as many iterations as fixed steps fit in `dt` (the clock caps a frame at 0.25 s).
    public mutating func step(bySeconds dt: Double) {
        let steps = clock.advance(bySeconds: dt)
        for _ in 0..<steps where !isSettled { iterate() }
    }

    /// Runs until settled or `maxSteps` iterations; returns how many ran.
    @discardableResult
    public mutating func run(maxSteps: Int = Int.max) -> Int {
        var steps = 0
        while !isSettled && steps < maxSteps {
            iterate()
            steps += 1
        }
        return steps
    }

    /// One Fruchterman–Reingold iteration.
    private mutating func iterate() {
        guard !isSettled else { return }
        quadtree.build(x: x, y: y, radius: radius)
        quadtree.repulsion(strength: repulsionStrength, theta: theta, minimumDistance: minimumDistance,
                           forceX: &forceX, forceY: &forceY)
        for slot in x.indices {
            forceX[slot] += gravity * (centre.x - x[slot])
            forceY[slot] += gravity * (centre.y - y[slot])
        }
        for e in edgeFrom.indices {
            let a = Int(edgeFrom[e]), b = Int(edgeTo[e])
            let dx = x[b] - x[a], dy = y[b] - y[a]
            let d = (dx * dx + dy * dy).squareRoot()
            // why: d² / L along the unit vector is d × (dx, dy) / L.
            let pull = d / idealLength[e]
            forceX[a] += dx * pull; forceY[a] += dy * pull
            forceX[b] -= dx * pull; forceY[b] -= dy * pull
        }
        var largestMove = 0.0
        for slot in x.indices where slot != pinnedSlot {
            let fx = forceX[slot], fy = forceY[slot]
            let magnitude = (fx * fx + fy * fy).squareRoot()
            guard magnitude > 0, magnitude.isFinite else { continue }
            let move = min(magnitude, temperature)
            let scale = move / magnitude
            x[slot] = min(max(x[slot] + fx * scale, -Self.coordinateLimit), Self.coordinateLimit)
            y[slot] = min(max(y[slot] + fy * scale, -Self.coordinateLimit), Self.coordinateLimit)
            largestMove = max(largestMove, move)
        }
        temperature *= cooling
        stepCount += 1
        lastLargestMove = largestMove
        isSettled = largestMove < settleDistance
        publishPositions()
    }

    private mutating func publishPositions() {
        for slot in nodeOfSlot.indices { positions[Int(nodeOfSlot[slot])] = Vec2(x[slot], y[slot]) }
        for hidden in hiddenNodes { positions[Int(hidden.node)] = positions[Int(hidden.standIn)] }
    }

    /// Moves every node that shares its position with an earlier one a random distance up to
    /// `distance` away, so forces have a direction to act in.
    private static func separateCoincident(x: inout [Double], y: inout [Double], by distance: Double, seed: UInt64) {
        let originalX = x, originalY = y
        let order = x.indices.sorted { (originalX[$0], originalY[$0], $0) < (originalX[$1], originalY[$1], $1) }
        var generator = SeededGenerator(seed: seed)
        for (slot, previous) in zip(order.dropFirst(), order)
        where originalX[slot] == originalX[previous] && originalY[slot] == originalY[previous] {
            let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
            let radius = distance * Double.random(in: 0.1...1, using: &generator)
            x[slot] += radius * cos(angle)
            y[slot] += radius * sin(angle)
        }
    }
}
