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
    /// End-to-end, with a finger and nothing else: a person on a tablet with no keyboard starts a
    /// map, writes it on Meshpad's own keyboard, keeps it in a new folder as a FreeMind map, and
    /// opens it again. Every tap is aimed at a control found by the words on it in the state
    /// dump, as a test of the app must; the recorded script then runs through the real
    /// `meshpad replay` and must leave the same map and the same file.
    @Suite(.serialized) @MainActor
    struct TouchOnlyTests {
        /// The replay verb's default window, so the recorded script lands the same there.
        static let size = PixelSize(width: 1280, height: 800)

        /// Finds what to tap in the state dump, taps it with finger events through SDL's queue,
        /// and keeps every event as one script on one simulated clock.
        @MainActor struct Finger {
            let app: App
            var milliseconds = 0.0
            private(set) var script: [String] = []
            private var pending: [String] = []

            init(app: App) { self.app = app }

            var dump: StateDump { StateDump(app.workspace) }

            /// The topmost enabled control showing `label`.
            func control(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Vec2 {
                let found = dump.controls.last { $0.label == label && $0.enabled }
                let control = try #require(found, "no control “\(label)” among \(dump.controls.map(\.label))",
                                           sourceLocation: sourceLocation)
                return Vec2(control.rect[0] + control.rect[2] / 2, control.rect[1] + control.rect[3] / 2)
            }

            func node(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Vec2 {
                let node = try #require(app.workspace.document.nodes.first { $0.text == text }, "no node “\(text)”",
                                        sourceLocation: sourceLocation)
                return app.workspace.view.camera.screenPoint(ofMap: node.position)
            }

            private mutating func add(_ json: String, after ms: Double) {
                milliseconds += ms
                pending.append("{\"t\":\(Int(milliseconds.rounded())),\(json)}")
            }

            mutating func finger(_ type: String, _ p: Vec2, id: Int = 1, after ms: Double = 40) {
                let size = app.canvas.window.size
                add("\"type\":\"finger_\(type)\",\"id\":\(id),\"x\":\(p.x / size.x),\"y\":\(p.y / size.y)", after: ms)
            }

            /// Plays what was added and lets everything settle; the clock carries on from there.
            mutating func flush() throws {
                let events = try ReplayEvent.parseScript(pending.joined(separator: "\n"))
                let end = try ReplayRunner.play(events, on: app, startTime: script.isEmpty ? 0 : milliseconds / 1000)
                script += pending
                pending = []
                milliseconds = max(milliseconds, (end * 1000).rounded(.up))
            }

            mutating func tap(at p: Vec2) throws {
                finger("down", p, after: 600)
                finger("up", p, after: 70)
                try flush()
            }

            mutating func tap(_ label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                try tap(at: control(label, sourceLocation: sourceLocation))
            }

            /// Down at `a`, moved to `b` in `steps` moves, lifted there.
            mutating func drag(from a: Vec2, to b: Vec2, steps: Int = 8) throws {
                finger("down", a, after: 600)
                for k in 1...steps { finger("move", a.interpolated(to: b, alpha: Double(k) / Double(steps)), after: 16) }
                finger("up", b, after: 100)
                try flush()
            }

            /// Held past the long press (500 ms) without moving: the context menu opens at the finger.
            mutating func longPress(at p: Vec2) throws {
                finger("down", p, after: 300)
                finger("up", p, after: 800)
                try flush()
            }

            /// Taps and lifts `count` fingers together, a finger's width apart.
            mutating func tapWith(fingers count: Int, at p: Vec2) throws {
                for id in 1...count { finger("down", p + Vec2(Double(id) * 60, 0), id: id, after: id == 1 ? 300 : 15) }
                for id in 1...count { finger("up", p + Vec2(Double(id) * 60, 0), id: id, after: id == 1 ? 80 : 10) }
                try flush()
            }

            /// Types `text` on the on-screen keyboard, one key tap at a time: Shift before a
            /// capital (the key then shows the capital), the symbols page for a digit.
            mutating func typeOnKeyboard(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
                for character in text {
                    let letter = String(character)
                    if character == " " {
                        try tap("space", sourceLocation: sourceLocation)
                    } else if character.isNumber {
                        try tap("?123", sourceLocation: sourceLocation)
                        try tap(letter, sourceLocation: sourceLocation)
                        try tap("ABC", sourceLocation: sourceLocation)
                    } else {
                        if character.isUppercase { try tap("⇧", sourceLocation: sourceLocation) }
                        try tap(letter, sourceLocation: sourceLocation)
                    }
                }
            }
        }

        static func withApp(_ body: (App) throws -> Void) throws {
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                // The replay verb's start: the sample map, nothing saved yet.
                let app = try App(document: .sample(),
                                  options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true))
                try body(app)
            }
        }

        /// Ten nodes, as a person meant them.
        static let expected = [
            "Holiday",
            "  Tent",
            "    Pegs",
            "    Poles",
            "  Food",
            "    Rice",
            "    Tea",
            "    Stove",
            "  Map",
            "    Route",
        ]

        @Test func aFingerAloneWritesAMapKeepsItInANewFolderAndOpensItAgain() throws {
            let home = try ScratchFolder()
            var recorded: [String] = []
            var kept: [String] = []
            try Self.withApp { app in
                // Home, and the working folder a new map's Save as starts in, as the replay
                // below has them: nothing is written outside the scratch folder.
                app.session.keepFiles(in: home.path)
                var f = Finger(app: app)

                // A new, empty map from the app menu.
                try f.tap(Workspace.appMenuTitle)
                try f.tap("New map")
                #expect(f.dump.nodes.map(\.text) == ["New map"])

                // The root's text, by long press → Edit text, on Meshpad's keyboard.
                try f.longPress(at: f.node("New map"))
                try f.tap("Edit text")
                #expect(app.workspace.panels.keyboard != nil, "editing from a touch brings the keyboard up")
                try f.typeOnKeyboard("Holiday")
                try f.tap("Return")
                #expect(app.workspace.document.root.text == "Holiday")

                // Nine more, each by long press → Add child (or Add sibling) and typed; then one
                // too many, undone by a two-finger tap, put back by a three-finger tap and undone again.
                for (name, on, row) in [("Tent", "Holiday", "Add child"), ("Pegs", "Tent", "Add child"),
                                        ("Poles", "Pegs", "Add sibling"), ("Food", "Holiday", "Add child"),
                                        ("Rice", "Food", "Add child"), ("Tea", "Rice", "Add sibling"),
                                        ("Stove", "Tea", "Add sibling"), ("Map", "Holiday", "Add child"),
                                        ("Route", "Map", "Add child"), ("Boat", "Map", "Add sibling")] {
                    try f.longPress(at: f.node(on))
                    try f.tap(row)
                    try f.typeOnKeyboard(name)
                    try f.tap("Return")
                }
                #expect(EditingReplayTests.outline(f.dump) == Self.expected + ["  Boat"])
                let empty = Vec2(950, 620)
                try f.tapWith(fingers: 2, at: empty)
                #expect(EditingReplayTests.outline(f.dump) == Self.expected, "a two-finger tap undid Boat")
                let selected = f.dump.selection
                try f.tapWith(fingers: 3, at: empty)
                #expect(EditingReplayTests.outline(f.dump) == Self.expected + ["  Boat"], "a three-finger tap redid it")
                try f.tapWith(fingers: 2, at: empty)
                #expect(EditingReplayTests.outline(f.dump) == Self.expected)
                #expect(f.dump.selection == selected, "the fingers on the surface cleared or chose nothing of their own")

                // Save as a FreeMind map into a new folder, named on the keyboard.
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Save as…")
                try f.tap("New folder")
                try f.typeOnKeyboard("Trips")
                try f.tap("Create")
                try f.typeOnKeyboard("holiday.mm")
                try f.tap("Save")
                let saved = home.path("Trips/holiday.mm")
                #expect(try MapFile.read(saved).format == .freeMind)

                // A new map, then the kept one opened again with two taps in the browser.
                try f.tap(Workspace.appMenuTitle)
                try f.tap("New map")
                #expect(f.dump.nodes.map(\.text) == ["New map"])
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Open…")
                // It opens in the folder last saved to; up and back down, as a person browsing.
                try f.tap("‹ Parent")
                try f.tap("📁 Trips")
                try f.tap("holiday.mm")
                #expect(EditingReplayTests.outline(f.dump) == Self.expected)
                #expect(app.file.path == saved)
                recorded = f.script
                kept = EditingReplayTests.outline(f.dump)
            }
            #expect(try Self.outline(ofFile: home.path("Trips/holiday.mm")) == Self.expected)

            // The same finger events through the real app: the same map, kept in the same place.
            // Its home holds nothing but what the script makes, as the first run's did, so the
            // browser's rows are where they were.
            let other = try ScratchFolder()
            let replayHome = other.path("home")
            let dump = try Self.replayThroughTheApp(recorded, in: other)
            #expect(EditingReplayTests.outline(dump) == kept)
            #expect(try Self.outline(ofFile: replayHome + "/Trips/holiday.mm") == Self.expected)
        }

        /// Runs `script` through the built `meshpad replay` in an empty home inside `folder` (its
        /// own XDG folders, `environment` added) and gives back the state it ends in.
        static func replayThroughTheApp(_ script: [String], in folder: ScratchFolder, environment extra: [String: String] = [:]) throws
            -> StateDump {
            let meshpad = try #require(ChildProcess.builtMeshpad())
            let path = folder.path("script.jsonl")
            try (script.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            let dumpPath = folder.path("dump.json")
            let home = folder.path("home")
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            var environment = ["HOME": home, "SDL_VIDEODRIVER": "offscreen", "XDG_DATA_HOME": folder.path("data"),
                               "XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state")]
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
            environment.merge(extra) { $1 }
            let child = try ChildProcess(["replay", path, "--dump", dumpPath], environment: environment, executable: meshpad, directory: home)
            #expect(child.waitForExit(seconds: 120) != nil, "the replay finished")
            #expect(child.process.terminationStatus == 0, "\(child.errorOutput)")
            return try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: URL(fileURLWithPath: dumpPath)))
        }

        @Test func aThemeAndKeyboardChosenInTheMenuAreThereAtTheNextStart() throws {
            let folder = try ScratchFolder()
            let path = folder.path("state/meshpad/choices.json")
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                var options = App.Options(windowSize: Self.size, preferSoftware: true, hidden: true)
                options.choicesPath = path
                let app = try App(document: .sample(), options: options)
                var f = Finger(app: app)
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Theme ▸")
                try f.tap("Dark")
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Keyboard ▸")
                try f.tap(KeyboardMode.never.title)
            }
            let kept = Choices.load(from: path)
            #expect(kept == Choices(theme: "dark", keyboard: .never))
            // The next start: the choice beats the config, the command line beats the choice.
            var config = Config()
            config.themeName = "classic"
            let next = try LaunchSettings.resolve(config: config, appearance: Appearance(), mode: LaunchMode(), choices: kept, configPath: "c")
            #expect(next.theme.name == "dark" && next.keyboard == .never)
        }

        /// A saved file's tree as indented lines, read back as Meshpad reads it.
        static func outline(ofFile path: String) throws -> [String] {
            let document = try MapFile.read(path).document
            var lines: [String] = []
            func walk(_ id: NodeID, _ depth: Int) {
                guard let node = document.node(id) else { return }
                lines.append(String(repeating: "  ", count: depth) + node.text)
                for child in document.children(of: id) { walk(child, depth + 1) }
            }
            walk(document.root.id, 0)
            return lines
        }
    }
}
