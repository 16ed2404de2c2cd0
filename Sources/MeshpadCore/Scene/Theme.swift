import Foundation

/// An 8-bit-per-channel colour, straight (not premultiplied) alpha.
public struct RGBA: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `RGBA(hex: 0x2E7D32)` is an opaque colour; alpha is given separately.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF), alpha)
    }

    public func withAlpha(_ alpha: UInt8) -> RGBA { RGBA(r, g, b, alpha) }

    /// Perceived brightness, 0…255 (Rec. 709 weights).
    public var luminance: Double { 0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b) }

    /// WCAG 2's relative luminance, 0…1: the channels linearised from sRGB and weighted.
    public var relativeLuminance: Double {
        0.2126 * Self.linear[Int(r)] + 0.7152 * Self.linear[Int(g)] + 0.0722 * Self.linear[Int(b)]
    }

    /// WCAG 2's contrast ratio between this colour and `other`, from 1 (the same) to 21.
    public func contrast(with other: RGBA) -> Double {
        let (x, y) = (relativeLuminance, other.relativeLuminance)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// This colour painted over `backdrop`, its alpha blended in: what the eye sees.
    public func over(_ backdrop: RGBA) -> RGBA {
        guard a < 255 else { return self }
        return backdrop.mixed(with: withAlpha(backdrop.a), amount: Double(a) / 255)
    }

    // why: a table, because a label's colour may be checked for every node drawn in a frame.
    private static let linear: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// `amount` (0…1) of the way from this colour to `other`.
    public func mixed(with other: RGBA, amount: Double) -> RGBA {
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * min(max(amount, 0), 1)).rounded()) }
        return RGBA(mix(r, other.r), mix(g, other.g), mix(b, other.b), mix(a, other.a))
    }
}

/// Every colour and measurement the canvas is drawn with, in one place.
///
/// Sizes are in map units at zoom 1 (a node border of 2 is 2 px at 100 %, 4 px at 200 %),
/// except where the name says pixels.
public struct Theme: Sendable, Equatable {
    /// An overdue day's pill (white words on it: 5.6:1).
    public static let overdue = RGBA(hex: 0xC62828)
    /// A parent's count once all its tasks are done (white words on it: 5.1:1).
    public static let tasksDone = RGBA(hex: 0x2E7D32)

    public var name: String
    public var background: RGBA
    public var nodeFill: RGBA
    public var nodeBorder: RGBA
    public var selectedBorder: RGBA
    public var edge: RGBA
    public var linkEdge: RGBA
    public var text: RGBA
    public var hudBackground: RGBA
    public var hudText: RGBA
    /// Interface: dialogs, buttons and the banner.
    public var uiScrim: RGBA
    public var uiPanel: RGBA
    public var uiText: RGBA
    public var uiField: RGBA
    public var uiButton: RGBA
    public var uiPrimary: RGBA
    public var uiPrimaryText: RGBA
    public var bannerInfo: RGBA
    public var bannerError: RGBA
    /// Search matches are ringed in this; the current one thicker.
    public var highlight: RGBA
    /// Behind selected text in the node being edited.
    public var textSelection: RGBA
    /// The fold badge: a disc with the count of hidden nodes on it.
    public var badgeFill: RGBA
    public var badgeText: RGBA
    /// Interface text size in pixels (it does not zoom).
    public var uiFontSize: Double

    public var nodeBorderWidth: Double
    public var selectedBorderWidth: Double
    public var edgeWidth: Double
    /// Free links are secondary: thinner than tree edges, as Freeplane draws its arrow links.
    public var linkEdgeWidth: Double
    /// Label font size in pixels at zoom 1.
    public var fontSize: Double
    /// Below this on-screen text height, labels are not drawn (they would be unreadable smudges).
    public var minimumLabelPixels: Double
    /// Text width, padding and the smallest node, and the node and branch shapes a style leaves
    /// to the theme (every theme curves its branches, as Freeplane and XMind do).
    public var nodeMetrics: NodeSizing.Metrics
    /// The tidy tree's gaps, in map units: between a parent's edge and its children's, and
    /// between stacked siblings (and neighbouring subtrees).
    public var layoutGaps = Vec2(48, 12)
    /// Corner radius of rounded boxes, in map units (at most half the box's height).
    public var cornerRadius = 10.0

    /// Each first-level branch's colour, in turn (the ninth takes the first again), carried down
    /// its subtree by the lines, the outlines and a tint of the fills (see `BranchLooks`).
    /// Chosen to stay apart for colour-blind eyes: `BranchPaletteTests` simulates protanopia,
    /// deuteranopia and tritanopia (Machado et al. 2009) on every theme's. Empty: grey branches.
    public var branchPalette: [RGBA] = []
    /// How much of its branch's colour a node's fill takes: below the first level, and at it.
    public var branchTint = 0.0
    public var firstLevelTint = 0.0
    /// Whether a node's outline takes its branch's colour (high contrast keeps black outlines,
    /// classic Freeplane's plain ones: the lines alone are coloured).
    public var colorsOutlines = true
    /// The first level's outline, a step heavier than the rest (map units).
    public var firstLevelBorderWidth = 2.0
    /// The central topic's fill, outline and words (the words stay readable on a fill the map
    /// gives it: `readableText`).
    public var accent = RGBA(hex: 0x2F6FDE)
    public var accentBorder = RGBA(hex: 0x1F4FA8)
    public var accentText = RGBA(hex: 0xFFFFFF)
    /// Branch widths by depth (map units): the line from a parent at depth d to its child runs
    /// from `branchWidths[d]` to `branchWidths[d + 1]`, the last one for everything deeper. A
    /// width the map gives a branch wins. Empty: every branch `edgeWidth`, untapered.
    public var branchWidths: [Double] = []
    /// A soft shadow under nodes, this colour at its darkest (nil: none). Drawn from one cached
    /// texture (`DrawList.Shadow`), never per pixel per frame.
    public var shadow: RGBA?

    /// The width of a branch at a node `depth` levels below the root (see `branchWidths`).
    public func branchWidth(atDepth depth: Int) -> Double {
        guard let last = branchWidths.last else { return edgeWidth }
        return depth < branchWidths.count ? branchWidths[max(depth, 0)] : last
    }

    /// A node's fill with its branch's tint (`branch` is nil for none), unless the map gave it one.
    public func tintedFill(_ own: RGBA?, branch: RGBA?, firstLevel: Bool) -> RGBA {
        if let own { return own }
        guard let branch else { return nodeFill }
        let amount = firstLevel ? firstLevelTint : branchTint
        return amount > 0 ? nodeFill.mixed(with: branch.withAlpha(nodeFill.a), amount: amount) : nodeFill
    }

    /// WCAG AA for text: 4.5:1 against what is behind it.
    public static let minimumTextContrast = 4.5

    /// The colour a node's text is drawn in: its own (from the file or the style panel) when it
    /// reads against what is behind it at WCAG AA, else the theme's text colour, else black or
    /// white, whichever reads better. A map made for a white page keeps its dark text on a
    /// light fill in the dark theme, and a light fill never gets the dark theme's pale text.
    public func textColor(of node: Node) -> RGBA {
        let style = node.style
        // why: the theme's own text passes on its own fill and background (a test checks),
        // and most nodes choose no colour, so most labels cost nothing here.
        guard style.textColor != nil || style.fillColor != nil else { return text }
        let fill = style.fillColor ?? (node.shape == .plain ? background : nodeFill)
        return readableText(style.textColor ?? text, on: fill.over(background))
    }

    /// A line's colour as drawn: its own (from the file or the style panel) unless it all but
    /// vanishes on the page (under 2:1: black links from a white-page map on the dark theme),
    /// then `fallback`, the theme's own.
    public func visibleLine(_ color: RGBA?, fallback: RGBA) -> RGBA {
        guard let color else { return fallback }
        // why: judged opaque: a colour made see-through on purpose is the person's choice.
        return color.withAlpha(255).contrast(with: background) >= 2 ? color : fallback
    }

    /// `wanted` if it reads on `backdrop`, else the theme's text, else black or white.
    public func readableText(_ wanted: RGBA, on backdrop: RGBA) -> RGBA {
        if wanted.contrast(with: backdrop) >= Self.minimumTextContrast { return wanted }
        if text.contrast(with: backdrop) >= Self.minimumTextContrast { return text }
        let (dark, light) = (RGBA(hex: 0x111111), RGBA(hex: 0xFFFFFF))
        return dark.contrast(with: backdrop) >= light.contrast(with: backdrop) ? dark : light
    }

    /// The theme a map is put on paper in. Paper is white: a theme drawn on a dark background
    /// prints as the light theme (its pale lines and text would vanish on paper), and no theme
    /// fills the page with its screen background (a tinted page wastes ink and greys the sheet).
    public var onPaper: Theme {
        var paper = background.luminance > 128 ? self : Theme.light
        paper.background = RGBA(255, 255, 255)
        return paper
    }

    /// The light box drawn where a picture cannot be shown (or is not loaded yet).
    public var imagePlaceholder: RGBA { background.luminance > 128 ? RGBA(232, 232, 232) : RGBA(72, 72, 72) }
    /// A cloud without a colour of its own (FreeMind's `<cloud/>`): Freeplane's light grey, or a
    /// slightly lighter tone of a dark background.
    public var cloudFill: RGBA { background.luminance > 128 ? RGBA(hex: 0xEAEAEA) : background.mixed(with: RGBA(hex: 0xFFFFFF), amount: 0.12) }

    /// A cloud's fill (its own colour or the theme's) and its border, a darker solid tone of it.
    public func colors(of cloud: Cloud) -> (fill: RGBA, border: RGBA) {
        let fill = cloud.color ?? cloudFill
        return (fill, fill.withAlpha(255).mixed(with: nodeBorder, amount: 0.5).withAlpha(max(fill.a, 160)))
    }
    public var treeLayout: TreeLayout { TreeLayout(horizontalGap: layoutGaps.x, verticalGap: layoutGaps.y) }

    /// The seed app's look: green ellipses with a dark border, red when selected, on white.
    public static let classic = Theme(
        name: "classic",
        background: RGBA(hex: 0xFFFFFF),
        nodeFill: RGBA(hex: 0x7BC67E),
        nodeBorder: RGBA(hex: 0x1B3A1C),
        selectedBorder: RGBA(hex: 0xE02020),
        edge: RGBA(hex: 0x4A4A4A),
        linkEdge: RGBA(hex: 0x3B6FD8),
        text: RGBA(hex: 0x101810),
        hudBackground: RGBA(hex: 0x000000, alpha: 170),
        hudText: RGBA(hex: 0xF0F0F0),
        uiScrim: RGBA(hex: 0x000000, alpha: 90),
        uiPanel: RGBA(hex: 0xFAFAFA),
        uiText: RGBA(hex: 0x202020),
        uiField: RGBA(hex: 0xFFFFFF),
        uiButton: RGBA(hex: 0xE4E4E4),
        uiPrimary: RGBA(hex: 0x2E6BD8),
        uiPrimaryText: RGBA(hex: 0xFFFFFF),
        bannerInfo: RGBA(hex: 0xFFF3C4),
        bannerError: RGBA(hex: 0xF8C9C4),
        highlight: RGBA(hex: 0xF5A300),
        textSelection: RGBA(hex: 0x8DB7F5, alpha: 200),
        badgeFill: RGBA(hex: 0xFFFFFF),
        badgeText: RGBA(hex: 0x1B3A1C),
        uiFontSize: 16,
        nodeBorderWidth: 2,
        selectedBorderWidth: 4,
        edgeWidth: 2,
        linkEdgeWidth: 1,
        fontSize: 16,
        minimumLabelPixels: 4,
        nodeMetrics: NodeSizing.Metrics(maxTextWidth: 260, padding: Vec2(6, 4), minimumSize: Vec2(64, 40), centralTextScale: 1.1),
        // Freeplane's automatic edge colours: the lines alone coloured (its palette is not
        // safe for colour-blind eyes; this one is), the nodes as they were.
        branchPalette: [RGBA(hex: 0x2457B3), RGBA(hex: 0xB84709), RGBA(hex: 0x169155), RGBA(hex: 0xA8507E), RGBA(hex: 0xD39E00), RGBA(hex: 0x45136A), RGBA(hex: 0x28B0FF), RGBA(hex: 0x5E2C00)],
        colorsOutlines: false,
        accent: RGBA(hex: 0x1B3A1C),
        accentBorder: RGBA(hex: 0x0E1F0F),
        accentText: RGBA(hex: 0xFFFFFF),
        branchWidths: [4, 3, 2]
    )
}
