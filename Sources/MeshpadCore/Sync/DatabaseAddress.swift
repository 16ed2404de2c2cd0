import Foundation

/// Where a shared map's database is: a libpq connection string, as a person typed it.
///
/// Either a URL (`postgresql://ann@school/maps?sslmode=require`) or libpq's keyword form
/// (`host=school dbname=maps user=ann`). It is handed to libpq untouched, so `~/.pgpass`,
/// `PGPASSWORD`, `sslmode` and every other libpq setting work as libpq documents them; Meshpad
/// itself only ever shows `redacted`, in which a password is `***`. `scrub` takes the password
/// out of any text (a server's error can quote what it was given).
public struct DatabaseAddress: Equatable, Sendable, CustomStringConvertible {
    /// What libpq is given. Never printed or logged: use `description`.
    public let connectionString: String

    public init(_ connectionString: String) {
        self.connectionString = connectionString
    }

    /// The address with any password replaced by `***`.
    public var description: String { redacted }

    public var redacted: String {
        var text = connectionString
        if let range = urlPasswordRange { text.replaceSubrange(range, with: "***") }
        return Self.maskingKeyword("password", in: text)
    }

    /// `text` with the password, wherever it appears, replaced by `***`.
    public func scrub(_ text: String) -> String {
        var result = text
        for secret in passwords where !secret.isEmpty { result = result.replacingOccurrences(of: secret, with: "***") }
        return result
    }

    /// The passwords the string holds (a URL's user info and a `password=` keyword or parameter).
    var passwords: [String] {
        var found: [String] = []
        if let range = urlPasswordRange {
            let raw = String(connectionString[range])
            found.append(raw)
            if let decoded = raw.removingPercentEncoding, decoded != raw { found.append(decoded) }
        }
        found.append(contentsOf: Self.keywordValues("password", in: connectionString))
        return found
    }

    private var isURL: Bool {
        connectionString.hasPrefix("postgresql://") || connectionString.hasPrefix("postgres://")
    }

    /// The password in `scheme://user:PASSWORD@host`.
    private var urlPasswordRange: Range<String.Index>? {
        guard isURL, let schemeEnd = connectionString.range(of: "://") else { return nil }
        let rest = connectionString[schemeEnd.upperBound...]
        // why: user info ends at the last '@' before the path; a password may itself hold '@' only percent-encoded.
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else { return nil }
        return authority.index(after: colon)..<at
    }

    /// The values of `key=value` pairs (keyword form, or a URL's query), quoted values unquoted.
    private static func keywordValues(_ key: String, in text: String) -> [String] {
        keywordValueRanges(key, in: text).map { range in
            var value = String(text[range])
            if value.hasPrefix("'"), value.hasSuffix("'"), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value
        }
    }

    private static func maskingKeyword(_ key: String, in text: String) -> String {
        var result = text
        for range in keywordValueRanges(key, in: text).reversed() { result.replaceSubrange(range, with: "***") }
        return result
    }

    /// Where each value of `key` lies: after `key=` (spaces allowed around '=', as libpq allows)
    /// at the start, after a space, '?' or '&', up to a space or '&' (or the closing quote).
    private static func keywordValueRanges(_ key: String, in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var searchFrom = text.startIndex
        while let found = text.range(of: key, options: .caseInsensitive, range: searchFrom..<text.endIndex) {
            searchFrom = found.upperBound
            let before = found.lowerBound == text.startIndex ? " " : text[text.index(before: found.lowerBound)]
            guard before == " " || before == "?" || before == "&" else { continue }
            var i = found.upperBound
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
            guard i < text.endIndex, text[i] == "=" else { continue }
            i = text.index(after: i)
            while i < text.endIndex, text[i] == " " { i = text.index(after: i) }
            let start = i
            if i < text.endIndex, text[i] == "'" {
                i = text.index(after: i)
                while i < text.endIndex, text[i] != "'" {
                    if text[i] == "\\" { i = text.index(after: i); if i == text.endIndex { break } }
                    i = text.index(after: i)
                }
                if i < text.endIndex { i = text.index(after: i) }
            } else {
                while i < text.endIndex, text[i] != " ", text[i] != "&" { i = text.index(after: i) }
            }
            if start < i { ranges.append(start..<i) }
            searchFrom = i
        }
        return ranges
    }
}
