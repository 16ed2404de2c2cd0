import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct StyleTests {
    func option(_ rig: EditRig, _ option: StyleOption) -> Vec2 {
        rig.workspace.overlayLayout.rect(of: .styleOption(option))?.center ?? Vec2(-1, -1)
    }

    @Test func theStylePanelStylesTheSelectionOneUndoStepATap() {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.click(rig.screen(of: rig.id("shelter")), .ctrl)
        rig.tapToolbar(.stylePanel)
        #expect(rig.workspace.chrome.styleOpen)
        let yellow = RGBA(hex: 0xFFF1A8)
        rig.tap(option(rig, .fill(yellow)))
        rig.tap(option(rig, .shape(.roundedBox)))
        rig.tap(option(rig, .larger))
        rig.tap(option(rig, .bold))
        for name in ["food", "shelter"] {
            let style = rig.document.node(rig.id(name))?.style
            #expect(style?.fillColor == yellow && style?.shape == .roundedBox && style?.fontSize == 14 && style?.bold == true, "\(name)")
        }
        #expect(rig.workspace.history.done.count == 4)
        #expect(rig.workspace.chrome.styleCurrent?.fillColor == yellow, "the panel shows the shared style")
        for _ in 0..<4 { rig.key("Z", .ctrl) }
        #expect(rig.document.node(rig.id("food"))?.style == NodeStyle())
    }

    @Test func biggerBoldTextMakesABiggerNodeAndItsShapeIsHitByItsBox() {
        var rig = EditRig()
        let food = rig.id("food")
        let small = rig.document.node(food)?.size ?? .zero
        rig.click(rig.screen(of: food))
        rig.workspace.panels.styleOpen = true
        rig.tap(option(rig, .larger))
        rig.tap(option(rig, .larger))
        rig.key("B", .ctrl)
        let big = rig.document.node(food)?.size ?? .zero
        #expect(big.x > small.x * 1.3 && big.y > small.y)
        rig.tap(option(rig, .shape(.roundedBox)))
        let node = rig.document.node(food)
        #expect(node?.shape == .roundedBox)
        // A box's corner is on it; an ellipse's would not be.
        let corner = (node?.position ?? .zero) + (node?.size ?? .zero) / 2 - Vec2(2, 2)
        #expect(rig.document.topmostNode(at: corner) == food)
    }

    @Test func stylesAreSavedAndReadBackInBothFormats() throws {
        var document = Document(rootText: "root")
        let child = document.addChild(of: document.rootID, text: "styled", at: Vec2(200, 0)) ?? document.rootID
        let style = NodeStyle(shape: .plain, textColor: RGBA(hex: 0xB3261E), fillColor: RGBA(hex: 0xFFF1A8), fontSize: 18,
                              bold: true, italic: true, edgeColor: RGBA(hex: 0x1E88E5), edgeWidth: 3, edgeShape: .straight)
        document.modify(child) { $0.style = style }
        let native = try NativeFormat.decode(try NativeFormat.encode(document))
        #expect(native.node(child)?.style == style)
        let mm = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(mm.nodes.first { $0.text == "styled" }?.style == style)
    }

    @Test(arguments: [("bubble", NodeShape.roundedBox), ("fork", .plain), ("oval", .ellipse)])
    func freeMindNodeStylesBecomeShapes(name: String, shape: NodeShape) throws {
        let xml = "<map version=\"1.0.1\"><node TEXT=\"r\"><node TEXT=\"c\" STYLE=\"\(name)\"><edge COLOR=\"#ff0000\" WIDTH=\"thin\"/></node></node></map>"
        let document = try FreeMindFormat.decode(Data(xml.utf8)).document
        let c = document.nodes.first { $0.text == "c" }
        #expect(c?.style.shape == shape)
        #expect(c?.style.edgeColor == RGBA(hex: 0xFF0000) && c?.style.edgeWidth == 1)
    }

    // MARK: - Branch shapes

    @Test func theLineRowMakesTheSelectedBranchesStraightInOneUndoStep() throws {
        var rig = EditRig()
        let food = rig.id("food"), shelter = rig.id("shelter")
        func branch(_ id: NodeID) -> EdgePath? {
            rig.document.edges.firstIndex { $0.to == id }.map { rig.document.path(ofEdgeAt: $0) }
        }
        #expect(branch(food)?.isStraight == false, "curved unless chosen otherwise")
        rig.click(rig.screen(of: food))
        rig.click(rig.screen(of: shelter), .ctrl)
        rig.tapToolbar(.stylePanel)
        rig.tap(option(rig, .edgeShape(.straight)))
        #expect(rig.document.node(food)?.style.edgeShape == .straight && rig.document.node(shelter)?.style.edgeShape == .straight)
        #expect(branch(food)?.isStraight == true && branch(shelter)?.isStraight == true)
        #expect(rig.workspace.history.done.count == 1)
        let straight = try #require(rig.workspace.overlayLayout.parts.first { $0.role == .styleOption(.edgeShape(.straight)) })
        #expect(straight.look == .on && straight.text == "Straight", "the panel shows the choice")
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.style.edgeShape == nil && rig.document.node(shelter)?.style.edgeShape == nil)
        #expect(branch(food)?.isStraight == false)
    }

    @Test(arguments: [("linear", EdgeShape?.some(.straight)), ("sharp_linear", .straight), ("bezier", .curve), ("sharp_bezier", .curve),
                      ("horizontal", .curve), ("hide_edge", nil), ("as_parent", nil)])
    func freeMindEdgeStylesBecomeEdgeShapes(name: String, shape: EdgeShape?) throws {
        let xml = "<map version=\"1.0.1\"><node TEXT=\"r\"><node TEXT=\"c\"><edge STYLE=\"\(name)\"/></node></node></map>"
        let document = try FreeMindFormat.decode(Data(xml.utf8)).document
        #expect(document.nodes.first { $0.text == "c" }?.style.edgeShape == shape)
    }

    @Test func aMeshpadFileNamesTheEdgeShapeOnlyWhenOneIsChosen() throws {
        var document = Document(rootText: "root")
        let child = document.addChild(of: document.rootID, text: "child", at: Vec2(200, 0)) ?? document.rootID
        #expect(!String(decoding: try NativeFormat.encode(document), as: UTF8.self).contains("edgeShape"))
        document.modify(child) { $0.style.edgeShape = .curve }
        let text = String(decoding: try NativeFormat.encode(document), as: UTF8.self)
        #expect(text.contains("\"edgeShape\":\"curve\""))
        #expect(try NativeFormat.decode(Data(text.utf8)).node(child)?.style.edgeShape == .curve)
        let wrong = text.replacingOccurrences(of: "\"curve\"", with: "\"wavy\"")
        #expect(throws: FormatError.self) { try NativeFormat.decode(Data(wrong.utf8)) }
    }

    @Test func everyThemeIsNamedAndTheStandardIsLight() {
        #expect(Theme.named("dark")?.name == "dark")
        #expect(Theme.named("High-Contrast")?.name == "high-contrast")
        #expect(Theme.named("classic")?.nodeMetrics.shape == .ellipse)
        #expect(Theme.named("sepia") == nil)
        #expect(Theme.standard.name == "light")
        // Readable: every theme's text stands out from its node fill and its background.
        func luminance(_ c: RGBA) -> Double { 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b) }
        for theme in Theme.all {
            #expect(abs(luminance(theme.text) - luminance(theme.nodeFill)) > 100, "\(theme.name): text on nodes")
            #expect(abs(luminance(theme.uiText) - luminance(theme.uiPanel)) > 100, "\(theme.name): interface text")
        }
    }
}
