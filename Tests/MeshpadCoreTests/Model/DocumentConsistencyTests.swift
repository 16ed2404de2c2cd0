import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Random changes, and their undoing, straight on a document: after every one, every index the
/// document keeps up change by change must equal the one derived from scratch.
@Suite struct DocumentConsistencyTests {
    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func randomChangesKeepEveryIndexConsistent(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        var document = Document.procedural(nodeCount: 40, seed: seed)
        document.measureAll(with: sizing)
        var done: [Transaction] = []
        for step in 0..<150 {
            let ids = document.nodes.map(\.id)
            let pick = ids[Int.random(in: 0..<ids.count, using: &rng)]
            var changes: [Change] = []
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let node = Node(id: document.nextNodeID, text: "n\(step)", position: Vec2(Double(step), 3))
                let edge = Edge(id: document.nextEdgeID, from: pick, to: node.id, kind: .tree)
                changes = [.insert(Fragment(nodes: [.init(index: document.nodeCount, node: node)],
                                            edges: [.init(index: document.edges.count, edge: edge)]))]
            case 2, 3:
                let folded = document.node(pick)?.folded ?? false
                changes = [.setFolded(ids: [pick], from: [folded], to: [!folded])]
            case 4, 5:
                guard pick != document.rootID else { continue }
                changes = [.remove(document.fragment(nodes: Set(document.subtree(of: pick)), edges: []))]
            case 6:
                let other = ids[Int.random(in: 0..<ids.count, using: &rng)]
                // Links as Freeplane's: again between the same two nodes, along a branch, a loop.
                guard document.canJoin(pick, other, kind: .link) else { continue }
                changes = [.insert(Fragment(edges: [.init(index: document.edges.count,
                                                          edge: Edge(id: document.nextEdgeID, from: pick, to: other, kind: .link))]))]
            case 7:
                guard let last = done.popLast() else { continue }
                last.undo(on: &document, sizing: sizing)
                let problems = document.checkInvariants()
                #expect(problems.isEmpty, "seed \(seed) step \(step), undoing \(last.changes.map(\.summary)): \(problems)")
                if !problems.isEmpty { return }
                continue
            case 8:
                // A cloud comes or goes: the clouds' areas follow.
                let style = document.node(pick)?.style ?? NodeStyle()
                var next = style
                next.cloud = style.cloud == nil ? Cloud(color: RGBA(hex: 0xF0F0F0), shape: .arc) : nil
                changes = [.setStyle(ids: [pick], from: [style], to: [next])]
            default:
                let position = Vec2(Double.random(in: -500...500, using: &rng), Double.random(in: -500...500, using: &rng))
                changes = [.move(ids: [pick], from: [document.node(pick)?.position ?? .zero], to: [position])]
            }
            done.append(document.transact("step", sizing: sizing, changes))
            document.settleFolds()
            let problems = document.checkInvariants()
            #expect(problems.isEmpty, "seed \(seed) step \(step), \(changes.map(\.summary)): \(problems)")
            if !problems.isEmpty { return }
        }
    }
}
