import Testing
@testable import MeshpadCore

/// Opening, saving and quitting as a person meets them, step by step through the state machine:
/// what is asked, what is written or read, and what the banner says.
@Suite struct FileFlowTests {
    static let now = 100.0

    static func flow(path: String? = "/maps/plan.mm", format: MapFormat = .freeMind, saved: UInt64 = 5,
                     readOnly: Bool = false) -> FileFlow {
        FileFlow(file: DocumentFile(path: path, format: format, savedRevision: saved), isReadOnly: readOnly, startFolder: "/home/ada")
    }

    static func dialog(_ effects: [FileFlow.Effect]) -> Dialog? {
        effects.lazy.compactMap { if case .ask(let dialog) = $0 { return dialog } else { return nil } }.first
    }

    static func banner(_ effects: [FileFlow.Effect]) -> Banner? {
        effects.lazy.compactMap { if case .tell(let banner) = $0 { return banner } else { return nil } }.first
    }

    @Test func saveWritesTheMapInItsOwnFormatAndSaysSoBriefly() {
        var flow = Self.flow()
        #expect(flow.handle(.save, revision: 9, now: Self.now) == [.write(path: "/maps/plan.mm", format: .freeMind)])
        #expect(flow.title(revision: 9) == "• plan.mm — Meshpad")
        let effects = flow.handle(.wrote(path: "/maps/plan.mm", format: .freeMind, revision: 9, warnings: []), revision: 9, now: Self.now)
        #expect(effects.contains(.discardRecovery(path: "/maps/plan.mm")), "a saved map needs no recovery file")
        #expect(Self.banner(effects) == Banner(message: "Saved plan.mm", expiresAt: Self.now + FileFlow.noticeSeconds))
        #expect(flow.title(revision: 9) == "plan.mm — Meshpad")
    }

    @Test func whatAFormatCannotHoldIsSaidAndTheBannerStaysLonger() {
        var flow = Self.flow(path: "/maps/plan.md", format: .markdown)
        let effects = flow.handle(.wrote(path: "/maps/plan.md", format: .markdown, revision: 9, warnings: ["2 links cannot be kept in Markdown"]),
                                  revision: 9, now: Self.now)
        #expect(Self.banner(effects)?.message == "Saved plan.md — 2 links cannot be kept in Markdown")
        #expect(Self.banner(effects)?.expiresAt == Self.now + FileFlow.warningSeconds)
    }

    @Test func aMapWithNoFileAsksWhereAndTakesAPathRelativeToTheFolder() throws {
        var flow = Self.flow(path: nil, format: .native)
        let ask = try #require(Self.dialog(flow.handle(.save, revision: 3, now: Self.now)))
        #expect(ask.kind == .saveAs && ask.field == "/home/ada/Untitled.meshpad")
        let write = flow.handle(.dialog(.saveAs, .confirm, field: "~/../ada/maps/trip.mm"), revision: 3, now: Self.now)
        let expected = FileFlow.absolute("~/../ada/maps/trip.mm")
        #expect(write == [.write(path: expected, format: .freeMind)])
        let saved = flow.handle(.wrote(path: expected, format: .freeMind, revision: 3, warnings: []), revision: 3, now: Self.now)
        #expect(saved.contains(.rememberRecent(expected)) && saved.contains(.discardRecovery(path: nil)))
        #expect(flow.file.path == expected && flow.file.format == .freeMind && flow.recent.paths == [expected])
    }

    @Test func aNewMapIsOfferedUnderItsRootsWordsAndTheNextOneInTheFolderLastUsed() throws {
        var flow = Self.flow(path: nil, format: .native)
        flow.untitledName = FileFlow.name(forRoot: "Holiday plans")
        let ask = try #require(Self.dialog(flow.handle(.save, revision: 3, now: Self.now)))
        #expect(ask.field == "/home/ada/Holiday plans.meshpad")
        let export = try #require(Self.dialog(flow.handle(.export(.png), revision: 3, now: Self.now)))
        #expect(export.field == "/home/ada/Holiday plans.png")
        _ = flow.handle(.wrote(path: "/home/ada/trips/holiday.mm", format: .freeMind, revision: 3, warnings: []), revision: 3, now: Self.now)
        // A new map afterwards: Save as and Open start where the last one was kept.
        _ = flow.handle(.newMapStarted(revision: 0), revision: 0, now: Self.now)
        flow.untitledName = FileFlow.name(forRoot: "")
        let next = try #require(Self.dialog(flow.handle(.save, revision: 1, now: Self.now)))
        #expect(next.field == "/home/ada/trips/Untitled.meshpad")
        let open = try #require(Self.dialog(flow.handle(.open, revision: 0, now: Self.now)))
        #expect(open.field == "/home/ada/trips/")
    }

    @Test(arguments: [("Holiday plans", "Holiday plans"), ("a/b: c", "a-b: c"), ("\n\n", "Untitled"), (".hidden", "hidden"),
                      ("Line one\nLine two", "Line one"), (String(repeating: "x", count: 90), String(repeating: "x", count: 60)),
                      ("  ", "Untitled")])
    func aRootsWordsMakeAFileName(root: String, name: String) {
        #expect(FileFlow.name(forRoot: root) == name)
    }

    @Test func aNameWithoutAMapsExtensionIsSavedAsAMeshpadMapSoOpenListsIt() {
        var flow = Self.flow()
        #expect(flow.handle(.dialog(.saveAs, .confirm, field: "/maps/trip"), revision: 9, now: Self.now)
                == [.write(path: "/maps/trip.meshpad", format: .native)])
        #expect(flow.handle(.dialog(.saveAs, .confirm, field: "/maps/notes.txt"), revision: 9, now: Self.now)
                == [.write(path: "/maps/notes.txt.meshpad", format: .native)])
    }

    @Test(arguments: [(Dialog.Writing.map(.freeMind), Dialog.Kind.saveAs), (.export(.svg), .export(.svg))])
    func notReplacingAFileGoesBackToChoosingWithItsName(writing: Dialog.Writing, back: Dialog.Kind) throws {
        var flow = Self.flow()
        let ask = try #require(Self.dialog(flow.handle(.dialog(.replace(path: "/maps/old.mm", with: writing), .cancel, field: ""),
                                                      revision: 9, now: Self.now)))
        #expect(ask.kind == back && ask.field == "/maps/old.mm")
    }

    @Test func picturesAreExportsNotMapsToSaveAs() throws {
        var flow = Self.flow()
        let again = try #require(Self.dialog(flow.handle(.dialog(.saveAs, .confirm, field: "/maps/plan.png"), revision: 9, now: Self.now)))
        #expect(again.kind == .saveAs && again.field == "/maps/plan.png")
        #expect(again.message == "SVG, PNG and PDF are exports; save as .meshpad, .mm, .xmind, .opml, .md or .mmd")
    }

    @Test func aFailedSaveSaysWhyAndAFailedSaveAsAsksAgain() throws {
        var flow = Self.flow()
        let failed = flow.handle(.writeFailed(path: "/maps/plan.mm", reason: "the disk is full"), revision: 9, now: Self.now)
        #expect(Self.banner(failed) == Banner(message: "Not saved: the disk is full", isError: true, expiresAt: Self.now + FileFlow.warningSeconds))
        #expect(Self.dialog(failed) == nil)
        #expect(flow.title(revision: 9) == "• plan.mm — Meshpad", "the map stays unsaved")
        let saveAs = flow.handle(.writeFailed(path: "/readonly/x.meshpad", reason: "permission denied"), revision: 9, now: Self.now)
        let again = try #require(Self.dialog(saveAs))
        #expect(again.field == "/readonly/x.meshpad" && again.message == "permission denied")
    }

    @Test func quittingACleanMapQuitsAtOnceAndADirtyOneAsks() throws {
        var clean = Self.flow()
        #expect(clean.handle(.quit, revision: 5, now: Self.now) == [.discardRecovery(path: "/maps/plan.mm"), .quit])
        var dirty = Self.flow()
        let ask = try #require(Self.dialog(dirty.handle(.quit, revision: 6, now: Self.now)))
        #expect(ask.kind == .unsavedChanges(then: .quit) && ask.title == "Save changes to plan.mm before closing?")
        #expect(ask.buttons.map(\.label) == ["Cancel", "Don't save", "Save"])
        #expect(dirty.handle(.dialog(ask.kind, .cancel, field: ""), revision: 6, now: Self.now).isEmpty)
    }

    @Test func savingBeforeQuittingQuitsOnceTheWriteIsDone() {
        var flow = Self.flow()
        #expect(flow.handle(.dialog(.unsavedChanges(then: .quit), .save, field: ""), revision: 6, now: Self.now)
                == [.write(path: "/maps/plan.mm", format: .freeMind)])
        let done = flow.handle(.wrote(path: "/maps/plan.mm", format: .freeMind, revision: 6, warnings: []), revision: 6, now: Self.now)
        #expect(done.last == .quit)
    }

    @Test func aFailedSaveBeforeQuittingDoesNotQuit() {
        var flow = Self.flow()
        _ = flow.handle(.dialog(.unsavedChanges(then: .quit), .save, field: ""), revision: 6, now: Self.now)
        let failed = flow.handle(.writeFailed(path: "/maps/plan.mm", reason: "the disk is full"), revision: 6, now: Self.now)
        #expect(!failed.contains(.quit), "nothing is lost: the app stays open with the map")
    }

    @Test func aNewMapAsksForANameBeforeQuittingThenQuits() throws {
        var flow = Self.flow(path: nil, format: .native, saved: 0)
        let ask = try #require(Self.dialog(flow.handle(.dialog(.unsavedChanges(then: .quit), .save, field: ""), revision: 2, now: Self.now)))
        #expect(ask.kind == .saveAs)
        #expect(flow.handle(.dialog(.saveAs, .confirm, field: "/tmp/new.meshpad"), revision: 2, now: Self.now) == [.write(path: "/tmp/new.meshpad", format: .native)])
        #expect(flow.handle(.wrote(path: "/tmp/new.meshpad", format: .native, revision: 2, warnings: []), revision: 2, now: Self.now).last == .quit)
    }

    @Test func dontSaveGivesTheChangesUpAndCarriesOn() {
        var flow = Self.flow()
        let effects = flow.handle(.dialog(.unsavedChanges(then: .open(path: "/maps/other.mm")), .discard, field: ""), revision: 7, now: Self.now)
        #expect(effects == [.discardRecovery(path: "/maps/plan.mm"), .read(path: "/maps/other.mm")])
    }

    @Test func openingAnotherMapOverUnsavedChangesAsksFirst() throws {
        var flow = Self.flow()
        let ask = try #require(Self.dialog(flow.handle(.dialog(.open, .confirm, field: "/maps/other.mm"), revision: 7, now: Self.now)))
        #expect(ask.kind == .unsavedChanges(then: .open(path: "/maps/other.mm")))
        var clean = Self.flow()
        #expect(clean.handle(.dialog(.open, .confirm, field: "/maps/other.mm"), revision: 5, now: Self.now) == [.read(path: "/maps/other.mm")])
    }

    @Test func anOpenedMapIsRememberedAndAnyRecoveryOfItOffered() {
        var flow = Self.flow()
        let effects = flow.handle(.opened(path: "/maps/other.opml", format: .opml, revision: 40, warnings: []), revision: 40, now: Self.now)
        #expect(effects == [.rememberRecent("/maps/other.opml"),
                            .restoreRecovery(path: "/maps/other.opml",
                                             otherwise: Banner(message: "Opened other.opml", expiresAt: Self.now + FileFlow.noticeSeconds))])
        #expect(flow.title(revision: 40) == "other.opml — Meshpad")
    }

    @Test func aMapThatWouldNotOpenIsSaidInTheOpenDialog() throws {
        var flow = Self.flow()
        let ask = try #require(Self.dialog(flow.handle(.readFailed(path: "/maps/x.mm", reason: "x.mm:3:1: not a map"), revision: 5, now: Self.now)))
        #expect(ask.kind == .open && ask.message == "x.mm:3:1: not a map" && ask.field == "/maps/")
    }

    @Test func restoredChangesAreUnsavedUntilDiscarded() {
        var flow = Self.flow()
        let restored = flow.handle(.recoveryRestored(when: "1/2/26, 10:00"), revision: 5, now: Self.now)
        #expect(Self.banner(restored)?.actions == [.dismiss, .discardRecovery])
        #expect(flow.title(revision: 5) == "• plan.mm — Meshpad", "what was restored is not on disk")
        #expect(flow.handle(.discardRecovery, revision: 5, now: Self.now) == [.discardRecovery(path: "/maps/plan.mm"), .reloadFromDisk])
        _ = flow.handle(.reloaded(revision: 12), revision: 12, now: Self.now)
        #expect(flow.title(revision: 12) == "plan.mm — Meshpad")
    }

    @Test func aReadOnlyMapIsNeverWrittenAndQuitsWithoutAsking() {
        var flow = Self.flow(readOnly: true)
        #expect(flow.handle(.save, revision: 9, now: Self.now).isEmpty)
        #expect(flow.handle(.saveAs, revision: 9, now: Self.now).isEmpty)
        #expect(flow.handle(.quit, revision: 9, now: Self.now).last == .quit)
        #expect(flow.title(revision: 9) == "plan.mm (read-only) — Meshpad")
    }
}
