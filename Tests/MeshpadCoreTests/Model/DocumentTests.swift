import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct DocumentTests {
    @Test func newDocumentHasOnlyItsRoot() {
        let document = Document(rootText: "Root")
        #expect(document.nodeCount == 1)
        #expect(document.root.text == "Root")
        #expect(document.edges.isEmpty)
        #expect(document.parent(of: document.rootID) == nil)
    }

    @Test func addChildJoinsItWithATreeEdge() throws {
        var document = Document(rootText: "Root")
        let child = try #require(document.addChild(of: document.rootID, text: "child", at: Vec2(100, 0)) as NodeID?)
        #expect(document.parent(of: child) == document.rootID)
        #expect(document.edges.map(\.kind) == [.tree])
        #expect(document.node(child)?.position == Vec2(100, 0))
    }

    @Test func connectLinksAsFreeplaneDoesButRefusesSecondParentsAndTreeLoops() throws {
        var document = Document(rootText: "Root")
        let a = try #require(document.addChild(of: document.rootID, text: "a", at: .zero) as NodeID?)
        let b = document.addNode(text: "b", at: Vec2(10, 10))
        #expect(document.connect(a, to: a) != nil, "a link from a node to itself")
        #expect(document.connect(document.rootID, to: a) != nil, "a link along the branch from parent to child")
        #expect(document.connect(a, to: document.rootID) != nil, "and back")
        #expect(document.connect(a, to: b) != nil)
        #expect(document.connect(b, to: a) != nil, "a second link between the same two nodes")
        #expect(document.edges(between: a, and: b).count == 2)
        #expect(document.connect(a, to: a, kind: .tree) == nil, "no node is its own child")
        #expect(document.checkInvariants().isEmpty, "\(document.checkInvariants())")
        let c = document.addNode(text: "c", at: .zero)
        #expect(document.connect(b, to: c, kind: .tree) != nil)
        #expect(document.connect(a, to: c, kind: .tree) == nil, "c already has a parent")
        #expect(document.connect(a, to: document.rootID, kind: .tree) == nil, "the root has no parent")
        #expect(document.connect(a, to: NodeID(999)) == nil)
    }

    @Test func everyChangeBumpsTheRevision() throws {
        var document = Document(rootText: "Root")
        var last = document.revision
        func expectBumped(_ sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(document.revision > last, sourceLocation: sourceLocation)
            last = document.revision
        }
        let child = try #require(document.addChild(of: document.rootID, text: "x", at: .zero) as NodeID?)
        expectBumped()
        document.moveNode(child, to: Vec2(5, 5))
        expectBumped()
        document.setNodeText("longer text", of: child, sizing: NodeSizing(measurer: FixedAdvanceMeasurer()))
        expectBumped()
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        #expect(document.revision == last, "re-measuring derives sizes; it changes nothing the user made")
    }

    @Test func moveIgnoresNonFinitePositions() {
        var document = Document(rootText: "Root")
        document.moveNode(document.rootID, to: Vec2(.nan, 3))
        #expect(document.root.position == .zero)
    }

    @Test func idsReadAsInTheStateDump() {
        #expect(NodeID(3).description == "n3")
        #expect(EdgeID(1).description == "e1")
    }

    @Test func sampleIsARootWithAHandfulOfChildren() {
        let sample = Document.sample()
        #expect(sample.nodeCount == 6)
        #expect(sample.edges.count == 5)
        #expect(sample.edges.allSatisfy { $0.from == sample.rootID && $0.kind == .tree })
    }

    @Test(arguments: [1, 2, 5, 300, 2000])
    func proceduralMapHasExactlyNNodesInOneTree(count: Int) {
        let document = Document.procedural(nodeCount: count, seed: 42)
        #expect(document.nodeCount == count)
        #expect(document.edges.count == count - 1)
        for node in document.nodes where node.id != document.rootID {
            #expect(document.parent(of: node.id) != nil)
        }
    }

    @Test func proceduralMapIsTheSameForTheSameSeed() {
        let a = Document.procedural(nodeCount: 500, seed: 7)
        let b = Document.procedural(nodeCount: 500, seed: 7)
        let c = Document.procedural(nodeCount: 500, seed: 8)
        #expect(a.nodes == b.nodes)
        #expect(a.edges == b.edges)
        #expect(a.nodes != c.nodes)
    }

    @Test func proceduralNodesDoNotSitOnTopOfEachOther() {
        let document = Document.procedural(nodeCount: 400, seed: 3)
        let centres = document.nodes.map(\.position)
        var closest = Double.infinity
        for i in centres.indices {
            for j in centres.indices where j > i {
                closest = min(closest, centres[i].distance(to: centres[j]))
            }
        }
        #expect(closest >= 40)
    }
}
