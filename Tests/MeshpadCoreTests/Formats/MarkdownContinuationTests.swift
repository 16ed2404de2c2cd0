import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// Bullet items whose text goes on over more lines, as CommonMark reads them.
@Suite struct MarkdownContinuationTests {
    func decode(_ text: String) throws -> Document {
        try MarkdownFormat.decode(Data(text.utf8)).document
    }

    // MARK: - Real files

    @Test(.needsSharedMaps) func wiseMappingsLazyContinuationLinesAreTheItemsText() throws {
        let path = sharedMaps.appendingPathComponent("real/md/wisemapping-export-bug3.md").path
        let document = try MapFile.read(path).document
        #expect(document.nodeCount == 278)
        #expect(node(document, "Firm's turnover from (new to firm)\nproduct innovation (as a pecentage of total turnover)") != nil)
        #expect(node(document, "Increase in a share of expenditures on technological\ninnovations in the total amount of regional firms’ expenditures, %") != nil)
        #expect(node(document, "Share of high-technology export in the total volume\nof production of goods, works and services") != nil)
        #expect(node(document, "Average leverage of 1rub (there would be\nseveral programs with different leverage)") != nil)
        // Only the footnotes after the list are a note (of the item they follow).
        let withNotes = document.nodes.filter { !$0.note.isEmpty }
        #expect(withNotes.map(\.text) == ["Innovation investment climate"])
        #expect(withNotes.first?.note.hasPrefix("[^1]: Identifying new measures") == true)
    }

    @Test(.needsSharedMaps) func aRealMarkdownOutlineComesBackFromSavingAsItWasRead() throws {
        for name in ["wisemapping-export-bug3.md", "wisemapping-export-process.md", "dundalek-markmap-gtor.md"] {
            let first = try MapFile.read(sharedMaps.appendingPathComponent("real/md/\(name)").path).document
            let again = try MarkdownFormat.decode(MarkdownFormat.encode(first).data).document
            #expect(outline(again) == outline(first), "\(name)")
            #expect(again.nodes.map(\.note) == first.nodes.map(\.note), "\(name)")
        }
    }

    // MARK: - CommonMark's paragraph continuation

    @Test(arguments: [
        ("- first\nsecond\n- next", ["first\nsecond", "next"], ""),
        ("- first   \n   second, indented\n\t\tthird", ["first\nsecond, indented\nthird"], ""),
        ("1. first\nmore\n2. second", ["first\nmore", "second"], ""),
        ("- first\n\n  a note after a blank line", ["first"], "a note after a blank line"),
        ("- first\n> a quote", ["first"], "> a quote"),
        ("- first\n***", ["first"], "***"),
        ("- first\n```\ncode\n```", ["first"], "```\ncode\n```"),
    ] as [(String, [String], String)])
    func linesRightUnderABulletGoOnWithItsText(markdown: String, texts: [String], note: String) throws {
        let document = try decode("# Root\n\n" + markdown)
        #expect(outline(document) == ["Root"] + texts.map { "  " + $0 })
        let first = try #require(document.nodes.first { $0.text == texts[0] })
        #expect(first.note == note)
    }

    @Test func aLineRightUnderAHeadingIsStillItsNote() throws {
        let document = try decode("# Trip\nSome intro text.\n## Before\n- pack")
        #expect(document.root.text == "Trip")
        #expect(document.root.note == "Some intro text.")
    }

    @Test func bulletNotesAndMultiLineTextsSurviveARoundTrip() throws {
        var original = detailedMap()
        let hire = try #require(node(original, "hire"))
        original.modify(hire.id) { $0.note = "call Ann\n\n- not a bullet" }
        let beta = try #require(node(original, "beta"))
        original.modify(beta.id) { $0.text = "beta\ntwo lines" }
        let (data, warnings) = MarkdownFormat.encode(original)
        let back = try MarkdownFormat.decode(data).document
        #expect(outline(back) == outline(original))
        #expect(node(back, "hire")?.note == "call Ann\n\n- not a bullet")
        #expect(node(back, "beta\ntwo lines") != nil)
        #expect(warnings.contains { $0.contains("folds") } && warnings.contains { $0.contains("link") })
    }
}
