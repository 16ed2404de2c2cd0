/// The keyboard: a text field's own keys while one has the focus (a node's text, the search
/// bar), and otherwise the action table's keys. Every binding is in the guide's key table,
/// which is generated from the same tables.
extension Workspace {
    mutating func handleKey(_ key: Key, modifiers: KeyModifiers) -> [Request] {
        needsRedraw = true
        let chord = KeyChord(key, modifiers)
        // A menu or the help sheet goes at any key; Escape does nothing more.
        if panels.menu != nil || panels.helpOpen {
            closeMenu()
            panels.helpOpen = false
            if chord == KeyChord(.escape) { return [] }
        }
        if let session = editing {
            // While an input method composes, it owns every key (Return, Backspace, the arrows).
            if session.editor.isComposing { return [] }
            if let command = TextFieldKeys.command(for: chord) {
                runFieldCommand(command)
                return []
            }
        } else if panels.search != nil, let requests = handleSearchKey(chord) {
            return requests
        }
        let typing = editing != nil || panels.search != nil
        if typing && TextFieldKeys.keepsToItself(chord, caret: editing != nil) { return [] }
        if panels.presenting != nil {
            // A presentation takes the arrows, PageUp and PageDown (a clicker's), Space, B and Escape.
            guard let action = ActionTable.presentingAction(for: chord) else { return [] }
            if key.typesText && !modifiers.contains(.ctrl) { input.swallowTextUntil = input.now + 0.05 }
            return perform(action)
        }
        guard let action = ActionTable.action(for: chord) else { return [] }
        // The same press may also type a character (Space, "=", "!"): that text is not typing.
        if key.typesText && !modifiers.contains(.ctrl) { input.swallowTextUntil = input.now + 0.05 }
        return perform(action)
    }

    /// A key of the node's text field.
    private mutating func runFieldCommand(_ command: TextFieldKeys.Command) {
        switch command {
        case .move(let motion, let extending): editText { $0.move(motion, extending: extending) }
        case .deleteBackward(let word): editText { $0.deleteBackward(word: word) }
        case .deleteForward(let word): editText { $0.deleteForward(word: word) }
        case .newLine: editText { $0.insert("\n") }
        case .done: commitEditing()
        case .cancel: cancelEditing()
        }
    }

    /// Keys while the search bar has the focus; nil for keys it leaves to the map (the arrows
    /// still move the selection, the zoom keys with Ctrl still zoom).
    private mutating func handleSearchKey(_ chord: KeyChord) -> [Request]? {
        switch TextFieldKeys.command(for: chord) {
        case .cancel?:
            closeSearch()
        case .done?:
            stepSearch(by: 1)
        case .newLine?:
            stepSearch(by: -1)
        case .deleteBackward(let word)?:
            guard var state = panels.search, !state.query.isEmpty else { return [] }
            if word { state.query = "" } else { state.query.removeLast() }
            panels.search = state
            searchChanged()
        default:
            // Ctrl+F with the bar open keeps it open (the toolbar's button closes it).
            return chord == KeyChord(.f, .ctrl) ? [] : nil
        }
        return []
    }

    /// Typed text: into the node being edited, the search bar, or (typing on a selected node)
    /// a new edit of the focused node that replaces its text.
    mutating func handleText(_ text: String) -> [Request] {
        needsRedraw = true
        // why: typing on the slide's selected node would edit the map mid-talk.
        if panels.presenting != nil && editing == nil && panels.search == nil { return [] }
        if editing != nil {
            editText { $0.insert(text) }
        } else if panels.search != nil {
            typeIntoSearch(text)
        } else if let focus = selection.focus, !document.isHidden(focus), selection.contains(focus) {
            guard lockdown.allows(.editText) else {
                refuseChange()
                return []
            }
            beginEditing(focus, replacingWith: text)
        }
        return []
    }
}

/// The keys a text field keeps for itself: caret movement, deleting, Return and Escape. The
/// node editor and the search bar share them; what "done" and "cancel" mean is each field's.
enum TextFieldKeys {
    enum Command: Equatable {
        case move(TextEditor.Motion, extending: Bool)
        case deleteBackward(word: Bool)
        case deleteForward(word: Bool)
        /// Shift+Return: a line break in a node; the previous match in search.
        case newLine
        /// Return: the text is done (the next match in search).
        case done
        /// Escape.
        case cancel
    }

    static func command(for chord: KeyChord) -> Command? {
        let shift = chord.modifiers.contains(.shift)
        let ctrl = chord.modifiers.contains(.ctrl)
        guard chord.modifiers.isSubset(of: [.shift, .ctrl]) else { return nil }
        switch chord.key {
        case .left: return .move(ctrl ? .wordLeft : .left, extending: shift)
        case .right: return .move(ctrl ? .wordRight : .right, extending: shift)
        case .up where !ctrl: return .move(.up, extending: shift)
        case .down where !ctrl: return .move(.down, extending: shift)
        case .home: return .move(ctrl ? .start : .lineStart, extending: shift)
        case .end: return .move(ctrl ? .end : .lineEnd, extending: shift)
        case .backspace: return .deleteBackward(word: ctrl)
        case .delete: return .deleteForward(word: ctrl)
        case .return, .keypadEnter:
            guard !ctrl else { return nil }
            return shift ? .newLine : .done
        case .escape where chord.modifiers.isEmpty: return .cancel
        default: return nil
        }
    }

    /// Keys that go nowhere else while a field has the focus: whatever types a character
    /// (its text arrives on its own), and, in a field with a caret, the caret keys. Chords with
    /// Ctrl, Alt or Meta are commands, and pass.
    static func keepsToItself(_ chord: KeyChord, caret: Bool) -> Bool {
        guard chord.modifiers.isDisjoint(with: [.ctrl, .alt, .meta]) else { return false }
        if chord.key.typesText { return true }
        switch chord.key {
        case .backspace, .delete, .return, .keypadEnter, .escape: return true
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown: return caret
        default: return false
        }
    }
}
