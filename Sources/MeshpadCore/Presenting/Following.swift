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

/// The slide a followed screen shows, as this screen shows it: its counter, and black.
public struct FollowedSlide: Equatable, Sendable {
    public var slide: Slide
    public var index: Int
    public var count: Int
    public var revealed: Int
    public var blackedOut: Bool
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
