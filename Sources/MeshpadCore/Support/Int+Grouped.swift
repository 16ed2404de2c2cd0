extension Int {
    /// The number with its thousands grouped by commas, as messages and figures show it:
    /// `10000` is "10,000".
    public var grouped: String {
        let digits = String(magnitude)
        var out = ""
        for (k, digit) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return self < 0 ? "-" + out : out
    }
}
