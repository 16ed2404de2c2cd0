import Foundation
@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// Issue 30 on a shared map: a tick, a priority, a due day and tags made on one screen reach the
/// others as operations, through the wire's JSON, and a tag renamed everywhere is one operation
/// that every screen carries out.
@Suite struct SharedTasksTests {
    /// The log as the database keeps it: each operation travels as JSON, as `meshpad_append` stores it.
    struct WireLog {
        var log = FakeLog()
        mutating func append(_ operation: SharedOperation) throws {
            let data = try JSONEncoder().encode(operation)
            log.append(try JSONDecoder().decode(SharedOperation.self, from: data))
        }
    }

    @Test func tasksTagsAndDueDaysReachTheOtherScreenAndARenameReachesBack() throws {
        var document = Document.sample()
        document.measureAll(with: SimulatedClient.sizing)
        var ana = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: SimulatedClient.sizing)
        ana.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
        var bob = SimulatedClient(client: 2, start: document)
        var wire = WireLog()
        func syncAna() throws {
            for operation in ana.takeOperationsToSend() { try wire.append(operation) }
            ana.receive(wire.log.after(ana.shared?.confirmedSeq ?? 0))
        }
        func syncBob() throws {
            for operation in bob.engine.takeUnsent() { try wire.append(operation) }
            bob.receive(wire.log.after(bob.engine.confirmedSeq))
        }

        let children = ana.document.children(of: ana.document.rootID)
        let (food, water) = (children[0], children[1])
        ana.setTaskState(.open, of: [ana.document.rootID])
        ana.toggleTask([food, water])
        ana.tickTasks([food])
        ana.setPriority(2, on: [water])
        ana.addTag("urgent", to: [food, water])
        ana.select([water])
        ana.askDueDate(for: [water])
        let day = try #require(CalendarDay(iso: "2026-12-24"))
        if let dialog = ana.panels.dialog { ana.chooseInCalendar(.day(day), dialog) }
        if let dialog = ana.panels.dialog { ana.finishDueDate(dialog, .confirm) }
        try syncAna()
        try syncBob()

        #expect(bob.document.node(food)?.task == .done, "the tick arrived")
        #expect(bob.document.node(water)?.task == .open)
        #expect(bob.document.node(water)?.priority == 2)
        #expect(bob.document.node(water)?.due == day)
        #expect(bob.document.node(food)?.tags == ["urgent"] && bob.document.node(water)?.tags == ["urgent"])
        #expect(bob.document.taskProgress().text(for: bob.document.rootID) == "1/2", "Bob's screen counts the same")

        // Bob ticks the last one: the root follows on his screen, and on Ana's.
        var details = try #require(bob.document.node(water)?.details)
        let before = details
        details.setTask(.done)
        var rootDetails = try #require(bob.document.node(bob.document.rootID)?.details)
        let rootBefore = rootDetails
        rootDetails.setTask(.done)
        bob.make("tick", [.setDetails(node: water, from: before, to: details),
                          .setDetails(node: bob.document.rootID, from: rootBefore, to: rootDetails)])
        try syncBob()
        try syncAna()
        #expect(ana.document.node(water)?.task == .done)
        #expect(ana.document.node(ana.document.rootID)?.task == .done)

        // Ana renames the tag everywhere: one step, and Bob's screen has the new name on both.
        let steps = ana.history.done.count
        ana.renameTag("urgent", to: "this week")
        #expect(ana.history.done.count == steps + 1, "one undo step")
        try syncAna()
        try syncBob()
        #expect(bob.document.node(food)?.tags == ["this week"] && bob.document.node(water)?.tags == ["this week"])
        #expect(bob.document.tagsInUse() == ["this week"])
    }
}
