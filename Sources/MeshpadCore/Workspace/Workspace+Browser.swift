import Foundation

/// The file browser of the Open, Save as and Export dialogs: attaching it to the dialog, taps
/// on its rows and buttons, drags and flings on its list, the name field, and the new-folder
/// prompt. What is chosen goes to `FileFlow` as a full path, as a typed one did.
extension Workspace {
    /// `dialog` with a browser, if it is an Open, Save as or Export dialog: showing the folder of
    /// the path `FileFlow` suggests, with its file name in the field (Open: an empty field).
    func withBrowser(_ dialog: Dialog) -> Dialog {
        guard dialog.browser == nil, let purpose = FileBrowser.Purpose(dialog.kind) else { return dialog }
        let suggested = dialog.field
        var folder = suggested, name = ""
        if suggested.isEmpty {
            folder = places.home
        } else if !suggested.hasSuffix("/") {
            folder = (suggested as NSString).deletingLastPathComponent
            name = (suggested as NSString).lastPathComponent
        }
        var shown = dialog
        var browser = FileBrowser(purpose: purpose, folder: FileFlow.absolute(folder.isEmpty ? "." : folder),
                                  recent: dialog.recent, places: places)
        if purpose == .open, offersSharedMaps { browser.sharedMaps = .notAsked }
        shown.field = purpose.takesName ? name : ""
        browser.nameIsSuggestion = purpose.takesName && !name.isEmpty
        shown.browser = browser
        return shown
    }

    /// The dialog with the browser's folder path cut to fit above the list, measured in the
    /// label font.
    func fittingBrowserPath(_ dialog: Dialog) -> Dialog {
        guard var browser = dialog.browser, browser.newFolder == nil else { return dialog }
        let frame = OverlayLayout.browserFrame(dialog, browser, targetPixels: measures.targetPixels,
                                   viewportSize: Vec2(measures.viewportSize.x, max(measures.viewportSize.y - keyboardCover, 1)))
        let measurer = measures.sizing.measurer
        browser.shownPath = FileBrowser.fitted(FolderListing.displayName(browser.folder), width: frame.path.width - 8) {
            measurer.width(of: $0[...])
        }
        var fitted = dialog
        fitted.browser = browser
        return fitted
    }

    /// Every event while a browsing dialog is up.
    mutating func handleBrowser(_ event: InputEvent, _ current: Dialog) -> [Request] {
        guard let browser = current.browser else { return [] }
        if browser.newFolder != nil { return handleNewFolderPrompt(event) }
        switch event {
        case .text(let text):
            typeName(text)
            return []
        case .key(let key, let modifiers):
            let frame = browserFrame(current, browser)
            switch key {
            case .backspace: eraseName(all: modifiers.contains(.ctrl))
            case .return, .keypadEnter: return confirmBrowser(current)
            case .escape: return finish(current, .cancel)
            case .up, .down: scrollBrowser(by: (key == .down ? 1 : -1) * frame.rowHeight)
            case .pageUp, .pageDown: scrollBrowser(by: (key == .pageDown ? 1 : -1) * max(frame.rowHeight, frame.list.height - frame.rowHeight))
            default: break
            }
            return []
        case .wheel(let delta, _, _):
            scrollBrowser(by: -delta.y * browserFrame(current, browser).rowHeight * 1.5)
            return []
        default:
            return []
        }
    }

    /// Advances a fling of the browser's list by one fixed step; it stops at either end.
    mutating func stepBrowser(bySeconds dt: Double) {
        guard let dialog = panels.dialog, let browser = dialog.browser, var glide = browser.fling else { return }
        let moved = glide.step(bySeconds: dt)
        let limit = browserFrame(dialog, browser).scrollLimit(rowCount: browser.rowCount)
        changeBrowser { browser in
            browser.fling = glide.isFinished ? nil : glide
            browser.scroll(by: moved.y, limit: limit)
        }
    }

    /// A drag on the list lifted at `fingerVelocity`: fast enough, the list glides on.
    mutating func flingBrowser(fingerVelocity: Double) {
        let settings = input.recognizer.settings
        guard abs(fingerVelocity) >= settings.flickMinimumSpeed else { return }
        // The list moves against the finger's y: a finger flicked up scrolls on down the list.
        let speed = min(max(-fingerVelocity, -settings.flickMaximumSpeed), settings.flickMaximumSpeed)
        changeBrowser { $0.fling = Inertia(velocity: Vec2(0, speed)) }
    }

    mutating func scrollBrowser(by pixels: Double) {
        guard let dialog = panels.dialog, let browser = dialog.browser else { return }
        let limit = browserFrame(dialog, browser).scrollLimit(rowCount: browser.rowCount)
        changeBrowser { $0.scroll(by: pixels, limit: limit) }
    }

    private func browserFrame(_ dialog: Dialog, _ browser: FileBrowser) -> OverlayLayout.BrowserFrame {
        OverlayLayout.browserFrame(dialog, browser, targetPixels: measures.targetPixels,
                                   viewportSize: Vec2(measures.viewportSize.x, max(measures.viewportSize.y - keyboardCover, 1)))
    }

    /// What the database said when asked for its shared maps (names, or why it could not say):
    /// shown if the Open dialog is still up.
    public mutating func showSharedMaps(_ answer: Result<[String], SharedMapError>) {
        guard panels.dialog?.browser?.sharedMaps != nil else { return }
        changeBrowser { browser in
            switch answer {
            case .success(let names): browser.sharedMaps = .listed(names)
            case .failure(let error): browser.sharedMaps = .failed(error.description)
            }
        }
    }

    // MARK: - Taps

    /// A tap on the browser's part: with the new-folder prompt up, only its own buttons act.
    mutating func activateBrowser(_ part: OverlayLayout.Part.Role, _ current: Dialog) -> [Request] {
        guard let browser = current.browser else { return [] }
        if browser.newFolder != nil {
            switch part {
            case .browserButton(.createFolder): createFolder()
            case .browserButton(.cancelNewFolder): changeBrowser { $0.newFolder = nil }
            default: break
            }
            return []
        }
        switch part {
        case .browserFormat(let format):
            chooseFormat(format)
        case .browserCrumb(let path):
            enterFolder(path)
        case .browserButton(.parent):
            if browser.canGoUp && !browser.showsPlace { enterFolder(browser.parentFolder) }
        case .browserButton(.home):
            enterFolder(browser.places.home)
        case .browserButton(.recent):
            changeBrowser { browser in
                browser.showsRecent.toggle()
                browser.showsShared = false
                browser.scroll = 0
                browser.fling = nil
            }
        case .browserButton(.shared):
            let asks = browser.sharedMaps == .notAsked || { if case .failed = browser.sharedMaps { return true }; return false }()
            changeBrowser { browser in
                browser.showsShared.toggle()
                browser.showsRecent = false
                browser.scroll = 0
                browser.fling = nil
                if asks && browser.showsShared { browser.sharedMaps = .asking }
            }
            return asks && !browser.showsShared ? [.listSharedMaps] : []
        case .browserButton(.newFolder):
            guard !browser.showsPlace, browser.problem == nil else { return [] }
            changeBrowser { $0.newFolder = FileBrowser.NewFolderPrompt() }
        case .browserRow(let index):
            return chooseRow(index, current)
        case .field:
            // A tap in the field puts the caret after the name: typing adds to it.
            changeBrowser { $0.nameIsSuggestion = false }
            fieldTapped()
        case .button(.confirm):
            return confirmBrowser(current)
        case .button(let action):
            return finish(current, action)
        default:
            break
        }
        return []
    }

    /// A row tapped: a folder opens; in Open a map opens at once (one tap, as on a phone); in
    /// Save as and Export a file's name goes into the field, to save over it or change it.
    private mutating func chooseRow(_ index: Int, _ current: Dialog) -> [Request] {
        guard let browser = current.browser, index >= 0, index < browser.rowCount else { return [] }
        switch browser.row(index).target {
        case .folder(let path):
            enterFolder(path)
        case .unusable(let reason):
            say(reason)
        case .shared(let name):
            present(nil)
            return [.openShared(name)]
        case .file(let path) where !browser.purpose.takesName:
            return finish(current, .confirm, field: path)
        case .file(let path) where browser.showsRecent:
            // why: Recent in Save as and Export is a way to a map's folder; the name typed is the
            // person's, and a tap there must never put another map's name over it.
            enterFolder((path as NSString).deletingLastPathComponent)
        case .file(let path):
            var name = (path as NSString).lastPathComponent
            if case .export(let format) = browser.purpose, MapFormat(path: name) != format.format {
                // A recent map picked for an export: its name, with the export's extension.
                name = (name as NSString).deletingPathExtension + "." + format.format.rawValue
            }
            changeDialog { dialog, browser in
                dialog.field = name
                browser.nameIsSuggestion = true
            }
        }
        return []
    }

    /// The primary button or Return: the name in the folder shown (or a typed path) goes to the
    /// file flow.
    private mutating func confirmBrowser(_ current: Dialog) -> [Request] {
        guard let browser = current.browser else { return [] }
        let typed = current.field.trimmingCharacters(in: .whitespaces)
        guard !browser.stem(of: typed).trimmingCharacters(in: .whitespaces).isEmpty else {
            say(browser.purpose.takesName ? "Type a name first" : browser.purpose == .image ? "Tap a picture" : "Tap a map to open it")
            return []
        }
        return finish(current, .confirm, field: browser.path(forTyped: typed))
    }

    /// A format chosen by finger: the name's extension becomes the format's (no typing ".mm" on
    /// an on-screen keyboard); an export of another kind lists that kind's files.
    private mutating func chooseFormat(_ format: MapFormat) {
        changeDialog { dialog, browser in
            let name = dialog.field
            dialog.field = browser.stem(of: name) + "." + format.rawValue
            if case .export = browser.purpose, let export = ExportFormat.allCases.first(where: { $0.format == format }) {
                dialog.kind = .export(export)
                dialog.title = "Export as \(export.title)"
                var changed = FileBrowser(purpose: .export(export), folder: browser.folder, recent: browser.recent, places: browser.places)
                changed.nameIsSuggestion = browser.nameIsSuggestion
                changed.showsRecent = browser.showsRecent
                browser = changed
            }
            dialog.message = nil
        }
    }

    private mutating func enterFolder(_ folder: String) {
        changeDialog { dialog, browser in
            browser.enter(folder)
            dialog.message = nil
        }
    }

    /// Shows a sentence at the top of the dialog (it goes at the next move).
    private mutating func say(_ message: String) {
        changeDialog { dialog, _ in dialog.message = message }
    }

    // MARK: - The name field

    private mutating func typeName(_ text: String) {
        let typed = text.filter { $0 != "\n" && $0 != "\r" }
        guard !typed.isEmpty else { return }
        changeDialog { dialog, browser in
            let kept = browser.keptExtension(of: dialog.field)
            let stem = kept.map { String(dialog.field.dropLast($0.count)) } ?? dialog.field
            // Typing an extension of one's own ("plan.opml") takes the place of the kept one.
            let own = typed.contains(".")
            let newStem = (browser.nameIsSuggestion ? "" : stem) + typed
            dialog.field = own ? newStem : newStem + (kept ?? "")
            browser.nameIsSuggestion = false
            dialog.message = nil
        }
    }

    private mutating func eraseName(all: Bool) {
        changeDialog { dialog, browser in
            let kept = browser.keptExtension(of: dialog.field) ?? ""
            var stem = String(dialog.field.dropLast(kept.count))
            // A selected suggestion goes whole, as selected text does; the format stays.
            if all || browser.nameIsSuggestion {
                stem = ""
            } else if !stem.isEmpty {
                stem.removeLast()
            }
            dialog.field = stem + kept
            browser.nameIsSuggestion = false
        }
    }

    // MARK: - New folder

    private mutating func handleNewFolderPrompt(_ event: InputEvent) -> [Request] {
        switch event {
        case .text(let text):
            let typed = text.filter { $0 != "\n" && $0 != "\r" }
            changeBrowser { browser in
                browser.newFolder?.name += typed
                browser.newFolder?.message = nil
            }
        case .key(.backspace, let modifiers):
            changeBrowser { browser in
                guard var prompt = browser.newFolder, !prompt.name.isEmpty else { return }
                if modifiers.contains(.ctrl) { prompt.name = "" } else { prompt.name.removeLast() }
                browser.newFolder = prompt
            }
        case .key(.return, _), .key(.keypadEnter, _):
            createFolder()
        case .key(.escape, _):
            changeBrowser { $0.newFolder = nil }
        default:
            break
        }
        return []
    }

    /// Makes the folder named in the prompt and goes into it, or says in the prompt why not.
    private mutating func createFolder() {
        guard let browser = panels.dialog?.browser, let prompt = browser.newFolder else { return }
        do {
            let made = try FolderListing.makeFolder(named: prompt.name, in: browser.folder, with: browser.places.folders)
            changeBrowser { $0.newFolder = nil }
            enterFolder(made)
        } catch {
            changeBrowser { $0.newFolder?.message = error.description }
        }
    }

    // MARK: - State

    mutating func changeBrowser(_ change: (inout FileBrowser) -> Void) {
        changeDialog { _, browser in change(&browser) }
    }

    private mutating func changeDialog(_ change: (inout Dialog, inout FileBrowser) -> Void) {
        guard var dialog = panels.dialog, var browser = dialog.browser else { return }
        change(&dialog, &browser)
        dialog.browser = browser
        panels.dialog = dialog
        needsRedraw = true
    }
}
