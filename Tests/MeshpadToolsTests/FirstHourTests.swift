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

        /// The sample in a real app, headless.
        static func withSample(_ body: (App) throws -> Void) throws {
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                let app = try App(document: .sample(), options: App.Options(windowSize: TouchOnlyTests.size, preferSoftware: true, hidden: true))
                try body(app)
            }
        }

        /// The Link tool by two taps: its banner says what to do, the link has an arrowhead.
        @Test func theLinkToolTakesATapOnEachEnd() throws {
            try Self.withSample { app in
                var finger = Finger(app: app)
                try finger.tap("Link")
                #expect(app.workspace.panels.banner?.message.hasPrefix("Tap the node to link from") == true)
                try finger.tap(at: finger.node("food"))
                try finger.tap(at: finger.node("health care"))
                let link = app.workspace.document.edges.first { $0.kind == .link }
                #expect(link.map { app.workspace.document.node($0.from)?.text == "food" && app.workspace.document.node($0.to)?.text == "health care" } == true)
                #expect(link?.look.arrows == .end)
                #expect(app.workspace.input.mode == .normal, "one link, then the tool is put away")
            }
        }

        /// A node dragged onto another by finger becomes its child, in a map that stays tidy.
        @Test func aNodeDraggedOntoAnotherBecomesItsChild() throws {
            try Self.withSample { app in
                var finger = Finger(app: app)
                try finger.tap("Tidy")
                #expect(app.workspace.document.layoutMode == .tree)
                try finger.drag(from: finger.node("food"), to: finger.node("shelter"), steps: 12)
                let document = app.workspace.document
                let food = try #require(document.nodes.first { $0.text == "food" })
                #expect(document.parent(of: food.id).flatMap { document.node($0)?.text } == "shelter")
                #expect(document.layoutMode == .tree, "Tidy stays on")
            }
        }

        /// The style panel never covers the node it styles, and a tap on the map puts it away.
        @Test func theStylePanelStaysOutOfTheWay() throws {
            try Self.withSample { app in
                var finger = Finger(app: app)
                let low = try finger.node("education")
                try finger.drag(from: Vec2(640, 200), to: Vec2(640, 200 + (700 - low.y)), steps: 10)
                try #require(try finger.node("education").y > 600, "low in the window, where the panel comes up")
                try finger.tap(at: finger.node("education"))
                try finger.tap("Style")
                let panel = try #require(app.workspace.overlayLayout.rect(of: .stylePanel))
                let node = try #require(app.workspace.document.nodes.first { $0.text == "education" })
                let bottom = app.workspace.view.camera.screenPoint(ofMap: node.position + Vec2(0, node.size.y / 2))
                #expect(bottom.y < panel.minY, "the node (bottom \(bottom.y)) stands above the panel (\(panel.minY))")
                try finger.tap(at: Vec2(60, 400))
                #expect(!app.workspace.panels.styleOpen)
            }
        }

        /// Save as Freeplane by taps: no extension typed on the on-screen keyboard.
        @Test func saveAsFreeplaneIsATapOnItsFormat() throws {
            let folder = try ScratchFolder()
            try Self.withSample { app in
                app.workspace.places = FilePlaces(home: folder.path, folders: LocalFolders())
                var finger = Finger(app: app)
                try finger.tap(MeshpadCore.Workspace.appMenuTitle)
                try finger.tap("Save as…")
                try finger.tap("Home")
                try finger.tap("Freeplane .mm")
                #expect(app.workspace.panels.dialog?.field.hasSuffix(".mm") == true)
                try finger.tap("Save")
                #expect(app.file.format == .freeMind && app.file.path?.hasPrefix(folder.path) == true)
                #expect(try MapFile.read(app.file.path ?? "").format == .freeMind)
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
