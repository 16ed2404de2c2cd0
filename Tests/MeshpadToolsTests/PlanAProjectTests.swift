import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// Issue 30's "done means", by finger alone in the real app: a person makes tasks from the
    /// node's menu, ticks them by their boxes, gives one a priority and a due day on the
    /// calendar, tags two on Meshpad's keyboard (the second by picking the tag offered), and
    /// filters the map by the tag. Every tap is aimed at a control found by its words in the
    /// state dump; the recorded script then runs through the real `meshpad replay`, which must
    /// show the same.
    @Suite(.serialized) @MainActor
    struct PlanAProjectTests {
        typealias Finger = TouchOnlyTests.Finger

        /// The day the app takes for today, in both runs (`MESHPAD_TODAY` for the binary).
        static let today = "2026-12-05"
        static let root = "every human has a right to"

        /// Taps the topmost enabled control of `role` showing `label` (a tag's pill and the filter
        /// bar's button for it say the same words).
        static func tap(_ f: inout Finger, _ label: String, role: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let found = f.dump.controls.last { $0.label == label && $0.role == role && $0.enabled }
            let control = try #require(found, "no \(role) “\(label)” among \(f.dump.controls.map { "\($0.role): \($0.label)" })",
                                       sourceLocation: sourceLocation)
            try f.tap(at: Vec2(control.rect[0] + control.rect[2] / 2, control.rect[1] + control.rect[3] / 2))
        }

        /// A long press on the node, then its menu's row.
        static func menu(_ f: inout Finger, on node: String, _ row: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try f.longPress(at: f.node(node, sourceLocation: sourceLocation))
            try tap(&f, row, role: "menu item", sourceLocation: sourceLocation)
        }

        static func node(_ dump: StateDump, _ text: String) -> StateDump.NodeState? { dump.nodes.first { $0.text == text } }

        /// What a person sees of each node's plan: its box, priority, day, tags, count, and
        /// whether the filter leaves it out.
        static func plan(_ dump: StateDump) -> [String] {
            dump.nodes.map { node in
                [node.text, node.task ?? "-", node.priority.map(String.init) ?? "-", node.due ?? "-", (node.tags ?? []).joined(separator: ","),
                 node.progress ?? "-", node.filteredOut == true ? "out" : "shown"].joined(separator: " | ")
            }
        }

        @Test func aProjectPlannedByFingerTicksRollsUpAndFilters() throws {
            var recorded: [String] = []
            var seen: [String] = []
            var seenFilter: String?
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                // The replay verb's start: the sample map in its default window.
                let app = try App(document: .sample(), options: App.Options(windowSize: TouchOnlyTests.size, preferSoftware: true, hidden: true))
                app.workspace.measures.today = CalendarDay(iso: Self.today)
                var f = Finger(app: app)

                // The root and three of its children become tasks, from each one's menu.
                for name in [Self.root, "food", "shelter", "clean water"] { try Self.menu(&f, on: name, "Task") }
                #expect(Self.node(f.dump, "food")?.task == "open")
                #expect(Self.node(f.dump, Self.root)?.progress == "0/3")

                // A tap on food's box ticks it; the root counts it.
                try Self.tap(&f, "☐ food", role: "checkbox")
                #expect(Self.node(f.dump, "food")?.task == "done")
                #expect(Self.node(f.dump, Self.root)?.progress == "1/3")
                #expect(f.dump.controls.contains { $0.role == "checkbox" && $0.label == "☑ food" }, "its box shows the tick")

                // Clean water: priority 1, due on the 12th, picked on the calendar.
                try Self.menu(&f, on: "clean water", "Priority…")
                try Self.tap(&f, "Priority 1", role: "menu item")
                #expect(Self.node(f.dump, "clean water")?.priority == 1)
                try Self.menu(&f, on: "clean water", "Due date…")
                #expect(f.dump.controls.contains { $0.role == "day" && $0.label == "•5•" }, "today is marked")
                try Self.tap(&f, "12", role: "day")
                try Self.tap(&f, "Done", role: "button")
                #expect(Self.node(f.dump, "clean water")?.due == "2026-12-12")
                #expect(f.dump.controls.contains { $0.role == "due date" && $0.label == "📅 12 Dec 2026" }, "its day is a pill")

                // A tag typed on Meshpad's keyboard; the second node picks it from what is offered.
                try Self.menu(&f, on: "clean water", "Add tag…")
                try f.typeOnKeyboard("errand")
                try Self.tap(&f, "Add", role: "button")
                #expect(Self.node(f.dump, "clean water")?.tags == ["errand"])
                try Self.menu(&f, on: "shelter", "Add tag…")
                try f.typeOnKeyboard("er")
                try Self.tap(&f, "errand", role: "button")
                #expect(Self.node(f.dump, "shelter")?.tags == ["errand"])
                #expect(app.workspace.panels.dialog == nil && app.workspace.panels.keyboard == nil, "the pick was the whole answer")

                // Ticking the rest: the last open child ticks the root.
                try Self.tap(&f, "☐ shelter", role: "checkbox")
                #expect(Self.node(f.dump, Self.root)?.progress == "2/3")
                #expect(Self.node(f.dump, Self.root)?.task == "open")
                try Self.tap(&f, "☐ clean water", role: "checkbox")
                #expect(Self.node(f.dump, Self.root)?.progress == "3/3")
                #expect(Self.node(f.dump, Self.root)?.task == "done", "its last open child ticked the root")

                // The filter bar, and the tag on it: the rest are left out, the path kept.
                let revision = app.workspace.document.revision
                let steps = app.workspace.history.done.count
                try f.tap("Filter")
                try Self.tap(&f, "errand", role: "option")
                let dump = f.dump
                let out = Set(dump.nodes.filter { $0.filteredOut == true }.map(\.text))
                #expect(out == ["food", "education", "health care"])
                #expect(dump.filter?.contains("#errand") == true, "\(dump.filter ?? "no filter")")
                #expect(app.workspace.document.revision == revision && app.workspace.history.done.count == steps, "looking is no change")
                seen = Self.plan(dump)
                seenFilter = dump.filter
                recorded = f.script
            }

            // The same finger events through the real app, on the same day.
            let dump = try TouchOnlyTests.replayThroughTheApp(recorded, in: try ScratchFolder(), environment: ["MESHPAD_TODAY": Self.today])
            #expect(Self.plan(dump) == seen)
            #expect(dump.filter == seenFilter)
            #expect(Self.node(dump, "clean water")?.tags == ["errand"] && Self.node(dump, "clean water")?.due == "2026-12-12")
            #expect(Self.node(dump, Self.root)?.progress == "3/3" && Self.node(dump, Self.root)?.task == "done")
        }
    }
}
