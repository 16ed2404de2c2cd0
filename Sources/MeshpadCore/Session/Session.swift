import Foundation

/// The app as the core sees it: the workspace (the map, editing and the chrome over it), where
/// the map lives and what opening, saving and quitting do (`FileFlow`), autosave, a kiosk's
/// visitors and a shared map's link. Every decision above the map is made here.
///
/// The platform runs one loop body over it — the window, `replay`, `soak`, the bench and the
/// tests alike: input events and the clock go in (`handle`, `tick`, `step`), `Effect`s come
/// out; the platform carries each out and reports what became of it (`report`), which may
/// answer with more effects. Nothing here touches SDL, libpq, a thread or the window.
///
/// Not `Sendable`, like the workspace it holds (its text measurer is the platform's font).
public struct Session {
    /// What the session was started with: the command line, the config and the kind of run.
    public struct Settings: Sendable {
        /// `--read-only`: view, pan, zoom, fold and search; nothing can be changed or saved.
        public var readOnly = false
        /// `--kiosk`: locked, reset when idle, visitors' maps kept.
        public var kiosk: KioskMode?
        /// Where unsaved work is autosaved and found after a crash; nil: nowhere (tests, replays).
        public var recovery: RecoveryStore?
        /// The recent files are kept on disk (not in tests, replays or kiosks).
        public var keepsRecentFiles = false
        /// The theme and keyboard chosen in the app menu are kept for the next start.
        public var keepsChoices = false
        /// The database whose shared maps the Open dialog lists; nil: no Shared button.
        public var sharedDatabase: DatabaseAddress?
        /// Shared maps opened from the Open dialog keep their unsent changes in `sharedJournals`.
        public var sharedJournals: RecoveryStore?
        /// The name other screens show on this person's ring (the config's `shared.name`).
        public var personName: String?
        /// Everything drawn this many times bigger (`--scale`): the kiosk's demo script's mouse
        /// positions are in window pixels and are divided by it.
        public var uiScale = 1.0
        /// How the file browser reads and makes folders (the platform's `LocalFolders`).
        public var folders: any FolderAccess = NoFolders()

        public init() {}
    }

    /// The map, editing and the chrome. The platform sets what it measures (`needsRedraw`
    /// after a frame, the places a soak may use); everything else changes through `handle`.
    public var workspace: Workspace
    /// Where the map lives, the recent files, and what is to happen once unsaved changes are dealt with.
    public internal(set) var files: FileFlow
    public internal(set) var autosave: AutosaveSchedule
    /// The kiosk's visitor cycle; nil outside a kiosk.
    public internal(set) var kiosk: KioskSession?
    /// The shared map shown, and how its connection is; nil for a map of one's own.
    public internal(set) var sharing: SharingState?
    /// F12's overlay of frame times is shown.
    public internal(set) var isHUDVisible = false
    /// False once the app is to end (quit, the kiosk's PIN, a signal).
    public internal(set) var isRunning = true
    /// The folder pictures with relative paths are read from: the folder of the map as opened
    /// (a Save as elsewhere does not change it; what is written there is rebased instead).
    public internal(set) var pictureFolder: String?
    public let settings: Settings
    /// The map as it was opened, kept only while a restored recovery of a map with no file can
    /// still be discarded (holding it longer would double a big map's memory at its first edit).
    var launchDocument: Document?
    /// The banner to show if the recovery asked for is not there (a map just opened).
    var bannerWithoutRecovery: Banner?
    /// A shared map is being opened from the Open dialog: a second tap waits for it.
    var openingShared = false
    /// What the export being written left out, said with its outcome ("the filter's 3 of 14 nodes").
    var exportFilterNote: String?
    /// The shared map the app was started on, while it cannot be opened.
    var awaitingShared: AwaitedShared?
    /// The clock at the last event or tick (seconds, the loop's).
    var now = 0.0

    /// - Parameters:
    ///   - workspace: the map, measured and laid out, with the measures the platform knows.
    ///   - file: where the map came from; nil for a map with no file.
    public init(workspace: consuming Workspace, file: DocumentFile?, recent: RecentFiles = RecentFiles(), settings: Settings) {
        self.workspace = workspace
        self.settings = settings
        var opened = file ?? DocumentFile(path: nil, format: .native, savedRevision: 0)
        opened.markSaved(self.workspace.document)
        files = FileFlow(file: opened, recent: recent, isReadOnly: settings.readOnly)
        autosave = AutosaveSchedule(writtenRevision: self.workspace.document.revision)
        pictureFolder = opened.path.map { ($0 as NSString).deletingLastPathComponent }
        self.workspace.places.folders = settings.folders
        self.workspace.lockdown.isReadOnly = settings.readOnly
        self.workspace.offersSharedMaps = settings.sharedDatabase != nil && settings.kiosk == nil
        if let kiosk = settings.kiosk {
            self.workspace.lockdown.kiosk = kiosk.lock
            self.kiosk = KioskSession(mode: kiosk, start: self.workspace.document, lastInput: 0, name: KioskSession.name())
        }
    }

    /// What starting asks for: the recent files, unsaved work an earlier session left (a kiosk
    /// starts every visitor on the map as given; a read-only view has none), the import's
    /// warnings, and a shared map's connection.
    /// `unavailableShared`: the shared map the app was to show could not be opened (its name and
    /// why); the window opens all the same and says so, and tries again (`awaitShared`).
    public mutating func start(warnings: [String] = [], sharing: (session: SharedSession, opened: SharedMapOpened)? = nil,
                               unavailableShared: (name: String, reason: String)? = nil, at time: Double) -> [Effect] {
        now = time
        kiosk?.lastInput = time
        var effects: [Effect] = [.pictures(folder: pictureFolder, embedded: workspace.document.embeddedPictures)]
        if let path = files.file.path, FileManager.default.fileExists(atPath: path), kiosk == nil {
            files.remember(path)
            if settings.keepsRecentFiles { effects.append(.keepRecentFiles(files.recent)) }
        }
        let banner = warnings.isEmpty ? nil : Banner(message: warnings.joined(separator: "; "), expiresAt: time + FileFlow.warningSeconds)
        if kiosk == nil, !settings.readOnly, let store = settings.recovery {
            launchDocument = workspace.document
            bannerWithoutRecovery = banner
            effects.append(.restoreRecovery(store, key: files.file.path))
        } else if let banner {
            workspace.show(banner)
        }
        if let sharing {
            files.showShared(sharing.session.name, revision: workspace.document.revision)
            self.sharing = SharingState(session: sharing.session)
            effects += beginSharing(sharing.session, opened: sharing.opened)
        }
        if let unavailable = unavailableShared {
            files.showShared(unavailable.name, revision: workspace.document.revision)
            effects += awaitShared(unavailable.name, reason: unavailable.reason)
        }
        return effects
    }

    // MARK: - The loop

    /// Handles one input event that happened at `time` (seconds, the loop's clock).
    public mutating func handle(_ event: InputEvent, at time: Double) -> [Effect] {
        defer { nameTheMap() }
        now = time
        var effects: [Effect] = []
        if case .windowResized = event {} else { effects += noticeInput(at: time) }
        let requests = workspace.handle(event, at: time)
        return effects + carryOut(requests)
    }

    /// Lets what is timed happen: long presses, banners going, the kiosk's demo and idle
    /// reset, and autosave when due. Call each loop turn.
    public mutating func tick(at time: Double) -> [Effect] {
        defer { nameTheMap() }
        now = time
        let requests = workspace.tick(at: time)
        var effects = carryOut(requests)
        effects += tickKiosk(at: time)
        effects += autosaveIfDue(at: time)
        if let awaited = awaitingShared, let due = awaited.nextAttempt, time >= due, !openingShared {
            awaitingShared?.nextAttempt = nil
            effects += openShared(awaited.name)
        }
        return effects
    }

    /// Carries out `action` on the selection, as its button, key or menu row would.
    public mutating func perform(_ action: Action) -> [Effect] {
        defer { nameTheMap() }
        return carryOut(workspace.perform(action))
    }

    /// The map's name in the chrome, marked while it has unsaved changes: a full-screen tablet
    /// or kiosk shows no window title. Not in a kiosk, whose visitors have no file.
    mutating func nameTheMap() {
        workspace.showMapName(kiosk == nil ? files.shortTitle(revision: workspace.contentRevision) : nil)
    }

    /// Advances tweens, glides and flings by one fixed step.
    public mutating func step(bySeconds dt: Double) {
        workspace.step(bySeconds: dt)
    }

    /// True while something must be drawn: a change not drawn yet, or anything moving.
    public var needsFrame: Bool { workspace.needsRedraw || workspace.isAnimating }

    /// When the loop must wake without events: a long press, a banner to hide, an autosave,
    /// the kiosk's demo or idle reset.
    public var nextDeadline: Double? {
        [workspace.nextDeadline, autosave.deadline, kioskDeadline, awaitingShared?.nextAttempt].compactMap { $0 }.min()
    }

    /// The window's title: the map's name, marked while it has unsaved changes.
    public var title: String { files.title(revision: workspace.contentRevision) }

    /// Text is wanted: the platform turns text input (the input method, a system keyboard) on.
    public var wantsTextInput: Bool { workspace.wantsTextInput }
    /// The window fills the screen: a presentation plays.
    public var wantsFullScreen: Bool { workspace.panels.presenting != nil }

    /// Where typed text goes (window pixels over the UI scale): input methods put their
    /// candidate window beside it.
    public var textInputRect: Rect? { workspace.textInputRect }

    // MARK: - What the platform reports

    /// Takes in what became of an effect (or news from the platform) at `time`.
    public mutating func report(_ outcome: Outcome, at time: Double) -> [Effect] {
        defer { nameTheMap() }
        now = time
        switch outcome {
        case .wrote(let path, let format, let revision, let warnings):
            autosave.markWritten(revision)
            return fileEvent(.wrote(path: path, format: format, revision: revision, warnings: warnings))
        case .writeFailed(let path, let reason):
            return fileEvent(.writeFailed(path: path, reason: reason))
        case .exported(let path, let warnings):
            // A filtered export says so first: the file holds less than the map.
            let note = exportFilterNote.map { [$0] } ?? []
            exportFilterNote = nil
            return fileEvent(.exported(path: path, warnings: note + warnings))
        case .exportFailed(let path, let reason):
            return fileEvent(.exportFailed(path: path, reason: reason))
        case .opened(let loaded, let path):
            var effects = leaveSharedMap()
            effects += replaceMap(with: loaded.document)
            return effects + fileEvent(.opened(path: path, format: loaded.format, revision: workspace.document.revision,
                                               warnings: loaded.warnings))
        case .readFailed(let path, let reason):
            return [.log(reason)] + fileEvent(.readFailed(path: path, reason: reason))
        case .sheets(let path, let titles):
            workspace.askSheet(of: path, titles: titles)
            return []
        case .printers(let printers, let problem):
            workspace.showPrintDialog(printers: printers, problem: problem)
            return []
        case .printed(let printer, let job):
            workspace.show(Banner(message: "Sent to \(printer) (job \(job))", expiresAt: time + FileFlow.noticeSeconds))
            return []
        case .printFailed(let printer, let reason):
            workspace.show(Banner(message: "Not printed on \(printer): \(reason)", isError: true, expiresAt: time + FileFlow.warningSeconds))
            return [.log("print on \(printer): \(reason)")]
        case .recoveryFound(let recovered, let when):
            bannerWithoutRecovery = nil
            if files.file.path != nil { launchDocument = nil }
            workspace.replaceDocument(recovered)
            autosave.markWritten(recovered.revision)
            // why: the recovery may hold copies of pictures the map's file did not (a first save never made).
            return [.pictures(folder: pictureFolder, embedded: recovered.embeddedPictures)]
                + fileEvent(.recoveryRestored(when: when))
        case .recoveryUnreadable(let reason):
            bannerWithoutRecovery = nil
            if files.file.path != nil { launchDocument = nil }
            return [.log("could not restore unsaved changes: \(reason)")] + fileEvent(.recoveryUnreadable(reason: reason))
        case .noRecovery:
            launchDocument = nil
            if let banner = bannerWithoutRecovery { workspace.show(banner) }
            bannerWithoutRecovery = nil
            return []
        case .reloaded(let fromDisk):
            let original = fromDisk ?? launchDocument ?? Document(rootText: files.file.displayName)
            launchDocument = nil
            workspace.replaceDocument(original)
            autosave.markWritten(original.revision)
            return fileEvent(.reloaded(revision: original.revision))
        case .autosaveStarted(let revision):
            autosave.markWritten(revision)
            return []
        case .autosaveFailed(let failure):
            workspace.show(Banner(message: "Autosave failed: \(failure)", isError: true))
            return [.log("autosave failed: \(failure)")]
        case .keepFailed(let failure):
            return [.log("could not keep the map: \(failure)")]
        case .clipboard(let text):
            workspace.paste(text)
            return []
        case .openedExternally(let target, let failure):
            if let failure {
                workspace.show(Banner(message: "Could not open \(target): \(failure)", isError: true, expiresAt: time + FileFlow.warningSeconds))
            } else {
                workspace.show(Banner(message: "Opening \(target)", expiresAt: time + FileFlow.noticeSeconds))
            }
            return []
        case .themeChanged(let theme, let sizing):
            workspace.measures.treeLayout = theme.treeLayout
            workspace.measureAll(with: sizing)
            return []
        case .themeRefused(let name, let reason):
            workspace.show(Banner(message: "The \(name) theme could not be used: \(reason)", isError: true))
            return []
        case .picturesLearned(let sizing):
            workspace.measureAll(with: sizing)
            return []
        case .viewport(let size, let targetPixels):
            workspace.view.keepCentre(resizedFrom: workspace.measures.viewportSize, to: size)
            workspace.measures.viewportSize = size
            workspace.measures.targetPixels = targetPixels
            // A slide framed for the window before it filled the screen is framed again.
            workspace.reframeSlide()
            workspace.needsRedraw = true
            return []
        case .sharedMaps(let answer):
            workspace.showSharedMaps(answer)
            return []
        case .sharedOpened(let name, let result):
            openingShared = false
            switch result {
            case .success(let opened):
                if awaitingShared != nil {
                    awaitingShared = nil
                    workspace.showStatus(nil)
                }
                let journals = journals(forShared: name)
                return showShared(SharedSession(name: name, opened: opened, journals: journals, personName: settings.personName),
                                  opened: opened)
            case .failure(let error):
                if awaitingShared?.name == name { return [.log(error.description)] + awaitShared(name, reason: error.description) }
                return [.log(error.description)] + fileEvent(.sharedOpenFailed(name: name, reason: error.description))
            }
        case .sharedMail(let mail):
            return exchange(mail)
        }
    }

    // MARK: - Requests from the workspace

    /// Turns what the workspace asks of the app into effects (through the file flow where a
    /// file is concerned).
    mutating func carryOut(_ requests: [Workspace.Request]) -> [Effect] {
        var effects: [Effect] = []
        for request in requests {
            switch request {
            case .quit: effects += fileEvent(.quit)
            case .exitKiosk: effects += exitKiosk()
            case .toggleHUD: isHUDVisible.toggle()
            case .setClipboard(let text): effects.append(.setClipboard(text))
            case .readClipboard: effects.append(.readClipboard)
            case .newMap: effects += fileEvent(.newMap)
            case .export(let format): effects += fileEvent(.export(format))
            case .setTheme(let name): effects.append(.setTheme(name))
            case .rememberChoices:
                if settings.keepsChoices {
                    effects.append(.keepChoices(Choices(theme: workspace.measures.themeName, keyboard: workspace.measures.keyboardMode,
                                                        filters: workspace.savedFilters.isEmpty ? nil : workspace.savedFilters)))
                }
            case .openExternally(let link): effects.append(.openExternally(Self.linkTarget(link, mapPath: files.file.path)))
            case .save: effects += fileEvent(.save)
            case .showSaveAs: effects += fileEvent(.saveAs)
            case .showOpen: effects += fileEvent(.open)
            case .dialogAction(let kind, let action, let field): effects += fileEvent(.dialog(kind, action, field: field))
            case .listSharedMaps: if settings.sharedDatabase != nil { effects.append(.listSharedMaps) }
            case .openShared(let name): effects += fileEvent(.openShared(name))
            case .listPrinters: effects.append(.listPrinters)
            case .print(let printer): effects.append(printEffect(to: printer))
            case .openSheet(let path, let sheet): effects.append(.readSheet(path: path, sheet: sheet))
            case .bannerAction(.discardRecovery): effects += fileEvent(.discardRecovery)
            case .bannerAction(.dismiss): launchDocument = nil
            // The workspace ends it itself; nothing for the app to do.
            case .bannerAction(.cancelLink), .bannerAction(.putBack), .bannerAction(.followAgain): break
            }
        }
        return effects
    }

    /// Where a link leads: a URL as it is; a file path relative to the map's folder (FreeMind
    /// writes links to neighbouring files that way), `~` expanded.
    public static func linkTarget(_ link: String, mapPath: String?) -> String {
        if link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return link }
        let folder = mapPath.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
        return FileFlow.absolute(link, in: folder)
    }

    /// Puts `document` (measured and laid out) in place of the map: nothing waits to be
    /// autosaved, and the map as launched is no longer needed.
    mutating func replaceMap(with document: Document) -> [Effect] {
        workspace.replaceDocument(document)
        autosave.markWritten(document.revision)
        launchDocument = nil
        return []
    }
}
