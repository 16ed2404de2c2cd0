/// A presentation being played on this screen: which slides, which one shows, and what the
/// screen looked like before, to put it back when the presentation ends.
///
/// Playing is a way of looking: the slides' folds are a `.reveal` transaction taken back at the
/// next slide and at the end, the camera flies, and the chrome steps aside. Nothing is saved
/// or undone by it.
public struct PresentingState: Equatable, Sendable {
    /// The presentation's name in the map; nil for one made from the branches on the spot.
    public var name: String?
    public var slides: [Slide]
    /// The slide shown.
    public var index: Int
    /// How many of the slide node's children show, when the slide reveals them one at a time.
    public var revealed = 0
    /// The screen is black (B), until B again or a step.
    public var blackedOut = false
    /// A step was asked for past the last slide: the counter says how to end.
    public var pastEnd = false
    /// The slide's camera while the whole map shows (a pinch out, O); nil on the slide.
    public var overviewReturn: Camera?
    /// The kiosk's attract loop: seconds a slide shows, and when the next is due.
    public var advanceSeconds: Double?
    public var advancesAt: Double?
    /// A finger's travel while presenting, in window pixels: a swipe when it lifts far enough.
    var swipeTravel = Vec2(0, 0)
    /// The zoom when a pinch began while presenting: where it went decides, when it lifts.
    var pinchStartZoom: Double?
    /// What the screen showed before, put back at the end.
    var cameraBefore: Camera
    var focusBefore: BranchFocus?
    var selectionBefore: Set<NodeID>

    /// The slide shown, if the presentation has any.
    public var slide: Slide? { slides.indices.contains(index) ? slides[index] : nil }

    /// "3 / 12", as the counter shows it ("12 / 12 · Escape ends" after a step past the last).
    public var counter: String { "\(index + 1) / \(slides.count)" + (pastEnd ? " · Escape ends" : "") }
}
