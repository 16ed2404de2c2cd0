import Foundation

extension RGBA {
    /// `#rrggbb` (alpha dropped when opaque, `#rrggbbaa` otherwise), as FreeMind and CSS write it.
    public var hexString: String {
        func hex(_ v: UInt8) -> String {
            let digits = Array("0123456789abcdef")
            return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
        }
        return "#" + hex(r) + hex(g) + hex(b) + (a == 255 ? "" : hex(a))
    }

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hexString: String) {
        var text = Substring(hexString.trimmingCharacters(in: .whitespaces))
        guard text.first == "#" else { return nil }
        text = text.dropFirst()
        if text.count == 3 { text = Substring(text.map { "\($0)\($0)" }.joined()) }
        guard text.count == 6 || text.count == 8, let value = UInt32(text, radix: 16) else { return nil }
        if text.count == 6 {
            self.init(hex: value)
        } else {
            self.init(UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        }
    }
}
