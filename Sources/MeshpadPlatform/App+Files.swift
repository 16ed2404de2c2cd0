import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// Opening, saving, recovering and quitting: what the app does with files when asked.
extension App {
    /// Restores the recovery an earlier session left, if it is newer than the file. Returns
    /// whether a banner about it is showing.
    func restoreRecoveryIfAny() -> Bool {
        guard let store = options.recovery, let pending = store.pending(for: file.path) else { return false }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: pending.path))
            var recovered = try NativeFormat.decode(data)
            recovered.prepareForDisplay(with: canvas.sizing, layout: canvas.painter.scene.theme.treeLayout)
            workspace.replaceDocument(recovered)
            file.markUnsaved()
            autosave.markWritten(recovered.revision)
            let when = DateFormatter.localizedString(from: pending.modified, dateStyle: .short, timeStyle: .medium)
            workspace.show(Banner(message: "Restored unsaved changes to \(file.displayName) from \(when).",
                                  actions: [.dismiss, .discardRecovery]))
            Log.notice("restored unsaved changes from \(pending.path)")
        } catch {
            let detail = (error as? FormatError)?.description ?? error.localizedDescription
            Log.error("could not restore unsaved changes: \(detail)")
            workspace.show(Banner(message: "Unsaved changes were found but could not be read: \(detail)", isError: true))
        }
        return true
    }

    func save() {
        guard file.path != nil else {
            presentSaveAs(message: nil)
            return
        }
        do {
            let warnings = try file.save(workspace.document, theme: canvas.painter.scene.theme)
            savedCleanly(warnings: warnings)
        } catch {
            reportSaveFailure(error)
        }
    }

    func saveAs(_ path: String) -> Bool {
        let absolute = Self.absolute(path)
        let oldPath = file.path
        do {
            let warnings = try file.save(workspace.document, as: absolute, theme: canvas.painter.scene.theme)
            if let store = options.recovery { store.discard(for: oldPath) }
            rememberRecent(absolute)
            savedCleanly(warnings: warnings)
            return true
        } catch {
            reportSaveFailure(error)
            presentSaveAs(message: error.description)
            return false
        }
    }

    private func savedCleanly(warnings: [String]) {
        options.recovery?.discard(for: file.path)
        autosave.markWritten(workspace.document.revision)
        let note = warnings.isEmpty ? "" : " — " + warnings.joined(separator: "; ")
        workspace.show(Banner(message: "Saved \(file.displayName)\(note)", actions: [.dismiss],
                              expiresAt: warnings.isEmpty ? time + 2 : nil))
        updateTitle()
    }

    private func reportSaveFailure(_ error: FormatError) {
        // The old file is untouched (atomic writes) and the map stays unsaved.
        Log.error("save failed: \(error.description)")
        workspace.show(Banner(message: "Not saved: \(error.description)", isError: true))
        updateTitle()
    }

    func presentSaveAs(message: String?) {
        let suggestion = file.path ?? FileManager.default.currentDirectoryPath + "/Untitled.meshpad"
        workspace.present(Dialog(kind: .saveAs, title: "Save map as (.meshpad, .mm, .opml, .md)", field: suggestion,
                                 recent: recent.paths, message: message))
    }

    func presentOpen(message: String?) {
        let folder = file.path.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
        workspace.present(Dialog(kind: .open, title: "Open a map (.meshpad, .mm, .opml, .md)",
                                 field: folder.hasSuffix("/") ? folder : folder + "/",
                                 recent: recent.paths, message: message))
    }

    func requestQuit() {
        // why: folds in a read-only view are not changes to keep; there is nothing to save.
        if file.isDirty(workspace.document) && !options.readOnly {
            workspace.present(Dialog(kind: .unsavedChanges(then: .quit), title: "Save changes to \(file.displayName) before closing?"))
        } else {
            quitNow()
        }
    }

    private func quitNow() {
        autosaveWriter.waitUntilIdle()
        if !file.isDirty(workspace.document) { options.recovery?.discard(for: file.path) }
        isRunning = false
    }

    /// SIGTERM or SIGINT (a logout, `systemctl stop`, Ctrl+C): ends the loop without a question,
    /// as a crash would but losing nothing. Unsaved changes are written to the recovery file now,
    /// so the next start offers them back; in a kiosk the visitor's map goes to its session file.
    func quitOnSignal(_ signal: Int32) {
        let name = signal == SIGTERM ? "SIGTERM" : signal == SIGINT ? "SIGINT" : "signal \(signal)"
        autosaveWriter.waitUntilIdle()
        let failedAutosave = autosaveWriter.takeError()
        var outcome: String
        if let state = kioskState {
            keepVisitorsWork()
            outcome = state.atStart ? "no visitor's map to keep" : "the visitor's map is kept in its session file"
            if let failure = autosaveWriter.takeError() { outcome = "the visitor's map could not be kept: \(failure)" }
        } else if options.readOnly || !file.isDirty(workspace.document) {
            options.recovery?.discard(for: file.path)
            outcome = "nothing unsaved"
        } else if let store = options.recovery {
            outcome = "unsaved changes kept in \(store.recoveryPath(for: autosaveKey))"
            // why: the last autosave may be up to half a second old, or may have failed.
            if failedAutosave != nil || autosave.writtenRevision != workspace.document.revision {
                do throws(FormatError) {
                    try store.save(workspace.document, for: autosaveKey)
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

    func dialogChose(_ kind: Dialog.Kind, _ action: Dialog.Action, field: String) {
        switch (kind, action) {
        case (_, .cancel):
            pendingFollowUp = nil
        case (.open, _):
            if file.isDirty(workspace.document) {
                workspace.present(Dialog(kind: .unsavedChanges(then: .open(path: field)),
                                         title: "Save changes to \(file.displayName) before opening another map?"))
            } else {
                open(field)
            }
        case (.saveAs, _):
            if saveAs(field), let followUp = pendingFollowUp {
                pendingFollowUp = nil
                carryOut(followUp)
            }
        case (.unsavedChanges(let followUp), .save):
            if file.path == nil {
                pendingFollowUp = followUp
                presentSaveAs(message: nil)
                return
            }
            save()
            if !file.isDirty(workspace.document) { carryOut(followUp) }
        case (.pin, _):
            break
        case (.unsavedChanges(let followUp), .discard):
            options.recovery?.discard(for: file.path)
            file.markSaved(workspace.document)
            carryOut(followUp)
        default:
            break
        }
    }

    private func carryOut(_ followUp: Dialog.FollowUp) {
        switch followUp {
        case .quit: quitNow()
        case .open(let path): open(path)
        }
    }

    /// Opens a map in place of the current one. A map that fails to open changes nothing.
    func open(_ path: String) {
        let absolute = Self.absolute(path)
        do {
            let loaded = try MapFile.read(absolute)
            var document = loaded.document
            document.prepareForDisplay(with: canvas.sizing, layout: canvas.painter.scene.theme.treeLayout)
            autosaveWriter.waitUntilIdle()
            workspace.replaceDocument(document)
            file = DocumentFile(path: absolute, format: loaded.format, savedRevision: 0)
            file.markSaved(document)
            autosave.markWritten(document.revision)
            rememberRecent(absolute)
            if !restoreRecoveryIfAny() {
                workspace.show(Banner(message: loaded.warnings.isEmpty ? "Opened \(file.displayName)" : loaded.warnings.joined(separator: "; "),
                                      expiresAt: loaded.warnings.isEmpty ? time + 2 : nil))
            }
            updateTitle()
        } catch {
            Log.error(error.description)
            presentOpen(message: error.description)
        }
    }

    func bannerChose(_ action: Banner.Action) {
        defer { launchDocument = nil }
        guard action == .discardRecovery else { return }
        options.recovery?.discard(for: file.path)
        var original = launchDocument ?? Document(rootText: file.displayName)
        if let path = file.path, let loaded = try? MapFile.read(path) {
            original = loaded.document
            original.prepareForDisplay(with: canvas.sizing, layout: canvas.painter.scene.theme.treeLayout)
        }
        workspace.replaceDocument(original)
        file.markSaved(original)
        autosave.markWritten(original.revision)
        updateTitle()
    }

    func rememberRecent(_ path: String) {
        recent.add(path)
        guard let listPath = options.recentFilesPath else { return }
        do {
            try recent.save(to: listPath)
        } catch {
            Log.error("could not remember recent files: \(error.description)")
        }
    }

    static func absolute(_ path: String) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        let full = expanded.hasPrefix("/") ? expanded : FileManager.default.currentDirectoryPath + "/" + expanded
        return (full as NSString).standardizingPath
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
