/// FreeMind's and Freeplane's built-in icon names drawn as emoji from the colour-emoji font
/// Meshpad already falls back on, so an icon shows before a node's text without image files.
///
/// Names are the ones FreeMind 0.9–1.0 and Freeplane 1.x write in `<icon BUILTIN=…>`; Freeplane's
/// emoji icons (`emoji-1F600`, `emoji-1F1E9-1F1EA`) carry their code points in the name. A name
/// with no glyph here is drawn as a small bullet, so the node still says it has an icon (and the
/// name is kept, and written back, whatever is drawn).
public enum IconGlyphs {
    public static func glyph(for name: String) -> String {
        if let glyph = table[name] { return glyph }
        if name.hasPrefix("emoji-") {
            let scalars = name.dropFirst(6).split(separator: "-").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            if !scalars.isEmpty { return String(String.UnicodeScalarView(scalars)) }
        }
        return "•"
    }

    /// The icons' glyphs as they stand before a node's text.
    public static func prefix(for icons: [String]) -> String {
        icons.isEmpty ? "" : icons.map(glyph(for:)).joined() + " "
    }

    static let table: [String: String] = [
        "idea": "💡", "yes": "❗", "help": "❓", "messagebox_warning": "⚠️", "button_ok": "✅", "button_cancel": "❌",
        "stop": "🛑", "stop-sign": "🛑", "go": "🟢", "prepare": "🟡", "closed": "⛔", "info": "ℹ️", "launch": "🚀",
        "bookmark": "🔖", "attach": "📎", "clanbomber": "💣", "desktop_new": "🖥️", "list": "📋", "edit": "✏️", "pencil": "✏️",
        "kaddressbook": "📇", "knotify": "🔔", "bell": "🔔", "korn": "📬", "Mail": "✉️", "password": "🔑", "wizard": "🧙",
        "xmag": "🔍", "licq": "🌼", "freemind_butterfly": "🦋", "broken-line": "〰️", "calendar": "📅", "clock": "🕒",
        "hourglass": "⌛", "gohome": "🏠", "family": "👪", "female1": "👩", "female2": "👩", "male1": "👨", "male2": "👨",
        "fema": "🚺", "ksmiletris": "🙂", "smiley-neutral": "😐", "smiley-oh": "😮", "smiley-angry": "😠", "smily_bad": "☹️",
        "up": "⬆️", "down": "⬇️", "forward": "➡️", "back": "⬅️", "penguin": "🐧", "addition": "➕", "subtraction": "➖",
        "multiply": "✖️", "division": "➗", "very_positive": "👍", "positive": "👍", "negative": "👎", "very_negative": "👎",
        "star": "⭐", "flag": "🚩", "flag-red": "🚩", "flag-black": "🏴", "flag-green": "🟩", "flag-yellow": "🟨",
        "flag-orange": "🟧", "flag-pink": "🩷", "flag-blue": "🟦", "checked": "✅", "unchecked": "🔲", "0%": "○", "25%": "◔",
        "50%": "◑", "75%": "◕", "100%": "●", "full-0": "0️⃣", "full-1": "1️⃣", "full-2": "2️⃣", "full-3": "3️⃣", "full-4": "4️⃣",
        "full-5": "5️⃣", "full-6": "6️⃣", "full-7": "7️⃣", "full-8": "8️⃣", "full-9": "9️⃣", "revision": "🔁", "folder": "📁",
        "home": "🏠", "internet": "🌐", "image": "🖼️", "executable": "⚙️", "audio": "🔊", "video": "🎬", "text": "📄",
        "links/file/generic": "📄", "links/web": "🌐",
    ]
}
