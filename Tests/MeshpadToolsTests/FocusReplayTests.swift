import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// Focus on a branch by finger alone, through the real app (issue 28): a long press on a
    /// node and its menu's "Focus on branch", then the breadcrumb's "Whole map" back. Every tap
    /// is aimed at a control found by its words in the state dump.
    @Suite(.serialized) @MainActor
    struct FocusReplayTests {
        typealias Finger = TouchOnlyTests.Finger

        @Test func aFingerFocusesOnABranchAndTheBreadcrumbShowsTheWholeMapAgain() throws {
            var focusing: [String] = []
            var recorded: [String] = []
            var food = ""
            try TouchOnlyTests.withApp { app in
                var f = Finger(app: app)
                food = try #require(f.dump.nodes.first { $0.text == "food" }?.id)
                #expect(f.dump.focus == nil)

                try f.longPress(at: f.node("food"))
                try f.tap("Focus on branch")
                #expect(f.dump.focus == food)
                let labels = f.dump.controls.filter { $0.role == "button" }.map(\.label)
                #expect(labels.contains("Whole map") && labels.contains("food"), "the breadcrumb, by its words: \(labels)")
                let shown = try #require(app.workspace.sceneExtras.focusShown)
                let root = try #require(app.workspace.document.index(of: app.workspace.document.rootID))
                #expect(!shown[root] && shown.filter { $0 }.count == 1, "food alone shows")
                focusing = f.script

                try f.tap("Whole map")
                #expect(f.dump.focus == nil)
                #expect(!f.dump.controls.contains { $0.label == "Whole map" }, "the breadcrumb went with the focus")
                #expect(app.workspace.sceneExtras.focusShown == nil)
                recorded = f.script
            }

            // The same finger events through the built app: focused, then the whole map again.
            let halfway = try TouchOnlyTests.replayThroughTheApp(focusing, in: try ScratchFolder())
            #expect(halfway.focus == food)
            #expect(halfway.controls.contains { $0.label == "Whole map" && $0.role == "button" })
            let end = try TouchOnlyTests.replayThroughTheApp(recorded, in: try ScratchFolder())
            #expect(end.focus == nil)
            #expect(!end.controls.contains { $0.label == "Whole map" })
        }
    }
}
