import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// What a newcomer on a tablet trips over in the first hour (issue 33), by finger alone in the
    /// real app: every tap is aimed at a control found by its words in the state dump.
    @Suite(.serialized) @MainActor
    struct FirstHourTests {
        typealias Finger = TouchOnlyTests.Finger

        /// A map of 400 nodes.
        static func withBigMap(_ body: (App) throws -> Void) throws {
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                let app = try App(document: .procedural(nodeCount: 400, seed: 3),
                                  options: App.Options(windowSize: TouchOnlyTests.size, preferSoftware: true, hidden: true))
                try body(app)
            }
        }

        @Test func oneFingerZoomsInAndOutWithoutAPinch() throws {
            try Self.withBigMap { app in
                var finger = Finger(app: app)
                try finger.tap("Fit")
                let opened = finger.dump.camera.zoom
                try #require(opened < MeshpadCore.Workspace.readableZoom, "the whole map is too small to read (\(opened))")
                try finger.tap("+")
                try finger.tap("+")
                let zoomedIn = finger.dump.camera.zoom
                #expect(zoomedIn > opened * 1.3, "two taps on + zoom in: \(opened) → \(zoomedIn)")
                try finger.tap("−")
                #expect(finger.dump.camera.zoom < zoomedIn)

                // A double tap on a node too small to read brings it close; the next one edits it.
                try finger.tap("Fit")
                let root = try finger.node(app.workspace.document.root.text)
                finger.finger("down", root, after: 600)
                finger.finger("up", root, after: 60)
                finger.finger("down", root, after: 120)
                finger.finger("up", root, after: 60)
                try finger.flush()
                #expect(finger.dump.camera.zoom == 1, "readable at 100 %")
                #expect(app.workspace.editing == nil, "not editing text that could not be read")
                #expect(!app.workspace.history.canUndo, "zooming is no edit")
            }
        }

        /// A search by finger opens the fold that hides a hit, and nothing more: the map is not
        /// "changed", Undo stays grey, and closing the search folds the branch again.
        @Test func aSearchByFingerChangesNothing() throws {
            var document = Document.procedural(nodeCount: 400, seed: 3)
            let branch = try #require(document.children(of: document.rootID).first)
            let at = try #require(document.node(branch)).position + Vec2(240, 0)
            let added = document.addChild(of: branch, text: "ferry tickets", at: at)
            let hit = try #require(added)
            document.setFolded(branch, true)
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                let app = try App(document: document, options: App.Options(windowSize: TouchOnlyTests.size, preferSoftware: true, hidden: true))
                var finger = Finger(app: app)
                let title = app.session.title
                try finger.tap("Search")
                try finger.typeOnKeyboard("ferry")
                #expect(app.workspace.selection.nodes == [hit])
                #expect(!app.workspace.document.isHidden(hit), "the hit is shown")
                #expect(app.session.title == title, "not marked changed: \(app.session.title)")
                #expect(!finger.dump.controls.contains { $0.label == "Undo" && $0.enabled }, "nothing to undo")
                try finger.tap("✕")
                #expect(app.workspace.document.node(branch)?.folded == true, "folded again")
                #expect(app.workspace.selection.nodes == [branch], "the branch that holds the hit is selected")
                #expect(app.session.title == title)
            }
        }
    }
}
