/// A connection between two nodes.
///
/// A `.tree` edge joins a parent to a child (a node has at most one incoming tree edge, so the
/// tree edges form the mind map's hierarchy); a `.link` edge is a free connection drawn across
/// it (FreeMind's arrow links, Freeplane's connectors, GraphPad's drawn edges). Links are as
/// free as Freeplane's: several may join the same two nodes, one may run along a branch, and
/// one may leave a node and come back to it.
public struct Edge: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case tree
        case link
    }

    /// Arrowheads drawn on a link (FreeMind's STARTARROW / ENDARROW).
    public struct Arrows: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let start = Arrows(rawValue: 1)
        public static let end = Arrows(rawValue: 2)
    }

    public let id: EdgeID
    public let from: NodeID
    public let to: NodeID
    public let kind: Kind
    /// A look other than the default, out of line: most edges are branches or plain links, and
    /// a map keeps 100,000 of them (a look inline would make each edge two and a half times as big).
    private var customLook: LinkLookBox?

    /// How a link looks: its words, arrowheads, colour, width and dash (a branch keeps the default).
    public var look: LinkLook {
        get { customLook?.look ?? LinkLook() }
        set { customLook = newValue == LinkLook() ? nil : LinkLookBox(newValue) }
    }

    public init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind, arrows: Arrows = [], label: String? = nil) {
        // why: every branch has the default look; nothing is made or compared for it.
        self.init(id: id, from: from, to: to, kind: kind,
                  customLook: arrows.isEmpty && label == nil ? nil : LinkLookBox(LinkLook(label: label, arrows: arrows)))
    }

    public init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind, look: LinkLook) {
        self.init(id: id, from: from, to: to, kind: kind, customLook: look == LinkLook() ? nil : LinkLookBox(look))
    }

    private init(id: EdgeID, from: NodeID, to: NodeID, kind: Kind, customLook: LinkLookBox?) {
        self.id = id
        self.from = from
        self.to = to
        self.kind = kind
        self.customLook = customLook
    }

    public static func == (a: Edge, b: Edge) -> Bool {
        a.id == b.id && a.from == b.from && a.to == b.to && a.kind == b.kind && a.look == b.look
    }

    /// The link's arrowheads.
    public var arrows: Edge.Arrows {
        get { look.arrows }
        set { look.arrows = newValue }
    }

    /// The words at the link's middle (FreeMind's and Freeplane's middle label).
    public var label: String? {
        get { look.label }
        set { look.label = newValue }
    }

    /// Whether it joins `a` and `b`, in either direction.
    public func joins(_ a: NodeID, _ b: NodeID) -> Bool {
        (from == a && to == b) || (from == b && to == a)
    }
}

/// A link's look, shared by the copies of its edge and never changed (a new look is a new box).
private final class LinkLookBox: Sendable {
    let look: LinkLook

    init(_ look: LinkLook) { self.look = look }
}

/// Where words stand along a link: by the node it leaves, at its middle, or by the node it
/// reaches (Freeplane's SOURCE_LABEL, MIDDLE_LABEL and TARGET_LABEL).
public enum LinkLabelPlace: String, CaseIterable, Hashable, Sendable, Codable {
    case source, middle, target
}

/// What a person sets on a link, changed together as one `Change.setLink`: its three labels,
/// its arrowheads, and its colour, width and dash (nil: the theme's).
public struct LinkLook: Equatable, Sendable, Codable {
    /// The words at its middle.
    public var label: String?
    /// The words by the node it leaves.
    public var sourceLabel: String?
    /// The words by the node it reaches.
    public var targetLabel: String?
    public var arrows: Edge.Arrows
    /// Its colour (with Freeplane's TRANSPARENCY as alpha).
    public var color: RGBA?
    /// Its width in map units (Freeplane's WIDTH, in pixels at 100 %).
    public var width: Double?
    /// Dash and gap lengths, in widths of the line (Freeplane's DASH, `3 3`); nil is solid.
    public var dash: [Double]?

    public init(label: String? = nil, arrows: Edge.Arrows = [], sourceLabel: String? = nil, targetLabel: String? = nil,
                color: RGBA? = nil, width: Double? = nil, dash: [Double]? = nil) {
        self.label = label
        self.arrows = arrows
        self.sourceLabel = sourceLabel
        self.targetLabel = targetLabel
        self.color = color
        self.width = width
        self.dash = dash
    }

    /// The words at `place`, nil for none.
    public subscript(place: LinkLabelPlace) -> String? {
        get {
            switch place {
            case .source: return sourceLabel
            case .middle: return label
            case .target: return targetLabel
            }
        }
        set {
            switch place {
            case .source: sourceLabel = newValue
            case .middle: label = newValue
            case .target: targetLabel = newValue
            }
        }
    }

    /// Whether anything is drawn on the link besides its line.
    public var isDecorated: Bool { !arrows.isEmpty || label != nil || sourceLabel != nil || targetLabel != nil }

    /// The widest a link may be drawn (a file asking for more gets this).
    public static let largestWidth = 64.0
}

extension LinkLook {
    /// The widths "Thicker line" steps through after the theme's, then back to the theme's.
    public static let touchWidths: [Double] = [3, 5, 8]
    /// The colours "Next colour" steps through (nil: the theme's): distinct on the light and
    /// dark themes alike, then back to the theme's.
    public static let touchColours: [RGBA?] = [nil, RGBA(hex: 0xD32F2F), RGBA(hex: 0x2E7D32), RGBA(hex: 0x1565C0),
                                                RGBA(hex: 0xEF6C00), RGBA(hex: 0x6A1B9A)]
    /// Dash and gap, in widths of the line, for "Dashed line": Freeplane's `DASHES`, which the
    /// style panel calls Dashed too.
    public static let touchDash: [Double] = [7, 7]

    /// `look` after a tap on one of the link menu's arrow or line rows.
    public static func touched(_ look: LinkLook, by action: Action) -> LinkLook {
        var look = look
        func next<T: Equatable>(_ steps: [T?], after value: T?) -> T? {
            guard let index = steps.firstIndex(where: { $0 == value }) else { return steps.first ?? nil }
            return steps[(index + 1) % steps.count]
        }
        switch action {
        case .toggleEndArrow, .toggleStartArrow:
            let arrow: Edge.Arrows = action == .toggleEndArrow ? .end : .start
            if look.arrows.contains(arrow) { look.arrows.remove(arrow) } else { look.arrows.insert(arrow) }
        case .toggleLinkDash: look.dash = look.dash == nil ? touchDash : nil
        case .nextLinkWidth:
            // The next step thicker than the line is now (a width from a file may lie between steps).
            let now = look.width ?? 0
            look.width = touchWidths.first { $0 > now }
        case .nextLinkColour: look.color = next(touchColours, after: look.color)
        default: break
        }
        return look
    }
}
