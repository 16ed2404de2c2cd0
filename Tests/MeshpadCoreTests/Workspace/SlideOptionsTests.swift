import Testing
@testable import MeshpadCore

/// How a slide plays, set by finger on its ⋯ in the slide list: children one at a time, its
/// branch alone, the view as it is now; each one undo step, and each played by F5. And how deep
/// "Make slides from branches" goes, asked in a dialog.
@Suite struct SlideOptionsTests {
    /// A slide's ⋯ (by its place), then the row of its menu with these words.
    static func choose(_ rig: inout EditRig, slide index: Int, _ title: String) throws {
        try SlideListTests.tap(&rig, .slideOptions(index))
        MenuTests.tapRow(&rig, title)
    }

    /// The rows of the menu up drawn with a tick.
    static func ticked(_ rig: EditRig) -> [String] {
        rig.workspace.overlayLayout.parts.compactMap { part in
            if case .menuRow = part.role, part.look == .on { return part.text } else { return nil }
        }
    }

    static func slide(_ rig: EditRig, _ index: Int) -> Slide? {
        rig.document.presentations.first.flatMap { $0.slides.indices.contains(index) ? $0.slides[index] : nil }
    }

    /// The words of the branches a slide still holds back, in order.
    static func heldBack(_ rig: EditRig) -> [String] {
        rig.workspace.panels.focus?.hiddenBranches.compactMap { rig.text(of: $0) } ?? []
    }

    // MARK: - The ⋯ menu

    @Test func eachRowHasAFingerSizedOptionsButtonWithTheSlidesOptions() throws {
        var rig = try SlideListTests.madeFromBranches()
        let target = rig.workspace.measures.targetPixels
        for index in 0..<4 {
            let button = try #require(SlideListTests.part(rig, .slideOptions(index)))
            #expect(button.rect.width >= target && button.rect.height >= target, "finger-sized")
        }
        #expect(StateDump(rig.workspace).controls.contains { $0.label == "Options of slide 2" && $0.role == "button" })
        try SlideListTests.tap(&rig, .slideOptions(1))
        #expect(MenuTests.rows(rig) == ["Children one at a time", "Only this branch", "Take the view as it is now", "Delete slide"])
        #expect(Self.ticked(rig).isEmpty, "a slide made from the branches plays plainly")
        let row = try #require(rig.workspace.overlayLayout.parts.first { $0.role == .slideRow(1) })
        let menu = try #require(rig.workspace.overlayLayout.rect(of: .menuPanel))
        #expect(menu.minY <= row.rect.maxY && menu.maxY >= row.rect.minY, "the menu opens at the row")
        rig.key("Escape")
        #expect(rig.workspace.panels.menu == nil)
        #expect(rig.workspace.history.done.count == 1, "opening and closing it changed nothing")
    }

    @Test func childrenOneAtATimeIsTickedAndF5RevealsThemStepByStep() throws {
        var rig = try SlideListTests.madeFromBranches()
        let steps = rig.workspace.history.done.count
        try Self.choose(&rig, slide: 1, "Children one at a time")
        #expect(Self.slide(rig, 1)?.revealsChildren == true)
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        #expect(SlideListTests.part(rig, .slideRow(1))?.detail == "one by one", "the row says how it plays")
        #expect(SlideListTests.part(rig, .slideRow(2))?.detail == "")
        try SlideListTests.tap(&rig, .slideOptions(1))
        #expect(Self.ticked(rig) == ["Children one at a time"], "ticked when opened again")
        rig.key("Escape")

        rig.key("F5")
        rig.key("Space")
        #expect(rig.workspace.panels.presenting?.slide?.node == rig.id("Build"))
        #expect(Self.heldBack(rig) == ["Frame", "Wheels"], "the slide opens with its children to come")
        rig.key("Space")
        #expect(Self.heldBack(rig) == ["Wheels"])
        rig.key("Space")
        #expect(Self.heldBack(rig).isEmpty)
        #expect(rig.workspace.panels.presenting?.slide?.node == rig.id("Build"), "every child shown before the next slide")
        rig.key("Space")
        #expect(rig.workspace.panels.presenting?.slide?.node == rig.id("Shop"))
        rig.key("Escape")

        rig.tapToolbar(.undo)
        #expect(Self.slide(rig, 1)?.revealsChildren == false, "Undo takes it back")
        #expect(SlideListTests.part(rig, .slideRow(1))?.detail == "")
    }

    @Test func onlyThisBranchMakesF5ShowTheBranchAlone() throws {
        var rig = try SlideListTests.madeFromBranches()
        try Self.choose(&rig, slide: 1, "Only this branch")
        #expect(Self.slide(rig, 1)?.showsOnlyNodes == true)
        #expect(SlideListTests.part(rig, .slideRow(1))?.detail == "alone")
        try Self.choose(&rig, slide: 1, "Children one at a time")
        #expect(SlideListTests.part(rig, .slideRow(1))?.detail == "one by one · alone", "both marks")
        try SlideListTests.tap(&rig, .slideOptions(1))
        #expect(Self.ticked(rig) == ["Children one at a time", "Only this branch"])
        MenuTests.tapRow(&rig, "Children one at a time")
        #expect(Self.slide(rig, 1)?.revealsChildren == false, "a tick tapped again turns it off")

        rig.key("F5")
        #expect(rig.workspace.panels.focus == nil, "the first slide shows the whole map")
        rig.key("Space")
        #expect(rig.workspace.panels.focus?.node == rig.id("Build"), "the slide's branch alone")
        rig.key("Space")
        #expect(rig.workspace.panels.focus == nil, "the next slide shows the map again")
        rig.key("Escape")

        rig.tapToolbar(.undo)
        #expect(Self.slide(rig, 1)?.showsOnlyNodes == true && Self.slide(rig, 1)?.revealsChildren == true, "Undo takes each step back")
        rig.tapToolbar(.undo)
        #expect(Self.slide(rig, 1)?.showsOnlyNodes == true && Self.slide(rig, 1)?.revealsChildren == false)
        rig.tapToolbar(.undo)
        #expect(Self.slide(rig, 1)?.showsOnlyNodes == false)
        #expect(SlideListTests.part(rig, .slideRow(1))?.detail == "")
    }

    @Test func takeTheViewStoresTheBranchsFoldsAndTheZoom() throws {
        var rig = try SlideListTests.madeFromBranches()
        let before = try #require(Self.slide(rig, 1))
        #expect(before.foldedNodes?.contains(rig.id("Build")) == false)
        #expect(before.zoom == nil)
        try SlideListTests.tap(&rig, .slideRow(1))
        #expect(FocusTests.selected(rig) == ["Build"])
        rig.key("Space")
        #expect(rig.document.node(rig.id("Build"))?.folded == true)
        rig.tapToolbar(.zoomIn)
        let zoom = rig.workspace.view.targetZoom
        #expect(abs(zoom - 1) > 0.01, "the view moved closer")
        let steps = rig.workspace.history.done.count

        try Self.choose(&rig, slide: 1, "Take the view as it is now")
        #expect(Self.slide(rig, 1)?.foldedNodes == [rig.id("Build")])
        #expect(Self.slide(rig, 1)?.zoom == zoom)
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        #expect(rig.document.node(rig.id("Build"))?.folded == true, "the map is as it was")

        rig.tapToolbar(.undo)
        #expect(Self.slide(rig, 1) == before, "Undo takes it back")
        #expect(rig.document.node(rig.id("Build"))?.folded == true, "and only the slide")
    }

    @Test func aSlideWhoseNodeIsGoneOffersNoViewToTake() throws {
        var rig = try SlideListTests.madeFromBranches()
        try SlideListTests.tap(&rig, .slideRow(3))
        rig.key("Delete")
        #expect(SlideListTests.rows(rig).last == "4. Ideas (its node is gone)")
        try SlideListTests.tap(&rig, .slideOptions(3))
        #expect(MenuTests.rows(rig) == ["Children one at a time", "Only this branch", "Delete slide"])
    }

    // MARK: - How deep slides from the branches go

    @Test func makeSlidesFromBranchesAsksHowDeep() throws {
        var rig = try SlideListTests.rig()
        SlideListTests.open(&rig)
        try SlideListTests.tap(&rig, .slideListButton(.makeFromBranches))
        let dialog = try #require(rig.workspace.panels.dialog)
        #expect(dialog.title == "Make slides from branches")
        let choices = rig.workspace.overlayLayout.reachableParts.filter { if case .dialogChoice = $0.role { return true } else { return false } }
        #expect(choices.map(\.text) == ["The root and its branches", "… and one level below", "… and two levels below"])
        #expect(choices.allSatisfy { $0.rect.height >= rig.workspace.measures.targetPixels }, "finger-sized")
        try SlideListTests.tap(&rig, .button(.cancel))
        #expect(rig.workspace.panels.dialog == nil)
        #expect(rig.document.presentations.isEmpty, "Cancel makes nothing")

        try SlideListTests.makeFromBranches(&rig, "… and one level below")
        #expect(rig.workspace.panels.dialog == nil)
        #expect(SlideListTests.slides(rig) == ["Launch", "Build", "Frame", "Wheels", "Shop", "Order parts", "Ideas"],
                "the root, each branch, and each of theirs, depth first")
        #expect(rig.workspace.history.done.count == 1, "one undo step")
        #expect(SlideListTests.rows(rig).first == "1. Launch")
        rig.tapToolbar(.undo)
        #expect(rig.document.presentations.isEmpty)
    }

    @Test func f5OnAMapWithoutSlidesPlaysTheRootAndItsBranches() throws {
        var rig = try SlideListTests.rig()
        rig.key("F5")
        let slides = rig.workspace.panels.presenting?.slides.compactMap { $0.node.flatMap { rig.text(of: $0) } }
        #expect(slides == ["Launch", "Build", "Shop", "Ideas"])
    }
}
