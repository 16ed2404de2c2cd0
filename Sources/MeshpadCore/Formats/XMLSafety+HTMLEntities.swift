import Foundation

extension XMLSafety {
    /// Bytes ready for the XML parser, and how to find a place in them in the file as written.
    struct EntityRewrite {
        var data: Data
        /// Where a reference was replaced by one of another length: from `offset` on (in the
        /// rewritten bytes, just past the replacement) the bytes sit `delta` further on than in the
        /// file. Usually empty: a replacement is padded to the length of what it replaces.
        var shifts: [(offset: Int, delta: Int)] = []

        /// The line and column in the file as written of a place the parser reported in `data`.
        /// Lines never move (no replacement holds a line break); columns after a replacement that
        /// changed the length on the same line move back by the difference.
        func originalPlace(line: Int, column: Int) -> (line: Int, column: Int) {
            guard !shifts.isEmpty, line > 0, column > 0 else { return (line, column) }
            var lineStart = 0
            var seenLines = 1
            var index = data.startIndex
            while seenLines < line, index < data.endIndex {
                if data[index] == 0x0A { seenLines += 1 }
                index += 1
                lineStart += 1
            }
            let position = lineStart + column - 1
            let delta = shifts.lazy.filter { $0.offset > lineStart && $0.offset <= position }.reduce(0) { $0 + $1.delta }
            return (line, column - delta)
        }
    }

    /// Turns HTML's named entities (`&nbsp;`, `&eacute;`, `&mdash;` …, `HTMLEntities`) into
    /// numeric character references before the XML parser sees them, outside comments, CDATA
    /// sections and processing instructions, where `&` is only a character. XML's five are left
    /// to the parser.
    ///
    /// `&eacute;` becomes `&#00233;`: leading zeros pad the reference to the length it replaces,
    /// so the parser's columns stay those of the file. Data without such an entity is returned
    /// as it is, not copied: one `memchr` pass finds every `&`, and only an `&` followed by a
    /// name and `;` is looked at further.
    ///
    /// - Throws: `malformed` naming the place of the first `&name;` that neither XML nor HTML
    ///   defines (`the entity &foo; is not defined`). The parser would refuse it too, without
    ///   saying which.
    static func resolvingHTMLEntities(_ data: Data, format: String) throws(FormatError) -> EntityRewrite {
        let scan = data.withUnsafeBytes { bytes in
            var scanner = EntityScan(bytes: bytes)
            return scanner.run()
        }
        switch scan {
        case .unchanged:
            return EntityRewrite(data: data)
        case .undefined(let name, let offset):
            let (line, column) = lineAndColumn(ofOffset: offset, in: Array(data.prefix(offset)))
            let shown = name.count > 40 ? String(name.prefix(40)) + "…" : name
            throw FormatError(format: format, reason: .malformed(line: line, column: column,
                detail: "the entity &\(shown); is not defined (neither XML nor HTML has it; write the character itself or a numeric reference such as &#233;)"))
        case .replacements(let replacements):
            var out: [UInt8] = []
            out.reserveCapacity(data.count + replacements.count * 2)
            var shifts: [(offset: Int, delta: Int)] = []
            data.withUnsafeBytes { bytes in
                var copied = 0
                for replacement in replacements {
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied..<replacement.range.lowerBound]))
                    let before = out.count
                    appendCharacterReference(replacement.scalar, length: replacement.range.count, to: &out)
                    copied = replacement.range.upperBound
                    let delta = (out.count - before) - replacement.range.count
                    if delta != 0 { shifts.append((out.count, delta)) }
                }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[copied...]))
            }
            return EntityRewrite(data: Data(out), shifts: shifts)
        }
    }

    /// Appends `&#`, the code point in decimal, zero-padded to `length` bytes where it fits, and `;`.
    static func appendCharacterReference(_ scalar: Unicode.Scalar, length: Int, to out: inout [UInt8]) {
        var digits: [UInt8] = []
        var value = scalar.value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
        } while value > 0
        out.append(UInt8(ascii: "&"))
        out.append(UInt8(ascii: "#"))
        for _ in 0..<max(0, length - 3 - digits.count) { out.append(UInt8(ascii: "0")) }
        out.append(contentsOf: digits.reversed())
        out.append(UInt8(ascii: ";"))
    }
}

/// One pass over raw XML bytes finding the entity references XML does not define.
private struct EntityScan {
    enum Outcome {
        case unchanged
        case replacements([(range: Range<Int>, scalar: Unicode.Scalar)])
        case undefined(name: String, offset: Int)
    }

    let bytes: UnsafeRawBufferPointer
    /// How far the markup (comments, CDATA, processing instructions) has been followed.
    private var markupCursor = 0
    /// The end marker of the comment, CDATA section or processing instruction `markupCursor` is in.
    private var openSection: [UInt8]?

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    mutating func run() -> Outcome {
        guard let base = bytes.baseAddress else { return .unchanged }
        var replacements: [(range: Range<Int>, scalar: Unicode.Scalar)] = []
        var index = 0
        while index < bytes.count,
              let found = memchr(base + index, Int32(UInt8(ascii: "&")), bytes.count - index) {
            let ampersand = base.distance(to: UnsafeRawPointer(found))
            index = ampersand + 1
            guard index < bytes.count, Self.isLetter(bytes[index]) else { continue }
            var end = index
            while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            index = end + 1
            // why: most `&` in a map are XML's own (`&amp;`, `&lt;`); only the rest need the
            // slower question of whether they sit in a comment or CDATA section.
            if HTMLEntities.xmlPredefined.contains(name) || isInsideLiteralSection(ampersand) { continue }
            guard let scalar = HTMLEntities.scalars[name] else { return .undefined(name: name, offset: ampersand) }
            replacements.append((ampersand..<index, scalar))
        }
        return replacements.isEmpty ? .unchanged : .replacements(replacements)
    }

    /// Whether `offset` is inside a comment, CDATA section or processing instruction, following
    /// the markup from where the last question left it (offsets are asked in increasing order).
    private mutating func isInsideLiteralSection(_ offset: Int) -> Bool {
        while markupCursor < offset {
            if let marker = openSection {
                guard let end = find(marker, from: markupCursor) else { return true }
                if end >= offset { markupCursor = offset; return true }
                markupCursor = end + marker.count
                openSection = nil
                continue
            }
            guard let open = find([UInt8(ascii: "<")], from: markupCursor), open < offset else {
                markupCursor = offset
                return false
            }
            if starts(with: "<!--", at: open) {
                openSection = Array("-->".utf8)
                markupCursor = open + 4
            } else if starts(with: "<![CDATA[", at: open) {
                openSection = Array("]]>".utf8)
                markupCursor = open + 9
            } else if starts(with: "<?", at: open) {
                openSection = Array("?>".utf8)
                markupCursor = open + 2
            } else {
                markupCursor = open + 1
            }
        }
        return openSection != nil
    }

    private func find(_ marker: [UInt8], from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = marker.first else { return nil }
        var index = start
        while index < bytes.count, let found = memchr(base + index, Int32(first), bytes.count - index) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if at + marker.count <= bytes.count, marker.indices.allSatisfy({ bytes[at + $0] == marker[$0] }) { return at }
            index = at + 1
        }
        return nil
    }

    private func starts(with prefix: StaticString, at offset: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { prefixBytes in
            (0..<count).allSatisfy { bytes[offset + $0] == prefixBytes[$0] }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Bytes an entity name may hold after its first letter, as XML's `Name` allows them
    /// (non-ASCII bytes included, so a non-ASCII name is reported whole).
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }
}
