/// A JSON number's text read as the nearest `Double` — what `strtod` gives — without `strtod`'s
/// arbitrary-precision arithmetic in the common case (a map's 200k coordinates took a tenth of
/// the time opening it).
///
/// A number of at most 19 significant digits and a decimal exponent within ±27 is `m × 10^e`
/// where `m` and `10^|e|` are both exact in `Float80` (a 64-bit significand; 5²⁷ < 2⁶⁴), so one
/// multiplication or division rounds it once, to 64 bits. Rounding that to a `Double`'s 53 bits
/// gives the nearest `Double` unless the 64-bit result is within one of its units of a point
/// halfway between two `Double`s; then, and for anything else (more digits, a larger exponent,
/// text not shaped like a JSON number, a machine without `Float80`), the answer is nil and the
/// caller asks `strtod`. (`Float80` arithmetic is the x87's, at the extended precision Linux
/// leaves it at.)
enum JSONNumber {
    static func nearestDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        #if arch(x86_64) || arch(i386)
        guard let (negative, significand, exponent) = decimal(text) else { return nil }
        guard significand != 0 else { return negative ? -0.0 : 0.0 }
        guard abs(exponent) < powersOfTen.count else { return nil }
        let exact = Float80(significand), power = powersOfTen[abs(exponent)]
        let rounded = exponent < 0 ? exact / power : exact * power
        // The 11 bits a Double drops: 0x400 is exactly halfway between two Doubles.
        let dropped = rounded.significandBitPattern & 0x7FF
        guard dropped < 0x3FF || dropped > 0x401 else { return nil }
        let value = Double(rounded)
        return negative ? -value : value
        #else
        return nil
        #endif
    }

    #if arch(x86_64) || arch(i386)
    /// 10⁰ … 10²⁷, each exact.
    private static let powersOfTen: [Float80] = (1...27).reduce(into: [1]) { powers, _ in powers.append(powers[powers.count - 1] * 10) }
    #endif

    /// `-? digits (. digits)? ([eE] [+-]? digits)?` as a sign, at most 19 significant digits and a
    /// decimal exponent; nil for anything else (including more digits).
    static func decimal(_ text: UnsafeBufferPointer<UInt8>) -> (negative: Bool, significand: UInt64, exponent: Int)? {
        func digit(_ i: Int) -> UInt64? {
            i < text.count && text[i] >= UInt8(ascii: "0") && text[i] <= UInt8(ascii: "9") ? UInt64(text[i] - UInt8(ascii: "0")) : nil
        }
        var i = 0
        let negative = i < text.count && text[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var significand: UInt64 = 0, digits = 0, exponent = 0
        /// Takes one digit; leading zeros are not significant. False past 19 digits.
        func take(_ d: UInt64) -> Bool {
            guard significand != 0 || d != 0 else { return true }
            guard digits < 19 else { return false }
            significand = significand * 10 + d
            digits += 1
            return true
        }
        var whole = 0
        while let d = digit(i) {
            guard take(d) else { return nil }
            whole += 1
            i += 1
        }
        guard whole > 0 else { return nil }
        if i < text.count && text[i] == UInt8(ascii: ".") {
            i += 1
            var fraction = 0
            while let d = digit(i) {
                guard take(d) else { return nil }
                exponent -= 1
                fraction += 1
                i += 1
            }
            guard fraction > 0 else { return nil }
        }
        if i < text.count && (text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E")) {
            i += 1
            var negativeExponent = false
            if i < text.count && (text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-")) {
                negativeExponent = text[i] == UInt8(ascii: "-")
                i += 1
            }
            var value = 0, count = 0
            while let d = digit(i) {
                guard value < 100_000 else { return nil }
                value = value * 10 + Int(d)
                count += 1
                i += 1
            }
            guard count > 0 else { return nil }
            exponent += negativeExponent ? -value : value
        }
        guard i == text.count else { return nil }
        return (negative, significand, exponent)
    }
}
