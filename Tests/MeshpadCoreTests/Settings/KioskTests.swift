import Foundation
import Testing
@testable import MeshpadCore

@Suite struct KioskLockTests {
    static func lock() -> KioskLock {
        var settings = KioskSettings()
        settings.pin = "2468"
        return KioskLock(settings: settings, pin: "2468")
    }

    @Test func rightPinUnlocks() {
        var lock = Self.lock()
        #expect(lock.attempt("2468", at: 0) == .unlocked)
    }

    @Test func guessingIsSlowedDownMoreAndMore() {
        var lock = Self.lock()
        #expect(lock.attempt("1111", at: 0) == .wrong(freeTriesLeft: 2))
        #expect(lock.attempt("246", at: 1) == .wrong(freeTriesLeft: 1))
        #expect(lock.attempt("24680", at: 2) == .wrong(freeTriesLeft: 0))
        #expect(lock.attempt("1234", at: 3) == .locked(seconds: 30))
        // While locked even the right PIN is refused, without being compared.
        #expect(lock.attempt("2468", at: 20) == .locked(seconds: 13))
        #expect(lock.attempt("9999", at: 34) == .locked(seconds: 60))
        #expect(lock.attempt("9999", at: 95) == .locked(seconds: 120))
        #expect(lock.waitSeconds(at: 100) == 115)
        #expect(lock.attempt("2468", at: 216) == .unlocked)
        #expect(lock.failures == 0)
    }

    @Test func lockoutsStopAtFifteenMinutes() {
        var lock = Self.lock()
        var time = 0.0
        var last = KioskLock.Outcome.unlocked
        for _ in 0..<30 {
            last = lock.attempt("0000", at: time)
            time += (lock.waitSeconds(at: time) ?? 0) + 1
        }
        #expect(last == .locked(seconds: KioskLock.longestLockSeconds))
    }
}

@Suite struct KioskWorkspaceTests {
    static func kioskRig() -> EditRig {
        var rig = EditRig()
        rig.workspace.lockdown.kiosk = KioskLockTests.lock()
        return rig
    }

    static func exits(_ requests: [Workspace.Request]) -> Bool {
        requests.contains { if case .exitKiosk = $0 { return true }; return false }
    }

    /// Taps a key of the PIN pad where it is drawn.
    static func tapKey(_ key: String, on rig: inout EditRig) throws {
        let rect = try #require(rig.workspace.overlayLayout.rect(of: .keypad(key)))
        rig.tap(rect.center)
    }

    @Test func quitAndFileCommandsDoNothing() {
        var rig = Self.kioskRig()
        var requests = rig.send(.quitRequested)
        for (key, modifiers) in [("q", KeyModifiers.ctrl), ("s", .ctrl), ("S", [.ctrl, .shift]), ("o", .ctrl), ("F4", .alt)] {
            requests += rig.key(key, modifiers)
        }
        #expect(requests.isEmpty)
        #expect(rig.workspace.panels.dialog == nil)
    }

    @Test func exitChordThenPinOnThePadLeaves() throws {
        var rig = Self.kioskRig()
        rig.key("K", [.ctrl, .alt, .shift])
        #expect(rig.workspace.panels.dialog?.kind == .pin)
        for digit in ["2", "4", "6"] { try Self.tapKey(digit, on: &rig) }
        #expect(rig.workspace.panels.dialog?.field == "246")
        // The PIN is drawn as dots.
        #expect(rig.workspace.overlayLayout.parts.first { $0.role == .field }?.text == "●●●")
        try Self.tapKey("8", on: &rig)
        let before = rig.requests.count
        try Self.tapKey("OK", on: &rig)
        #expect(Self.exits(Array(rig.requests[before...])))
        #expect(rig.workspace.panels.dialog == nil)
    }

    @Test func wrongPinKeepsTheKioskAndSaysSo() throws {
        var rig = Self.kioskRig()
        rig.key("K", [.ctrl, .alt, .shift])
        rig.type("1357")
        rig.key("Return")
        #expect(!Self.exits(rig.requests))
        #expect(rig.workspace.panels.dialog?.message == "Wrong PIN")
        #expect(rig.workspace.panels.dialog?.field == "")
        rig.key("Escape")
        #expect(rig.workspace.panels.dialog == nil)
        #expect(!Self.exits(rig.requests))
    }

    @Test func longPressInTheCornerOpensThePad() {
        var rig = Self.kioskRig()
        rig.send(.fingerDown(id: 3, position: Vec2(10, 10)), after: 1)
        rig.time += 1.5
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.panels.dialog == nil)
        #expect(rig.workspace.nextDeadline.map { abs($0 - (rig.time + 1.5)) < 1e-9 } == true)
        rig.time += 1.6
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.panels.dialog?.kind == .pin)
        // Lifting the finger afterwards neither types nor taps anything on the pad.
        rig.send(.fingerUp(id: 3, position: Vec2(10, 10)))
        #expect(rig.workspace.panels.dialog?.field == "")
    }

    @Test func aShortOrWanderingCornerPressDoesNot() {
        var rig = Self.kioskRig()
        rig.send(.fingerDown(id: 1, position: Vec2(10, 10)), after: 1)
        rig.send(.fingerUp(id: 1, position: Vec2(10, 10)), after: 1)
        rig.send(.fingerDown(id: 2, position: Vec2(10, 10)), after: 1)
        rig.send(.fingerMove(id: 2, position: Vec2(200, 200)), after: 0.1)
        rig.time += 5
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.panels.dialog == nil)
    }

    /// A person hammering at the screen and keyboard, the pad included, never gets out.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func randomInputNeverLeavesWithoutThePin(seed: UInt64) {
        var rig = Self.kioskRig()
        var generator = SoakGenerator(seed: seed, viewport: Vec2(800, 600))
        var requests: [Workspace.Request] = []
        var padsShown = 0
        for index in 0..<20_000 {
            if index % 500 == 0 { requests += rig.key("K", [.ctrl, .alt, .shift]) }
            if rig.workspace.panels.dialog?.kind == .pin { padsShown += 1 }
            requests += rig.send(generator.next(), after: 0.03)
            requests += rig.workspace.tick(at: rig.time)
        }
        #expect(padsShown > 0)
        #expect(!requests.contains { request in
            switch request {
            case .exitKiosk, .quit, .save, .showSaveAs, .showOpen: return true
            default: return false
            }
        })
    }

    @Test func restartPutsEverythingBackForTheNextVisitor() {
        var rig = Self.kioskRig()
        let start = rig.document
        rig.key("Tab")
        rig.type("visitor")
        rig.key("Return")
        rig.key("F9")
        rig.key("f", .ctrl)
        #expect(rig.document.nodeCount == start.nodeCount + 1)
        rig.workspace.restart(with: start)
        #expect(rig.document.hasSameContent(as: start))
        #expect(!rig.workspace.history.canUndo)
        #expect(rig.workspace.panels.outline == nil && rig.workspace.panels.search == nil && rig.workspace.editing == nil)
        #expect(rig.workspace.lockdown.kiosk != nil)
    }
}

@Suite struct ReadOnlyTests {
    static func readOnlyRig() -> EditRig {
        var rig = EditRig()
        rig.workspace.lockdown.isReadOnly = true
        return rig
    }

    @Test func toolbarOffersOnlyViewing() {
        let rig = Self.readOnlyRig()
        #expect(Set(rig.workspace.chrome.toolbar.map(\.action)) == [.selectMode, .fit, .zoomIn, .zoomOut, .outline, .search, .filter])
    }

    @Test func editingKeysChangeNothingAndSaySo() {
        var rig = Self.readOnlyRig()
        let start = rig.document
        rig.workspace.select([rig.document.rootID])
        for key in ["Tab", "Return", "F2", "Delete"] { rig.key(key) }
        rig.type("x")
        rig.key("t", .ctrl)
        rig.key("l", .ctrl)
        let requests = rig.key("s", .ctrl) + rig.key("S", [.ctrl, .shift]) + rig.key("v", .ctrl)
        rig.workspace.paste("pasted")
        #expect(requests.isEmpty)
        #expect(rig.document.hasSameContent(as: start))
        #expect(rig.workspace.editing == nil)
        #expect(rig.workspace.panels.banner?.message.contains("read-only") == true)
    }

    @Test func draggingANodePansInstead() {
        var rig = Self.readOnlyRig()
        let id = rig.document.rootID
        let before = rig.document.node(id)?.position
        let origin = rig.camera.origin
        rig.fingerDrag(from: rig.screen(of: id), to: rig.screen(of: id) + Vec2(120, 40))
        rig.settle()
        #expect(rig.document.node(id)?.position == before)
        #expect(rig.camera.origin != origin)
    }

    @Test func aTwoFingerTapDoesNotUndoAndSaysSo() {
        var rig = EditRig()
        let shelter = rig.id("shelter")
        rig.fingerDrag(from: rig.screen(of: shelter), to: rig.screen(of: shelter) + Vec2(50, 50))
        let moved = rig.document.node(shelter)?.position
        rig.workspace.lockdown.isReadOnly = true
        rig.multiFingerTap(2, at: rig.screen(of: rig.document.rootID))
        rig.settle()
        #expect(rig.document.node(shelter)?.position == moved)
        #expect(rig.workspace.panels.banner?.message.contains("read-only") == true)
    }

    @Test func foldingStillWorks() throws {
        var rig = Self.readOnlyRig()
        let root = rig.document.rootID
        try #require(rig.document.hasChildren(root))
        rig.workspace.select([root])
        rig.key("Space")
        #expect(rig.document.node(root)?.folded == true)
        rig.key("Space")
        #expect(rig.document.node(root)?.folded == false)
    }

    /// Nothing a person can do by touch, mouse or keys changes the map's content.
    @Test(arguments: 1...4 as ClosedRange<UInt64>)
    func randomInputNeverChangesTheMap(seed: UInt64) {
        var rig = Self.readOnlyRig()
        let start = rig.document
        var generator = SoakGenerator(seed: seed, viewport: Vec2(800, 600))
        var requests: [Workspace.Request] = []
        for _ in 0..<20_000 {
            requests += rig.send(generator.next(), after: 0.03)
            requests += rig.workspace.tick(at: rig.time)
            rig.workspace.step(bySeconds: 1.0 / 120)
        }
        let end = rig.document
        #expect(end.nodes.map(\.text) == start.nodes.map(\.text))
        #expect(end.nodes.map(\.style) == start.nodes.map(\.style))
        #expect(end.edges == start.edges)
        #expect(end.layoutMode == start.layoutMode)
        #expect(!requests.contains { if case .save = $0 { return true }; if case .showSaveAs = $0 { return true }; return false })
    }
}

@Suite struct AttractLoopTests {
    @Test func handsOutEventsOnTimeAndStartsAgain() {
        let events = [ReplayEvent(milliseconds: 0, kind: .key(.f9)), ReplayEvent(milliseconds: 1000, kind: .key(.f9))]
        var loop = AttractLoop(events: events, startingAt: 100)
        #expect(loop.due(at: 100).count == 1)
        #expect(loop.due(at: 100.5).isEmpty)
        #expect(loop.nextDeadline == 101)
        #expect(loop.due(at: 101).count == 1)
        #expect(!loop.isRoundOver(at: 103))
        #expect(loop.isRoundOver(at: 104))
        loop.restart(at: 104)
        #expect(loop.due(at: 104).count == 1)
    }

    @Test func scriptEventsBecomeInputInTheViewport() {
        let finger = ReplayEvent(milliseconds: 0, kind: .fingerDown(id: 2, x: 0.5, y: 0.25))
        #expect(finger.inputEvent(viewportSize: Vec2(800, 600)) == .fingerDown(id: 2, position: Vec2(400, 150)))
        let mouse = ReplayEvent(milliseconds: 0, kind: .mouseDown(button: .left, x: 200, y: 100), modifiers: .shift)
        #expect(mouse.inputEvent(viewportSize: Vec2(400, 300), uiScale: 2)
                == .mouseDown(button: .left, position: Vec2(100, 50), clicks: 1, modifiers: .shift))
    }
}

@Suite struct DialogInterruptionTests {
    /// The window's close button mid-drag brings up a question: the drag so far is kept as one
    /// step, and once the dialog goes the canvas is not stuck in a gesture whose finger lifted
    /// while the dialog had every event.
    @Test func aDialogMidDragEndsTheDrag() throws {
        var rig = EditRig()
        let id = rig.document.rootID
        let start = try #require(rig.document.node(id)?.position)
        let from = rig.screen(of: id)
        rig.send(.fingerDown(id: 1, position: from), after: 0.5)
        for i in 1...5 { rig.send(.fingerMove(id: 1, position: from + Vec2(Double(i) * 10, 0)), after: 0.016) }
        rig.workspace.present(Dialog(kind: .unsavedChanges(then: .quit), title: "Save?"))
        rig.send(.fingerUp(id: 1, position: from + Vec2(50, 0)))
        rig.key("Escape")
        #expect(rig.workspace.panels.dialog == nil)
        #expect(!rig.workspace.input.recognizer.isActive)
        #expect(rig.workspace.isAtRest)
        #expect(rig.document.node(id)?.position == start + Vec2(50, 0))
        rig.workspace.undo()
        #expect(rig.document.node(id)?.position == start)
    }
}
