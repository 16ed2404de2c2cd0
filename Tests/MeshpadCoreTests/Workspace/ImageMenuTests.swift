import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's picture, as a finger sets it: Image… in its long-press menu opens the file browser
/// on pictures, a tap on one sets it as one undo step; Remove image takes it away.
@Suite struct ImageMenuTests {
    @Test func imageFromTheMenuPicksAPictureInTheBrowserAsOneUndoStep() throws {
        let home = try ScratchFolder()
        let picture = try home.file("cat.png")
        try home.file("notes.txt")
        try home.file("map.mm")
        try home.folder("trips")
        var browser = try BrowserRig(home: home)
        let food = browser.rig.id("food")
        MenuTests.longPress(&browser.rig, at: browser.rig.screen(of: food))
        #expect(!MenuTests.rows(browser.rig).contains("Remove image"), "nothing to remove yet")
        MenuTests.tapRow(&browser.rig, "Image…")
        #expect(browser.dialog?.kind == .image(food))
        #expect(browser.browser?.purpose == .image)
        #expect(browser.rows.contains("cat.png") && browser.rows.contains { $0.contains("trips") })
        #expect(!browser.rows.contains("notes.txt") && !browser.rows.contains("map.mm"), "\(browser.rows)")
        let sizeBefore = try #require(browser.rig.document.node(food)).size
        browser.tap("cat.png")
        #expect(browser.dialog == nil)
        #expect(browser.rig.document.node(food)?.image == picture)
        #expect((browser.rig.document.node(food)?.size.y ?? 0) > sizeBefore.y, "room for the placeholder")
        browser.rig.key("Z", .ctrl)
        #expect(browser.rig.document.node(food)?.image == nil, "one undo step")
    }

    @Test func cancelLeavesTheNodeAsItWas() throws {
        let home = try ScratchFolder()
        try home.file("cat.png")
        var browser = try BrowserRig(home: home)
        let food = browser.rig.id("food")
        browser.rig.workspace.perform(.chooseImage, on: .node(food))
        browser.tap("Cancel")
        #expect(browser.dialog == nil && browser.rig.document.node(food)?.image == nil)
        #expect(!browser.rig.workspace.history.canUndo)
    }

    @Test func removeImageIsOfferedOnlyForANodeWithOneAndIsOneUndoStep() {
        var rig = EditRig()
        let food = rig.id("food")
        rig.workspace.document.modify(food) { $0.image = "pics/rice.png" }
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Remove image")
        #expect(rig.document.node(food)?.image == nil)
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.image == "pics/rice.png")
    }
}
