import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Icons from FreeMind and Freeplane maps, drawn as emoji before a node's text.
@Suite struct IconTests {
    @Test(arguments: [("idea", "💡"), ("button_ok", "✅"), ("full-3", "3️⃣"), ("emoji-1F600", "😀"),
                      ("emoji-1F1E9-1F1EA", "🇩🇪"), ("no-such-icon", "•"), ("emoji-zz", "•")])
    func anIconNameIsAGlyph(name: String, glyph: String) {
        #expect(IconGlyphs.glyph(for: name) == glyph)
    }

    @Test func iconsStandBeforeTheTextInWhatIsDrawnButNotInTheText() {
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        var plain = Node(id: NodeID(1), text: "Plan", position: .zero)
        sizing.apply(to: &plain)
        var marked = plain
        marked.icons = ["idea", "yes"]
        sizing.apply(to: &marked)
        #expect(marked.label == "💡❗ Plan")
        #expect(marked.text == "Plan")
        #expect(marked.size.x > plain.size.x, "the node grows to hold them")
    }

    @Test func aMapsIconsAreDrawnAndKeptThroughAnEdit() throws {
        var rig = EditRig()
        let food = rig.id("food")
        rig.workspace.document.modify(food) { $0.icons = ["idea"] }
        rig.workspace.document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        #expect(rig.document.node(food)?.label.hasPrefix("💡 ") == true)
        rig.tap(rig.screen(of: food))
        rig.key("F2")
        rig.type("s")
        rig.key("Return")
        #expect(rig.document.node(food)?.text == "foods")
        #expect(rig.document.node(food)?.label.hasPrefix("💡 ") == true)
    }
}
