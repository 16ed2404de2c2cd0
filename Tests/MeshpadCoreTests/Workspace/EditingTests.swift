import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct CreateAndConnectTests {
    @Test func tabAddsAChildThatIsSelectedAndBeingEditedAtOnce() {
        var rig = EditRig()
        let root = rig.document.rootID
        rig.key("Tab")
        let child = try? #require(rig.workspace.editing?.node)
        #expect(rig.document.parent(of: child ?? root) == root)
        #expect(rig.workspace.selection.nodes == [child ?? root])
        rig.type("roof")
        rig.key("Return")
        #expect(rig.workspace.editing == nil)
        #expect(rig.children(of: "every human has a right to").last == "roof")
    }

    @Test func enterAddsASiblingAfterAndShiftEnterBefore() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Return")
        rig.type("after food")
        rig.key("Return")
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Return", .shift)
        rig.type("before food")
        rig.key("Return")
        #expect(rig.children(of: "every human has a right to") ==
                ["shelter", "before food", "food", "after food", "education", "health care", "clean water"])
    }

    @Test func enterOnTheRootAddsAChildAndOnAFreeNodeAnotherFreeNode() {
        var rig = EditRig()
        rig.key("Return")
        rig.type("branch")
        rig.key("Return")
        #expect(rig.document.parent(of: rig.id("branch")) == rig.document.rootID)
        rig.doubleTap(Vec2(700, 80))
        rig.type("island")
        rig.key("Return")
        rig.key("Return")
        rig.type("another")
        rig.key("Return")
        #expect(rig.document.parent(of: rig.id("island")) == nil)
        #expect(rig.document.parent(of: rig.id("another")) == nil)
        #expect(rig.document.node(rig.id("another")).map { $0.position.y > rig.document.node(rig.id("island"))!.position.y } == true)
    }

    @Test func aNewChildNeverLandsOnItsSiblings() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        for word in ["one", "two", "three", "a much longer sibling text"] {
            rig.key("Tab")
            rig.type(word)
            rig.key("Return")
            rig.click(rig.screen(of: rig.id("food")))
        }
        let kids = rig.document.children(of: rig.id("food")).compactMap { rig.document.node($0) }
        #expect(kids.count == 4)
        for (i, a) in kids.enumerated() {
            for b in kids[(i + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.text) overlaps \(b.text)") }
            #expect(a.position.x > rig.document.node(rig.id("food"))!.frame.maxX, "children of a right-side node grow to the right")
        }
    }

    @Test func aGrowingChildKeepsTheEdgeTowardsItsParent() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("clean water")))
        rig.key("Tab")
        let id = rig.workspace.editing?.node ?? NodeID(0)
        let rightEdge = rig.document.node(id)?.frame.maxX ?? 0
        rig.type("a long text that makes the node much wider")
        #expect(abs((rig.document.node(id)?.frame.maxX ?? 0) - rightEdge) < 1e-9, "a left-side child grows leftwards")
        rig.key("Return")
        rig.key("Z", .ctrl)
        #expect(!rig.document.contains(id), "its creation, text and growth are one undo step")
    }

    @Test func doubleTapOnEmptySurfaceMakesAFreeNodeThere() {
        var rig = EditRig()
        let spot = Vec2(700, 120)
        rig.doubleTap(spot)
        let id = try? #require(rig.workspace.editing?.node)
        let node = rig.document.node(id ?? NodeID(0))
        #expect(node.map { $0.position.distance(to: rig.camera.mapPoint(ofScreen: spot)) < 1e-9 } == true)
        #expect(rig.document.parent(of: id ?? NodeID(0)) == nil)
    }

    @Test func newOnTheToolbarAddsAChildOrAFreeNodeAtTheCentre() {
        var rig = EditRig()
        rig.tapToolbar(.newNode)
        #expect(rig.workspace.editing.flatMap { rig.document.parent(of: $0.node) } == rig.document.rootID)
        rig.key("Escape")
        rig.settle()
        rig.tap(Vec2(700, 120))
        #expect(rig.workspace.selection.nodes.isEmpty)
        rig.tapToolbar(.newNode)
        let id = rig.workspace.editing?.node ?? NodeID(0)
        #expect(rig.document.parent(of: id) == nil)
        #expect(rig.document.node(id).map { $0.position.distance(to: rig.camera.mapPoint(ofScreen: Vec2(400, 300))) < 1 } == true)
    }

    @Test func escapeOnANewNodeTakesItAwayWithoutAnUndoStep() {
        var rig = EditRig()
        let before = rig.content
        rig.key("Tab")
        rig.type("oops")
        rig.key("Escape")
        #expect(rig.content == before)
        #expect(!rig.workspace.history.canUndo)
        #expect(rig.workspace.selection.nodes == [rig.document.rootID], "the parent is selected again")
    }

    @Test func linkModeDrawsARubberBandAndLinksOnRelease() {
        var rig = EditRig()
        rig.tapToolbar(.linkMode)
        #expect(rig.workspace.input.mode == .link)
        let food = rig.id("food"), health = rig.id("health care")
        let foodAt = rig.document.node(food)?.position
        let a = rig.screen(of: food), b = rig.screen(of: health)
        rig.send(.fingerDown(id: 1, position: a), after: 0.5)
        rig.send(.fingerMove(id: 1, position: a + Vec2(-40, 40)))
        rig.send(.fingerMove(id: 1, position: a.interpolated(to: b, alpha: 0.5)))
        #expect(rig.workspace.input.linkPreview?.from == food)
        #expect(rig.document.node(food)?.position == foodAt, "in Link mode a drag from a node does not move it")
        rig.send(.fingerMove(id: 1, position: b))
        rig.send(.fingerUp(id: 1, position: b))
        #expect(rig.workspace.input.linkPreview == nil)
        let edge = rig.document.edge(between: food, and: health)
        #expect(edge?.kind == .link && edge?.from == food && edge?.to == health)
        #expect(rig.workspace.selection.edge == edge?.id)
    }

    @Test func releasingALinkOnNothingOrOnItselfMakesNoEdge() {
        var rig = EditRig()
        let edges = rig.document.edges.count
        let food = rig.screen(of: rig.id("food"))
        rig.mouseDrag(from: food, to: Vec2(700, 80), button: .right)
        rig.mouseDrag(from: food, to: food + Vec2(10, 2), button: .right)
        #expect(rig.document.edges.count == edges)
        #expect(rig.workspace.input.linkPreview == nil)
    }

    @Test func rightButtonAndAltDragLinkWithoutTheMode() {
        var rig = EditRig()
        let educationAt = rig.document.node(rig.id("education"))?.position
        rig.mouseDrag(from: rig.screen(of: rig.id("food")), to: rig.screen(of: rig.id("shelter")), button: .right)
        rig.mouseDrag(from: rig.screen(of: rig.id("education")), to: rig.screen(of: rig.id("health care")), .alt)
        #expect(rig.document.edge(between: rig.id("food"), and: rig.id("shelter"))?.kind == .link)
        #expect(rig.document.edge(between: rig.id("education"), and: rig.id("health care"))?.kind == .link)
        #expect(rig.document.node(rig.id("education"))?.position == educationAt, "an Alt drag does not move the node")
    }

    @Test func ctrlLLinksTwoSelectedNodesAgainAndAlongABranchAsFreeplaneDoesButNeedsTwo() throws {
        var rig = EditRig()
        let food = rig.id("food"), water = rig.id("clean water"), top = rig.id("every human has a right to")
        rig.click(rig.screen(of: food))
        rig.click(rig.screen(of: water), .ctrl)
        rig.key("L", .ctrl)
        let link = rig.document.edge(between: food, and: water)
        #expect(link?.from == food && link?.to == water)
        rig.click(rig.screen(of: food))
        rig.click(rig.screen(of: water), .ctrl)
        rig.key("L", .ctrl)
        let both = rig.document.edges(between: food, and: water)
        #expect(both.count == 2, "a second link between the same two nodes")
        let paths = both.compactMap { edge in rig.document.edges.firstIndex(of: edge).map { rig.document.path(ofEdgeAt: $0) } }
        #expect(paths.count == 2 && paths[0].point(at: 0.5).distance(to: paths[1].point(at: 0.5)) > 20,
                "drawn apart, so each can be tapped")
        rig.click(rig.screen(of: food))
        rig.click(rig.screen(of: top), .ctrl)
        rig.key("L", .ctrl)
        #expect(rig.document.edges(between: food, and: top).map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.link, .tree],
                "a link along the branch")
        let count = rig.document.edges.count
        rig.click(rig.screen(of: food))
        rig.key("L", .ctrl)
        #expect(rig.document.edges.count == count, "one node selected is not two")
        #expect(rig.workspace.panels.banner != nil, "a refused link says why")
    }
}

@Suite struct DeleteTests {
    @Test func deleteRemovesTheSelectedSubtreesWithTheirEdgesAndSelectsTheParent() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab"); rig.type("rice"); rig.key("Return")
        rig.key("Tab"); rig.type("brown"); rig.key("Return")
        rig.click(rig.screen(of: rig.id("food")))
        rig.mouseDrag(from: rig.screen(of: rig.id("education")), to: rig.screen(of: rig.id("food")), button: .right)
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Delete")
        for gone in ["food", "rice", "brown"] { #expect(!rig.document.nodes.contains { $0.text == gone }) }
        #expect(rig.document.edges.allSatisfy { rig.document.contains($0.from) && rig.document.contains($0.to) })
        #expect(rig.workspace.selection.nodes == [rig.document.rootID])
    }

    @Test func aTapNearAnEdgeSelectsItAndBackspaceDeletesJustTheEdge() {
        var rig = EditRig()
        let shelter = rig.id("shelter")
        // Half-way along the root–shelter edge, 6 px to the side: on no node.
        let a = rig.screen(of: rig.document.rootID), b = rig.screen(of: shelter)
        rig.tap(a.interpolated(to: b, alpha: 0.5) + Vec2(6, 0))
        let edge = rig.document.edge(between: rig.document.rootID, and: shelter)
        #expect(rig.workspace.selection.edge == edge?.id)
        #expect(rig.workspace.selection.nodes.isEmpty)
        rig.key("Backspace")
        #expect(rig.document.contains(shelter), "the nodes stay")
        #expect(rig.document.edge(between: rig.document.rootID, and: shelter) == nil)
        #expect(rig.document.parent(of: shelter) == nil, "shelter is a free node now")
    }

    @Test func theRootIsEmptiedNeverRemovedAndANodeCanStillBeAdded() {
        var rig = EditRig()
        rig.key("A", .ctrl)
        rig.key("Delete")
        #expect(rig.document.nodeCount == 1)
        #expect(rig.document.root.text == "")
        rig.key("Tab")
        rig.type("fresh start")
        rig.key("Return")
        #expect(rig.document.nodeCount == 2)
        rig.key("Z", .ctrl)
        rig.key("Z", .ctrl)
        #expect(rig.document.nodeCount == 6)
        #expect(rig.document.root.text == "every human has a right to")
    }

    @Test func theToolbarDeleteIsDisabledWithNothingSelected() {
        var rig = EditRig()
        rig.key("Escape")
        #expect(rig.workspace.chrome.toolbar.first { $0.action == .delete }?.isEnabled == false)
        rig.tapToolbar(.delete)
        #expect(rig.document.nodeCount == 6)
    }
}

@Suite struct UndoTests {
    /// Builds, edits, links, folds, moves, pastes and deletes, by keys and pointer.
    func busySession(_ rig: inout EditRig) {
        rig.key("Tab"); rig.type("alpha"); rig.key("Return")
        rig.key("Tab"); rig.type("beta"); rig.key("Tab"); rig.type("gamma"); rig.key("Return")
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("F2"); rig.type(" and drink"); rig.key("Return")
        rig.mouseDrag(from: rig.screen(of: rig.id("shelter")), to: rig.screen(of: rig.id("education")), button: .right)
        rig.mouseDrag(from: rig.screen(of: rig.id("shelter")), to: rig.screen(of: rig.id("shelter")) + Vec2(90, -20))
        rig.click(rig.screen(of: rig.id("alpha")))
        rig.key("Space")
        rig.click(rig.screen(of: rig.id("health care")))
        rig.workspace.paste("pasted\n\tone\n\ttwo")
        rig.click(rig.screen(of: rig.id("clean water")))
        rig.key("Delete")
        rig.key("X", .ctrl)
    }

    @Test func undoingEverythingGivesBackTheExactOriginalAndRedoEverythingTheEnd() {
        var rig = EditRig()
        let original = rig.content
        busySession(&rig)
        let edited = rig.content
        #expect(edited != original)
        var steps = 0
        while rig.workspace.history.canUndo && steps < 100 { rig.key("Z", .ctrl); steps += 1 }
        rig.settle()
        #expect(rig.content == original)
        while rig.workspace.history.canRedo && steps > 0 { rig.key("Y", .ctrl); steps -= 1 }
        rig.settle()
        #expect(rig.content == edited)
        #expect(steps == 0)
    }

    @Test func aDragIsOneStepAndCtrlShiftZRedoes() {
        var rig = EditRig()
        let shelter = rig.id("shelter")
        let start = rig.document.node(shelter)?.position ?? .zero
        rig.mouseDrag(from: rig.screen(of: shelter), to: rig.screen(of: shelter) + Vec2(50, 50))
        #expect(rig.workspace.history.done.count == 1)
        rig.key("Z", .ctrl)
        #expect(rig.document.node(shelter)?.position == start)
        rig.key("Z", [.ctrl, .shift])
        #expect(rig.document.node(shelter)?.position == start + Vec2(50, 50))
    }

    @Test func aTwoFingerTapUndoesAndAThreeFingerTapRedoes() {
        var rig = EditRig()
        let shelter = rig.id("shelter")
        let start = rig.document.node(shelter)?.position ?? .zero
        rig.fingerDrag(from: rig.screen(of: shelter), to: rig.screen(of: shelter) + Vec2(50, 50))
        let moved = rig.document.node(shelter)?.position ?? .zero
        #expect(moved == start + Vec2(50, 50))
        let selection = rig.workspace.selection.nodes
        // The first finger lands on another node: a tap of several fingers selects nothing.
        rig.multiFingerTap(2, at: rig.screen(of: rig.document.rootID))
        rig.settle()
        #expect(rig.document.node(shelter)?.position == start)
        #expect(rig.workspace.selection.nodes == selection)
        rig.multiFingerTap(3, at: rig.screen(of: rig.document.rootID))
        rig.settle()
        #expect(rig.document.node(shelter)?.position == moved)
        #expect(rig.workspace.selection.nodes == selection)
    }

    @Test func theToolbarUndoesAndRedoes() {
        var rig = EditRig()
        rig.key("Tab"); rig.type("x"); rig.key("Return")
        #expect(rig.document.nodeCount == 7)
        rig.tapToolbar(.undo)
        #expect(rig.document.nodeCount == 6)
        rig.tapToolbar(.redo)
        #expect(rig.document.nodeCount == 7)
        #expect(rig.text(of: rig.document.nodes[6].id) == "x")
    }

    @Test(arguments: 0..<12) func randomCommandsUndoToTheOriginal(seed: Int) {
        var rig = EditRig()
        var rng = SeededGenerator(seed: UInt64(seed) + 1)
        let original = rig.content
        let keys: [(String, KeyModifiers)] = [("Tab", []), ("Return", []), ("Return", .shift), ("Delete", []), ("Space", []),
                                              ("Left", []), ("Right", []), ("Up", []), ("Down", []), ("L", .ctrl), ("X", .ctrl),
                                              ("A", .ctrl), ("Escape", []), ("F2", [])]
        for _ in 0..<60 {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0..<5:
                let (name, modifiers) = keys[Int.random(in: 0..<keys.count, using: &rng)]
                rig.key(name, modifiers)
            case 5..<7:
                rig.type(["ab", "é", "👩‍👩‍👧", "漢字", " "][Int.random(in: 0..<5, using: &rng)])
            case 7:
                let node = rig.document.nodes[Int.random(in: 0..<rig.document.nodeCount, using: &rng)]
                rig.click(rig.screen(of: node.id), Bool.random(using: &rng) ? [] : .ctrl)
            case 8:
                rig.workspace.paste("p\n  q\n  r")
            default:
                let node = rig.document.nodes[Int.random(in: 0..<rig.document.nodeCount, using: &rng)]
                rig.mouseDrag(from: rig.screen(of: node.id), to: rig.screen(of: node.id) + Vec2(30, -20))
            }
        }
        rig.key("Return")
        rig.key("Escape")
        var guardSteps = 0
        while rig.workspace.history.canUndo && guardSteps < 500 { rig.workspace.undo(); guardSteps += 1 }
        rig.settle()
        #expect(rig.content == original)
    }
}

@Suite struct SelectionTests {
    @Test func ctrlOrShiftClickTogglesAndATapInSelectModeToo() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.click(rig.screen(of: rig.id("shelter")), .shift)
        #expect(rig.workspace.selection.nodes == [rig.id("food"), rig.id("shelter")])
        rig.click(rig.screen(of: rig.id("food")), .ctrl)
        #expect(rig.workspace.selection.nodes == [rig.id("shelter")])
        rig.tapToolbar(.selectMode)
        rig.tap(rig.screen(of: rig.id("education")))
        #expect(rig.workspace.selection.nodes == [rig.id("shelter"), rig.id("education")])
    }

    @Test func shiftDragOnTheSurfaceSelectsWhatTheRectangleTouches() {
        var rig = EditRig()
        rig.key("Escape")
        // A box around the two lower nodes (education, health care) and nothing else.
        rig.mouseDrag(from: Vec2(150, 440), to: Vec2(650, 520), .shift)
        #expect(rig.workspace.selection.nodes == [rig.id("education"), rig.id("health care")])
        #expect(rig.workspace.input.band == nil)
        #expect(rig.camera.origin == Vec2(400, 300), "the band does not pan")
    }

    @Test func selectModeBandsWithAFinger() {
        var rig = EditRig()
        rig.tapToolbar(.selectMode)
        rig.fingerDrag(from: Vec2(60, 150), to: Vec2(300, 260))
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
        rig.key("Escape")
        #expect(rig.workspace.input.mode == .normal, "Escape leaves the mode first")
        rig.key("Escape")
        #expect(rig.workspace.selection.nodes.isEmpty)
    }

    @Test func ctrlASelectsEveryVisibleNode() {
        var rig = EditRig()
        rig.key("A", .ctrl)
        #expect(rig.workspace.selection.nodes.count == 6)
    }

    @Test(arguments: [("Up", "shelter"), ("Right", "food"), ("Left", "clean water")])
    func arrowsMoveToTheNearestNodeThatWay(arrow: String, expected: String) {
        var rig = EditRig()
        rig.key(arrow)
        #expect(rig.workspace.selection.nodes == [rig.id(expected)])
    }

    @Test func downFromTheRootPicksABottomNodeAndShiftArrowsExtend() {
        var rig = EditRig()
        rig.key("Down")
        let first = rig.workspace.selection.nodes
        #expect(first == [rig.id("education")] || first == [rig.id("health care")])
        rig.key("Escape")
        rig.click(rig.screen(of: rig.id("shelter")))
        rig.key("Down", .shift)
        #expect(rig.workspace.selection.nodes == [rig.document.rootID, rig.id("shelter")])
        #expect(rig.workspace.selection.focus == rig.document.rootID)
    }
}

@Suite struct TypingTests {
    @Test func typingOnASelectedNodeReplacesItsTextAndZoomKeysStillZoom() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.press("=", typing: "=")
        #expect(rig.workspace.editing == nil, "= zooms; the = it types is not typing")
        rig.settle()
        #expect(rig.camera.zoom > 1.2)
        rig.press("B", typing: "b")
        rig.press("R", typing: "r")
        rig.press("E", typing: "e")
        rig.press("A", typing: "a")
        rig.press("D", typing: "d")
        #expect(rig.workspace.editing?.editor.text == "bread")
        rig.key("Return")
        #expect(rig.text(of: rig.document.nodes[2].id) == "bread")
        rig.key("Z", .ctrl)
        #expect(rig.text(of: rig.document.nodes[2].id) == "food")
    }

    @Test func spaceFoldsButTheSpaceItTypesDoesNotStartAnEdit() {
        var rig = EditRig()
        rig.press("Space", typing: " ")
        #expect(rig.workspace.editing == nil)
        #expect(rig.document.root.folded)
        #expect(rig.document.hiddenCount == 5)
    }

    @Test func f2EditsWithTheCaretAtTheEndAndTheEditorKeysWork() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("F2")
        rig.key("Left", .ctrl)
        rig.type("good ")
        rig.key("End", .shift)
        rig.key("X", .ctrl)
        rig.key("Return", .shift)
        rig.key("V", .ctrl)
        #expect(rig.requests.contains(.setClipboard("food")))
        #expect(rig.requests.last == .readClipboard)
        rig.workspace.paste("food")
        rig.key("Return")
        #expect(rig.text(of: rig.id("good \nfood")) == "good \nfood")
    }

    @Test func escapeWhileEditingPutsTheTextBack() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("F2")
        rig.type(" fight")
        #expect(rig.document.nodes[2].text == "food fight", "the node shows the text as it is typed")
        rig.key("Escape")
        #expect(rig.document.nodes[2].text == "food")
        #expect(!rig.workspace.history.canUndo)
    }

    /// The screen point just inside the node's right edge, on its text's line: past the text's end.
    static func endOfText(_ rig: EditRig, _ id: NodeID) -> Vec2 {
        let node = rig.document.node(id)
        return rig.camera.screenPoint(ofMap: (node?.position ?? .zero) + Vec2((node?.size.x ?? 0) / 2 - 6, 0))
    }

    @Test func aFingerStartsEditingWithTheTextSelectedSoTypingReplacesItAndATapPutsTheCaret() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.doubleTap(rig.screen(of: food))
        #expect(rig.workspace.editing?.editor.selectedText == "food", "the whole text, ready to be typed over")
        rig.type("water")
        #expect(rig.document.node(food)?.text == "water")
        // A tap at the start of the text puts the caret there, and nothing is selected or lost.
        let node = rig.document.node(food)
        rig.tap(rig.camera.screenPoint(ofMap: (node?.position ?? .zero) - Vec2((node?.size.x ?? 0) / 2 - 6, 0)))
        #expect(rig.workspace.editing?.editor.caret == 0 && rig.workspace.editing?.editor.hasSelection == false)
        rig.type("fresh ")
        rig.key("Return")
        #expect(rig.document.node(food)?.text == "fresh water")
        #expect(rig.workspace.history.done.count == 1, "one step for the whole edit")
        // From a keyboard, F2 keeps Freeplane's caret at the end.
        rig.key("F2")
        #expect(rig.workspace.editing?.editor.hasSelection == false)
        #expect(rig.workspace.editing?.editor.caret == "fresh water".count)
    }

    @Test func aTapElsewhereCommitsTheEdit() {
        var rig = EditRig()
        rig.doubleTap(rig.screen(of: rig.id("food")))
        #expect(rig.workspace.editing?.node == rig.id("food"))
        rig.tap(Self.endOfText(rig, rig.id("food")))
        rig.type("s")
        rig.tap(rig.screen(of: rig.id("shelter")))
        #expect(rig.workspace.editing == nil)
        #expect(rig.document.nodes[2].text == "foods")
        #expect(rig.workspace.history.done.count == 1)
    }

    @Test func anInputMethodCompositionShowsButIsNotTextUntilCommitted() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("F2")
        rig.send(.textEditing(text: "にほ", cursor: 2))
        #expect(rig.workspace.editing?.editor.displayText == "foodにほ")
        #expect(rig.document.nodes[2].text == "food")
        rig.key("Return")
        #expect(rig.workspace.editing != nil, "Return belongs to the input method while it composes")
        rig.send(.textEditing(text: "", cursor: 0))
        rig.type("日本")
        rig.key("Return")
        #expect(rig.document.nodes[2].text == "food日本")
    }

    @Test func theTextInputRectFollowsTheCaret() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("F2")
        let before = rig.workspace.textInputRect
        rig.type("ie")
        let after = rig.workspace.textInputRect
        #expect(before != nil && after != nil)
        #expect((after?.minX ?? 0) > (before?.minX ?? 0))
        #expect(rig.workspace.wantsTextInput)
    }

    /// Issue 27: typing on a read-only screen did nothing and said nothing (text input was off,
    /// so no typed text ever arrived). It arrives, changes nothing, and the person is told why.
    @Test func typingOnAReadOnlyMapSaysWhyNothingChanges() {
        var rig = EditRig()
        rig.workspace.lockdown.isReadOnly = true
        rig.click(rig.screen(of: rig.id("food")))
        #expect(rig.workspace.wantsTextInput, "typed text reaches the map, to be refused")
        rig.type("x")
        #expect(rig.workspace.document.node(rig.id("food"))?.text == "food")
        #expect(rig.workspace.panels.banner?.message.contains("read-only") == true, "\(rig.workspace.panels.banner?.message ?? "silence")")
    }

    @Test func aFingerSelectingANodeDoesNotAskForTheKeyboard() {
        var rig = EditRig()
        rig.tap(rig.screen(of: rig.id("food")))
        #expect(!rig.workspace.wantsTextInput)
        rig.click(rig.screen(of: rig.id("food")))
        #expect(rig.workspace.wantsTextInput, "with a mouse, typing on the selected node edits it")
        rig.doubleTap(rig.screen(of: rig.id("food")))
        #expect(rig.workspace.wantsTextInput, "editing wants it whatever the pointer")
    }
}

@Suite struct ClipboardTests {
    @Test func copyPutsSelectedSubtreesAsAnIndentedOutline() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab"); rig.type("bread\nand butter"); rig.key("Return")
        rig.key("Tab"); rig.type("rye"); rig.key("Return")
        rig.click(rig.screen(of: rig.id("food")))
        rig.click(rig.screen(of: rig.id("shelter")), .ctrl)
        let requests = rig.key("C", .ctrl)
        #expect(requests == [.setClipboard("shelter\nfood\n\tbread and butter\n\t\trye")])
    }

    @Test func pasteMakesTheOutlineASubtreeOfTheFocusedNode() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.workspace.paste("- fruit\n  - apple\n  - pear\n- vegetables")
        #expect(rig.children(of: "food") == ["fruit", "vegetables"])
        #expect(rig.children(of: "fruit") == ["apple", "pear"])
        let pasted = ["fruit", "apple", "pear", "vegetables"].compactMap { rig.document.node(rig.id($0)) }
        for (i, a) in pasted.enumerated() {
            for b in pasted[(i + 1)...] { #expect(!a.frame.intersects(b.frame)) }
        }
        rig.key("Z", .ctrl)
        #expect(rig.children(of: "food").isEmpty, "a paste is one undo step")
    }

    @Test func cutThenPasteMovesASubtreeElsewhere() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab"); rig.type("rice"); rig.key("Return")
        rig.click(rig.screen(of: rig.id("food")))
        let cut = rig.key("X", .ctrl)
        guard case .setClipboard(let text)? = cut.first else {
            Issue.record("cut put nothing on the clipboard")
            return
        }
        #expect(!rig.document.nodes.contains { $0.text == "food" })
        rig.click(rig.screen(of: rig.id("shelter")))
        rig.workspace.paste(text)
        #expect(rig.children(of: "shelter") == ["food"])
        #expect(rig.children(of: "food") == ["rice"])
    }

    @Test func pasteWithNothingSelectedMakesFreeNodesAtTheCentre() {
        var rig = EditRig()
        rig.key("Escape")
        rig.workspace.paste("one\ntwo")
        let one = rig.document.node(rig.id("one")), two = rig.document.node(rig.id("two"))
        #expect(rig.document.parent(of: rig.id("one")) == nil && rig.document.parent(of: rig.id("two")) == nil)
        #expect(one.map { $0.position.distance(to: rig.camera.mapPoint(ofScreen: Vec2(400, 300))) < 40 } == true)
        #expect(one.flatMap { a in two.map { !a.frame.intersects($0.frame) } } == true)
    }
}

@Suite struct FoldTests {
    @Test func foldingHidesTheSubtreeFromDrawingAndHitTestsAndTheBadgeUnfolds() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab"); rig.type("rice"); rig.key("Return")
        let rice = rig.id("rice")
        let riceAt = rig.screen(of: rice)
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Space")
        #expect(rig.document.isHidden(rice))
        #expect(rig.document.hiddenDescendantCount(of: rig.id("food")) == 1)
        #expect(rig.document.topmostNode(at: rig.camera.mapPoint(ofScreen: riceAt)) == nil, "hidden nodes are not hit")
        var list = DrawList()
        SceneBuilder(theme: .classic).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                            selection: [], into: &list)
        #expect(!list.labels.contains { $0.text == "rice" })
        #expect(list.labels.contains { $0.text == "1" }, "the badge shows how many are hidden")
        let food = try? #require(rig.document.node(rig.id("food")))
        let badge = FoldBadge.screenCenter(of: food!, at: food!.position, side: 1, camera: rig.camera)
        rig.tap(badge)
        #expect(!rig.document.node(rig.id("food"))!.folded)
        #expect(!rig.document.isHidden(rice))
        rig.key("Z", .ctrl)
        #expect(rig.document.isHidden(rice), "folds are undoable")
    }

    @Test func addingAChildToAFoldedNodeUnfoldsItSoTheChildShows() {
        var rig = EditRig()
        rig.key("Space")
        #expect(rig.document.root.folded)
        rig.key("Tab")
        #expect(!rig.document.root.folded)
        #expect(rig.workspace.editing.map { !rig.document.isHidden($0.node) } == true)
    }
}

@Suite struct FindingYourWayTests {
    @Test func zoomToFitFramesTheWholeMapAnimated() {
        var rig = EditRig(camera: Camera(origin: Vec2(-3000, 900), zoom: 1.7))
        rig.key("1", .shift)
        #expect(rig.workspace.isAnimating)
        rig.settle()
        let visible = rig.camera.visibleMapRect(viewportSize: Vec2(800, 600))
        let bounds = rig.document.bounds
        #expect(visible.contains(bounds.origin) && visible.contains(Vec2(bounds.maxX, bounds.maxY)))
        rig.tapToolbar(.fit)
        rig.settle()
        #expect(rig.camera.zoom <= 1)
    }

    @Test func centreOnSelectionKeepsTheZoomAndBringsItToTheMiddle() {
        var rig = EditRig(camera: Camera(origin: Vec2(900, 900), zoom: 1.5))
        rig.workspace.paste("")
        rig.key("2", .shift)
        rig.settle()
        #expect(abs(rig.camera.zoom - 1.5) < 1e-9)
        let root = rig.screen(of: rig.document.rootID)
        #expect(abs(root.x - 400) < 1 && root.y < 300)
    }

    @Test func searchHighlightsMatchesAndEnterCyclesAndCentresOnThem() {
        var rig = EditRig()
        rig.key("F", .ctrl)
        rig.type("EA")
        let search = try? #require(rig.workspace.panels.search)
        #expect(search?.matches == [rig.id("health care"), rig.id("clean water")], "any case, outline order")
        #expect(rig.workspace.selection.nodes == [rig.id("health care")])
        #expect(rig.workspace.sceneExtras.highlighted == [rig.id("health care"), rig.id("clean water")])
        rig.key("Return")
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
        rig.key("F3")
        #expect(rig.workspace.selection.nodes == [rig.id("health care")])
        rig.key("F3", .shift)
        rig.settle()
        #expect(rig.screen(of: rig.id("clean water")).distance(to: Vec2(400, 300)) < 60, "the match is brought to the middle")
        rig.key("Escape")
        #expect(rig.workspace.panels.search == nil)
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
    }

    @Test func searchOpensFoldsToShowAHiddenMatch() {
        var rig = EditRig()
        rig.key("Space")
        rig.key("F", .ctrl)
        rig.type("water")
        #expect(!rig.document.root.folded)
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
    }

    @Test func theOutlineListsTheTreeAndATapSelectsAndCentres() {
        var rig = EditRig(camera: Camera(origin: Vec2(2000, 2000), zoom: 1))
        rig.tapToolbar(.outline)
        let rows = rig.workspace.panels.outline?.rows ?? []
        #expect(rows.map { rig.text(of: $0.id) ?? "" } == ["every human has a right to", "shelter", "food", "education", "health care", "clean water"])
        #expect(rows.map(\.depth) == [0, 1, 1, 1, 1, 1])
        guard let row = rig.workspace.overlayLayout.rect(of: .outlineRow(rig.id("education"))) else {
            Issue.record("no row for education")
            return
        }
        rig.tap(row.center)
        rig.settle()
        #expect(rig.workspace.selection.nodes == [rig.id("education")])
        let canvasCentre = rig.workspace.canvasRect.center
        #expect(rig.screen(of: rig.id("education")).distance(to: canvasCentre) < 60)
        #expect(rig.screen(of: rig.id("education")).x > OverlayLayout.outlineWidth(viewportSize: Vec2(800, 600)), "not under the panel")
    }

    @Test func theOutlineScrollsByDragAndWheelWithoutMovingTheMap() {
        var document = Document(rootText: "root")
        for i in 0..<100 { document.addChild(of: document.rootID, text: "item \(i)", at: Vec2(300, Double(i) * 50)) }
        var rig = EditRig(document: document)
        rig.key("F9")
        let origin = rig.camera.origin
        rig.fingerDrag(from: Vec2(100, 500), to: Vec2(100, 200))
        #expect((rig.workspace.panels.outline?.scroll ?? 0) > 250)
        rig.send(.wheel(delta: Vec2(0, -3), position: Vec2(100, 300), modifiers: []))
        #expect((rig.workspace.panels.outline?.scroll ?? 0) > 350)
        #expect(rig.camera.origin == origin)
        #expect(rig.workspace.selection.nodes == [rig.document.rootID], "a scroll is not a tap")
    }
}

@Suite struct ToolbarTests {
    @Test func buttonsAreFingerSizedAndTogglesShowTheirState() {
        var rig = EditRig()
        rig.workspace.measures.targetPixels = 30
        #expect(rig.workspace.measures.targetPixels == 44, "never under 44 px")
        rig.workspace.measures.targetPixels = 57
        for action in Action.toolbar {
            let rect = rig.workspace.overlayLayout.rect(of: .toolbar(action))
            #expect((rect?.height ?? 0) >= 57 && (rect?.width ?? 0) >= 57, "\(action)")
        }
        rig.tapToolbar(.linkMode)
        #expect(rig.workspace.chrome.toolbar.first { $0.action == .linkMode }?.isOn == true)
        rig.tapToolbar(.selectMode)
        #expect(rig.workspace.input.mode == .select)
        #expect(TouchTarget.pixels(dpi: 96, pixelScale: 1) == 44)
        #expect(TouchTarget.pixels(dpi: 220, pixelScale: 1) == 78)
        #expect(TouchTarget.pixels(dpi: 220, pixelScale: 2) == 44)
    }

    @Test func aGestureThatStartsOnTheCanvasIsNeverTheToolbars() {
        var rig = EditRig()
        let button = rig.toolbarButton(.delete)
        let origin = rig.camera.origin
        // A pan from empty surface that ends on the Delete button: a pan, not a press of Delete.
        rig.fingerDrag(from: button + Vec2(0, -200), to: button)
        #expect(rig.camera.origin != origin)
        #expect(rig.document.nodeCount == 6)
        // A second finger landing on the toolbar during a canvas gesture belongs to the canvas.
        rig.send(.fingerDown(id: 1, position: Vec2(400, 200)), after: 0.5)
        rig.send(.fingerDown(id: 2, position: button))
        rig.send(.fingerMove(id: 2, position: button + Vec2(0, 40)))
        rig.send(.fingerUp(id: 2, position: button + Vec2(0, 40)))
        rig.send(.fingerUp(id: 1, position: Vec2(400, 200)))
        #expect(rig.document.nodeCount == 6)
    }

    @Test func aPressThatSlidesOffAButtonDoesNothing() {
        var rig = EditRig()
        let button = rig.toolbarButton(.newNode)
        rig.send(.fingerDown(id: 1, position: button), after: 0.5)
        rig.send(.fingerMove(id: 1, position: button + Vec2(0, -150)))
        rig.send(.fingerUp(id: 1, position: button + Vec2(0, -150)))
        #expect(rig.document.nodeCount == 6)
        #expect(rig.camera.origin == Vec2(400, 300), "and it did not pan the map either")
    }
}

@Suite struct MinimapTests {
    @Test func theCornerButtonShowsTheMinimapAndATapOnItCentresTheViewThere() {
        var rig = EditRig(document: .procedural(nodeCount: 200, seed: 4))
        rig.tap(rig.workspace.overlayLayout.rect(of: .minimapToggle)?.center ?? .zero)
        let panel = try? #require(rig.workspace.overlayLayout.minimap)
        #expect(panel != nil)
        let geometry = MinimapGeometry(panel: panel ?? Rect(x: 0, y: 0, width: 1, height: 1), world: rig.workspace.chrome.minimapWorld)
        // The map's top-left corner region, tapped on the minimap, comes to the canvas centre.
        let corner = rig.document.bounds.origin + Vec2(100, 100)
        rig.tap(geometry.point(ofMap: corner))
        #expect(rig.camera.mapPoint(ofScreen: rig.workspace.canvasRect.center).distance(to: corner) < 2 / geometry.pixelsPerUnit)
        #expect(rig.workspace.selection.nodes == [rig.document.rootID], "a tap on the minimap is not a tap on the map")
        // A drag on it follows the finger.
        let far = rig.document.bounds.center + Vec2(rig.document.bounds.width / 4, 0)
        rig.fingerDrag(from: geometry.point(ofMap: corner), to: geometry.point(ofMap: far))
        #expect(rig.camera.mapPoint(ofScreen: rig.workspace.canvasRect.center).distance(to: far) < 2 / geometry.pixelsPerUnit)
        rig.key("F7")
        #expect(rig.workspace.overlayLayout.minimap == nil)
    }

    @Test func theMinimapDrawsTheMapAndTheView() {
        var rig = EditRig(document: .procedural(nodeCount: 300, seed: 2))
        rig.key("F7")
        var list = DrawList()
        OverlayBuilder(theme: .standard).build(banner: nil, dialog: nil, chrome: rig.workspace.chrome, document: rig.document,
                                               viewportSize: Vec2(800, 600), pixelScale: 1, into: &list)
        let panel = rig.workspace.overlayLayout.minimap ?? Rect(x: 0, y: 0, width: 0, height: 0)
        #expect(list.dots.count / 4 > 50, "the nodes as dots")
        var inside = true
        for k in stride(from: 0, to: list.dots.count, by: 4) where !panel.contains(Vec2(Double(list.dots[k]), Double(list.dots[k + 1]))) { inside = false }
        #expect(inside, "all within the panel")
    }
}

@Suite struct EditingExactnessTests {
    /// Found by the soak: a node whose text is typed and then taken back ends exactly where it
    /// was, not one unit in the last place off (which no undo step would record).
    @Test(arguments: [-124.99028267505453, 0.1 + 0.2, 1e7 / 3, -33.3])
    func typingAndTakingItBackLeavesTheNodeExactlyWhereItWas(x: Double) throws {
        var rig = EditRig()
        let child = try #require(rig.document.children(of: rig.document.rootID).first)
        rig.workspace.document.moveNode(child, to: Vec2(x, 50))
        let before = try #require(rig.document.node(child)?.position)
        rig.workspace.select([child])
        let steps = rig.workspace.history.done.count
        rig.key("F2")
        rig.type("xyz")
        #expect(rig.document.node(child)?.position != before, "the node grew from its anchored side")
        for _ in 0..<3 { rig.key("Backspace") }
        rig.key("Return")
        #expect(rig.document.node(child)?.position == before)
        #expect(rig.workspace.history.done.count == steps)
    }
}
