/// The themes Meshpad ships, in one place: `--theme NAME` or the config's `"theme"` picks one.
extension Theme {
    /// What a map looks like unless a theme is chosen.
    public static let standard = light

    public static let all: [Theme] = [light, dark, highContrast, classic]

    /// The theme called `name` (case does not matter), or nil.
    public static func named(_ name: String) -> Theme? {
        let wanted = name.lowercased().replacingOccurrences(of: "-", with: "")
        return all.first { $0.name.lowercased().replacingOccurrences(of: "-", with: "") == wanted }
    }

    /// Quiet and clear: white rounded boxes with grey lines on warm paper, blue selection.
    public static let light: Theme = {
        var theme = classic
        theme.name = "light"
        theme.background = RGBA(hex: 0xF6F5F1)
        theme.nodeFill = RGBA(hex: 0xFFFFFF)
        theme.nodeBorder = RGBA(hex: 0x8A939B)
        theme.selectedBorder = RGBA(hex: 0x2F6FDE)
        theme.edge = RGBA(hex: 0x98A1A9)
        theme.linkEdge = RGBA(hex: 0xD97B29)
        theme.text = RGBA(hex: 0x22272E)
        theme.uiPanel = RGBA(hex: 0xFFFFFF)
        theme.uiButton = RGBA(hex: 0xECEBE6)
        theme.uiPrimary = RGBA(hex: 0x2F6FDE)
        theme.badgeFill = RGBA(hex: 0xFFFFFF)
        theme.badgeText = RGBA(hex: 0x4A535C)
        theme.nodeBorderWidth = 1.5
        theme.selectedBorderWidth = 3
        theme.edgeWidth = 2
        // why: a hairline link is hard to see across a room and to aim a finger at.
        theme.linkEdgeWidth = 2
        // Corners, padding, sizes and gaps on one 4-unit grid.
        theme.nodeMetrics = NodeSizing.Metrics(maxTextWidth: 260, padding: Vec2(12, 8), minimumSize: Vec2(56, 36), shape: .roundedBox,
                                               centralTextScale: 1.3)
        theme.cornerRadius = 8
        theme.branchPalette = [RGBA(hex: 0x2457B3), RGBA(hex: 0xB84709), RGBA(hex: 0x169155), RGBA(hex: 0xA8507E), RGBA(hex: 0xD39E00), RGBA(hex: 0x45136A), RGBA(hex: 0x28B0FF), RGBA(hex: 0x5E2C00)]
        theme.colorsOutlines = true
        theme.branchTint = 0.08
        theme.firstLevelTint = 0.16
        theme.firstLevelBorderWidth = 2.5
        theme.accent = RGBA(hex: 0x2E3A59)
        theme.accentBorder = RGBA(hex: 0x1D2539)
        theme.accentText = RGBA(hex: 0xFFFFFF)
        theme.branchWidths = [7, 4, 2.75, 2]
        theme.shadow = RGBA(hex: 0x1A2030, alpha: 90)
        return theme
    }()

    /// For dim rooms and OLED tablets: light text on charcoal.
    public static let dark: Theme = {
        var theme = light
        theme.name = "dark"
        theme.background = RGBA(hex: 0x1C1E22)
        theme.nodeFill = RGBA(hex: 0x2C3036)
        theme.nodeBorder = RGBA(hex: 0x5D6570)
        theme.selectedBorder = RGBA(hex: 0x5B9BFF)
        theme.edge = RGBA(hex: 0x6E7781)
        theme.linkEdge = RGBA(hex: 0xE0A458)
        theme.text = RGBA(hex: 0xE6E8EB)
        theme.hudBackground = RGBA(hex: 0x000000, alpha: 200)
        theme.uiScrim = RGBA(hex: 0x000000, alpha: 140)
        theme.uiPanel = RGBA(hex: 0x25282D)
        theme.uiText = RGBA(hex: 0xE6E8EB)
        theme.uiField = RGBA(hex: 0x1C1E22)
        theme.uiButton = RGBA(hex: 0x363A41)
        theme.uiPrimary = RGBA(hex: 0x3371D9)
        theme.bannerInfo = RGBA(hex: 0x4A4224)
        theme.bannerError = RGBA(hex: 0x5C2A2A)
        theme.highlight = RGBA(hex: 0xF2B33D)
        theme.textSelection = RGBA(hex: 0x3D7FE6, alpha: 170)
        theme.badgeFill = RGBA(hex: 0x2C3036)
        theme.badgeText = RGBA(hex: 0xE6E8EB)
        theme.branchPalette = [RGBA(hex: 0x2993FB), RGBA(hex: 0xD96C19), RGBA(hex: 0x2ED985), RGBA(hex: 0xE47FA4), RGBA(hex: 0xFFD03C), RGBA(hex: 0xB883CF), RGBA(hex: 0xB2D9FF), RGBA(hex: 0xA17140)]
        theme.branchTint = 0.12
        theme.firstLevelTint = 0.22
        theme.accent = RGBA(hex: 0x3D5FC4)
        theme.accentBorder = RGBA(hex: 0x7F9CF0)
        theme.accentText = RGBA(hex: 0xFFFFFF)
        theme.shadow = RGBA(hex: 0x000000, alpha: 170)
        return theme
    }()

    /// For kiosks in bright rooms: black on white, thick lines, bigger text.
    public static let highContrast: Theme = {
        var theme = classic
        theme.name = "high-contrast"
        theme.background = RGBA(hex: 0xFFFFFF)
        theme.nodeFill = RGBA(hex: 0xFFFFFF)
        theme.nodeBorder = RGBA(hex: 0x000000)
        theme.selectedBorder = RGBA(hex: 0xC00000)
        theme.edge = RGBA(hex: 0x000000)
        theme.linkEdge = RGBA(hex: 0x0033CC)
        theme.text = RGBA(hex: 0x000000)
        theme.uiPanel = RGBA(hex: 0xFFFFFF)
        theme.uiText = RGBA(hex: 0x000000)
        theme.uiButton = RGBA(hex: 0xD8D8D8)
        theme.uiPrimary = RGBA(hex: 0x0033CC)
        theme.highlight = RGBA(hex: 0xE07000)
        theme.badgeFill = RGBA(hex: 0xFFFFFF)
        theme.badgeText = RGBA(hex: 0x000000)
        theme.nodeBorderWidth = 3
        theme.selectedBorderWidth = 6
        theme.edgeWidth = 3
        theme.linkEdgeWidth = 2
        theme.fontSize = 20
        theme.uiFontSize = 19
        // why: its text is big already; more made the centre crowd its branches.
        theme.nodeMetrics = NodeSizing.Metrics(maxTextWidth: 300, padding: Vec2(16, 12), minimumSize: Vec2(64, 44), shape: .roundedBox,
                                               centralTextScale: 1.15)
        theme.cornerRadius = 8
        // Strict: black words on white boxes with black outlines; only the thick lines are
        // coloured, each dark enough for 4.5:1 on white.
        theme.branchPalette = [RGBA(hex: 0x5E63CB), RGBA(hex: 0xC92D11), RGBA(hex: 0x00763D), RGBA(hex: 0x7A0851), RGBA(hex: 0x927129), RGBA(hex: 0x4D0D78), RGBA(hex: 0x337BAF), RGBA(hex: 0x4E2200)]
        theme.colorsOutlines = false
        theme.firstLevelBorderWidth = 4
        theme.accent = RGBA(hex: 0x000000)
        theme.accentBorder = RGBA(hex: 0x000000)
        theme.accentText = RGBA(hex: 0xFFFFFF)
        theme.branchWidths = [10, 6, 4, 3]
        return theme
    }()
}
