import CSDL2
import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
import MeshpadTestRigs

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// Saving, autosave, recovery and the dialogs, through the real app, headless.
    @Suite(.serialized) @MainActor
    struct AppFileTests {
        let size = PixelSize(width: 800, height: 600)

        static func sixNodeMap() -> Document { .sample() }

        func scratch() throws -> URL {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-app-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        func makeApp(_ path: String, in directory: URL) throws -> App {
            let loaded = try MapFile.read(path)
            let options = App.Options(windowSize: size, preferSoftware: true, hidden: true,
                                      recovery: RecoveryStore(directory: directory.appendingPathComponent("recovery").path),
                                      recentFilesPath: directory.appendingPathComponent("recent.json").path)
            return try App(document: loaded.document, file: DocumentFile(path: path, format: loaded.format, savedRevision: 0),
                           warnings: loaded.warnings, options: options)
        }

        /// The sample map saved as `plan.meshpad` in a scratch folder, opened in a headless app.
        func withSampleMapApp(_ body: (App, URL, String) throws -> Void) throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("plan.meshpad").path
            try NativeFormat.encode(.sample()).write(to: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                try body(try makeApp(path, in: directory), directory, path)
            }
        }

        func dragRoot(_ app: App, by offset: Vec2, at time: Double) {
            let start = app.workspace.view.camera.screenPoint(ofMap: app.workspace.document.root.position)
            app.handle(.mouseDown(button: .left, position: start, clicks: 1, modifiers: []), at: time)
            app.handle(.mouseMove(position: start + offset, modifiers: []), at: time + 0.05)
            app.handle(.mouseUp(button: .left, position: start + offset, modifiers: []), at: time + 0.1)
        }

        @Test func ctrlSKeepsAFreeMindMapAFreeMindMapWithABackup() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("plan.mm").path
            try FreeMindFormat.encode(Self.sixNodeMap()).write(to: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try makeApp(path, in: directory)
                #expect(!app.file.isDirty(app.workspace.document), "an opened map is clean, even after its layout")
                dragRoot(app, by: Vec2(40, 0), at: 1)
                #expect(app.file.isDirty(app.workspace.document))
                app.handle(.key(.s, modifiers: .ctrl), at: 2)
                #expect(!app.file.isDirty(app.workspace.document))
                let saved = try MapFile.read(path)
                #expect(saved.format == .freeMind)
                #expect(saved.document.nodeCount == 6)
                #expect(FileManager.default.fileExists(atPath: path + "~"))
                #expect(app.workspace.panels.banner?.isError == false)
            }
        }

        @Test func aFailedSaveSaysSoKeepsTheMapUnsavedAndTheOldFileIntact() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let folder = directory.appendingPathComponent("maps")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let path = folder.appendingPathComponent("plan.meshpad").path
            try NativeFormat.encode(.sample()).write(to: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try makeApp(path, in: directory)
                dragRoot(app, by: Vec2(40, 0), at: 1)
                // The folder vanishes (an unplugged stick, a network share gone).
                try FileManager.default.removeItem(at: folder)
                app.handle(.key(.s, modifiers: .ctrl), at: 2)
                #expect(app.file.isDirty(app.workspace.document))
                #expect(app.workspace.panels.banner?.isError == true)
                #expect(app.workspace.panels.banner?.message.contains("Not saved") == true)
                #expect(app.workspace.panels.banner?.message.contains("plan.meshpad") == true)
            }
        }

        @Test func autosaveWritesWithinASecondAndTheNextStartRestoresIt() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("plan.meshpad").path
            try NativeFormat.encode(.sample()).write(to: URL(fileURLWithPath: path))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: path)
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                var moved = Vec2.zero
                do {
                    let app = try makeApp(path, in: directory)
                    dragRoot(app, by: Vec2(60, 30), at: 1)
                    moved = app.workspace.document.root.position
                    for step in 0...100 { app.turn(at: 1.2 + Double(step) * 0.01, elapsedSeconds: 0, eventsAt: 1.2 + Double(step) * 0.01) }   // one simulated second
                    app.autosaveWriter.waitUntilIdle()
                    // The app "crashes" here: nothing saved, no quit.
                }
                #expect(moved != .zero)
                #expect(try String(contentsOfFile: path, encoding: .utf8) == String(decoding: try NativeFormat.encode(.sample()), as: UTF8.self),
                        "autosave never writes over the map itself")
                let app = try makeApp(path, in: directory)
                #expect(app.workspace.document.root.position == moved)
                #expect(app.file.isDirty(app.workspace.document))
                #expect(app.workspace.panels.banner?.actions.contains(.discardRecovery) == true)
                // Discard: back to the file, and the recovery is gone.
                let discard = try #require(app.workspace.overlayLayout.parts.first { $0.role == .bannerButton(.discardRecovery) })
                app.handle(.fingerDown(id: 1, position: discard.rect.center), at: 5)
                app.handle(.fingerUp(id: 1, position: discard.rect.center), at: 5.05)
                #expect(app.workspace.document.root.position == .zero)
                #expect(!app.file.isDirty(app.workspace.document))
                #expect(RecoveryStore(directory: directory.appendingPathComponent("recovery").path).pending(for: path) == nil)
            }
        }

        /// A map whose name's bytes are not text (copied from an old system) is listed in the
        /// Open dialog with a mark where the bad byte is, and a tap on it says why it cannot be
        /// opened rather than opening something else.
        @Test func aNameThatIsNotTextIsListedWithAMarkAndRefusedSayingWhy() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let raw = Array(directory.path.utf8) + [UInt8(ascii: "/"), 0x62, 0xFF, 0x2E, 0x6D, 0x6D]
            let descriptor = open(raw.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY | O_EXCL, 0o644)
            #expect(descriptor >= 0)
            close(descriptor)
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: size, preferSoftware: true, hidden: true))
                app.session.keepFiles(in: directory.path)
                app.handle(.key(.o, modifiers: .ctrl), at: 1)
                let row = try #require(app.workspace.overlayLayout.parts.first { $0.role.isTappable && $0.label == "b�.mm" },
                                       "listed with a mark: \(app.workspace.overlayLayout.parts.map(\.label))")
                app.handle(.mouseDown(button: .left, position: row.rect.center, clicks: 1, modifiers: []), at: 2)
                app.handle(.mouseUp(button: .left, position: row.rect.center, modifiers: []), at: 2.05)
                #expect(app.workspace.panels.dialog?.message?.contains("not valid text (UTF-8)") == true,
                        "says why: \(app.workspace.panels.dialog?.message ?? "nothing")")
            }
        }

        @Test func quittingWithUnsavedChangesAsksFirst() throws {
            try withSampleMapApp { (app: App, directory: URL, path: String) throws in
                dragRoot(app, by: Vec2(10, 10), at: 1)
                app.handle(.quitRequested, at: 2)
                #expect(app.isRunning, "not gone yet")
                guard case .unsavedChanges(then: .quit)? = app.workspace.panels.dialog?.kind else {
                    Issue.record("no unsaved-changes dialog: \(String(describing: app.workspace.panels.dialog))")
                    return
                }
                app.handle(.key(.escape, modifiers: []), at: 3)
                #expect(app.isRunning && app.workspace.panels.dialog == nil, "Cancel keeps the app and the changes")
                app.handle(.quitRequested, at: 4)
                app.handle(.key(.return, modifiers: []), at: 5)
                #expect(!app.isRunning, "Save, then quit")
                #expect(try MapFile.read(path).document.root.position == Vec2(10, 10))
            }
        }

        @Test func saveAsByTypingAPathWritesThatFormatAndRemembersIt() throws {
            try withSampleMapApp { (app: App, directory: URL, path: String) throws in
                app.handle(.key(.s, modifiers: [.ctrl, .shift]), at: 1)
                #expect(app.workspace.panels.dialog?.kind == .saveAs)
                #expect(app.workspace.wantsTextInput)
                app.handle(.key(.backspace, modifiers: .ctrl), at: 1.1)
                let target = directory.appendingPathComponent("outline.opml").path
                app.handle(.text(target), at: 1.2)
                app.handle(.key(.return, modifiers: []), at: 1.3)
                #expect(app.workspace.panels.dialog == nil)
                #expect(app.file.path == target)
                #expect(try MapFile.read(target).format == .opml)
                #expect(RecentFiles.load(from: directory.appendingPathComponent("recent.json").path).paths.first == target)
            }
        }

        /// A map saved as into another folder still shows its picture when opened from there, and
        /// a picture inside the map's folder is written relative to it.
        @Test func saveAsIntoAnotherFolderKeepsThePicturesFindable() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let trip = directory.appendingPathComponent("trip"), backup = directory.appendingPathComponent("backup")
            for folder in [trip, backup] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            var png = PixelBuffer(width: 40, height: 30)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 40 * 30)
            try PNGWriter.write(png, to: trip.appendingPathComponent("photo.png").path)
            try PNGWriter.write(png, to: trip.appendingPathComponent("picked.png").path)
            var document = Document(rootText: "Trip")
            let photo = document.addChild(of: document.rootID, text: "photo", at: Vec2(200, 0)) ?? document.rootID
            let picked = document.addChild(of: document.rootID, text: "picked", at: Vec2(-200, 0)) ?? document.rootID
            document.modify(photo) { $0.image = "photo.png" }
            // As the file browser gives a picture: an absolute path, here inside the map's folder.
            document.modify(picked) { $0.image = trip.appendingPathComponent("picked.png").path }
            let path = trip.appendingPathComponent("trip.meshpad").path
            try NativeFormat.encode(document).write(to: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try makeApp(path, in: directory)
                app.handle(.key(.s, modifiers: [.ctrl]), at: 1)
                #expect(try MapFile.read(path).document.node(picked)?.image == "picked.png", "relative to the map where it can be")
                app.handle(.key(.s, modifiers: [.ctrl, .shift]), at: 2)
                app.handle(.key(.backspace, modifiers: .ctrl), at: 2.1)
                let target = backup.appendingPathComponent("trip.meshpad").path
                app.handle(.text(target), at: 2.2)
                app.handle(.key(.return, modifiers: []), at: 2.3)
                #expect(app.file.path == target)
                let copy = try MapFile.read(target).document
                #expect(copy.node(photo)?.image == trip.appendingPathComponent("photo.png").path)
                #expect(app.workspace.document.node(photo)?.image == "photo.png", "the open map is not changed by saving")
                let reopened = try makeApp(target, in: directory)
                #expect(reopened.workspace.document.node(photo)?.imageFound == true)
                #expect(reopened.workspace.document.node(picked)?.imageFound == true)
            }
        }

        /// Ctrl+S puts a copy of a small picture in the `.meshpad`; the map mailed alone still
        /// shows it, saving it again keeps it, and saving it as `.mm` puts the picture beside the
        /// `.mm` for Freeplane and says so.
        @Test func aSavedMapMailedWithoutItsPictureStillShowsIt() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let trip = directory.appendingPathComponent("trip"), inbox = directory.appendingPathComponent("inbox")
            for folder in [trip, inbox] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
            let picture = trip.appendingPathComponent("photo.png").path
            try writeMagentaPNG(picture, width: 40, height: 30)
            var document = Document(rootText: "Trip")
            let photo = document.addChild(of: document.rootID, text: "photo", at: Vec2(200, 0)) ?? document.rootID
            document.modify(photo) { $0.image = "photo.png" }
            let path = trip.appendingPathComponent("trip.meshpad").path
            try NativeFormat.encode(document).write(to: URL(fileURLWithPath: path))
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try makeApp(path, in: directory)
                app.handle(.key(.s, modifiers: [.ctrl]), at: 1)
                #expect(try MapFile.read(path).document.embeddedPictures["photo.png"] != nil, "Ctrl+S embeds the small picture")
                try FileManager.default.removeItem(atPath: picture)
                dragRoot(app, by: Vec2(40, 0), at: 2)
                app.handle(.key(.s, modifiers: [.ctrl]), at: 3)
                #expect(try MapFile.read(path).document.embeddedPictures["photo.png"] != nil, "kept once the file is gone")

                let mailed = inbox.appendingPathComponent("trip.meshpad").path
                try FileManager.default.copyItem(atPath: path, toPath: mailed)
                let received = try makeApp(mailed, in: directory)
                let shown = try #require(received.workspace.document.node(photo))
                #expect(shown.imageFound && shown.imageSize == Vec2(40, 30), "drawn from the copy, not the missing-picture box")

                received.handle(.key(.s, modifiers: [.ctrl, .shift]), at: 4)
                received.handle(.key(.backspace, modifiers: .ctrl), at: 4.1)
                received.handle(.text(inbox.appendingPathComponent("trip.mm").path), at: 4.2)
                received.handle(.key(.return, modifiers: []), at: 4.3)
                #expect(FileManager.default.fileExists(atPath: inbox.appendingPathComponent("photo.png").path), "beside the .mm")
                #expect(received.workspace.panels.banner?.message.contains("wrote a picture kept only inside the map beside it") == true,
                        "\(received.workspace.panels.banner?.message ?? "no banner")")
            }
        }

        /// Taps the part with these words, as a finger does.
        func tap(_ label: String, in app: App, at time: Double) throws {
            let layout = app.workspace.overlayLayout
            let part = try #require(layout.parts.last { $0.role.isTappable && $0.label == label },
                                    "nothing on screen says “\(label)”: \(layout.parts.filter(\.role.isTappable).map(\.label))")
            app.handle(.fingerDown(id: 1, position: part.rect.center), at: time)
            app.handle(.fingerUp(id: 1, position: part.rect.center), at: time + 0.05)
        }

        @Test func aNewMapSavedAsFreeMindIntoANewFolderByFingerOpensAgain() throws {
            try withSampleMapApp { (app: App, directory: URL, path: String) throws in
                app.workspace.places = FilePlaces(home: directory.path, folders: LocalFolders())
                try tap(Workspace.appMenuTitle, in: app, at: 1)
                try tap("New map", in: app, at: 2)
                let root = app.workspace.view.camera.screenPoint(ofMap: app.workspace.document.root.position)
                app.handle(.fingerDown(id: 1, position: root), at: 3)
                app.handle(.fingerUp(id: 1, position: root), at: 3.05)
                // What the on-screen keyboard sends.
                app.handle(.text("Holiday"), at: 3.5)
                app.handle(.key(.return, modifiers: []), at: 3.6)
                app.handle(.key(.tab, modifiers: []), at: 3.7)
                app.handle(.text("Beach"), at: 3.8)
                app.handle(.key(.return, modifiers: []), at: 3.9)
                #expect(app.workspace.document.nodeCount == 2)

                try tap(Workspace.appMenuTitle, in: app, at: 4)
                try tap("Save as…", in: app, at: 5)
                try tap("Home", in: app, at: 6)
                try tap("New folder", in: app, at: 7)
                app.handle(.text("Trips"), at: 7.5)
                try tap("Create", in: app, at: 8)
                app.handle(.text("holiday.mm"), at: 8.5)
                try tap("Save", in: app, at: 9)
                let saved = directory.appendingPathComponent("Trips/holiday.mm").path
                #expect(app.workspace.panels.dialog == nil)
                #expect(app.file.path == saved && !app.file.isDirty(app.workspace.document))
                #expect(try MapFile.read(saved).format == .freeMind)

                try tap(Workspace.appMenuTitle, in: app, at: 10)
                try tap("Open…", in: app, at: 11)
                try tap("holiday.mm", in: app, at: 12)
                #expect(app.workspace.panels.dialog == nil)
                #expect(app.workspace.document.root.text == "Holiday")
                #expect(app.workspace.document.nodes.map(\.text).sorted() == ["Beach", "Holiday"])
            }
        }

        @Test func aMapThatWillNotOpenChangesNothingAndSaysWhy() throws {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("plan.meshpad").path
            try NativeFormat.encode(.sample()).write(to: URL(fileURLWithPath: path))
            let broken = directory.appendingPathComponent("broken.mm").path
            try "<map version=\"1.0.1\"><node TEXT=\"a\">".write(toFile: broken, atomically: true, encoding: .utf8)
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try makeApp(path, in: directory)
                let before = app.workspace.document.nodes
                app.handle(.key(.o, modifiers: .ctrl), at: 1)
                app.handle(.key(.backspace, modifiers: .ctrl), at: 1.1)
                app.handle(.text(broken), at: 1.2)
                app.handle(.key(.return, modifiers: []), at: 1.3)
                #expect(app.workspace.document.nodes == before)
                #expect(app.file.path == path)
                #expect(app.workspace.panels.dialog?.message?.contains("broken.mm") == true)
                #expect(app.workspace.panels.dialog?.message?.contains("ends too early") == true)
            }
        }

        @Test func theDialogIsDrawnOverTheMap() throws {
            try withSampleMapApp { (app: App, directory: URL, path: String) throws in
                app.handle(.key(.s, modifiers: [.ctrl, .shift]), at: 1)
                app.paintSettled()
                let pixels = try app.canvas.renderer.readPixels()
                let layout = app.workspace.overlayLayout
                let button = try #require(layout.parts.first { $0.role == .button(.confirm) })
                let panel = try #require(layout.parts.first { $0.role == .panel })
                let theme = Theme.classic
                func close(_ a: RGBA?, _ b: RGBA) -> Bool {
                    guard let a else { return false }
                    return abs(Int(a.r) - Int(b.r)) < 8 && abs(Int(a.g) - Int(b.g)) < 8 && abs(Int(a.b) - Int(b.b)) < 8
                }
                // Inside the rounded corners.
                #expect(close(pixels.color(atX: Int(button.rect.minX) + 10, y: Int(button.rect.minY) + 10), theme.uiPrimary))
                #expect(close(pixels.color(atX: Int(panel.rect.minX) + 10, y: Int(panel.rect.maxY) - 10), theme.uiPanel))
                #expect(button.rect.height >= 44, "big enough for a finger")
            }
        }
    }

    /// A real process killed with SIGKILL mid-edit loses at most about a second of work.
    @Suite(.serialized)
    struct CrashRecoveryTests {
        func line(_ t: Int, _ type: String, _ x: Int) -> String {
            type == "mouse_move" ? "{\"t\":\(t),\"type\":\"mouse_move\",\"x\":\(x),\"y\":300}"
                : "{\"t\":\(t),\"type\":\"\(type)\",\"button\":\"left\",\"x\":\(x),\"y\":300}"
        }

        @Test func killMinus9LosesAtMostTheLastSecond() throws {
            guard ChildProcess.builtMeshpad() != nil else { return }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-kill-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // A one-node map: its root opens at the window centre, (400, 300).
            let map = directory.appendingPathComponent("map.meshpad")
            try NativeFormat.encode(Document(rootText: "kill test")).write(to: map)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: map.path)
            let original = try Data(contentsOf: map)
            // Drag the root right by 5 px every 50 ms for 6 s; never released.
            var script = [line(0, "mouse_down", 400)]
            for i in 1...120 { script.append(line(i * 50, "mouse_move", 400 + i * 5)) }
            let scriptURL = directory.appendingPathComponent("drag.jsonl")
            try script.joined(separator: "\n").write(to: scriptURL, atomically: true, encoding: .utf8)

            var environment = ProcessInfo.processInfo.environment
            environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
            let child = try ChildProcess(["replay", scriptURL.path, "--map", map.path, "--size", "800x600", "--realtime", "--autosave"],
                                         environment: environment)
            // Wait for the script's clock to start, then let it edit for 2.5 s.
            let start = try #require(child.waitForOutput("replay started", seconds: 20),
                                     "the child never started its replay: \(child.errorOutput)")
            Thread.sleep(forTimeInterval: 2.5)
            let killedAfter = Date().timeIntervalSince(start)
            kill(child.process.processIdentifier, SIGKILL)
            child.process.waitUntilExit()
            #expect(child.process.terminationReason == .uncaughtSignal)
            #expect(try Data(contentsOf: map) == original, "the map file itself is never touched by autosave")

            // What the next start restores.
            let dump = directory.appendingPathComponent("state.json")
            let empty = directory.appendingPathComponent("empty.jsonl")
            try "".write(to: empty, atomically: true, encoding: .utf8)
            let again = try ChildProcess(["replay", empty.path, "--map", map.path, "--size", "800x600", "--autosave", "--dump", dump.path],
                                         environment: environment)
            again.process.waitUntilExit()
            #expect(again.process.terminationStatus == 0)
            let state = try JSONDecoder().decode(StateDump.self, from: Data(contentsOf: dump))
            let restoredX = try #require(state.nodes.first?.x)
            // Every move older than one second before the kill must be in the restored map.
            let mustHave = Double(Int((killedAfter - 1.0) * 1000) / 50) * 5
            let couldHave = Double(Int(killedAfter * 1000) / 50 + 1) * 5
            #expect(restoredX >= mustHave, "restored x \(restoredX), killed after \(killedAfter) s")
            #expect(restoredX <= couldHave)
        }
    }
}
