/// The chrome of a presentation: almost none.
extension OverlayLayout {
    /// The counter in the bottom-right corner, small and quiet, and the black over everything
    /// while the screen is black (the counter too: a black screen is black).
    mutating func layoutPresenting(_ presenting: PresentingChrome, viewportSize: Vec2) {
        if presenting.blackedOut {
            append(Part(role: .blackout, rect: Rect(x: 0, y: 0, width: viewportSize.x, height: viewportSize.y), text: ""))
            return
        }
        let width = presenting.counterWidth + 24, height = 28.0
        append(Part(role: .slideCounter, rect: Rect(x: viewportSize.x - width - Self.chromeMargin, y: viewportSize.y - height - Self.chromeMargin,
                                                    width: width, height: height), text: presenting.counter))
    }
}
