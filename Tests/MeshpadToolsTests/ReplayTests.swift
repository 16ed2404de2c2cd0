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
    /// End-to-end: scripts pushed through SDL's event queue into the real app, headless.
    @Suite(.serialized) @MainActor
    struct ReplayTests {
        static let size = PixelSize(width: 800, height: 600)

        /// Plays `lines` on the sample map and returns the app, settled.
        func replay(_ lines: [String], document: Document = .sample(), body: (App) throws -> Void) throws {
            let events = try ReplayEvent.parseScript(lines.joined(separator: "\n"))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: document, options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true))
                try ReplayRunner.play(events, on: app)
                try body(app)
            }
        }

        func finger(_ type: String, _ t: Int, _ id: Int, _ x: Double, _ y: Double) -> String {
            "{\"t\":\(t),\"type\":\"finger_\(type)\",\"id\":\(id),\"x\":\(x),\"y\":\(y)}"
        }

        @Test func aFingerDragsTheRootAndTheDumpHasItsNewPlace() throws {
            var lines = [finger("down", 0, 1, 0.5, 0.5)]
            for i in 1...10 { lines.append(finger("move", i * 16, 1, 0.5 + Double(i) * 0.01, 0.5)) }
            lines.append(finger("up", 200, 1, 0.6, 0.5))
            try replay(lines) { app in
                let zoom = app.workspace.view.camera.zoom
                let root = app.workspace.document.root
                // 10 % of 800 px, in map units.
                #expect(abs(root.position.x - 80 / zoom) < 0.01)
                #expect(abs(root.position.y) < 0.01)
                #expect(app.workspace.selection.nodes == [root.id])
                let dump = StateDump(app.workspace)
                #expect(dump.nodes.first { $0.id == "n1" }.map { abs($0.x - 80 / zoom) < 0.01 } == true)
                #expect(dump.selection == ["n1"])
            }
        }

        @Test func aMouseDragOnEmptySurfacePans() throws {
            let lines = [
                // why: below the ☰ button in the top-left corner, on the empty surface.
                "{\"t\":0,\"type\":\"mouse_down\",\"button\":\"left\",\"x\":40,\"y\":100}",
                "{\"t\":20,\"type\":\"mouse_move\",\"x\":90,\"y\":120}",
                "{\"t\":40,\"type\":\"mouse_move\",\"x\":140,\"y\":140}",
                "{\"t\":1000,\"type\":\"mouse_up\",\"button\":\"left\",\"x\":140,\"y\":140}",
            ]
            var startOrigin = Vec2.zero
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true))
                startOrigin = app.workspace.view.camera.origin
                try ReplayRunner.play(try ReplayEvent.parseScript(lines.joined(separator: "\n")), on: app)
                #expect(app.workspace.view.camera.origin.distance(to: startOrigin + Vec2(100, 40)) < 1e-9)
                #expect(app.workspace.document.root.position == .zero)
                #expect(app.workspace.selection.nodes == [app.workspace.document.rootID], "a drag is not a tap: the selection stays")
            }
        }

        @Test func pinchingPastBothClampsStopsAtTheLimitsAndKeepsTheCentreFixed() throws {
            // Fingers 1 and 2 around the window centre, spread apart far beyond 2×, then pinched far below 0.1×.
            var lines = [finger("down", 0, 1, 0.45, 0.5), finger("down", 10, 2, 0.55, 0.5)]
            var t = 20
            for i in 1...30 {
                let half = 0.05 + Double(i) * 0.015
                lines.append(finger("move", t, 1, 0.5 - half, 0.5)); lines.append(finger("move", t + 1, 2, 0.5 + half, 0.5))
                t += 16
            }
            var zoomAtTop = 0.0
            try replay(lines + [finger("up", t, 1, 0.05, 0.5), finger("up", t + 1, 2, 0.95, 0.5)]) { app in
                zoomAtTop = app.workspace.view.camera.zoom
            }
            #expect(zoomAtTop == 2)

            lines = [finger("down", 0, 1, 0.05, 0.5), finger("down", 10, 2, 0.95, 0.5)]
            t = 20
            for i in 1...30 {
                let half = max(0.45 - Double(i) * 0.015, 0.001)
                lines.append(finger("move", t, 1, 0.5 - half, 0.5)); lines.append(finger("move", t + 1, 2, 0.5 + half, 0.5))
                t += 16
            }
            try replay(lines + [finger("up", t, 1, 0.5, 0.5), finger("up", t + 1, 2, 0.5, 0.5)]) { app in
                let camera = app.workspace.view.camera
                #expect(camera.zoom == 0.1)
                // The centroid never moved, so the map point under the window centre is the one that started there.
                let framing = Workspace(document: app.workspace.document, viewportSize: Vec2(800, 600)).view.camera
                let anchor = framing.mapPoint(ofScreen: Vec2(400, 300))
                #expect(camera.screenPoint(ofMap: anchor).distance(to: Vec2(400, 300)) <= 0.5)
            }
        }

        @Test func zoomKeysAndCtrlWheelArriveThroughTheQueue() throws {
            let lines = [
                "{\"t\":0,\"type\":\"key\",\"key\":\"=\"}",
                "{\"t\":500,\"type\":\"key\",\"key\":\"=\"}",
                "{\"t\":1000,\"type\":\"wheel\",\"dx\":0,\"dy\":-1,\"x\":400,\"y\":300,\"mods\":[\"ctrl\"]}",
            ]
            try replay(lines) { app in
                let expected = 1.25 * 1.25 / 1.15
                #expect(abs(app.workspace.view.camera.zoom - expected) < 1e-9)
            }
        }

        @Test func aFlickGlidesAndTheReplaySettlesBeforeDumping() throws {
            // Along y = 0.7: empty surface, above the toolbar at the bottom.
            var lines = [finger("down", 0, 1, 0.9, 0.7)]
            for i in 1...6 { lines.append(finger("move", i * 10, 1, 0.9 - Double(i) * 0.05, 0.7)) }
            lines.append(finger("up", 70, 1, 0.6, 0.7))
            var start = Vec2.zero
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true))
                start = app.workspace.view.camera.origin
                try ReplayRunner.play(try ReplayEvent.parseScript(lines.joined(separator: "\n")), on: app)
                let travelled = start.x - app.workspace.view.camera.origin.x
                #expect(travelled > 240 + 100, "the 240 px the finger moved, and a glide after it")
                #expect(!app.workspace.isAnimating)
            }
        }

        @Test func synthesisedMouseEventsAndMouseTouchesAreDropped() throws {
            let session = try SDLSession(headless: true)
            withExtendedLifetime(session) {
                let translator = EventTranslator(viewportSize: Vec2(800, 600))
                var mouse = SDL_Event()
                mouse.type = SDL_MOUSEBUTTONDOWN.rawValue
                mouse.button.button = UInt8(SDL_BUTTON_LEFT)
                mouse.button.which = UInt32.max
                #expect(translator.translate(mouse) == nil)
                mouse.button.which = 0
                #expect(translator.translate(mouse) != nil)

                var motion = SDL_Event()
                motion.type = SDL_MOUSEMOTION.rawValue
                motion.motion.which = UInt32.max
                #expect(translator.translate(motion) == nil)

                var touch = SDL_Event()
                touch.type = SDL_FINGERDOWN.rawValue
                touch.tfinger.touchId = -2
                touch.tfinger.x = 0.5
                touch.tfinger.y = 0.25
                #expect(translator.translate(touch) == nil)
                touch.tfinger.touchId = 7
                #expect(translator.translate(touch) == .fingerDown(id: 0, position: Vec2(400, 150)))

                var wheel = SDL_Event()
                wheel.type = SDL_MOUSEWHEEL.rawValue
                wheel.wheel.preciseY = 1.5
                wheel.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
                if case .wheel(let delta, _, _)? = translator.translate(wheel) {
                    #expect(delta == Vec2(0, -1.5), "a flipped wheel is turned back the right way")
                } else {
                    Issue.record("wheel not translated")
                }
            }
        }

        @Test func aRecordingReplaysToTheSameState() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-rec-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let recording = directory.appendingPathComponent("session.jsonl").path
            var lines = [finger("down", 0, 1, 0.5, 0.5)]
            for i in 1...8 { lines.append(finger("move", i * 16, 1, 0.5 - Double(i) * 0.01, 0.5 + Double(i) * 0.005)) }
            lines.append(finger("up", 200, 1, 0.42, 0.54))
            lines.append("{\"t\":300,\"type\":\"wheel\",\"dx\":0,\"dy\":1,\"x\":100,\"y\":100,\"mods\":[\"ctrl\"]}")

            var first: StateDump?
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: Self.size, preferSoftware: true, hidden: true,
                                                                          recordPath: recording))
                try ReplayRunner.play(try ReplayEvent.parseScript(lines.joined(separator: "\n")), on: app)
                first = StateDump(app.workspace)
            }
            let recorded = try String(contentsOfFile: recording, encoding: .utf8)
            #expect(recorded.split(separator: "\n").count == lines.count)
            try replay(recorded.split(separator: "\n").map(String.init)) { app in
                #expect(StateDump(app.workspace) == first)
            }
        }

        @Test func theReplayVerbWritesADumpAndAScreenshotAndNamesBadLines() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-verb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let script = directory.appendingPathComponent("s.jsonl")
            try "{\"t\":0,\"type\":\"key\",\"key\":\"=\"}\n".write(to: script, atomically: true, encoding: .utf8)
            let dump = directory.appendingPathComponent("state.json").path
            let shot = directory.appendingPathComponent("shot.png").path
            try ReplayRunner.run(scriptPath: script.path, document: .sample(), size: PixelSize(width: 320, height: 240),
                                 dumpPath: dump, screenshotPath: shot)
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dump))) as? [String: Any]
            let camera = json?["camera"] as? [String: Any]
            #expect((camera?["zoom"] as? Double).map { $0 > 0.1 } == true)
            #expect((json?["nodes"] as? [Any])?.count == 6)
            #expect(FileManager.default.fileExists(atPath: shot))

            try "{\"t\":0,\"type\":\"key\",\"key\":\"=\"}\n{\"t\":5,\"type\":\"key\",\"key\":\"NoSuchKey\"}\n".write(to: script, atomically: true, encoding: .utf8)
            do {
                try ReplayRunner.run(scriptPath: script.path, document: .sample(), size: PixelSize(width: 320, height: 240),
                                     dumpPath: nil, screenshotPath: nil)
                Issue.record("an unknown key name was accepted")
            } catch {
                #expect(error.description.contains("line 2"))
                #expect(error.description.contains("NoSuchKey"))
                #expect(error.description.contains(script.path))
            }
            try "{\"t\":0,\"type\":\"tap\"}\n".write(to: script, atomically: true, encoding: .utf8)
            #expect(throws: PlatformError.replayScript(path: script.path, detail: "line 1: unknown type 'tap' (finger_down, finger_move, finger_up, mouse_down, mouse_move, mouse_up, wheel, key, text, text_editing)")) {
                try ReplayRunner.run(scriptPath: script.path, document: .sample(), size: PixelSize(width: 320, height: 240),
                                     dumpPath: nil, screenshotPath: nil)
            }
        }
    }
}
