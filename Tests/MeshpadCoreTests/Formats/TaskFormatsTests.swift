import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Tasks, priorities, tags and due days kept by every format that has a place for them: a map
/// saved and opened again still knows what is to be done, by when, and how it was tagged.
@Suite struct TaskFormatsTests {
    /// As Freeplane 1.12 writes them: tags in `TAGS`, one a line; a reminder as a hook; the task
    /// box and the priority as icons. "Periodic" has a reminder with more than a time.
    static let freeplaneMap = """
    <map version="freeplane 1.12.1">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="Write report" POSITION="right" ID="ID_2" CREATED="1700000000000" MODIFIED="1700000000000" TAGS="work&#xa;urgent">
    <icon BUILTIN="unchecked"/>
    <icon BUILTIN="full-2"/>
    <hook NAME="plugins/TimeManagementReminder.xml">
    <Parameters REMINDUSERAT="1607807952000"/>
    </hook>
    </node>
    <node TEXT="Plain" POSITION="right" ID="ID_3"/>
    <node TEXT="Periodic" POSITION="left" ID="ID_4">
    <icon BUILTIN="checked"/>
    <hook NAME="plugins/TimeManagementReminder.xml">
    <Parameters PERIOD="1" REMINDUSERAT="1607807952000" SCRIPT="remind()" UNIT="WEEK"/>
    </hook>
    </node>
    <node TEXT="Tagged" POSITION="left" ID="ID_5" TAGS="home"/>
    </node>
    </map>
    """

    /// 1607807952000 ms is 12 December 2020, 21:19 UTC.
    static let reminderDay = CalendarDay(year: 2020, month: 12, day: 12)
    static let christmas = CalendarDay(year: 2026, month: 12, day: 24)

    /// A map of Meshpad's own with every part of a task: an open task with a priority, tags and a
    /// due day under the root's first branch, a done task beside it, a tagged heading.
    static func taskMap() -> Document {
        var document = Document(rootText: "Plan")
        let work = document.addChild(of: document.rootID, text: "Work", at: Vec2(200, 0)) ?? document.rootID
        let report = document.addChild(of: work, text: "Write report", at: Vec2(400, 0)) ?? document.rootID
        let mail = document.addChild(of: work, text: "Answer mail", at: Vec2(400, 40)) ?? document.rootID
        document.modify(work) { $0.tags = ["office"] }
        document.modify(report) { node in
            var details = node.details
            details.setTask(.open)
            details.setPriority(1)
            details.tags = ["work", "urgent"]
            details.due = christmas
            node.details = details
        }
        document.modify(mail) { node in
            var details = node.details
            details.setTask(.done)
            node.details = details
        }
        return document
    }

    static func imported() throws -> Document { try FreeMindFormat.decode(Data(freeplaneMap.utf8)).document }

    // MARK: - .meshpad

    @Test func meshpadKeepsTasksPrioritiesTagsAndDueDays() throws {
        let original = Self.taskMap()
        let data = try NativeFormat.encode(original)
        let back = try NativeFormat.decode(data)
        let report = try #require(node(back, "Write report"))
        #expect(report.task == .open && report.priority == 1)
        #expect(report.tags == ["work", "urgent"], "in their order")
        #expect(report.due == Self.christmas)
        #expect(node(back, "Answer mail")?.task == .done)
        #expect(node(back, "Work")?.tags == ["office"] && node(back, "Work")?.task == nil)
        for node in original.nodes { #expect(back.node(node.id).map { node.hasSameContent(as: $0) } == true, "\(node.text)") }
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"due\":\"2026-12-24\""), "a day as a person reads it")
        #expect(text.contains("\"tags\":[\"work\",\"urgent\"]"))
    }

    @Test func theFastReaderReadsTagsAndDueDaysAsJSONDecoderDoes() throws {
        let data = try NativeFormat.encode(Self.taskMap())
        let fast = try #require(NativeReader.file(from: data), "the fast path gave up")
        #expect(try NativeFormat.encodeLines(fast) == NativeFormat.encodeLines(JSONDecoder().decode(NativeFormat.File.self, from: data)))
        #expect(try NativeFormat.encodeLines(fast) == data, "reading and writing again changes nothing")
    }

    @Test(arguments: ["2026-02-30", "24.12.2026", "2026-12-5", ""])
    func aDueDayThatIsNoDayIsRefusedNamingTheNode(day: String) throws {
        var document = Document(rootText: "Plan")
        document.addChild(of: document.rootID, text: "Task", at: Vec2(100, 0))
        let good = String(decoding: try NativeFormat.encode(document), as: UTF8.self)
        let bad = good.replacingOccurrences(of: "\"text\":\"Task\"", with: "\"due\":\"\(day)\",\"text\":\"Task\"")
        #expect(bad != good)
        #expect(throws: FormatError(format: "meshpad", reason: .notAMap(detail: "nodes[1].due '\(day)' is not a day like 2026-12-05"))) {
            try NativeFormat.decode(Data(bad.utf8))
        }
    }

    @Test func aFreeplaneMapSavedAsMeshpadAndAsMMAgainKeepsItsTagsAndReminders() throws {
        let document = try Self.imported()
        let copy = try NativeFormat.decode(NativeFormat.encode(document))
        #expect(FreeMindFormat.encode(copy) == FreeMindFormat.encode(document))
        // What was read travels with it: an edit after the copy still changes only the reminder.
        var edited = copy
        let report = try #require(node(edited, "Write report"))
        edited.modify(report.id) { $0.due = Self.christmas }
        let changed = Canonical.changedLines(try Canonical.lines(Data(Self.freeplaneMap.utf8)), try Canonical.lines(FreeMindFormat.encode(edited)))
        #expect(changed.removed == ["<Parameters REMINDUSERAT=\"1607807952000\""], "\(changed.removed)")
        #expect(node(try FreeMindFormat.decode(FreeMindFormat.encode(edited)).document, "Write report")?.due == Self.christmas)
    }

    // MARK: - Reading .mm

    @Test func freeplaneTagsAreReadOneALine() throws {
        let document = try Self.imported()
        #expect(node(document, "Write report")?.tags == ["work", "urgent"])
        #expect(node(document, "Plain")?.tags == [])
    }

    @Test(arguments: [("a&#xa;b", ["a", "b"]), (" a &#xa;&#xa;b&#xa;a", ["a", "b"]), ("Project::Meshpad", ["Project::Meshpad"]), ("", [])])
    func tagsAreTrimmedEachOnceAndEmptyOnesDropped(value: String, tags: [String]) throws {
        let xml = "<map version=\"freeplane 1.12.1\"><node TEXT=\"Root\" ID=\"ID_1\" TAGS=\"\(value)\"/></map>"
        #expect(try FreeMindFormat.decode(Data(xml.utf8)).document.root.tags == tags)
    }

    @Test func aReminderIsTheDueDay() throws {
        let document = try Self.imported()
        #expect(node(document, "Write report")?.due == Self.reminderDay)
        #expect(node(document, "Periodic")?.due == Self.reminderDay)
        #expect(node(document, "Plain")?.due == nil)
    }

    @Test func taskBoxesAndPrioritiesAreFreeplanesIcons() throws {
        let document = try Self.imported()
        #expect(node(document, "Write report")?.task == .open && node(document, "Write report")?.priority == 2)
        #expect(node(document, "Periodic")?.task == .done && node(document, "Periodic")?.priority == nil)
    }

    // MARK: - Writing .mm

    @Test func anUnchangedMapIsWrittenAsRead() throws {
        let data = Data(Self.freeplaneMap.utf8)
        let saved = FreeMindFormat.encode(try Self.imported())
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(saved)) == nil)
        #expect(String(decoding: saved, as: UTF8.self).contains("TAGS=\"work&#xa;urgent\""), "the tags as Freeplane wrote them")
    }

    @Test func aTaskAndAPrioritySurviveReadWriteRead() throws {
        var document = try Self.imported()
        let plain = try #require(node(document, "Plain"))
        document.modify(plain.id) { node in
            var details = node.details
            details.setTask(.done)
            details.setPriority(3)
            node.details = details
        }
        let reread = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(node(reread, "Plain")?.task == .done && node(reread, "Plain")?.priority == 3)
        #expect(node(reread, "Write report")?.task == .open && node(reread, "Write report")?.priority == 2)
        #expect(node(reread, "Periodic")?.task == .done)
    }

    @Test func editedTagsChangeOnlyTheNodesTAGS() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try Self.imported()
        let report = try #require(node(document, "Write report"))
        document.modify(report.id) { $0.tags = ["work", "urgent", "q4"] }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed.count == 1 && changed.removed.first?.contains("TAGS=\"work\\nurgent\"") == true, "\(changed.removed)")
        #expect(changed.added.count == 1 && changed.added.first?.contains("TAGS=\"work\\nurgent\\nq4\"") == true, "\(changed.added)")
        #expect(changed.added.first?.contains("CREATED=\"1700000000000\"") == true, "the rest of the node as it was")
        #expect(node(try FreeMindFormat.decode(saved).document, "Write report")?.tags == ["work", "urgent", "q4"])
    }

    @Test func removedTagsTakeTAGSAwayAndNewOnesAddIt() throws {
        var document = try Self.imported()
        let report = try #require(node(document, "Write report")), plain = try #require(node(document, "Plain"))
        document.modify(report.id) { $0.tags = [] }
        document.modify(plain.id) { $0.tags = ["home"] }
        let saved = String(decoding: FreeMindFormat.encode(document), as: UTF8.self)
        #expect(!saved.contains("urgent"))
        let reread = try FreeMindFormat.decode(Data(saved.utf8)).document
        #expect(node(reread, "Write report")?.tags == [] && node(reread, "Plain")?.tags == ["home"])
    }

    @Test func aNewDueDayMovesTheReminderKeepingItsTimeOfDayPeriodAndScript() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try Self.imported()
        let periodic = try #require(node(document, "Periodic"))
        document.modify(periodic.id) { $0.due = Self.christmas }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        let days = try #require(Self.christmas).daysSinceEpoch - #require(Self.reminderDay).daysSinceEpoch
        let ms = 1_607_807_952_000 + Int64(days) * 86_400_000
        #expect(changed.removed == ["<Parameters PERIOD=\"1\" REMINDUSERAT=\"1607807952000\" SCRIPT=\"remind()\" UNIT=\"WEEK\""], "\(changed.removed)")
        #expect(changed.added == ["<Parameters PERIOD=\"1\" REMINDUSERAT=\"\(ms)\" SCRIPT=\"remind()\" UNIT=\"WEEK\""], "\(changed.added)")
        #expect(node(try FreeMindFormat.decode(saved).document, "Periodic")?.due == Self.christmas)
    }

    @Test func aRemovedDueDayDropsTheHookAndNothingElse() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try Self.imported()
        let report = try #require(node(document, "Write report"))
        document.modify(report.id) { $0.due = nil }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed == ["<hook NAME=\"plugins/TimeManagementReminder.xml\"", "<Parameters REMINDUSERAT=\"1607807952000\"",
                                    "</Parameters", "</hook"], "\(changed.removed)")
        #expect(changed.added.isEmpty, "\(changed.added)")
        let reread = try FreeMindFormat.decode(saved).document
        #expect(node(reread, "Write report")?.due == nil && node(reread, "Write report")?.tags == ["work", "urgent"])
        #expect(node(reread, "Periodic")?.due == Self.reminderDay, "the other reminder as it was")
    }

    @Test func aNewDueDayAddsAReminder() throws {
        let data = Data(Self.freeplaneMap.utf8)
        var document = try Self.imported()
        let plain = try #require(node(document, "Plain")), tagged = try #require(node(document, "Tagged"))
        document.modify(plain.id) { $0.due = Self.christmas }
        document.modify(tagged.id) { $0.due = Self.christmas }
        let ms = try #require(Self.christmas).reminderMilliseconds
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        #expect(changed.removed.isEmpty, "\(changed.removed)")
        let hook = ["<hook NAME=\"plugins/TimeManagementReminder.xml\"", "<Parameters REMINDUSERAT=\"\(ms)\"", "</Parameters", "</hook"]
        #expect(changed.added.sorted() == (hook + hook).sorted(), "a reminder each, and nothing else: \(changed.added)")
        let added = document.addChild(of: document.rootID, text: "Fresh", at: Vec2(300, 0))
        let fresh = try #require(added)
        document.modify(fresh) { $0.due = Self.reminderDay }
        let reread = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(node(reread, "Plain")?.due == Self.christmas && node(reread, "Tagged")?.due == Self.christmas)
        #expect(node(reread, "Tagged")?.tags == ["home"])
        #expect(node(reread, "Fresh")?.due == Self.reminderDay)
        #expect(node(reread, "Write report")?.due == Self.reminderDay)
    }

    @Test func aMapFromElsewhereWritesTagsAndDueDaysAsFreeplaneDoes() throws {
        let original = Self.taskMap()
        let saved = FreeMindFormat.encode(original)
        let text = String(decoding: saved, as: UTF8.self)
        #expect(text.contains("TAGS=\"work&#xa;urgent\""))
        let ms = try #require(Self.christmas).reminderMilliseconds
        #expect(text.contains("<hook NAME=\"plugins/TimeManagementReminder.xml\"><Parameters REMINDUSERAT=\"\(ms)\"/></hook>"))
        let back = try FreeMindFormat.decode(saved).document
        let report = try #require(node(back, "Write report"))
        #expect(report.task == .open && report.priority == 1 && report.tags == ["work", "urgent"] && report.due == Self.christmas)
        #expect(node(back, "Answer mail")?.task == .done)
        #expect(node(back, "Work")?.tags == ["office"])
        #expect(try Canonical.lines(FreeMindFormat.encode(back)) == Canonical.lines(saved), "and once read, written again as it is")
    }

    // MARK: - OPML

    @Test func opmlKeepsTaskBoxesAsOmniOutlinersStatus() throws {
        let (data, warnings) = OPMLFormat.encode(Self.taskMap())
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("text=\"Write report\" _status=\"unchecked\"") && text.contains("text=\"Answer mail\" _status=\"checked\""))
        #expect(!text.contains("text=\"Work\" _status"), "a node that is no task has no status")
        let back = try OPMLFormat.decode(data).document
        #expect(node(back, "Write report")?.task == .open && node(back, "Answer mail")?.task == .done)
        #expect(node(back, "Work")?.task == nil)
        #expect(warnings.contains { $0.contains("priorities, tags and due days of 2 nodes") }, "\(warnings)")
    }

    @Test(arguments: [("checked", TaskState.done), ("unchecked", .open), ("indeterminate", .open)])
    func omniOutlinersStatusIsATask(status: String, task: TaskState) throws {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0"><head><title>t</title></head><body>
        <outline text="Root"><outline text="Item" _status="\(status)"/><outline text="Other"/></outline>
        </body></opml>
        """
        let document = try OPMLFormat.decode(Data(xml.utf8)).document
        #expect(node(document, "Item")?.task == task)
        #expect(node(document, "Other")?.task == nil && document.root.task == nil)
    }

    // MARK: - Markdown

    @Test func markdownWritesTasksAsTaskListItemsAndReadsThemBack() throws {
        var document = Self.taskMap()
        let added = document.addChild(of: nodeID(document, "Write report"), text: "outline it", at: Vec2(600, 0))
        let nested = try #require(added)
        document.modify(nested) { node in
            var details = node.details
            details.setTask(.done)
            node.details = details
        }
        let (data, warnings) = MarkdownFormat.encode(document)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\n- [ ] Write report\n") && text.contains("\n  - [x] outline it\n") && text.contains("\n- [x] Answer mail\n"))
        let back = try MarkdownFormat.decode(data).document
        #expect(outline(back) == outline(document))
        #expect(node(back, "Write report")?.task == .open && node(back, "Answer mail")?.task == .done)
        #expect(node(back, "outline it")?.task == .done)
        #expect(node(back, "Work")?.task == nil)
        #expect(warnings.contains { $0.contains("priorities, tags and due days") }, "\(warnings)")
    }

    @Test(arguments: [("- [ ] open", TaskState?.some(.open), "open"), ("- [x] done", .done, "done"), ("- [X] Done", .done, "Done"),
                      ("* [ ] starred", .open, "starred"), ("1. [x] numbered", .done, "numbered"), ("- [ ]", .open, ""),
                      ("- [x]no space", nil, "[x]no space"), ("- [] none", nil, "[] none"), ("- \\[x] escaped", nil, "[x] escaped"),
                      ("- [ ] [linked](https://example.org)", .open, "linked")])
    func aListItemsBoxIsATask(line: String, task: TaskState?, text: String) throws {
        let document = try MarkdownFormat.decode(Data("# Root\n\(line)\n".utf8)).document
        let item = try #require(document.nodes.first { $0.id != document.rootID })
        #expect(item.task == task)
        #expect(item.text == text)
    }

    @Test func aHeadingsBracketsAreItsWords() throws {
        let document = try MarkdownFormat.decode(Data("# [ ] Root\n## [x] Branch\n".utf8)).document
        #expect(document.root.text == "[ ] Root" && document.root.task == nil)
        #expect(node(document, "[x] Branch")?.task == nil)
    }

    @Test(arguments: ["[x] not a task", "[ ] nor this", "\\[x] a backslash first", "[x]", "[y] fine as it is"])
    func wordsThatLookLikeABoxStayWords(words: String) throws {
        var document = Document(rootText: "Root")
        let added = document.addChild(of: document.rootID, text: "Branch", at: Vec2(100, 0))
        let branch = try #require(added)
        document.addChild(of: branch, text: words, at: Vec2(200, 0))
        let back = try MarkdownFormat.decode(MarkdownFormat.encode(document).data).document
        let item = try #require(node(back, words), "\(outline(back))")
        #expect(item.task == nil)
    }

    @Test func aTaskWrittenAsAHeadingLosesItsBoxAndExportSaysSo() throws {
        var document = Document(rootText: "Root")
        document.addChild(of: document.rootID, text: "Branch", at: Vec2(100, 0))
        document.modify(document.rootID) { node in
            var details = node.details
            details.setTask(.open)
            node.details = details
        }
        let (data, warnings) = MarkdownFormat.encode(document)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix("# Root\n"))
        #expect(warnings.contains { $0.contains("1 task written as a heading lost the box") }, "\(warnings)")
    }
}
