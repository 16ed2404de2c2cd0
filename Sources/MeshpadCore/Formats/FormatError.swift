/// Why a file could not be read or written, in words that name what and where.
public struct FormatError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        /// Syntax: the file is not well-formed JSON / XML. Line and column are 1-based; 0 = unknown.
        case malformed(line: Int, column: Int, detail: String)
        /// Well-formed, but not a map of this format (`detail` says what is missing or wrong).
        case notAMap(detail: String)
        /// A native file from a newer Meshpad: refused, never misread.
        case newerVersion(found: Int, supported: Int)
        /// An XML document type with entity declarations (external entities, expansion bombs).
        case entityDeclarations
        case tooLarge(bytes: Int, limit: Int)
        case invalidMap(DocumentError)
        case unknownFormat(detail: String)
        case unreadable(detail: String)
        case unwritable(detail: String)
    }

    public var path: String?
    public var format: String
    public var reason: Reason

    public init(path: String? = nil, format: String, reason: Reason) {
        self.path = path
        self.format = format
        self.reason = reason
    }

    public func at(_ path: String) -> FormatError {
        var copy = self
        copy.path = path
        return copy
    }

    public var description: String {
        let place: String
        if case .malformed(let line, let column, _) = reason, line > 0 {
            place = "\(path ?? format):\(line):\(column): "
        } else {
            place = "\(path ?? format): "
        }
        switch reason {
        case .malformed(_, _, let detail):
            return place + "not a valid \(format) file: \(detail)"
        case .notAMap(let detail):
            // "an XMind map", "an OPML map": the article goes by how the name is said.
            let article = format.first.map { "AEIOX".contains($0) } == true ? "an" : "a"
            return place + "not \(article) \(format) map: \(detail)"
        case .newerVersion(let found, let supported):
            return place + "written by a newer Meshpad (format version \(found); this one reads up to \(supported)). Update Meshpad to open it; the file was not changed."
        case .entityDeclarations:
            return place + "refused: the file declares XML entities (<!DOCTYPE ... <!ENTITY>), which mind maps never need and attacks use (external files, expansion bombs)"
        case .tooLarge(let bytes, let limit):
            return place + "refused: \(bytes / (1 << 20)) MiB is over the \(limit / (1 << 20)) MiB limit for a map"
        case .invalidMap(let error):
            return place + "not a valid map: \(error.description)"
        case .unknownFormat(let detail):
            return place + detail
        case .unreadable(let detail):
            return place + "cannot read it: \(detail)"
        case .unwritable(let detail):
            return place + "cannot write it: \(detail)"
        }
    }
}

/// Converts a byte offset into a 1-based line and column (columns count bytes, as parsers do).
func lineAndColumn(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1, column = 1
    for byte in bytes.prefix(max(0, min(offset, bytes.count))) {
        if byte == 0x0A { line += 1; column = 1 } else { column += 1 }
    }
    return (line, column)
}
