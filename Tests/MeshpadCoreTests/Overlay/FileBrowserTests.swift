import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Opening, saving and exporting by finger alone: the browser in the Open, Save as and Export
/// dialogs, driven by taps on the words a person sees, with the file flow and the disk behind.
@Suite struct FileBrowserTests {
    /// The sample map as a native file's bytes.
    static var sampleData: Data { (try? NativeFormat.encode(.sample())) ?? Data() }

    // MARK: - Finding a folder

    @Test func saveAsShowsTheFoldersAndMapsOfTheMapsFolderWithItsNameReadyToReplace() throws {
        let home = try ScratchFolder()
        try home.folder("maps")
        try home.file("plan.mm", Self.sampleData)
        try home.file("notes.txt")
        var rig = try BrowserRig(file: home.path("plan.mm"), home: home)
        rig.key("S", [.ctrl, .shift])
        #expect(rig.browser?.folder == home.path)
        #expect(rig.rows == ["📁 maps", "plan.mm"], "folders first; only maps")
        #expect(rig.text(of: .field) == "plan.mm")
        #expect(rig.labels.contains("‹ Parent") && rig.labels.contains("Home") && rig.labels.contains("Recent")
                && rig.labels.contains("New folder") && rig.labels.contains("Cancel") && rig.labels.contains("Save"))
        #expect(rig.rig.workspace.wantsTextInput, "a name is typed: the keyboard comes up")
    }

    @Test func aFolderRowEntersTheFolderAndParentGoesBackUp() throws {
        let home = try ScratchFolder()
        try home.folder("maps/2026")
        try home.file("maps/trip.md", Self.sampleData)
        var rig = try BrowserRig(home: home)
        rig.key("O", .ctrl)
        rig.tap("📁 maps")
        #expect(rig.browser?.folder == home.path("maps"))
        #expect(rig.rows == ["📁 2026", "trip.md"])
        #expect(rig.text(of: .browserPath)?.hasSuffix("/maps") == true)
        rig.tap("📁 2026")
        #expect(rig.rows.isEmpty && rig.text(of: .browserNote) == "No maps or folders here")
        rig.tap("‹ Parent")
        rig.tap("‹ Parent")
        #expect(rig.browser?.folder == home.path)
    }

    @Test func homeAndRecentAreOneTapAway() throws {
        let home = try ScratchFolder()
        let elsewhere = try ScratchFolder()
        let recent = try elsewhere.file("ideas.opml", OPMLFormat.encode(.sample()).data)
        try home.file("home.mm", Self.sampleData)
        var rig = try BrowserRig(file: elsewhere.path("current.meshpad"), recent: [recent], home: home)
        rig.key("O", .ctrl)
        #expect(rig.browser?.folder == elsewhere.path, "Open starts in the map's own folder")
        rig.tap("Home")
        #expect(rig.browser?.folder == home.path && rig.rows == ["home.mm"])
        rig.tap("Recent")
        #expect(rig.rows == ["ideas.opml — \(elsewhere.path)"])
        #expect(rig.text(of: .browserPath) == "Recent maps")
        #expect(rig.part("‹ Parent")?.look == .disabled, "no parent for a list of recent maps")
        rig.tap("ideas.opml — \(elsewhere.path)")
        #expect(rig.dialog == nil, "one tap on a recent map opens it")
        #expect(rig.flow.file.path == recent && rig.flow.file.format == .opml)
    }

    /// Recent in Save as and Export leads to a map's folder and never renames what is saved
    /// (issue 33: an export took another map's name); the map listed there is a tap away.
    @Test func aRecentMapPickedInSaveAsGivesItsFolderNotItsName() throws {
        let home = try ScratchFolder()
        let elsewhere = try ScratchFolder()
        let recent = try elsewhere.file("ideas.mm", Self.sampleData)
        var rig = try BrowserRig(recent: [recent], home: home)
        rig.key("S", [.ctrl, .shift])
        let typed = rig.text(of: .field)
        rig.tap("Recent")
        rig.tap("ideas.mm — \(elsewhere.path)")
        #expect(rig.dialog?.kind == .saveAs)
        #expect(rig.browser?.folder == elsewhere.path && rig.text(of: .field) == typed, "the name stays")
        #expect(rig.browser?.showsRecent == false)
        rig.tap("ideas.mm")
        #expect(rig.text(of: .field) == "ideas.mm", "saving over it is a tap on it in its folder")
    }

    @Test func anExportsNameSurvivesATapOnRecent() throws {
        let home = try ScratchFolder()
        let elsewhere = try ScratchFolder()
        let recent = try elsewhere.file("other map.mm", Self.sampleData)
        var rig = try BrowserRig(recent: [recent], home: home)
        rig.rig.requests += rig.rig.workspace.perform(.export(.svg))
        rig.carryOut()
        let name = try #require(rig.text(of: .field))
        rig.tap("Recent")
        rig.tap("other map.mm — \(elsewhere.path)")
        #expect(rig.text(of: .field) == name && rig.browser?.folder == elsewhere.path)
    }

    // MARK: - The format chooser

    @Test func saveAsInAnotherFormatIsATapNotTyping() throws {
        var rig = try BrowserRig()
        rig.key("S", [.ctrl, .shift])
        #expect(rig.text(of: .field) == "Untitled.meshpad")
        #expect(rig.part("Meshpad")?.look == .on)
        rig.tap("Freeplane .mm")
        #expect(rig.text(of: .field) == "Untitled.mm")
        #expect(rig.part("Freeplane .mm")?.look == .on && rig.part("Meshpad")?.look == .plain)
        // Typing a name keeps the format chosen: only the name before the extension changes.
        rig.type("class trip")
        #expect(rig.text(of: .field) == "class trip.mm")
        #expect(rig.part("Freeplane .mm")?.look == .on)
        rig.key("Backspace")
        #expect(rig.text(of: .field) == "class tri.mm")
        rig.key("Backspace", .ctrl)
        #expect(rig.text(of: .field) == ".mm")
        #expect(rig.part("Save")?.look == .disabled, "no name yet")
        rig.type("trip")
        rig.tap("Markdown")
        #expect(rig.text(of: .field) == "trip.md")
        rig.type(" plan.opml")
        #expect(rig.text(of: .field) == "trip plan.opml", "an extension typed takes the kept one's place")
        rig.tap("Markdown")
        #expect(rig.text(of: .field) == "trip plan.md")
        rig.key("Backspace", .ctrl)
        rig.type("Untitled")
        rig.tap("Save")
        #expect(rig.flow.file.format == .markdown && rig.flow.file.path == rig.home.path + "/Untitled.md")
    }

    @Test func anExportChangesKindWithItsFormat() throws {
        var rig = try BrowserRig()
        rig.rig.requests += rig.rig.workspace.perform(.export(.png))
        rig.carryOut()
        #expect(rig.text(of: .field)?.hasSuffix(".png") == true)
        rig.tap("SVG picture")
        #expect(rig.dialog?.kind == .export(.svg) && rig.dialog?.title == "Export as \(ExportFormat.svg.title)")
        #expect(rig.text(of: .field)?.hasSuffix(".svg") == true)
        #expect(rig.browser?.purpose == .export(.svg), "its list shows .svg files")
    }

    @Test func theDocumentsFolderIsTheDesktopsElseDocumentsElseHome() {
        let env = ["HOME": "/home/ada"]
        let dirs = "# written by xdg-user-dirs-update\nXDG_DESKTOP_DIR=\"$HOME/Desktop\"\nXDG_DOCUMENTS_DIR=\"$HOME/Dokumente\"\n"
        #expect(FilePlaces.documentsFolder(environment: env, isFolder: { _ in true }, read: { $0 == "/home/ada/.config/user-dirs.dirs" ? dirs : nil })
                == "/home/ada/Dokumente")
        #expect(FilePlaces.documentsFolder(environment: env, isFolder: { $0 == "/home/ada/Documents" }, read: { _ in nil }) == "/home/ada/Documents")
        #expect(FilePlaces.documentsFolder(environment: env, isFolder: { _ in false }, read: { _ in dirs }) == "/home/ada")
    }

    // MARK: - New folder, save, open again: by finger alone

    @Test func aMapSavedAsFreeMindIntoANewFolderNamedByTypingOpensAgainWithATap() throws {
        var rig = try BrowserRig()
        rig.type("Trip plan")
        rig.key("Return")
        #expect(rig.rig.document.root.text == "Trip plan")
        let saved = rig.rig.document.nodeCount
        rig.tap(Workspace.appMenuTitle)
        rig.tap("Save as…")
        #expect(rig.dialog?.kind == .saveAs && rig.browser?.folder == rig.home.path)
        #expect(rig.text(of: .field) == "Untitled.meshpad")
        rig.tap("New folder")
        #expect(rig.text(of: .title) == "New folder in “\((rig.home.path as NSString).lastPathComponent)”")
        #expect(rig.part("Create")?.look == .disabled, "nothing to make until a name is typed")
        rig.type("Trips")
        rig.key("Backspace")
        rig.type("s 2026")
        rig.tap("Create")
        let folder = rig.home.path("Trips 2026")
        #expect(rig.browser?.folder == folder, "the new folder is entered")
        #expect(rig.browser?.newFolder == nil && rig.text(of: .browserNote) == "No maps or folders here")
        #expect(rig.text(of: .field) == "Untitled.meshpad", "the name waits while the folder is made")
        rig.type("trip.mm")
        #expect(rig.text(of: .field) == "trip.mm", "the first letter typed replaces the suggested name")
        rig.tap("Save")
        #expect(rig.dialog == nil)
        #expect(rig.flow.file.path == folder + "/trip.mm" && rig.flow.file.format == .freeMind)
        #expect(try MapFile.read(folder + "/trip.mm").format == .freeMind)

        // A change not to keep, then the map opened again from its folder.
        rig.key("Tab")
        rig.type("packing list")
        rig.key("Return")
        #expect(rig.rig.document.nodeCount == saved + 1)
        rig.tap(Workspace.appMenuTitle)
        rig.tap("Open…")
        #expect(rig.browser?.folder == folder, "Open starts where the map is")
        #expect(!rig.rig.workspace.wantsTextInput, "no keyboard over the list for a finger")
        #expect(rig.part("Open")?.look == .disabled)
        rig.tap("trip.mm")
        rig.tap("Don't save")
        #expect(rig.dialog == nil)
        #expect(rig.rig.document.nodeCount == saved)
        #expect(rig.rig.document.root.text == "Trip plan")
    }

    @Test func aNewFolderIsNamedOnTheOnScreenKeyboardAndMadeWithATap() throws {
        var rig = try BrowserRig()
        rig.tap(Workspace.appMenuTitle)
        rig.tap("Save as…")
        rig.tap("New folder")
        #expect(rig.rig.workspace.panels.keyboard != nil, "a name to type: the keyboard is up")
        for key in ["⇧", "T", "r", "i", "p"] { rig.tap(key) }
        #expect(rig.text(of: .field) == "Trip")
        rig.tap("Create")
        #expect(rig.browser?.folder == rig.home.path("Trip"), "the new folder is made and entered")
    }

    @Test func theDumpListsOnlyWhatAFingerCanTapNow() throws {
        var rig = try BrowserRig()
        var labels = StateDump(rig.rig.workspace).controls.map(\.label)
        #expect(labels.contains("+ New") && labels.contains(Workspace.appMenuTitle))
        rig.tap(Workspace.appMenuTitle)
        rig.tap("Save as…")
        labels = StateDump(rig.rig.workspace).controls.map(\.label)
        #expect(labels.contains("Save") && labels.contains("New folder") && labels.contains("q"), "the dialog and its keyboard")
        #expect(!labels.contains("+ New") && !labels.contains(Workspace.appMenuTitle), "not what the dialog takes taps from: \(labels)")
        rig.tap("Cancel")
        // Editing from a touch: the keyboard covers the toolbar along the bottom.
        rig.rig.doubleTap(rig.rig.screen(of: rig.rig.document.rootID))
        #expect(rig.rig.workspace.panels.keyboard != nil)
        rig.rig.time += 1
        rig.rig.workspace.step(bySeconds: 1)
        labels = StateDump(rig.rig.workspace).controls.map(\.label)
        #expect(labels.contains("q") && !labels.contains("+ New"), "\(labels)")
    }

    @Test func aNewFolderThatCannotBeMadeSaysWhyAndTheNameCanBeChanged() throws {
        let home = try ScratchFolder()
        try home.folder("maps")
        var rig = try BrowserRig(home: home)
        rig.key("S", [.ctrl, .shift])
        rig.tap("New folder")
        rig.type("maps")
        rig.key("Return")
        #expect(rig.text(of: .message) == "Cannot make “maps”: it is already there")
        #expect(rig.browser?.newFolder != nil, "the prompt stays to try another name")
        rig.key("Backspace", .ctrl)
        rig.type(String(repeating: "x", count: 300))
        rig.tap("Create")
        #expect(rig.text(of: .message)?.hasSuffix("the name is too long") == true)
        rig.tap("Cancel")
        #expect(rig.browser?.newFolder == nil && rig.dialog?.kind == .saveAs, "Cancel goes back to the browser, not out of it")
        #expect(rig.browser?.folder == home.path)
    }

    @Test func savingOverAMapAsksAndNoGoesBackToTheBrowser() throws {
        let home = try ScratchFolder()
        let existing = try home.file("plan.mm", Self.sampleData)
        var rig = try BrowserRig(home: home)
        rig.key("S", [.ctrl, .shift])
        rig.tap("plan.mm")
        #expect(rig.text(of: .field) == "plan.mm", "a file's row gives its name")
        rig.tap("Save")
        #expect(rig.dialog?.kind == .replace(path: existing, with: .map(.freeMind)))
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) == Self.sampleData, "nothing written before the answer")
        rig.tap("Cancel")
        #expect(rig.dialog?.kind == .saveAs && rig.browser?.folder == home.path && rig.text(of: .field) == "plan.mm")
        rig.tap("Save")
        rig.tap("Replace")
        #expect(rig.dialog == nil && rig.flow.file.path == existing)
        #expect(try Data(contentsOf: URL(fileURLWithPath: existing)) != Self.sampleData)
    }

    @Test func exportListsOnlyItsOwnKindAndAddsItsExtension() throws {
        let home = try ScratchFolder()
        try home.file("old.svg")
        try home.file("plan.mm", Self.sampleData)
        var rig = try BrowserRig(home: home)
        rig.rig.workspace.present(Dialog(kind: .export(.svg), title: "Export as SVG", field: home.path("map.svg")))
        #expect(rig.rows == ["old.svg"])
        rig.key("Backspace")
        rig.type("picture")
        rig.key("Return")
        #expect(rig.dialog == nil && FileManager.default.fileExists(atPath: home.path("picture.svg")), "the export's extension is added")
        #expect(rig.rig.workspace.panels.banner?.message == "Exported picture.svg")
    }

    // MARK: - Typing

    @Test func aPathTypedInTheNameFieldIsTakenAsAPath() throws {
        let home = try ScratchFolder()
        try home.folder("sub")
        var rig = try BrowserRig(home: home)
        rig.key("S", [.ctrl, .shift])
        rig.key("Backspace", .ctrl)
        rig.type("sub/deep.opml")
        rig.key("Return")
        #expect(rig.flow.file.path == home.path("sub/deep.opml") && rig.flow.file.format == .opml)
        rig.key("S", [.ctrl, .shift])
        #expect(rig.browser?.folder == home.path("sub"), "the next Save as starts where the map now is")
        rig.type("\(home.path)/top.md")
        rig.key("Return")
        #expect(rig.flow.file.path == home.path("top.md"))
    }

    @Test func aTapInTheFieldKeepsTheNameToAddTo() throws {
        var rig = try BrowserRig()
        rig.key("S", [.ctrl, .shift])
        rig.tap("Untitled.meshpad")
        rig.key("Backspace")
        rig.type("x")
        // The name is edited before its format's extension, which stays (issue 33).
        #expect(rig.text(of: .field) == "Untitlex.meshpad")
    }

    @Test func anEmptyNameSaysWhatToDo() throws {
        var rig = try BrowserRig()
        rig.key("S", [.ctrl, .shift])
        rig.key("Backspace")
        #expect(rig.part("Save")?.look == .disabled)
        rig.tap("Save")
        #expect(rig.dialog?.message == "Type a name first")
        rig.key("Escape")
        #expect(rig.dialog == nil)
    }

    @Test func keysStillTypeAPathToOpen() throws {
        let home = try ScratchFolder()
        try home.file("a.md", MarkdownFormat.encode(.sample()).data)
        var rig = try BrowserRig(home: home)
        rig.key("O", .ctrl)
        #expect(rig.rig.workspace.wantsTextInput, "after a key, typing is on")
        #expect(rig.layout.rect(of: .field) == nil, "no field until something is typed")
        rig.type("a.md")
        #expect(rig.text(of: .field) == "a.md")
        rig.key("Return")
        #expect(rig.flow.file.path == home.path("a.md"))
    }

    // MARK: - Odd folders and names

    @Test func aFolderThatCannotBeReadSaysWhyInTheList() throws {
        let home = try ScratchFolder()
        let gone = home.path("unplugged")
        var rig = try BrowserRig(file: gone + "/plan.mm", home: home)
        rig.key("S", [.ctrl, .shift])
        #expect(rig.text(of: .message) == "Cannot read \(gone): no such folder")
        #expect(rig.rows.isEmpty && rig.part("New folder")?.look == .disabled)
        rig.tap("Home")
        #expect(rig.text(of: .message) == nil)
    }

    /// (A name whose bytes are not text is read by the platform's `LocalFolders`; see its tests.)
    @Test func oddNamesAreShownSafelyAndOpenByTheirRealName() throws {
        let home = try ScratchFolder()
        let twoLines = try home.file("two\nlines.mm", FreeMindFormat.encode(.sample()))
        let long = String(repeating: "n", count: 240) + ".mm"
        try home.file(long, Self.sampleData)
        var rig = try BrowserRig(home: home)
        rig.key("O", .ctrl)
        #expect(rig.rows == [long, "two↵lines.mm"])
        rig.tap("two↵lines.mm")
        #expect(rig.dialog == nil && rig.flow.file.path == twoLines)
        #expect(rig.rig.document.nodeCount == 6)
    }

    // MARK: - Scrolling

    /// A folder of 40 maps, open in the browser.
    static func longList() throws -> BrowserRig {
        let home = try ScratchFolder()
        for number in 1...40 { try home.file("map \(number).mm") }
        var rig = try BrowserRig(home: home)
        rig.key("O", .ctrl)
        return rig
    }

    @Test func aLongListShowsWhereItIsScrolledToAndAShortOneDoesNot() throws {
        var rig = try Self.longList()
        func bar() -> Rect? { rig.layout.rect(of: .browserScrollbar) }
        let list = try #require(rig.layout.rect(of: .browserList))
        let top = try #require(bar())
        #expect(abs(top.minY - list.minY) < 3 && top.height < list.height, "at the top, a part of the list's height")
        rig.drag(by: -300, restSeconds: 0.3)
        let lower = try #require(bar())
        #expect(lower.minY > top.minY + 10 && lower.maxY <= list.maxY, "further down, still inside the list")
        var short = try BrowserRig()
        short.key("O", .ctrl)
        #expect(short.layout.rect(of: .browserScrollbar) == nil)
    }

    @Test func aDragScrollsTheListWithTheFingerAndNotPastItsTop() throws {
        var rig = try Self.longList()
        let first = try #require(rig.part("map 1.mm"))
        rig.drag(by: -100, restSeconds: 0.3)
        #expect(abs((rig.browser?.scroll ?? 0) - 100) < 0.5, "the list follows the finger")
        #expect(abs((try #require(rig.part("map 4.mm"))).rect.minY - (first.rect.minY + 3 * first.rect.height - 100)) < 0.5)
        #expect(rig.browser?.fling == nil, "a finger that rested before lifting leaves the list where it is")
        rig.drag(by: 400, restSeconds: 0.3)
        #expect(rig.browser?.scroll == 0)
        #expect(rig.dialog != nil, "a drag opens nothing")
    }

    @Test func aFlickGlidesOnAfterTheFingerLiftsAndStopsAtTheEnd() throws {
        var rig = try Self.longList()
        rig.drag(by: -120, steps: 4)
        let lifted = try #require(rig.browser?.scroll)
        #expect(rig.browser?.fling != nil && rig.rig.workspace.isAnimating)
        rig.rig.workspace.step(bySeconds: 1.0 / 120)
        #expect(try #require(rig.browser?.scroll) > lifted, "it moves on after the lift")
        rig.rig.settle()
        let browser = try #require(rig.browser)
        let limit = OverlayLayout.browserFrame(try #require(rig.dialog), browser, targetPixels: 48, viewportSize: Vec2(800, 600))
            .scrollLimit(rowCount: 40)
        #expect(browser.scroll > lifted + 50 && browser.scroll <= limit)
        for _ in 0..<5 { rig.drag(by: -300, steps: 3) }
        rig.rig.settle()
        #expect(rig.browser?.scroll == limit, "however hard it is flung, the last row stops at the bottom")
        #expect(rig.rows.last == "map 40.mm")
    }

    @Test func aFingerOnAGlidingListStopsIt() throws {
        var rig = try Self.longList()
        rig.drag(by: -120, steps: 4)
        rig.rig.workspace.step(bySeconds: 1.0 / 120)
        let list = try #require(rig.layout.rect(of: .browserList))
        rig.rig.send(.fingerDown(id: 2, position: list.center), after: 0.01)
        let held = rig.browser?.scroll
        rig.rig.workspace.step(bySeconds: 1.0 / 120)
        #expect(rig.browser?.scroll == held && rig.browser?.fling == nil)
        rig.rig.send(.fingerUp(id: 2, position: list.center), after: 0.3)
        rig.carryOut()
        #expect(rig.dialog?.message == nil && rig.browser?.scroll == held, "a touch that stops a glide is not also a tap on a row")
    }

    @Test(arguments: [44.0, 48.0, 60.0, 90.0])
    func rowsAndButtonsAreAtLeastAFingerTall(target: Double) throws {
        var rig = try Self.longList()
        rig.rig.workspace.measures.targetPixels = target
        rig.rig.workspace.needsRedraw = true
        let layout = rig.layout
        let rows = layout.parts.filter { if case .browserRow = $0.role { return true } else { return false } }
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0.fullRect?.height ?? 0) >= target })
        let buttons = layout.parts[try #require(layout.layers.last)].filter { $0.role.kind == "button" }
        let crumbs = buttons.filter { if case .browserCrumb = $0.role { return true } else { return false } }
        #expect(buttons.count - crumbs.count == 5 && !crumbs.isEmpty && buttons.allSatisfy { $0.rect.height >= target })
        let list = try #require(layout.rect(of: .browserList))
        #expect(rows.allSatisfy { list.minY <= $0.rect.minY && $0.rect.maxY <= list.maxY }, "rows are cut at the list's edges")
    }

    // MARK: - Showing paths

    /// 8 px a character, as the tests' fixed-advance measurer.
    static func width(_ text: String) -> Double { Double(text.count) * 8 }

    @Test(arguments: [
        ("/home/ada/maps", 200.0, "/home/ada/maps"),
        ("/home/ada/maps/2026", 88.0, "…/maps/2026"),
        ("/home/ada/maps/2026", 48.0, "…/2026"),
        ("/a/\(String(repeating: "n", count: 40))", 80.0, "…nnnnnnnnn"),
    ])
    func aLongPathKeepsItsEnd(path: String, width: Double, shown: String) {
        #expect(FileBrowser.fitted(path, width: width, measure: Self.width) == shown)
    }

    @Test(arguments: [
        ("plan.mm", "/maps/plan.mm"),
        ("../x.md", "/x.md"),
        ("sub/deep.opml", "/maps/sub/deep.opml"),
        ("/tmp/a.mm", "/tmp/a.mm"),
    ])
    func aTypedNameIsInTheFolderShownAndAnythingWithASlashIsAPath(typed: String, path: String) {
        let browser = FileBrowser(purpose: .saveAs, folder: "/maps")
        #expect(browser.path(forTyped: typed) == path)
    }
}

/// Open → Shared: the maps of the database the app knows, listed and opened by a tap.
@Suite struct SharedMapBrowserTests {
    @Test func theOpenDialogListsTheDatabasesMapsAndATapOpensOne() throws {
        var rig = try BrowserRig()
        rig.rig.workspace.offersSharedMaps = true
        rig.key("O", .ctrl)
        #expect(rig.labels.contains("Shared"))
        rig.tap("Shared")
        #expect(rig.sharedListings == 1, "the database is asked once the list is shown")
        #expect(rig.text(of: .browserPath) == "Shared maps")
        #expect(rig.text(of: .browserNote) == "Asking the database…")
        rig.rig.workspace.showSharedMaps(.success(["class 4b", "wall"]))
        #expect(rig.rows == ["class 4b", "wall"])
        #expect(rig.layout.parts.contains { $0.role == .browserButton(.parent) && $0.look == .disabled })
        rig.tap("wall")
        #expect(rig.dialog == nil, "one tap opens it, as a map file does")
        #expect(rig.sharedOpenings == ["wall"])
        #expect(rig.sharedListings == 1)
    }

    @Test func aMapWithUnsavedChangesAsksFirstAndTheDatabasesRefusalIsShown() throws {
        var rig = try BrowserRig()
        rig.rig.workspace.offersSharedMaps = true
        rig.rig.key("Tab")
        rig.rig.type("unsaved")
        rig.rig.key("Return")
        rig.key("O", .ctrl)
        rig.tap("Shared")
        rig.rig.workspace.showSharedMaps(.failure(.unreachable(address: "postgresql://school/maps", detail: "connection refused")))
        let message = rig.layout.parts.first { $0.role == .message }?.text ?? ""
        #expect(message.contains("connection refused") && message.contains("school"), "\(message)")
        rig.tap("Recent")
        rig.tap("Shared")
        #expect(rig.sharedListings == 2, "a failed list is asked again")
        rig.rig.workspace.showSharedMaps(.success(["wall"]))
        rig.tap("wall")
        #expect(rig.sharedOpenings.isEmpty, "not before the unsaved changes are dealt with")
        #expect(rig.dialog?.title.hasPrefix("Save changes to") == true)
        rig.tap("Don't save")
        #expect(rig.sharedOpenings == ["wall"])
    }

    @Test func withoutADatabaseThereIsNoSharedButtonAndAKioskCannotOpenOne() throws {
        var rig = try BrowserRig()
        rig.key("O", .ctrl)
        #expect(!rig.labels.contains("Shared"))
        var flow = FileFlow(file: DocumentFile(path: nil, format: .native, savedRevision: 0), sharedName: "wall")
        #expect(flow.title(revision: 5) == "wall (shared) — Meshpad", "a shared map has no unsaved changes of its own")
        #expect(flow.handle(.quit, revision: 5, now: 0).last == .quit, "the database keeps it: quitting asks nothing")
        #expect(Lockdown(kiosk: KioskLock(settings: KioskSettings(), pin: "1234")).permits(.openShared("wall")) == false)
    }
}

/// The browser's rows say how big a file is and when it changed (issue 33).
@Suite struct FileDetailsTests {
    @Test func sizesAndDatesReadAsAPersonSaysThem() {
        #expect(FolderListing.sizeText(812) == "812 B")
        #expect(FolderListing.sizeText(12_400) == "12 KB")
        #expect(FolderListing.sizeText(3_400_000) == "3.4 MB")
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let now = 1_796_486_400.0 // 2026-12-05 16:00 UTC
        #expect(FolderListing.dateText(now - 3_600, now: now, calendar: calendar) == "15:00")
        #expect(FolderListing.dateText(now - 2 * 86_400, now: now, calendar: calendar) == "3 Dec")
        #expect(FolderListing.dateText(now - 400 * 86_400, now: now, calendar: calendar) == "31 Oct 2025")
    }

    @Test func aMapsRowShowsItsSizeAndDate() throws {
        let home = try ScratchFolder()
        _ = try home.file("plan.mm", String(repeating: "x", count: 2_500).data(using: .utf8) ?? Data())
        var rig = try BrowserRig(home: home)
        rig.key("S", [.ctrl, .shift])
        let row = try #require(rig.layout.parts.first { $0.role == .browserRow(0) })
        #expect(row.text == "plan.mm")
        #expect(row.detail.hasPrefix("2.5 KB · "), "\(row.detail)")
    }
}

/// The path bar: each folder above the list is a button (issue 33).
@Suite struct PathBarTests {
    @Test func eachFolderOfThePathIsATapAway() throws {
        let home = try ScratchFolder()
        let deep = home.path("trips/2026/spring")
        try FileManager.default.createDirectory(atPath: deep, withIntermediateDirectories: true)
        var rig = try BrowserRig(file: deep + "/plan.mm", home: home)
        rig.key("S", [.ctrl, .shift])
        #expect(rig.browser?.folder == deep)
        let crumbs = rig.layout.parts.compactMap { part -> String? in if case .browserCrumb = part.role { return part.text }; return nil }
        #expect(crumbs == ["Home", "trips", "2026", "spring"])
        for crumb in rig.layout.parts where { if case .browserCrumb = crumb.role { return true }; return false }() {
            #expect(crumb.rect.height >= 44, "a finger's target")
        }
        rig.tap("trips")
        #expect(rig.browser?.folder == home.path("trips"))
        rig.tap("Home")
        #expect(rig.browser?.folder == home.path)
    }
}
