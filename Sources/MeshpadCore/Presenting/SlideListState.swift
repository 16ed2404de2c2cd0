/// The slide list panel (Slides…): how far its list is scrolled, and a row being dragged to a
/// new place. Which presentation it shows is `Panels.chosenPresentation`, kept when it closes.
public struct SlideListState: Equatable, Sendable {
    /// Window pixels scrolled down the list of slides.
    public var scroll = 0.0
    /// A row held by its grip and moved: the slide, and where the finger holds the row's middle
    /// (window pixels down). The row follows the finger; it lands where it is let go.
    public var drag: Drag?

    /// A slide's row held by its grip: which slide, and where the finger is.
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

/// A row of a slide's ⋯ menu in the slide list: how the slide plays, and deleting it.
public enum SlideOption: Equatable, Sendable, CaseIterable {
    /// Toggles `Slide.revealsChildren`: its node's children come one at a time.
    case revealsChildren
    /// Toggles `Slide.showsOnlyNodes`: its node's branch alone, the rest of the map hidden.
    case showsOnlyNodes
    /// The slide's folds become those of its node's branch now, and its zoom the view's.
    case takeView
    case delete

    /// The words on the row.
    public var title: String {
        switch self {
        case .revealsChildren: return "Children one at a time"
        case .showsOnlyNodes: return "Only this branch"
        case .takeView: return "Take the view as it is now"
        case .delete: return "Delete slide"
        }
    }
}

/// How deep "Make slides from branches" goes, as the dialog offers it: a slide for the root
/// and each branch down to `depth` levels (`Presentation.fromBranches(of:depth:)`).
public struct BranchSlideDepth: Equatable, Sendable {
    public var depth: Int
    public var title: String

    public static let choices = [
        BranchSlideDepth(depth: 1, title: "The root and its branches"),
        BranchSlideDepth(depth: 2, title: "… and one level below"),
        BranchSlideDepth(depth: 3, title: "… and two levels below"),
    ]
}
