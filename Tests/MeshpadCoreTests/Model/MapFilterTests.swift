import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A filter shows the nodes that meet it with the path up to the root, and hides the rest: what
/// a person planning with tags, priorities, ticks and dates sees when they filter a map.
@Suite struct MapFilterTests {
    /// A small plan: two branches of tasks, a branch of ideas, and a free node beside the tree.
    ///
    /// ```
    /// Plan
    /// ├─ Work
    /// │  ├─ Draft the launch   #urgent, priority 1, open, due 10 Dec 2026
    /// │  └─ Budget             #urgent #money, priority 3, done, due 12 Dec 2026
    /// ├─ Home
    /// │  ├─ Garden             open, no priority; note “Seeds from the GÄRTNEREI”
    /// │  └─ Café with Zoë      priority 2
    /// └─ Ideas
    ///    └─ Someday            #someday
    /// Loose end (free)         #urgent
    /// └─ Loose child
    /// ```
    struct Plan {
        var document = Document(rootText: "Plan")
        var ids: [String: NodeID] = [:]

        init() {
            ids["Plan"] = document.rootID
            add("Work", under: "Plan")
            add("Draft the launch", under: "Work") { node in
                node.tags = ["urgent"]
                node.details.setTask(.open)
                node.details.setPriority(1)
                node.due = CalendarDay(year: 2026, month: 12, day: 10)
            }
            add("Budget", under: "Work") { node in
                node.tags = ["urgent", "money"]
                node.details.setTask(.done)
                node.details.setPriority(3)
                node.due = CalendarDay(year: 2026, month: 12, day: 12)
            }
            add("Home", under: "Plan")
            add("Garden", under: "Home") { node in
                node.details.setTask(.open)
                node.note = "Seeds from the GÄRTNEREI"
            }
            add("Café with Zoë", under: "Home") { $0.details.setPriority(2) }
            add("Ideas", under: "Plan")
            add("Someday", under: "Ideas") { $0.tags = ["someday"] }
            ids["Loose end"] = document.addNode(text: "Loose end", at: Vec2(900, 0))
            document.modify(id("Loose end")) { $0.tags = ["urgent"] }
            add("Loose child", under: "Loose end")
        }

        mutating func add(_ text: String, under parent: String, _ details: (inout Node) -> Void = { _ in }) {
            guard let child = document.addChild(of: id(parent), text: text, at: .zero) else { return }
            ids[text] = child
            document.modify(child, details)
        }

        func id(_ text: String) -> NodeID { ids[text] ?? document.rootID }

        /// The texts of the nodes a result shows: what is left on screen.
        func shown(_ result: FilterResult) -> Set<String> {
            Set(document.nodes.indices.filter { result.isShown(nodeAt: $0) }.map { document.nodes[$0].text })
        }

        /// The texts of the nodes that meet the filter themselves (drawn as matches, not as path).
        func matched(_ result: FilterResult) -> Set<String> {
            Set(document.nodes.indices.filter { result.matched[$0] }.map { document.nodes[$0].text })
        }

        func filter(_ filter: MapFilter) -> FilterResult { document.filtered(by: filter) }
    }

    static let everything: Set<String> = ["Plan", "Work", "Draft the launch", "Budget", "Home", "Garden", "Café with Zoë", "Ideas",
                                          "Someday", "Loose end", "Loose child"]

    // MARK: - What is shown

    @Test func aTagFilterKeepsTheTaggedNodesAndTheirPathAndHidesTheRest() {
        let plan = Plan()
        let result = plan.filter(MapFilter(tags: ["urgent"]))
        #expect(plan.matched(result) == ["Draft the launch", "Budget", "Loose end"])
        #expect(plan.shown(result) == ["Plan", "Work", "Draft the launch", "Budget", "Loose end"])
        #expect(result.matchCount == 3)
        #expect(!result.isShown(nodeAt: plan.document.index(of: plan.id("Garden")) ?? -1))
    }

    @Test func aMatchDeepInTheTreeKeepsEveryAncestorUpToTheRoot() {
        var plan = Plan()
        var parent = plan.id("Someday")
        var chain: [String] = []
        for depth in 1...20 {
            let text = "step \(depth)"
            chain.append(text)
            parent = plan.document.addChild(of: parent, text: text, at: .zero) ?? parent
        }
        plan.document.modify(parent) { $0.tags = ["deep"] }
        let result = plan.filter(MapFilter(tags: ["deep"]))
        #expect(plan.matched(result) == ["step 20"])
        #expect(plan.shown(result) == Set(["Plan", "Ideas", "Someday"] + chain))
    }

    @Test func theRootIsShownWhenNothingMatches() {
        let plan = Plan()
        let result = plan.filter(MapFilter(tags: ["nobody uses this"]))
        #expect(result.matchCount == 0)
        #expect(plan.shown(result) == ["Plan"])
    }

    @Test func anEmptyFilterShowsEverything() {
        let plan = Plan()
        for filter in [MapFilter(), MapFilter(text: "   ")] {
            #expect(filter.isEmpty)
            let result = plan.filter(filter)
            #expect(plan.shown(result) == Self.everything)
            #expect(plan.matched(result) == Self.everything && result.matchCount == plan.document.nodeCount)
        }
    }

    @Test func conditionsCombine() {
        let plan = Plan()
        #expect(plan.matched(plan.filter(MapFilter(tags: ["urgent"], done: false))) == ["Draft the launch"])
        #expect(plan.matched(plan.filter(MapFilter(tags: ["urgent", "money"]))) == ["Budget"])
        #expect(plan.matched(plan.filter(MapFilter(priorityAtMost: 2, text: "zoe"))) == ["Café with Zoë"])
        let all = MapFilter(tags: ["urgent"], priorityAtMost: 1, done: false, dueBefore: CalendarDay(year: 2026, month: 12, day: 10),
                            text: "LAUNCH")
        #expect(plan.matched(plan.filter(all)) == ["Draft the launch"])
        var one = all
        one.text = "budget"
        #expect(plan.filter(one).matchCount == 0)
        #expect(plan.shown(plan.filter(one)) == ["Plan"])
    }

    // MARK: - Each condition

    @Test func priorityAtMostKeepsThatPriorityAndHigherAndDropsNodesWithoutOne() {
        let plan = Plan()
        #expect(plan.matched(plan.filter(MapFilter(priorityAtMost: 1))) == ["Draft the launch"])
        #expect(plan.matched(plan.filter(MapFilter(priorityAtMost: 2))) == ["Draft the launch", "Café with Zoë"])
        #expect(plan.matched(plan.filter(MapFilter(priorityAtMost: 5))) == ["Draft the launch", "Café with Zoë", "Budget"])
    }

    @Test func doneKeepsTickedTasksAndNotDoneKeepsOpenOnesButNeverNodesThatAreNoTasks() {
        let plan = Plan()
        #expect(plan.matched(plan.filter(MapFilter(done: true))) == ["Budget"])
        #expect(plan.matched(plan.filter(MapFilter(done: false))) == ["Draft the launch", "Garden"])
    }

    @Test func dueBeforeIncludesTheDayItselfAndDropsNodesWithoutADay() {
        let plan = Plan()
        let days = (9...12).compactMap { CalendarDay(year: 2026, month: 12, day: $0) }
        #expect(plan.filter(MapFilter(dueBefore: days[0])).matchCount == 0)
        #expect(plan.matched(plan.filter(MapFilter(dueBefore: days[1]))) == ["Draft the launch"])
        #expect(plan.matched(plan.filter(MapFilter(dueBefore: days[2]))) == ["Draft the launch"])
        #expect(plan.matched(plan.filter(MapFilter(dueBefore: days[3]))) == ["Draft the launch", "Budget"])
    }

    @Test(arguments: [
        ("draft", ["Draft the launch"]),
        ("THE LAUNCH", ["Draft the launch"]),
        ("gärtnerei", ["Garden"]),          // in the note, whatever its case
        ("gartnerei", ["Garden"]),          // without the accent
        ("seeds from", ["Garden"]),
        ("cafe", ["Café with Zoë"]),        // an accent in the text, none in the filter
        ("ZOË", ["Café with Zoë"]),
        ("Café", ["Café with Zoë"]),
        ("loose", ["Loose end", "Loose child"]),
        ("  budget ", ["Budget"]),          // spaces around it are not looked for
        ("budgets", []),
        ("über", []),                       // folds to "uber", which no node holds
    ])
    func textMatchesTheTextOrTheNoteIgnoringCaseAndAccents(text: String, expected: [String]) {
        let plan = Plan()
        let filter = MapFilter(text: text)
        #expect(plan.matched(plan.filter(filter)) == Set(expected))
        #expect(plan.matched(plan.document.filtered(by: filter, using: FilterTextIndex(plan.document))) == Set(expected))
        for node in plan.document.nodes { #expect(filter.matches(node) == expected.contains(node.text)) }
    }

    @Test func lettersThatFoldToOthersMatchAsSearchFindsThem() {
        var plan = Plan()
        plan.add("Straße", under: "Home")
        plan.add("日本の計画", under: "Home")
        #expect(plan.matched(plan.filter(MapFilter(text: "STRASSE"))) == Set(plan.document.nodes.filter {
            SearchIndex.key($0.text).contains("strasse")
        }.map(\.text)))
        #expect(plan.matched(plan.filter(MapFilter(text: "straße"))).contains("Straße"))
        // A filter in another script is never in ASCII text, and is found where it is written.
        #expect(plan.matched(plan.filter(MapFilter(text: "日本"))) == ["日本の計画"])
    }

    @Test(arguments: [
        ("ёлка", "Ёлка у дома"),             // Cyrillic, its diaeresis dropped
        ("елка", "Ёлка у дома"),
        ("ΑΘΗΝΑ", "Αθήνα το Μάιο"),          // Greek, capitals and the tonos
        ("tiếng", "Học tiếng Việt"),          // Vietnamese, two marks on a letter
        ("viet", "Học tiếng Việt"),
        ("会議", "来週の会議"),                // ideographs fold to themselves
        ("cafe", "Cafe\u{301} au lait"),      // an accent typed as a combining mark
        ("café", "Cafe\u{301} au lait"),
    ])
    func textInOtherScriptsAndWrittenAccentsMatchesAsSearchFindsIt(text: String, expected: String) {
        var document = Document(rootText: "Root")
        for line in ["Ёлка у дома", "Αθήνα το Μάιο", "Học tiếng Việt", "来週の会議", "Cafe\u{301} au lait", "Plain words"] {
            document.addChild(of: document.rootID, text: line, at: .zero)
        }
        let filter = MapFilter(text: text)
        let found = document.nodes.filter(filter.matches).map(\.text)
        #expect(found == [expected])
        #expect(found == document.nodes.filter { SearchIndex.key($0.text).contains(SearchIndex.key(text)) }.map(\.text))
        #expect(document.filtered(by: filter, using: FilterTextIndex(document)) == document.filtered(by: filter))
    }

    // MARK: - Folding a character at a time

    @Test(arguments: 1...8)
    func foldingFromTheTableAgreesWithSearchOnRandomTexts(seed: Int) {
        var rng = SeededGenerator(seed: UInt64(seed))
        let ranges = [0x20...0x7E] + CharacterFolding.tabled.map { Int($0.lowerBound)...Int($0.upperBound) }
            + CharacterFolding.unchanged.map { Int($0.lowerBound)...Int($0.upperBound) }
        var scratch: [UInt8] = []
        var folded = 0
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let range = ranges[Int.random(in: 0..<ranges.count, using: &rng)]
                if let scalar = Unicode.Scalar(UInt32(Int.random(in: range, using: &rng))) { text.unicodeScalars.append(scalar) }
            }
            guard CharacterFolding.shared.fold(text, into: &scratch) else { continue }
            folded += 1
            #expect(scratch == Array(SearchIndex.key(text).utf8), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // Only texts with a combining mark are left to Foundation.
        #expect(folded > 4_000)
    }

    @Test func charactersTheTableKeepsAsTheyAreFoldToThemselvesWhereverTheyStand() {
        for range in CharacterFolding.unchanged {
            let scalars = range.compactMap(Unicode.Scalar.init)
            // Alone and between letters (where a zero-width non-joiner, say, folds away).
            let changed = scalars.map(String.init).filter { SearchIndex.key($0) != $0 || SearchIndex.key("É\($0)a") != "e\($0)a" }
            #expect(changed.isEmpty, "\(range): \(changed.prefix(5))")
            // why: a mark folds away after a letter, though alone it stays.
            let marks = scalars.filter { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) }
            #expect(marks.isEmpty, "\(range): \(marks.prefix(5))")
        }
    }

    // MARK: - The text index

    @Test func aKeptTextIndexGivesTheSameResultsAndOneOfAnotherRevisionIsIgnored() {
        var plan = Plan()
        plan.add("Cafe\u{301} au lait", under: "Home")
        let index = FilterTextIndex(plan.document)
        #expect(index.isCurrent(for: plan.document))
        // Only the accent typed as a combining mark needed Foundation; “Café with Zoë” did not.
        #expect(index.foldedCount == 1)
        #expect(plan.matched(plan.document.filtered(by: MapFilter(text: "café"), using: index)) == ["Café with Zoë", "Cafe\u{301} au lait"])
        plan.document.modify(plan.id("Someday")) { $0.text = "Ünterwegs" }
        #expect(!index.isCurrent(for: plan.document))
        let filter = MapFilter(text: "unterwegs")
        #expect(plan.document.filtered(by: filter, using: index) == plan.filter(filter))
        #expect(plan.matched(plan.document.filtered(by: filter, using: index)) == ["Ünterwegs"])
    }

    @Test(arguments: [1, 2, 3])
    func onARandomMapShownIsExactlyTheMatchesAndEveryNodeAboveOne(seed: UInt64) {
        var document = Document.procedural(nodeCount: 400, seed: seed)
        var rng = SeededGenerator(seed: seed)
        for node in document.nodes where Int.random(in: 0..<10, using: &rng) == 0 {
            document.modify(node.id) { node in
                node.tags = ["urgent"]
                if Bool.random(using: &rng) { node.note = "Überprüfen: plan" }
                if Bool.random(using: &rng) { node.details.setTask(Bool.random(using: &rng) ? .done : .open) }
            }
        }
        let index = FilterTextIndex(document)
        for filter in [MapFilter(tags: ["urgent"]), MapFilter(text: "plan"), MapFilter(tags: ["urgent"], done: false, text: "uber")] {
            let result = document.filtered(by: filter)
            #expect(document.filtered(by: filter, using: index) == result)
            for (i, node) in document.nodes.enumerated() {
                let matches = filter.matches(node)
                #expect(result.matched[i] == matches)
                let wanted = node.id == document.rootID || document.subtree(of: node.id).contains { id in
                    document.node(id).map(filter.matches) ?? false
                }
                #expect(result.isShown(nodeAt: i) == wanted)
            }
            #expect(result.matchCount == result.matched.filter { $0 }.count)
        }
    }

    // MARK: - The result and the filter as values

    @Test func theResultNamesItsRevisionAndShowsNothingPastTheEnd() {
        var plan = Plan()
        let result = plan.filter(MapFilter(tags: ["urgent"]))
        #expect(result.revision == plan.document.revision)
        #expect(result.shown.count == plan.document.nodeCount && result.matched.count == plan.document.nodeCount)
        #expect(!result.isShown(nodeAt: plan.document.nodeCount) && !result.isShown(nodeAt: -1))
        plan.add("New", under: "Plan")
        #expect(plan.filter(MapFilter(tags: ["urgent"])).revision != result.revision)
    }

    @Test func theSummaryReadsAsTheBarShowsIt() {
        let full = MapFilter(tags: ["urgent"], priorityAtMost: 2, done: false, dueBefore: CalendarDay(year: 2026, month: 12, day: 12),
                             text: " plan ")
        #expect(full.summary == "#urgent · priority ≤ 2 · not done · due by 12 Dec 2026 · “plan”")
        #expect(MapFilter(tags: ["a", "b"], priorityAtMost: 1, done: true).summary == "#a #b · priority 1 · done")
        #expect(MapFilter().summary == "All nodes")
    }

    @Test func aSavedFilterReadsBackAndOneMissingConditionsReadsAsLessStrict() throws {
        let filter = MapFilter(tags: ["urgent", "home"], priorityAtMost: 3, done: true, dueBefore: CalendarDay(year: 2027, month: 1, day: 31),
                               text: "plan")
        let data = try JSONEncoder().encode(filter)
        #expect(try JSONDecoder().decode(MapFilter.self, from: data) == filter)
        #expect(String(decoding: data, as: UTF8.self).contains("\"2027-01-31\""))
        #expect(try JSONDecoder().decode(MapFilter.self, from: Data("{}".utf8)) == MapFilter())
        #expect(try JSONDecoder().decode(MapFilter.self, from: Data(#"{"tags":["x"]}"#.utf8)) == MapFilter(tags: ["x"]))
    }
}
