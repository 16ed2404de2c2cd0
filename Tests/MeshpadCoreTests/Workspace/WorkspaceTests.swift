import Testing
@testable import MeshpadCore

@Suite struct WorkspaceTests {
    func dragRoot(_ rig: inout GestureRig, by offset: Vec2) {
        let start = rig.screen(of: rig.workspace.document.rootID)
        _ = rig.workspace.handle(.mouseDown(button: .left, position: start, clicks: 1, modifiers: []), at: 1)
        _ = rig.workspace.handle(.mouseMove(position: start + offset, modifiers: []), at: 1.1)
        _ = rig.workspace.handle(.mouseUp(button: .left, position: start + offset, modifiers: []), at: 1.2)
    }

    func settle(_ workspace: inout Workspace) -> [Vec2] {
        var path: [Vec2] = []
        var steps = 0
        while workspace.isAnimating && steps < 1000 {
            workspace.step(bySeconds: 1.0 / 120)
            path.append(workspace.frame(interpolatedBy: 1).drawnPositions[workspace.document.rootID] ?? workspace.document.root.position)
            steps += 1
        }
        return path
    }

    @Test func undoOfADragPutsTheNodeBackExactlyAndGlidesThere() {
        var rig = GestureRig()
        dragRoot(&rig, by: Vec2(120, 30))
        #expect(rig.workspace.document.root.position == Vec2(120, 30))
        _ = rig.workspace.handle(.key(.z, modifiers: .ctrl), at: 2)
        #expect(rig.workspace.document.root.position == .zero, "the document holds the settled position at once")
        #expect(rig.workspace.isAnimating)
        let path = settle(&rig.workspace)
        #expect(path.count > 10, "it glides over several frames, not a jump")
        #expect(path.first.map { $0.x > 0 && $0.x < 120 } == true)
        #expect(!rig.workspace.isAnimating)
        #expect(rig.workspace.frame(interpolatedBy: 1).drawnPositions.isEmpty)

        _ = rig.workspace.handle(.key(.y, modifiers: .ctrl), at: 3)
        #expect(rig.workspace.document.root.position == Vec2(120, 30))
        _ = rig.workspace.handle(.key(.z, modifiers: [.ctrl, .shift]), at: 3.1)
        #expect(rig.workspace.document.root.position == Vec2(120, 30), "Ctrl+Shift+Z with nothing to redo does nothing")
    }

    @Test func undoingEveryDragReturnsTheOriginalPositions() {
        var rig = GestureRig()
        let original = rig.workspace.document.nodes.map(\.position)
        var rng = SeededGenerator(seed: 4)
        for _ in 0..<15 {
            dragRoot(&rig, by: Vec2(Double.random(in: -90...90, using: &rng), Double.random(in: -90...90, using: &rng)))
        }
        for _ in 0..<15 { rig.workspace.undo() }
        _ = settle(&rig.workspace)
        #expect(rig.workspace.document.nodes.map(\.position) == original)
        #expect(!rig.workspace.history.canUndo)
    }

    @Test func edgesFollowGlidingNodes() {
        var rig = GestureRig()
        dragRoot(&rig, by: Vec2(200, 0))
        rig.workspace.undo()
        rig.workspace.step(bySeconds: 0.1)
        let frame = rig.workspace.frame(interpolatedBy: 0.5)
        var list = DrawList()
        SceneBuilder(theme: .classic).build(document: rig.workspace.document, camera: frame.camera, viewportSize: Vec2(800, 600),
                                            pixelScale: 1, selection: [], drawnPositions: frame.drawnPositions, into: &list)
        let drawnRoot = try? #require(frame.drawnPositions[rig.workspace.document.rootID])
        let label = list.labels.first { $0.text.hasPrefix("every") }
        #expect(label?.center == drawnRoot.map { frame.camera.screenPoint(ofMap: $0) })
        // Every edge starts at the root: its first vertices sit at the drawn root's side, not the settled one's.
        let document = rig.workspace.document
        let child = document.nodes[document.endpoints(ofEdgeAt: 0).to]
        let start = drawnRoot.map { document.path(ofEdgeAt: 0, from: $0, to: frame.drawnPositions[child.id] ?? child.position).start }
        // Midway between the line's two outer vertices at its start: its centre, whatever its width.
        let firstEdgeStart = Vec2(Double(list.positions[0] + list.positions[6]) / 2, Double(list.positions[1] + list.positions[7]) / 2)
        #expect(start.map { firstEdgeStart.distance(to: frame.camera.screenPoint(ofMap: $0)) < 2 } == true)
        #expect(start.map { $0.distance(to: document.path(ofEdgeAt: 0).start) > 10 } == true, "the root glides: not where it settles")
    }

    @Test func longPressOpensTheNodesMenuAndDoubleTapEditsInPlace() {
        var workspace = Workspace(document: .sample(), viewportSize: Vec2(800, 600), camera: Camera(origin: Vec2(400, 300)))
        workspace.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let root = workspace.document.rootID
        _ = workspace.handle(.fingerDown(id: 1, position: Vec2(400, 300)), at: 0)
        #expect(workspace.tick(at: 0.6).isEmpty)
        #expect(workspace.panels.menu?.kind == .context(.node(root)))
        #expect(workspace.panels.menu?.rows.first?.title == "Edit text")
        _ = workspace.handle(.fingerUp(id: 1, position: Vec2(400, 300)), at: 0.7)
        _ = workspace.handle(.key(.escape, modifiers: []), at: 1)
        #expect(workspace.panels.menu == nil, "Escape closes the menu")
        _ = workspace.handle(.fingerDown(id: 1, position: Vec2(400, 300)), at: 2)
        _ = workspace.handle(.fingerUp(id: 1, position: Vec2(400, 300)), at: 2.05)
        _ = workspace.handle(.fingerDown(id: 1, position: Vec2(400, 300)), at: 2.2)
        #expect(workspace.handle(.fingerUp(id: 1, position: Vec2(400, 300)), at: 2.25) == [])
        #expect(workspace.editing?.node == root, "a double tap on a node edits its text where it is")
    }
}
