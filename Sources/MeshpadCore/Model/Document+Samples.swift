import Foundation

extension Document {
    /// The built-in sample map that `meshpad` opens with no file: a root and five children.
    public static func sample() -> Document {
        var map = MapBuilder(rootText: "every human has a right to")
        let children = ["shelter", "food", "education", "health care", "clean water"]
        for (index, text) in children.enumerated() {
            let angle = (Double(index) * 72 - 90) * .pi / 180
            let position = Vec2(cos(angle), sin(angle)) * 240
            map.addChild(of: map.rootID, text: text, at: position)
        }
        return map.build()
    }

    /// A random tree of exactly `nodeCount` nodes laid out radially, the same for the same seed.
    ///
    /// The root gets four first-level branches (`A1`…`A4`); every later node hangs under a
    /// uniformly chosen earlier one, which gives a bushy tree about `e·ln(n)` deep. Each subtree
    /// gets an angular wedge in proportion to its leaves, and each depth a ring wide enough
    /// for the nodes on it, so branches do not cross and nodes do not overlap.
    ///
    /// `links`: that many free links besides, between random nodes (arrowheads at the end), as
    /// an imported map with connectors has.
    public static func procedural(nodeCount: Int, seed: UInt64 = 1, links: Int = 0) -> Document {
        let count = max(1, nodeCount)
        var rng = SeededGenerator(seed: seed)
        var parent = [Int](repeating: -1, count: count)
        var depth = [Int](repeating: 0, count: count)
        var children = [[Int]](repeating: [], count: count)
        var siblingNumber = [Int](repeating: 0, count: count)
        for i in 1..<count {
            let p = i <= 4 ? 0 : Int.random(in: 1..<i, using: &rng)
            parent[i] = p
            depth[i] = depth[p] + 1
            children[p].append(i)
            siblingNumber[i] = children[p].count
        }

        // Children always have larger indices than their parent, so one backward pass suffices.
        var leaves = [Int](repeating: 1, count: count)
        for i in stride(from: count - 1, through: 0, by: -1) where !children[i].isEmpty {
            leaves[i] = children[i].reduce(0) { $0 + leaves[$1] }
        }

        // Wedges are assigned parent before child: indices only grow down the tree.
        var wedgeStart = [Double](repeating: 0, count: count)
        var wedgeWidth = [Double](repeating: 0, count: count)
        wedgeStart[0] = -.pi / 2
        wedgeWidth[0] = 2 * .pi
        for i in 0..<count {
            var cursor = wedgeStart[i]
            let total = Double(max(leaves[i], 1))
            for c in children[i] {
                wedgeStart[c] = cursor
                wedgeWidth[c] = wedgeWidth[i] * Double(leaves[c]) / total
                cursor += wedgeWidth[c]
            }
        }

        // Each ring is at least `ringGap` outside the previous one and wide enough that the
        // narrowest wedge on it still spans `arcPerNode`: siblings never sit on top of each other.
        let maxDepth = depth.max() ?? 0
        let ringGap = 200.0, arcPerNode = 72.0
        var neededRadius = [Double](repeating: 0, count: maxDepth + 1)
        for i in 1..<max(count, 1) {
            neededRadius[depth[i]] = max(neededRadius[depth[i]], arcPerNode / max(wedgeWidth[i], 1e-9))
        }
        var ringRadius = [Double](repeating: 0, count: maxDepth + 1)
        for d in stride(from: 1, through: maxDepth, by: 1) {
            ringRadius[d] = max(ringRadius[d - 1] + ringGap, neededRadius[d])
        }

        let words = ["idea", "plan", "goal", "risk", "task", "note", "team", "draft", "review", "launch"]
        var document = MapBuilder(rootText: "Root")
        var ids = [NodeID](repeating: document.rootID, count: count)
        for i in 1..<max(count, 1) {
            let angle = wedgeStart[i] + wedgeWidth[i] / 2
            let position = Vec2(cos(angle), sin(angle)) * ringRadius[depth[i]]
            let letter = Character(UnicodeScalar(UInt8(64 + min(depth[i], 26))))
            var text = "\(letter)\(siblingNumber[i])"
            if Int.random(in: 0..<3, using: &rng) == 0 {
                text += " " + (0..<Int.random(in: 1...3, using: &rng)).map { _ in words[Int.random(in: 0..<words.count, using: &rng)] }.joined(separator: " ")
            }
            ids[i] = document.addChild(of: ids[parent[i]], text: text, at: position) ?? document.rootID
        }
        var linking = SeededGenerator(seed: 3)
        for _ in 0..<max(0, links) {
            let a = ids[Int.random(in: 0..<count, using: &linking)], b = ids[Int.random(in: 0..<count, using: &linking)]
            document.link(a, to: b, look: LinkLook(arrows: .end))
        }
        return document.build()
    }
}
