/// How a link's line is drawn, by the names the style panel gives Freeplane's dash patterns
/// (its `DASH`, in widths of the line): solid, `DASHES` (`7 7`) and `DISTANT_DOTS` (`2 7`).
///
/// why `DISTANT_DOTS` for Dotted: its short dash and long gap still read as dots on a thick
/// line, where `CLOSE_DOTS`' even `3 3` looks like smaller dashes.
public enum LinkLine: CaseIterable, Equatable, Sendable {
    case solid, dashed, dotted

    /// The dash and gap lengths it stands for, in widths of the line; nil is solid.
    public var pattern: [Double]? {
        switch self {
        case .solid: return nil
        case .dashed: return LinkLook.touchDash
        case .dotted: return [2, 7]
        }
    }

    /// The button's words.
    public var title: String {
        switch self {
        case .solid: return "Solid"
        case .dashed: return "Dashed"
        case .dotted: return "Dotted"
        }
    }
}

/// A choice in the style panel while a link is selected: its colour, width, line or arrowheads.
/// Each sets that one part of the link's look (its labels kept) as one undo step.
///
/// `LinkStyleOption.width(3).applied(to: LinkLook(label: "feeds"))` is
/// `LinkLook(label: "feeds", width: 3)`.
public enum LinkStyleOption: Equatable, Sendable {
    /// Its colour; nil is the theme's.
    case color(RGBA?)
    /// Its width in map units; nil is the theme's.
    case width(Double?)
    case line(LinkLine)
    /// Exactly these arrowheads (none, at the end, at the start, or both).
    case arrows(Edge.Arrows)

    /// What choosing it makes of a link's look.
    public func applied(to look: LinkLook) -> LinkLook {
        var result = look
        switch self {
        case .color(let color): result.color = color
        case .width(let width): result.width = width
        case .line(let line): result.dash = line.pattern
        case .arrows(let arrows): result.arrows = arrows
        }
        return result
    }

    /// Whether the look already has this choice (the panel marks it). A width or dash from a
    /// file that is none of the panel's leaves its row unmarked.
    public func isChosen(in look: LinkLook) -> Bool {
        switch self {
        case .color(let color): return look.color == color
        case .width(let width): return look.width == width
        case .line(let line): return look.dash == line.pattern
        case .arrows(let arrows): return look.arrows == arrows
        }
    }

    /// The panel's rows: a title and its choices. The colours and widths are those of the node
    /// panel's Edge row, so a link can match a branch.
    public static let rows: [(title: String, options: [LinkStyleOption])] = [
        ("Colour", [.color(nil)] + StyleOption.edgeColours.map { .color($0) }),
        ("Width", [.width(nil)] + StyleOption.edgeWidths.map { .width($0) }),
        ("Line", LinkLine.allCases.map { .line($0) }),
        ("Arrows", [.arrows([]), .arrows(.end), .arrows(.start), .arrows([.start, .end])]),
    ]
}

extension LinkStyleOption: StylePanelChoice {
    public var label: String? {
        switch self {
        case .color(nil), .width(nil): return "Auto"
        case .color: return nil
        case .width(let width?): return StyleOption.widthTitle(width)
        case .line(let line): return line.title
        case .arrows(let arrows):
            if arrows.isEmpty { return "None" }
            if arrows == [.start, .end] { return "Both" }
            return arrows.contains(.end) ? "End" : "Start"
        }
    }

    public var swatch: RGBA? {
        if case .color(let color?) = self { return color }
        return nil
    }

    public var cells: Int {
        if case .line = self { return 2 }
        return 1
    }
}
