import Testing
@testable import MeshpadCore

/// A touch panel that delivers touch as a mouse pointer (issue 33): the on-screen keyboard comes
/// for it as for a finger, while a real mouse keeps the desktop's ways.
@Suite struct PointerKindTests {
    /// A double click as a pointer that jumps to where it lands (a touch panel's), or as a mouse
    /// that hovers there first.
    static func doubleClick(_ p: Vec2, on rig: inout EditRig, hovering: Bool, from start: Vec2 = Vec2(700, 500)) {
        if hovering {
            for i in 1...6 { rig.send(.mouseMove(position: start.interpolated(to: p, alpha: Double(i) / 6), modifiers: []), after: 0.016) }
        } else {
            rig.send(.mouseMove(position: p, modifiers: []), after: 0.3)
        }
        rig.send(.mouseDown(button: .left, position: p, clicks: 1, modifiers: []), after: 0.01)
        rig.send(.mouseUp(button: .left, position: p, modifiers: []), after: 0.05)
        rig.send(.mouseDown(button: .left, position: p, clicks: 2, modifiers: []), after: 0.1)
        rig.send(.mouseUp(button: .left, position: p, modifiers: []), after: 0.05)
    }

    @Test func aPointerThatJumpsWhereItLandsBringsTheKeyboardForEditing() {
        var rig = EditRig()
        let food = rig.id("food")
        Self.doubleClick(rig.screen(of: food), on: &rig, hovering: false)
        #expect(rig.workspace.editing?.node == food)
        #expect(rig.workspace.panels.keyboard != nil, "a touch panel's pointer gets the keyboard")
    }

    /// Found by trying it under X: the pointer's entry into the window came as a motion of its
    /// own before the first touch's jump, and the first double tap got no keyboard.
    @Test func theFirstTouchAfterThePointerEntersTheWindowIsATouch() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.send(.mouseMove(position: Vec2(400, 300), modifiers: []), after: 0.5)
        Self.doubleClick(rig.screen(of: food), on: &rig, hovering: false)
        #expect(rig.workspace.editing?.node == food)
        #expect(rig.workspace.panels.keyboard != nil)
        #expect(rig.workspace.editing?.editor.hasSelection == true, "a finger's edit selects the text, so typing replaces it")
    }

    @Test func aMouseThatHoversKeepsTheKeyboardAway() {
        var rig = EditRig()
        let food = rig.id("food")
        Self.doubleClick(rig.screen(of: food), on: &rig, hovering: true)
        #expect(rig.workspace.editing?.node == food)
        #expect(rig.workspace.panels.keyboard == nil)
    }

    /// Set as a touch panel in the config, a press held on a node is a finger's long press.
    @Test func aPointerSetAsTouchIsAFinger() {
        var rig = EditRig()
        rig.workspace.measures.pointer = .touch
        let food = rig.screen(of: rig.id("food"))
        rig.send(.mouseDown(button: .left, position: food, clicks: 1, modifiers: []), after: 0.5)
        rig.send(.mouseMove(position: food + Vec2(3, 2), modifiers: []), after: 0.3)
        _ = rig.workspace.tick(at: rig.time + 0.4)
        rig.time += 0.4
        #expect(rig.workspace.panels.menu != nil, "a long press opens the menu")
        rig.send(.mouseUp(button: .left, position: food + Vec2(3, 2), modifiers: []), after: 0.05)
        // A tap beside the menu closes it (a key would say a keyboard is attached).
        rig.send(.mouseDown(button: .left, position: Vec2(30, 300), clicks: 1, modifiers: []), after: 0.5)
        rig.send(.mouseUp(button: .left, position: Vec2(30, 300), modifiers: []), after: 0.05)
        #expect(rig.workspace.panels.menu == nil)
        Self.doubleClick(food + Vec2(10, 0), on: &rig, hovering: true)
        #expect(rig.workspace.editing != nil)
        #expect(rig.workspace.panels.keyboard != nil, "its double tap edits with the keyboard, hovering or not")
    }

    /// Keyboard › always, chosen while a node is being edited, brings it for that edit.
    @Test func choosingAlwaysBringsTheKeyboardAtOnce() {
        var rig = EditRig()
        let food = rig.id("food")
        Self.doubleClick(rig.screen(of: food), on: &rig, hovering: true)
        #expect(rig.workspace.panels.keyboard == nil)
        _ = rig.workspace.perform(.keyboard(.always))
        #expect(rig.workspace.editing?.node == food)
        #expect(rig.workspace.panels.keyboard != nil)
    }
}
