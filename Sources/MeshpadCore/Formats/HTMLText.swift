import Foundation

/// Turns HTML (Freeplane's rich node text and notes) into plain text.
///
/// Paragraph-like elements and `<br>` become line breaks, runs of whitespace collapse to one
/// space as a browser would show them, non-breaking spaces become spaces, and `<head>`,
/// `<style>` and `<script>` contribute nothing. Fed element by element, so the same rules serve
/// XHTML parsed by the XML reader and HTML strings scanned by `plainText(fromHTML:)`.
public struct HTMLText {
    private var lines: [String] = [""]
    private var pendingSpace = false
    private var hiddenDepth = 0
    /// Whether `<img>` is taken out as a picture (a node's text) rather than named in the text (a note).
    private let collectsImages: Bool
    /// The `src` of each `<img>`, in order, when images are collected.
    public private(set) var imageSources: [String] = []

    static let blockElements: Set<String> = ["p", "div", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre"]
    static let hiddenElements: Set<String> = ["head", "style", "script", "title"]

    /// `collectingImages`: a node's rich text, whose first picture becomes the node's image;
    /// otherwise (a note) an image is named in the text so it does not read as blank.
    public init(collectingImages: Bool = false) {
        collectsImages = collectingImages
    }

    public mutating func start(_ name: String, attributes: [String: String] = [:]) {
        let name = name.lowercased()
        if name == "img", collectsImages {
            if let source = attributes["src"], !source.isEmpty { imageSources.append(source) }
            return
        }
        if name == "img" {
            // An image-only node would otherwise be blank: name what was there.
            let source = attributes["alt"].flatMap { $0.isEmpty ? nil : $0 }
                ?? attributes["src"].map { ($0 as NSString).lastPathComponent } ?? ""
            text(source.isEmpty ? "[image]" : "[image: \(source)]")
            return
        }
        if Self.hiddenElements.contains(name) { hiddenDepth += 1 }
        if name == "br" { newLine(force: true) } else if Self.blockElements.contains(name) { newLine(force: false) }
    }

    public mutating func end(_ name: String) {
        let name = name.lowercased()
        if Self.hiddenElements.contains(name) { hiddenDepth = max(0, hiddenDepth - 1) }
        if Self.blockElements.contains(name) { newLine(force: false) }
    }

    public mutating func text(_ text: String) {
        guard hiddenDepth == 0 else { return }
        for character in text {
            if character.isWhitespace || character == "\u{A0}" {
                pendingSpace = true
            } else {
                if pendingSpace && !(lines[lines.count - 1].isEmpty) { lines[lines.count - 1].append(" ") }
                pendingSpace = false
                lines[lines.count - 1].append(character)
            }
        }
    }

    private mutating func newLine(force: Bool) {
        pendingSpace = false
        if force || !(lines.last ?? "").isEmpty { lines.append("") }
    }

    /// The text, with leading and trailing blank lines removed.
    public var result: String {
        var trimmed = lines
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        return trimmed.joined(separator: "\n")
    }

    /// Plain text of an HTML string, tolerant of HTML that is not XML (`<br>` unclosed).
    public static func plainText(fromHTML html: String) -> String {
        var converter = HTMLText()
        scan(html) { token in
            switch token {
            case .text(let run): converter.text(decodeEntities(String(run)))
            case .start(let name, let inside): converter.start(name, attributes: attributes(of: inside))
            case .end(let name): converter.end(name)
            }
        }
        return converter.result
    }

    /// Plain text of a node's HTML text and its pictures' sources (`<img src>`), in order.
    public static func textAndImages(fromHTML html: String) -> (text: String, images: [String]) {
        var converter = HTMLText(collectingImages: true)
        scan(html) { token in
            switch token {
            case .text(let run): converter.text(decodeEntities(String(run)))
            case .start(let name, let inside): converter.start(name, attributes: attributes(of: inside))
            case .end(let name): converter.end(name)
            }
        }
        return (converter.result, converter.imageSources)
    }

    /// A piece of an HTML string: a run of text (entities not yet decoded), or a tag with its name
    /// and, for a start tag, its inside (`a href="x"`).
    enum Token {
        case text(Substring)
        case start(String, inside: Substring)
        case end(String)
    }

    /// Splits HTML into text and tags as a browser does: `<` starts a tag only before a letter
    /// (or `/` and a letter), so `a < b` is text; comments, `<!…>` and `<?…?>` are skipped.
    static func scan(_ html: String, _ visit: (Token) -> Void) {
        var index = html.startIndex
        var textStart = index
        func flushText(upTo end: String.Index) {
            if textStart < end { visit(.text(html[textStart..<end])) }
        }
        while let open = html[index...].firstIndex(of: "<") {
            let after = html[html.index(after: open)...]
            let isEnd = after.first == "/"
            let nameStart = isEnd ? after.dropFirst() : after
            let startsName = nameStart.first.map { $0.isASCII && $0.isLetter } ?? false
            guard let first = after.first, first == "!" || first == "?" || startsName else {
                index = html.index(after: open)
                continue
            }
            flushText(upTo: open)
            if after.hasPrefix("!--") {
                index = after.range(of: "-->")?.upperBound ?? html.endIndex
            } else {
                let close = after.firstIndex(of: ">") ?? html.endIndex
                let inside = nameStart[..<close]
                let name = String(inside.prefix { $0.isLetter || $0.isNumber })
                if first != "!" && first != "?" { isEnd ? visit(.end(name)) : visit(.start(name, inside: inside)) }
                index = close < html.endIndex ? html.index(after: close) : close
            }
            textStart = index
        }
        flushText(upTo: html.endIndex)
    }

    /// The attributes of a tag's inside (`img src="a.png" alt='x'`), values entity-decoded.
    static func attributes(of tag: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = tag.drop { $0.isLetter || $0.isNumber }
        while let eq = rest.firstIndex(of: "=") {
            let name = rest[..<eq].trimmingCharacters(in: .whitespaces).lowercased()
            var value = rest[rest.index(after: eq)...].drop { $0 == " " }
            guard let quote = value.first, quote == "\"" || quote == "'" else { break }
            value = value.dropFirst()
            guard let close = value.firstIndex(of: quote) else { break }
            result[String(name.split(separator: " ").last ?? "")] = decodeEntities(String(value[..<close]))
            rest = value[value.index(after: close)...]
        }
        return result
    }

    /// Decodes XML's five entities, HTML's named ones (`&eacute;`, `HTMLEntities`) and numeric
    /// references; an `&` that starts none of them stays as it is (`AT&T`, `a & b`).
    public static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[amp...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = after.dropFirst()
                continue
            }
            let name = after[after.index(after: amp)..<semicolon]
            var decoded: String?
            switch name {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            default:
                if let scalar = HTMLEntities.scalars[String(name)] {
                    decoded = String(Character(scalar))
                } else if name.hasPrefix("#x") || name.hasPrefix("#X"), let code = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                    decoded = String(Character(scalar))
                } else if name.hasPrefix("#"), let code = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(code) {
                    decoded = String(Character(scalar))
                }
            }
            if let decoded {
                result += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after.dropFirst()
            }
        }
        result += rest
        return result
    }
}
