import Foundation

/// The fast path for reading `.meshpad`: one walk over the bytes that fills the same stored
/// records `JSONDecoder` would, for the shape Meshpad writes, and hands each node and edge
/// record on as it is read (to `NativeFormat.Records`, which makes it a node or an edge at once).
///
/// Foundation's `JSONDecoder` spends about a second on a 100k-node map, most of it building
/// keyed containers for every node. This reader knows the few keys a node and an edge have and
/// reads them straight into `StoredNode` / `StoredEdge`. It does not judge a file: anything it
/// does not expect — a key it does not know, a value of another type, bytes that are not UTF-8,
/// broken JSON — makes it give up (`nil`), and the caller decodes the file the slow, thorough way,
/// which either reads it or says exactly what is wrong. So the two paths cannot disagree on what a
/// file means; the fast one only covers fewer files. The `freemind` part (kept `.mm` records, a
/// few per cent of nodes at most) and the `presentations` (a few slides) are handed to
/// `JSONDecoder` as the slices they occupy.
struct NativeReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let data: Data
    private var index = 0

    /// Why the fast path gave up; never shown (the slow path then says what is wrong).
    struct GaveUp: Error {}

    /// The file's records, or nil when the slow path must decide.
    static func file(from data: Data) -> NativeFormat.File? {
        var collected = CollectedRecords()
        guard let envelope = read(data, into: &collected) else { return nil }
        return NativeFormat.File(envelope, nodes: collected.nodes, edges: collected.edges)
    }

    /// Reads the file, handing each node and edge record to `sink` as it is read, and returns
    /// the rest; nil when the slow path must decide (the sink may then hold some records, which
    /// the caller drops).
    static func read<Sink: NativeRecordSink>(_ data: Data, into sink: inout Sink) -> NativeFormat.Envelope? {
        data.withUnsafeBytes { raw in
            var reader = NativeReader(bytes: raw.bindMemory(to: UInt8.self), data: data)
            return try? reader.readFile(into: &sink)
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, data: Data) {
        self.bytes = bytes
        self.data = data
    }

    // MARK: - The known shape

    private mutating func readFile<Sink: NativeRecordSink>(into sink: inout Sink) throws(GaveUp) -> NativeFormat.Envelope {
        var format: String?, version: Int?, root: String?, layout: String?
        var sawNodes = false, sawEdges = false
        var freemind: NativeFormat.StoredMindMap?, view: NativeFormat.StoredView?, xmind: String?
        var pictures: [String: NativeFormat.StoredPicture]?
        var presentations: [Presentation]?
        try object { reader, key throws(GaveUp) in
            switch key {
            case "format": format = try reader.string()
            case "version": version = try reader.integer()
            case "root": root = try reader.string()
            case "layout": layout = try reader.optional { r throws(GaveUp) in try r.string() }
            case "nodes":
                // why: records already handed on cannot be taken back if the key came again.
                guard !sawNodes else { throw GaveUp() }
                sawNodes = true
                try reader.elements { r throws(GaveUp) in sink.take(try r.node()) }
            case "edges":
                guard !sawEdges else { throw GaveUp() }
                sawEdges = true
                try reader.elements { r throws(GaveUp) in sink.take(try r.edge()) }
            case "freemind": freemind = try reader.optional { r throws(GaveUp) in try r.decodedSlice(NativeFormat.StoredMindMap.self) }
            case "xmind": xmind = try reader.optional { r throws(GaveUp) in try r.string() }
            case "view": view = try reader.optional { r throws(GaveUp) in try r.view() }
            case "pictures": pictures = try reader.optional { r throws(GaveUp) in try r.pictures() }
            case "presentations": presentations = try reader.optional { r throws(GaveUp) in try r.decodedSlice([Presentation].self) }
            default: throw GaveUp()
            }
        }
        skipWhitespace()
        guard index == bytes.count, let format, let version, let root, sawNodes, sawEdges else { throw GaveUp() }
        return NativeFormat.Envelope(format: format, version: version, root: root, layout: layout, freemind: freemind, xmind: xmind,
                                     view: view, pictures: pictures, presentations: presentations)
    }

    private mutating func node() throws(GaveUp) -> NativeFormat.StoredNode {
        var id: String?, text: String?, x: Double?, y: Double?
        var node = NativeFormat.StoredNode(id: "", text: "", x: 0, y: 0)
        try object { r, key throws(GaveUp) in
            switch key {
            case "id": id = try r.string()
            case "text": text = try r.string()
            case "x": x = try r.number()
            case "y": y = try r.number()
            case "folded": node.folded = try r.optional { r throws(GaveUp) in try r.bool() }
            case "note": node.note = try r.optional { r throws(GaveUp) in try r.string() }
            case "link": node.link = try r.optional { r throws(GaveUp) in try r.string() }
            case "icons": node.icons = try r.optional { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.string() } }
            case "style": node.style = try r.optional { r throws(GaveUp) in try r.style() }
            case "side": node.side = try r.optional { r throws(GaveUp) in try r.string() }
            case "sourceID": node.sourceID = try r.optional { r throws(GaveUp) in try r.string() }
            case "image": node.image = try r.optional { r throws(GaveUp) in try r.string() }
            case "imageScale": node.imageScale = try r.optional { r throws(GaveUp) in try r.number() }
            case "summary": node.summary = try r.optional { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.string() } }
            case "attributes":
                node.attributes = try r.optional { r throws(GaveUp) in
                    try r.array { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.string() } }
                }
            case "attributesFolded": node.attributesFolded = try r.optional { r throws(GaveUp) in try r.bool() }
            case "tags": node.tags = try r.optional { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.string() } }
            case "due": node.due = try r.optional { r throws(GaveUp) in try r.string() }
            default: throw GaveUp()
            }
        }
        guard let id, let text, let x, let y else { throw GaveUp() }
        node.id = id
        node.text = text
        node.x = x
        node.y = y
        return node
    }

    private mutating func edge() throws(GaveUp) -> NativeFormat.StoredEdge {
        var id: String?, from: String?, to: String?, kind: String?
        var edge = NativeFormat.StoredEdge(id: "", from: "", to: "", kind: "")
        try object { r, key throws(GaveUp) in
            switch key {
            case "id": id = try r.string()
            case "from": from = try r.string()
            case "to": to = try r.string()
            case "kind": kind = try r.string()
            case "arrows": edge.arrows = try r.optional { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.string() } }
            case "label": edge.label = try r.optional { r throws(GaveUp) in try r.string() }
            case "sourceLabel": edge.sourceLabel = try r.optional { r throws(GaveUp) in try r.string() }
            case "targetLabel": edge.targetLabel = try r.optional { r throws(GaveUp) in try r.string() }
            case "color": edge.color = try r.optional { r throws(GaveUp) in try r.string() }
            case "width": edge.width = try r.optional { r throws(GaveUp) in try r.number() }
            case "dash": edge.dash = try r.optional { r throws(GaveUp) in try r.array { r throws(GaveUp) in try r.number() } }
            default: throw GaveUp()
            }
        }
        guard let id, let from, let to, let kind else { throw GaveUp() }
        edge.id = id
        edge.from = from
        edge.to = to
        edge.kind = kind
        return edge
    }

    private mutating func style() throws(GaveUp) -> NativeFormat.StoredStyle {
        var style = NativeFormat.StoredStyle()
        try object { r, key throws(GaveUp) in
            switch key {
            case "shape": style.shape = try r.optional { r throws(GaveUp) in try r.string() }
            case "textColor": style.textColor = try r.optional { r throws(GaveUp) in try r.string() }
            case "fillColor": style.fillColor = try r.optional { r throws(GaveUp) in try r.string() }
            case "fontSize": style.fontSize = try r.optional { r throws(GaveUp) in try r.number() }
            case "bold": style.bold = try r.optional { r throws(GaveUp) in try r.bool() }
            case "italic": style.italic = try r.optional { r throws(GaveUp) in try r.bool() }
            case "edgeColor": style.edgeColor = try r.optional { r throws(GaveUp) in try r.string() }
            case "edgeWidth": style.edgeWidth = try r.optional { r throws(GaveUp) in try r.number() }
            case "edgeShape": style.edgeShape = try r.optional { r throws(GaveUp) in try r.string() }
            case "cloud": style.cloud = try r.optional { r throws(GaveUp) in try r.cloud() }
            case "plainBranches": style.plainBranches = try r.optional { r throws(GaveUp) in try r.bool() }
            default: throw GaveUp()
            }
        }
        return style
    }

    private mutating func cloud() throws(GaveUp) -> NativeFormat.StoredCloud {
        var color: String?, shape: String?
        try object { r, key throws(GaveUp) in
            switch key {
            case "color": color = try r.optional { r throws(GaveUp) in try r.string() }
            case "shape": shape = try r.string()
            default: throw GaveUp()
            }
        }
        guard let shape else { throw GaveUp() }
        return NativeFormat.StoredCloud(color: color, shape: shape)
    }

    private mutating func view() throws(GaveUp) -> NativeFormat.StoredView {
        var x: Double?, y: Double?, zoom: Double?
        try object { r, key throws(GaveUp) in
            switch key {
            case "x": x = try r.number()
            case "y": y = try r.number()
            case "zoom": zoom = try r.number()
            default: throw GaveUp()
            }
        }
        guard let x, let y, let zoom else { throw GaveUp() }
        return NativeFormat.StoredView(x: x, y: y, zoom: zoom)
    }

    /// The embedded pictures by path. Their base64 is read as any string is (one scan, no
    /// escapes in it) and decoded later, once the file is known to be a map of this version.
    private mutating func pictures() throws(GaveUp) -> [String: NativeFormat.StoredPicture] {
        var pictures: [String: NativeFormat.StoredPicture] = [:]
        try object(keys: { r throws(GaveUp) in try r.string() }) { r, path throws(GaveUp) in
            // why: which of two equal keys `JSONDecoder` keeps is its business: the slow path decides.
            guard pictures.updateValue(try r.picture(), forKey: path) == nil else { throw GaveUp() }
        }
        return pictures
    }

    private mutating func picture() throws(GaveUp) -> NativeFormat.StoredPicture {
        var base64: String?, name: String?, size: Int?
        try object { r, key throws(GaveUp) in
            switch key {
            case "base64": base64 = try r.string()
            case "name": name = try r.string()
            case "size": size = try r.count()
            default: throw GaveUp()
            }
        }
        guard let base64, let name, let size else { throw GaveUp() }
        return NativeFormat.StoredPicture(base64: base64, name: name, size: size)
    }

    // MARK: - JSON values

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed.
    private mutating func peek() throws(GaveUp) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw GaveUp() }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8) throws(GaveUp) {
        guard try peek() == byte else { throw GaveUp() }
        index += 1
    }

    /// An object's key: the bytes between its quotes, matched against the names the reader
    /// knows (`case "text":`) without making a string of it.
    struct Key {
        let bytes: UnsafeBufferPointer<UInt8>

        static func ~= (name: StaticString, key: Key) -> Bool {
            guard name.utf8CodeUnitCount == key.bytes.count else { return false }
            for offset in 0..<key.bytes.count where name.utf8Start[offset] != key.bytes[offset] { return false }
            return true
        }
    }

    /// A key, which must be plain: one with an escape or a byte beyond ASCII names nothing this
    /// reader knows, so it gives up and the slow path reads the file.
    private mutating func key() throws(GaveUp) -> Key {
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return Key(bytes: UnsafeBufferPointer(rebasing: bytes[start..<index - 1]))
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { throw GaveUp() }
            index += 1
        }
        throw GaveUp()
    }

    /// Calls `body` with each key of an object; `body` must read the key's value.
    private mutating func object(_ body: (inout NativeReader, Key) throws(GaveUp) -> Void) throws(GaveUp) {
        try object(keys: { r throws(GaveUp) in try r.key() }, body)
    }

    /// An object whose keys are read by `readKey` (any string, where the keys are data).
    private mutating func object<K>(keys readKey: (inout NativeReader) throws(GaveUp) -> K,
                                    _ body: (inout NativeReader, K) throws(GaveUp) -> Void) throws(GaveUp) {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try readKey(&self)
            try expect(UInt8(ascii: ":"))
            try body(&self, key)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return
            default: throw GaveUp()
            }
        }
    }

    private mutating func array<T>(_ element: (inout NativeReader) throws(GaveUp) -> T) throws(GaveUp) -> [T] {
        try expect(UInt8(ascii: "["))
        var result: [T] = []
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return result
        }
        while true {
            result.append(try element(&self))
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return result
            default: throw GaveUp()
            }
        }
    }

    /// Calls `element` for each element of an array, keeping none.
    private mutating func elements(_ element: (inout NativeReader) throws(GaveUp) -> Void) throws(GaveUp) {
        try expect(UInt8(ascii: "["))
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            try element(&self)
            switch try peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return
            default: throw GaveUp()
            }
        }
    }

    /// `null` as nil (as `JSONDecoder` reads an optional), else the value.
    private mutating func optional<T>(_ value: (inout NativeReader) throws(GaveUp) -> T) throws(GaveUp) -> T? {
        if try peek() == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try value(&self)
    }

    private mutating func literal(_ word: StaticString) throws(GaveUp) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw GaveUp() }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { throw GaveUp() }
        index += count
    }

    private mutating func bool() throws(GaveUp) -> Bool {
        if try peek() == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Where the next number's characters are; a byte that is not one always follows (the file
    /// cannot end in a number).
    private mutating func numberRange() throws(GaveUp) -> Range<Int> {
        _ = try peek()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                guard index > start else { throw GaveUp() }
                return start..<index
            }
        }
        throw GaveUp()
    }

    /// A number as `Double(_:)` reads its text (correctly rounded, the whole text or nothing):
    /// by `JSONNumber` when it can, else by `strtod` on a copy of its characters, ended by a NUL
    /// (no string is made of it).
    ///
    /// why a copy: `strtod` reads more than JSON's numbers ("0x1p3" is 8), so run on the file's
    /// bytes it could read past the characters found, and past the end of a file that ends in
    /// one. And `strtod` follows the process's `LC_NUMERIC`, which Meshpad leaves "C" (only
    /// `LC_CTYPE` is set); under a decimal comma it would stop at the point, fall short of the
    /// characters, and the reader would give up rather than misread.
    private mutating func number() throws(GaveUp) -> Double {
        let range = try numberRange()
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        if let value = JSONNumber.nearestDouble(text) { return value }
        guard text.count < 64 else { throw GaveUp() }
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { copy -> (value: Double, used: Int) in
            for (i, byte) in text.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[text.count] = 0
            guard let start = copy.baseAddress else { return (0, -1) }
            var end: UnsafeMutablePointer<CChar>?
            let value = strtod(start, &end)
            return (value, end.map { $0 - start } ?? -1)
        }
        // The number must be all the characters found ("1-2" is not one), as `Double(_:)` requires.
        guard parsed.used == text.count, parsed.value.isFinite else { throw GaveUp() }
        return parsed.value
    }

    private mutating func integer() throws(GaveUp) -> Int {
        let range = try numberRange()
        guard let value = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) else { throw GaveUp() }
        return value
    }

    /// A count as Meshpad writes it: 1 to 18 digits, no sign, no leading zero (anything else, a
    /// negative or an overflowing size, is for `JSONDecoder` and the checks after it to judge).
    private mutating func count() throws(GaveUp) -> Int {
        let digits = UnsafeBufferPointer(rebasing: bytes[try numberRange()])
        guard (1...18).contains(digits.count), digits.count == 1 || digits[0] != UInt8(ascii: "0") else { throw GaveUp() }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { throw GaveUp() }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// A string: the bytes between the quotes as they are when nothing is escaped (most text),
    /// else unescaped; UTF-8 is checked either way, as `JSONDecoder` checks it.
    private mutating func string() throws(GaveUp) -> String {
        try expect(UInt8(ascii: "\""))
        let start = index
        var plainASCII = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if plainASCII { return String(decoding: slice, as: UTF8.self) }
                guard let text = String(validating: slice, as: UTF8.self) else { throw GaveUp() }
                return text
            }
            if byte == UInt8(ascii: "\\") { return try escapedString(from: start) }
            if byte < 0x20 { throw GaveUp() }
            if byte >= 0x80 { plainASCII = false }
            index += 1
        }
        throw GaveUp()
    }

    private mutating func escapedString(from start: Int) throws(GaveUp) -> String {
        var out: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw GaveUp() }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw GaveUp() }
                let escaped = bytes[index]
                index += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        // A surrogate pair: the low half must follow as another \u escape.
                        try literal("\\u")
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw GaveUp() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw GaveUp() }
                    out.append(contentsOf: String(Character(unicode)).utf8)
                default:
                    throw GaveUp()
                }
            default:
                guard byte >= 0x20 else { throw GaveUp() }
                out.append(byte)
            }
        }
        throw GaveUp()
    }

    private mutating func hex4() throws(GaveUp) -> UInt32 {
        guard index + 4 <= bytes.count else { throw GaveUp() }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            index += 1
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw GaveUp()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Skips any JSON value (for finding where a slice ends).
    private mutating func skipValue() throws(GaveUp) {
        switch try peek() {
        case UInt8(ascii: "{"): try object(keys: { r throws(GaveUp) in try r.string() }) { r, _ throws(GaveUp) in try r.skipValue() }
        case UInt8(ascii: "["): _ = try array { r throws(GaveUp) in try r.skipValue() }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "t"), UInt8(ascii: "f"): _ = try bool()
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try number()
        }
    }

    /// The next value decoded by `JSONDecoder` from the bytes it occupies.
    private mutating func decodedSlice<T: Decodable>(_ type: T.Type) throws(GaveUp) -> T {
        _ = try peek()
        let start = index
        try skipValue()
        do {
            return try JSONDecoder().decode(type, from: data.subdata(in: data.startIndex + start..<data.startIndex + index))
        } catch {
            throw GaveUp()
        }
    }
}

/// Records kept as they are read: the fast path's output compared with `JSONDecoder`'s.
private struct CollectedRecords: NativeRecordSink {
    var nodes: [NativeFormat.StoredNode] = []
    var edges: [NativeFormat.StoredEdge] = []

    mutating func take(_ node: consuming NativeFormat.StoredNode) { nodes.append(node) }
    mutating func take(_ edge: consuming NativeFormat.StoredEdge) { edges.append(edge) }
}
