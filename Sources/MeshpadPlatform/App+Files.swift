import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// Opening, saving, recovering and quitting: the core's `FileFlow` decides; this carries out
/// what it asks for (writes, reads, dialogs, banners) and tells it how that went.
extension App {
    /// The map's file, format and saved state.
    public var file: DocumentFile { fileFlow.file }

    /// Hands a file event to the flow and carries out what it decides.
    func fileEvent(_ event: FileFlow.Event) {
        fileFlow.untitledName = FileFlow.name(forRoot: workspace.document.root.text)
        let effects = fileFlow.handle(event, revision: workspace.document.revision, now: time)
        for effect in effects { carryOut(effect) }
        updateTitle()
        // Pictures' relative paths are read from the folder the map was opened from, which only
        // opening or starting a map changes (not a frame: the cache is emptied when it changes;
        // nor a save elsewhere: what is written there is rebased to its folder instead).
        switch event {
        case .wrote, .writeFailed, .exported, .exportFailed: break
        default: canvas.painter.images.folder = file.path.map { ($0 as NSString).deletingLastPathComponent }
        }
    }

    /// The map as a file at `path` keeps it: with the view, and pictures' paths relative to that
    /// file's folder (see `PicturePaths`).
    func documentForWriting(to path: String?) -> Document {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? canvas.painter.images.folder
        guard let folder else { return workspace.documentForSaving }
        return workspace.documentForSaving.rebasingPictures(from: canvas.painter.images.folder, to: folder)
    }

    private func carryOut(_ effect: FileFlow.Effect) {
        switch effect {
        case .write(let path, let format):
            write(to: path, as: format)
        case .export(let path, let format):
            export(to: path, as: format)
        case .startNewMap:
            startNewMap()
        case .read(let path):
            read(path)
        case .openShared(let name):
            startOpeningShared(name)
        case .ask(let dialog):
            workspace.present(dialog)
        case .tell(let banner):
            if banner.isError { Log.error(banner.message) }
            workspace.show(banner)
        case .restoreRecovery(let path, let otherwise):
            if !restoreRecovery(of: path), let otherwise { workspace.show(otherwise) }
        case .discardRecovery(let path):
            options.recovery?.discard(for: path)
        case .reloadFromDisk:
            reloadFromDisk()
        case .rememberRecent:
            saveRecentFiles()
        case .quit:
            autosaveWriter.waitUntilIdle()
            isRunning = false
        }
    }

    private func write(to path: String, as format: MapFormat) {
        let revision = workspace.document.revision
        if format == .native { keepSmallPictures() }
        do {
            let warnings = try DocumentFile.write(documentForWriting(to: path), to: path, as: format, theme: canvas.painter.scene.theme)
            autosave.markWritten(revision)
            fileEvent(.wrote(path: path, format: format, revision: revision, warnings: warnings))
        } catch {
            // The old file is untouched (writes are atomic) and the map stays unsaved.
            fileEvent(.writeFailed(path: path, reason: error.description))
        }
    }

    private func export(to path: String, as format: ExportFormat) {
        let theme = canvas.painter.scene.theme
        do {
            let warnings: [String]
            if format == .png {
                warnings = try HeadlessRender.writeWholeMap(workspace.document, scale: 1, theme: theme,
                                                        mapFolder: canvas.painter.images.folder, to: path)
            } else {
                warnings = try DocumentFile.write(documentForWriting(to: path), to: path, as: format.format, theme: theme)
            }
            fileEvent(.exported(path: path, warnings: warnings))
        } catch let error as FormatError {
            fileEvent(.exportFailed(path: path, reason: error.description))
        } catch let error as PlatformError {
            fileEvent(.exportFailed(path: path, reason: error.description))
        } catch {
            fileEvent(.exportFailed(path: path, reason: "\(error)"))
        }
    }

    /// Reads in the small picture files the map's nodes show (from the folder its pictures are
    /// read from) for a `.meshpad` save to embed. The map keeps them, so a later save still
    /// carries a picture whose file has gone; the cache gets them too, for a picture it must
    /// decode again after its file has gone. Only on a save a person asks for: autosaves carry
    /// the bytes the map already has and read no pictures.
    private func keepSmallPictures() {
        workspace.keepPictures(PictureEmbedding.look(for: workspace.document, in: canvas.painter.images.folder))
        canvas.painter.images.embedded = workspace.document.embeddedPictures
    }

    /// Node sizing with every picture of `document` loaded from the map's folder, so that a
    /// layout made now leaves room for the pictures' real sizes.
    func sizing(withPicturesOf document: Document, mapPath: String?) -> NodeSizing {
        canvas.painter.images.folder = mapPath.map { ($0 as NSString).deletingLastPathComponent }
        canvas.painter.images.learn(document)
        return canvas.sizing
    }

    /// The map at `path`, measured as it is read, then every picture it shows loaded from its
    /// folder (so a layout leaves room for the pictures' real sizes), then laid out if it has no
    /// positions.
    func readForDisplay(_ path: String) throws(FormatError) -> MapFile.Loaded {
        var loaded = try MapFile.read(path, sizing: canvas.sizing)
        // why: which pictures a map shows is known only once it is read (and the folder changes
        // only for a map that opened); the nodes are measured again only when a picture's size
        // was not known before (most maps have none).
        canvas.painter.images.folder = (path as NSString).deletingLastPathComponent
        if canvas.painter.images.learn(loaded.document) { loaded.document.measureAll(with: canvas.sizing) }
        loaded.document.layOutIfNeeded(canvas.painter.scene.theme.treeLayout)
        return loaded
    }

    /// An empty map, tidy as a mind map, with no file until it is saved.
    private func startNewMap() {
        autosaveWriter.waitUntilIdle()
        var fresh = Document(rootText: "New map")
        fresh.setLayoutMode(.tree)
        fresh.prepareForDisplay(with: canvas.sizing, layout: canvas.painter.scene.theme.treeLayout)
        leaveSharedMap()
        workspace.replaceDocument(fresh)
        autosave.markWritten(fresh.revision)
        launchDocument = nil
        fileEvent(.newMapStarted(revision: fresh.revision))
    }

    /// Opens a map in place of the current one. A map that fails to open changes nothing.
    private func read(_ path: String) {
        do {
            let loaded = try readForDisplay(path)
            let document = loaded.document
            autosaveWriter.waitUntilIdle()
            leaveSharedMap()
            workspace.replaceDocument(document)
            autosave.markWritten(document.revision)
            launchDocument = nil
            fileEvent(.opened(path: path, format: loaded.format, revision: document.revision, warnings: loaded.warnings))
        } catch {
            Log.error(error.description)
            fileEvent(.readFailed(path: path, reason: error.description))
        }
    }

    /// Restores the recovery an earlier session left for the map at `path`, if it is newer than
    /// the file. Returns whether there was one (restored, or unreadable and said so).
    func restoreRecovery(of path: String?) -> Bool {
        guard let store = options.recovery, let pending = store.pending(for: path) else { return false }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: pending.path))
            var recovered = try NativeFormat.decode(data, sizing: canvas.sizing)
            recovered.layOutIfNeeded(canvas.painter.scene.theme.treeLayout)
            // why: the recovery may hold embedded pictures the map's file did not (a first save never made).
            canvas.painter.images.embedded = recovered.embeddedPictures
            workspace.replaceDocument(recovered)
            autosave.markWritten(recovered.revision)
            Log.notice("restored unsaved changes from \(pending.path)")
            fileEvent(.recoveryRestored(when: DateFormatter.localizedString(from: pending.modified, dateStyle: .short, timeStyle: .medium)))
        } catch {
            let detail = (error as? FormatError)?.description ?? error.localizedDescription
            Log.error("could not restore unsaved changes: \(detail)")
            fileEvent(.recoveryUnreadable(reason: detail))
        }
        return true
    }

    /// The banner's Discard: the map as it is on disk (or as it was opened, with no file).
    private func reloadFromDisk() {
        var original = launchDocument ?? Document(rootText: file.displayName)
        if let path = file.path, let loaded = try? readForDisplay(path) {
            original = loaded.document
        }
        launchDocument = nil
        workspace.replaceDocument(original)
        autosave.markWritten(original.revision)
        fileEvent(.reloaded(revision: original.revision))
    }

    func saveRecentFiles() {
        guard let listPath = options.recentFilesPath else { return }
        do {
            try fileFlow.recent.save(to: listPath)
        } catch {
            Log.error("could not remember recent files: \(error.description)")
        }
    }

    /// SIGTERM or SIGINT (a logout, `systemctl stop`, Ctrl+C): ends the loop without a question,
    /// as a crash would but losing nothing. Unsaved changes are written to the recovery file now,
    /// so the next start offers them back; in a kiosk the visitor's map goes to its session file.
    func quitOnSignal(_ signal: Int32) {
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
        keepJournal()
        keepOfflineCopy()
        flushJournal()
        autosaveWriter.waitUntilIdle()
        let failedAutosave = autosaveWriter.takeError()
        var outcome: String
        if let state = kioskState {
            keepVisitorsWork()
            outcome = state.atStart ? "no visitor's map to keep" : "the visitor's map is kept in its session file"
            if let failure = autosaveWriter.takeError() { outcome = "the visitor's map could not be kept: \(failure)" }
        } else if options.readOnly || sharing != nil || !file.isDirty(workspace.document) {
            options.recovery?.discard(for: file.path)
            outcome = "nothing unsaved"
        } else if let store = options.recovery {
            outcome = "unsaved changes kept in \(store.recoveryPath(for: autosaveKey))"
            // why: the last autosave may be up to half a second old, or may have failed.
            if failedAutosave != nil || autosave.writtenRevision != workspace.document.revision {
                do throws(FormatError) {
                    try store.save(documentForWriting(to: file.path), for: autosaveKey)
                } catch {
                    outcome = "unsaved changes could not be kept: \(error.description)"
                }
            }
        } else {
            outcome = "unsaved changes lost (no recovery folder)"
        }
        Log.notice("\(name): \(outcome); quitting")
        isRunning = false
    }
}

/// Writes recovery files off the main thread, one at a time.
///
/// The document is a value, so the copy handed over is a snapshot; encoding a 100k-node map
/// takes long enough that doing it on the loop's thread would drop frames mid-drag.
final class AutosaveWriter: Sendable {
    private let queue = DispatchQueue(label: "meshpad.autosave")
    private let state = Mutex<(busy: Bool, error: String?)>((false, nil))

    /// Starts writing; false (and nothing done) while the previous write is still going.
    func write(_ document: Document, to store: RecoveryStore, for path: String?) -> Bool {
        let started = state.withLock { current -> Bool in
            guard !current.busy else { return false }
            current.busy = true
            return true
        }
        guard started else { return false }
        queue.async { [self] in
            var failure: String?
            do throws(FormatError) {
                try store.save(document, for: path)
            } catch {
                failure = error.description
            }
            state.withLock { current in
                current.busy = false
                if let failure { current.error = failure }
            }
        }
        return true
    }

    func takeError() -> String? {
        state.withLock { current in
            defer { current.error = nil }
            return current.error
        }
    }

    /// Blocks until the write in flight (if any) is on disk.
    func waitUntilIdle() {
        queue.sync {}
    }
}
