/// The slide list panel (Slides…): how far its list is scrolled, and a row being dragged to a
/// new place. Which presentation it shows is `Panels.chosenPresentation`, kept when it closes.
public struct SlideListState: Equatable, Sendable {
    /// Window pixels scrolled down the list of slides.
    public var scroll = 0.0
    /// A row held by its grip and moved: the slide, and where the finger holds the row's middle
    /// (window pixels down). The row follows the finger; it lands where it is let go.
    public var drag: Drag?

    public struct Drag: Equatable, Sendable {
        public var slide: Int
        public var y: Double
    }

    public init() {}
}

/// What a button at the top of the slide list does.
public enum SlideListControl: Equatable, Sendable {
    /// Shows this presentation of the map (by its place among them).
    case choose(Int)
    /// The map's first presentation made from its branches (`Presentation.fromBranches`).
    case makeFromBranches
    /// A new, empty presentation, named in a dialog.
    case newPresentation
    case rename
    case deletePresentation
    case close

    /// The words on the button.
    public var title: String {
        switch self {
        case .choose: return ""
        case .makeFromBranches: return "Make slides from branches"
        case .newPresentation: return "New presentation"
        case .rename: return "Rename"
        case .deletePresentation: return "Delete presentation"
        case .close: return "Close"
        }
    }
}
