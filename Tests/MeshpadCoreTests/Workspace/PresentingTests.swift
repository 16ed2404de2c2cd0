import Testing
@testable import MeshpadCore

/// Presenting a map (issue 28): slides from the branches or the map's own, played by finger,
/// key and clicker, leaving the map as it was.
@Suite struct PresentingTests {
    /// A talk: the root, three branches ("Why" with three points, "How" with a folded step,
    /// "Next" a leaf).
    static func talk() -> Document {
        var map = MapBuilder(rootText: "Talk")
        let why = map.addChild(of: map.rootID, text: "Why", at: Vec2(200, -150))
        let how = map.addChild(of: map.rootID, text: "How", at: Vec2(200, 0))
        _ = map.addChild(of: map.rootID, text: "Next", at: Vec2(-200, 0))
        for (i, point) in ["cost", "speed", "joy"].enumerated() {
            if let why { _ = map.addChild(of: why, text: point, at: Vec2(400, -200 + Double(i) * 40)) }
        }
        if let how, let step = map.addChild(of: how, text: "step", at: Vec2(400, 20)) {
            _ = map.addChild(of: step, text: "detail", at: Vec2(600, 20))
            map.modify(step) { $0.folded = true }
        }
        return map.build()
    }

    func rig() -> EditRig { EditRig(document: Self.talk()) }

    func slide(_ rig: EditRig) -> Int? { rig.workspace.panels.presenting.map { $0.index + 1 } }
    func slideNode(_ rig: EditRig) -> String? {
        rig.workspace.panels.presenting?.slide?.node.flatMap { rig.document.node($0)?.text }
    }

    // MARK: - Starting and ending

    @Test func f5PlaysTheBranchesFullScreenWithTheChromeHidden() {
        var rig = rig()
        #expect(rig.workspace.overlayLayout.rect(of: .toolbar(.undo)) != nil)
        rig.key("F5")
        #expect(rig.workspace.panels.presenting != nil, "the window fills the screen while one plays")
        #expect(slide(rig) == 1)
        #expect(rig.workspace.panels.presenting?.slides.count == 4, "the root and its three branches")
        #expect(slideNode(rig) == "Talk")
        // The chrome steps aside for a counter.
        let layout = rig.workspace.overlayLayout
        #expect(layout.rect(of: .toolbar(.undo)) == nil)
        #expect(layout.rect(of: .appMenuButton) == nil)
        #expect(layout.parts.first { $0.role == .slideCounter }?.text == "1 / 4")
        // The opening slide shows the branches as an agenda: those with children folded.
        #expect(rig.document.node(rig.id("Why"))?.folded == true)
        #expect(StateDump(rig.workspace).presentation?.slide == 1)
        #expect(StateDump(rig.workspace).presentation?.slides == 4)
    }

    @Test func escapeLeavesTheMapAsItWasWithNothingToUndoOrSave() {
        var rig = rig()
        let before = rig.content
        let revision = rig.workspace.contentRevision
        rig.key("F5")
        rig.settle()
        rig.key("PageDown")
        rig.key("PageDown")
        rig.settle()
        #expect(slideNode(rig) == "How")
        rig.key("Escape")
        rig.settle()
        #expect(rig.workspace.panels.presenting == nil)
        #expect(rig.content == before, "the slides' folds are taken back")
        #expect(rig.workspace.contentRevision == revision, "presenting is no change to save")
        #expect(!rig.workspace.history.canUndo)
        #expect(rig.workspace.overlayLayout.rect(of: .toolbar(.undo)) != nil, "the chrome is back")
        #expect(StateDump(rig.workspace).presentation == nil)
    }

    // MARK: - Keys and a clicker

    @Test(arguments: ["Right", "Down", "PageDown", "Space", "Return"])
    func forwardKeysStepOn(_ key: String) {
        var rig = rig()
        let nodes = rig.document.nodes.count
        rig.key("F5")
        rig.key(key)
        #expect(slide(rig) == 2)
        #expect(slideNode(rig) == "Why")
        #expect(rig.document.nodes.count == nodes, "Return does not add a sibling while presenting")
    }

    @Test(arguments: ["Left", "Up", "PageUp", "Backspace"])
    func backKeysStepBack(_ key: String) {
        var rig = rig()
        let nodes = rig.document.nodes.count
        rig.key("F5")
        rig.key("PageDown")
        rig.key("PageDown")
        rig.key(key)
        #expect(slide(rig) == 2)
        #expect(rig.document.nodes.count == nodes, "Backspace deletes nothing while presenting")
    }

    @Test func aClickersPageDownAndPageUpWalkTheWholeTalkAndStopAtItsEnds() {
        var rig = rig()
        rig.key("F5")
        rig.key("PageUp")
        #expect(slide(rig) == 1, "nothing before the first")
        var seen: [String] = []
        for _ in 0..<5 {
            seen.append(slideNode(rig) ?? "?")
            rig.key("PageDown")
        }
        #expect(seen == ["Talk", "Why", "How", "Next", "Next"])
        #expect(rig.workspace.panels.banner == nil, "no banner over the last slide in front of the room")
        #expect(rig.workspace.overlayLayout.parts.first { $0.role == .slideCounter }?.text == "4 / 4 · Escape ends")
        for _ in 0..<3 { rig.key("PageUp") }
        #expect(slideNode(rig) == "Talk")
    }

    @Test func bBlacksTheScreenAndBringsItBack() {
        var rig = rig()
        rig.key("F5")
        rig.key("B")
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .blackout })
        #expect(StateDump(rig.workspace).presentation?.blackedOut == true)
        rig.key("B")
        #expect(!rig.workspace.overlayLayout.parts.contains { $0.role == .blackout })
        rig.key("B")
        rig.key("PageDown")
        #expect(!rig.workspace.overlayLayout.parts.contains { $0.role == .blackout }, "a step brings the slide back first")
        #expect(slide(rig) == 1)
    }

    @Test func shiftF5StartsFromTheSelectedNodesSlide() {
        var rig = rig()
        rig.workspace.perform(.selectRoot)
        rig.tap(rig.screen(of: rig.id("How")))
        #expect(rig.workspace.selection.nodes == [rig.id("How")])
        rig.key("F5", .shift)
        #expect(slideNode(rig) == "How")
        rig.key("Escape")
        #expect(rig.workspace.selection.nodes == [rig.id("How")], "the selection comes back")
    }

    // MARK: - Fingers

    @Test func swipesStepAndATapOnTheSurfaceStepsOn() {
        var rig = rig()
        rig.key("F5")
        rig.settle()
        let camera = rig.camera
        rig.fingerDrag(from: Vec2(600, 500), to: Vec2(300, 510))
        #expect(slide(rig) == 2, "a swipe to the left: the next slide")
        rig.settle()
        rig.fingerDrag(from: Vec2(200, 500), to: Vec2(560, 490))
        #expect(slide(rig) == 1, "a swipe to the right: the one before")
        rig.settle()
        #expect(rig.camera.zoom == camera.zoom, "a swipe does not pan the slide away")
        rig.tap(Vec2(20, 580))
        #expect(slide(rig) == 2)
        rig.fingerDrag(from: Vec2(600, 500), to: Vec2(560, 300))
        #expect(slide(rig) == 2, "an upward drag is no swipe")
    }

    @Test func aTapOnANodeJumpsToItsSlideAndTwoFingersGoBack() {
        var rig = rig()
        rig.key("F5")
        rig.settle()
        rig.tap(rig.screen(of: rig.id("Next")))
        #expect(slideNode(rig) == "Next")
        rig.settle()
        rig.multiFingerTap(2, at: Vec2(300, 300))
        #expect(slideNode(rig) == "How")
        #expect(rig.workspace.selection.nodes == [rig.id("How")], "the slide's node is the one selected, whatever was tapped")
    }

    @Test func aLongPressOffersEndPresentation() {
        var rig = rig()
        rig.key("F5")
        rig.settle()
        rig.send(.fingerDown(id: 1, position: Vec2(100, 500)), after: 0.5)
        rig.time += 1.0
        _ = rig.workspace.tick(at: rig.time)
        let rows = rig.workspace.panels.menu?.rows.map(\.title) ?? []
        #expect(rows.contains("End presentation"))
        #expect(rows.contains("Whole map"))
        rig.send(.fingerUp(id: 1, position: Vec2(100, 500)), after: 0.05)
        let end = rig.workspace.overlayLayout.parts.first { $0.text == "End presentation" }
        #expect(end != nil)
        if let end { rig.tap(end.rect.center) }
        #expect(rig.workspace.panels.presenting == nil)
    }

    @Test func aPinchOutShowsTheWholeMapAndAPinchInGoesBack() {
        var rig = rig()
        rig.key("F5")
        rig.key("PageDown")
        rig.settle()
        let slideZoom = rig.camera.zoom
        pinch(&rig, from: 300, to: 120)
        #expect(rig.workspace.panels.presenting?.overviewReturn != nil)
        rig.settle()
        #expect(rig.camera.zoom < slideZoom)
        #expect(StateDump(rig.workspace).presentation?.overview == true)
        pinch(&rig, from: 120, to: 320)
        rig.settle()
        #expect(rig.workspace.panels.presenting?.overviewReturn == nil)
        #expect(abs(rig.camera.zoom - slideZoom) < 1e-6)
        #expect(slide(rig) == 2)
    }

    /// Two fingers about the middle, `from` px apart to `to` px apart.
    func pinch(_ rig: inout EditRig, from: Double, to: Double) {
        let c = Vec2(400, 300)
        rig.send(.fingerDown(id: 1, position: c - Vec2(from / 2, 0)), after: 0.5)
        rig.send(.fingerDown(id: 2, position: c + Vec2(from / 2, 0)), after: 0.01)
        for i in 1...8 {
            let d = from + (to - from) * Double(i) / 8
            rig.send(.fingerMove(id: 1, position: c - Vec2(d / 2, 0)), after: 0.016)
            rig.send(.fingerMove(id: 2, position: c + Vec2(d / 2, 0)), after: 0.001)
        }
        rig.send(.fingerUp(id: 1, position: c - Vec2(to / 2, 0)), after: 0.05)
        rig.send(.fingerUp(id: 2, position: c + Vec2(to / 2, 0)), after: 0.01)
    }

    // MARK: - The map's own slides

    @Test func addToSlidesMakesAPresentationThatF5PlaysAndUndoTakesBack() {
        var rig = rig()
        rig.workspace.perform(.addToSlides, on: .node(rig.id("How")))
        rig.workspace.perform(.addToSlides, on: .node(rig.id("Why")))
        #expect(rig.document.presentations.count == 1)
        #expect(rig.document.presentations.first?.slides.map(\.name) == ["How", "Why"])
        rig.key("F5")
        #expect(rig.workspace.panels.presenting?.slides.count == 2)
        #expect(slideNode(rig) == "How")
        rig.key("Escape")
        rig.workspace.undo()
        #expect(rig.document.presentations.first?.slides.count == 1)
    }

    @Test func aSlideKeepsItsFoldsAndZoom() {
        var rig = rig()
        let how = rig.id("How"), step = rig.id("step")
        rig.workspace.perform(.addToSlides, on: .node(how))
        #expect(rig.document.presentations.first?.slides.first?.foldedNodes == [step])
        #expect(rig.document.presentations.first?.slides.first?.zoom == 1)
        // Opened now, the step is folded again on its slide, and back open after.
        rig.workspace.perform(.toggleFold, on: .node(step))
        #expect(rig.document.node(step)?.folded == false)
        rig.key("F5")
        #expect(rig.document.node(step)?.folded == true)
        rig.key("Escape")
        #expect(rig.document.node(step)?.folded == false)
    }

    @Test func aSlideThatRevealsChildrenShowsThemOneAtATime() {
        var rig = rig()
        let why = rig.id("Why")
        var slide = Slide(name: "Why", node: why, foldedNodes: [])
        slide.revealsChildren = true
        rig.workspace.transact("slides") { $0.record(.setPresentations(from: [], to: [Presentation(name: "Talk", slides: [slide])])) }
        rig.key("F5")
        #expect(rig.workspace.panels.focus?.hiddenBranches.count == 3)
        rig.key("Space")
        #expect(rig.workspace.panels.focus?.hiddenBranches.count == 2)
        rig.key("Space")
        rig.key("Space")
        #expect(rig.workspace.panels.focus == nil, "all three shown")
        rig.key("Left")
        #expect(rig.workspace.panels.focus?.hiddenBranches == [rig.id("joy")])
    }

    @Test func aSlideWhoseNodeWasDeletedIsSkipped() {
        var rig = rig()
        rig.workspace.perform(.addToSlides, on: .node(rig.id("Next")))
        rig.workspace.perform(.addToSlides, on: .node(rig.id("How")))
        rig.workspace.perform(.delete, on: .node(rig.id("Next")))
        rig.key("F5")
        #expect(rig.workspace.panels.presenting?.slides.count == 1)
        #expect(slideNode(rig) == "How")
    }

    // MARK: - The kiosk

    @Test func theKiosksLoopStepsEveryFewSecondsAndBeginsAgain() {
        var rig = rig()
        _ = rig.workspace.playAttractPresentation(everySeconds: 5)
        #expect(rig.workspace.isPlayingAttract)
        var seen: [String] = []
        for _ in 0..<5 {
            seen.append(slideNode(rig) ?? "?")
            rig.time += 5
            _ = rig.workspace.tick(at: rig.time)
        }
        #expect(seen == ["Talk", "Why", "How", "Next", "Talk"])
        _ = rig.workspace.endAttractPresentation()
        #expect(rig.workspace.panels.presenting == nil)
    }

    @Test func addToSlidesRefusesANodeThatIsASlideAlready() {
        var rig = rig()
        rig.workspace.perform(.addToSlides, on: .node(rig.id("How")))
        rig.workspace.perform(.addToSlides, on: .node(rig.id("How")))
        #expect(rig.document.presentations.first?.slides.count == 1)
        #expect(rig.workspace.panels.banner?.message == "“How” is slide 1 already")
    }

    @Test func presentFromANodeWithoutASlideSaysSoAndStartsAtTheFirst() {
        var rig = rig()
        rig.workspace.perform(.addToSlides, on: .node(rig.id("Why")))
        rig.workspace.perform(.presentFromHere, on: .node(rig.id("step")))
        #expect(slideNode(rig) == "Why")
        #expect(rig.workspace.panels.banner?.message == "“step” has no slide of its own: from the first")
    }

    @Test func aBranchSlideFoldsItsNeighboursAndIsShownLargeEnoughToRead() {
        var rig = rig()
        rig.workspace.perform(.toggleFold, on: .node(rig.id("step")))
        rig.key("F5")
        rig.key("PageDown")
        #expect(slideNode(rig) == "Why")
        #expect(rig.document.node(rig.id("How"))?.folded == true, "the branch beside it is out of the way")
        #expect(rig.document.node(rig.id("Why"))?.folded == false)
        rig.settle()
        #expect(rig.camera.zoom >= Workspace.slideReadableZoom)
        rig.key("Escape")
        #expect(rig.document.node(rig.id("How"))?.folded == false, "and back as it was")
    }

    // MARK: - Nothing kept, whatever happens during a talk

    @Test func f5WithTheSearchOpenKeepsNoneOfItsFolds() {
        var rig = rig()
        rig.key("F", .ctrl)
        rig.type("detail")
        #expect(rig.document.node(rig.id("step"))?.folded == false, "the search shows its hit")
        rig.key("F5")
        rig.key("Escape")
        #expect(rig.document.node(rig.id("step"))?.folded == true)
        #expect(!rig.workspace.history.canUndo, "neither the search's folds nor the slides' are a step")
    }

    @Test func aDialogOverASlideKeepsNoneOfItsFolds() {
        var rig = rig()
        let before = rig.content
        rig.key("F5")
        rig.key("PageDown")
        #expect(rig.document.node(rig.id("How"))?.folded == true, "the slide folds its neighbour")
        // As quitting an unsaved map asks, over the slide.
        rig.workspace.present(Dialog(kind: .unsavedChanges(then: .quit), title: "Save changes?"))
        rig.workspace.present(nil)
        rig.key("Escape")
        rig.settle()
        #expect(!rig.workspace.history.canUndo)
        #expect(rig.content == before)
    }

    @Test func textTypedWhilePresentingEditsNothing() {
        var rig = rig()
        rig.key("F5")
        rig.type("x")
        rig.send(.textEditing(text: "か", cursor: 1))
        #expect(rig.workspace.editing == nil)
        rig.key("Escape")
        #expect(rig.document.node(rig.document.rootID)?.text == "Talk")
        #expect(!rig.workspace.history.canUndo)
    }

    @Test func anotherMapOpenedEndsThePresentation() {
        var rig = rig()
        rig.key("F5")
        rig.workspace.replaceDocument(.sample())
        #expect(rig.workspace.panels.presenting == nil)
        #expect(rig.workspace.panels.focus == nil)
    }

    @Test func presentingASharedMapSendsNothingAndShowsTheSlidesFoldsAsAView() {
        var rig = rig()
        rig.workspace.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
        rig.key("F5")
        rig.key("PageDown")
        rig.key("PageDown")
        #expect(slideNode(rig) == "How")
        rig.key("Escape")
        #expect(rig.workspace.shared?.pending.isEmpty == true, "no step reached the log")
        #expect(!rig.workspace.history.canUndo)
        // The agenda's folds as a view: the branches' children hidden, the map's folds untouched.
        rig.key("F5")
        #expect(rig.document.node(rig.id("Why"))?.folded == false)
        #expect(Set(rig.workspace.panels.focus?.hiddenBranches ?? []) == Set(["cost", "speed", "joy", "step"].map(rig.id)))
    }

    /// A kiosk loops its slides for days: what the slides' view keeps stays small, and the map is
    /// exactly as it was when they end.
    @Test func aLongLoopKeepsLittleAndLeavesTheMapAsItWas() {
        var rig = rig()
        let before = rig.content
        rig.workspace.playAttractPresentation(everySeconds: 5)
        var most = 0
        for _ in 0..<200 {
            rig.time += 5
            _ = rig.workspace.tick(at: rig.time)
            most = max(most, rig.workspace.history.open?.transaction.changes.count ?? 0)
        }
        #expect(most <= Workspace.slideViewChanges + 4, "the view held \(most) changes")
        rig.workspace.endAttractPresentation()
        rig.settle()
        #expect(rig.content == before)
        #expect(!rig.workspace.history.canUndo)
    }
}
