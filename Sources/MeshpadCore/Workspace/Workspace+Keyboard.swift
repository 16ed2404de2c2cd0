/// The on-screen keyboard: when it comes and goes, what its keys do, and the view kept clear of it.
extension Workspace {
    /// A text field has the focus: a node's text being edited, a dialog's field (not the PIN pad,
    /// which has its own keys), or the search bar.
    var textFieldHasFocus: Bool {
        if let dialog = panels.dialog {
            switch dialog.kind {
            // Open is done by tapping a map; its field is for a path typed on a keyboard.
            case .open, .image: return !dialog.field.isEmpty
            case .pin: return false
            default: return dialog.hasField
            }
        }
        return editing != nil || panels.search != nil
    }

    /// After every event: the keyboard slides up when a field gets the focus from a touch (or
    /// always, as a kiosk sets it), and away when the focus goes.
    mutating func refreshKeyboard() {
        let focused = textFieldHasFocus
        defer { input.fieldWasFocused = focused }
        guard focused else {
            input.keyboardDismissed = false
            if panels.keyboard?.isClosing == false { hideKeyboard() }
            return
        }
        // Only when the focus arrives: a touch elsewhere later (a pan) brings no keyboard.
        guard !input.fieldWasFocused, !input.keyboardDismissed else { return }
        let wanted: Bool
        switch measures.keyboardMode {
        case .always: wanted = true
        case .auto: wanted = input.lastInputWasTouch && !input.systemTypingSeen
        case .never: wanted = false
        }
        if wanted { showKeyboard() }
    }

    /// A finger tapped the field that has the focus: the keyboard comes back (unless it is never wanted).
    mutating func fieldTapped() {
        guard measures.keyboardMode != .never, input.lastInputWasTouch, textFieldHasFocus else { return }
        input.keyboardDismissed = false
        // Asked for: it comes by itself again until the next hardware key.
        input.systemTypingSeen = false
        if panels.keyboard == nil || panels.keyboard?.isClosing == true { showKeyboard() }
    }

    mutating func showKeyboard() {
        var keyboard = panels.keyboard ?? OnScreenKeyboard()
        keyboard.isClosing = false
        panels.keyboard = keyboard
        needsRedraw = true
        // The node being edited stays in view above the keyboard; the view goes back after.
        guard let editing, panels.cameraBeforeKeyboard == nil else { return }
        // why: from where the view was before editing began, so a shift made then (a node
        // low on the screen, under the toolbar) is given back too.
        let before = editing.cameraBefore ?? view.targetCamera
        keepInView(editing.node)
        if view.targetCamera != before { panels.cameraBeforeKeyboard = (before, view.targetCamera) }
    }

    mutating func hideKeyboard() {
        guard var keyboard = panels.keyboard else { return }
        keyboard.isClosing = true
        keyboard.accents = nil
        keyboard.held = nil
        panels.keyboard = keyboard
        if let saved = panels.cameraBeforeKeyboard {
            panels.cameraBeforeKeyboard = nil
            // Back where it was, unless a person moved the view meanwhile.
            if view.targetCamera == saved.shifted { view.fly(to: saved.before, pivot: measures.viewportSize / 2) }
        }
        needsRedraw = true
    }

    /// A hardware key was pressed: the keyboard goes for this field.
    mutating func hardwareKeyPressed() {
        input.systemTypingSeen = true
        guard panels.keyboard?.isClosing == false else { return }
        hideKeyboard()
        input.keyboardDismissed = true
    }

    /// How much of the window's bottom the keyboard covers once up (0 when it is not).
    var keyboardCover: Double {
        guard let keyboard = panels.keyboard, !keyboard.isClosing else { return 0 }
        return OverlayLayout.keyboardHeight(targetPixels: measures.targetPixels, viewportSize: measures.viewportSize)
    }

    /// Slides the keyboard a fixed step up or down.
    mutating func stepKeyboard(bySeconds dt: Double) {
        guard var keyboard = panels.keyboard else { return }
        let delta = dt / OnScreenKeyboard.slideSeconds
        keyboard.slide = keyboard.isClosing ? max(0, keyboard.slide - delta) : min(1, keyboard.slide + delta)
        panels.keyboard = keyboard.isClosing && keyboard.slide <= 0 ? nil : keyboard
        needsRedraw = true
    }

    var keyboardIsSliding: Bool {
        guard let keyboard = panels.keyboard else { return false }
        return keyboard.isClosing || keyboard.slide < 1
    }

    // MARK: - Keys

    /// A key went down: Backspace types at once (and again while held); a letter held offers
    /// its accents.
    mutating func pressKey(_ key: OnScreenKeyboard.Key) -> [Request] {
        panels.keyboard?.held = (key, input.now, nil)
        if key == .backspace {
            panels.keyboard?.held?.lastRepeat = input.now
            return typeKey(.backspace)
        }
        return []
    }

    /// A key was let go (`onIt`: on the key it went down on): it types, unless it is Backspace
    /// (which typed when pressed) or a letter whose accents opened (which waits for a choice).
    mutating func releaseKey(_ key: OnScreenKeyboard.Key, onIt: Bool) -> [Request] {
        let heldKey = panels.keyboard?.held?.key
        panels.keyboard?.held = nil
        guard onIt, key != .backspace else { return [] }
        if case .character = key, panels.keyboard?.accents != nil, heldKey == key { return [] }
        return typeKey(key)
    }

    /// When the held key next does something by itself (a repeat, the accents).
    var keyboardDeadline: Double? {
        guard let keyboard = panels.keyboard, let held = keyboard.held else { return nil }
        switch held.key {
        case .backspace:
            let last = held.lastRepeat ?? held.since
            return max(held.since + OnScreenKeyboard.holdSeconds, last + OnScreenKeyboard.repeatSeconds)
        case .character(let letter) where keyboard.accents == nil && !OnScreenKeyboard.accents(of: letter).isEmpty:
            return held.since + OnScreenKeyboard.holdSeconds
        default:
            return nil
        }
    }

    /// Lets a held key act: Backspace repeats, a letter opens its accents.
    mutating func tickKeyboard(at time: Double) -> [Request] {
        guard let deadline = keyboardDeadline, time >= deadline, let held = panels.keyboard?.held else { return [] }
        switch held.key {
        case .backspace:
            panels.keyboard?.held?.lastRepeat = time
            return typeKey(.backspace)
        case .character(let letter):
            panels.keyboard?.accents = OnScreenKeyboard.Accents(base: letter, choices: OnScreenKeyboard.accents(of: letter))
            needsRedraw = true
            return []
        default:
            return []
        }
    }

    /// What a key does: typing goes the way a hardware key's would, into the field with the focus.
    mutating func typeKey(_ key: OnScreenKeyboard.Key) -> [Request] {
        guard var keyboard = panels.keyboard else { return [] }
        needsRedraw = true
        if let text = keyboard.text(of: key) {
            keyboard.typed()
            keyboard.accents = nil
            panels.keyboard = keyboard
            return typed(.text(text))
        }
        switch key {
        case .shift:
            keyboard.pressShift()
            panels.keyboard = keyboard
        case .page(let page):
            keyboard.page = page
            keyboard.accents = nil
            panels.keyboard = keyboard
        case .hide:
            hideKeyboard()
            input.keyboardDismissed = true
        case .backspace:
            return typed(.key(.backspace, modifiers: []))
        case .enter:
            let shifted = keyboard.shift != .off
            keyboard.typed()
            panels.keyboard = keyboard
            return typed(.key(.return, modifiers: shifted ? .shift : []))
        default:
            break
        }
        return []
    }

    /// The keyboard's text or key, handled as a hardware keyboard's is (but not counted as one).
    private mutating func typed(_ event: InputEvent) -> [Request] {
        if panels.dialog != nil { return handleDialog(event) }
        switch event {
        case .text(let text): return handleText(text)
        case .key(let key, let modifiers): return handleKey(key, modifiers: modifiers)
        default: return []
        }
    }
}
