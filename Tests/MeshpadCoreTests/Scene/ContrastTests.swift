import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Text that can be read (issue 33): every theme's own colours meet WCAG AA, and a node's text
/// is drawn in its own colour only where that colour reads on the node's actual fill.
@Suite struct ContrastTests {
    static let aa = Theme.minimumTextContrast

    @Test(arguments: Theme.all)
    func everyThemesTextReadsOnWhatItIsDrawnOn(theme: Theme) {
        let pairs: [(String, RGBA, RGBA)] = [
            ("node text on a node", theme.text, theme.nodeFill),
            ("node text on the page (a plain node)", theme.text, theme.background),
            ("interface text on a panel", theme.uiText, theme.uiPanel),
            ("interface text on a button", theme.uiText, theme.uiButton),
            ("interface text in a field", theme.uiText, theme.uiField),
            ("a primary button's words", theme.uiPrimaryText, theme.uiPrimary),
            ("a fold badge's count", theme.badgeText, theme.badgeFill),
            ("a notice", theme.uiText, theme.bannerInfo),
            ("an error", theme.uiText, theme.bannerError),
            ("the HUD", theme.hudText, theme.hudBackground.over(theme.background)),
        ]
        for (what, ink, paper) in pairs {
            #expect(ink.contrast(with: paper) >= Self.aa, "\(theme.name): \(what) is \(ink.contrast(with: paper)):1")
        }
    }

    static func node(fill: RGBA?, text: RGBA?, shape: NodeShape = .roundedBox) -> Node {
        var document = Document.sample()
        let id = document.rootID
        document.modify(id) {
            $0.style.fillColor = fill
            $0.style.textColor = text
            $0.style.shape = shape
            $0.shape = shape
        }
        return document.root
    }

    @Test func aLightFillGetsDarkTextInTheDarkTheme() {
        let lightBlue = RGBA(hex: 0xBBDEFB)
        let node = Self.node(fill: lightBlue, text: nil)
        #expect(Theme.dark.text.contrast(with: lightBlue) < Self.aa, "the dark theme's text alone would vanish")
        let ink = Theme.dark.textColor(of: node)
        #expect(ink.contrast(with: lightBlue) >= Self.aa)
    }

    @Test func aFreeMindMapsDarkTextIsCorrectedOnTheDarkThemesNodes() {
        let node = Self.node(fill: nil, text: RGBA(hex: 0x000080))
        let ink = Theme.dark.textColor(of: node)
        #expect(ink.contrast(with: Theme.dark.nodeFill) >= Self.aa, "navy on charcoal is corrected")
        let plain = Self.node(fill: nil, text: RGBA(hex: 0x333333), shape: .plain)
        #expect(Theme.dark.textColor(of: plain).contrast(with: Theme.dark.background) >= Self.aa, "on the page too")
    }

    @Test func aColourThatReadsIsKept() {
        let red = RGBA(hex: 0x990000)
        #expect(Theme.light.textColor(of: Self.node(fill: nil, text: red)) == red)
        let white = RGBA(hex: 0xFFFFFF)
        #expect(Theme.light.textColor(of: Self.node(fill: RGBA(hex: 0x1B5E20), text: white)) == white)
        // A translucent fill is judged as it looks over the page.
        let wash = RGBA(hex: 0x000000, alpha: 40)
        #expect(Theme.dark.textColor(of: Self.node(fill: wash, text: nil)) == Theme.dark.text)
    }

    @Test func theDrawnLabelUsesTheCorrectedColour() {
        var document = Document.sample()
        document.modify(document.rootID) { $0.style.fillColor = RGBA(hex: 0xFFF59D) }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var list = DrawList()
        SceneBuilder(theme: .dark).build(document: document, camera: Camera(origin: Vec2(400, 300), zoom: 1),
                                         viewportSize: Vec2(800, 600), pixelScale: 1, selection: [], into: &list)
        let label = list.labels.first { $0.text == document.root.label }
        #expect(label.map { $0.color.contrast(with: RGBA(hex: 0xFFF59D)) >= Self.aa } == true)
    }
}

/// Lines too: a link or branch colour that all but vanishes on the page is drawn in the theme's.
@Suite struct LineContrastTests {
    @Test func aBlackLinkOnTheDarkThemeIsDrawnInTheThemesColour() {
        let black = RGBA(hex: 0x000000)
        #expect(Theme.dark.visibleLine(black, fallback: Theme.dark.linkEdge) == Theme.dark.linkEdge)
        #expect(Theme.light.visibleLine(black, fallback: Theme.light.linkEdge) == black, "on paper black is kept")
        let red = RGBA(hex: 0xE53935)
        #expect(Theme.dark.visibleLine(red, fallback: Theme.dark.edge) == red)
        #expect(Theme.dark.visibleLine(nil, fallback: Theme.dark.edge) == Theme.dark.edge)
    }
}
