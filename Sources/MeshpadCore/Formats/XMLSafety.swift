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
        case 23, 24, 26: return "an entity or '&' is malformed"
        case 64: return "there is text before the XML declaration"
        default: return "XML error \(code)"
        }
    }
}
