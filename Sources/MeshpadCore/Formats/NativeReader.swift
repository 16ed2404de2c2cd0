import Foundation

/// The fast path for reading `.meshpad`: one walk over the bytes that fills the same stored
/// records `JSONDecoder` would, for the shape Meshpad writes.
///
/// Foundation's `JSONDecoder` spends about a second on a 100k-node map, most of it building
/// keyed containers for every node. This reader knows the few keys a node and an edge have and
/// reads them straight into `StoredNode` / `StoredEdge`. It does not judge a file: anything it
/// does not expect — a key it does not know, a value of another type, bytes that are not UTF-8,
/// broken JSON — makes it give up (`nil`), and the caller decodes the file the slow, thorough way,
/// which either reads it or says exactly what is wrong. So the two paths cannot disagree on what a
/// file means; the fast one only covers fewer files. The `freemind` part (kept `.mm` records, a
/// few per cent of nodes at most) is handed to `JSONDecoder` as the slice it occupies.
struct NativeReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let data: Data
    private var index = 0

    /// Why the fast path gave up; never shown (the slow path then says what is wrong).
    struct GaveUp: Error {}

    /// The file's records, or nil when the slow path must decide.
    static func file(from data: Data) -> NativeFormat.File? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = NativeReader(bytes: bytes, data: data)
            return try? reader.readFile()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, data: Data) {
        self.bytes = bytes
        self.data = data
    }

    // MARK: - The known shape

    private mutating func readFile() throws(GaveUp) -> NativeFormat.File {
        var format: String?, version: Int?, root: String?, layout: String?
        var nodes: [NativeFormat.StoredNode]?, edges: [NativeFormat.StoredEdge]?
        var freemind: NativeFormat.StoredMindMap?, view: NativeFormat.StoredView?
        try object { reader, key throws(GaveUp) in
            switch key {
            case "format": format = try reader.string()
            case "version": version = try reader.integer()
            case "root": root = try reader.string()
            case "layout": layout = try reader.optional { r throws(GaveUp) in try r.string() }
            case "nodes": nodes = try reader.array { r throws(GaveUp) in try r.node() }
            case "edges": edges = try reader.array { r throws(GaveUp) in try r.edge() }
            case "freemind": freemind = try reader.optional { r throws(GaveUp) in try r.decodedSlice(NativeFormat.StoredMindMap.self) }
            case "view": view = try reader.optional { r throws(GaveUp) in try r.view() }
            default: throw GaveUp()
            }
        }
        skipWhitespace()
        guard index == bytes.count, let format, let version, let root, let nodes, let edges else { throw GaveUp() }
        return NativeFormat.File(format: format, version: version, root: root, layout: layout, nodes: nodes, edges: edges,
                                 freemind: freemind, view: view)
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

    /// Calls `body` with each key of an object; `body` must read the key's value.
    private mutating func object(_ body: (inout NativeReader, String) throws(GaveUp) -> Void) throws(GaveUp) {
        try expect(UInt8(ascii: "{"))
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try string()
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

    private mutating func numberText() throws(GaveUp) -> Substring {
        _ = try peek()
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                 UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                guard index > start else { throw GaveUp() }
                return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
        }
        throw GaveUp()
    }

    private mutating func number() throws(GaveUp) -> Double {
        guard let value = Double(try numberText()), value.isFinite else { throw GaveUp() }
        return value
    }

    private mutating func integer() throws(GaveUp) -> Int {
        guard let value = Int(try numberText()) else { throw GaveUp() }
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
        case UInt8(ascii: "{"): try object { r, _ throws(GaveUp) in try r.skipValue() }
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
