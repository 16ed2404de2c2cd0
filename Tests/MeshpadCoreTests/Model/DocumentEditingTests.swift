import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct DocumentEditingTests {
    func randomMap(seed: UInt64, count: Int = 300) -> Document {
        var document = Document.procedural(nodeCount: count, seed: seed)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<(count / 10) {
            let a = document.nodes[Int.random(in: 0..<document.nodeCount, using: &rng)].id
            let b = document.nodes[Int.random(in: 0..<document.nodeCount, using: &rng)].id
            document.connect(a, to: b, kind: .link)
        }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    func agreesWithBruteForce(_ document: Document, probes: Int = 200, seed: UInt64) -> Bool {
        var rng = SeededGenerator(seed: seed)
        let b = document.bounds
        for _ in 0..<probes {
            let p = Vec2(Double.random(in: b.minX...b.maxX, using: &rng), Double.random(in: b.minY...b.maxY, using: &rng))
            let fast = document.topmostNode(at: p, margin: 4)
            var slow: NodeID?
            for (i, node) in document.nodes.enumerated() where !document.isHidden(nodeAt: i) {
                let r = node.size / 2 + Vec2(4, 4)
                let d = p - node.position
                if (d.x * d.x) / (r.x * r.x) + (d.y * d.y) / (r.y * r.y) <= 1 { slow = node.id }
            }
            if fast != slow { return false }
        }
        return true
    }

    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func removingThenInsertingAFragmentGivesBackTheSameDocument(seed: UInt64) {
        var document = randomMap(seed: seed)
        let nodes = document.nodes, edges = document.edges, bounds = document.bounds
        var rng = SeededGenerator(seed: seed * 7)
        let picked = Set((0..<20).map { _ in document.nodes[Int.random(in: 1..<document.nodeCount, using: &rng)].id })
        let fragment = document.removeNodes(picked)
        #expect(!document.nodes.contains { picked.contains($0.id) })
        #expect(document.edges.allSatisfy { document.contains($0.from) && document.contains($0.to) })
        #expect(agreesWithBruteForce(document, seed: seed))
        document.insertFragment(fragment)
        let byParent = document.childrenByParent()
        #expect(document.nodes.allSatisfy { document.children(of: $0.id) == (byParent[$0.id] ?? []) }, "children keep their order")
        #expect(document.nodes == nodes)
        #expect(document.edges == edges)
        #expect(document.bounds == bounds)
        #expect(agreesWithBruteForce(document, seed: seed))
        for id in picked { #expect(document.parent(of: id) == nodes.first { $0.id == id }.flatMap { _ in edges.first { $0.kind == .tree && $0.to == id }?.from }) }
    }

    @Test func foldingHidesExactlyTheDescendantsAndCountsThem() {
        var document = Document(rootText: "r")
        let a = document.addChild(of: document.rootID, text: "a", at: Vec2(100, 0)) ?? document.rootID
        let b = document.addChild(of: a, text: "b", at: Vec2(200, 0)) ?? document.rootID
        let c = document.addChild(of: b, text: "c", at: Vec2(300, 0)) ?? document.rootID
        let free = document.addNode(text: "free", at: Vec2(0, 300))
        document.connect(c, to: free, kind: .link)
        document.setFolded(a, true)
        #expect(!document.isHidden(a) && document.isHidden(b) && document.isHidden(c) && !document.isHidden(free))
        #expect(document.hiddenDescendantCount(of: a) == 2)
        #expect(document.hiddenCount == 2)
        #expect(document.bounds.maxX < 200, "hidden nodes are not in the bounds")
        #expect(document.topmostNode(at: Vec2(300, 0)) == nil)
        #expect(document.topmostEdge(at: Vec2(150, 150), tolerance: 400) != document.edge(between: c, and: free)?.id)
        // A child added inside the fold is hidden too, and counted.
        let d = document.addChild(of: b, text: "d", at: Vec2(300, 50)) ?? document.rootID
        #expect(document.isHidden(d))
        document.settleFolds()
        #expect(document.hiddenDescendantCount(of: a) == 3)
        document.setFolded(b, true)
        document.setFolded(a, false)
        #expect(!document.isHidden(b) && document.isHidden(c) && document.isHidden(d))
        #expect(document.hiddenDescendantCount(of: b) == 2)
        #expect(document.topmostNode(at: Vec2(200, 0)) == b)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func incrementalFoldsAgreeWithARebuild(seed: UInt64) {
        var document = randomMap(seed: seed, count: 400)
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<40 {
            let id = document.nodes[Int.random(in: 0..<document.nodeCount, using: &rng)].id
            document.setFolded(id, !(document.node(id)?.folded ?? false))
        }
        let rebuilt = try? Document(restoring: document.nodes, edges: document.edges, rootID: document.rootID)
        #expect(rebuilt.map { r in document.nodes.indices.allSatisfy { document.isHidden(nodeAt: $0) == r.isHidden(nodeAt: $0) } } == true)
        #expect(rebuilt.map { r in document.nodes.allSatisfy { document.hiddenDescendantCount(of: $0.id) == r.hiddenDescendantCount(of: $0.id) } } == true)
        #expect(rebuilt?.bounds == document.bounds)
        #expect(agreesWithBruteForce(document, seed: seed))
    }

    @Test func changesAndTheirInversesCancelOut() {
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        var document = randomMap(seed: 21, count: 50)
        document.measureAll(with: sizing)
        let nodes = document.nodes, edges = document.edges
        let a = document.nodes[3].id, b = document.nodes[7].id
        let steps: [[Change]] = [
            [.move(ids: [a, b], from: [document.nodes[3].position, document.nodes[7].position], to: [Vec2(1, 2), Vec2(3, 4)])],
            [.setText(node: a, from: document.nodes[3].text, to: "changed and much longer")],
            [.setFolded(ids: [document.rootID], from: [false], to: [true])],
            [.remove(document.fragment(nodes: [b], edges: []))],
            [.setText(node: b, from: document.nodes[7].text, to: "x"), .setFolded(ids: [b], from: [false], to: [true])],
            [.setDetails(node: a, from: NodeDetails(), to: NodeDetails(note: "a note", link: "https://example.org", icons: ["idea"]))],
        ]
        for changes in steps {
            let transaction = document.transact("step", sizing: sizing, changes)
            #expect(document.checkInvariants().isEmpty, "\(changes)")
            transaction.undo(on: &document, sizing: sizing)
            #expect(document.nodes == nodes, "\(changes)")
            #expect(document.edges == edges, "\(changes)")
            #expect(document.checkInvariants().isEmpty, "\(changes)")
        }
    }

    @Test func connectRefusesCyclesButAttachesAFreeSubtree() {
        var document = Document(rootText: "r")
        let a = document.addChild(of: document.rootID, text: "a", at: .zero) ?? document.rootID
        let free = document.addNode(text: "free", at: .zero)
        let leaf = document.addChild(of: free, text: "leaf", at: .zero) ?? document.rootID
        #expect(document.connect(leaf, to: free, kind: .tree) == nil, "free's own child cannot become its parent")
        #expect(document.connect(a, to: free, kind: .tree) != nil)
        #expect(document.subtree(of: document.rootID).count == 4)
    }
}
