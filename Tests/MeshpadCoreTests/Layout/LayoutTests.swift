import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

// MARK: - Fixtures

/// A random tree, the same for the same seed: node `i > 0` hangs under an earlier node, half the
/// time a recent one (so some branches run deep) and otherwise any (so others are bushy), with
/// texts of random length, some wrapping onto several lines.
struct RandomTree {
    let parents: [Int]
    let texts: [String]

    init(nodes: Int, seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var parents = [-1], texts = ["root"]
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for i in 1..<max(nodes, 1) {
            parents.append(Bool.random(using: &rng) ? Int.random(in: max(0, i - 8)..<i, using: &rng) : Int.random(in: 0..<i, using: &rng))
            let words = (0..<Int.random(in: 0...9, using: &rng)).map { _ in
                String((0..<Int.random(in: 1...12, using: &rng)).map { _ in letters[Int.random(in: 0..<26, using: &rng)] })
            }
            texts.append(words.joined(separator: Int.random(in: 0..<10, using: &rng) == 0 ? "\n" : " "))
        }
        self.parents = parents
        self.texts = texts
    }

    /// The tree as a sized document, nodes made in index order, leaving out the descendants of
    /// `pruned`. `ids[i]` is node `i`'s ID (nil when left out).
    func document(pruning pruned: Int? = nil, at position: (Int) -> Vec2 = { _ in .zero }) -> (document: Document, ids: [NodeID?]) {
        var document = Document(rootText: texts[0])
        var ids: [NodeID?] = [document.rootID]
        var kept = [true]
        for i in 1..<parents.count {
            let p = parents[i]
            kept.append(kept[p] && p != pruned)
            guard kept[i], let parent = ids[p] else { ids.append(nil); continue }
            ids.append(document.addChild(of: parent, text: texts[i], at: position(i)))
        }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return (document, ids)
    }

    /// How many nodes each node's subtree holds, itself included.
    var subtreeSizes: [Int] {
        var sizes = [Int](repeating: 1, count: parents.count)
        for i in parents.indices.reversed() where parents[i] >= 0 { sizes[parents[i]] += sizes[i] }
        return sizes
    }
}

/// Pairs of boxes that overlap (touching is not overlapping), by a sweep along y: in a tree
/// layout few boxes share a row, so this is near-linear where comparing all pairs is not.
func overlappingPairs(_ frames: [Rect]) -> [(Int, Int)] {
    let order = frames.indices.sorted { frames[$0].minY < frames[$1].minY }
    var pairs: [(Int, Int)] = []
    for k in order.indices {
        let a = frames[order[k]]
        var m = k + 1
        while m < order.count && frames[order[m]].minY < a.maxY {
            let b = frames[order[m]]
            if a.minX < b.maxX && b.minX < a.maxX { pairs.append((order[k], order[m])) }
            m += 1
        }
    }
    return pairs
}

/// The nodes no folded ancestor hides, by index.
func visibleIndices(_ document: Document) -> [Int] {
    document.nodes.indices.filter { i in
        var current = document.parent(of: document.nodes[i].id)
        while let id = current {
            if document.node(id)?.folded == true { return false }
            current = document.parent(of: id)
        }
        return true
    }
}

// MARK: - Tree layout

@Suite struct TreeLayoutTests {
    let layout = TreeLayout()

    @Test(arguments: [1, 2, 10, 100, 1_000, 10_000])
    func noTwoNodesOverlapInRandomTrees(nodes: Int) {
        var document = RandomTree(nodes: nodes, seed: UInt64(nodes)).document().document
        layout.apply(to: &document)
        let pairs = overlappingPairs(document.nodes.map(\.frame))
        #expect(pairs.isEmpty, "\(pairs.count) overlapping pairs, first \(pairs.first.map { "\(document.nodes[$0.0].id) and \(document.nodes[$0.1].id)" } ?? "")")
        #expect(document.nodes.allSatisfy { $0.position.isFinite })
    }

    @Test(arguments: [3 as UInt64, 4, 5])
    func childrenSitBesideTheirParentWhichIsCentredOnThem(seed: UInt64) {
        let document = RandomTree(nodes: 400, seed: seed).document().document
        let centres = layout.centres(for: document)
        let children = document.childrenByParent()
        let root = document.rootID
        func frame(_ id: NodeID) -> Rect {
            let index = document.index(of: id) ?? 0
            return Rect(center: centres[index], width: document.nodes[index].size.x, height: document.nodes[index].size.y)
        }
        #expect(centres[0] == document.root.position, "the root stays where it is")
        for (parent, kids) in children.sorted(by: { $0.key < $1.key }) {
            let p = frame(parent)
            var groups: [[NodeID]] = []
            if parent == root {
                groups = [kids.filter { frame($0).center.x > p.center.x }, kids.filter { frame($0).center.x < p.center.x }]
                #expect(groups[0].count + groups[1].count == kids.count)
            } else {
                groups = [kids]
            }
            for group in groups {
                guard let first = group.first, let last = group.last else { continue }
                #expect(abs((frame(first).center.y + frame(last).center.y) / 2 - p.center.y) < 1e-6, "\(parent) is centred on its children")
                for kid in group {
                    let c = frame(kid)
                    let rightward = c.center.x > p.center.x
                    let gap = rightward ? c.minX - p.maxX : p.minX - c.maxX
                    #expect(abs(gap - layout.horizontalGap) < 1e-6, "\(kid) is one gap beside \(parent)")
                    if parent != root {
                        let parentRightward = p.center.x > centres[0].x
                        #expect(rightward == parentRightward, "\(kid) grows away from the root as \(parent) does")
                    }
                }
                for (a, b) in zip(group, group.dropFirst()) {
                    #expect(frame(a).center.y < frame(b).center.y, "siblings keep their order top to bottom")
                }
            }
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4, 5, 6])
    func theTwoSidesBalanceWithinOneBranch(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        // A root with 2…20 branches of very different sizes.
        var document = Document(rootText: "root")
        for _ in 0..<Int.random(in: 2...20, using: &rng) {
            var parents = [document.addChild(of: document.rootID, text: "branch", at: .zero) ?? document.rootID]
            for _ in 0..<Int.random(in: 0...60, using: &rng) {
                let parent = parents[Int.random(in: 0..<parents.count, using: &rng)]
                parents.append(document.addChild(of: parent, text: String(repeating: "x ", count: Int.random(in: 0...40, using: &rng)), at: .zero) ?? parent)
            }
        }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let weights = sideWeights(document, layout.centres(for: document))
        #expect(abs(weights.left - weights.right) <= weights.heaviest + 1e-6, "left \(weights.left), right \(weights.right)")
    }

    @Test func aStarSplitsEvenly() {
        var document = Document(rootText: "hub")
        for _ in 0..<11 { document.addChild(of: document.rootID, text: "spoke", at: .zero) }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let centres = layout.centres(for: document)
        #expect(centres.filter { $0.x > 0 }.count == 6, "the right side takes the odd one")
        #expect(centres.filter { $0.x < 0 }.count == 5)
    }

    @Test func branchesKeepTheSideTheyWereGiven() {
        var document = RandomTree(nodes: 300, seed: 9).document().document
        let branches = document.childrenByParent()[document.rootID] ?? []
        var rng = SeededGenerator(seed: 9)
        var given: [NodeID: Node.Side] = [:]
        for branch in branches where Bool.random(using: &rng) {
            let side: Node.Side = Int.random(in: 0..<4, using: &rng) == 0 ? .right : .left
            document.modify(branch) { $0.side = side }
            given[branch] = side
        }
        let centres = layout.centres(for: document)
        for (branch, side) in given {
            let x = centres[document.index(of: branch) ?? 0].x
            #expect(side == .left ? x < 0 : x > 0, "\(branch) stays \(side)")
        }
        let weights = sideWeights(document, centres)
        #expect(abs(weights.left - weights.right) <= max(abs(weights.sidedLeft - weights.sidedRight), weights.heaviest) + 1e-6)
        #expect(overlappingPairs(document.nodes.indices.map { Rect(center: centres[$0], width: document.nodes[$0].size.x, height: document.nodes[$0].size.y) }).isEmpty)
    }

    /// The heights of each side's branch subtrees, summed as the layout weighs them.
    func sideWeights(_ document: Document, _ centres: [Vec2]) -> (left: Double, right: Double, sidedLeft: Double, sidedRight: Double, heaviest: Double) {
        var boxes: [NodeID: Rect] = [:]
        for (i, node) in document.nodes.enumerated() where node.id != document.rootID {
            var branch = node.id
            while let parent = document.parent(of: branch), parent != document.rootID { branch = parent }
            let frame = Rect(center: centres[i], width: node.size.x, height: node.size.y)
            boxes[branch] = boxes[branch].map { $0.union(frame) } ?? frame
        }
        var result = (left: 0.0, right: 0.0, sidedLeft: 0.0, sidedRight: 0.0, heaviest: 0.0)
        for (branch, box) in boxes {
            let isLeft = box.center.x < centres[0].x
            if isLeft { result.left += box.height } else { result.right += box.height }
            switch document.node(branch)?.side {
            case .left?: result.sidedLeft += box.height
            case .right?: result.sidedRight += box.height
            case nil: result.heaviest = max(result.heaviest, box.height)
            }
        }
        return result
    }

    @Test(arguments: [10 as UInt64, 11])
    func theSameMapAlwaysGetsTheSamePositions(seed: UInt64) {
        let tree = RandomTree(nodes: 2_000, seed: seed)
        let a = layout.positions(for: tree.document().document)
        let b = layout.positions(for: tree.document().document)
        #expect(a == b)
        #expect(a.count == 2_000)
    }

    @Test(arguments: [20 as UInt64, 21, 22])
    func aFoldedSubtreeTakesNoSpace(seed: UInt64) throws {
        let tree = RandomTree(nodes: 600, seed: seed)
        // Fold the biggest subtree below the first level.
        let sizes = tree.subtreeSizes
        let folded = try #require(tree.parents.indices.filter { tree.parents[$0] > 0 }.max { sizes[$0] < sizes[$1] })
        #expect(sizes[folded] > 10)
        var (document, ids) = tree.document()
        let foldedID = try #require(ids[folded])
        document.modify(foldedID) { $0.folded = true }
        let (pruned, prunedIDs) = tree.document(pruning: folded)
        let withFold = layout.positions(for: document), withoutSubtree = layout.positions(for: pruned)
        let foldedAt = try #require(withFold[foldedID])
        var hidden = 0
        for i in tree.parents.indices {
            let position = try #require(ids[i].flatMap { withFold[$0] })
            if let id = prunedIDs[i] {
                let expected = try #require(withoutSubtree[id])
                #expect(abs(position.x - expected.x) < 1e-9 && abs(position.y - expected.y) < 1e-9, "node \(i) is placed as if the folded subtree were not there")
            } else {
                hidden += 1
                #expect(position == foldedAt, "hidden node \(i) sits behind the folded node")
            }
        }
        #expect(hidden == sizes[folded] - 1)
    }

    @Test func aFoldedRootShowsOnlyItself() {
        var document = RandomTree(nodes: 50, seed: 2).document().document
        document.modify(document.rootID) { $0.folded = true }
        let centres = layout.centres(for: document)
        #expect(centres.allSatisfy { $0 == document.root.position })
    }

    @Test func freeTreesSitInARowBelowTheMap() {
        var document = RandomTree(nodes: 200, seed: 4).document().document
        var rng = SeededGenerator(seed: 4)
        for k in 0..<5 {
            let top = document.addNode(text: "free \(k)", at: .zero)
            var parents = [top]
            for _ in 0..<Int.random(in: 0...20, using: &rng) {
                parents.append(document.addChild(of: parents[Int.random(in: 0..<parents.count, using: &rng)], text: "leaf", at: .zero) ?? top)
            }
        }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        layout.apply(to: &document)
        #expect(overlappingPairs(document.nodes.map(\.frame)).isEmpty)
        let main = document.nodes.prefix(200).map(\.frame).reduce(document.root.frame) { $0.union($1) }
        for node in document.nodes.dropFirst(200) {
            #expect(node.frame.minY > main.maxY, "\(node.text) is below the map")
        }
    }

    @Test func aCycleOfTreeEdgesAmongFreeNodesStillGetsPlaces() {
        var document = Document(rootText: "root")
        let a = document.addNode(text: "a", at: .zero)
        let b = document.addChild(of: a, text: "b", at: .zero) ?? a
        document.connect(b, to: a, kind: .tree)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let positions = layout.positions(for: document)
        #expect(positions.count == 3)
        #expect(overlappingPairs(document.nodes.map { Rect(center: positions[$0.id] ?? .zero, width: $0.size.x, height: $0.size.y) }).isEmpty)
    }

    @Test func aHundredThousandDeepChainIsLaidOutInOneRow() {
        let depth = 100_000
        var document = Document(rootText: "0")
        var last = document.rootID
        for i in 1..<depth { last = document.addChild(of: last, text: "\(i)", at: .zero) ?? last }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let centres = layout.centres(for: document)
        #expect(centres.count == depth)
        var ordered = true
        for i in 1..<depth {
            let gap = (centres[i].x - document.nodes[i].size.x / 2) - (centres[i - 1].x + document.nodes[i - 1].size.x / 2)
            if abs(gap - layout.horizontalGap) > 1e-6 || centres[i].y != 0 { ordered = false }
        }
        #expect(ordered)
    }

    @Test func aHundredThousandWideStarSplitsWithoutOverlaps() {
        var document = Document(rootText: "hub")
        for i in 1..<100_000 { document.addChild(of: document.rootID, text: "\(i % 977)", at: .zero) }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let centres = layout.centres(for: document)
        let frames = document.nodes.indices.map { Rect(center: centres[$0], width: document.nodes[$0].size.x, height: document.nodes[$0].size.y) }
        #expect(overlappingPairs(frames).isEmpty)
        let right = centres.filter { $0.x > 0 }.count, left = centres.filter { $0.x < 0 }.count
        #expect(abs(right - left) <= 1)
    }

    @Test(.needsSharedMaps) func branchesKeepTheirSideAndNothingOverlapsInARealMap() throws {
        var document = try FreeMindFormat.decode(Data(contentsOf: sharedMaps.appendingPathComponent("BuzanMap.mm"))).document
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        TreeLayout().apply(to: &document)
        let root = document.root.position
        for node in document.nodes where document.parent(of: node.id) == document.rootID {
            if node.side == .left { #expect(node.position.x < root.x) }
            if node.side == .right { #expect(node.position.x > root.x) }
        }
        let visible = visibleIndices(document)
        let pairs = overlappingPairs(visible.map { document.nodes[$0].frame })
        #expect(pairs.isEmpty, "\(pairs.map { "\(document.nodes[visible[$0.0]].text) overlaps \(document.nodes[visible[$0.1]].text)" })")
        #expect(!document.needsLayout)
    }

    @Test func aSubtreeTucksBesideItsNeighbourRatherThanStackingBoxes() throws {
        // A small leaf above a node whose many children fan out further right: the children may
        // rise beside the leaf, so the node itself sits just one gap below the leaf.
        var document = Document(rootText: "root")
        let leaf = document.addChild(of: document.rootID, text: "leaf", at: .zero) ?? document.rootID
        let fan = document.addChild(of: document.rootID, text: "fan", at: .zero) ?? document.rootID
        for _ in 0..<9 { document.addChild(of: fan, text: "child", at: .zero) }
        document.modify(leaf) { $0.side = .right }
        document.modify(fan) { $0.side = .right }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        layout.apply(to: &document)
        let leafFrame = try #require(document.node(leaf)).frame, fanFrame = try #require(document.node(fan)).frame
        #expect(abs(fanFrame.minY - leafFrame.maxY - layout.verticalGap) < 1e-9)
        let highestChild = document.nodes.filter { document.parent(of: $0.id) == fan }.map(\.frame.minY).min() ?? 0
        #expect(highestChild < leafFrame.minY, "the fan's children rise beside the leaf")
        #expect(overlappingPairs(document.nodes.map(\.frame)).isEmpty)
    }

    @Test func gapsCanBeSet() {
        let document = RandomTree(nodes: 30, seed: 1).document().document
        let wide = TreeLayout(horizontalGap: 100, verticalGap: 40).centres(for: document)
        let tight = TreeLayout(horizontalGap: 10, verticalGap: 2).centres(for: document)
        let spread = { (c: [Vec2]) in (c.map(\.x).max() ?? 0) - (c.map(\.x).min() ?? 0) }
        #expect(spread(wide) > spread(tight))
    }
}

// MARK: - Force layout

@Suite struct ForceLayoutTests {
    /// A random tree with `links` extra random links, nodes scattered over ±`scatter` units.
    func randomGraph(nodes: Int, links: Int, seed: UInt64, scatter: Double = 2_000) -> Document {
        var rng = SeededGenerator(seed: seed &+ 100)
        let positions = (0..<nodes).map { _ in Vec2(Double.random(in: -scatter...scatter, using: &rng), Double.random(in: -scatter...scatter, using: &rng)) }
        var document = RandomTree(nodes: nodes, seed: seed).document(at: { positions[$0] }).document
        for _ in 0..<links {
            document.connect(NodeID(Int.random(in: 1...nodes, using: &rng)), to: NodeID(Int.random(in: 1...nodes, using: &rng)))
        }
        return document
    }

    func edgeLengthVariance(_ document: Document, _ positions: [Vec2]) -> Double {
        let lengths = document.edges.indices.map { e -> Double in
            let ends = document.endpoints(ofEdgeAt: e)
            return positions[ends.from].distance(to: positions[ends.to])
        }
        let mean = lengths.reduce(0, +) / Double(max(lengths.count, 1))
        return lengths.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(max(lengths.count, 1))
    }

    @Test(arguments: [(10, 1 as UInt64), (60, 2), (200, 3), (500, 4)])
    func edgesEvenOutFromARandomStart(nodes: Int, seed: UInt64) {
        let document = randomGraph(nodes: nodes, links: nodes / 5, seed: seed)
        let before = edgeLengthVariance(document, document.nodes.map(\.position))
        var layout = ForceLayout(document: document, seed: seed)
        layout.run()
        #expect(layout.isSettled)
        #expect(layout.positions.allSatisfy { $0.isFinite })
        let after = edgeLengthVariance(document, layout.positions)
        #expect(after < before, "variance \(before) → \(after)")
    }

    /// Maps that corner a naive force layout into dividing by zero.
    static let awkwardMaps: [(String, @Sendable () -> Document)] = [
        ("a single node", { Document(rootText: "alone") }),
        ("two nodes joined", {
            var d = Document(rootText: "a"); d.addChild(of: d.rootID, text: "b", at: .zero); return d
        }),
        ("two nodes apart", {
            var d = Document(rootText: "a"); d.addNode(text: "b", at: Vec2(300, 0)); return d
        }),
        ("fifty nodes on one point", {
            var d = Document(rootText: "a")
            for i in 1..<50 { d.addChild(of: NodeID((i + 1) / 2), text: "n", at: .zero) }
            return d
        }),
        ("nodes without edges", {
            var d = Document(rootText: "a")
            for i in 0..<30 { d.addNode(text: "free", at: Vec2(Double(i % 3) * 5, 0)) }
            return d
        }),
        // why: no further out: the spatial index files an edge in every cell of its box even at
        // its coarsest level (a 1e15-long edge hangs), and a node beyond ~1e21 overflows a cell.
        ("a self-link and far-out coordinates", {
            var d = Document(rootText: "a")
            let b = d.addChild(of: d.rootID, text: "b", at: Vec2(1e8, -1e8)) ?? d.rootID
            d.connect(b, to: b)
            d.addNode(text: "c", at: Vec2(-1e12, 1e12))
            return d
        }),
        ("a folded subtree", {
            var d = Document(rootText: "a")
            let b = d.addChild(of: d.rootID, text: "b", at: .zero) ?? d.rootID
            for _ in 0..<10 { d.addChild(of: b, text: "hidden", at: .zero) }
            d.modify(b) { $0.folded = true }
            return d
        }),
    ]

    @Test(arguments: awkwardMaps)
    func neverProducesNaN(name: String, make: @Sendable () -> Document) {
        var document = make()
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var layout = ForceLayout(document: document, seed: 7)
        var finite = layout.positions.allSatisfy { $0.isFinite }
        while !layout.isSettled && layout.stepCount < layout.stepLimit {
            layout.step(bySeconds: 1.0 / 120)
            finite = finite && layout.positions.allSatisfy { $0.isFinite }
        }
        #expect(finite, "\(name)")
        #expect(layout.isSettled, "\(name)")
        #expect(layout.positions[0] == document.root.position, "the root stays put")
        layout.apply(to: &document)
        #expect(document.nodes.allSatisfy { $0.position.isFinite })
    }

    @Test func nodesOnOnePointAreSpreadApart() {
        var document = Document(rootText: "a")
        for _ in 0..<20 { document.addChild(of: document.rootID, text: "b", at: .zero) }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var layout = ForceLayout(document: document, seed: 3)
        layout.run()
        let distinct = Set(layout.positions.map { "\(Int($0.x.rounded())),\(Int($0.y.rounded()))" })
        #expect(distinct.count == 21)
    }

    @Test func theSameSeedGivesTheSameLayout() {
        var document = randomGraph(nodes: 150, links: 30, seed: 5)
        for i in 1...40 { document.moveNode(NodeID(i), to: .zero) }   // ties broken by the seed
        var a = ForceLayout(document: document, seed: 42), b = ForceLayout(document: document, seed: 42)
        a.run()
        b.run()
        #expect(a.positions == b.positions)
        var c = ForceLayout(document: document, seed: 43)
        c.run()
        #expect(c.positions != a.positions)
    }

    @Test(arguments: [(100, 1 as UInt64), (400, 2)])
    func settlesWithinItsStepLimit(nodes: Int, seed: UInt64) {
        let document = randomGraph(nodes: nodes, links: nodes / 3, seed: seed, scatter: 50_000)
        var layout = ForceLayout(document: document, seed: seed)
        #expect(layout.stepLimit < 1_000)
        let steps = layout.run(maxSteps: layout.stepLimit)
        #expect(layout.isSettled)
        #expect(steps <= layout.stepLimit)
        #expect(layout.run() == 0, "a settled layout stays settled")
    }

    @Test func stepsAdvanceAtTheFixedStep() {
        let document = randomGraph(nodes: 30, links: 5, seed: 8)
        var layout = ForceLayout(document: document, seed: 1)
        layout.step(bySeconds: 1.0 / 120)
        #expect(layout.stepCount == 1)
        layout.step(bySeconds: 1.0 / 240)
        layout.step(bySeconds: 1.0 / 240)
        #expect(layout.stepCount == 2)
        layout.step(bySeconds: 10)
        #expect(layout.stepCount == 32, "a long frame is capped at a quarter second of steps")
        layout.step(bySeconds: .nan)
        #expect(layout.stepCount == 32)
    }

    @Test func hiddenNodesStayBehindTheirFoldedNode() {
        var document = randomGraph(nodes: 200, links: 20, seed: 6)
        let folded = NodeID(2)
        document.modify(folded) { $0.folded = true }
        var layout = ForceLayout(document: document, seed: 1)
        layout.run()
        let byID = layout.positionsByNode
        let foldedAt = byID[folded]
        let visible = Set(visibleIndices(document))
        #expect(visible.count < document.nodeCount)
        for index in document.nodes.indices where !visible.contains(index) {
            #expect(layout.positions[index] == foldedAt)
        }
    }
}
