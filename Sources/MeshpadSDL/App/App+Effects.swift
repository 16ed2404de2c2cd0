import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// Carrying out what the session decided: files written and read, the clipboard, the theme,
/// the desktop's programs, shared maps. What became of each goes back to the session, whose
/// answer is carried out in turn.
extension App {
    func carry(_ effects: [Session.Effect]) {
        for effect in effects { carry(effect) }
    }

    func report(_ outcome: Session.Outcome) {
        carry(session.report(outcome, at: time))
    }

    private func carry(_ effect: Session.Effect) {
        switch effect {
        case .write(let document, let path, let format):
            let revision = session.workspace.contentRevision
            do {
                let warnings = try DocumentFile.write(document, to: path, as: format, theme: canvas.painter.scene.theme)
                report(.wrote(path: path, format: format, revision: revision, warnings: warnings))
            } catch {
                // The old file is untouched (writes are atomic) and the map stays unsaved.
                report(.writeFailed(path: path, reason: error.description))
            }
        case .export(let document, let path, let format):
            export(document, to: path, as: format)
        case .read(let path):
            read(path, sheet: nil)
        case .readSheet(let path, let sheet):
            read(path, sheet: sheet)
        case .exportPDF(let document, let path, let options):
            exportPDF(document, to: path, options: options)
        case .listPrinters:
            listPrinters()
        case .print(let document, let title, let printer, let options):
            print(document, title: title, printer: printer, options: options)
        case .restoreRecovery(let store, let key):
            restoreRecovery(from: store, key: key)
        case .discardRecovery(let store, let key):
            // why: an autosave still being written would bring the file back.
            autosaveWriter.waitUntilIdle()
            store.discard(for: key)
        case .reloadFromDisk(let path):
            report(.reloaded(path.flatMap { try? readForDisplay($0).document }))
        case .autosave(let document, let store, let key):
            let revision = session.workspace.contentRevision
            if autosaveWriter.write(document, to: store, for: key) { report(.autosaveStarted(revision: revision)) }
        case .keepNow(let document, let store, let key):
            autosaveWriter.waitUntilIdle()
            do throws(FormatError) {
                try store.save(document, for: key)
            } catch {
                report(.keepFailed(error.description))
            }
        case .keepRecentFiles(let recent):
            guard let listPath = options.recentFilesPath else { return }
            do {
                try recent.save(to: listPath)
            } catch {
                Log.error("could not remember recent files: \(error.description)")
            }
        case .keepChoices(let choices):
            guard let path = options.choicesPath else { return }
            do {
                try choices.save(to: path)
            } catch {
                Log.notice("could not keep the choice of theme and keyboard in \(path): \(error.localizedDescription)")
            }
        case .pictures(let folder, let embedded):
            canvas.painter.images.folder = folder
            canvas.painter.images.embedded = embedded
        case .quit:
            autosaveWriter.waitUntilIdle()
        case .setClipboard(let text):
            if SDL_SetClipboardText(text) != 0 {
                Log.error("could not copy to the clipboard: \(PlatformError.sdlMessage)")
            }
        case .readClipboard:
            // why: SDL returns an empty string (never NULL) when there is nothing, and the
            // caller frees what it returns.
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return }
            let text = String(cString: raw)
            SDL_free(raw)
            report(.clipboard(text))
        case .openExternally(let target):
            report(.openedExternally(target: target, failure: Self.open(target)))
        case .setTheme(let name):
            guard let theme = Theme.named(name) else { return }
            do {
                try canvas.setTheme(theme)
                hud.invalidate()
                report(.themeChanged(theme, canvas.sizing))
            } catch {
                report(.themeRefused(name: name, reason: error.description))
            }
        case .log(let line):
            Log.notice(line)
        case .listSharedMaps:
            listSharedMaps()
        case .openShared(let name, let journals):
            startOpeningShared(name, journals: journals)
        case .connect(let shared):
            connect(shared)
        case .disconnect:
            channel?.stop()
            channel = nil
        case .send(let operations):
            channel?.send(operations)
        case .sendPresence(let presence):
            channel?.send(presence)
        case .keepJournal(let journal, let operations):
            journalQueue.async {
                do throws(FormatError) {
                    try journal.write(operations)
                } catch {
                    Log.error("cannot keep unsent changes on disk: \(error.description)")
                }
            }
        case .keepOfflineCopy(let copy, let journals):
            journalQueue.async {
                do throws(FormatError) {
                    try journals.keep(copy)
                } catch {
                    Log.error("cannot keep a copy of the shared map for opening it offline: \(error.description)")
                }
            }
        case .flushJournal:
            journalQueue.sync {}
        case .removeJournals(let journals):
            journals.forEach { $0.remove() }
        }
    }

    private func export(_ document: Document, to path: String, as format: ExportFormat) {
        let theme = canvas.painter.scene.theme
        do {
            let warnings: [String]
            if format == .png {
                warnings = try HeadlessRender.writeWholeMap(document, scale: 1, theme: theme, mapFolder: session.pictureFolder, to: path)
            } else {
                warnings = try DocumentFile.write(document, to: path, as: format.format, theme: theme)
            }
            report(.exported(path: path, warnings: warnings))
        } catch let error as FormatError {
            report(.exportFailed(path: path, reason: error.description))
        } catch let error as PlatformError {
            report(.exportFailed(path: path, reason: error.description))
        } catch {
            report(.exportFailed(path: path, reason: "\(error)"))
        }
    }

    /// Opening a file: a workbook of several maps asks which first; any other is read.
    func read(_ path: String, sheet: Int?) {
        if sheet == nil, MapFormat(path: path) == .xmind || (MapFormat(path: path) == nil && Self.startsAsZip(path)) {
            if let data = try? Data(contentsOf: URL(fileURLWithPath: path)), let titles = try? XMindFormat.sheets(in: data), titles.count > 1 {
                return report(.sheets(path: path, titles: titles))
            }
        }
        do {
            let loaded = try readForDisplay(path, sheet: sheet)
            autosaveWriter.waitUntilIdle()
            report(.opened(loaded, path: path))
        } catch {
            report(.readFailed(path: path, reason: error.description))
        }
    }

    private static func startsAsZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return ZipArchive.looksLikeZip((try? handle.read(upToCount: 4)) ?? Data())
    }

    /// The map at `path`, measured as it is read, then every picture it shows loaded from its
    /// folder (so a layout leaves room for the pictures' real sizes), then laid out if it has no
    /// positions.
    func readForDisplay(_ path: String, sheet: Int? = nil) throws(FormatError) -> MapFile.Loaded {
        var loaded = try MapFile.read(path, sizing: canvas.sizing, sheet: sheet)
        // why: which pictures a map shows is known only once it is read (and the folder changes
        // only for a map that opened); the nodes are measured again only when a picture's size
        // was not known before (most maps have none).
        canvas.painter.images.folder = (path as NSString).deletingLastPathComponent
        if canvas.painter.images.learn(loaded.document) { loaded.document.measureAll(with: canvas.sizing) }
        loaded.document.layOutIfNeeded(canvas.painter.scene.theme.treeLayout)
        return loaded
    }

    /// Node sizing with every picture of `document` loaded, so that a layout made now leaves
    /// room for the pictures' real sizes.
    func sizing(withPicturesOf document: Document, mapFolder: String?) -> NodeSizing {
        canvas.painter.images.folder = mapFolder
        canvas.painter.images.learn(document)
        return canvas.sizing
    }

    /// Looks for unsaved changes an earlier session left for the map at `key`, newer than the map.
    private func restoreRecovery(from store: RecoveryStore, key: String?) {
        guard let pending = store.pending(for: key) else {
            report(.noRecovery)
            return
        }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: pending.path))
            var recovered = try NativeFormat.decode(data, sizing: canvas.sizing)
            recovered.layOutIfNeeded(canvas.painter.scene.theme.treeLayout)
            Log.notice("restored unsaved changes from \(pending.path)")
            report(.recoveryFound(recovered, when: DateFormatter.localizedString(from: pending.modified, dateStyle: .short, timeStyle: .medium)))
        } catch {
            report(.recoveryUnreadable(reason: (error as? FormatError)?.description ?? error.localizedDescription))
        }
    }

    /// Hands `target` to `xdg-open` (one argument, never a shell's words) without waiting for
    /// it; nil when it started, else why not.
    static func open(_ target: String) -> String? {
        guard let opener = findProgram("xdg-open") else { return "xdg-open is not installed (Debian: xdg-utils)" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [target]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    /// A program's path, found on `$PATH` as a shell would.
    nonisolated static func findProgram(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
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
