import Testing
@testable import MeshpadCore

/// The slide list (Slides…), by finger only: slides made from the branches, moved by their
/// grips, deleted through their ⋯, and presentations made, named and deleted in the text dialog;
/// each change one undo step. A read-only map's list only lists. (How a slide plays, set by its
/// ⋯, and how deep slides from the branches go: `SlideOptionsTests`.)
@Suite struct SlideListTests {
    static func rig() throws -> EditRig { EditRig(document: try FocusTests.map()) }

    /// ☰ Menu, then Slides….
    static func open(_ rig: inout EditRig) {
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        MenuTests.tapRow(&rig, "Slides…")
    }

    static func part(_ rig: EditRig, _ role: OverlayLayout.Part.Role) -> OverlayLayout.Part? {
        rig.workspace.overlayLayout.reachableParts.last { $0.role == role }
    }

    static func tap(_ rig: inout EditRig, _ role: OverlayLayout.Part.Role, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let found = try #require(part(rig, role), "no \(role) among \(rig.workspace.overlayLayout.reachableParts.map(\.label))",
                                 sourceLocation: sourceLocation)
        rig.tap(found.rect.center)
    }

    /// The rows' words, top to bottom.
    static func rows(_ rig: EditRig) -> [String] {
        rig.workspace.overlayLayout.reachableParts.filter { if case .slideRow = $0.role { return true } else { return false } }
            .sorted { $0.rect.minY < $1.rect.minY }.map(\.text)
    }

    static func slides(_ rig: EditRig) -> [String] {
        rig.document.presentations.first?.slides.compactMap { $0.node.flatMap { rig.text(of: $0) } } ?? []
    }

    /// A choice of the dialog up, by its words.
    static func tapChoice(_ rig: inout EditRig, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let choices = rig.workspace.overlayLayout.reachableParts.filter { if case .dialogChoice = $0.role { return true } else { return false } }
        let found = try #require(choices.first { $0.text == words }, "no choice \(words) among \(choices.map(\.text))",
                                 sourceLocation: sourceLocation)
        rig.tap(found.rect.center)
    }

    /// Make slides from branches, as deep as `words` say.
    static func makeFromBranches(_ rig: inout EditRig, _ words: String = "The root and its branches") throws {
        try Self.tap(&rig, .slideListButton(.makeFromBranches))
        try Self.tapChoice(&rig, words)
    }

    /// Slides made from the branches: Launch, Build, Shop, Ideas.
    static func madeFromBranches() throws -> EditRig {
        var rig = try Self.rig()
        Self.open(&rig)
        try Self.makeFromBranches(&rig)
        return rig
    }

    // MARK: - Making and showing

    @Test func slidesMadeFromTheBranchesAreListedAndATapShowsOne() throws {
        var rig = try Self.rig()
        Self.open(&rig)
        #expect(rig.workspace.panels.slideList != nil)
        #expect(Self.part(rig, .slideListTitle) == nil, "the title is words, not a control")
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .slideListTitle && $0.text == "No slides yet" })
        try Self.makeFromBranches(&rig)
        #expect(rig.document.presentations.map(\.name) == [Presentation.branchesName])
        #expect(Self.rows(rig) == ["1. Launch", "2. Build", "3. Shop", "4. Ideas"])
        #expect(rig.workspace.history.done.count == 1, "one undo step")
        let rowParts = rig.workspace.overlayLayout.reachableParts.filter { if case .slideRow = $0.role { return true } else { return false } }
        #expect(rowParts.allSatisfy { $0.rect.height >= rig.workspace.measures.targetPixels }, "finger-sized rows")
        #expect(StateDump(rig.workspace).controls.contains { $0.label == "3. Shop" && $0.role == "row" })

        try Self.tap(&rig, .slideRow(2))
        #expect(FocusTests.selected(rig) == ["Shop"], "a tap on a row selects its node")
        rig.key("Z", [.ctrl])
        #expect(rig.document.presentations.isEmpty, "Undo takes the slides back")
    }

    @Test func theListStandsWhereTheOutlineDoesAndCloses() throws {
        var rig = try Self.rig()
        rig.tapToolbar(.outline)
        #expect(rig.workspace.panels.outline != nil)
        Self.open(&rig)
        #expect(rig.workspace.panels.outline == nil, "the outline makes way")
        let panel = try #require(rig.workspace.overlayLayout.rect(of: .slideListPanel))
        #expect(panel.minX == 0 && panel.height == 600)
        let menu = try #require(rig.workspace.overlayLayout.rect(of: .appMenuButton))
        #expect(menu.minX >= panel.maxX, "the ☰ button moves beside it")
        try Self.tap(&rig, .slideListButton(.close))
        #expect(rig.workspace.panels.slideList == nil)
    }

    // MARK: - Reordering and deleting

    @Test func aFingerDragOfRowThreeAboveRowOneMovesItAndUndoPutsItBack() throws {
        var rig = try Self.madeFromBranches()
        let grip = try #require(Self.part(rig, .slideGrip(2)))
        let first = try #require(Self.part(rig, .slideRow(0)))
        let steps = rig.workspace.history.done.count
        let map = rig.content
        // Held halfway, the row is under the finger and the others make room.
        rig.send(.fingerDown(id: 1, position: grip.rect.center), after: 0.5)
        for i in 1...6 {
            rig.send(.fingerMove(id: 1, position: grip.rect.center.interpolated(to: Vec2(grip.rect.center.x, first.rect.minY + 6), alpha: Double(i) / 8)),
                     after: 0.016)
        }
        let held = try #require(rig.workspace.overlayLayout.parts.first { $0.role == .slideRow(2) })
        let finger = grip.rect.center.interpolated(to: Vec2(grip.rect.center.x, first.rect.minY + 6), alpha: 6.0 / 8)
        #expect(abs(held.rect.center.y - finger.y) < 1, "the row follows the finger")
        #expect(Self.slides(rig) == ["Launch", "Build", "Shop", "Ideas"], "nothing moves until it is let go")
        rig.send(.fingerMove(id: 1, position: Vec2(grip.rect.center.x, first.rect.minY + 6)), after: 0.016)
        rig.send(.fingerUp(id: 1, position: Vec2(grip.rect.center.x, first.rect.minY + 6)), after: 0.1)

        #expect(Self.slides(rig) == ["Shop", "Launch", "Build", "Ideas"])
        #expect(Self.rows(rig) == ["1. Shop", "2. Launch", "3. Build", "4. Ideas"])
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        #expect(rig.content == map, "the drag moved nothing on the map")
        rig.tapToolbar(.undo)
        #expect(Self.slides(rig) == ["Launch", "Build", "Shop", "Ideas"], "Undo puts it back")
    }

    @Test func aDragAlongTheRowsScrollsALongListAndMovesNothing() throws {
        var rig = try Self.madeFromBranches()
        rig.workspace.updatePresentation(at: 0) { presentation in
            presentation.slides = (0..<30).map { number in
                var slide = presentation.slides[1]
                slide.name = "Slide \(number)"
                return slide
            }
        }
        let order = rig.document.presentations.first?.slides.map(\.name)
        let row = try #require(Self.part(rig, .slideRow(3)))
        rig.fingerDrag(from: row.rect.center, to: row.rect.center - Vec2(0, 200))
        #expect((rig.workspace.panels.slideList?.scroll ?? 0) > 150, "the list scrolled")
        #expect(rig.document.presentations.first?.slides.map(\.name) == order, "no slide moved")
        #expect(Self.part(rig, .slideRow(0)) == nil, "the first rows went up out of the list")
    }

    @Test func deleteSlideOnARowsMenuTakesItOut() throws {
        var rig = try Self.madeFromBranches()
        #expect(Self.part(rig, .slideOptions(1))?.label == "Options of slide 2")
        try Self.tap(&rig, .slideOptions(1))
        MenuTests.tapRow(&rig, "Delete slide")
        #expect(Self.slides(rig) == ["Launch", "Shop", "Ideas"])
        #expect(rig.workspace.panels.menu == nil)
        rig.key("Z", [.ctrl])
        #expect(Self.slides(rig) == ["Launch", "Build", "Shop", "Ideas"])
    }

    // MARK: - Presentations

    @Test func presentationsAreMadeRenamedAndDeletedByDialog() throws {
        var rig = try Self.madeFromBranches()
        try Self.tap(&rig, .slideListButton(.newPresentation))
        #expect(rig.workspace.panels.dialog?.title == "Name the new presentation")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.panels.dialog?.message == "Type a name for it", "a presentation needs a name")
        rig.type("Short talk")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.document.presentations.map(\.name) == [Presentation.branchesName, "Short talk"])
        #expect(rig.workspace.currentPresentationIndex == 1, "the new one is shown, and is what F5 plays")
        #expect(Self.rows(rig).isEmpty)
        #expect(Self.part(rig, .slideListButton(.choose(0)))?.text == Presentation.branchesName, "chips to switch between them")

        try Self.tap(&rig, .slideListButton(.rename))
        #expect(rig.workspace.panels.dialog?.field == "Short talk")
        rig.key("Backspace", [.ctrl])
        rig.type("Board meeting")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.document.presentations.map(\.name) == [Presentation.branchesName, "Board meeting"])

        try Self.tap(&rig, .slideListButton(.choose(0)))
        #expect(rig.workspace.currentPresentationIndex == 0)
        #expect(Self.rows(rig).count == 4)
        try Self.tap(&rig, .slideListButton(.deletePresentation))
        #expect(rig.document.presentations.map(\.name) == ["Board meeting"])
        #expect(rig.workspace.currentPresentationIndex == 0)
        rig.key("Z", [.ctrl])
        #expect(rig.document.presentations.map(\.name) == [Presentation.branchesName, "Board meeting"], "Undo brings it back")
    }

    @Test func updatePresentationMakesTheFirstWhenTheMapHasNone() throws {
        var rig = try Self.rig()
        let shop = rig.id("Shop")
        rig.workspace.updatePresentation(at: 0) { $0.slides.append(Slide(name: "Shop", node: shop)) }
        #expect(rig.document.presentations.map(\.name) == ["Slides"])
        #expect(Self.slides(rig) == ["Shop"])
        #expect(rig.workspace.history.done.count == 1)
    }

    @Test func aReadOnlyMapsListOnlyLists() throws {
        var rig = try Self.madeFromBranches()
        rig.workspace.lockdown.isReadOnly = true
        rig.settle()
        let reachable = rig.workspace.overlayLayout.reachableParts
        #expect(Self.rows(rig).count == 4, "the slides are listed")
        #expect(!reachable.contains { part in
            switch part.role {
            case .slideGrip, .slideOptions, .slideListButton(.newPresentation), .slideListButton(.rename), .slideListButton(.deletePresentation):
                return true
            default: return false
            }
        }, "no moving, no ⋯, no naming")
        try Self.tap(&rig, .slideRow(1))
        #expect(FocusTests.selected(rig) == ["Build"], "a tap still shows a slide")
    }
}
