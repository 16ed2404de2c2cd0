@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// A workspace on a shared map: what a person on it sees when others' changes arrive.
@Suite struct WorkspaceSharingTests {
    struct Rig {
        var workspace: Workspace
        var bob: SimulatedClient
        var log = FakeLog()

        init() {
            var document = Document.sample()
            document.measureAll(with: SimulatedClient.sizing)
            workspace = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: SimulatedClient.sizing)
            workspace.history.checksInvariants = true
            workspace.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
            bob = SimulatedClient(client: 2, start: document)
        }

        mutating func syncWorkspace() {
            for operation in workspace.takeOperationsToSend() { log.append(operation) }
            workspace.receive(log.after(workspace.shared?.confirmedSeq ?? 0))
        }
    }

    /// Issue 27, 6: a wall display nobody touches glides Bob's move in and its last frame shows
    /// the node where the map has it, not a few pixels short (the last glide step's frame is
    /// interpolated; the loop draws only while something moves or asks for a frame).
    @Test func aRemoteMoveOnAnUntouchedScreenEndsDrawnWhereTheMapHasIt() throws {
        var rig = Rig()
        let node = try #require(rig.workspace.document.children(of: rig.workspace.document.rootID).first)
        let start = try #require(rig.workspace.document.node(node)?.position)
        let end = start + Vec2(120, 45)
        rig.bob.make("move", [.move(ids: [node], from: [start], to: [end])])
        rig.bob.sync(with: &rig.log)
        rig.syncWorkspace()
        #expect(rig.workspace.isAnimating, "the move glides in")
        var lastDrawn: Vec2?
        // The loop: a fixed step, then a frame (between the last two steps) only when one is needed.
        for _ in 0..<600 {
            rig.workspace.step(bySeconds: 1.0 / 120)
            guard rig.workspace.needsRedraw || rig.workspace.isAnimating else { continue }
            lastDrawn = rig.workspace.frame(interpolatedBy: 0.5).drawnPositions[node] ?? rig.workspace.document.node(node)?.position
            rig.workspace.needsRedraw = false
        }
        #expect(!rig.workspace.isAnimating)
        #expect(lastDrawn == end, "the last frame drawn shows the node at its end")
    }

    /// Issue 27: Ana's committed words are replaced by Bob's later edit (last writer wins). She
    /// is told, and one tap on "Put mine back" makes hers the latest, everywhere.
    @Test func committedTextReplacedElsewhereIsToldWithOneTapToPutItBack() throws {
        var rig = Rig()
        let node = try #require(rig.workspace.document.children(of: rig.workspace.document.rootID).first)
        rig.workspace.beginEditing(node)
        rig.workspace.editText { $0.selectAll(); $0.insert("Ana's plan") }
        rig.workspace.commitEditing()
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        rig.bob.setText(node, "Bob's plan")
        rig.bob.sync(with: &rig.log)
        rig.syncWorkspace()
        #expect(rig.workspace.document.node(node)?.text == "Bob's plan", "the later edit wins")
        let banner = try #require(rig.workspace.panels.banner)
        #expect(banner.message.contains("replaced your text") && banner.message.contains("Ana's plan"), "\(banner.message)")
        let button = try #require(rig.workspace.overlayLayout.parts.first { $0.text == "Put mine back" })
        _ = rig.workspace.handle(.fingerDown(id: 1, position: button.rect.center), at: 10)
        _ = rig.workspace.handle(.fingerUp(id: 1, position: button.rect.center), at: 10.05)
        #expect(rig.workspace.document.node(node)?.text == "Ana's plan")
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        #expect(rig.bob.document.node(node)?.text == "Ana's plan", "put back as a new change, everywhere")
        #expect(rig.workspace.history.canUndo, "one step to undo")
        // Bob's own edit of a text Ana never typed in tells her nothing.
        let other = try #require(rig.workspace.document.children(of: rig.workspace.document.rootID).last)
        rig.workspace.show(nil)
        rig.bob.setText(other, "Bob's too")
        rig.bob.sync(with: &rig.log)
        rig.syncWorkspace()
        #expect(rig.workspace.panels.banner == nil)
    }

    @Test func theTextBeingTypedIsNotChangedUnderTheFingersAndWinsWhenTheEditEnds() throws {
        var rig = Rig()
        let node = try #require(rig.workspace.document.children(of: rig.workspace.document.rootID).first)
        let original = try #require(rig.workspace.document.node(node)?.text)
        rig.workspace.beginEditing(node)
        rig.workspace.editText { $0.insert(" and more") }
        rig.bob.setText(node, "Bob's words")
        rig.bob.sync(with: &rig.log)
        rig.syncWorkspace()
        #expect(rig.workspace.document.node(node)?.text == original + " and more", "what is typed stays on screen")
        #expect(rig.workspace.editing?.editor.text == original + " and more")
        #expect(rig.workspace.panels.banner?.message.contains("Someone else changed this text") == true, "the person is told")
        rig.workspace.commitEditing()
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        #expect(rig.bob.document.node(node)?.text == original + " and more", "sent when the edit ends, later, so it wins")
        #expect(rig.workspace.document.hasSameContent(as: rig.bob.document))
        #expect(rig.workspace.history.invariantFailures == [])
    }

    @Test func othersChangesArriveOutsideTheUndoHistoryAndUndoTakesBackOnlyYours() throws {
        var rig = Rig()
        let root = rig.workspace.document.rootID
        rig.workspace.beginEditing(root)
        rig.workspace.editText { $0.insert("!") }
        rig.workspace.commitEditing()
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        let bobs = rig.bob.addChild(under: root, text: "Bob's node")
        rig.bob.sync(with: &rig.log)
        rig.syncWorkspace()
        #expect(rig.workspace.document.node(bobs)?.text == "Bob's node")
        #expect(rig.workspace.history.done.count == 1, "only Ann's own edit can be undone")
        rig.workspace.undo()
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        #expect(rig.bob.document.node(bobs)?.text == "Bob's node", "Bob's node survives Ann's undo")
        #expect(rig.bob.document.node(root)?.text == Document.sample().root.text)
        #expect(rig.workspace.document.hasSameContent(as: rig.bob.document))
        #expect(rig.workspace.history.invariantFailures == [])
    }

    @Test func aRefusedMoveIsExplainedOnTheMoversScreen() throws {
        var rig = Rig()
        let root = rig.workspace.document.rootID
        let children = rig.workspace.document.children(of: root)
        try #require(children.count >= 2)
        let (x, y) = (children[0], children[1])
        rig.bob.reparent(y, under: x)
        rig.bob.sync(with: &rig.log)
        // Ann, not having seen Bob's move, moves x under y, as one transaction of her own.
        rig.workspace.transact("move") { workspace in
            let edge = workspace.document.edges.first { $0.kind == .tree && $0.to == x }
            workspace.record(.remove(workspace.document.fragment(nodes: [], edges: Set(edge.map { [$0.id] } ?? []))))
            let new = Edge(id: workspace.document.nextEdgeID, from: y, to: x, kind: .tree)
            workspace.record(.insert(Fragment(edges: [.init(index: workspace.document.edges.count, edge: new)])))
        }
        #expect(rig.workspace.document.parent(of: x) == y)
        rig.syncWorkspace()
        #expect(rig.workspace.document.parent(of: x) == root, "undone on Ann's screen")
        #expect(rig.workspace.panels.banner?.message.contains("was undone") == true)
        rig.bob.sync(with: &rig.log)
        #expect(rig.workspace.document.hasSameContent(as: rig.bob.document))
    }

    /// Ann and Bob each add a child to the title at once in a tree-mode map: each placed theirs
    /// where the other's went. Ann's screen lays Bob's change out, so no two siblings share a spot.
    @Test func twoChildrenAddedAtOnceToOneNodeDoNotLandOnOneSpot() throws {
        var document = Document.sample()
        document.setLayoutMode(.tree)
        document.measureAll(with: SimulatedClient.sizing)
        var workspace = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: SimulatedClient.sizing)
        workspace.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
        var log = FakeLog()
        var bob = SimulatedClient(client: 2, start: workspace.document)
        let root = workspace.document.rootID
        workspace.select([root])
        workspace.perform(.addChild)
        _ = workspace.handle(.text("Ann's"), at: 1)
        workspace.commitEditing()
        let anns = try #require(workspace.selection.focus)
        let bobs = bob.addChild(under: root, text: "Bob's")
        // Bob's screen put his where a new last child goes, as Ann's did.
        let annsSpot = try #require(workspace.document.node(anns)?.position)
        bob.make("place", [.move(ids: [bobs], from: [bob.document.node(bobs)?.position ?? .zero], to: [annsSpot])])
        bob.sync(with: &log)
        for operation in workspace.takeOperationsToSend() { log.append(operation) }
        workspace.receive(log.after(workspace.shared?.confirmedSeq ?? 0))
        let siblings = workspace.document.children(of: root).compactMap { workspace.document.node($0) }
        #expect(siblings.count == 7)
        for (k, a) in siblings.enumerated() {
            for b in siblings[(k + 1)...] {
                #expect(!a.frame.intersects(b.frame), "'\(a.text)' and '\(b.text)' overlap")
            }
        }
        #expect(workspace.history.done.count == 1, "the layout is not a step of Ann's to undo")
        #expect(workspace.takeOperationsToSend().isEmpty, "nor sent: every screen lays it out alike")
    }

    // MARK: - A cancelled edit sends nothing

    /// Ann presses Escape on a node while Bob presses Return on it: Ann's cancel reaches the
    /// log after Bob's commit, and must not replace Bob's words (it once sent an "undo text").
    @Test func escapeWhileEditingSendsNothingAndBobsCommittedTextStaysEverywhere() throws {
        var rig = Rig()
        let node = try #require(rig.workspace.document.children(of: rig.workspace.document.rootID).first)
        let original = try #require(rig.workspace.document.node(node)?.text)
        rig.workspace.beginEditing(node)
        rig.workspace.editText { $0.insert(" and Ann's") }
        rig.bob.setText(node, "Bob's words")
        rig.bob.sync(with: &rig.log)
        _ = rig.workspace.handle(.key(.escape, modifiers: []), at: 1)
        #expect(rig.workspace.editing == nil)
        #expect(rig.workspace.takeOperationsToSend().isEmpty, "a cancel sends nothing")
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        #expect(rig.workspace.document.node(node)?.text == "Bob's words", "Bob's committed words on Ann's screen")
        #expect(rig.bob.document.node(node)?.text == "Bob's words", "and on Bob's")
        #expect(rig.log.entries.count == 1, "the log holds Bob's change alone")
        #expect(rig.workspace.document.hasSameContent(as: rig.bob.document))
        #expect(original != "Bob's words")
        #expect(rig.workspace.history.done.isEmpty, "no step left behind")
        #expect(rig.workspace.history.invariantFailures == [])
    }

    /// Tab makes a child and starts typing in it; Escape takes both back, and nobody else ever
    /// hears of the node (it once sent an "undo new node" for a node never inserted).
    @Test func aNewNodeCancelledWithEscapeNeverReachesTheLog() throws {
        var rig = Rig()
        let before = rig.workspace.document.nodeCount
        _ = rig.workspace.perform(.addChild)
        #expect(rig.workspace.editing != nil, "the new child is being typed in")
        _ = rig.workspace.handle(.text("a thought"), at: 1)
        _ = rig.workspace.handle(.key(.escape, modifiers: []), at: 2)
        #expect(rig.workspace.document.nodeCount == before)
        #expect(rig.workspace.takeOperationsToSend().isEmpty, "nothing to send")
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        #expect(rig.log.entries.isEmpty)
        #expect(rig.bob.document.nodeCount == before)
        #expect(rig.workspace.document.hasSameContent(as: rig.bob.document))
    }

    /// Undo after a cancelled edit takes back Ann's last committed step, and only that, on
    /// every screen: the cancel left nothing of its own to undo.
    @Test func undoAfterACancelTakesBackTheStepBeforeItOnEveryScreen() throws {
        var rig = Rig()
        let root = rig.workspace.document.rootID
        let rootText = try #require(rig.workspace.document.node(root)?.text)
        rig.workspace.beginEditing(root)
        rig.workspace.editText { $0.insert("!") }
        rig.workspace.commitEditing()
        rig.syncWorkspace()
        let node = try #require(rig.workspace.document.children(of: root).first)
        rig.bob.sync(with: &rig.log)
        rig.bob.setText(node, "Bob's words")
        rig.bob.sync(with: &rig.log)
        rig.workspace.beginEditing(node)
        rig.workspace.editText { $0.insert(" cancelled") }
        _ = rig.workspace.handle(.key(.escape, modifiers: []), at: 1)
        rig.workspace.undo()
        rig.syncWorkspace()
        rig.bob.sync(with: &rig.log)
        for (screen, document) in [("Ann", rig.workspace.document), ("Bob", rig.bob.document)] {
            #expect(document.node(root)?.text == rootText, "\(screen): Ann's \"!\" is undone")
            #expect(document.node(node)?.text == "Bob's words", "\(screen): Bob's words stay")
        }
        #expect(rig.log.entries.count == 3, "Ann's edit, Bob's, Ann's undo: \(rig.log.entries.map(\.operation.transaction.label))")
        #expect(rig.workspace.history.invariantFailures == [])
    }
}
