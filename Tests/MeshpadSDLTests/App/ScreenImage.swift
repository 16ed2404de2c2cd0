import Foundation

/// A screenshot read from a binary PPM (what `grim -t ppm` and ImageMagick's `import` write), for
/// tests that look at the real app's window as a person would.
struct ScreenImage {
    let width: Int
    let height: Int
    /// Red, green and blue bytes, row by row.
    private let bytes: [UInt8]
    private let start: Int

    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    /// `P6`, width, height and the largest value (255; 65535 is read by its high bytes) as text,
    /// one blank, then the samples.
    init(ppmAt path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [Int] = [], index = 2, number = 0, inNumber = false
        while fields.count < 3 && index < data.count {
            let c = data[index]
            if c >= 48 && c <= 57 {
                number = number * 10 + Int(c - 48)
                inNumber = true
            } else if inNumber {
                fields.append(number)
                number = 0
                inNumber = false
            }
            index += 1
        }
        guard data.starts(with: Array("P6".utf8)), fields.count == 3, fields[2] == 255 || fields[2] == 65535 else {
            throw Unreadable(description: "\(path) is no binary PPM")
        }
        let wide = fields[2] == 65535
        let samples = fields[0] * fields[1] * 3
        guard data.count - index >= samples * (wide ? 2 : 1) else { throw Unreadable(description: "\(path) is cut short") }
        width = fields[0]
        height = fields[1]
        if wide {
            bytes = (0..<samples).map { data[index + 2 * $0] }
            start = 0
        } else {
            bytes = data
            start = index
        }
    }

    /// The pixel at (x, y); black outside the image.
    func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height else { return (0, 0, 0) }
        let at = start + (y * width + x) * 3
        return (bytes[at], bytes[at + 1], bytes[at + 2])
    }

    /// How many pixels in the rectangle satisfy `test`.
    func count(x: Range<Int>, y: Range<Int>, where test: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool) -> Int {
        var n = 0
        for row in y { for column in x where test(pixel(column, row)) { n += 1 } }
        return n
    }

    /// The longest run of neighbouring pixels in one row of the rectangle that satisfy `test`.
    func longestRow(x: Range<Int>, y: Range<Int>, where test: ((r: UInt8, g: UInt8, b: UInt8)) -> Bool) -> Int {
        var longest = 0
        for row in y {
            var run = 0
            for column in x {
                run = test(pixel(column, row)) ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        return longest
    }

    static func isDark(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { Int(p.r) + Int(p.g) + Int(p.b) < 330 }
    static func isLight(_ p: (r: UInt8, g: UInt8, b: UInt8)) -> Bool { p.r > 200 && p.g > 200 && p.b > 200 }
}
