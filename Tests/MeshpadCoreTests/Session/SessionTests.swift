import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// The session above the workspace, without a window: what the app is asked to do (effects)
/// when a person edits, waits, quits, opens a shared map, or walks away from a kiosk, and what
/// it makes of what the app reports back.
@Suite struct SessionTests {
    static var sizing: NodeSizing { NodeSizing(measurer: FixedAdvanceMeasurer()) }

    static func session(_ settings: Session.Settings = Session.Settings(), file: DocumentFile? = nil) -> Session {
        var document = Document.sample()
        document.measureAll(with: sizing)
        let workspace = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: sizing)
        return Session(workspace: workspace, file: file, settings: settings)
    }

    /// Types `text` into the root as a new child and ends the edit: one change to the map.
    static func addChild(_ text: String, to session: inout Session, at time: Double) -> [Session.Effect] {
        var effects = session.perform(.selectRoot)
        effects += session.perform(.addChild)
        effects += session.handle(.text(text), at: time)
        return effects + session.handle(.key(.return, modifiers: []), at: time + 0.01)
    }

    static let store = RecoveryStore(directory: "/nowhere/recovery")

    // MARK: - The window

    /// A tiling compositor or phone shell sizes the window at its first configure, and a tablet
    /// turns: what was at the window's centre stays there, with a glide under way.
    @Test func aResizedWindowKeepsTheMapAtItsCentre() {
        var session = Self.session()
        _ = session.start(at: 0)
        let before = session.workspace.view.camera.mapPoint(ofScreen: Vec2(500, 350))
        _ = session.perform(.fit)
        let heading = session.workspace.view.targetCamera.mapPoint(ofScreen: Vec2(500, 350))
        _ = session.report(.viewport(Vec2(640, 400), targetPixels: 44), at: 0.01)
        #expect((session.workspace.view.camera.mapPoint(ofScreen: Vec2(320, 200)) - before).length < 1e-9)
        #expect((session.workspace.view.targetCamera.mapPoint(ofScreen: Vec2(320, 200)) - heading).length < 1e-9)
        #expect(session.workspace.measures.viewportSize == Vec2(640, 400))
    }

    // MARK: - Autosave

    @Test func unsavedWorkIsAutosavedHalfASecondAfterTheFirstChangeAndOnlyOnce() throws {
        var settings = Session.Settings()
        settings.recovery = Self.store
        var session = Self.session(settings)
        _ = session.start(at: 0)
        _ = session.report(.noRecovery, at: 0)
        _ = Self.addChild("pack a torch", to: &session, at: 1)
        #expect(session.tick(at: 1.1).isEmpty, "the first tick after a change only notes it")
        #expect(session.tick(at: 1.4).isEmpty, "not yet due")
        let due = session.tick(at: 1.65)
        guard case .autosave(let document, _, let key)? = due.first else {
            Issue.record("expected an autosave, got \(due)")
            return
        }
        #expect(key == nil, "a map with no file is autosaved as the untitled one")
        #expect(document.nodes.contains { $0.text == "pack a torch" })
        _ = session.report(.autosaveStarted(revision: document.revision), at: 1.66)
        #expect(session.tick(at: 3).isEmpty, "written: nothing more to do")
        #expect(session.nextDeadline == nil)
    }

    @Test func aFailedAutosaveIsShownAndLogged() {
        var session = Self.session()
        let effects = session.report(.autosaveFailed("the disk is full"), at: 1)
        #expect(session.workspace.panels.banner?.message == "Autosave failed: the disk is full")
        #expect(session.workspace.panels.banner?.isError == true)
        #expect(effects.contains { if case .log(let line) = $0 { return line.contains("the disk is full") }; return false })
    }

    // MARK: - Ending

    @Test func aSignalKeepsUnsavedChangesInTheRecoveryFileBeforeQuitting() {
        var settings = Session.Settings()
        settings.recovery = Self.store
        var session = Self.session(settings, file: DocumentFile(path: "/maps/trip.mm", format: .freeMind, savedRevision: 0))
        _ = Self.addChild("buy tickets", to: &session, at: 1)
        let effects = session.endOnSignal("SIGTERM", autosaveFailed: false)
        #expect(!session.isRunning)
        let kept = effects.compactMap { effect -> (Document, String?)? in
            if case .keepNow(let document, _, let key) = effect { return (document, key) }
            return nil
        }
        #expect(kept.count == 1 && kept.first?.1 == "/maps/trip.mm")
        #expect(kept.first?.0.nodes.contains { $0.text == "buy tickets" } == true)
        #expect(effects.contains { if case .log(let line) = $0 { return line.hasPrefix("SIGTERM: unsaved changes kept in") }; return false })
        guard case .quit? = effects.last else {
            Issue.record("the last effect ends the app: \(effects)")
            return
        }
    }

    @Test func aSignalOnACleanMapKeepsNothingAndForgetsTheRecoveryFile() {
        var settings = Session.Settings()
        settings.recovery = Self.store
        var session = Self.session(settings, file: DocumentFile(path: "/maps/trip.mm", format: .freeMind, savedRevision: 0))
        let effects = session.endOnSignal("SIGINT", autosaveFailed: false)
        #expect(!effects.contains { if case .keepNow = $0 { return true }; return false })
        #expect(effects.contains { if case .discardRecovery(_, let key) = $0 { return key == "/maps/trip.mm" }; return false })
    }

    @Test func quittingAMapWithUnsavedChangesAsksAndEndsOnlyWhenTold() throws {
        var session = Self.session()
        _ = Self.addChild("idea", to: &session, at: 1)
        _ = session.handle(.quitRequested, at: 2)
        #expect(session.isRunning)
        let dialog = try #require(session.workspace.panels.dialog)
        #expect(dialog.title.hasPrefix("Save changes to"))
        let button = try #require(session.workspace.overlayLayout.rect(of: .button(.discard)))
        _ = session.handle(.mouseDown(button: .left, position: button.center, clicks: 1, modifiers: []), at: 3)
        let effects = session.handle(.mouseUp(button: .left, position: button.center, modifiers: []), at: 3.05)
        #expect(!session.isRunning)
        #expect(effects.contains { if case .quit = $0 { return true }; return false })
    }

    // MARK: - Opening

    @Test func aMapThatCannotBeReadLeavesTheMapAndAsksAgainSayingWhy() throws {
        var session = Self.session()
        let before = session.workspace.document
        _ = session.report(.readFailed(path: "/maps/broken.mm", reason: "line 3: not XML"), at: 1)
        #expect(session.workspace.document.hasSameContent(as: before))
        #expect(session.workspace.panels.dialog?.kind == .open)
        #expect(session.workspace.panels.dialog?.message == "line 3: not XML")
    }

    @Test func aMapOpenedTakesThePlaceOfTheOneShownWithItsFolderForPictures() throws {
        var session = Self.session()
        var opened = Document(rootText: "Trip")
        opened.measureAll(with: Self.sizing)
        let effects = session.report(.opened(MapFile.Loaded(document: opened, format: .freeMind, warnings: []), path: "/maps/trip.mm"),
                                     at: 1)
        #expect(session.workspace.document.root.text == "Trip")
        #expect(session.title == "trip.mm — Meshpad")
        #expect(session.pictureFolder == "/maps")
        #expect(effects.contains { if case .pictures(let folder, _) = $0 { return folder == "/maps" }; return false })
    }

    // MARK: - Shared maps

    static func sharedSettings() -> Session.Settings {
        var settings = Session.Settings()
        settings.sharedDatabase = DatabaseAddress("postgresql://ana@db.example/maps")
        return settings
    }

    @Test func openSharedAsksTheAppThenShowsTheMapAndConnectsIt() throws {
        var session = Self.session(Self.sharedSettings())
        let asked = session.carryOut([.openShared("class 4b")])
        guard case .openShared(let name, _)? = asked.first else {
            Issue.record("the app is asked to open it: \(asked)")
            return
        }
        #expect(name == "class 4b")
        #expect(session.carryOut([.openShared("class 4b")]).isEmpty, "a second tap waits for the first")
        var map = Document(rootText: "class 4b plan")
        map.measureAll(with: Self.sizing)
        let effects = session.report(.sharedOpened(name: "class 4b", .success(SharedMapOpened(document: map, mapID: 7, seq: 12, client: 3))), at: 1)
        #expect(session.workspace.document.root.text == "class 4b plan")
        #expect(session.title == "class 4b (shared) — Meshpad")
        #expect(session.workspace.shared?.client == 3)
        #expect(effects.contains { if case .connect(let shared) = $0 { return shared.mapID == 7 && shared.seq == 12 }; return false })
    }

    /// A session showing the shared map "wall" (map 1, client 2), opened at time 0.
    static func sessionOnSharedWall() -> Session {
        var session = Self.session(Self.sharedSettings())
        var map = Document(rootText: "wall")
        map.measureAll(with: Self.sizing)
        _ = session.report(.sharedOpened(name: "wall", .success(SharedMapOpened(document: map, mapID: 1, seq: 0, client: 2))), at: 0)
        return session
    }

    @Test func aSharedMapsConnectionIsShownWhileItIsAwayAndItsChangesSent() throws {
        var session = Self.sessionOnSharedWall()
        _ = session.report(.sharedMail(SharedMapMail(status: .offline("connection refused\tIs the server running?"))), at: 1)
        func statusLine() -> OverlayLayout.Part? { session.workspace.overlayLayout.parts.first { $0.role == .statusLine } }
        #expect(statusLine()?.text == "Offline — changes kept here", "the state is shown in the status line")
        #expect(session.workspace.panels.banner?.message.hasPrefix("Offline") != true, "not as a banner to dismiss")
        let made = Self.addChild("from the wall", to: &session, at: 2)
        #expect(made.isEmpty, "nothing is sent but by the loop's exchange")
        let exchange = session.report(.sharedMail(SharedMapMail(status: .offline("connection refused\tIs the server running?"))), at: 3)
        let sent = exchange.compactMap { effect -> [SharedOperation]? in if case .send(let operations) = effect { return operations }; return nil }
        #expect(sent.flatMap { $0 }.count == 1, "the change goes to the connection, which keeps it until the server has it")
        #expect(statusLine() != nil, "still offline: still said")
        let line = try #require(statusLine())
        _ = session.handle(.mouseDown(button: .left, position: line.rect.center, clicks: 1, modifiers: []), at: 3.1)
        _ = session.handle(.mouseUp(button: .left, position: line.rect.center, modifiers: []), at: 3.15)
        #expect(session.workspace.panels.banner?.message.contains("connection refused") == true, "a tap on it says why")
        _ = session.report(.sharedMail(SharedMapMail(status: .online)), at: 4)
        #expect(session.workspace.panels.banner?.message == "Back online: your changes are sent")
        #expect(statusLine() == nil, "back online: the status line goes")
    }

    @Test func aScreenThatSentNothingIsNotToldItsChangesWereSent() throws {
        var session = Self.sessionOnSharedWall()
        _ = session.report(.sharedMail(SharedMapMail(status: .online)), at: 0.5)
        _ = session.report(.sharedMail(SharedMapMail(status: .offline("connection refused"))), at: 1)
        _ = session.report(.sharedMail(SharedMapMail(status: .online)), at: 4)
        #expect(session.workspace.panels.banner?.message.hasPrefix("Back online") != true, "\(session.workspace.panels.banner?.message ?? "")")
        #expect(session.workspace.panels.status == nil)
    }

    /// The database refuses this screen's change (its role may only read): the change is taken
    /// back, the map is read-only from then on, and the status line says so.
    @Test func aRefusedWriteMakesTheScreenReadOnlyAndTakesItsChangeBack() throws {
        var session = Self.sessionOnSharedWall()
        _ = session.report(.sharedMail(SharedMapMail(status: .online)), at: 0.5)
        _ = Self.addChild("not allowed", to: &session, at: 1)
        _ = session.report(.sharedMail(SharedMapMail(status: .online)), at: 1.5)
        #expect(session.workspace.document.nodes.contains { $0.text == "not allowed" })
        _ = session.report(.sharedMail(SharedMapMail(status: .readOnly("permission denied for table meshpad_ops"))), at: 2)
        #expect(!session.workspace.document.nodes.contains { $0.text == "not allowed" }, "the screen shows what the server has")
        #expect(session.workspace.shared?.pending.isEmpty == true)
        #expect(session.workspace.lockdown.isReadOnly)
        #expect(session.workspace.panels.status?.text == "Read-only")
        #expect(session.workspace.panels.banner?.message.contains("not stored") == true, "the person is told")
        #expect(!session.workspace.history.canUndo)
        _ = Self.addChild("again", to: &session, at: 3)
        #expect(!session.workspace.document.nodes.contains { $0.text == "again" }, "no more changes are made")
        _ = session.report(.sharedMail(SharedMapMail(status: .offline("gone"))), at: 4)
        _ = session.report(.sharedMail(SharedMapMail(status: .readOnly("permission denied"))), at: 5)
        #expect(session.workspace.panels.status?.text == "Read-only", "read-only again once back")
    }

    /// Issue 27, 7: the shared map the app was started on cannot be opened. The window opens
    /// all the same, says why and offers Retry; a failed retry says the new reason; one that
    /// works shows the map.
    @Test func aSharedMapThatCannotBeOpenedAtStartIsExplainedInTheWindowWithRetry() throws {
        var session = Self.session(Self.sharedSettings())
        _ = session.start(unavailableShared: ("class 4b", "password authentication failed for user \"ana\""), at: 0)
        let dialog = try #require(session.workspace.panels.dialog)
        #expect(dialog.kind == .sharedUnavailable(name: "class 4b"))
        #expect(dialog.message?.contains("password authentication failed") == true)
        #expect(session.workspace.overlayLayout.reachableParts.map(\.label).contains("Retry"))
        #expect(session.title.contains("class 4b"))
        let retry = try #require(session.workspace.overlayLayout.reachableParts.first { $0.text == "Retry" }?.rect.center)
        _ = session.handle(.fingerDown(id: 1, position: retry), at: 5)
        let asked = session.handle(.fingerUp(id: 1, position: retry), at: 5.05)
        #expect(asked.contains { if case .openShared(let name, _) = $0 { return name == "class 4b" }; return false }, "\(asked)")
        _ = session.report(.sharedOpened(name: "class 4b", .failure(.noSuchMap(name: "class 4b", address: "db.example"))), at: 6)
        #expect(session.workspace.panels.dialog?.message?.contains("there is no shared map called 'class 4b'") == true,
                "the new reason: \(session.workspace.panels.dialog?.message ?? "no dialog")")
        let lines = session.workspace.overlayLayout.parts.filter { $0.role == .message }
        #expect(lines.count > 1, "a long reason is broken into lines, not cut at the panel's edge")
        #expect(lines.map(\.text).joined(separator: " ") == session.workspace.panels.dialog?.message, "every word shows")
        var map = Document(rootText: "class 4b plan")
        map.measureAll(with: Self.sizing)
        _ = session.handle(.fingerDown(id: 1, position: retry), at: 8)
        _ = session.handle(.fingerUp(id: 1, position: retry), at: 8.05)
        let effects = session.report(.sharedOpened(name: "class 4b", .success(SharedMapOpened(document: map, mapID: 7, seq: 0, client: 3))), at: 9)
        #expect(session.workspace.panels.dialog == nil)
        #expect(session.workspace.document.root.text == "class 4b plan")
        #expect(effects.contains { if case .connect = $0 { return true }; return false })
    }

    /// A kiosk, with nobody to tap Retry, says it waits in the status line and tries by itself,
    /// waiting twice as long after each failure (2 s, 4 s, 8 s … a minute), its demo playing.
    @Test func aKioskWaitingForItsSharedMapTriesAgainByItselfBackingOff() throws {
        var settings = Self.kioskSettings()
        settings.sharedDatabase = DatabaseAddress("postgresql://wall@db.example/maps")
        var session = Self.session(settings)
        _ = session.start(unavailableShared: ("wall", "connection refused"), at: 0)
        #expect(session.workspace.panels.dialog == nil, "no dialog on a kiosk")
        #expect(session.workspace.panels.status?.text == "Waiting for the shared map wall")
        var tries: [Double] = []
        var t = 0.0
        while t < 70 {
            t += 0.5
            let effects = session.tick(at: t)
            if effects.contains(where: { if case .openShared = $0 { return true }; return false }) {
                tries.append(t)
                _ = session.report(.sharedOpened(name: "wall", .failure(.unreachable(address: "db.example", detail: "refused"))), at: t)
            }
        }
        #expect(tries == [2, 6, 14, 30, 62], "tries at \(tries)")
        #expect(session.nextDeadline.map { abs($0 - 122) < 1e-6 } == true, "next try a minute later: \(session.nextDeadline ?? 0)")
    }

    // MARK: - Kiosk

    static func kioskSettings(attract: [ReplayEvent] = []) -> Session.Settings {
        var settings = Session.Settings()
        settings.kiosk = KioskMode(lock: KioskLockTests.lock(), idleResetSeconds: 60, attract: attract,
                                   autosave: RecoveryStore(directory: "/nowhere/kiosk"))
        return settings
    }

    @Test func anIdleKioskKeepsTheVisitorsMapAndStartsTheNextOneAfresh() throws {
        var session = Self.session(Self.kioskSettings())
        _ = session.start(at: 0)
        let start = session.workspace.document
        let firstVisitor = try #require(session.kiosk?.name)
        _ = Self.addChild("my idea", to: &session, at: 10)
        #expect(session.tick(at: 69).isEmpty, "not idle for a minute yet")
        let reset = session.tick(at: 71)
        let kept = reset.compactMap { effect -> (Document, String?)? in
            if case .keepNow(let document, _, let key) = effect { return (document, key) }
            return nil
        }
        #expect(kept.count == 1 && kept.first?.1 == firstVisitor, "the visitor's map is kept under their session's name")
        #expect(kept.first?.0.nodes.contains { $0.text == "my idea" } == true)
        #expect(session.workspace.document.hasSameContent(as: start), "the next visitor finds the map as it started")
        #expect(session.workspace.history.done.isEmpty)
        #expect(session.tick(at: 200).isEmpty, "nothing more to keep while nobody comes")
    }

    @Test func theDemoPlaysWhileIdleAndATouchStopsItAndPutsTheMapBack() throws {
        let demo = try ReplayEvent.parseScript("""
        {"t":0,"type":"key","key":"Tab","mods":[]}
        {"t":100,"type":"text","text":"demo"}
        {"t":200,"type":"key","key":"Return","mods":[]}
        """)
        var session = Self.session(Self.kioskSettings(attract: demo))
        _ = session.start(at: 0)
        let start = session.workspace.document
        _ = session.tick(at: 60)
        #expect(session.kiosk?.attract != nil, "idle for a minute: the demo starts")
        for step in 0...40 { _ = session.tick(at: 60 + Double(step) * 0.01) }
        #expect(session.workspace.document.nodes.contains { $0.text == "demo" }, "the demo's edit shows")
        #expect(session.tick(at: 61).allSatisfy { if case .autosave = $0 { return false }; return true }, "the demo's changes are nobody's work")
        _ = session.handle(.fingerDown(id: 1, position: Vec2(500, 350)), at: 62)
        #expect(session.kiosk?.attract == nil)
        #expect(session.workspace.document.hasSameContent(as: start), "a touch stops the demo and the map is back")
    }

    /// `kiosk.presentSeconds`: an idle kiosk plays the map's slides, a slide every few seconds,
    /// round and round, and the first touch ends them with the map as it was (issue 28).
    @Test func anIdleKioskPlaysItsSlidesUntilATouch() throws {
        var settings = Self.kioskSettings()
        settings.kiosk?.presentSeconds = 8
        var session = Self.session(settings)
        _ = session.start(at: 0)
        let start = session.workspace.document
        let slides = Presentation.fromBranches(of: start).slides.count
        _ = session.tick(at: 60)
        #expect(session.workspace.isPlayingAttract, "idle for a minute: the slides start")
        #expect(session.workspace.panels.presenting?.index == 0)
        #expect(session.nextDeadline.map { abs($0 - 68) < 1e-6 } == true, "the loop sleeps until the next slide: \(session.nextDeadline ?? 0)")
        var shown: [Int] = []
        for step in 1...slides {
            _ = session.tick(at: 60 + Double(step) * 8)
            shown.append(session.workspace.panels.presenting?.index ?? -1)
        }
        #expect(shown == Array(1..<slides) + [0], "every slide, then the first again")
        _ = session.handle(.fingerDown(id: 1, position: Vec2(500, 350)), at: 200)
        #expect(session.workspace.panels.presenting == nil, "a touch ends the slides")
        _ = session.handle(.fingerUp(id: 1, position: Vec2(500, 350)), at: 200.1)
        #expect(session.workspace.document.hasSameContent(as: start), "and the map is as it was")
        #expect(!session.workspace.history.canUndo)
    }

    // MARK: - Links

    @Test(arguments: [
        ("https://example.org/a?b=1", "/home/ada/maps/plan.mm", "https://example.org/a?b=1"),
        ("mailto:ada@example.org", "/home/ada/maps/plan.mm", "mailto:ada@example.org"),
        ("file:///tmp/x.pdf", nil, "file:///tmp/x.pdf"),
        ("notes/today.pdf", "/home/ada/maps/plan.mm", "/home/ada/maps/notes/today.pdf"),
        ("../other.mm", "/home/ada/maps/plan.mm", "/home/ada/other.mm"),
        ("/srv/doc.odt", "/home/ada/maps/plan.mm", "/srv/doc.odt"),
    ] as [(String, String?, String)])
    func aLinkLeadsToAnAddressOrAFileBesideTheMap(link: String, map: String?, target: String) {
        #expect(Session.linkTarget(link, mapPath: map) == target)
    }
}

/// Issue 30: Export writes what the filter shows, and says so.
@Suite struct FilteredExportTests {
    @Test func anExportWhileFilteredWritesTheShownNodesAndSaysSo() throws {
        var session = SessionTests.session()
        _ = session.start(at: 0)
        let children = session.workspace.document.children(of: session.workspace.document.rootID)
        session.workspace.changeDetails(of: [children[0]], "tag") { details in details.tags = ["urgent"] }
        session.workspace.showFiltered(MapFilter(tags: ["urgent"]))
        let effects = session.fileEvent(.dialog(.export(.freeMind), .confirm, field: "/tmp/urgent.mm"))
        let written = effects.compactMap { effect -> Document? in
            if case .export(let document, _, _) = effect { return document }
            return nil
        }
        let document = try #require(written.first, "an export: \(effects)")
        #expect(Set(document.nodes.map(\.text)) == [session.workspace.document.root.text,
                                                      session.workspace.document.node(children[0])?.text ?? ""],
                "the root and the tagged node, nothing else")
        _ = session.report(.exported(path: "/tmp/urgent.mm", warnings: []), at: 1)
        let banner = try #require(session.workspace.panels.banner?.message)
        #expect(banner.contains("what the filter shows: 2 of \(SessionTests.sessionNodeCount) nodes"), "\(banner)")
        // The next export, with no filter, says nothing of one.
        session.workspace.showFiltered(MapFilter())
        _ = session.fileEvent(.dialog(.export(.freeMind), .confirm, field: "/tmp/all.mm"))
        _ = session.report(.exported(path: "/tmp/all.mm", warnings: []), at: 2)
        #expect(session.workspace.panels.banner?.message.contains("filter") == false)
    }
}

extension SessionTests {
    static var sessionNodeCount: Int { Document.sample().nodeCount }
}
