import CSDL2
import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
import MeshpadTestRigs

extension PlatformTests {
    /// Kiosk and read-only modes, and faults (renderer loss, extreme window sizes, a missing
    /// font), through the real app, headless.
    @Suite(.serialized) @MainActor
    struct LockdownAndFaultTests {
        func scratch() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-lockdown-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        func kioskApp(autosave directory: URL, attract: [ReplayEvent] = []) throws -> App {
            var settings = KioskSettings()
            settings.pin = "2468"
            let store = RecoveryStore(directory: directory.path)
            var options = App.Options(windowSize: PixelSize(width: 800, height: 600), preferSoftware: true, hidden: true, recovery: store)
            options.kiosk = KioskMode(lock: KioskLock(settings: settings, pin: "2468"), idleResetSeconds: 30, attract: attract, autosave: store)
            return try App(document: .sample(), options: options)
        }

        func savedSessions(in directory: URL) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("kiosk-session-") }
        }

        @Test func aVisitorsMapIsKeptThenTheKioskStartsOverAndPlaysItsDemo() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let demo = [ReplayEvent(milliseconds: 0, kind: .key(.f9))]
                let app = try kioskApp(autosave: directory, attract: demo)
                let start = app.workspace.document
                var t = 1000.0
                app.handle(.key(.tab, modifiers: []), at: t)
                app.handle(.text("visitor idea"), at: t + 0.1)
                app.handle(.key(.return, modifiers: []), at: t + 0.2)
                t += 1
                app.turn(at: t, elapsedSeconds: 0, eventsAt: t)
                app.turn(at: t + 1, elapsedSeconds: 0, eventsAt: t + 1)
                app.autosaveWriter.waitUntilIdle()
                let written = try savedSessions(in: directory)
                #expect(written.count == 1, "the visitor's map is autosaved in the kiosk's folder")
                let first = try #require(written.first)
                let saved = try NativeFormat.decode(Data(contentsOf: directory.appendingPathComponent(first)))
                #expect(saved.nodes.contains { $0.text == "visitor idea" })

                // Idle past the timeout: the map is back to its start, and the demo plays.
                app.turn(at: t + 31, elapsedSeconds: 0, eventsAt: t + 31)
                #expect(app.workspace.document.hasSameContent(as: start))
                #expect(!app.workspace.history.canUndo)
                app.turn(at: t + 31.01, elapsedSeconds: 0, eventsAt: t + 31.01)
                #expect(app.workspace.panels.outline != nil, "the demo's F9 opened the outline")
                // A real touch stops the demo and puts back the start, demo changes and all.
                app.handle(.fingerDown(id: 1, position: Vec2(400, 580)), at: t + 32)
                #expect(app.workspace.panels.outline == nil)
                #expect(app.workspace.document.hasSameContent(as: start))
                #expect(try savedSessions(in: directory).count == 1, "the demo's changes are nobody's work")
            }
        }

        @Test func onlyThePinLetsAKioskQuit() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try kioskApp(autosave: directory)
                app.handle(.quitRequested, at: 1)
                app.handle(.key(.q, modifiers: .ctrl), at: 1.1)
                #expect(app.isRunning)
                app.handle(.key(.k, modifiers: [.ctrl, .alt, .shift]), at: 2)
                app.handle(.text("2468"), at: 2.5)
                app.handle(.key(.return, modifiers: []), at: 3)
                #expect(!app.isRunning)
            }
        }

        @Test func aKioskStoppedBySIGTERMKeepsTheVisitorsMapUnwrittenSoFar() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try kioskApp(autosave: directory)
                app.handle(.key(.tab, modifiers: []), at: 1)
                app.handle(.text("visitor idea"), at: 1.1)
                #expect(try savedSessions(in: directory).isEmpty, "not autosaved yet")
                app.quitOnSignal(SIGTERM)
                #expect(!app.isRunning)
                let written = try savedSessions(in: directory)
                let first = try #require(written.first, "the visitor's map is in the kiosk's folder")
                let saved = try NativeFormat.decode(Data(contentsOf: directory.appendingPathComponent(first)))
                #expect(saved.nodes.contains { $0.text == "visitor idea" })
            }
        }

        @Test func aReadOnlyMapIsNeverWritten() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("plan.meshpad").path
            try NativeFormat.encode(.sample()).write(to: URL(fileURLWithPath: path))
            let original = try Data(contentsOf: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                var options = App.Options(windowSize: PixelSize(width: 800, height: 600), preferSoftware: true, hidden: true)
                options.readOnly = true
                let loaded = try MapFile.read(path)
                let app = try App(document: loaded.document, file: DocumentFile(path: path, format: .native, savedRevision: 0), options: options)
                app.handle(.key(.space, modifiers: []), at: 1)
                #expect(app.workspace.document.root.folded, "folding works")
                app.handle(.key(.s, modifiers: .ctrl), at: 2)
                app.handle(.key(.s, modifiers: [.ctrl, .shift]), at: 3)
                #expect(app.workspace.panels.dialog == nil)
                app.turn(at: 10, elapsedSeconds: 0, eventsAt: 10)
                app.handle(.quitRequested, at: 11)
                #expect(app.workspace.panels.dialog == nil, "nothing to save, so no question on quitting")
                #expect(!app.isRunning)
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
                #expect(SDL_GetWindowTitle(app.canvas.window.handle).map { String(cString: $0) }?.contains("read-only") == true)
            }
        }

        @Test func lostRenderTargetsAreRebuiltOnTheNextFrame() throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: PixelSize(width: 800, height: 600), preferSoftware: true, hidden: true))
                app.paintSettled()
                let before = try app.canvas.renderer.readPixels()
                let rasterised = app.canvas.painter.textCache.rasterisations
                #expect(app.canvas.painter.textCache.count > 0)
                for type in [SDL_RENDER_TARGETS_RESET, SDL_RENDER_DEVICE_RESET] {
                    app.workspace.needsRedraw = false
                    var event = SDL_Event()
                    event.type = type.rawValue
                    SDL_PushEvent(&event)
                    app.drainEvents(at: 5)
                    #expect(app.canvas.painter.textCache.count == 0, "the dead textures are dropped")
                    #expect(app.workspace.needsRedraw)
                }
                app.paintSettled()
                #expect(app.canvas.painter.textCache.rasterisations > rasterised, "labels are rasterised again")
                #expect(try app.canvas.renderer.readPixels() == before, "and the frame looks as it did")
            }
        }

        @Test(arguments: [(1, 1), (7680, 4320), (1, 4000), (3, 2)])
        func extremeWindowSizesDrawWithoutTrouble(width: Int32, height: Int32) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: PixelSize(width: 800, height: 600), preferSoftware: true, hidden: true))
                SDL_SetWindowSize(app.canvas.window.handle, width, height)
                app.handle(.windowResized, at: 1)
                #expect(app.canvas.viewportSize == Vec2(Double(width), Double(height)))
                app.handle(.key(.equals, modifiers: []), at: 1.1)
                app.handle(.fingerDown(id: 1, position: Vec2(0, 0)), at: 1.2)
                app.handle(.fingerUp(id: 1, position: Vec2(0, 0)), at: 1.3)
                for step in 0..<60 { app.turn(at: 1.3 + Double(step) / 60, elapsedSeconds: app.stepSeconds, eventsAt: 1.3 + Double(step) / 60) }
                app.paintSettled()
                let problems = app.workspace.invariantViolations()
                #expect(problems.isEmpty, "\(problems)")
                #expect(app.workspace.measures.viewportSize == app.canvas.viewportSize)
                // Back to a normal size, the whole map can be seen again.
                SDL_SetWindowSize(app.canvas.window.handle, 800, 600)
                app.handle(.windowResized, at: 3)
                app.handle(.key(.digit1, modifiers: .shift), at: 3.1)
                for step in 0..<240 { app.turn(at: 3.1 + Double(step) / 60, elapsedSeconds: app.stepSeconds, eventsAt: 3.1 + Double(step) / 60) }
                let visible = app.workspace.view.camera.visibleMapRect(viewportSize: app.workspace.measures.viewportSize)
                #expect(app.workspace.document.nodes.allSatisfy { visible.contains($0.position) })
            }
        }

        @Test func aMissingFontIsAClearErrorAndNothingIsWritten() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            guard let binary = ChildProcess.builtMeshpad() else { return }
            let output = directory.appendingPathComponent("out.png")
            let child = Process()
            child.executableURL = URL(fileURLWithPath: binary)
            child.arguments = ["render", "--sample", output.path]
            var environment = ProcessInfo.processInfo.environment
            environment["MESHPAD_FONT"] = directory.appendingPathComponent("gone.ttf").path
            environment["SDL_VIDEODRIVER"] = "offscreen"
            child.environment = environment
            let errors = Pipe()
            child.standardError = errors
            try child.run()
            child.waitUntilExit()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(child.terminationStatus == 1)
            #expect(message.contains("cannot open the font") && message.contains("gone.ttf") && message.contains("MESHPAD_FONT"), "\(message)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }
}
