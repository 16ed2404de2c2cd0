import Foundation

/// Inline HTML as outliners write it into one line of an outline (Drummer, Fargo, Radio
/// UserLand): `I give it a <a href="…">rating</a> of 5&nbsp;stars`.
extension HTMLText {
    /// The text a reader of the outline sees, and the `href` of every link in it (in order).
    public struct Inline: Equatable, Sendable {
        public var text: String
        public var links: [String]
    }

    /// Elements an outliner's inline HTML uses; `<` and a name not among them is taken as text
    /// by `looksLikeMarkup`, so `Goals & <risks>` stays what it says.
    static let knownElements: Set<String> = [
        "a", "abbr", "b", "big", "blockquote", "br", "center", "cite", "code", "dd", "del", "div", "dl", "dt",
        "em", "font", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "iframe", "img", "ins", "kbd", "li", "mark",
        "object", "ol", "p", "pre", "q", "s", "script", "small", "span", "strike", "strong", "style", "sub", "sup",
        "table", "td", "th", "tr", "tt", "u", "ul",
    ]

    /// Elements whose content a reader does not see as text.
    static let inlineHiddenElements: Set<String> = ["head", "style", "script", "title", "iframe", "object"]

    /// Whether `text` holds HTML: a tag of a known element (`<a href=…>`, `</i>`, `<br>`) or an
    /// entity or character reference (`&amp;`, `&eacute;`, `&#8217;`). `a & b`, `x<y` and
    /// `<risks>` do not.
    public static func looksLikeMarkup(_ text: String) -> Bool {
        guard text.contains("<") || text.contains("&") else { return false }
        var rest = Substring(text)
        while let open = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            let after = rest[rest.index(after: open)...]
            if rest[open] == "<" {
                let body = after.first == "/" ? after.dropFirst() : after
                let name = body.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
                let next = body.dropFirst(name.count).first
                if knownElements.contains(name.lowercased()), next == nil || next == ">" || next == "/" || next?.isWhitespace == true {
                    return true
                }
            } else if let semicolon = after.prefix(10).firstIndex(of: ";"), isReference(after[..<semicolon]) {
                return true
            }
            rest = after
        }
        return false
    }

    /// `amp`, `eacute`, `#233`, `#xE9`: the inside of a reference `decodeEntities` reads.
    private static func isReference(_ name: Substring) -> Bool {
        if HTMLEntities.scalars[String(name)] != nil || HTMLEntities.xmlPredefined.contains(String(name)) { return true }
        if name.hasPrefix("#x") || name.hasPrefix("#X") { return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init) != nil }
        if name.hasPrefix("#") { return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init) != nil }
        return false
    }

    /// The text of inline HTML: tags dropped (a link's text kept), entities decoded, `<br>` a
    /// line break and block elements (`<p>`, `<li>`) lines of their own. Other whitespace is kept
    /// as written, so text without tags comes back exactly as `escapedForMarkup` wrote it. An
    /// image shows its `alt` text; a text of images or embedded pages only names them
    /// (`[image: cat.png]`, `[embedded: https://…]`).
    ///
    /// `Read <a href="https://a.example">this</a> &amp; smile` → `Read this & smile`, links
    /// `["https://a.example"]`.
    public static func inlineText(fromHTML html: String) -> Inline {
        var text = ""
        var links: [String] = []
        // why: an outline that is only an image or an embedded page would read as blank.
        var placeholders: [String] = []
        var hiddenDepth = 0
        var pendingBreak = false
        func breakLine() {
            while text.last?.isWhitespace == true { text.removeLast() }
            pendingBreak = true
        }
        scan(html) { token in
            switch token {
            case .text(let run):
                guard hiddenDepth == 0 else { return }
                var decoded = Substring(decodeEntities(String(run)))
                if pendingBreak {
                    decoded = decoded.drop { $0.isWhitespace }
                    guard !decoded.isEmpty else { return }
                    if !text.isEmpty { text += "\n" }
                    pendingBreak = false
                }
                text += decoded
            case .start(let name, let inside):
                let name = name.lowercased()
                if inlineHiddenElements.contains(name) { hiddenDepth += 1 }
                switch name {
                case "br":
                    text += "\n"
                    pendingBreak = false
                case "a":
                    if let href = attributes(of: inside)["href"], !href.isEmpty { links.append(href) }
                case "img":
                    let attributes = attributes(of: inside)
                    if let alt = attributes["alt"], !alt.isEmpty {
                        text += alt
                    } else if let source = attributes["src"] {
                        placeholders.append("[image: \((source as NSString).lastPathComponent)]")
                    }
                case "iframe":
                    if let source = attributes(of: inside)["src"] { placeholders.append("[embedded: \(source)]") }
                default:
                    if blockElements.contains(name) { breakLine() }
                }
            case .end(let name):
                let name = name.lowercased()
                if inlineHiddenElements.contains(name) { hiddenDepth = max(0, hiddenDepth - 1) }
                if blockElements.contains(name) { breakLine() }
            }
        }
        if text.allSatisfy(\.isWhitespace), !placeholders.isEmpty {
            text = placeholders.joined(separator: " ")
        }
        return Inline(text: text, links: links)
    }

    /// Text written so that `inlineText(fromHTML:)` reads it back unchanged: `&`, `<` and `>`
    /// as references. `a <b> c` → `a &lt;b&gt; c`.
    public static func escapedForMarkup(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
