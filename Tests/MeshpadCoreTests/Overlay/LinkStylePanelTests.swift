import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A link's colour, width, line and arrowheads, chosen by a finger from the style panel while the
/// link is selected, as Freeplane's connector panel and XMind's format panel offer them: one undo
/// step a tap, the choice marked, and kept in `.meshpad` and `.mm`.
@Suite struct LinkStylePanelTests {
    static let allOptions = LinkStyleOption.rows.flatMap(\.options)

    static func part(_ rig: EditRig, _ option: LinkStyleOption) -> OverlayLayout.Part? {
        rig.workspace.overlayLayout.parts.first { $0.role == .linkStyleOption(option) }
    }

    static func tap(_ rig: inout EditRig, _ option: LinkStyleOption) {
        guard let part = part(rig, option) else {
            Issue.record("no \(option) in the panel")
            return
        }
        rig.tap(part.rect.center)
    }

    /// A rig with a link from food to shelter selected by a finger's tap and the style panel open.
    static func styling() throws -> (EditRig, Edge) {
        var (rig, link, middle) = try LinkLookTests.linked()
        rig.tap(middle)
        try #require(rig.workspace.selection.edge == link.id, "a tap on the link selects it")
        rig.tapToolbar(.stylePanel)
        return (rig, link)
    }

    // MARK: - The options

    @Test(arguments: allOptions)
    func aChoiceAppliedIsChosenAndTheOthersOfItsRowAreNot(option: LinkStyleOption) throws {
        let start = LinkLook(label: "feeds", arrows: [.end], sourceLabel: "from", targetLabel: "to",
                             color: RGBA(hex: 0x123456), width: 2.5, dash: [2, 7, 7, 7])
        let look = option.applied(to: start)
        #expect(option.isChosen(in: look))
        let row = try #require(LinkStyleOption.rows.first { $0.options.contains(option) })
        for other in row.options where other != option {
            #expect(!other.isChosen(in: look), "\(other) is not chosen once \(option) is")
        }
        #expect(look.label == "feeds" && look.sourceLabel == "from" && look.targetLabel == "to", "the words are kept")
        // Only its own part of the look changes.
        if case .color = option {} else { #expect(look.color == start.color) }
        if case .width = option {} else { #expect(look.width == start.width) }
        if case .line = option {} else { #expect(look.dash == start.dash) }
        if case .arrows = option {} else { #expect(look.arrows == start.arrows) }
    }

    @Test func theChoicesAreTheThemesOrTheNodePanelsColoursWidthsAndFreeplanesDashes() {
        let titles = LinkStyleOption.rows.map(\.title)
        #expect(titles == ["Colour", "Width", "Line", "Arrows"])
        #expect(LinkStyleOption.rows[0].options == [.color(nil)] + StyleOption.edgeColours.map { .color($0) })
        #expect(LinkStyleOption.rows[1].options.map(\.label) == ["Auto", "Thin", "Mid", "Thick"])
        #expect(LinkStyleOption.rows[2].options.map(\.label) == ["Solid", "Dashed", "Dotted"])
        #expect(LinkStyleOption.rows[3].options.map(\.label) == ["None", "End", "Start", "Both"])
        // Freeplane's SOLID, DASHES and DISTANT_DOTS, as its DASH attribute writes them.
        #expect(LinkLine.allCases.map { $0.pattern.map(FreeMindFormat.dashText) } == [nil, "7 7", "2 7"])
        #expect(LinkLook.touched(LinkLook(), by: .toggleLinkDash).dash == LinkLine.dashed.pattern, "the menu's Dashed line is the panel's")
        // A swatch has a colour and no words; every other button has words.
        for option in Self.allOptions {
            #expect((option.swatch == nil) != (option.label == nil), "\(option)")
        }
        // The theme's colour and width are the plain look.
        #expect(LinkStyleOption.color(nil).isChosen(in: LinkLook()) && LinkStyleOption.width(nil).isChosen(in: LinkLook()))
        #expect(LinkStyleOption.line(.solid).isChosen(in: LinkLook()) && LinkStyleOption.arrows([]).isChosen(in: LinkLook()))
    }

    // MARK: - The panel

    @Test func styleWithALinkSelectedOpensTheLinksPanelAndEachTapIsOneUndoStep() throws {
        var (rig, link) = try Self.styling()
        #expect(rig.workspace.chrome.styleLink == link.look)
        #expect(!rig.workspace.overlayLayout.parts.contains { if case .styleOption = $0.role { return true } else { return false } },
                "the nodes' rows are not offered for a link")
        let titles = rig.workspace.overlayLayout.parts.filter { $0.role == .styleTitle }.map(\.text)
        #expect(titles == ["Colour", "Width", "Line", "Arrows"])
        let red = RGBA(hex: 0xE53935)
        let steps = rig.workspace.history.done.count
        for option in [LinkStyleOption.color(red), .width(6), .line(.dashed), .arrows([.start, .end])] {
            Self.tap(&rig, option)
            #expect(Self.part(rig, option)?.look == .on, "the panel marks \(option)")
        }
        #expect(rig.document.edge(link.id)?.look == LinkLook(arrows: [.start, .end], color: red, width: 6, dash: [7, 7]))
        #expect(rig.workspace.history.done.count == steps + 4, "one undo step a tap")
        #expect(rig.workspace.selection.edge == link.id, "the link stays selected, so the next choice is for it too")
        #expect(Self.part(rig, .color(nil))?.look == .plain && Self.part(rig, .line(.solid))?.look == .plain)
        // The same choice again changes nothing and makes no step.
        Self.tap(&rig, .width(6))
        #expect(rig.workspace.history.done.count == steps + 4)
        for _ in 0..<4 { rig.key("Z", .ctrl) }
        #expect(rig.document.edge(link.id)?.look == link.look)
        #expect(Self.part(rig, .color(nil))?.look == .on && Self.part(rig, .line(.solid))?.look == .on)
    }

    @Test func aLinksMenuOffersStyleButABranchsDoesNot() throws {
        var (rig, link, middle) = try LinkLookTests.linked()
        MenuTests.longPress(&rig, at: middle)
        MenuTests.tapRow(&rig, "Style…")
        #expect(rig.workspace.panels.styleOpen && rig.workspace.selection.edge == link.id)
        #expect(Self.part(rig, .width(3)) != nil, "the link's panel")
        // From its menu again, the panel stays open (the toolbar's button is what hides it).
        MenuTests.longPress(&rig, at: middle)
        MenuTests.tapRow(&rig, "Style…")
        #expect(rig.workspace.panels.styleOpen)
        rig.tapToolbar(.stylePanel)
        #expect(!rig.workspace.panels.styleOpen)
        let food = rig.id("food")
        let branch = try #require(rig.document.edges.firstIndex { $0.kind == .tree && $0.to == food })
        MenuTests.longPress(&rig, at: rig.camera.screenPoint(ofMap: rig.document.path(ofEdgeAt: branch).point(at: 0.5)))
        #expect(!MenuTests.rows(rig).contains("Style…"))
    }

    @Test func selectingANodeGivesTheNodesPanelBack() throws {
        var (rig, _) = try Self.styling()
        rig.tap(rig.screen(of: rig.id("food")))
        #expect(rig.workspace.chrome.styleLink == nil && rig.workspace.panels.styleOpen)
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .styleOption(.bold) })
        #expect(Self.part(rig, .width(3)) == nil)
        // With nothing selected, the panel says what it needs.
        rig.key("Escape")
        let panel = rig.workspace.overlayLayout.parts.first { $0.role == .stylePanel }
        #expect(panel?.text == "Select nodes or a link to style them")
    }

    @Test func aReadOnlyMapRefusesAChoiceWithTheUsualToast() throws {
        var (rig, link) = try Self.styling()
        rig.workspace.lockdown.isReadOnly = true
        Self.tap(&rig, .color(RGBA(hex: 0x1E88E5)))
        #expect(rig.document.edge(link.id)?.look == link.look)
        #expect(rig.workspace.panels.banner?.message == rig.workspace.lockdown.refusal)
    }

    @Test func aReadOnlyMapOffersNoStyleForALinkAndRefusesItWhenAskedAnyway() throws {
        var (rig, link, middle) = try LinkLookTests.linked()
        rig.workspace.lockdown.isReadOnly = true
        #expect(!rig.workspace.chrome.toolbar.contains { $0.action == .stylePanel })
        MenuTests.longPress(&rig, at: middle)
        #expect(!MenuTests.rows(rig).contains("Style…"))
        rig.key("Escape")
        rig.workspace.perform(.stylePanel, on: .edge(link.id))
        #expect(!rig.workspace.panels.styleOpen)
        #expect(rig.workspace.panels.banner?.message == rig.workspace.lockdown.refusal)
    }

    @Test func theControlsAreInTheStateDumpByTheirWords() throws {
        let (rig, _) = try Self.styling()
        let options = StateDump(rig.workspace).controls.filter { $0.role == "option" }.map(\.label)
        #expect(options == ["Auto"] + StyleOption.edgeColours.map(\.hexString) + ["Auto", "Thin", "Mid", "Thick", "Solid", "Dashed", "Dotted",
                                                                                  "None", "End", "Start", "Both"])
    }

    // MARK: - Files

    @Test func theChosenLookIsKeptInMeshpadAndFreeplaneFiles() throws {
        var (rig, link) = try Self.styling()
        for option in [LinkStyleOption.color(RGBA(hex: 0x43A047)), .width(3), .line(.dotted), .arrows(.start)] { Self.tap(&rig, option) }
        let look = try #require(rig.document.edge(link.id)?.look)
        #expect(look == LinkLook(arrows: .start, color: RGBA(hex: 0x43A047), width: 3, dash: [2, 7]))
        let native = try NativeFormat.decode(NativeFormat.encode(rig.document))
        #expect(native.edge(link.id)?.look == look)
        let xml = String(decoding: FreeMindFormat.encode(rig.document), as: UTF8.self)
        let arrowlink = try #require(xml.split(separator: "\n").first { $0.contains("<arrowlink") })
        for attribute in ["COLOR=\"#43a047\"", "WIDTH=\"3\"", "DASH=\"2 7\"", "STARTARROW=\"Default\"", "ENDARROW=\"None\""] {
            #expect(arrowlink.contains(attribute), "\(arrowlink)")
        }
        let back = try FreeMindFormat.decode(Data(xml.utf8)).document
        #expect(back.edges.first { $0.kind == .link }?.look == look)
    }

    @Test func aFreeplaneConnectorRestyledChangesOnlyTheAttributesChosen() throws {
        let data = Data(ConnectorTests.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let labelled = try #require(document.edges.first { $0.label == "hierarchy" })
        var look = labelled.look
        for option in [LinkStyleOption.width(6), .line(.dashed)] { look = option.applied(to: look) }
        document.transact("look", [.setLink(edge: labelled.id, from: labelled.look, to: look)])
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        #expect(changed.added.count == 1, "\(changed)")
        let line = try #require(changed.added.first)
        #expect(line.contains("WIDTH=\"6\"") && line.contains("DASH=\"7 7\"") && line.contains("COLOR=\"#ff0000\"")
                    && line.contains("SHAPE=\"CUBIC_CURVE\"") && line.contains("SOURCE_LABEL=\"parent\""), "\(line)")
    }
}

extension LinkStyleOption: CustomTestStringConvertible {
    public var testDescription: String {
        switch self {
        case .color(let color): return "colour \(color?.hexString ?? "auto")"
        case .width(let width): return "width \(width.map { "\($0)" } ?? "auto")"
        case .line(let line): return "line \(line.title)"
        case .arrows(let arrows): return "arrows \(label ?? "\(arrows.rawValue)")"
        }
    }
}
