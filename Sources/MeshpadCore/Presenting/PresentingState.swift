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

/// The slide a followed screen shows, as this screen shows it: its counter, and black.
public struct FollowedSlide: Equatable, Sendable {
    public var slide: Slide
    public var index: Int
    public var count: Int
    public var revealed: Int
    public var blackedOut: Bool
}

/// A branch shown alone, the rest of the map hidden (Focus on branch, or a slide that shows
/// only its nodes), and a slide's children not revealed yet. A way of looking, like a filter:
/// it changes nothing in the map.
public struct BranchFocus: Equatable, Sendable {
    /// The branch shown; nil shows the whole map (only `hiddenBranches` are hidden).
    public var node: NodeID?
    /// The path from the root down to `node` shows too.
    public var showsAncestors = false
    /// Branches hidden whole (a slide's children still to come).
    public var hiddenBranches: [NodeID] = []

    public init(node: NodeID?, showsAncestors: Bool = false, hiddenBranches: [NodeID] = []) {
        self.node = node
        self.showsAncestors = showsAncestors
        self.hiddenBranches = hiddenBranches
    }
}

/// On a shared map: the screen this one follows, as heard over the presence channel.
public struct FollowState: Equatable, Sendable {
    /// The followed screen's client and its person's name.
    public var client: Int64
    public var name: String

    public init(client: Int64, name: String) {
        self.client = client
        self.name = name
    }
}

/// What a screen of a shared map tells the screens following it: where it looks, and the slide
/// it shows while presenting. Sent in its `Presence` (never logged).
public struct PresenterView: Codable, Equatable, Sendable {
    /// The map point at the middle of its window, and how much of the map its window spans
    /// (map units across and down): a follower of another size fits the same part of the map.
    public var center: Vec2
    public var span: Vec2
    /// While presenting: the presentation's name (nil: made from the branches), the slide's
    /// index in it, how many children it has revealed, and whether the screen is black.
    public var presentation: String?
    public var slide: Int?
    public var revealed: Int
    public var blackedOut: Bool

    public init(center: Vec2, span: Vec2, presentation: String? = nil, slide: Int? = nil, revealed: Int = 0, blackedOut: Bool = false) {
        self.center = center
        self.span = span
        self.presentation = presentation
        self.slide = slide
        self.revealed = revealed
        self.blackedOut = blackedOut
    }
}
