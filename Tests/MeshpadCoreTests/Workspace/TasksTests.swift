import Testing
@testable import MeshpadCore

/// Planning a project by finger (issue 30): a tap on a task's box ticks it and its parents
/// follow, priorities and tags come from the node's menu, a tag is renamed or deleted across the
/// map in one step, and the filter bar shows what matters without changing the map.
@Suite struct TasksTests {
    /// A small project, laid out clear of the toolbar in the rig's 800×600 window:
    ///
    ///     Launch
    ///       ☐ Build              (a task)
    ///         ☐ Frame  #workshop
    ///         ☐ Wheels
    ///       Shop
    ///         ☐ Order parts  #errand
    ///       Ideas
    ///
    /// `alsoTasks`: "Launch" or "Shop" made open tasks too.
    static func project(alsoTasks: Set<String> = []) throws -> Document {
        var map = MapBuilder(rootText: "Launch")
        let buildAdded = map.addChild(of: map.rootID, text: "Build", at: Vec2(-220, -100))
        let build = try #require(buildAdded)
        let frameAdded = map.addChild(of: build, text: "Frame", at: Vec2(-300, -200))
        let frame = try #require(frameAdded)
        let wheelsAdded = map.addChild(of: build, text: "Wheels", at: Vec2(-140, -200))
        let wheels = try #require(wheelsAdded)
        let shopAdded = map.addChild(of: map.rootID, text: "Shop", at: Vec2(220, -100))
        let shop = try #require(shopAdded)
        let orderAdded = map.addChild(of: shop, text: "Order parts", at: Vec2(220, -200))
        let order = try #require(orderAdded)
        map.addChild(of: map.rootID, text: "Ideas", at: Vec2(0, 130))
        let more = [map.rootID, shop].filter { alsoTasks.contains(map.node($0)?.text ?? "") }
        for id in [build, frame, wheels, order] + more { map.modify(id) { $0.icons = [TaskState.openIcon] } }
        map.modify(frame) { $0.tags = ["workshop"] }
        map.modify(order) { $0.tags = ["errand"] }
        return map.build()
    }

    static func rig() throws -> EditRig { EditRig(document: try project()) }

    // MARK: - Finding and tapping

    /// The centre of a node's task box on screen.
    static func box(_ rig: EditRig, _ text: String) throws -> Vec2 {
        let node = try #require(rig.document.node(rig.id(text)), "no node \(text)")
        let box = try #require(NodeChips(node, at: node.position).taskBox, "\(text) has no task box")
        return rig.camera.screenPoint(ofMap: box.center)
    }

    /// A point on the last letters of a node's text, clear of its box and pills: where a finger
    /// taps to choose it.
    static func onText(_ rig: EditRig, _ text: String) throws -> Vec2 {
        let node = try #require(rig.document.node(rig.id(text)), "no node \(text)")
        return rig.camera.screenPoint(ofMap: node.position + node.textOffset + Vec2(node.textSize.x / 2 - 6, 0))
    }

    /// The centre of a node's pill for `tag` on screen.
    static func pill(_ rig: EditRig, _ text: String, tag: String) throws -> Vec2 {
        let node = try #require(rig.document.node(rig.id(text)), "no node \(text)")
        let chip = try #require(NodeChips(node, at: node.position).chips.first { $0.kind == .tag(tag) }, "\(text) has no pill \(tag)")
        return rig.camera.screenPoint(ofMap: chip.frame.center)
    }

    /// Taps the chrome's part of `role` (a dialog's button or choice, a filter bar's option).
    static func tap(_ rig: inout EditRig, _ role: OverlayLayout.Part.Role, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let part = try #require(rig.workspace.overlayLayout.parts.last { $0.role == role },
                                "no \(role) among \(rig.workspace.overlayLayout.parts.map(\.text))", sourceLocation: sourceLocation)
        rig.tap(part.rect.center)
    }

    /// A long press on the node, then a tap on the row of its menu.
    static func menu(_ rig: inout EditRig, on text: String, _ row: String) {
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id(text)))
        MenuTests.tapRow(&rig, row)
    }

    static func task(_ rig: EditRig, _ text: String) -> TaskState? { rig.document.node(rig.id(text))?.task }
    static func tags(_ rig: EditRig, _ text: String) -> [String] { rig.document.node(rig.id(text))?.tags ?? [] }
    static func dumped(_ rig: EditRig, _ text: String) -> StateDump.NodeState? { StateDump(rig.workspace).nodes.first { $0.text == text } }
    /// The texts of the nodes the filter leaves out, as the state dump says.
    static func filteredOut(_ rig: EditRig) -> Set<String> { Set(StateDump(rig.workspace).nodes.filter { $0.filteredOut == true }.map(\.text)) }
    /// The texts of the selected nodes.
    static func selected(_ rig: EditRig) -> Set<String> { Set(rig.workspace.selection.nodes.compactMap { rig.text(of: $0) }) }

    // MARK: - Ticking

    @Test func aTapOnATasksBoxTicksItAndASecondUnticksIt() throws {
        var rig = try Self.rig()
        rig.tap(try Self.box(rig, "Frame"))
        #expect(Self.task(rig, "Frame") == .done)
        #expect(Self.task(rig, "Build") == .open, "Wheels is still to do")
        #expect(rig.workspace.panels.dialog == nil && rig.workspace.editing == nil, "a tick, nothing else")
        #expect(Self.dumped(rig, "Build")?.progress == "1/2")
        #expect(Self.dumped(rig, "Launch")?.progress == "1/3", "counted at every level")
        rig.tap(try Self.box(rig, "Frame"))
        #expect(Self.task(rig, "Frame") == .open)
        #expect(Self.dumped(rig, "Build")?.progress == "0/2")
    }

    @Test func aTapBesideTheBoxSelectsTheNodeWithoutTickingIt() throws {
        var rig = try Self.rig()
        rig.tap(try Self.onText(rig, "Order parts"))
        #expect(Self.task(rig, "Order parts") == .open)
        #expect(Self.selected(rig) == ["Order parts"])
    }

    /// A finger aimed at the middle of a short task ("Frame") means the node, not its box: the
    /// box's finger slack must not reach over the words.
    @Test func aTapOnTheMiddleOfAShortTaskSelectsItWithoutTickingIt() throws {
        var rig = try Self.rig()
        let node = try #require(rig.document.node(rig.id("Frame")))
        rig.tap(rig.camera.screenPoint(ofMap: node.position + node.textOffset))
        #expect(Self.task(rig, "Frame") == .open, "not ticked by a tap on its words")
        #expect(Self.selected(rig) == ["Frame"])
    }

    @Test func tickingTheLastOpenChildTicksItsTaskParentInOneUndoStep() throws {
        var rig = try Self.rig()
        rig.tap(try Self.box(rig, "Frame"))
        let before = rig.workspace.history.done.count
        rig.tap(try Self.box(rig, "Wheels"))
        #expect(Self.task(rig, "Wheels") == .done)
        #expect(Self.task(rig, "Build") == .done, "its last open child ticked, the parent is done")
        #expect(Self.dumped(rig, "Build")?.task == "done" && Self.dumped(rig, "Build")?.progress == "2/2")
        #expect(rig.workspace.history.done.count == before + 1, "the tick and its roll-up are one step")

        rig.workspace.undo()
        #expect(Self.task(rig, "Wheels") == .open && Self.task(rig, "Build") == .open, "one undo takes both back")
        #expect(Self.task(rig, "Frame") == .done, "the earlier tick stays")
        rig.workspace.redo()
        #expect(Self.task(rig, "Wheels") == .done && Self.task(rig, "Build") == .done)
    }

    @Test func untickingOneChildUnticksItsParent() throws {
        var rig = try Self.rig()
        rig.tap(try Self.box(rig, "Frame"))
        rig.tap(try Self.box(rig, "Wheels"))
        try #require(Self.task(rig, "Build") == .done)
        rig.tap(try Self.box(rig, "Frame"))
        #expect(Self.task(rig, "Frame") == .open)
        #expect(Self.task(rig, "Build") == .open, "a child to do again, so is the parent")
        #expect(Self.dumped(rig, "Build")?.progress == "1/2")
        rig.workspace.undo()
        #expect(Self.task(rig, "Frame") == .done && Self.task(rig, "Build") == .done)
    }

    /// Roll-up goes on up: the grandparent task follows its parent task.
    @Test func tickingRollsUpThroughEveryLevel() throws {
        var rig = EditRig(document: try Self.project(alsoTasks: ["Launch", "Shop"]))
        rig.tap(try Self.box(rig, "Frame"))
        rig.tap(try Self.box(rig, "Order parts"))
        #expect(Self.task(rig, "Shop") == .done)
        #expect(Self.task(rig, "Launch") == .open, "Build is still to do")
        let before = rig.workspace.history.done.count
        rig.tap(try Self.box(rig, "Wheels"))
        #expect(Self.task(rig, "Build") == .done && Self.task(rig, "Launch") == .done, "the last leaf ticks every task above it")
        #expect(rig.workspace.history.done.count == before + 1)
        rig.workspace.undo()
        #expect(Self.task(rig, "Wheels") == .open && Self.task(rig, "Build") == .open && Self.task(rig, "Launch") == .open)
        #expect(Self.task(rig, "Shop") == .done)
    }

    /// A task parent is not shown done while a task under it is still to do, even one under a
    /// plain node between them: its box and its "2/3" must agree.
    @Test func aTaskParentIsNotTickedWhileATaskBelowAPlainChildIsOpen() throws {
        var rig = EditRig(document: try Self.project(alsoTasks: ["Launch"]))
        rig.tap(try Self.box(rig, "Frame"))
        rig.tap(try Self.box(rig, "Wheels"))
        #expect(Self.task(rig, "Build") == .done)
        #expect(Self.dumped(rig, "Launch")?.progress == "2/3")
        #expect(Self.task(rig, "Launch") == .open, "“Order parts” (under the plain “Shop”) is still to do")
        // All done, then one taken back: the root follows through the plain node too.
        rig.tap(try Self.box(rig, "Order parts"))
        #expect(Self.task(rig, "Launch") == .done && Self.dumped(rig, "Launch")?.progress == "3/3")
        rig.tap(try Self.box(rig, "Order parts"))
        #expect(Self.dumped(rig, "Launch")?.progress == "2/3")
        #expect(Self.task(rig, "Launch") == .open, "unticking “Order parts” unticks the root above “Shop”")
    }

    /// A done parent given a new task to do is not done any more: its box and its count agree.
    @Test func aNewOpenTaskUnderADoneParentReopensIt() throws {
        var rig = try Self.rig()
        rig.tap(try Self.box(rig, "Frame"))
        rig.tap(try Self.box(rig, "Wheels"))
        try #require(Self.task(rig, "Build") == .done)
        rig.tap(try Self.onText(rig, "Wheels"))
        rig.key("Return")
        rig.type("Paint")
        rig.key("Return")
        rig.settle()
        Self.menu(&rig, on: "Paint", "Task")
        #expect(Self.dumped(rig, "Build")?.progress == "2/3")
        #expect(Self.task(rig, "Build") == .open, "“Paint” is still to do")
    }

    @Test func aReadOnlyMapTicksNothing() throws {
        var rig = try Self.rig()
        rig.workspace.lockdown.isReadOnly = true
        rig.tap(try Self.box(rig, "Frame"))
        rig.workspace.perform(.tickTask, on: .node(rig.id("Wheels")))
        rig.workspace.perform(.priority(1), on: .node(rig.id("Wheels")))
        #expect(Self.task(rig, "Frame") == .open && Self.task(rig, "Wheels") == .open)
        #expect(rig.document.node(rig.id("Wheels"))?.priority == nil)
        #expect(rig.workspace.history.done.isEmpty)
        // Looking is still allowed: the filter bar works.
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        #expect(Self.filteredOut(rig).contains("Ideas"))
    }

    @Test func ctrlReturnTicksTheSelectionAndItsParentFollows() throws {
        var rig = try Self.rig()
        rig.tap(try Self.onText(rig, "Frame"))
        #expect(Self.selected(rig) == ["Frame"] && Self.task(rig, "Frame") == .open)
        rig.key("Return", .ctrl)
        #expect(Self.task(rig, "Frame") == .done)
        rig.tap(try Self.onText(rig, "Wheels"))
        rig.key("Return", .ctrl)
        #expect(Self.task(rig, "Build") == .done)
    }

    @Test func theMenusTaskRowMakesAPlainNodeATask() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Ideas", "Task")
        #expect(Self.task(rig, "Ideas") == .open)
        #expect(Self.dumped(rig, "Launch")?.progress == "0/4")
        #expect(rig.workspace.history.done.count == 1)
        // Now it has a box to tap.
        rig.tap(try Self.box(rig, "Ideas"))
        #expect(Self.task(rig, "Ideas") == .done)
        // The menu's Done row is ticked for it.
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("Ideas")))
        #expect(rig.workspace.panels.menu?.rows.first { $0.title == "Done" }?.isChecked == true)
    }

    // MARK: - Priority

    @Test func aPriorityIsChosenFromTheMenuInOneStep() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Priority…")
        #expect(MenuTests.rows(rig) == ["Priority 1", "Priority 2", "Priority 3", "Priority 4", "Priority 5", "No priority"])
        MenuTests.tapRow(&rig, "Priority 2")
        #expect(rig.document.node(rig.id("Wheels"))?.priority == 2)
        #expect(Self.task(rig, "Wheels") == .open, "the box stays")
        #expect(Self.dumped(rig, "Wheels")?.priority == 2)
        #expect(rig.workspace.history.done.count == 1)

        // The menu says what it is now, and the priorities show it ticked.
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("Wheels")))
        #expect(MenuTests.rows(rig).contains("Priority 2…"))
        MenuTests.tapRow(&rig, "Priority 2…")
        #expect(rig.workspace.panels.menu?.rows.first { $0.isChecked }?.title == "Priority 2")
        MenuTests.tapRow(&rig, "No priority")
        #expect(rig.document.node(rig.id("Wheels"))?.priority == nil)
        rig.workspace.undo()
        #expect(rig.document.node(rig.id("Wheels"))?.priority == 2)
    }

    @Test func ctrlDigitsSetAndClearThePriority() throws {
        var rig = try Self.rig()
        rig.tap(try Self.onText(rig, "Ideas"))
        rig.key("3", .ctrl)
        #expect(rig.document.node(rig.id("Ideas"))?.priority == 3)
        rig.key("0", .ctrl)
        #expect(rig.document.node(rig.id("Ideas"))?.priority == nil)
    }

    // MARK: - Due days

    @Test func aDueDayIsPickedOnTheCalendar() throws {
        var rig = try Self.rig()
        let today = try #require(CalendarDay(year: 2026, month: 12, day: 5))
        rig.workspace.measures.today = today
        Self.menu(&rig, on: "Wheels", "Due date…")
        guard case .dueDate = rig.workspace.panels.dialog?.kind else {
            Issue.record("no calendar: \(String(describing: rig.workspace.panels.dialog?.kind))")
            return
        }
        let dayParts = rig.workspace.overlayLayout.parts.filter { if case .dialogChoice(.day) = $0.role { return true } else { return false } }
        #expect(dayParts.contains { $0.text == "•5•" }, "today is marked")
        #expect(dayParts.allSatisfy { $0.rect.width >= 44 || $0.rect.height >= 44 }, "days sized for a finger")
        // Next month, then a day of it.
        try Self.tap(&rig, .dialogChoice(.month(1)))
        let day = try #require(CalendarDay(year: 2027, month: 1, day: 14))
        try Self.tap(&rig, .dialogChoice(.day(day)))
        #expect(rig.document.node(rig.id("Wheels"))?.due == nil, "nothing until Done")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.panels.dialog == nil)
        #expect(rig.document.node(rig.id("Wheels"))?.due == day)
        #expect(Self.dumped(rig, "Wheels")?.due == "2027-01-14")
        #expect(rig.workspace.history.done.count == 1, "one step for all the taps")
        rig.workspace.undo()
        #expect(rig.document.node(rig.id("Wheels"))?.due == nil)
    }

    /// What is drawn: an overdue day stands out in red, a parent shows its count, and a node
    /// the filter hides is not drawn at all.
    @Test func overdueDaysStandOutCountsShowAndHiddenNodesAreNotDrawn() throws {
        var rig = try Self.rig()
        let today = try #require(CalendarDay(year: 2026, month: 12, day: 5))
        rig.workspace.measures.today = today
        // Wheels was due yesterday; Frame is due in a week (Ctrl+Shift+D, then a tap).
        rig.tap(try Self.onText(rig, "Wheels"))
        rig.key("D", [.ctrl, .shift])
        try Self.tap(&rig, .dialogChoice(.day(today.adding(days: -1))))
        try Self.tap(&rig, .button(.confirm))
        rig.tap(try Self.onText(rig, "Frame"))
        rig.key("D", [.ctrl, .shift])
        let inAWeek = try #require(rig.workspace.overlayLayout.parts.first { $0.text == "In a week" })
        rig.tap(inAWeek.rect.center)
        try Self.tap(&rig, .button(.confirm))
        #expect(Self.dumped(rig, "Wheels")?.due == "2026-12-04" && Self.dumped(rig, "Frame")?.due == "2026-12-12")
        rig.tap(try Self.box(rig, "Frame"))

        func drawn() -> DrawList {
            var list = DrawList()
            SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                                 selection: [], extras: rig.workspace.sceneExtras, into: &list)
            return list
        }
        var list = drawn()
        let overdue = try #require(list.labels.first { $0.text == "📅 4 Dec 2026" })
        let coming = try #require(list.labels.first { $0.text == "📅 12 Dec 2026" })
        #expect(overdue.color != coming.color, "the day gone by stands out")
        #expect(list.labels.contains { $0.text == "1/2" }, "Build's count")
        #expect(list.labels.contains { $0.text.contains("Wheels") })

        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.tapToolbar(.filter)
        list = drawn()
        #expect(!list.labels.contains { $0.text.contains("Wheels") || $0.text.contains("Ideas") }, "hidden, so not drawn")
        #expect(!list.labels.contains { $0.text == "📅 4 Dec 2026" }, "nor its pill")
        #expect(list.labels.contains { $0.text.contains("Order parts") } && list.labels.contains { $0.text.contains("Shop") })
    }

    // MARK: - Tags

    @Test func aTagTypedInTheDialogIsAddedInOneStep() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Add tag…")
        #expect(rig.workspace.panels.dialog?.kind == .tag([rig.id("Wheels")]))
        rig.type("urgent")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.panels.dialog == nil)
        #expect(Self.tags(rig, "Wheels") == ["urgent"])
        #expect(Self.dumped(rig, "Wheels")?.tags == ["urgent"])
        #expect(rig.workspace.history.done.count == 1)
        // Shown as a pill under the text, one a finger can tap.
        _ = try Self.pill(rig, "Wheels", tag: "urgent")
    }

    @Test func theMapsTagsAreOfferedAsTheTagIsTypedAndAPickAddsIt() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Add tag…")
        func offered() -> [String] {
            rig.workspace.overlayLayout.parts.compactMap { if case .dialogChoice(.suggestion(let tag)) = $0.role { return tag } else { return nil } }
        }
        #expect(Set(offered()) == ["errand", "workshop"], "every tag the map uses")
        rig.type("er")
        #expect(offered() == ["errand"], "only those that fit what is typed")
        try Self.tap(&rig, .dialogChoice(.suggestion("errand")))
        #expect(rig.workspace.panels.dialog == nil, "a pick is the whole answer")
        #expect(Self.tags(rig, "Wheels") == ["errand"])
        #expect(rig.workspace.history.done.count == 1)

        // A node's own tags are not offered to it again.
        Self.menu(&rig, on: "Frame", "Add tag…")
        #expect(offered() == ["errand"])
    }

    @Test func anEmptyTagIsRefusedAndTheDialogStays() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Add tag…")
        rig.type("   ")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.panels.dialog != nil, "still asking")
        #expect(Self.tags(rig, "Wheels").isEmpty && rig.workspace.history.done.isEmpty)
    }

    @Test func aTapOnATagsPillOffersWhatToDoWithIt() throws {
        var rig = try Self.rig()
        rig.tap(try Self.pill(rig, "Order parts", tag: "errand"))
        #expect(MenuTests.rows(rig) == ["Show only “errand”", "Remove “errand” from this node", "Rename “errand” everywhere…", "Delete “errand” everywhere"])
        MenuTests.tapRow(&rig, "Remove “errand” from this node")
        #expect(Self.tags(rig, "Order parts").isEmpty)
        rig.workspace.undo()
        #expect(Self.tags(rig, "Order parts") == ["errand"])
    }

    /// Two nodes tagged "errand"; renaming it everywhere is one step, undone at once.
    @Test func renamingATagEverywhereIsOneUndoStep() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Add tag…")
        try Self.tap(&rig, .dialogChoice(.suggestion("errand")))
        try #require(Self.tags(rig, "Wheels") == ["errand"])
        let steps = rig.workspace.history.done.count

        rig.tap(try Self.pill(rig, "Wheels", tag: "errand"))
        MenuTests.tapRow(&rig, "Rename “errand” everywhere…")
        #expect(rig.workspace.panels.dialog?.kind == .renameTag("errand"))
        #expect(rig.workspace.panels.dialog?.field == "errand", "the name to change")
        rig.key("Backspace", .ctrl)
        rig.type("shopping")
        try Self.tap(&rig, .button(.confirm))
        #expect(Self.tags(rig, "Wheels") == ["shopping"] && Self.tags(rig, "Order parts") == ["shopping"])
        #expect(Self.tags(rig, "Frame") == ["workshop"], "other tags stay")
        #expect(rig.workspace.history.done.count == steps + 1)
        rig.workspace.undo()
        #expect(Self.tags(rig, "Wheels") == ["errand"] && Self.tags(rig, "Order parts") == ["errand"])
    }

    /// Renamed to a tag a node already has, the node keeps it once.
    @Test func renamingATagOntoAnotherKeepsItOnce() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Frame", "Add tag…")
        rig.type("errand")
        try Self.tap(&rig, .button(.confirm))
        try #require(Self.tags(rig, "Frame") == ["workshop", "errand"])
        rig.tap(try Self.pill(rig, "Frame", tag: "errand"))
        MenuTests.tapRow(&rig, "Rename “errand” everywhere…")
        rig.key("Backspace", .ctrl)
        rig.type("workshop")
        try Self.tap(&rig, .button(.confirm))
        #expect(Self.tags(rig, "Frame") == ["workshop"])
        #expect(Self.tags(rig, "Order parts") == ["workshop"])
    }

    @Test func deletingATagEverywhereIsOneUndoStep() throws {
        var rig = try Self.rig()
        Self.menu(&rig, on: "Wheels", "Add tag…")
        try Self.tap(&rig, .dialogChoice(.suggestion("errand")))
        let steps = rig.workspace.history.done.count
        rig.tap(try Self.pill(rig, "Order parts", tag: "errand"))
        MenuTests.tapRow(&rig, "Delete “errand” everywhere")
        #expect(Self.tags(rig, "Wheels").isEmpty && Self.tags(rig, "Order parts").isEmpty)
        #expect(rig.document.tagsInUse() == ["workshop"])
        #expect(rig.workspace.history.done.count == steps + 1)
        rig.workspace.undo()
        #expect(Self.tags(rig, "Wheels") == ["errand"] && Self.tags(rig, "Order parts") == ["errand"])
    }

    // MARK: - The filter bar

    /// Everything a filter does, tapped on the bar: none of it is a change to the map.
    struct Unchanged {
        let revision: UInt64, content: UInt64, steps: Int
        init(_ rig: EditRig) {
            revision = rig.document.revision
            content = rig.workspace.contentRevision
            steps = rig.workspace.history.done.count
        }
        func check(_ rig: EditRig, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(rig.document.revision == revision, "the map is not changed", sourceLocation: sourceLocation)
            #expect(rig.workspace.contentRevision == content, sourceLocation: sourceLocation)
            #expect(rig.workspace.history.done.count == steps, "no undo step", sourceLocation: sourceLocation)
        }
    }

    @Test func aTagOnTheFilterBarHidesTheRestButKeepsThePath() throws {
        var rig = try Self.rig()
        let unchanged = Unchanged(rig)
        rig.tapToolbar(.filter)
        #expect(rig.workspace.panels.filter.isOpen)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        #expect(rig.workspace.panels.filter.filter.tags == ["errand"])
        #expect(Self.filteredOut(rig) == ["Build", "Frame", "Wheels", "Ideas"], "Order parts, and Shop and Launch above it, stay")
        #expect(StateDump(rig.workspace).filter?.contains("#errand") == true)
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .filterOption(.tag("errand")) && $0.look == .on }, "the tag is lit")
        unchanged.check(rig)
        #expect(!rig.workspace.history.canUndo)
    }

    @Test func aTapWhereAHiddenNodeIsDoesNotSelectIt() throws {
        var rig = try Self.rig()
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        // Put the bar away: the filter stays in force.
        rig.tapToolbar(.filter)
        #expect(!rig.workspace.panels.filter.isOpen && rig.workspace.panels.filter.isActive)
        #expect(Self.filteredOut(rig).contains("Ideas"))
        for hidden in ["Ideas", "Frame", "Wheels"] {
            rig.tap(rig.screen(of: rig.id(hidden)))
            #expect(!Self.selected(rig).contains(hidden), "\(hidden) is hidden: nothing there to tap")
        }
        // Nor does a hidden task's box tick it.
        let before = Self.task(rig, "Frame")
        rig.tap(try Self.box(rig, "Frame"))
        #expect(Self.task(rig, "Frame") == before)
        // What is shown still answers a tap.
        rig.tap(rig.screen(of: rig.id("Order parts")))
        #expect(Self.selected(rig) == ["Order parts"])
    }

    @Test func dimmedNodesStayTappable() throws {
        var rig = try Self.rig()
        let unchanged = Unchanged(rig)
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        try Self.tap(&rig, .filterOption(.hides(false)))
        #expect(!rig.workspace.panels.filter.hides)
        #expect(Self.filteredOut(rig) == ["Build", "Frame", "Wheels", "Ideas"], "still left out, only faint")
        #expect(StateDump(rig.workspace).filter?.hasSuffix("the rest dimmed") == true)
        rig.tapToolbar(.filter)
        rig.tap(rig.screen(of: rig.id("Ideas")))
        #expect(Self.selected(rig) == ["Ideas"], "a dimmed node can be tapped")
        unchanged.check(rig)
        // Its box too, and the dump lists it among what a finger can tap.
        #expect(StateDump(rig.workspace).controls.contains { $0.role == "checkbox" && $0.label == "☐ Frame" },
                "a dimmed task's box is on screen to tap")
        rig.tap(try Self.box(rig, "Frame"))
        #expect(Self.task(rig, "Frame") == .done)
    }

    @Test func clearShowsEverythingAgain() throws {
        var rig = try Self.rig()
        let unchanged = Unchanged(rig)
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        try #require(!Self.filteredOut(rig).isEmpty)
        try Self.tap(&rig, .filterOption(.clear))
        #expect(!rig.workspace.panels.filter.isActive)
        #expect(Self.filteredOut(rig).isEmpty)
        #expect(StateDump(rig.workspace).filter == nil)
        rig.tapToolbar(.filter)
        rig.tap(rig.screen(of: rig.id("Ideas")))
        #expect(Self.selected(rig) == ["Ideas"])
        unchanged.check(rig)
    }

    @Test func aSavedFilterAppliesAgainWithOneTap() throws {
        var rig = try Self.rig()
        let unchanged = Unchanged(rig)
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        try Self.tap(&rig, .filterOption(.save))
        #expect(rig.workspace.panels.dialog?.kind == .saveFilter)
        rig.type("Errands")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.savedFilters.map(\.name) == ["Errands"])
        #expect(rig.requests.contains(.rememberChoices), "kept with the person's choices")
        try Self.tap(&rig, .filterOption(.clear))
        #expect(Self.filteredOut(rig).isEmpty)
        try Self.tap(&rig, .filterOption(.saved("Errands")))
        #expect(rig.workspace.panels.filter.filter == MapFilter(tags: ["errand"]))
        #expect(Self.filteredOut(rig) == ["Build", "Frame", "Wheels", "Ideas"])
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .filterOption(.saved("Errands")) && $0.look == .on })
        unchanged.check(rig)
    }

    /// The filter follows the map: a node tagged while it is on appears, and undoing that tag
    /// hides it again, with no step of the filter's own in the history.
    @Test func theFilterFollowsEditsAndUndoSkipsIt() throws {
        var rig = try Self.rig()
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        try Self.tap(&rig, .filterOption(.hides(false)))
        rig.tapToolbar(.filter)
        Self.menu(&rig, on: "Ideas", "Add tag…")
        try Self.tap(&rig, .dialogChoice(.suggestion("errand")))
        #expect(!Self.filteredOut(rig).contains("Ideas"), "tagged now, so shown")
        #expect(rig.workspace.history.done.count == 1, "the tag is the only step")
        rig.workspace.undo()
        #expect(Self.filteredOut(rig).contains("Ideas"))
        #expect(rig.workspace.panels.filter.isActive, "undo does not take the filter away")
    }

    // MARK: - What a filter hides is out of reach

    /// Select All with a filter on chooses what is shown: a Delete after it must not remove
    /// nodes the person cannot see.
    @Test func selectAllWhileFilteredChoosesOnlyWhatIsShown() throws {
        var rig = try Self.rig()
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.tapToolbar(.filter)
        rig.key("A", .ctrl)
        #expect(Self.selected(rig) == ["Launch", "Shop", "Order parts"])
    }

    /// A node selected before the filter hid it is not deleted by a Delete it cannot be seen to take.
    @Test func aNodeTheFilterHidesIsNotDeletedUnseen() throws {
        var rig = try Self.rig()
        rig.tap(try Self.onText(rig, "Ideas"))
        try #require(Self.selected(rig) == ["Ideas"])
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.tapToolbar(.filter)
        #expect(!Self.selected(rig).contains("Ideas"), "hidden, so no longer chosen")
        rig.key("Delete")
        #expect(rig.document.nodes.contains { $0.text == "Ideas" })
    }

    /// The arrow keys move among the nodes shown, never onto one the filter hides.
    @Test(arguments: ["Left", "Right", "Up", "Down"])
    func arrowKeysStepOnlyOntoShownNodes(_ arrow: String) throws {
        var rig = try Self.rig()
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.tapToolbar(.filter)
        let hidden = Self.filteredOut(rig)
        for start in ["Order parts", "Shop", "Launch"] {
            rig.tap(try Self.onText(rig, start))
            rig.key(arrow)
            #expect(Self.selected(rig).isDisjoint(with: hidden), "\(arrow) from \(start) chose \(Self.selected(rig))")
        }
    }

    @Test func showOnlyThisTagFromAPillFiltersTheMap() throws {
        var rig = try Self.rig()
        let unchanged = Unchanged(rig)
        rig.tap(try Self.pill(rig, "Frame", tag: "workshop"))
        MenuTests.tapRow(&rig, "Show only “workshop”")
        #expect(rig.workspace.panels.filter.filter.tags == ["workshop"])
        #expect(Self.filteredOut(rig) == ["Wheels", "Shop", "Order parts", "Ideas"])
        unchanged.check(rig)
    }

    @Test func renamingAFilteredTagKeepsTheFilterOnIt() throws {
        var rig = try Self.rig()
        rig.tapToolbar(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.tapToolbar(.filter)
        rig.tap(try Self.pill(rig, "Order parts", tag: "errand"))
        MenuTests.tapRow(&rig, "Rename “errand” everywhere…")
        rig.key("Backspace", .ctrl)
        rig.type("shopping")
        try Self.tap(&rig, .button(.confirm))
        #expect(rig.workspace.panels.filter.filter.tags == ["shopping"])
        #expect(Self.filteredOut(rig) == ["Build", "Frame", "Wheels", "Ideas"], "the same nodes shown")
    }

    // MARK: - What trying it by finger found

    /// A menu opened on one of several selected nodes acts on every one, as the keys do.
    @Test func aMenuOnOneOfSeveralSelectedNodesActsOnThemAll() throws {
        var rig = try Self.rig()
        rig.workspace.select([rig.id("Shop"), rig.id("Ideas")])
        Self.menu(&rig, on: "Ideas", "Task")
        #expect(Self.task(rig, "Shop") == .open && Self.task(rig, "Ideas") == .open, "both became tasks")
        #expect(rig.workspace.history.done.count == 1, "in one step")
    }

    /// Fit, while a filter hides, frames what it shows: the matches fill the view.
    @Test func fitFramesWhatTheFilterShows() throws {
        var rig = try Self.rig()
        rig.workspace.showFiltered(MapFilter(tags: ["errand"]))
        rig.workspace.perform(.fit)
        rig.settle()
        let shown = ["Launch", "Shop", "Order parts"].compactMap { rig.document.node(rig.id($0))?.frame }
        let box = shown.dropFirst().reduce(shown[0]) { $0.union($1) }
        let camera = rig.workspace.view.camera
        let viewport = Rect(x: 0, y: 0, width: rig.workspace.measures.viewportSize.x, height: rig.workspace.measures.viewportSize.y)
        let order = try #require(rig.document.node(rig.id("Order parts")))
        #expect(viewport.contains(camera.screenPoint(ofMap: order.position)), "the match is in view")
        // The view is centred on what the filter shows, not on the whole map (Build's branch off to the left).
        let centre = camera.mapPoint(ofScreen: rig.workspace.canvasRect.center)
        #expect(centre.distance(to: box.center) + 60 < centre.distance(to: rig.document.bounds.center),
                "centred on \(centre): the shown nodes' middle is \(box.center), the whole map's \(rig.document.bounds.center)")
    }

    /// A tag renamed everywhere carries the saved filters along, and they are kept for next time.
    @Test func renamingATagCarriesSavedFiltersAlong() throws {
        var rig = try Self.rig()
        rig.workspace.savedFilters = [SavedFilter(name: "errands", filter: MapFilter(tags: ["errand"]))]
        rig.tap(try Self.pill(rig, "Order parts", tag: "errand"))
        MenuTests.tapRow(&rig, "Rename “errand” everywhere…")
        rig.key("Backspace", .ctrl)
        rig.type("shopping")
        let requests = rig.key("Return")
        #expect(rig.workspace.savedFilters.first?.filter.tags == ["shopping"])
        #expect(requests.contains(.rememberChoices), "the choices file is written again")
    }

    /// Tags that begin with what is typed are offered first.
    @Test func tagsThatBeginWithWhatIsTypedComeFirst() throws {
        let rig = try Self.rig()
        var workspace = rig.workspace
        workspace.changeDetails(of: [rig.id("Ideas")], "tag") { details in details.tags = ["reading", "art", "reading list"] }
        let offered = workspace.tagChoices(typed: "r").flatMap { $0 }.map(\.label)
        #expect(offered.first == "reading" || offered.first == "reading list", "\(offered)")
        let errand = try #require(offered.firstIndex(of: "errand"), "\(offered)"), reading = try #require(offered.firstIndex(of: "reading"))
        #expect(reading < errand, "those only holding it come after: \(offered)")
        let a = workspace.tagChoices(typed: "a").flatMap { $0 }.map(\.label)
        #expect(a.first == "art", "“art” begins with a: \(a)")
    }

    /// The filter bar's calendar button shows the day picked; a saved filter in force can be
    /// forgotten from the bar, and Overdue leaves out what is done.
    @Test func thePickedDayShowsAndASavedFilterCanBeForgottenByFinger() throws {
        var rig = try Self.rig()
        rig.workspace.measures.today = CalendarDay(iso: "2026-12-05")
        rig.workspace.perform(.filter)
        try Self.tap(&rig, .filterOption(.due(.pick)))
        try Self.tap(&rig, .dialogChoice(.day(try #require(CalendarDay(iso: "2026-12-24")))))
        try Self.tap(&rig, .button(.confirm))
        let picked = try #require(CalendarDay(iso: "2026-12-24"))
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .filterOption(.pickedDay(picked)) && $0.text == "By 24 Dec 2026" })
        rig.workspace.savedFilters = [SavedFilter(name: "before Christmas", filter: MapFilter(dueBefore: picked))]
        rig.workspace.needsRedraw = true
        try Self.tap(&rig, .filterOption(.forget("before Christmas")))
        #expect(rig.workspace.savedFilters.isEmpty)
        #expect(rig.requests.contains(.rememberChoices), "the choices file forgets it too")
        try Self.tap(&rig, .filterOption(.due(.overdue)))
        #expect(rig.workspace.panels.filter.filter.done == false, "overdue: not done")
    }

    /// A filter chosen on the bar brings what it shows into view above the bar, when the view
    /// was elsewhere.
    @Test func aFilterChosenOnTheBarShowsItsNodesAboveTheBar() throws {
        var rig = try Self.rig()
        _ = rig.workspace.apply(.pan(Vec2(2000, 1500)))
        rig.workspace.perform(.filter)
        try Self.tap(&rig, .filterOption(.tag("errand")))
        rig.settle()
        let bar = try #require(rig.workspace.overlayLayout.rect(of: .filterBar))
        let order = try #require(rig.document.node(rig.id("Order parts")))
        let at = rig.camera.screenPoint(ofMap: order.position)
        #expect(at.y < bar.minY && at.y > 0 && at.x > 0 && at.x < rig.workspace.measures.viewportSize.x,
                "the match at \(at) shows above the bar (from \(bar.minY))")
    }
}
