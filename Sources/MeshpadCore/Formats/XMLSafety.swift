import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Checks done on raw XML before any parser sees it.
enum XMLSafety {
    /// Refuses a document type that declares entities: mind maps never need them, and they are how
    /// external-entity reads and expansion bombs ("billion laughs") get in. Only the prolog (what
    /// comes before the first element) can hold a DOCTYPE, so only that is scanned.
    static func checkProlog(_ data: Data, format: String) throws(FormatError) {
        let prologEnd = prologLength(data)
        let prolog = String(decoding: data.prefix(prologEnd), as: UTF8.self).uppercased()
        if prolog.contains("<!ENTITY") || (prolog.contains("<!DOCTYPE") && prolog.contains("[")) {
            throw FormatError(format: format, reason: .entityDeclarations)
        }
    }

    /// Encodings read besides UTF-8: single-byte ones, where libxml2 turns every byte into a
    /// valid character before any name reaches Foundation.
    static let singleByteEncodings: Set<String> = ["iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso-8859-15", "windows-1252", "cp1252"]

    /// Refuses text that is not valid UTF-8 in a document read as UTF-8 (no encoding declared,
    /// or UTF-8 or ASCII declared), naming the line and column of the first bad byte, and refuses
    /// a declared encoding it does not know.
    ///
    /// why: swift-corelibs-foundation's XMLParser traps (crashes the app) when an element or
    /// attribute name is not valid UTF-8, and libxml2 passes such names on, also under an encoding
    /// it does not know. Found by `make fuzz`.
    static func checkEncoding(_ data: Data, format: String) throws(FormatError) {
        var head = data.prefix(256)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        let declaration = String(decoding: head, as: UTF8.self).lowercased()
        if declaration.hasPrefix("<?xml"), let end = declaration.firstIndex(of: ">"),
           let encoding = declaration[..<end].range(of: "encoding=") {
            let value = String(declaration[encoding.upperBound...].dropFirst().prefix { $0 != "\"" && $0 != "'" })
            if singleByteEncodings.contains(value) { return }
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value) else {
                throw FormatError(format: format, reason: .malformed(line: 1, column: 1,
                                  detail: "the file is in the encoding '\(value.prefix(40))', which Meshpad does not read (save it as UTF-8)"))
            }
        }
        if String(validating: data, as: UTF8.self) != nil { return }
        var line = 1, column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput:
                return
            case .error:
                throw FormatError(format: format, reason: .malformed(line: line, column: column, detail: "the text is not valid UTF-8"))
            }
        }
    }

    /// Bytes before the first start tag (`<` followed by a letter).
    private static func prologLength(_ data: Data) -> Int {
        var previousWasOpen = false
        var index = 0
        for byte in data {
            if previousWasOpen, (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) { return max(0, index - 1) }
            previousWasOpen = byte == 0x3C
            index += 1
        }
        return data.count
    }
}

/// The first syntax error an `XMLParser` met, with where it was.
///
/// why: on Linux `XMLParser.parse()` can return true after an error (a truncated file, a
/// mismatched end tag); the delegate's error callback is the reliable signal.
final class XMLErrorCatcher {
    private(set) var error: (line: Int, column: Int, detail: String)?

    func record(_ parser: XMLParser, _ error: Error) {
        guard self.error == nil else { return }
        self.error = (parser.lineNumber, parser.columnNumber, Self.sentence(for: (error as NSError).code))
    }

    /// libxml2's error numbers (xmlParserErrors) for the mistakes a damaged map shows.
    static func sentence(for code: Int) -> String {
        switch code {
        case 4, 5: return "the file ends too early (truncated?)"
        case 76: return "an element is closed with the wrong end tag"
        case 73: return "a tag is not closed with '>'"
        case 38, 39, 40, 41: return "an attribute is malformed"
        case 9: return "it contains a character that XML does not allow"
        case 23, 24: return "an '&' does not start a complete entity reference (write &amp; for the character itself)"
        case 26, 27: return "it uses an entity that is not defined"
        case 68: return "a name is missing after '&' or '<' (write &amp; or &lt; for the character itself)"
        case 64: return "there is text before the XML declaration"
        default: return "XML error \(code)"
        }
    }
}

/// The part every XML map reader shares: a refusal of its own, the first syntax error, and
/// whether the root element was closed (a truncated file never closes it). Readers subclass it
/// and override the element callbacks.
class XMLMapReader: NSObject, XMLParserDelegate {
    var failure: FormatError?
    let syntax = XMLErrorCatcher()
    var closedRoot = false
    private var depth = 0

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        syntax.record(parser, parseError)
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        depth += 1
        start(name, attributes: attributes, parser: parser)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        depth -= 1
        if depth == 0 { closedRoot = true }
        end(name)
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        characters(string)
    }

    /// CDATA is text like any other (Freeplane writes formulas and scripts in it).
    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        characters(String(decoding: block, as: UTF8.self))
    }

    /// Subclasses' element callbacks.
    func start(_ name: String, attributes: [String: String], parser: XMLParser) {}
    func end(_ name: String) {}
    func characters(_ text: String) {}
}

enum XMLMapParsing {
    /// Runs `reader` over `data` with external entities off, after the prolog check and with
    /// HTML's named entities read (`resolvingHTMLEntities`), and turns every way the parse can
    /// fail into a `FormatError` naming the line and column in the file as written.
    static func parse(_ data: Data, format: String, with reader: XMLMapReader) throws(FormatError) {
        try XMLSafety.checkProlog(data, format: format)
        try XMLSafety.checkEncoding(data, format: format)
        // why: after the prolog check, so a document type declaring entities is refused before
        // any entity is looked at; the rewrite adds no entity, only character references.
        let rewrite = try XMLSafety.resolvingHTMLEntities(data, format: format)
        // why: given Data, Foundation hands libxml2 the whole file as one chunk, and libxml2
        // refuses a chunk over 10 MB ("internal error"): a 300,000-node map would not open.
        // Read from a stream, it is handed over a few kilobytes at a time.
        let parser = XMLParser(stream: InputStream(data: rewrite.data))
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        if let (line, column, detail) = reader.syntax.error {
            let place = rewrite.originalPlace(line: line, column: column)
            throw FormatError(format: format, reason: .malformed(line: place.line, column: place.column, detail: detail))
        }
        guard ok, reader.closedRoot else {
            let detail = parser.parserError.map { ($0 as NSError).localizedDescription } ?? ""
            let place = rewrite.originalPlace(line: parser.lineNumber, column: parser.columnNumber)
            throw FormatError(format: format, reason: .malformed(line: place.line, column: place.column,
                                                                 detail: detail.isEmpty ? "the XML is broken or truncated" : detail))
        }
    }
}
