import Testing
@testable import MeshpadCore

@Suite struct TextLayoutTests {
    let measurer = FixedAdvanceMeasurer(advance: 8, lineHeight: 19)

    func sized(_ text: String) -> Node {
        var node = Node(id: NodeID(1), text: text, position: .zero)
        NodeSizing(measurer: measurer).apply(to: &node)
        return node
    }

    @Test func longerTextMakesAWiderNode() {
        let short = sized("plan the launch")
        let long = sized("plan the launch party")
        #expect(long.size.x > short.size.x)
        #expect(long.size.y == short.size.y)
    }

    @Test func textPastTheWrapWidthWrapsAndGrowsTaller() {
        let oneLine = sized("word")
        let wrapped = sized(String(repeating: "word ", count: 20))
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.size.y > oneLine.size.y)
        #expect(wrapped.textSize.x <= NodeSizing.Metrics.standard.maxTextWidth)
    }

    @Test func emptyTextStillGivesATappableNode() {
        let node = sized("")
        #expect(node.size == NodeSizing.Metrics.standard.minimumSize)
        #expect(node.lines.isEmpty)
    }

    @Test(arguments: ["x", "every human has a right to", String(repeating: "long words wrap ", count: 12), "a\nb\nc"])
    func theTextBlockFitsInsideTheEllipse(text: String) {
        let node = sized(text)
        let rx = node.size.x / 2, ry = node.size.y / 2
        let corner = node.textSize / 2
        #expect((corner.x * corner.x) / (rx * rx) + (corner.y * corner.y) / (ry * ry) <= 1.0 + 1e-9)
    }

    @Test func noLineIsWiderThanTheLimit() {
        let breaker = LineBreaker(maxWidth: 100)
        let text = "a quick brown fox jumps over the extraordinarilylongwordthatcannotfit lazy dog"
        let lines = breaker.lines(of: text, measuredBy: measurer)
        #expect(lines.allSatisfy { measurer.width(of: $0[...]) <= 100 })
        #expect(lines.joined() .replacingSpaces == text.replacingSpaces, "no character lost")
    }

    @Test func explicitNewlinesAlwaysBreak() {
        let lines = LineBreaker(maxWidth: 1000).lines(of: "one\n\nthree", measuredBy: measurer)
        #expect(lines == ["one", "", "three"])
    }

    @Test func longWordsSplitBetweenGraphemesNeverInsideOne() {
        let family = "👨‍👩‍👧‍👦"
        let accented = "e\u{301}"
        let word = String(repeating: family + accented, count: 10)
        let lines = LineBreaker(maxWidth: 24).lines(of: word, measuredBy: measurer)
        #expect(lines.count > 1)
        #expect(lines.joined() == word)
        for line in lines {
            #expect(line.count <= 3)
            #expect(line.unicodeScalars.first != "\u{301}", "a combining accent never starts a line")
        }
    }
}

private extension String {
    var replacingSpaces: String { filter { $0 != " " } }
}
