import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Coloured branches (issue 29): each first-level branch takes the next palette colour, its
/// subtree carries it, the map's own colours win, and a switch on the style panel turns it off.
@Suite struct BranchLooksTests {
    static let palette = Theme.light.branchPalette

    /// The sample's root with its five branches; under "food", two nodes, one below the other.
    static func map() -> Document {
        var document = Document.sample()
        let food = document.nodes.first { $0.text == "food" }?.id ?? document.rootID
        let bread = document.addChild(of: food, text: "bread", at: Vec2(400, 0)) ?? food
        document.addChild(of: bread, text: "flour", at: Vec2(600, 0))
        return document
    }

    static func looks(_ document: Document) -> BranchLooks {
        var looks = BranchLooks()
        looks.refresh(for: document, palette: palette)
        return looks
    }

    static func color(_ looks: BranchLooks, _ document: Document, _ text: String) -> RGBA? {
        document.index(of: document.nodes.first { $0.text == text }?.id ?? NodeID(-1)).flatMap { looks.color(ofNodeAt: $0) }
    }

    @Test func eachFirstLevelBranchTakesTheNextColourAndItsSubtreeCarriesIt() throws {
        let document = Self.map()
        let looks = Self.looks(document)
        let branches = document.children(of: document.rootID)
        #expect(branches.count == 5)
        for (k, id) in branches.enumerated() {
            let index = try #require(document.index(of: id))
            #expect(looks.color(ofNodeAt: index) == Self.palette[k], "branch \(k)")
            #expect(looks.depth(ofNodeAt: index) == 1)
        }
        let food = try #require(Self.color(looks, document, "food"))
        #expect(Self.color(looks, document, "bread") == food && Self.color(looks, document, "flour") == food)
        #expect(looks.depth(ofNodeAt: try #require(document.index(of: document.nodes.first { $0.text == "flour" }!.id))) == 3)
        #expect(looks.color(ofNodeAt: 0) == nil, "the central topic is in the accent, not a branch colour")
    }

    @Test func aNewFirstLevelNodeTakesTheNextColourAndNothingIsWrittenForIt() {
        var rig = EditRig(document: Self.map())
        rig.click(rig.screen(of: rig.document.rootID))
        rig.key("Tab")
        rig.type("water")
        rig.key("Return")
        let document = rig.document
        let looks = Self.looks(document)
        #expect(document.children(of: document.rootID).count == 6)
        #expect(Self.color(looks, document, "water") == Self.palette[5])
        #expect(document.nodes.allSatisfy { $0.style.edgeColor == nil }, "the colour is the theme's, not the map's")
        let saved = String(decoding: FreeMindFormat.encode(document), as: UTF8.self)
        #expect(!saved.contains("COLOR"), "a .mm of an uncoloured map gets no colours")
    }

    @Test func aColourTheMapGivesABranchWinsAndRunsDownIt() {
        var document = Self.map()
        let food = document.nodes.first { $0.text == "food" }!.id
        let brown = RGBA(hex: 0x795548)
        document.modify(food) { $0.style.edgeColor = brown }
        let looks = Self.looks(document)
        #expect(Self.color(looks, document, "food") == brown)
        #expect(Self.color(looks, document, "flour") == brown, "carried down, as FreeMind draws an edge colour")
        #expect(Self.color(looks, document, "shelter") == Self.palette[0], "the others keep theirs")
    }

    @Test func theStylePanelsColoursSwitchTurnsTheMapsColouringOffInOneUndoStep() {
        var rig = EditRig(document: Self.map())
        rig.click(rig.screen(of: rig.id("food")))
        rig.tapToolbar(.stylePanel)
        let switchAt = rig.workspace.overlayLayout.rect(of: .styleOption(.branchColors))
        #expect(switchAt != nil, "the panel offers Colours")
        #expect(rig.workspace.overlayLayout.parts.first { $0.role == .styleOption(.branchColors) }?.look == .on, "lit: colours are on")
        rig.tap(switchAt?.center ?? .zero)
        #expect(rig.document.root.style.plainBranches == true)
        #expect(Self.color(Self.looks(rig.document), rig.document, "food") == nil, "grey again")
        #expect(rig.workspace.overlayLayout.parts.first { $0.role == .styleOption(.branchColors) }?.look != .on)
        // Kept in the file, and only once turned off.
        let saved = String(decoding: FreeMindFormat.encode(rig.document), as: UTF8.self)
        #expect(saved.contains("MESHPAD_PLAIN_BRANCHES=\"true\""))
        let reread = try? FreeMindFormat.decode(Data(saved.utf8)).document
        #expect(reread?.root.style.plainBranches == true)
        let native = try? NativeFormat.decode(try NativeFormat.encode(rig.document))
        #expect(native?.root.style.plainBranches == true)
        rig.key("Z", .ctrl)
        #expect(rig.document.root.style.plainBranches == nil)
        #expect(Self.color(Self.looks(rig.document), rig.document, "food") != nil, "undone: coloured again")
    }

    @Test func theLooksAreWorkedOutAgainOnlyWhenTheTreeOrAStyleChanges() {
        var document = Self.map()
        var looks = BranchLooks()
        looks.refresh(for: document, palette: Self.palette)
        let key = looks.key
        document.moveNode(document.rootID, to: Vec2(10, 10))
        looks.refresh(for: document, palette: Self.palette)
        #expect(looks.key == key, "a move changes no colour")
        let food = document.nodes.first { $0.text == "food" }!.id
        document.addChild(of: food, text: "rice", at: Vec2(500, 50))
        looks.refresh(for: document, palette: Self.palette)
        #expect(looks.key != key)
        #expect(Self.color(looks, document, "rice") == Self.color(looks, document, "food"))
    }

    @Test func aFreeStandingNodeStartsABranchOfItsOwn() {
        var document = Self.map()
        document.addNode(text: "loose", at: Vec2(900, 900))
        let looks = Self.looks(document)
        #expect(Self.color(looks, document, "loose") == Self.palette[5], "the colour after the root's branches")
        let index = document.index(of: document.nodes.first { $0.text == "loose" }!.id)!
        #expect(looks.isFree(index) && looks.depth(ofNodeAt: index) == 1)
    }

    /// The root is measured larger and bold in a theme with a central look; a copy of it pasted
    /// elsewhere is an ordinary node again.
    @Test func theCentralTopicIsMeasuredLargerAndHeavier() {
        var metrics = Theme.light.nodeMetrics
        let sizing = NodeSizing(metrics: metrics, measurer: FixedAdvanceMeasurer())
        var document = Document(rootText: "centre")
        let child = document.addChild(of: document.rootID, text: "centre", at: Vec2(200, 0)) ?? document.rootID
        document.measureAll(with: sizing)
        let root = document.root, other = document.node(child)!
        #expect(root.isCentral && !other.isCentral)
        #expect(root.textSize.y > other.textSize.y * 1.25, "a good step taller: \(root.textSize) against \(other.textSize)")
        #expect(metrics.textStyle(of: root).bold && !metrics.textStyle(of: other).bold)
        metrics.centralTextScale = 1
        #expect(metrics.textStyle(of: root) == root.style, "a theme without a central look leaves it alone")
    }
}
