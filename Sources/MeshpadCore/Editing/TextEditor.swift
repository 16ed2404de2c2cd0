/// The text of a node being edited: caret, selection and input-method composition.
///
/// Positions are offsets in grapheme clusters (what a person sees as one character: `é` made
/// of `e` and a combining accent, a flag, a family emoji, a Hangul syllable), so the caret never
/// lands inside one and Backspace removes what the eye sees. `composition` is text an input
/// method is still composing: it is shown at the caret but is not part of `text` until the
/// input method commits it (as an ordinary text event).
public struct TextEditor: Equatable, Sendable {
    public private(set) var text: String
    /// Where the caret is, as a grapheme offset into `text`.
    public private(set) var caret: Int
    /// The other end of the selection; equal to `caret` when nothing is selected.
    public private(set) var anchor: Int
    public private(set) var composition = ""
    /// The input method's cursor inside `composition`, in graphemes.
    public private(set) var compositionCursor = 0

    private struct Snapshot: Equatable, Sendable {
        var text: String
        var caret: Int
        var anchor: Int
    }

    /// Earlier states for Ctrl+Z inside the editor; typing a run of letters is one step.
    private var history: [Snapshot] = []
    private var future: [Snapshot] = []
    private var lastEditWasTyping = false

    /// Starts editing `text` with the caret at its end (or everything selected).
    public init(text: String, selectAll: Bool = false) {
        self.text = text
        caret = text.count
        anchor = selectAll ? 0 : text.count
    }

    public var hasSelection: Bool { caret != anchor }
    public var selectionRange: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    public var selectedText: String { String(text[range(selectionRange)]) }
    public var isComposing: Bool { !composition.isEmpty }

    /// `text` with the composition shown at the caret: what is drawn.
    public var displayText: String {
        guard isComposing else { return text }
        let at = index(caret)
        return String(text[..<at]) + composition + String(text[at...])
    }

    /// The caret in `displayText`: inside the composition where the input method puts it.
    public var displayCaret: Int { caret + (isComposing ? compositionCursor : 0) }

    // MARK: - Typing

    /// Types text at the caret, replacing the selection. Tabs become spaces; other control
    /// characters but newlines are dropped (a paste of binary junk must not reach the label).
    public mutating func insert(_ typed: String) {
        var scalars = String.UnicodeScalarView()
        for scalar in typed.unicodeScalars {
            if scalar == "\t" { scalars.append(" ") } else if scalar == "\n" || (scalar.value >= 0x20 && scalar.value != 0x7F) { scalars.append(scalar) }
        }
        let clean = String(scalars)
        guard !clean.isEmpty || hasSelection else { return }
        remember(typing: !clean.contains(" ") && !clean.contains("\n") && !hasSelection)
        let range = selectionRange
        let before = String(text[..<index(range.lowerBound)])
        text = before + clean + String(text[index(range.upperBound)...])
        // why: counted on the joined prefix, so a combining mark typed after a letter leaves the
        // caret after the one cluster they make together.
        caret = min((before + clean).count, text.count)
        anchor = caret
    }

    /// Backspace: the selection, or the grapheme before the caret; with `word`, back to the start of the word.
    public mutating func deleteBackward(word: Bool = false) {
        if !hasSelection {
            guard caret > 0 else { return }
            anchor = word ? wordStart(before: caret) : caret - 1
        }
        remember(typing: false)
        removeSelection()
    }

    /// Delete: the selection, or the grapheme after the caret; with `word`, to the end of the word.
    public mutating func deleteForward(word: Bool = false) {
        if !hasSelection {
            guard caret < text.count else { return }
            anchor = word ? wordEnd(after: caret) : caret + 1
        }
        remember(typing: false)
        removeSelection()
    }

    /// Takes the selection out and returns it (Ctrl+X).
    public mutating func cut() -> String {
        let taken = selectedText
        guard hasSelection else { return "" }
        remember(typing: false)
        removeSelection()
        return taken
    }

    private mutating func removeSelection() {
        let range = selectionRange
        text = String(text[..<index(range.lowerBound)]) + String(text[index(range.upperBound)...])
        caret = range.lowerBound
        anchor = caret
    }

    // MARK: - Caret

    public enum Motion: Sendable {
        case left, right, wordLeft, wordRight, lineStart, lineEnd, up, down, start, end
    }

    /// Moves the caret; `extending` moves only the caret end of the selection (Shift held).
    /// Without it, Left and Right first collapse a selection to its near end.
    public mutating func move(_ motion: Motion, extending: Bool = false) {
        lastEditWasTyping = false
        if hasSelection && !extending && (motion == .left || motion == .right) {
            caret = motion == .left ? selectionRange.lowerBound : selectionRange.upperBound
            anchor = caret
            return
        }
        let target: Int
        switch motion {
        case .left: target = max(caret - 1, 0)
        case .right: target = min(caret + 1, text.count)
        case .wordLeft: target = wordStart(before: caret)
        case .wordRight: target = wordEnd(after: caret)
        case .lineStart: target = lineBounds(of: caret).lowerBound
        case .lineEnd: target = lineBounds(of: caret).upperBound
        case .up, .down:
            let line = lineBounds(of: caret)
            let column = caret - line.lowerBound
            if motion == .up {
                guard line.lowerBound > 0 else { target = 0; break }
                let previous = lineBounds(of: line.lowerBound - 1)
                target = min(previous.lowerBound + column, previous.upperBound)
            } else {
                guard line.upperBound < text.count else { target = text.count; break }
                let next = lineBounds(of: line.upperBound + 1)
                target = min(next.lowerBound + column, next.upperBound)
            }
        case .start: target = 0
        case .end: target = text.count
        }
        caret = target
        if !extending { anchor = caret }
    }

    public mutating func selectAll() {
        lastEditWasTyping = false
        anchor = 0
        caret = text.count
    }

    /// Puts the caret at a grapheme offset (a tap in the text), clamped to the text.
    public mutating func place(caretAt offset: Int, extending: Bool = false) {
        lastEditWasTyping = false
        caret = min(max(offset, 0), text.count)
        if !extending { anchor = caret }
    }

    // MARK: - Input method

    /// The input method's text in progress (`SDL_TEXTEDITING`); empty ends the composition.
    /// `cursor` counts Unicode scalars, as SDL reports it.
    public mutating func setComposition(_ composing: String, cursor: Int) {
        if !composing.isEmpty && hasSelection {
            remember(typing: false)
            removeSelection()
        }
        composition = composing
        let scalars = composing.unicodeScalars
        let cut = scalars.index(scalars.startIndex, offsetBy: min(max(cursor, 0), scalars.count))
        compositionCursor = String(scalars[..<cut]).count
    }

    // MARK: - Undo inside the editor

    public var canUndo: Bool { !history.isEmpty }
    public var canRedo: Bool { !future.isEmpty }

    public mutating func undo() {
        guard let previous = history.popLast() else { return }
        future.append(Snapshot(text: text, caret: caret, anchor: anchor))
        restore(previous)
    }

    public mutating func redo() {
        guard let next = future.popLast() else { return }
        history.append(Snapshot(text: text, caret: caret, anchor: anchor))
        restore(next)
    }

    private mutating func restore(_ snapshot: Snapshot) {
        text = snapshot.text
        caret = snapshot.caret
        anchor = snapshot.anchor
        composition = ""
        compositionCursor = 0
        lastEditWasTyping = false
    }

    private mutating func remember(typing: Bool) {
        future.removeAll()
        if !(typing && lastEditWasTyping) {
            history.append(Snapshot(text: text, caret: caret, anchor: anchor))
        }
        lastEditWasTyping = typing
    }

    // MARK: - Positions

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(offset, 0), text.count))
    }

    private func range(_ offsets: Range<Int>) -> Range<String.Index> {
        index(offsets.lowerBound)..<index(offsets.upperBound)
    }

    private static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "'"
    }

    /// Back over separators, then over the word before them.
    private func wordStart(before offset: Int) -> Int {
        let characters = Array(text)
        var i = min(offset, characters.count)
        while i > 0 && !Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0 && Self.isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    /// Forward over separators, then over the word after them.
    private func wordEnd(after offset: Int) -> Int {
        let characters = Array(text)
        var i = max(offset, 0)
        while i < characters.count && !Self.isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count && Self.isWordCharacter(characters[i]) { i += 1 }
        return i
    }

    /// The offsets of the logical line (between newlines) holding `offset`.
    private func lineBounds(of offset: Int) -> Range<Int> {
        let characters = Array(text)
        var start = min(max(offset, 0), characters.count)
        while start > 0 && characters[start - 1] != "\n" { start -= 1 }
        var end = min(max(offset, 0), characters.count)
        while end < characters.count && characters[end] != "\n" { end += 1 }
        return start..<end
    }
}
