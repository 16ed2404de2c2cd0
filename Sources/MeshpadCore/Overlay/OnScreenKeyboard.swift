/// Meshpad's own on-screen keyboard: what a tablet or kiosk with no keyboard types with.
///
/// On X11 (and XWayland) no system keyboard comes up for an SDL window, so Meshpad draws one.
/// It types through the same path as real keys (the node editor, the search bar, a dialog's
/// field), so undo, input rules and grapheme handling are the same. A QWERTY page, a numbers and
/// symbols page and a second symbols page; Shift for one letter, a second Shift for Caps; a long
/// press on a letter offers its accented forms; Backspace repeats while held.
public struct OnScreenKeyboard: Equatable, Sendable {
    public enum Page: Equatable, Sendable {
        case letters, symbols, moreSymbols
    }

    public enum Shift: Equatable, Sendable {
        case off
        /// The next letter only.
        case once
        /// Caps: every letter until Shift is pressed again.
        case locked
    }

    /// A key, by what it does.
    public enum Key: Hashable, Sendable {
        /// Types its text (a letter in lower case: Shift makes it upper case).
        case character(String)
        case shift
        case backspace
        /// Return: done (the text is one step; a dialog confirms); with Shift, a new line.
        case enter
        case space
        case page(Page)
        /// Slides the keyboard away.
        case hide
        /// One of the accented forms offered after a long press.
        case accent(String)
    }

    /// The accented forms a long-pressed letter offers.
    public struct Accents: Equatable, Sendable {
        public var base: String
        public var choices: [String]
    }

    public var page = Page.letters
    public var shift = Shift.off
    public internal(set) var accents: Accents?
    /// How far it has slid up, 0 (hidden) to 1 (shown).
    public internal(set) var slide = 0.0
    /// Sliding away: gone once `slide` reaches 0.
    public internal(set) var isClosing = false
    /// A key held down: Backspace repeats, a letter opens its accents.
    var held: (key: Key, since: Double, lastRepeat: Double?)?

    public init() {}

    public static func == (a: OnScreenKeyboard, b: OnScreenKeyboard) -> Bool {
        a.page == b.page && a.shift == b.shift && a.accents == b.accents && a.slide == b.slide && a.isClosing == b.isClosing
            && a.held?.key == b.held?.key
    }

    /// The rows of the page shown, top to bottom.
    public var rows: [[Key]] { Self.rows(of: page) }

    public static func rows(of page: Page) -> [[Key]] {
        func characters(_ text: String) -> [Key] { text.map { .character(String($0)) } }
        switch page {
        case .letters:
            return [characters("qwertyuiop"), characters("asdfghjkl"),
                    [.shift] + characters("zxcvbnm") + [.backspace],
                    [.page(.symbols), .hide, .character(","), .space, .character("."), .enter]]
        case .symbols:
            return [characters("1234567890"), characters("-/:;()$&@\""),
                    [.page(.moreSymbols)] + characters("?!'%*+=") + [.backspace],
                    [.page(.letters), .hide, .character(","), .space, .character("."), .enter]]
        case .moreSymbols:
            return [characters("[]{}#^_\\|~"), characters("<>€£¥•…«»°"),
                    [.page(.symbols)] + characters("§¶©®™±÷") + [.backspace],
                    [.page(.letters), .hide, .character(","), .space, .character("."), .enter]]
        }
    }

    /// How wide a key is, in key widths.
    public static func width(of key: Key) -> Double {
        switch key {
        case .space: return 4
        case .enter, .shift, .backspace, .page: return 1.5
        default: return 1
        }
    }

    /// What a key shows: the letter it would type now (Shift makes it upper case), or its name.
    public func label(of key: Key) -> String {
        switch key {
        case .character(let text): return shift == .off ? text : text.uppercased()
        case .accent(let text): return shift == .off ? text : text.uppercased()
        case .shift: return shift == .locked ? "⇪" : "⇧"
        case .backspace: return "⌫"
        case .enter: return "Return"
        case .space: return "space"
        case .hide: return "Hide"
        case .page(.letters): return "ABC"
        case .page(.symbols): return page == .moreSymbols ? "123" : "?123"
        case .page(.moreSymbols): return "#+="
        }
    }

    /// What a key types (nil for keys that do something else), with Shift applied.
    public func text(of key: Key) -> String? {
        switch key {
        case .character(let text), .accent(let text): return shift == .off ? text : text.uppercased()
        case .space: return " "
        default: return nil
        }
    }

    /// Shift after a key was typed: a one-letter Shift is used up; Caps stays.
    mutating func typed() {
        if shift == .once { shift = .off }
    }

    /// Shift pressed: off → one letter → Caps → off.
    mutating func pressShift() {
        switch shift {
        case .off: shift = .once
        case .once: shift = .locked
        case .locked: shift = .off
        }
    }

    /// The accented forms of a letter, as the long press offers them.
    public static func accents(of letter: String) -> [String] {
        accentTable[letter.lowercased()] ?? []
    }

    private static let accentTable: [String: [String]] = [
        "a": ["à", "á", "â", "ä", "æ", "ã", "å", "ā"],
        "c": ["ç", "ć", "č"],
        "e": ["è", "é", "ê", "ë", "ē", "ė", "ę"],
        "i": ["î", "ï", "í", "ī", "į", "ì"],
        "l": ["ł"],
        "n": ["ñ", "ń"],
        "o": ["ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
        "s": ["ß", "ś", "š"],
        "u": ["û", "ü", "ù", "ú", "ū"],
        "y": ["ÿ", "ý"],
        "z": ["ž", "ź", "ż"],
    ]

    /// How long a press waits before Backspace repeats or a letter offers its accents, and how
    /// often Backspace then repeats (seconds).
    public static let holdSeconds = 0.5
    public static let repeatSeconds = 0.08
    /// How long the keyboard takes to slide up or down.
    public static let slideSeconds = 0.18
}
