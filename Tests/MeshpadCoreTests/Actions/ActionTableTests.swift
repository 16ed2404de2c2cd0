import Foundation
import Testing
@testable import MeshpadCore

@Suite struct ActionTableTests {
    @Test(arguments: [
        (KeyChord(.f12), Action.debugOverlay),
        (KeyChord(.equals), .zoomIn),
        (KeyChord(.equals, .shift), .zoomIn),
        (KeyChord(.plus), .zoomIn),
        (KeyChord(.keypadPlus), .zoomIn),
        (KeyChord(.minus), .zoomOut),
        (KeyChord(.keypadMinus), .zoomOut),
        (KeyChord(.digit0), .resetZoom),
        (KeyChord(.q, .ctrl), .quit),
        (KeyChord(.z, .ctrl), .undo),
        (KeyChord(.z, [.ctrl, .shift]), .redo),
        (KeyChord(.y, .ctrl), .redo),
        (KeyChord(.tab), .addChild),
        (KeyChord(.return), .addSibling),
        (KeyChord(.return, .shift), .addSiblingBefore),
        (KeyChord(.left, .shift), .extendSelection(.left)),
        (KeyChord(.digit1, .shift), .fit),
    ])
    func keysRunTheirActions(chord: KeyChord, action: Action) {
        #expect(ActionTable.action(for: chord) == action)
    }

    @Test(arguments: [KeyChord(.digit0, .alt), KeyChord(.q), KeyChord(.a), KeyChord(.left, .ctrl)])
    func otherChordsRunNothing(chord: KeyChord) {
        #expect(ActionTable.action(for: chord) == nil)
    }

    @Test func noTwoActionsShareAKeyOrATitle() {
        var owners: [KeyChord: Action] = [:]
        for action in Action.all {
            for chord in action.spec.keys {
                #expect(owners[chord] == nil, "\(chord) is both \(owners[chord].map { "\($0)" } ?? "") and \(action)")
                owners[chord] = action
            }
        }
        let titles = Action.all.map(\.title)
        #expect(Set(titles).count == titles.count, "every button and menu row has its own words")
    }

    @Test func everyActionIsListedOnce() {
        #expect(Set(Action.all).count == Action.all.count)
        // Each action is reachable somehow: a key, the toolbar, a context menu or the app menu.
        for action in Action.all {
            let spec = action.spec
            #expect(!spec.keys.isEmpty || !spec.presentingKeys.isEmpty || spec.onToolbar || !spec.contextMenus.isEmpty || spec.menu != nil,
                    "\(action) cannot be reached")
        }
    }

    /// What a presentation's keys do, a finger reaches on the presenter's menu (a long press).
    @Test func everyPresentingKeysActionIsOnThePresentersMenu() {
        let keyed = Action.all.filter { !$0.spec.presentingKeys.isEmpty }
        #expect(Set(keyed) == Set(Workspace.presenterMenu))
    }

    @Test func theToolbarKeepsItsButtonsInOrder() {
        #expect(Action.toolbar.map(\.title) == ["+ New", "Link", "Select", "Delete", "Undo", "Redo", "Zoom out", "Fit", "Zoom in", "Tidy",
                                                  "Style", "Outline", "Search", "Filter"])
        #expect(Action.zoomIn.toolbarTitle == "+" && Action.zoomOut.toolbarTitle == "−", "short, beside the map")
    }

    @Test func readOnlyAllowsOnlyWhatChangesNothing() {
        let lockdown = Lockdown(isReadOnly: true)
        let allowed = Action.all.filter { lockdown.allows($0) }
        #expect(!allowed.contains(.delete) && !allowed.contains(.undo) && !allowed.contains(.save) && !allowed.contains(.addChild))
        #expect(allowed.contains(.toggleFold) && allowed.contains(.search) && allowed.contains(.copy) && allowed.contains(.open))
        #expect(!lockdown.allows(.paste) && lockdown.allows(.paste, typingInAField: true), "pasting into the search bar changes nothing")
    }

    @Test func aKioskAllowsEditingButNotLeaving() throws {
        let lockdown = Lockdown(kiosk: KioskLock(settings: KioskSettings(), pin: "2468"))
        for action in [Action.quit, .save, .saveAs, .open] { #expect(!lockdown.allows(action)) }
        for action in [Action.addChild, .delete, .undo, .tidy] { #expect(lockdown.allows(action)) }
    }

    @Test func theKeyTableListsEveryKeyOfEveryAction() {
        let table = ActionTable.keyTable(markdown: true)
        for action in Action.all {
            for chord in action.spec.keys {
                #expect(table.contains(chord.description.replacingOccurrences(of: "|", with: "\\|")), "\(chord) of \(action)")
            }
        }
        #expect(table.components(separatedBy: "\n").count == 2 + Action.all.filter { !$0.spec.keys.isEmpty || !$0.spec.presentingKeys.isEmpty }.count)
    }

    /// The guide's key table is the one the action table generates, so it cannot go stale.
    @Test func theGuideShowsTheGeneratedKeyTable() throws {
        // why: this file is Tests/MeshpadCoreTests/Actions/ActionTableTests.swift; the guide is docs/GUIDE.md.
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/GUIDE.md").standardized
        let text = try String(contentsOf: guide, encoding: .utf8)
        let begin = try #require(text.range(of: "<!-- keys:begin -->\n"))
        let end = try #require(text.range(of: "\n<!-- keys:end -->"))
        #expect(String(text[begin.upperBound..<end.lowerBound]) == ActionTable.keyTable(markdown: true),
                "regenerate it with `meshpad --keys`")
    }
}
