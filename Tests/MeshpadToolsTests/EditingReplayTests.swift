import CSDL2
import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
@testable import MeshpadPostgres
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// End-to-end: a small map built entirely by touch, and one entirely by keyboard, through
    /// SDL's event queue into the real app; the state dumps are compared with the maps meant.
    @Suite(.serialized) @MainActor
    struct EditingReplayTests {
        static let size = PixelSize(width: 800, height: 600)

        /// The dump's tree as indented lines (children in order), then links and folds: what a
        /// person meant to build, without the exact positions.
        static func outline(_ dump: StateDump) -> [String] {
            let text = Dictionary(uniqueKeysWithValues: dump.nodes.map { ($0.id, $0.text) })
            var children: [String: [String]] = [:]
            var hasParent = Set<String>()
            for edge in dump.edges where edge.kind == "tree" {
                children[edge.from, default: []].append(edge.to)
                hasParent.insert(edge.to)
            }
            var lines: [String] = []
            func walk(_ id: String, _ depth: Int) {
                let folded = dump.nodes.first { $0.id == id }?.folded == true
                lines.append(String(repeating: "  ", count: depth) + (text[id] ?? "?") + (folded ? " [folded]" : ""))
                for child in children[id] ?? [] { walk(child, depth + 1) }
            }
            for node in dump.nodes where !hasParent.contains(node.id) { walk(node.id, 0) }
            for edge in dump.edges where edge.kind == "link" {
                lines.append("link \(text[edge.from] ?? "?") -> \(text[edge.to] ?? "?")")
            }
            return lines
        }

        /// Builds a script a phase at a time, each phase's positions read from where the app
        /// left things, on one simulated clock.
        @MainActor struct Session {
            let app: App
            var milliseconds = 0.0
            var lines: [String] = []

            var size: Vec2 { app.canvas.window.size }

            func screen(_ text: String) -> Vec2 {
                let node = app.workspace.document.nodes.first { $0.text == text }
                return app.workspace.view.camera.screenPoint(ofMap: node?.position ?? .zero)
            }

            func button(_ action: Action) -> Vec2 {
                app.workspace.overlayLayout.rect(of: .toolbar(action))?.center ?? .zero
            }

            mutating func add(_ json: String, after ms: Double = 40) {
                milliseconds += ms
                lines.append("{\"t\":\(Int(milliseconds)),\(json)}")
            }

            mutating func finger(_ type: String, _ p: Vec2, after ms: Double = 40) {
                add("\"type\":\"finger_\(type)\",\"id\":1,\"x\":\(p.x / size.x),\"y\":\(p.y / size.y)", after: ms)
            }

            mutating func tap(_ p: Vec2) {
                finger("down", p, after: 500)
                finger("up", p, after: 60)
            }

            mutating func doubleTap(_ p: Vec2) {
                tap(p)
                finger("down", p, after: 120)
                finger("up", p, after: 60)
            }

            mutating func drag(_ a: Vec2, _ b: Vec2) {
                finger("down", a, after: 500)
                for i in 1...10 { finger("move", a.interpolated(to: b, alpha: Double(i) / 10), after: 16) }
                finger("up", b, after: 200)
            }

            mutating func type(_ text: String) {
                add("\"type\":\"text\",\"text\":\"\(text)\"")
            }

            mutating func key(_ name: String, _ mods: [String] = []) {
                let modifiers = mods.isEmpty ? "" : ",\"mods\":[" + mods.map { "\"\($0)\"" }.joined(separator: ",") + "]"
                add("\"type\":\"key\",\"key\":\"\(name)\"\(modifiers)")
            }

            /// Plays what was added since the last flush and lets everything settle.
            mutating func flush() throws {
                let start = lines.isEmpty ? milliseconds : milliseconds
                let script = lines.joined(separator: "\n")
                let events = try ReplayEvent.parseScript(script)
                let first = (events.first?.milliseconds ?? start) / 1000
                try ReplayRunner.play(events, on: app, startTime: max(0, first - 0.001))
                lines = []
                // The settling took simulated time: carry on after it.
                milliseconds += 2000
            }
        }

        func withSession(_ body: (inout Session) throws -> Void) throws {
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                let app = try App(document: Document(rootText: ""),
                                  options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true))
                var session = Session(app: app)
                try body(&session)
            }
        }

        @Test func aMapBuiltEntirelyByTouch() throws {
            try withSession { s in
                let empty = Vec2(720, 90)
                // Name the root: double tap, type (an on-screen keyboard sends text), tap away.
                s.doubleTap(s.screen(""))
                s.type("Trip")
                s.tap(empty)
                try s.flush()
                // Two children of the root with the toolbar's New.
                for name in ["Pack", "Book"] {
                    s.tap(s.screen("Trip"))
                    s.tap(s.button(.newNode))
                    s.type(name)
                    s.tap(empty)
                    try s.flush()
                }
                s.tap(s.screen("Pack"))
                s.tap(s.button(.newNode))
                s.type("Boots")
                s.tap(empty)
                try s.flush()
                // A link in Link mode: drag from Boots to Book.
                s.tap(s.button(.linkMode))
                try s.flush()
                s.drag(s.screen("Boots"), s.screen("Book"))
                try s.flush()
                #expect(s.app.workspace.input.mode == .normal, "one link puts the tool away")
                // Move Book by dragging it (a free map: it stays where it is put), then fold Pack
                // with its badge.
                let bookBefore = s.app.workspace.document.nodes.first { $0.text == "Book" }?.position
                s.drag(s.screen("Book"), s.screen("Book") + Vec2(0, 60))
                s.tap(s.screen("Pack"))
                try s.flush()
                let pack = try #require(s.app.workspace.document.nodes.first { $0.text == "Pack" })
                let badge = FoldBadge.screenCenter(of: pack, at: pack.position, side: FoldBadge.side(of: pack, in: s.app.workspace.document),
                                                   camera: s.app.workspace.view.camera)
                s.tap(badge)
                try s.flush()

                let dump = StateDump(s.app.workspace)
                #expect(Self.outline(dump) == [
                    "Trip",
                    "  Pack [folded]",
                    "    Boots",
                    "  Book",
                    "link Boots -> Book",
                ])
                let book = s.app.workspace.document.nodes.first { $0.text == "Book" }?.position
                let zoom = s.app.workspace.view.camera.zoom
                #expect(book.flatMap { b in bookBefore.map { abs(b.y - $0.y - 60 / zoom) < 0.5 } } == true, "the drag moved Book")
                #expect(dump.selection == [pack.id.description])
                #expect(s.app.workspace.history.done.count == 7, "4 new nodes (each with its text), a link, a move, a fold")
            }
        }

        @Test func aMapBuiltEntirelyByKeyboard() throws {
            try withSession { s in
                s.key("F2"); s.type("Trip"); s.key("Return")
                s.key("Tab"); s.type("Pack"); s.key("Return")
                s.key("Tab"); s.type("Boots"); s.key("Return")
                s.key("Return"); s.type("Tent"); s.key("Return")
                s.key("Return", ["shift"]); s.type("Map"); s.key("Return")
                s.key("Home")
                s.key("Tab"); s.type("Book"); s.key("Return")
                s.key("Tab"); s.type("Train"); s.key("Return")
                // Rename by typing over a selected node, then fix a typo with the editor keys.
                s.type("Trian"); s.key("Left"); s.key("Backspace"); s.key("Backspace"); s.type("ai"); s.key("Return")
                // Find Boots, extend the selection down to Tent, link them.
                s.key("F", ["ctrl"]); s.type("boots"); s.key("Escape")
                s.key("Down", ["shift"])
                s.key("L", ["ctrl"])
                // Copy Book's subtree and paste it under Pack, through the system clipboard.
                s.key("F", ["ctrl"]); s.type("book"); s.key("Escape")
                s.key("C", ["ctrl"])
                s.key("F", ["ctrl"]); s.type("pack"); s.key("Escape")
                s.key("V", ["ctrl"])
                // Delete the pasted Train (the first match in outline order), undo that and redo it: gone.
                s.key("F", ["ctrl"]); s.type("train"); s.key("Escape")
                s.key("Delete")
                s.key("Z", ["ctrl"]); s.key("Y", ["ctrl"])
                // Fold Pack.
                s.key("F", ["ctrl"]); s.type("pack"); s.key("Escape")
                s.key("Space")
                try s.flush()

                let dump = StateDump(s.app.workspace)
                #expect(Self.outline(dump) == [
                    "Trip",
                    "  Pack [folded]",
                    "    Boots",
                    "    Map",
                    "    Tent",
                    "    Book",
                    "  Book",
                    "    Train",
                    "link Boots -> Tent",
                ])
                // Undoing everything gives back the empty map it began with.
                while s.app.workspace.history.canUndo { s.app.workspace.undo() }
                let first = StateDump(s.app.workspace)
                #expect(first.nodes.map(\.text) == [""])
                #expect(first.edges.isEmpty)
            }
        }

        @Test func scaleDrawsEverythingBiggerAndTouchesLandWhereTheyAreDrawn() throws {
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                var options = App.Options(windowSize: PixelSize(width: 1000, height: 800), theme: .classic, preferSoftware: true, hidden: true)
                options.uiScale = 2
                let app = try App(document: .sample(), options: options)
                #expect(app.workspace.measures.viewportSize == Vec2(500, 400), "laid out in half the pixels, each drawn twice as big")
                #expect((app.workspace.overlayLayout.rect(of: .toolbar(.newNode))?.height ?? 0) * 2 >= 88, "touch targets grow too")
                // Below its text, inside its ellipse: the fill (a node the opening view shows, not the root).
                let camera = app.workspace.view.camera
                func inside(_ node: Node) -> Vec2 { camera.screenPoint(ofMap: node.position + Vec2(0, node.size.y * 0.38)) * 2 }
                let shelter = try #require(app.workspace.document.nodes.first { node in
                    let p = inside(node)
                    return node.id != app.workspace.document.rootID && p.x > 20 && p.x < 980 && p.y > 100 && p.y < 780
                })
                let inside = inside(shelter)
                app.paintSettled()
                let pixels = try app.canvas.renderer.readPixels()
                let fill = try #require(pixels.color(atX: Int(inside.x), y: Int(inside.y)))
                #expect(abs(Int(fill.g) - Int(Theme.classic.nodeFill.g)) < 8, "\(fill)")
                // A click there, in window pixels through SDL's queue, selects it.
                let events = try ReplayEvent.parseScript("""
                    {"t":0,"type":"mouse_down","button":"left","x":\(inside.x),"y":\(inside.y)}
                    {"t":60,"type":"mouse_up","button":"left","x":\(inside.x),"y":\(inside.y)}
                    """)
                try ReplayRunner.play(events, on: app)
                #expect(app.workspace.selection.nodes == [shelter.id])
            }
        }

        @Test func editingShowsTheTextTheCaretAndTheToolbarOnScreen() throws {
            try withSession { s in
                s.key("F2"); s.type("Hello")
                try s.flush()
                s.app.paintSettled()
                let pixels = try s.app.canvas.renderer.readPixels()
                let caret = try #require(s.app.workspace.textInputRect)
                // The caret is drawn in the text colour right where the input method is told it is:
                // the central topic's (the node edited), which stands out from its accent.
                let theme = s.app.canvas.painter.scene.theme
                var inked = 0
                for y in Int(caret.minY + 2)..<Int(caret.maxY - 2) {
                    for x in Int(caret.minX - 1)...Int(caret.maxX + 1) {
                        if let c = pixels.color(atX: x, y: y), c.contrast(with: theme.accent) >= 3 { inked += 1 }
                    }
                }
                #expect(inked >= Int(caret.height) - 6, "a caret that stands out \(caret)")
                #expect(caret.minX > 400, "after the text, right of the node's centre")
                // The toolbar's New button is drawn where it is tapped.
                let new = try #require(s.app.workspace.overlayLayout.rect(of: .toolbar(.newNode)))
                #expect(pixels.color(atX: Int(new.minX + 4), y: Int(new.minY + 4)) == theme.uiButton)
            }
        }
    }
}
