import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Summarise: a summary of the selected siblings (or of one node) made by a key, a node's menu
/// or the app menu, its words typed at once, one undo step; the group marks it needs and no
/// more; refused, with a reason, where Meshpad cannot show it.
@Suite struct SummariseTests {
    /// A tidy tree: Plan, with "a" to "e" under "steps" and "x" under the root on the other side.
    static func rig() -> EditRig {
        var builder = MapBuilder(rootText: "Plan")
        let steps = builder.addChild(of: builder.rootID, text: "steps", at: Vec2(200, 0)) ?? builder.rootID
        for name in ["a", "b", "c", "d", "e"] { _ = builder.addChild(of: steps, text: name, at: .zero) }
        _ = builder.addChild(of: builder.rootID, text: "x", at: Vec2(-200, 0))
        var rig = EditRig(document: builder.build())
        rig.workspace.perform(.tidy)
        rig.settle()
        return rig
    }

    static func select(_ rig: inout EditRig, _ names: [String]) {
        rig.click(rig.screen(of: rig.id(names[0])))
        for name in names.dropFirst() { rig.click(rig.screen(of: rig.id(name)), .ctrl) }
    }

    static func summary(_ rig: EditRig) -> NodeID? {
        rig.document.nodes.last { $0.summaryMarks.contains(.summary) }?.id
    }

    /// Selects `names`, presses Ctrl+G and types `words`: the summary made, if any.
    static func summarise(_ rig: inout EditRig, _ names: [String], _ words: String) -> NodeID? {
        select(&rig, names)
        rig.key("G", .ctrl)
        rig.type(words)
        rig.key("Return")
        return summary(rig)
    }

    // MARK: - Making one

    @Test func ctrlGSumsUpTheSelectedSiblingsAndTypesItsWordsAsOneStep() throws {
        var rig = Self.rig()
        let before = rig.content
        Self.select(&rig, ["b", "c"])
        let steps = rig.workspace.history.done.count
        rig.key("G", .ctrl)
        let summary = try #require(Self.summary(rig))
        #expect(rig.workspace.editing?.node == summary, "its words are typed at once")
        let editor = try #require(rig.workspace.sceneExtras.editing?.layout)
        let empty = try #require(rig.document.node(summary))
        let b = try #require(rig.document.node(rig.id("b"))), c = try #require(rig.document.node(rig.id("c")))
        #expect(empty.position.x - editor.size.x / 2 > max(b.frame.maxX, c.frame.maxX), "its empty box stands beyond the group")
        #expect(abs(empty.position.y - (b.position.y + c.position.y) / 2) < 1e-6, "level with its middle")
        rig.type("middle two")
        rig.key("Return")
        #expect(rig.text(of: summary) == "middle two")
        #expect(rig.document.summaryGroups[summary] == [rig.id("b"), rig.id("c")])
        #expect(rig.children(of: "steps") == ["a", "b", "c", "middle two", "d", "e"], "it follows its group")
        #expect(rig.document.node(rig.id("b"))?.summaryMarks == .firstOfGroup, "a mark keeps a out of the group")
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        rig.settle()
        let group = [rig.id("b"), rig.id("c")].compactMap { rig.document.node($0) }
        let node = try #require(rig.document.node(summary))
        #expect(group.allSatisfy { node.frame.minX > $0.frame.maxX }, "beyond its group")
        for (k, a) in rig.document.nodes.enumerated() {
            for b in rig.document.nodes[(k + 1)...] where !a.isPlaceholder && !b.isPlaceholder {
                #expect(!a.frame.intersects(b.frame), "\(a.text) and \(b.text) overlap")
            }
        }
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(rig.content == before, "undone, the map is as it was")
    }

    @Test func aNodeAloneIsSummedUpAndTheFirstSiblingsNeedNoMark() throws {
        var rig = Self.rig()
        let first = try #require(Self.summarise(&rig, ["a"], "first"))
        #expect(rig.document.summaryGroups[first] == [rig.id("a")])
        #expect(rig.document.nodes.allSatisfy { !$0.summaryMarks.contains(.firstOfGroup) }, "the group begins at the first sibling anyway")
        // Right after a summary, a group begins by itself too.
        let next = try #require(Self.summarise(&rig, ["b", "d"], "next three"))
        #expect(rig.document.summaryGroups[next] == ["b", "c", "d"].map(rig.id), "the siblings between are in it")
        #expect(rig.document.nodes.allSatisfy { !$0.summaryMarks.contains(.firstOfGroup) })
        #expect(rig.document.summaryGroups[first] == [rig.id("a")], "the first summary's group is as it was")
    }

    @Test func escapeOrNoWordsLeavesNoSummary() {
        var rig = Self.rig()
        let before = rig.content, steps = rig.workspace.history.done.count
        Self.select(&rig, ["c", "d"])
        rig.key("G", .ctrl)
        rig.key("Escape")
        #expect(rig.content == before && rig.workspace.history.done.count == steps)
        #expect(Self.summary(rig) == nil)
        Self.select(&rig, ["c", "d"])
        rig.key("G", .ctrl)
        rig.key("Return")
        #expect(Self.summary(rig) == nil && rig.content == before, "a summary without words is not kept")
        #expect(rig.workspace.panels.banner?.message == "A summary needs words: none was made")
    }

    @Test func theRootsBranchesAreSummedUpOnTheirSideWhichBecomesTheirs() throws {
        var rig = Self.rig()
        let summary = try #require(Self.summarise(&rig, ["steps"], "all of it"))
        #expect(rig.document.summaryGroups[summary] == [rig.id("steps")])
        #expect(rig.document.node(rig.id("steps"))?.side == .right && rig.document.node(rig.id("x"))?.side == .left)
        #expect(rig.document.node(summary)?.side == .right)
    }

    // MARK: - Refused

    @Test(arguments: [
        (["Plan"], SummaryRefusal.noParent),
        (["a", "steps"], .notSiblings),
        (["steps", "x"], .bothSides),
    ])
    func nodesThatAreNotSiblingsOnOneSideAreRefusedWithAReason(names: [String], refusal: SummaryRefusal) {
        var rig = Self.rig()
        let before = rig.content
        Self.select(&rig, names)
        rig.key("G", .ctrl)
        #expect(rig.content == before)
        #expect(rig.workspace.panels.banner?.message == refusal.message)
    }

    @Test func aSummaryOrAGroupSummedUpAlreadyIsNotSummedUpAgain() {
        var rig = Self.rig()
        _ = Self.summarise(&rig, ["b", "c"], "bc")
        let made = rig.content
        Self.select(&rig, ["bc"])
        rig.key("G", .ctrl)
        #expect(rig.workspace.panels.banner?.message == SummaryRefusal.summaryAmongThem.message)
        Self.select(&rig, ["a", "b"])
        rig.key("G", .ctrl)
        #expect(rig.workspace.panels.banner?.message == SummaryRefusal.summedUpAlready.message)
        #expect(rig.content == made)
    }

    @Test func anInnerGroupMarkGoesAndAnEmptyOneWithIt() throws {
        var document = try FreeMindFormat.decode(Data(SummaryTests.xml.utf8)).document
        func id(_ source: String) -> NodeID { SummaryTests.id(document, sourceID: source) }
        // The group "one" to "three" loses its summary: its empty mark stays, an orphan; "two" is marked too.
        document.modify(id("ID_6")) { $0.summaryMarks = .firstOfGroup }
        var rig = EditRig(document: document)
        rig.workspace.transact("drop") { $0.record(.remove($0.document.fragment(nodes: Set($0.document.subtree(of: id("ID_8"))), edges: []))) }
        let plan = try rig.document.newSummary(of: [id("ID_2"), id("ID_7")]).get()
        #expect(plan.dropped == [id("ID_3")], "the empty mark between them goes")
        #expect(plan.unmarked == [id("ID_6")], "a node's mark goes, the node stays")
        #expect(!plan.marksFirst, "\"before\" is the first on its side")
        rig.workspace.select([id("ID_2"), id("ID_7")])
        rig.key("G", .ctrl)
        rig.type("all")
        rig.key("Return")
        let summary = try #require(Self.summary(rig))
        #expect(rig.document.summaryGroups[summary] == ["ID_2", "ID_4", "ID_6", "ID_7"].map(id))
    }

    // MARK: - By touch

    @Test func aMultiSelectionsMenuAndTheAppMenuOfferSummarise() throws {
        var rig = Self.rig()
        rig.tap(rig.screen(of: rig.id("d")))
        rig.tapToolbar(.selectMode)
        rig.tap(rig.screen(of: rig.id("e")))
        rig.tapToolbar(.selectMode)
        MenuTests.longPress(&rig, at: rig.screen(of: rig.id("e")))
        #expect(MenuTests.rows(rig).contains("Summarise"))
        MenuTests.tapRow(&rig, "Summarise")
        let summary = try #require(Self.summary(rig))
        #expect(rig.document.summaryGroups[summary] == [rig.id("d"), rig.id("e")], "the whole selection, not the node pressed")
        #expect(rig.workspace.panels.keyboard != nil, "from a touch, the keyboard comes up for its words")
        rig.type("last two")
        rig.key("Return")
        MenuTests.longPress(&rig, at: rig.screen(of: rig.document.rootID))
        #expect(!MenuTests.rows(rig).contains("Summarise"), "the root has nothing to be summed up with")
        rig.key("Escape")
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        #expect(MenuTests.rows(rig).contains("Summarise"))
    }

    // MARK: - Kept

    @Test func aMadeSummaryIsWrittenAsFreeplaneWritesOne() throws {
        var rig = Self.rig()
        _ = Self.summarise(&rig, ["b", "c"], "bc")
        let xml = FreeMindFormat.encode(rig.document)
        #expect(String(decoding: xml, as: UTF8.self).contains("<hook NAME=\"FirstGroupNode\"/>"))
        let back = try FreeMindFormat.decode(xml).document
        #expect(back.summaryGroups.values.map { $0.compactMap { back.node($0)?.text } } == [["b", "c"]])
        let native = try NativeFormat.decode(try NativeFormat.encode(rig.document))
        #expect(native.summaryGroups == rig.document.summaryGroups)
    }
}
