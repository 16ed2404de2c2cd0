import Testing
@testable import MeshpadCore

/// Zooming in with one finger and no pinch (issue 33): a person with one hand free, or a panel
/// whose touch arrives as a mouse pointer.
@Suite struct ZoomByFingerTests {
    /// The sample seen whole and small, as a big map opens.
    static func farRig() -> EditRig {
        EditRig(camera: Camera(origin: Vec2(400, 300), zoom: 0.4))
    }

    @Test func theZoomButtonsBesideTheMapZoomInAndOut() throws {
        var rig = Self.farRig()
        let zoomIn = try #require(rig.workspace.overlayLayout.rect(of: .toolbar(.zoomIn)))
        let zoomOut = try #require(rig.workspace.overlayLayout.rect(of: .toolbar(.zoomOut)))
        let toolbar = try #require(rig.workspace.overlayLayout.rect(of: .toolbar(.fit)))
        #expect(zoomIn.maxY <= zoomOut.minY, "+ above −")
        #expect(zoomOut.maxY < toolbar.minY, "just above the toolbar, which keeps one row at 800 px")
        #expect(zoomIn.width >= 44 && zoomIn.height >= 44, "a finger's size")
        rig.tapToolbar(.zoomIn)
        rig.settle()
        #expect(rig.camera.zoom > 0.45)
        let zoomed = rig.camera.zoom
        rig.tapToolbar(.zoomOut)
        rig.settle()
        #expect(rig.camera.zoom < zoomed)
        #expect(!rig.workspace.history.canUndo, "a view, not an edit")
    }

    /// Too small to read, a double tap on a node brings it to a readable size; at that size the
    /// next double tap edits, as in XMind.
    @Test func aDoubleTapOnANodeTooSmallToReadZoomsToItThenEdits() throws {
        var rig = Self.farRig()
        let food = rig.id("food")
        rig.doubleTap(rig.screen(of: food))
        rig.settle()
        #expect(rig.workspace.editing == nil, "no editing of text that cannot be read")
        #expect(rig.camera.zoom == 1)
        #expect(rig.workspace.selection.nodes == [food])
        let shown = rig.screen(of: food)
        #expect(shown.x > 0 && shown.x < 800 && shown.y > 0 && shown.y < 600, "in view: \(shown)")
        rig.time += 1
        rig.doubleTap(shown)
        #expect(rig.workspace.editing?.node == food)
    }

    @Test func searchShowsEachHitWhereItCanBeRead() throws {
        var rig = Self.farRig()
        rig.tapToolbar(.search)
        rig.type("water")
        rig.settle()
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
        #expect(rig.camera.zoom == 1)
        // Already readable, the zoom is left alone.
        var near = EditRig(camera: Camera(origin: Vec2(400, 300), zoom: 1.5))
        near.tapToolbar(.search)
        near.type("water")
        near.settle()
        #expect(near.camera.zoom == 1.5)
    }
}

/// No stray empty nodes (issue 33): a node made to be typed in and left empty goes away.
@Suite struct EmptyNewNodeTests {
    @Test func anEmptyNewNodeIsGoneWhenItsEditEnds() throws {
        var rig = EditRig()
        let count = rig.document.nodes.count
        rig.click(rig.screen(of: rig.id("food")))
        rig.key("Tab")
        rig.settle()
        #expect(rig.workspace.editing != nil)
        #expect(rig.document.nodes.count == count + 1)
        rig.key("Return")
        #expect(rig.document.nodes.count == count, "Return on an empty new node leaves nothing behind")
        #expect(rig.workspace.selection.nodes == [rig.id("food")], "its parent is selected again")
        #expect(!rig.workspace.history.canUndo, "nothing to undo")
        // A double tap on the surface, then a tap elsewhere: the same.
        rig.doubleTap(Vec2(120, 120))
        rig.settle()
        #expect(rig.document.nodes.count == count + 1)
        rig.time += 1
        rig.tap(rig.screen(of: rig.id("shelter")))
        #expect(rig.document.nodes.count == count)
    }

    @Test func aNodeEmptiedByHandStaysForItsOwnerToDelete() throws {
        var rig = EditRig()
        let food = rig.id("food")
        rig.click(rig.screen(of: food))
        rig.key("F2")
        for _ in 0..<10 { rig.key("Backspace") }
        rig.key("Return")
        #expect(rig.document.node(food)?.text == "", "an existing node is not deleted by emptying it")
    }
}
