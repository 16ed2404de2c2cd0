import Testing
@testable import MeshpadCore

/// A label too wide for its room ends in "…" at a character boundary and fits.
@Suite struct EllipsisTests {
    /// Ten units a character, "…" as one.
    static func width(_ text: String) -> Double? { Double(text.count) * 10 }

    @Test func aLongLabelIsCutToFitAtACharacter() throws {
        let text = "Remember the passports"
        let cut = try #require(Ellipsis.shortened(text, wholeWidth: 220, maxWidth: 100, tries: 30, width: Self.width))
        #expect(cut.hasSuffix("…") && (Self.width(cut) ?? .infinity) <= 100)
        #expect(text.hasPrefix(cut.dropLast().trimmingCharacters(in: .whitespaces)))
    }

    @Test func noRoomLeavesTheEllipsisAndAFrameWithoutBudgetGivesNothing() {
        #expect(Ellipsis.shortened("abc", wholeWidth: 30, maxWidth: 1, tries: 5, width: Self.width) == "…")
        #expect(Ellipsis.shortened("abcdef", wholeWidth: 60, maxWidth: 30, tries: 5) { _ in nil } == nil)
    }
}
