import Testing
@testable import MeshpadCore

/// The on-screen keyboard as a tablet user meets it: it comes when typing starts from a touch,
/// its keys type through the same path as real ones, and it keeps the node in view.
@Suite struct OnScreenKeyboardTests {
    /// A rig with a finger-made new node being edited (the keyboard up and settled).
    static func typingRig() -> EditRig {
        var rig = EditRig()
        rig.doubleTap(Vec2(150, 120))
        rig.settle()
        return rig
    }

    @Test func aDoubleTapOnTheSurfaceBringsTheKeyboardAndItsKeysTypeIntoTheNode() throws {
        var rig = Self.typingRig()
        #expect(rig.workspace.panels.keyboard != nil, "typing started from a touch")
        let node = try #require(rig.workspace.editing?.node)
        for letter in ["h", "i"] { rig.tapKey(letter) }
        rig.tapKey("space")
        rig.tapKey("⇧")
        #expect(rig.keyLabels.contains("A") && !rig.keyLabels.contains("a"), "Shift shows capitals")
        rig.tapKey("A")
        rig.tapKey("b")
        #expect(rig.text(of: node) == "hi Ab", "Shift makes one capital, then letters are small again")
        rig.tapKey("Return")
        rig.settle()
        #expect(rig.workspace.editing == nil)
        #expect(rig.workspace.panels.keyboard == nil, "the keyboard goes with the focus")
        rig.key("Z", .ctrl)
        #expect(!rig.document.contains(node), "the node and the text typed on the keyboard are one undo step")
    }

    @Test func twoShiftsAreCapsAndBackspaceTakesBackALetter() throws {
        var rig = Self.typingRig()
        let node = try #require(rig.workspace.editing?.node)
        rig.tapKey("⇧")
        rig.tapKey("⇧")
        #expect(rig.keyLabels.contains("⇪"), "Caps is shown as such")
        for letter in ["O", "K"] { rig.tapKey(letter) }
        rig.tapKey("⌫")
        #expect(rig.text(of: node) == "O")
    }

    @Test func holdingBackspaceRepeats() throws {
        var rig = Self.typingRig()
        let node = try #require(rig.workspace.editing?.node)
        for letter in "abcdefgh" { rig.tapKey(String(letter)) }
        let backspace = try #require(rig.keyRect("⌫"))
        rig.send(.fingerDown(id: 5, position: backspace.center), after: 0.3)
        #expect(rig.text(of: node) == "abcdefg", "one letter at once")
        // Held: after half a second it repeats every 80 ms.
        rig.time += 0.3
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.text(of: node) == "abcdefg", "not before half a second")
        for _ in 0..<5 {
            rig.time += 0.1
            _ = rig.workspace.tick(at: rig.time)
        }
        rig.send(.fingerUp(id: 5, position: backspace.center))
        let left = rig.text(of: node)?.count ?? 0
        #expect(left < 7 && left >= 2, "\(rig.text(of: node) ?? "")")
        rig.time += 1
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.text(of: node)?.count == left, "lifted, it stops")
    }

    @Test func aLongPressOnALetterOffersItsAccents() throws {
        var rig = Self.typingRig()
        let node = try #require(rig.workspace.editing?.node)
        let e = try #require(rig.keyRect("e"))
        rig.send(.fingerDown(id: 5, position: e.center), after: 0.3)
        rig.time += 0.6
        _ = rig.workspace.tick(at: rig.time)
        rig.send(.fingerUp(id: 5, position: e.center))
        #expect(rig.keyLabels.contains("é") && rig.keyLabels.contains("ê"))
        #expect(rig.text(of: node) == "", "the held letter itself is not typed")
        rig.tapKey("é")
        #expect(rig.text(of: node) == "é")
        #expect(!rig.keyLabels.contains("ê"), "the choice closes the accents")
    }

    @Test func shiftReturnIsANewLineAndTheSymbolsPageTypesDigits() throws {
        var rig = Self.typingRig()
        let node = try #require(rig.workspace.editing?.node)
        rig.tapKey("a")
        rig.tapKey("⇧")
        rig.tapKey("Return")
        rig.tapKey("?123")
        rig.tapKey("1")
        rig.tapKey("#+=")
        rig.tapKey("[")
        rig.tapKey("ABC")
        rig.tapKey("z")
        #expect(rig.text(of: node) == "a\n1[z")
        #expect(rig.workspace.editing != nil)
    }

    @Test func aHardwareKeySendsItAwayAndNeverKeepsItAway() throws {
        var rig = Self.typingRig()
        rig.key("A")
        rig.settle()
        #expect(rig.workspace.panels.keyboard == nil, "someone with a keyboard does not need a second one")
        rig.key("Escape")
        var never = EditRig()
        never.workspace.measures.keyboardMode = .never
        never.doubleTap(Vec2(150, 120))
        #expect(never.workspace.editing != nil && never.workspace.panels.keyboard == nil)
        var always = EditRig()
        always.workspace.measures.keyboardMode = .always
        always.click(always.screen(of: always.id("food")))
        always.key("F2")
        #expect(always.workspace.panels.keyboard != nil, "a kiosk shows it even after a key or the mouse")
    }

    /// A tablet with its keyboard cover on: once a hardware key has typed, a touch that starts
    /// typing brings no on-screen keyboard, until a tap on the field asks for it.
    @Test func aHardwareKeyboardKeepsTheOnScreenOneAwayUntilAskedFor() throws {
        var rig = Self.typingRig()
        #expect(rig.workspace.panels.keyboard != nil)
        rig.press("a", typing: "a")
        rig.settle()
        #expect(rig.workspace.panels.keyboard == nil, "a hardware key sends it away")
        rig.key("Return")
        rig.doubleTap(Vec2(600, 450))
        rig.settle()
        let node = try #require(rig.workspace.editing?.node, "a double tap made a node to type in")
        #expect(rig.workspace.panels.keyboard == nil, "the hardware keyboard is there: no on-screen one")
        rig.tap(rig.screen(of: node))
        rig.settle()
        #expect(rig.workspace.panels.keyboard != nil, "a tap on the field asks for it")
        rig.tapKey("Return")
        rig.settle()
        rig.doubleTap(Vec2(150, 450))
        rig.settle()
        #expect(rig.workspace.editing != nil)
        #expect(rig.workspace.panels.keyboard != nil, "asked for once, it comes by itself again")
    }

    /// IBus or Fcitx composing (or a compositor's keyboard typing through text-input): the
    /// system is typing, and Meshpad's keyboard does not cover its candidates.
    @Test func aSystemInputMethodSendsItAway() throws {
        var rig = Self.typingRig()
        rig.send(.textEditing(text: "", cursor: 0))
        rig.settle()
        #expect(rig.workspace.panels.keyboard != nil, "an empty composition is no typing")
        rig.send(.textEditing(text: "ni hao", cursor: 6))
        rig.settle()
        #expect(rig.workspace.panels.keyboard == nil)
        rig.send(.textEditing(text: "", cursor: 0))
        rig.type("你好")
        rig.key("Return")
        rig.doubleTap(Vec2(600, 450))
        rig.settle()
        #expect(rig.workspace.editing != nil)
        #expect(rig.workspace.panels.keyboard == nil)
        #expect(rig.document.nodes.contains { $0.text == "你好" })
    }

    @Test func aMouseUserGetsNoKeyboardInAutoMode() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.send(.mouseDown(button: .left, position: rig.screen(of: rig.id("food")), clicks: 2, modifiers: []), after: 0.1)
        rig.send(.mouseUp(button: .left, position: rig.screen(of: rig.id("food")), modifiers: []), after: 0.05)
        #expect(rig.workspace.editing != nil)
        #expect(rig.workspace.panels.keyboard == nil)
    }

    @Test func itTypesIntoTheSearchBar() {
        var rig = EditRig()
        rig.tapToolbar(.search)
        rig.settle()
        #expect(rig.workspace.panels.keyboard != nil)
        for letter in ["f", "o", "o"] { rig.tapKey(letter) }
        #expect(rig.workspace.panels.search?.query == "foo")
        #expect(rig.workspace.selection.nodes == [rig.id("food")], "the search finds as it is typed")
    }

    @Test func itTypesIntoADialogsField() {
        var rig = EditRig()
        rig.send(.fingerDown(id: 1, position: Vec2(700, 500)), after: 0.5)
        rig.send(.fingerUp(id: 1, position: Vec2(700, 500)))
        rig.workspace.present(Dialog(kind: .saveAs, title: "Save map as", field: ""))
        rig.settle()
        #expect(rig.workspace.panels.keyboard != nil, "the dialog came after a touch")
        for letter in ["m", "a", "p"] { rig.tapKey(letter) }
        rig.tapKey("⌫")
        #expect(rig.workspace.panels.dialog?.field == "ma")
        rig.tapKey("Return")
        guard case .dialogAction(.saveAs, .confirm, let path)? = rig.requests.last else {
            Issue.record("Return did not confirm: \(rig.requests)")
            return
        }
        #expect(path.hasSuffix("/ma"), "the name typed, in the folder shown")
    }

    @Test func theNodeBeingEditedStaysAboveTheKeyboardAndTheViewComesBack() throws {
        var rig = EditRig()
        // why: low on the map but above the toolbar, which takes two rows in an 800-pixel window.
        let low = Vec2(720, 440)
        rig.doubleTap(low)
        rig.settle()
        let node = try #require(rig.workspace.editing?.node)
        let keyboardTop = 600 - OverlayLayout.keyboardHeight(targetPixels: rig.workspace.measures.targetPixels, viewportSize: Vec2(800, 600))
        let frame = try #require(rig.document.node(node)?.frame)
        let onScreen = rig.camera.screenPoint(ofMap: Vec2(frame.maxX, frame.maxY))
        #expect(onScreen.y < keyboardTop, "the node is not hidden under the keyboard")
        let shifted = rig.camera
        rig.tapKey("x")
        rig.tapKey("Return")
        rig.settle()
        #expect(rig.camera != shifted)
        #expect(rig.camera.origin.distance(to: Camera(origin: Vec2(400, 300), zoom: 1).origin) < 1e-6, "the view is back where it was")
    }

    /// `justAboveToolbar`: so low that the new node reaches under the toolbar, and editing
    /// brings it into view before the keyboard does.
    @Test(arguments: [(false, false), (true, false), (false, true), (true, true)])
    func aNewNodeMadeFromTheSurfaceMenuLowDownAlsoGivesTheViewBack(tidy: Bool, justAboveToolbar: Bool) throws {
        var rig = EditRig()
        let toolbarTop = try #require(rig.workspace.overlayLayout.rect(of: .toolbarPanel)?.minY)
        let point = justAboveToolbar ? Vec2(720, toolbarTop - 6) : Vec2(700, 400)
        if tidy {
            _ = rig.workspace.perform(.tidy)
            rig.settle()
        }
        let before = rig.camera
        MenuTests.longPress(&rig, at: point)
        MenuTests.tapRow(&rig, "New node here")
        rig.settle()
        #expect(rig.workspace.editing != nil && rig.workspace.panels.keyboard != nil)
        rig.tapKey("x")
        rig.tapKey("Return")
        rig.settle()
        #expect(rig.workspace.panels.keyboard == nil)
        #expect(rig.camera.origin.distance(to: before.origin) < 1e-6 && rig.camera.zoom == before.zoom,
                "the view is back where it was: \(before.origin) → \(rig.camera.origin)")
    }

    @Test(arguments: [(Vec2(1280, 800), 57.0, 57.0), (Vec2(800, 600), 48.0, 48.0), (Vec2(360, 640), 57.0, 29.4)])
    func keysAreFingerSizedWhereTheScreenAllows(viewport: Vec2, target: Double, width: Double) {
        let size = OverlayLayout.keySize(targetPixels: target, viewportSize: viewport)
        #expect(abs(size.unit - width) < 0.1)
        var chrome = Chrome()
        chrome.targetPixels = target
        var keyboard = OnScreenKeyboard()
        keyboard.slide = 1
        chrome.keyboard = keyboard
        let layout = OverlayLayout(banner: nil, dialog: nil, chrome: chrome, viewportSize: viewport)
        let keys = layout.parts.filter { if case .keyboardKey = $0.role { return true } else { return false } }
        #expect(keys.count == 34)
        #expect(keys.allSatisfy { $0.rect.minX >= 0 && $0.rect.maxX <= viewport.x && $0.rect.maxY <= viewport.y }, "every key is on screen")
    }

    @Test(arguments: ["a", "e", "n", "s", "c", "o", "u"])
    func lettersHaveTheirAccents(letter: String) {
        let accents = OnScreenKeyboard.accents(of: letter)
        #expect(!accents.isEmpty)
        #expect(Set(accents).count == accents.count)
    }
}

extension EditRig {
    var keyLabels: [String] {
        workspace.overlayLayout.parts.compactMap { if case .keyboardKey = $0.role { return $0.text } else { return nil } }
    }

    func keyRect(_ label: String) -> Rect? {
        workspace.overlayLayout.parts.last { if case .keyboardKey = $0.role { return $0.text == label } else { return false } }?.rect
    }

    /// A finger tap on the on-screen key showing `label`.
    mutating func tapKey(_ label: String) {
        guard let rect = keyRect(label) else {
            Issue.record("no key \(label) among \(keyLabels)")
            return
        }
        send(.fingerDown(id: 9, position: rect.center), after: 0.1)
        send(.fingerUp(id: 9, position: rect.center), after: 0.05)
    }
}
