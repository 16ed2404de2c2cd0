import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct LayoutCommandTests {
    /// No two visible nodes' boxes overlap.
    func noOverlaps(_ document: Document) -> Bool {
        let frames = document.nodes.indices.filter { !document.isHidden(nodeAt: $0) }.map { document.nodes[$0].frame }
            .sorted { $0.minY < $1.minY }
        for (i, a) in frames.enumerated() {
            for b in frames[(i + 1)...] {
                if b.minY > a.maxY { break }
                if a.intersects(b) && a.maxX > b.minX + 1e-6 && b.maxX > a.minX + 1e-6 && a.maxY > b.minY + 1e-6 { return false }
            }
        }
        return true
    }

    @Test func tidyIsOneUndoableStepThatGlidesAndUndoRestoresEveryPosition() {
        var rig = EditRig(document: .procedural(nodeCount: 300, seed: 3))
        let before = rig.document.nodes.map(\.position)
        rig.tapToolbar(.tidy)
        #expect(rig.document.layoutMode == .tree)
        #expect(noOverlaps(rig.document))
        #expect(rig.workspace.history.done.count == 1)
        // The document holds the end at once; the drawing glides there.
        #expect(rig.workspace.isAnimating)
        rig.workspace.step(bySeconds: 0.1)
        let frame = rig.workspace.frame(interpolatedBy: 1)
        let moving = rig.document.nodes.first { frame.drawnPositions[$0.id] != nil }
        #expect(moving.map { frame.drawnPositions[$0.id] != $0.position } == true, "mid-glide a node is drawn on its way")
        rig.settle()
        #expect(rig.workspace.frame(interpolatedBy: 1).drawnPositions.isEmpty)
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(rig.document.nodes.map(\.position) == before, "every position exactly")
        #expect(rig.document.layoutMode == .free)
    }

    /// Found by the soak: typing on a node while the force layout still moved it, then Escape,
    /// put the node back where it was mid-run without a record, so redo-all came out elsewhere.
    @Test func typingDuringAForceLayoutEndsTheLayoutFirst() {
        var rig = EditRig()
        let start = rig.document
        rig.key("t", [.ctrl, .shift])
        for _ in 0..<6 { rig.workspace.step(bySeconds: 1.0 / 120) }
        #expect(rig.workspace.isAnimating, "the force layout runs on screen")
        let child = rig.document.nodes[1].id
        let before = rig.document.node(child)?.position
        rig.workspace.select([child])
        rig.type("x")
        for _ in 0..<240 { rig.workspace.step(bySeconds: 1.0 / 120) }
        #expect(rig.document.node(child)?.position != before, "the layout moved the node")
        rig.key("Escape")
        rig.settle()
        let now = rig.document
        var copy = rig.workspace
        while copy.history.canUndo { copy.undo() }
        #expect(copy.document.hasSameContent(as: start))
        while copy.history.canRedo { copy.redo() }
        #expect(copy.document.hasSameContent(as: now))
    }

    @Test func aTreeModeMapMakesRoomForEveryNewChild() {
        var rig = EditRig()
        rig.key("T", .ctrl)
        for name in ["one", "two", "three"] {
            rig.click(rig.screen(of: rig.id("food")))
            rig.key("Tab"); rig.type(name + " with a longer text"); rig.key("Return")
            rig.settle()
        }
        rig.click(rig.screen(of: rig.id("one with a longer text")))
        rig.key("Return"); rig.type("after one"); rig.key("Return")
        rig.settle()
        #expect(rig.document.children(of: rig.id("food")).count == 4)
        #expect(noOverlaps(rig.document))
        #expect(rig.workspace.history.done.count == 5, "tidy, then each new node with its text and layout as one step")
    }

    @Test func foldingInATreeModeMapClosesTheGap() {
        var document = Document(rootText: "root")
        let a = document.addChild(of: document.rootID, text: "a", at: .zero) ?? document.rootID
        for i in 0..<10 { document.addChild(of: a, text: "a\(i)", at: .zero) }
        let b = document.addChild(of: document.rootID, text: "b", at: .zero) ?? document.rootID
        // Both on the right, one above the other.
        document.modify(a) { $0.side = .right }
        document.modify(b) { $0.side = .right }
        var rig = EditRig(document: document)
        rig.key("T", .ctrl)
        rig.settle()
        let tall = rig.document.bounds.height
        rig.click(rig.screen(of: a))
        rig.key("Space")
        rig.settle()
        #expect(rig.document.bounds.height < tall / 3, "a folded subtree takes no space: \(rig.document.bounds.height) of \(tall)")
        #expect(noOverlaps(rig.document))
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(abs(rig.document.bounds.height - tall) < 1e-9)
        _ = b
    }

    /// A drag in a tidy map keeps it tidy (issue 33): a node dropped on another becomes its
    /// child, one dropped between its siblings takes that place, and the tree is laid out again.
    @Test func draggingANodeOfATreeModeMapKeepsItTidy() {
        var rig = EditRig()
        rig.key("T", .ctrl)
        rig.settle()
        let food = rig.id("food"), shelter = rig.id("shelter")
        rig.mouseDrag(from: rig.screen(of: food), to: rig.screen(of: shelter))
        #expect(rig.workspace.input.dropTarget == nil, "the highlight goes with the drop")
        rig.settle()
        #expect(rig.document.layoutMode == .tree, "still tidy")
        #expect(rig.document.parent(of: food) == shelter, "dropped on shelter: its child")
        #expect(noOverlaps(rig.document))
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(rig.document.parent(of: food) == rig.document.rootID, "one undo step puts it back")
    }

    @Test func theForceLayoutAnimatesStepByStepSettlesAndUndoesAsOneStep() {
        var document = Document(rootText: "hub")
        var ids: [NodeID] = []
        for i in 0..<30 { ids.append(document.addNode(text: "n\(i)", at: Vec2(Double(i % 5) * 3, Double(i / 5) * 3))) }
        var rng = SeededGenerator(seed: 9)
        for _ in 0..<45 {
            document.connect(ids[Int.random(in: 0..<30, using: &rng)], to: ids[Int.random(in: 0..<30, using: &rng)], kind: .link)
        }
        var rig = EditRig(document: document)
        #expect(Workspace.looksLikeAGraph(rig.document))
        let before = rig.document.nodes.map(\.position)
        rig.tapToolbar(.tidy)
        #expect(rig.workspace.isAnimating, "it runs at the fixed step")
        rig.workspace.step(bySeconds: 1.0 / 120)
        let early = rig.document.nodes.map(\.position)
        #expect(early != before, "the nodes move on the map as it works")
        rig.settle()
        #expect(!rig.workspace.isAnimating)
        #expect(rig.document.nodes.allSatisfy { $0.position.isFinite })
        #expect(rig.workspace.history.done.count == 1)
        let settled = rig.document.nodes.map(\.position)
        #expect(settled != early)
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(rig.document.nodes.map(\.position) == before)
        rig.key("Y", .ctrl)
        rig.settle()
        #expect(rig.document.nodes.map(\.position) == settled)
    }

    @Test func aTouchStopsTheForceLayoutWhereItIs() {
        var rig = EditRig(document: .procedural(nodeCount: 40, seed: 2))
        rig.key("T", [.ctrl, .shift])
        rig.workspace.step(bySeconds: 0.05)
        rig.tap(Vec2(20, 20))
        #expect(!rig.workspace.isAnimating || rig.workspace.runningLayout == nil)
        #expect(rig.workspace.history.done.count == 1)
    }

    @Test func aBigGraphIsSettledAtOnceAndGlidedTo() {
        var document = Document.procedural(nodeCount: Workspace.liveForceLimit + 1, seed: 5)
        var rng = SeededGenerator(seed: 1)
        for _ in 0..<1600 {
            document.connect(document.nodes[Int.random(in: 0..<document.nodeCount, using: &rng)].id,
                             to: document.nodes[Int.random(in: 0..<document.nodeCount, using: &rng)].id, kind: .link)
        }
        var rig = EditRig(document: document)
        rig.key("T", [.ctrl, .shift])
        #expect(rig.workspace.runningLayout == nil)
        #expect(rig.workspace.view.glides.count > 100, "the nodes glide to where it settled")
        #expect(rig.workspace.history.done.count == 1)
    }

    @Test func theLayoutModeAndTheChildrenOrderSurviveSavingAndOpening() throws {
        var rig = EditRig()
        rig.key("T", .ctrl)
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Return", .shift); rig.type("before food"); rig.key("Return")
        let data = try NativeFormat.encode(rig.document)
        let back = try NativeFormat.decode(data)
        #expect(back.layoutMode == .tree)
        #expect(back.children(of: back.rootID).compactMap { back.node($0)?.text } == rig.children(of: "every human has a right to"))
    }
}
