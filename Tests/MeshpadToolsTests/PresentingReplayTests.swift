import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// Presenting the sample map by finger alone and by a clicker, through the real app (issue 28).
    @Suite(.serialized) @MainActor
    struct PresentingReplayTests {
        typealias Finger = TouchOnlyTests.Finger

        @Test func aFingerAlonePresentsTheMapAndLeavesItAsItWas() throws {
            var recorded: [String] = []
            var before: [String] = []
            var after: [String] = []
            try TouchOnlyTests.withApp { app in
                var f = Finger(app: app)
                before = EditingReplayTests.outline(f.dump)
                let folds = f.dump.nodes.map(\.folded)
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Present")
                var shown = try #require(f.dump.presentation)
                #expect(shown.slide == 1)
                #expect(shown.slides == 6, "the root and its five branches")
                #expect(!f.dump.controls.contains { $0.label == Workspace.appMenuTitle }, "the chrome steps aside")

                // Two swipes to the left: two slides on.
                try f.drag(from: Vec2(1000, 600), to: Vec2(500, 610))
                try f.drag(from: Vec2(1000, 600), to: Vec2(500, 610))
                shown = try #require(f.dump.presentation)
                #expect(shown.slide == 3)
                #expect(shown.node.flatMap { id in f.dump.nodes.first { $0.id == id }?.text } == "food")

                // A swipe to the right goes back; the whole map from the presenter's menu; a tap
                // on a node there jumps to its slide.
                try f.drag(from: Vec2(400, 600), to: Vec2(900, 590))
                #expect(f.dump.presentation?.slide == 2)
                try f.longPress(at: Vec2(640, 700))
                try f.tap("Whole map")
                #expect(f.dump.presentation?.overview == true)
                try f.tap(at: f.node("health care"))
                #expect(f.dump.presentation?.slide == 5)
                #expect(f.dump.presentation?.overview == false)

                // The presenter's menu: black, then the end.
                try f.longPress(at: Vec2(640, 700))
                try f.tap("Black screen")
                #expect(f.dump.presentation?.blackedOut == true)
                try f.longPress(at: Vec2(640, 700))
                try f.tap("End presentation")
                #expect(f.dump.presentation == nil)
                #expect(f.dump.controls.contains { $0.label == Workspace.appMenuTitle }, "the chrome is back")
                #expect(f.dump.nodes.map(\.folded) == folds)
                #expect(!app.workspace.history.canUndo, "presenting left nothing to undo")
                after = EditingReplayTests.outline(f.dump)
                recorded = f.script
            }
            #expect(after == before)

            // The same finger events through the real app end the same way.
            let folder = try ScratchFolder()
            let dump = try TouchOnlyTests.replayThroughTheApp(recorded, in: folder)
            #expect(dump.presentation == nil)
            #expect(EditingReplayTests.outline(dump) == before)
        }

        /// A clicker sends PageDown and PageUp (and B for black); F5 starts, Escape ends.
        @Test func aClickersPageDownAndPageUpStepThroughTheSlides() throws {
            func script(_ keys: [String]) -> [String] {
                keys.enumerated().map { index, key in "{\"t\":\(300 + index * 700),\"type\":\"key\",\"key\":\"\(key)\"}" }
            }
            let folder = try ScratchFolder()
            let forward = try TouchOnlyTests.replayThroughTheApp(script(["F5", "PageDown", "PageDown", "PageDown", "PageUp"]), in: folder)
            let shown = try #require(forward.presentation)
            #expect(shown.slide == 3)
            #expect(shown.slides == 6)
            #expect(!shown.blackedOut)
            let black = try TouchOnlyTests.replayThroughTheApp(script(["F5", "PageDown", "B"]), in: try ScratchFolder())
            #expect(black.presentation?.blackedOut == true)
            let ended = try TouchOnlyTests.replayThroughTheApp(script(["F5", "PageDown", "Escape"]), in: try ScratchFolder())
            #expect(ended.presentation == nil)
            #expect(ended.nodes.count == 6, "Return, Backspace and the rest changed nothing while presenting")
        }
    }
}
