import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's note, as a finger reads and writes it: Note… in its long-press menu or the ≡ marker
/// a note puts on the node, a panel of several lines typed on the on-screen keyboard.
@Suite struct NoteTests {
    static func button(_ rig: EditRig, _ action: Dialog.Action) -> Vec2 {
        rig.workspace.overlayLayout.parts.first { $0.role == .button(action) }?.rect.center ?? .zero
    }

    static func noteMarker(_ rig: EditRig, _ text: String) -> Vec2 {
        let node = rig.document.node(rig.id(text))
        return node.map { NodeMarker.note.screenCenter(of: $0, at: $0.position, side: FoldBadge.side(of: $0, in: rig.document), camera: rig.camera) } ?? .zero
    }

    @Test func aNoteIsWrittenFromTheMenuOnSeveralLinesAsOneUndoStep() {
        var rig = EditRig()
        let food = rig.id("food")
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Note…")
        #expect(rig.workspace.panels.dialog?.kind == .note(food))
        #expect(rig.workspace.panels.dialog?.title == "Note on “food”")
        #expect(rig.workspace.panels.keyboard != nil, "from a touch: the keyboard comes up")
        rig.type("Buy rice")
        rig.key("Return", .shift)
        rig.type("and tea")
        let lines = rig.workspace.overlayLayout.parts.filter { $0.role == .fieldLine }.map(\.text)
        #expect(lines == ["Buy rice", "and tea|"], "both lines shown, the caret after the last")
        rig.tap(Self.button(rig, .confirm))
        #expect(rig.document.node(food)?.note == "Buy rice\nand tea")
        #expect(rig.workspace.panels.dialog == nil)
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.note == "", "one undo step")
    }

    @Test func theMarkerOpensTheNoteToReadAndCancelKeepsItAsItWas() {
        var rig = EditRig()
        let food = rig.id("food")
        #expect(!NodeMarker.note.isShown(rig.document.node(food) ?? Node(id: food, text: "", position: .zero), zoom: 1))
        rig.workspace.document.modify(food) { $0.note = "Rice for a week" }
        rig.tap(Self.noteMarker(rig, "food"))
        #expect(rig.workspace.panels.dialog?.field == "Rice for a week")
        rig.type(" and more")
        rig.tap(Self.button(rig, .cancel))
        #expect(rig.document.node(food)?.note == "Rice for a week")
        #expect(!rig.workspace.history.canUndo)
    }

    @Test func aLongNoteIsBrokenIntoLinesThatFitThePanel() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.workspace.document.modify(food) { $0.note = String(repeating: "grain ", count: 40) }
        rig.tap(Self.noteMarker(rig, "food"))
        let layout = rig.workspace.overlayLayout
        let field = layout.rect(of: .field)
        let lines = layout.parts.filter { $0.role == .fieldLine }
        #expect(lines.count > 2)
        #expect(lines.allSatisfy { line in field.map { $0.contains(Vec2(line.rect.minX, line.rect.minY)) && $0.contains(Vec2(line.rect.maxX, line.rect.maxY)) } ?? false })
    }

    @Test func markersAndTheFoldBadgeNeverCoverEachOther() {
        var rig = EditRig()
        let water = rig.id("clean water")
        rig.workspace.document.modify(water) { $0.note = "n"; $0.link = "https://example.org" }
        _ = rig.workspace.document.addChild(of: water, text: "well", at: Vec2(300, 250))
        rig.workspace.document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        rig.tap(rig.screen(of: water))
        guard let node = rig.document.node(water) else { return }
        let side = FoldBadge.side(of: node, in: rig.document)
        let badge = FoldBadge.screenCenter(of: node, at: node.position, side: side, camera: rig.camera)
        let link = NodeMarker.link.screenCenter(of: node, at: node.position, side: side, camera: rig.camera)
        let note = NodeMarker.note.screenCenter(of: node, at: node.position, side: side, camera: rig.camera)
        let apart = FoldBadge.radiusPixels + NodeMarker.radiusPixels
        #expect(badge.distance(to: link) > apart && badge.distance(to: note) > apart && link.distance(to: note) > 2 * NodeMarker.radiusPixels)
        // And a tap on each does what it shows.
        rig.tap(note)
        #expect(rig.workspace.panels.dialog?.kind == .note(water))
    }

    @Test func searchFindsANodeByItsNote() {
        var rig = EditRig()
        rig.workspace.document.modify(rig.id("clean water")) { $0.note = "boil it first" }
        rig.key("F", .ctrl)
        rig.type("boil")
        #expect(rig.workspace.panels.search?.matches == [rig.id("clean water")])
    }

    @Test func aReadOnlyMapShowsNotesButKeepsThem() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.workspace.document.modify(food) { $0.note = "Rice" }
        rig.workspace.lockdown.isReadOnly = true
        rig.tap(Self.noteMarker(rig, "food"))
        #expect(rig.workspace.panels.dialog?.field == "Rice", "it can be read")
        rig.type("!")
        rig.tap(Self.button(rig, .confirm))
        #expect(rig.document.node(food)?.note == "Rice")
        #expect(rig.workspace.panels.banner?.message.contains("read-only") == true)
    }
}
