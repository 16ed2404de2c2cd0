import Foundation

/// Opening, saving, autosaving and quitting: `FileFlow` decides what to ask and what to write
/// or read; this turns its effects into the session's, with the map to write.
extension Session {
    /// Hands a file event to the flow and turns what it decides into effects.
    mutating func fileEvent(_ event: FileFlow.Event) -> [Effect] {
        files.untitledName = FileFlow.name(forRoot: workspace.document.root.text)
        var effects: [Effect] = []
        for effect in files.handle(event, revision: workspace.contentRevision, now: now) {
            switch effect {
            case .write(let path, let format):
                if format == .native { effects += keepSmallPictures() }
                effects.append(.write(documentForWriting(to: path), path: path, format: format))
            case .export(let path, let format):
                // A picture is drawn from the map as shown, its pictures read from where they are.
                let drawn = format == .png || format == .pdf
                let document = filteredForExport(drawn ? workspace.document : documentForWriting(to: path))
                if format == .pdf {
                    // Drawn off the loop (a big map tiled takes seconds): said at once, replaced by the outcome.
                    workspace.show(Banner(message: "Writing \((path as NSString).lastPathComponent)…", actions: []))
                    effects.append(.exportPDF(document, path: path, options: workspace.panels.pdfOptions))
                } else {
                    effects.append(.export(document, path: path, format: format))
                }
            case .startNewMap:
                effects += startNewMap()
            case .read(let path):
                effects.append(.read(path: path))
            case .openShared(let name):
                effects += openShared(name)
            case .ask(let dialog):
                workspace.present(dialog)
            case .tell(let banner):
                if banner.isError { effects.append(.log(banner.message)) }
                workspace.show(banner)
            case .restoreRecovery(let path, let otherwise):
                if let store = settings.recovery {
                    bannerWithoutRecovery = otherwise
                    effects.append(.restoreRecovery(store, key: path))
                } else if let otherwise {
                    workspace.show(otherwise)
                }
            case .discardRecovery(let path):
                if let store = settings.recovery { effects.append(.discardRecovery(store, key: path)) }
            case .reloadFromDisk:
                effects.append(.reloadFromDisk(path: files.file.path))
            case .rememberRecent:
                if settings.keepsRecentFiles { effects.append(.keepRecentFiles(files.recent)) }
            case .quit:
                isRunning = false
                effects.append(.quit)
            }
        }
        // Pictures' relative paths are read from the folder the map was opened from, which only
        // opening or starting a map changes (not a save elsewhere: what is written there is
        // rebased to its folder instead).
        switch event {
        case .wrote, .writeFailed, .exported, .exportFailed: break
        default:
            let folder = files.file.path.map { ($0 as NSString).deletingLastPathComponent }
            if folder != pictureFolder {
                pictureFolder = folder
                effects.append(.pictures(folder: folder, embedded: workspace.document.embeddedPictures))
            }
        }
        return effects
    }

    /// The map as a file at `path` keeps it: with the view, and pictures' paths relative to that
    /// file's folder (see `PicturePaths`).
    /// What the filter shows is what is exported or printed (as Freeplane exports a filtered
    /// map), and the outcome says so.
    mutating func filteredForExport(_ document: Document) -> Document {
        exportFilterNote = nil
        guard let shown = workspace.sceneExtras.filter, !workspace.panels.filter.filter.isEmpty else { return document }
        var kept = document.keeping(shown)
        kept.measureAll(with: workspace.measures.sizing)
        exportFilterNote = "what the filter shows: \(kept.nodeCount) of \(document.nodeCount) nodes"
        return kept
    }

    public func documentForWriting(to path: String?) -> Document {
        let folder = path.map { ($0 as NSString).deletingLastPathComponent } ?? pictureFolder
        guard let folder else { return workspace.documentForSaving }
        return workspace.documentForSaving.rebasingPictures(from: pictureFolder, to: folder)
    }

    /// Reads in the small picture files the map's nodes show for a `.meshpad` save to carry.
    /// The map keeps them, so a later save still carries a picture whose file has gone; the
    /// picture cache gets them too. Only on a save a person asks for: autosaves carry the
    /// copies the map already has and read no pictures.
    mutating func keepSmallPictures() -> [Effect] {
        workspace.keepPictures(PictureEmbedding.look(for: workspace.document, in: pictureFolder))
        return [.pictures(folder: pictureFolder, embedded: workspace.document.embeddedPictures)]
    }

    /// An empty map, tidy as a mind map, with no file until it is saved.
    mutating func startNewMap() -> [Effect] {
        var fresh = Document(rootText: "New map", layoutMode: .tree)
        fresh.prepareForDisplay(with: workspace.measures.sizing, layout: workspace.measures.treeLayout)
        let effects = leaveSharedMap() + replaceMap(with: fresh)
        return effects + fileEvent(.newMapStarted(revision: fresh.revision))
    }

    /// Every folder the file browser and the file flow lead to is `folder` (a soak's scratch
    /// folder: random taps that reach Home, ‹ Parent, New folder or Save stay inside it).
    public mutating func keepFiles(in folder: String) {
        workspace.places = FilePlaces(home: folder, top: folder, folders: workspace.places.folders)
        files.startFolder = folder
    }

    /// The autosave's key: the visitor's session in a kiosk, else the map's path.
    var autosaveKey: String? { kiosk?.name ?? files.file.path }

    /// Unsaved changes go to the recovery file at most half a second after they are made. Not
    /// the demo's changes (nobody's work), nor a shared map's (its database keeps it, and its
    /// unsent changes are in the session's journal).
    mutating func autosaveIfDue(at time: Double) -> [Effect] {
        guard let store = settings.recovery, sharing == nil, kiosk?.attract == nil,
              autosave.isDue(revision: workspace.contentRevision, at: time) else { return [] }
        return [.autosave(documentForWriting(to: files.file.path), store, key: autosaveKey)]
    }

    /// A SIGTERM or SIGINT (a logout, `systemctl stop`, Ctrl+C), named `signal`: the app ends
    /// without a question, as a crash would, but losing nothing. Unsaved changes go to the
    /// recovery file now, so the next start offers them back; in a kiosk the visitor's map goes
    /// to its session file; a shared map's unsent changes to its journal.
    /// - Parameter autosaveFailed: the last autosave did not reach the disk.
    public mutating func endOnSignal(_ signal: String, autosaveFailed: Bool) -> [Effect] {
        var effects = keepJournal() + keepOfflineCopy() + [.flushJournal]
        let outcome: String
        if let state = kiosk {
            effects += keepVisitorsMap()
            outcome = state.atStart ? "no visitor's map to keep" : "the visitor's map is kept in its session file"
        } else if settings.readOnly || sharing != nil || files.file.revisionIsSaved(workspace.contentRevision) {
            if let store = settings.recovery { effects.append(.discardRecovery(store, key: files.file.path)) }
            outcome = "nothing unsaved"
        } else if let store = settings.recovery {
            outcome = "unsaved changes kept in \(store.recoveryPath(for: autosaveKey))"
            // why: the last autosave may be up to half a second old, or may have failed.
            if autosaveFailed || autosave.writtenRevision != workspace.contentRevision {
                effects.append(.keepNow(documentForWriting(to: files.file.path), store, key: autosaveKey))
            }
        } else {
            outcome = "unsaved changes lost (no recovery folder)"
        }
        isRunning = false
        return effects + [.log("\(signal): \(outcome); quitting"), .quit]
    }
}
