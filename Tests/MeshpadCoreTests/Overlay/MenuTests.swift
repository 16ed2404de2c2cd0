import Foundation
import Testing
@testable import MeshpadCore

/// The context menu (long press, right click), the app menu and the help sheet, as a finger
/// uses them.
@Suite struct MenuTests {
    static func longPress(_ rig: inout EditRig, at p: Vec2) {
        rig.send(.fingerDown(id: 3, position: p), after: 0.5)
        rig.time += 0.6
        _ = rig.workspace.tick(at: rig.time)
        rig.send(.fingerUp(id: 3, position: p))
    }

    static func rows(_ rig: EditRig) -> [String] {
        rig.workspace.overlayLayout.parts.compactMap { if case .menuRow = $0.role { return $0.text } else { return nil } }
    }

    static func tapRow(_ rig: inout EditRig, _ title: String) {
        guard let row = rig.workspace.overlayLayout.parts.first(where: { if case .menuRow = $0.role { return $0.text == title } else { return false } }) else {
            Issue.record("no row \(title) among \(rows(rig))")
            return
        }
        rig.tap(row.rect.center)
    }

    @Test func aLongPressOnANodeOffersWhatANodeCanDo() {
        var rig = EditRig()
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        #expect(Self.rows(rig) == ["Edit text", "Add child", "Add sibling", "Summarise", "Delete", "Style…", "Task", "Priority…", "Due date…", "Add tag…", "Note…", "Image…", "Add attribute…", "Link from here", "Copy", "Cut",
                                 "Paste", "Centre", "Present from here", "Add to slides", "Focus on branch"], "every row, in a second column where one is too tall for the window")
        #expect(rig.workspace.selection.nodes == [rig.id("food")], "what the menu is for is selected")
        rig.key("Escape")
        Self.longPress(&rig, at: Vec2(700, 80))
        #expect(Self.rows(rig) == ["New node here", "Paste", "Fit", "Zoom in", "Zoom out", "Zoom 100 %", "Tidy"], "on the surface")
    }

    @Test func aNodeWithChildrenCanBeFoldedFromItsMenu() {
        var rig = EditRig()
        Self.longPress(&rig, at: rig.screen(of: rig.document.rootID))
        #expect(Self.rows(rig).contains("Fold"))
        Self.tapRow(&rig, "Fold")
        #expect(rig.document.root.folded)
        Self.longPress(&rig, at: rig.screen(of: rig.document.rootID))
        #expect(Self.rows(rig).contains("Unfold"))
    }

    @Test func aRowRunsItsActionAsOneStepAndTheMenuCloses() throws {
        var rig = EditRig()
        let steps = rig.workspace.history.done.count
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        Self.tapRow(&rig, "Add child")
        let child = try #require(rig.workspace.editing?.node)
        #expect(rig.document.parent(of: child) == rig.id("food"))
        #expect(rig.workspace.panels.menu == nil)
        rig.type("rice")
        rig.key("Return")
        #expect(rig.workspace.history.done.count == steps + 1)
        Self.longPress(&rig, at: rig.screen(of: child))
        Self.tapRow(&rig, "Delete")
        #expect(!rig.document.contains(child))
    }

    @Test func aLongPressOnALinkOffersDelete() throws {
        var rig = EditRig()
        rig.click(rig.screen(of: rig.id("food")))
        rig.click(rig.screen(of: rig.id("shelter")), .ctrl)
        rig.key("L", .ctrl)
        let link = try #require(rig.document.edges.last)
        let middle = rig.document.path(ofEdgeAt: rig.document.edges.count - 1).point(at: 0.5)
        Self.longPress(&rig, at: rig.camera.screenPoint(ofMap: middle))
        #expect(Self.rows(rig) == ["Delete", "Style…", "Label at the start…", "Label…", "Label at the end…", "Arrow at the end", "Arrow at the start",
                                   "Dashed line", "Thicker line", "Next colour"])
        Self.tapRow(&rig, "Delete")
        #expect(rig.document.edge(link.id) == nil)
    }

    @Test func linkFromHereLinksToTheNextNodeTapped() {
        var rig = EditRig()
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        Self.tapRow(&rig, "Link from here")
        // However long the person takes, the screen says what the next tap will do.
        rig.time += 10
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.panels.banner?.message == "Tap the node to link to (itself for a loop)")
        rig.tap(rig.screen(of: rig.id("clean water")))
        #expect(rig.document.edge(between: rig.id("food"), and: rig.id("clean water"))?.kind == .link)
        #expect(rig.workspace.panels.banner == nil, "and once it is done, it no longer says so")
    }

    @Test func linkFromHereCanBeCancelledWithItsBannersButton() {
        var rig = EditRig()
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        Self.tapRow(&rig, "Link from here")
        let cancel = rig.workspace.overlayLayout.parts.first { $0.role == .bannerButton(.cancelLink) }
        #expect(cancel?.text == "Cancel")
        rig.tap(cancel?.rect.center ?? .zero)
        #expect(rig.workspace.panels.banner == nil)
        let links = rig.document.edges.count
        rig.tap(rig.screen(of: rig.id("clean water")))
        #expect(rig.document.edges.count == links, "the next tap only selects")
        #expect(rig.workspace.selection.nodes == [rig.id("clean water")])
    }

    @Test func aTapOutsideOrEscapeClosesItAndDoesNothingElse() {
        var rig = EditRig()
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        let panel = rig.workspace.overlayLayout.rect(of: .menuPanel) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        rig.tap(Vec2(panel.center.x > 400 ? 20 : 780, 300))
        #expect(rig.workspace.panels.menu == nil)
        #expect(rig.workspace.selection.nodes == [rig.id("food")], "the tap that closed the menu selected nothing")
        Self.longPress(&rig, at: rig.screen(of: rig.id("food")))
        rig.key("Escape")
        #expect(rig.workspace.panels.menu == nil)
    }

    @Test func aReadOnlyMapsMenuOffersOnlyViewing() {
        var rig = EditRig()
        rig.workspace.lockdown.isReadOnly = true
        Self.longPress(&rig, at: rig.screen(of: rig.document.rootID))
        #expect(Self.rows(rig) == ["Fold", "Copy", "Centre", "Present from here", "Focus on branch"])
    }

    /// Wherever the finger is, the menu is wholly on screen, its first row not under the finger.
    @Test(arguments: [Vec2(5, 5), Vec2(795, 5), Vec2(5, 595), Vec2(795, 595), Vec2(400, 300), Vec2(400, 595), Vec2(795, 300)],
          [1.0, 2.0])
    func theMenuStaysOnScreenAndClearOfTheFinger(finger: Vec2, scale: Double) {
        let viewport = Vec2(800, 600) / scale
        let anchor = finger / scale
        let target = 48.0
        let placed = MenuPlacement.frame(anchor: anchor, rowCount: 10, labelWidth: 120, byFinger: true, targetPixels: target, viewportSize: viewport)
        #expect(placed.frame.minX >= 0 && placed.frame.minY >= 0 && placed.frame.maxX <= viewport.x && placed.frame.maxY <= viewport.y)
        #expect(placed.rowHeight >= 44)
        let firstRow = Rect(x: placed.frame.minX, y: placed.frame.minY, width: placed.frame.width, height: placed.rowHeight)
        // A fingertip covers about a row's height around and below the point it touches.
        let fingertip = Rect(x: anchor.x - target / 4, y: anchor.y - target / 4, width: target / 2, height: target)
        if placed.frame.height < viewport.y - 20 {
            #expect(!firstRow.intersects(fingertip), "the first row is beside the finger, not under it")
        }
    }

    @Test func theAppMenuHasTheFilesAndPagesAndAKioskHasNoFiles() {
        var rig = EditRig()
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        #expect(Self.rows(rig) == ["New map", "Open…", "Save", "Save as…", "Print…", "Present", "Slides…", "Summarise", "Export ▸", "Theme ▸",
                                   "Keyboard ▸", "Help", "Quit"], "Follow… only on a shared map")
        Self.tapRow(&rig, "Theme ▸")
        #expect(Self.rows(rig) == ["Back", "Light", "Dark", "High contrast", "Classic"])
        #expect(rig.workspace.overlayLayout.parts.first { $0.text == "Light" }?.look == .on, "the theme in use is ticked")
        Self.tapRow(&rig, "Dark")
        #expect(rig.requests.suffix(2) == [.setTheme("dark"), .rememberChoices], "the app draws it and keeps it for next time")
        #expect(rig.workspace.measures.themeName == "dark")

        var kiosk = EditRig()
        kiosk.workspace.lockdown.kiosk = KioskLock(settings: KioskSettings(), pin: "2468")
        kiosk.tap(kiosk.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        #expect(Self.rows(kiosk) == ["Present", "Slides…", "Summarise", "Theme ▸", "Keyboard ▸", "Help"])
        var readOnly = EditRig()
        readOnly.workspace.lockdown.isReadOnly = true
        readOnly.tap(readOnly.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        #expect(Self.rows(readOnly) == ["Open…", "Print…", "Present", "Slides…", "Export ▸", "Theme ▸", "Keyboard ▸", "Help", "Quit"], "a map only read can be printed")
    }

    @Test func exportAsksWhereThenWritesAndTheKeyboardSettingSticks() {
        var rig = EditRig()
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        Self.tapRow(&rig, "Export ▸")
        Self.tapRow(&rig, "PNG picture")
        #expect(rig.requests.last == .export(.png))
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        Self.tapRow(&rig, "Keyboard ▸")
        Self.tapRow(&rig, "On-screen keyboard: never")
        #expect(rig.workspace.measures.keyboardMode == .never)
    }

    @Test func helpShowsTheGesturesAndEveryKeyAndATapClosesIt() {
        var rig = EditRig()
        rig.tap(rig.workspace.overlayLayout.rect(of: .appMenuButton)?.center ?? .zero)
        Self.tapRow(&rig, "Help")
        let lines = rig.workspace.overlayLayout.parts.filter { $0.role == .helpText }.map(\.text)
        #expect(lines.contains { $0.contains("long press") })
        #expect(lines.contains("✌ two fingers") && lines.contains("🤟 three fingers"), "each gesture with a small picture")
        // Fingers first, then the keys.
        #expect(lines.first == "With a finger")
        let firstKey = lines.firstIndex { $0.hasPrefix("Keys") } ?? -1, lastGesture = lines.firstIndex { $0.hasPrefix("🔗") } ?? Int.max
        #expect(lastGesture < firstKey)
        // Each key beside what it does, on one row.
        let parts = rig.workspace.overlayLayout.parts.filter { $0.role == .helpText }
        let undoKey = parts.first { $0.text == "Ctrl+Z" }
        #expect(parts.contains { $0.text == "Undo" && abs($0.rect.minY - (undoKey?.rect.minY ?? -1)) < 0.5 })
        rig.tap(Vec2(400, 300))
        #expect(!rig.workspace.panels.helpOpen)
    }

    @Test func aBannerNeitherMovesNorHidesTheMenuButtonAndALongOneIsReadWhole() {
        var rig = EditRig()
        let before = rig.workspace.overlayLayout.rect(of: .appMenuButton)
        let long = "Saved “plan.md”; Markdown cannot hold 1 free-standing node (and what hangs from it) or 3 links between nodes: they are left out of the file"
        rig.workspace.show(Banner(message: long, actions: [.dismiss], expiresAt: 100))
        let layout = rig.workspace.overlayLayout
        #expect(layout.rect(of: .appMenuButton) == before, "☰ Menu stays where a finger expects it")
        let banner = layout.rect(of: .banner)
        #expect(banner.map { b in before.map { !b.intersects($0) } ?? false } == true, "and nothing covers it")
        let text = layout.parts.last { $0.role == .bannerText }?.text ?? ""
        #expect(text.split(separator: "\n").count >= 2, "on more lines: \(text)")
        #expect(text.replacingOccurrences(of: "\n", with: " ") == long, "every word of it")
        // A tap on ☰ Menu opens the menu, banner or not.
        rig.tap(before?.center ?? .zero)
        #expect(rig.workspace.panels.menu != nil)
    }

    @Test(arguments: [Vec2(1280, 800), Vec2(1024, 600), Vec2(800, 600)])
    func theHelpSheetsWordsStayInsideItAndApart(viewport: Vec2) {
        let lines = ["Touch", "tap a node\tselect it", "double tap surface\ta new node there", "", "Keys"]
            + (0..<60).map { "Ctrl+Shift+\($0)\tSomething to do \($0)" }
        let layout = OverlayLayout(banner: nil, dialog: nil, chrome: {
            var chrome = Chrome()
            chrome.helpOpen = true
            chrome.helpLines = lines
            return chrome
        }(), viewportSize: viewport)
        let sheet = layout.rect(of: .helpSheet) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let words = layout.parts.filter { $0.role == .helpText }
        #expect(words.count == lines.count + lines.filter { $0.contains("\t") }.count, "every line, a key and its words apart")
        #expect(words.allSatisfy { sheet.contains(Vec2($0.rect.minX, $0.rect.minY)) && sheet.contains(Vec2($0.rect.maxX, $0.rect.maxY)) })
        for (i, a) in words.enumerated() {
            // Sharing an edge is fine; covering each other is not.
            for b in words[(i + 1)...] where a.rect.minX < b.rect.maxX - 0.5 && b.rect.minX < a.rect.maxX - 0.5
                && a.rect.minY < b.rect.maxY - 0.5 && b.rect.minY < a.rect.maxY - 0.5 {
                Issue.record("“\(a.text)” and “\(b.text)” overlap at \(viewport)")
            }
        }
    }
}
