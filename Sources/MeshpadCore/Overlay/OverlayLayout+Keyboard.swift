/// The on-screen keyboard along the bottom of the window, and the accents a long press offers.
extension OverlayLayout {
    static let keyGap = 6.0

    /// The size of a key width and a row: a touch target (9 mm, at least 44 px) where the window
    /// is wide enough for ten of them, narrower where it is not; rows never take more than half
    /// the window's height together.
    static func keySize(targetPixels: Double, viewportSize: Vec2) -> (unit: Double, row: Double) {
        let target = max(targetPixels, TouchTarget.minimumPixels)
        let unit = min(target, max(16, (viewportSize.x - 2 * keyGap - 9 * keyGap) / 10))
        let row = min(target, max(28, (viewportSize.y * 0.5 - 5 * keyGap) / 4))
        return (unit, row)
    }

    /// How much of the window's bottom the keyboard covers when it is all the way up.
    public static func keyboardHeight(targetPixels: Double, viewportSize: Vec2) -> Double {
        4 * keySize(targetPixels: targetPixels, viewportSize: viewportSize).row + 5 * keyGap
    }

    mutating func layoutKeyboard(_ keyboard: OnScreenKeyboard, targetPixels: Double, viewportSize: Vec2) {
        let (unit, row) = Self.keySize(targetPixels: targetPixels, viewportSize: viewportSize)
        let height = Self.keyboardHeight(targetPixels: targetPixels, viewportSize: viewportSize)
        let rest = 1 - min(max(keyboard.slide, 0), 1)
        let shown = 1 - rest * rest * rest
        let panel = Rect(x: 0, y: viewportSize.y - height * shown, width: viewportSize.x, height: height)
        append(Part(role: .keyboardPanel, rect: panel, text: ""))
        var heldRect: Rect?
        for (r, keys) in keyboard.rows.enumerated() {
            let units = keys.reduce(0) { $0 + OnScreenKeyboard.width(of: $1) }
            let rowWidth = units * unit + Double(keys.count - 1) * Self.keyGap
            var x = (viewportSize.x - rowWidth) / 2
            let y = panel.minY + Self.keyGap + Double(r) * (row + Self.keyGap)
            for key in keys {
                let width = OnScreenKeyboard.width(of: key) * unit + (OnScreenKeyboard.width(of: key) - 1).rounded(.down) * Self.keyGap
                let rect = Rect(x: x, y: y, width: width, height: row)
                let on = key == .shift && keyboard.shift != .off
                append(Part(role: .keyboardKey(key), rect: rect, text: keyboard.label(of: key), look: on ? .on : .plain))
                if let accents = keyboard.accents, key == .character(accents.base) { heldRect = rect }
                x += width + Self.keyGap
            }
        }
        guard let accents = keyboard.accents, !accents.choices.isEmpty else { return }
        // The accented forms in a row above the held letter, kept on screen.
        let anchor = heldRect ?? Rect(x: viewportSize.x / 2, y: panel.minY, width: unit, height: row)
        let width = Double(accents.choices.count) * (unit + Self.keyGap) + Self.keyGap
        let x = min(max(anchor.center.x - width / 2, Self.keyGap), max(viewportSize.x - width - Self.keyGap, Self.keyGap))
        let strip = Rect(x: x, y: max(anchor.minY - row - 3 * Self.keyGap, 0), width: width, height: row + 2 * Self.keyGap)
        append(Part(role: .keyboardAccents, rect: strip, text: ""))
        for (k, choice) in accents.choices.enumerated() {
            let key = OnScreenKeyboard.Key.accent(choice)
            append(Part(role: .keyboardKey(key), rect: Rect(x: strip.minX + Self.keyGap + Double(k) * (unit + Self.keyGap), y: strip.minY + Self.keyGap,
                                                           width: unit, height: row), text: keyboard.label(of: key)))
        }
    }
}
