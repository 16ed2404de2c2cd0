/// What the session asks the platform to do, and what the platform reports back.
///
/// Every effect that does input or output has an `Outcome` the platform reports when it is
/// done (at once, or a later loop turn for work done off the loop), and the session decides
/// what follows. The platform decides nothing: it writes, reads, draws and talks to SDL and
/// the database as told.
extension Session {
    public enum Effect: Sendable {
        // MARK: Files
        /// Write `document` to `path` in `format` (atomically); report `.wrote` or `.writeFailed`.
        case write(Document, path: String, format: MapFormat)
        /// Write a copy of the map to `path`; report `.exported` or `.exportFailed`.
        case export(Document, path: String, format: ExportFormat)
        /// Read the map at `path`, measured, its pictures learned from its folder and laid out if
        /// it has no positions; report `.opened` or `.readFailed`.
        case read(path: String)
        /// Read one sheet (0-based) of a file holding several maps, as `.read` does.
        case readSheet(path: String, sheet: Int)
        /// Draw the map as a PDF at `path`; report `.exported` or `.exportFailed`.
        case exportPDF(Document, path: String, options: PDFOptions)
        /// Ask the system's print service for its printers; report `.printers`.
        case listPrinters
        /// Draw the map as a PDF and hand it to `printer`, titled `title`; report `.printed` or `.printFailed`.
        case print(Document, title: String, printer: String, options: PDFOptions)
        /// Look for a recovery of the map at `key` in `store` newer than the map; report
        /// `.recoveryFound`, `.recoveryUnreadable` or `.noRecovery`.
        case restoreRecovery(RecoveryStore, key: String?)
        case discardRecovery(RecoveryStore, key: String?)
        /// Read the map at `path` again as `.read` does (nil: none); report `.reloaded`.
        case reloadFromDisk(path: String?)
        /// Start writing `document` to `store` off the loop, unless a write is still going;
        /// report `.autosaveStarted` when it started. A failure comes back as `.autosaveFailed`.
        case autosave(Document, RecoveryStore, key: String?)
        /// Write `document` to `store` now, after any autosave in flight (a visitor leaving a
        /// kiosk, a signal); report `.keepFailed` if it could not be written.
        case keepNow(Document, RecoveryStore, key: String?)
        case keepRecentFiles(RecentFiles)
        case keepChoices(Choices)
        /// Pictures with relative paths are read from this folder (the open map's), and a map's
        /// own copies of its pictures are these.
        case pictures(folder: String?, embedded: [String: EmbeddedPicture])

        // MARK: The app
        case quit
        case setClipboard(String)
        /// Read the system clipboard; report `.clipboard`.
        case readClipboard
        /// Open a web address or file in the desktop's program for it; report `.openedExternally`.
        case openExternally(String)
        /// Draw with the theme `name` from now on; report `.themeChanged` or `.themeRefused`.
        case setTheme(String)
        /// A line for the log (standard error).
        case log(String)

        // MARK: Shared maps
        /// Ask the database for its maps off the loop; report `.sharedMaps`.
        case listSharedMaps
        /// Open the shared map `name` off the loop (prepared for display); report `.sharedOpened`.
        case openShared(name: String, journals: SharedJournals?)
        /// Connect this screen to `session`'s map (a channel of its own, started).
        case connect(SharedSession)
        /// Stop the channel of the map shown.
        case disconnect
        case send([SharedOperation])
        case sendPresence(Presence)
        /// Rewrite the journal off the loop with these operations (none: remove it).
        case keepJournal(SharedJournal, [SharedOperation])
        /// Keep this copy of the map for opening it offline, off the loop.
        case keepOfflineCopy(SharedOfflineCopy, SharedJournals)
        /// Wait until the journal's and the offline copy's writes are on disk.
        case flushJournal
        /// Remove journals whose changes this session has taken over (written to its own first).
        case removeJournals([SharedJournal])
    }

    /// What became of an effect, or news from the platform.
    public enum Outcome {
        case wrote(path: String, format: MapFormat, revision: UInt64, warnings: [String])
        case writeFailed(path: String, reason: String)
        case exported(path: String, warnings: [String])
        case exportFailed(path: String, reason: String)
        /// `.read` succeeded: the map, measured and laid out.
        case opened(MapFile.Loaded, path: String)
        case readFailed(path: String, reason: String)
        /// `.read` found a file holding several maps: which one is asked first.
        case sheets(path: String, titles: [String])
        /// `.listPrinters`: the printers, or why there are none to ask (no print service).
        case printers([String], problem: String?)
        /// `.print`: the print service took the job (its id, as `lp` says it).
        case printed(printer: String, job: String)
        case printFailed(printer: String, reason: String)
        /// A recovery newer than the map, decoded and measured, saved at `when` (words).
        case recoveryFound(Document, when: String)
        case recoveryUnreadable(reason: String)
        case noRecovery
        /// `.reloadFromDisk`: the map on disk, or nil when there was none to read.
        case reloaded(Document?)
        case autosaveStarted(revision: UInt64)
        case autosaveFailed(String)
        case keepFailed(String)
        case clipboard(String)
        /// `.openExternally`: started (nil) or why not.
        case openedExternally(target: String, failure: String?)
        /// `.setTheme`: the theme in use now and the sizing of its fonts.
        case themeChanged(Theme, NodeSizing)
        case themeRefused(name: String, reason: String)
        /// A picture's size became known while drawing: nodes are measured again with `sizing`.
        case picturesLearned(NodeSizing)
        /// The window changed size (window pixels over the UI scale) or display.
        case viewport(Vec2, targetPixels: Double)
        case sharedMaps(Result<[String], SharedMapError>)
        /// `.openShared`: the map prepared for display, or why not.
        case sharedOpened(name: String, Result<SharedMapOpened, SharedMapError>)
        /// What the shared map's channel brought since the last turn.
        case sharedMail(SharedMapMail)
    }
}
