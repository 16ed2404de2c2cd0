import Testing
@testable import MeshpadCore

/// A node keeps its note, link, icons, picture and table out of line: what a person wrote there
/// must read back, stay with its own copy, and leave no trace once cleared.
@Suite struct NodeExtrasTests {
    @Test func whatIsWrittenOutOfLineReadsBackAndStaysWithItsCopy() {
        var a = Node(id: NodeID(1), text: "idea", position: .zero)
        a.note = "remember this"
        a.link = "https://example.org"
        a.icons = ["idea", "yes"]
        a.image = "pic.png"
        a.imageScale = 0.5
        a.attributes.rows.append(AttributeTable.Row("owner", "me"))
        var b = a
        b.note = "changed"
        b.icons.append("no")
        #expect(a.note == "remember this" && a.icons == ["idea", "yes"])
        #expect(b.note == "changed" && b.icons == ["idea", "yes", "no"] && b.link == "https://example.org")
        #expect(b.image == "pic.png" && b.imageScale == 0.5 && b.attributes.rows == [AttributeTable.Row("owner", "me")])
        #expect(a != b && !a.hasSameContent(as: b))
    }

    @Test func aNodeClearedOfEverythingEqualsOneThatNeverHadIt() {
        let plain = Node(id: NodeID(1), text: "idea", position: .zero)
        var cleared = plain
        cleared.details = NodeDetails(note: "n", link: "l", icons: ["idea"], image: "p.png", imageScale: 2)
        cleared.attributes = AttributeTable(rows: [AttributeTable.Row("a", "b")])
        #expect(cleared != plain)
        cleared.details = NodeDetails()
        cleared.attributes = AttributeTable()
        #expect(cleared == plain && cleared.hasSameContent(as: plain))
    }

    @Test func measuringKeepsThePictureAndTableSizesAndClearsThemWhenGone() {
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        var node = Node(id: NodeID(1), text: "idea", position: .zero)
        node.image = "missing.png"
        node.attributes = AttributeTable(rows: [AttributeTable.Row("owner", "me")])
        sizing.apply(to: &node)
        #expect(node.imageSize == NodeSizing.placeholderImageSize && !node.imageFound)
        #expect(node.attributeTableSize.y > 0 && node.attributeNameWidth > 0)
        node.image = nil
        node.attributes = AttributeTable()
        sizing.apply(to: &node)
        #expect(node.imageSize == .zero && node.attributeTableSize == .zero && node.attributeNameWidth == 0)
        #expect(node == { var fresh = Node(id: NodeID(1), text: "idea", position: .zero); sizing.apply(to: &fresh); return fresh }())
    }
}

/// What a node costs a big map: at 100,000 nodes every 16 bytes of `Node` is 1.5 MiB resident.
@Suite struct NodeFootprintTests {
    @Test func aNodeTakesAtMost168Bytes() {
        #expect(MemoryLayout<Node>.stride <= 168, "Node is \(MemoryLayout<Node>.stride) bytes")
    }
}
