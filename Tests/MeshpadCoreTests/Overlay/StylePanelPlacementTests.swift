import Testing
@testable import MeshpadCore

/// A style panel that stays out of the way (issue 33): it never covers what it styles, a tap
/// on the map beside it puts it away, and every button says what it does.
@Suite struct StylePanelPlacementTests {
    /// The sample seen with "education" low in the window, where the panel comes up.
    static func rig() -> EditRig {
        EditRig(camera: Camera(origin: Vec2(400, 330), zoom: 1))
    }

    func screenFrame(_ id: NodeID, in rig: EditRig) -> Rect {
        let frame = rig.document.node(id)?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let a = rig.camera.screenPoint(ofMap: Vec2(frame.minX, frame.minY)), b = rig.camera.screenPoint(ofMap: Vec2(frame.maxX, frame.maxY))
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }

    @Test func theViewMovesSoThePanelDoesNotCoverTheNodeItStyles() throws {
        var rig = Self.rig()
        let education = rig.id("education")
        rig.tap(rig.screen(of: education))
        rig.tapToolbar(.stylePanel)
        let panel = try #require(rig.workspace.overlayLayout.rect(of: .stylePanel))
        try #require(screenFrame(education, in: rig).intersects(panel), "the test needs the panel to come up over the node")
        rig.settle()
        let after = try #require(rig.workspace.overlayLayout.rect(of: .stylePanel))
        let shown = screenFrame(education, in: rig)
        #expect(shown.maxY < after.minY, "the node \(shown) is above the panel \(after)")
        #expect(shown.minY >= 0, "and still in the window")
        #expect(!rig.workspace.history.canUndo, "a view, not an edit")
    }

    @Test func aTapOnTheMapBesideThePanelPutsItAway() {
        var rig = Self.rig()
        rig.tap(rig.screen(of: rig.id("food")))
        rig.tapToolbar(.stylePanel)
        #expect(rig.workspace.panels.styleOpen)
        rig.tap(Vec2(30, 120))
        #expect(!rig.workspace.panels.styleOpen)
        #expect(rig.workspace.overlayLayout.rect(of: .stylePanel) == nil)
    }

    @Test func withNothingSelectedThePanelSaysSoOverNoButtons() {
        var rig = Self.rig()
        rig.tap(Vec2(30, 120))
        rig.tapToolbar(.stylePanel)
        let parts = rig.workspace.overlayLayout.parts
        #expect(parts.contains { $0.role == .stylePanel && $0.text == "Select nodes or a link to style them" })
        #expect(!parts.contains { if case .styleOption = $0.role { return true }; return false })
    }

    /// No row holds two buttons with the same words ("Auto" for the colour and "Auto" for the width).
    @Test func everyButtonOfARowSaysSomethingDifferent() {
        for (title, options) in StyleOption.rows {
            let words = options.compactMap(\.label)
            #expect(Set(words).count == words.count, "\(title): \(words)")
        }
        for (title, options) in LinkStyleOption.rows {
            let words = options.compactMap(\.label)
            #expect(Set(words).count == words.count, "\(title): \(words)")
        }
    }
}
