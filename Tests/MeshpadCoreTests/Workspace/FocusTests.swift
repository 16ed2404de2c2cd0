import Testing
@testable import MeshpadCore

/// Focus on a branch (vym #154, Freeplane #2743, Heimer #36): one branch alone, the rest of the
/// map hidden (not drawn, not tapped, not selected), a breadcrumb back up to the root, and the
/// map itself untouched.
@Suite struct FocusTests {
    /// A small map in the rig's 800×600 window:
    ///
    ///     Launch
    ///       Build
    ///         Frame  #workshop
    ///         Wheels
    ///       Shop
    ///         Order parts
    ///       Ideas
    ///     Loose (a free node)
    static func map() throws -> Document {
        var map = MapBuilder(rootText: "Launch")
        let buildAdded = map.addChild(of: map.rootID, text: "Build", at: Vec2(-220, -100))
        let build = try #require(buildAdded)
        let frameAdded = map.addChild(of: build, text: "Frame", at: Vec2(-300, -200))
        let frame = try #require(frameAdded)
        map.addChild(of: build, text: "Wheels", at: Vec2(-140, -200))
        let shopAdded = map.addChild(of: map.rootID, text: "Shop", at: Vec2(220, -100))
        let shop = try #require(shopAdded)
        map.addChild(of: shop, text: "Order parts", at: Vec2(220, -200))
        map.addChild(of: map.rootID, text: "Ideas", at: Vec2(0, 130))
        map.addNode(text: "Loose", at: Vec2(300, 150))
        map.modify(frame) { $0.tags = ["workshop"] }
        return map.build()
    }

    static func rig() throws -> EditRig { EditRig(document: try map()) }

    /// The texts of the nodes the scene draws now.
    static func drawn(_ rig: EditRig) -> Set<String> {
        var list = DrawList()
        SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                             selection: [], extras: rig.workspace.sceneExtras, into: &list)
        return Set(rig.document.nodes.map(\.text).filter { text in list.labels.contains { $0.text == text } })
    }

    /// The breadcrumb's buttons a finger can reach, left to right.
    static func crumbs(_ rig: EditRig) -> [OverlayLayout.Part] {
        rig.workspace.overlayLayout.reachableParts.filter { if case .breadcrumb = $0.role { return true } else { return false } }
    }

    static func tapCrumb(_ rig: inout EditRig, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let crumb = try #require(crumbs(rig).first { $0.text == words }, "no crumb \(words) among \(crumbs(rig).map(\.text))",
                                 sourceLocation: sourceLocation)
        rig.tap(crumb.rect.center)
        rig.settle()
    }

    /// Where a finger taps a node: on its words, clear of its tag's pill.
    static func onText(_ rig: EditRig, _ text: String) -> Vec2 {
        guard let node = rig.document.node(rig.id(text)) else { return Vec2(-1, -1) }
        return rig.camera.screenPoint(ofMap: node.position + node.textOffset)
    }

    static func selected(_ rig: EditRig) -> Set<String> { Set(rig.workspace.selection.nodes.compactMap { rig.text(of: $0) }) }

    /// Focus on the node's branch by finger: a long press on it, then the menu's row.
    static func focus(_ rig: inout EditRig, on text: String) {
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id(text)))
        MenuTests.tapRow(&rig, "Focus on branch")
        rig.settle()
    }

    // MARK: - What shows

    @Test func aFocusShowsTheBranchAloneAndATapOutsideItSelectsNothing() throws {
        var rig = try Self.rig()
        let before = rig.content
        Self.focus(&rig, on: "Build")
        #expect(rig.workspace.panels.focus?.node == rig.id("Build"))
        #expect(StateDump(rig.workspace).focus == rig.id("Build").description)
        #expect(Self.drawn(rig) == ["Build", "Frame", "Wheels"], "the root, the other branches and the free node are hidden")

        // The root is on screen, where a finger would find it: it is not there to tap.
        let root = rig.screen(of: rig.id("Launch"))
        #expect(Rect(x: 0, y: 60, width: 800, height: 460).contains(root), "the root is in the window, clear of the chrome")
        rig.tap(Self.onText(rig, "Frame"))
        #expect(Self.selected(rig) == ["Frame"], "inside the branch a tap selects")
        rig.tap(root)
        #expect(Self.selected(rig).isEmpty && rig.workspace.selection.edge == nil,
                "a tap where the hidden root is selects nothing, nor the branches from it")
        rig.key("A", [.ctrl])
        #expect(Self.selected(rig) == ["Build", "Frame", "Wheels"], "Select all takes what shows")

        #expect(rig.content == before && !rig.workspace.history.canUndo, "a way of looking: nothing changed, nothing to undo")
        #expect(rig.workspace.sceneExtras.filter == nil, "an export (what the filter shows) writes the whole map")
    }

    @Test func theViewFramesTheBranchAndFitKeepsToIt() throws {
        var rig = try Self.rig()
        Self.focus(&rig, on: "Shop")
        let canvas = Rect(x: 0, y: 0, width: 800, height: 600)
        for text in ["Shop", "Order parts"] { #expect(canvas.contains(rig.screen(of: rig.id(text))), "\(text) in view") }
        let focused = rig.camera
        // Away from it by finger, then Fit on the toolbar.
        rig.fingerDrag(from: Vec2(650, 420), to: Vec2(450, 220))
        rig.settle()
        #expect(rig.camera.origin.distance(to: focused.origin) > 100)
        rig.tapToolbar(.fit)
        rig.settle()
        #expect(abs(rig.camera.zoom - focused.zoom) < 1e-6 && rig.camera.origin.distance(to: focused.origin) < 1, "Fit frames the branch")
    }

    @Test func aFocusHidesNodesAFilterShowsAndTheFilterStaysWhenItEnds() throws {
        var rig = try Self.rig()
        rig.workspace.showFiltered(MapFilter(tags: ["workshop"]))
        #expect(Self.drawn(rig) == ["Launch", "Build", "Frame"])
        Self.focus(&rig, on: "Build")
        #expect(Self.drawn(rig) == ["Build", "Frame"], "both in force: what each shows")
        rig.tap(Self.onText(rig, "Frame"))
        #expect(Self.selected(rig) == ["Frame"])
        try Self.tapCrumb(&rig, "Whole map")
        #expect(rig.workspace.panels.focus == nil)
        #expect(Self.drawn(rig) == ["Launch", "Build", "Frame"], "the filter is still in force")
    }

    @Test func deletingTheFocusedNodeEndsTheFocus() throws {
        var rig = try Self.rig()
        Self.focus(&rig, on: "Build")
        rig.tap(rig.screen(of: rig.id("Build")))
        rig.key("Delete")
        #expect(rig.document.node(rig.id("Build")) == nil)
        #expect(rig.workspace.panels.focus == nil && Self.crumbs(rig).isEmpty, "the focus ended by itself")
        rig.settle()
        #expect(Self.drawn(rig).isSuperset(of: ["Launch", "Shop", "Ideas", "Loose"]), "the whole map again")
        rig.key("Z", [.ctrl])
        #expect(rig.document.node(rig.id("Build")) != nil && rig.workspace.panels.focus == nil, "Undo brings the node back, not the focus")
    }

    @Test func anotherMapOpenedShowsWholeWithoutTheFocus() throws {
        var rig = try Self.rig()
        Self.focus(&rig, on: "Build")
        rig.workspace.replaceDocument(.sample())
        #expect(rig.workspace.panels.focus == nil && rig.workspace.sceneExtras.focusShown == nil)
        #expect(!rig.workspace.isAnimating, "the new map opens where it opens, with no flight")
    }

    // MARK: - The breadcrumb

    @Test func theBreadcrumbNamesTheAncestorsAndMovesTheFocusUpOrEndsIt() throws {
        var rig = try Self.rig()
        Self.focus(&rig, on: "Frame")
        let crumbs = Self.crumbs(rig)
        #expect(crumbs.map(\.text) == ["Whole map", "Launch", "Build", "Frame"])
        for crumb in crumbs {
            #expect(crumb.rect.height >= rig.workspace.measures.targetPixels, "\(crumb.text) is finger-sized")
            #expect(crumb.rect.width >= rig.workspace.measures.targetPixels)
        }
        let menu = try #require(rig.workspace.overlayLayout.rect(of: .appMenuButton))
        #expect(crumbs.allSatisfy { $0.rect.minY >= menu.maxY }, "below the ☰ button's row")
        let controls = StateDump(rig.workspace).controls
        #expect(controls.contains { $0.label == "Build" && $0.role == "button" }, "in the dump's controls, by its words")

        try Self.tapCrumb(&rig, "Build")
        #expect(rig.workspace.panels.focus?.node == rig.id("Build"))
        #expect(Self.crumbs(rig).map(\.text) == ["Whole map", "Launch", "Build"])
        #expect(Self.drawn(rig) == ["Build", "Frame", "Wheels"])

        try Self.tapCrumb(&rig, "Whole map")
        #expect(rig.workspace.panels.focus == nil && Self.crumbs(rig).isEmpty)
        #expect(StateDump(rig.workspace).focus == nil)
        #expect(Self.drawn(rig) == Set(rig.document.nodes.map(\.text)), "the whole map, framed")
    }

    @Test func longWordsOnTheBreadcrumbEndInAnEllipsis() throws {
        var map = MapBuilder(rootText: "A root whose words go on and on well past what a crumb can hold on a small screen")
        let childAdded = map.addChild(of: map.rootID, text: "Leaf", at: Vec2(0, -120))
        let child = try #require(childAdded)
        var rig = EditRig(document: map.build())
        rig.tap(rig.screen(of: child))
        rig.key("H", [.ctrl])
        let root = try #require(Self.crumbs(rig).first { $0.role == .breadcrumb(rig.document.rootID) })
        #expect(root.text.hasSuffix("…") && root.text.count < 40, "cut: \(root.text)")
        rig.key("H", [.ctrl, .shift])
        #expect(rig.workspace.panels.focus == nil, "Ctrl+Shift+H shows the whole map")
    }

    /// Usable while editing: Return on the focused node makes a sibling outside the branch; the
    /// focus widens to their parent's branch rather than hide the node being typed in.
    @Test func aSiblingMadeOfTheFocusedNodeWidensTheFocusToShowIt() throws {
        var rig = try Self.rig()
        Self.focus(&rig, on: "Build")
        rig.tap(Self.onText(rig, "Build"))
        rig.key("Return")
        rig.type("Test")
        let typed = try #require(rig.workspace.editing?.node)
        #expect(rig.workspace.panels.focus?.node == rig.document.rootID, "the focus is the new node's parent's branch")
        #expect(rig.workspace.filterKeeps(nodeAt: try #require(rig.document.index(of: typed))))
        rig.key("Return")
        #expect(rig.text(of: typed) == "Test")
        #expect(rig.workspace.selection.nodes == [typed], "the new node stays selected")
    }

    /// A Freeplane slide may show several nodes, with or without what lies below them.
    @Test func aFocusShowsSeveralNodesAloneOrWithTheirBranches() throws {
        let rig = try Self.rig()
        let document = rig.document
        let build = rig.id("Build"), shop = rig.id("Shop")
        let both = BranchFocus(node: build, alsoShown: [shop]).shown(in: document) ?? []
        let alone = BranchFocus(node: build, alsoShown: [shop], showsDescendants: false).shown(in: document) ?? []
        func texts(_ shown: [Bool]) -> Set<String> { Set(document.nodes.indices.filter { shown[$0] }.map { document.nodes[$0].text }) }
        #expect(texts(both) == ["Build", "Frame", "Wheels", "Shop", "Order parts"])
        #expect(texts(alone) == ["Build", "Shop"])
        let withPath = BranchFocus(node: rig.id("Frame"), showsAncestors: true, showsDescendants: false).shown(in: document) ?? []
        #expect(texts(withPath) == ["Launch", "Build", "Frame"])
    }
}
