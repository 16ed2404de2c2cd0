import Foundation

/// The file browser of the Open, Save as and Export dialogs, and its new-folder prompt.
extension OverlayLayout {
    /// Where the browser's pieces go in a window: one computation for the layout and for the
    /// workspace's scroll bounds.
    public struct BrowserFrame: Sendable {
        public var panel: Rect
        public var title: Rect
        public var message: Rect?
        /// The shortcut buttons, in the order of `controls`.
        public var shortcuts: [Rect]
        public var controls: [FileBrowser.Control]
        public var path: Rect
        /// The format chooser's buttons (Save as, Export), in the order of `formats`.
        public var formats: [MapFormat] = []
        public var formatRects: [Rect] = []
        public var list: Rect
        /// The name field: Save as and Export, or Open once a path is typed.
        public var field: Rect?
        /// Cancel, then the primary button.
        public var buttons: [Rect]
        /// A row's height: a touch target, never under a dialog row.
        public var rowHeight: Double

        /// How far a list of `rowCount` rows can scroll: its last row at the list's bottom.
        public func scrollLimit(rowCount: Int) -> Double {
            max(0, Double(rowCount) * rowHeight - list.height)
        }
    }

    /// The browser's frame for `dialog` in a window of `viewportSize`: a panel over most of it.
    public static func browserFrame(_ dialog: Dialog, _ browser: FileBrowser, targetPixels: Double, viewportSize: Vec2) -> BrowserFrame {
        let pad = padding, gap = 8.0
        let row = max(targetPixels, rowHeight)
        let width = max(1, min(960, viewportSize.x - 2 * pad))
        let height = max(1, min(1000, viewportSize.y - 2 * pad))
        let panel = Rect(x: (viewportSize.x - width) / 2, y: (viewportSize.y - height) / 2, width: width, height: height)
        let inner = max(1, width - 2 * pad), left = panel.minX + pad
        var y = panel.minY + pad
        let title = Rect(x: left, y: y, width: inner, height: 36)
        y = title.maxY + 4
        var message: Rect?
        if dialog.message != nil {
            message = Rect(x: left, y: y, width: inner, height: 28)
            y += 28 + 4
        }
        let controls: [FileBrowser.Control] = browser.purpose.takesName ? [.parent, .home, .recent, .newFolder]
            : browser.sharedMaps != nil ? [.parent, .home, .recent, .shared] : [.parent, .home, .recent]
        let shortcutWidth = min(180, (inner - Double(controls.count - 1) * gap) / Double(controls.count))
        let shortcuts = controls.indices.map { Rect(x: left + Double($0) * (shortcutWidth + gap), y: y, width: shortcutWidth, height: row) }
        y += row + gap
        // why: a finger's height, for the path bar's folders are buttons.
        let path = Rect(x: left, y: y, width: inner, height: row)
        y = path.maxY + gap
        let formats = browser.purpose.formats
        var formatRects: [Rect] = []
        if !formats.isEmpty {
            let width = min(200, (inner - Double(formats.count - 1) * gap) / Double(formats.count))
            formatRects = formats.indices.map { Rect(x: left + Double($0) * (width + gap), y: y, width: width, height: row) }
            y += row + gap
        }
        let buttonY = panel.maxY - pad - row
        let buttonWidth = min(160, (inner - gap) / 2)
        let buttons = [Rect(x: panel.maxX - pad - 2 * buttonWidth - gap, y: buttonY, width: buttonWidth, height: row),
                       Rect(x: panel.maxX - pad - buttonWidth, y: buttonY, width: buttonWidth, height: row)]
        var listBottom = buttonY - gap
        var field: Rect?
        if browser.purpose.takesName || !dialog.field.isEmpty {
            field = Rect(x: left, y: buttonY - gap - row, width: inner, height: row)
            listBottom = buttonY - 2 * gap - row
        }
        // At least one row shows, however small the window.
        let list = Rect(x: left, y: y, width: inner, height: max(row, listBottom - y))
        return BrowserFrame(panel: panel, title: title, message: message, shortcuts: shortcuts, controls: controls, path: path,
                            formats: formats, formatRects: formatRects, list: list, field: field, buttons: buttons, rowHeight: row)
    }

    mutating func layoutBrowser(_ dialog: Dialog, _ browser: FileBrowser, targetPixels: Double, viewportSize: Vec2) {
        if let prompt = browser.newFolder {
            layoutNewFolderPrompt(prompt, in: browser, targetPixels: targetPixels, viewportSize: viewportSize)
            return
        }
        let frame = Self.browserFrame(dialog, browser, targetPixels: targetPixels, viewportSize: viewportSize)
        append(Part(role: .panel, rect: frame.panel, text: ""))
        append(Part(role: .title, rect: frame.title, text: dialog.title))
        if let message = dialog.message, let rect = frame.message {
            append(Part(role: .message, rect: rect, text: message))
        }
        let list = frame.list, rowHeight = frame.rowHeight
        append(Part(role: .browserList, rect: list, text: ""))
        // Only the rows in view are laid out; a row half out of view is cut at the list's edge,
        // so it is tapped (and drawn) only where it shows.
        let first = max(0, Int(browser.scroll / rowHeight))
        let last = min(browser.rowCount, Int(((browser.scroll + list.height) / rowHeight).rounded(.up)) + 1)
        for index in first..<max(first, last) {
            let whole = Rect(x: list.minX, y: list.minY + Double(index) * rowHeight - browser.scroll, width: list.width, height: rowHeight)
            let top = max(whole.minY, list.minY), bottom = min(whole.maxY, list.maxY)
            guard bottom - top > 0.5 else { continue }
            let row = browser.row(index)
            var part = Part(role: .browserRow(index), rect: Rect(x: whole.minX, y: top, width: whole.width, height: bottom - top),
                            text: row.text)
            part.fullRect = whole
            part.detail = row.detail
            append(part)
        }
        let content = Double(browser.rowCount) * rowHeight
        if content > list.height + 0.5 {
            // why: a finger-scrolled list shows no scroll bar of its own; this says there is more.
            let thumb = max(24, list.height * list.height / content)
            let travel = (browser.scroll / (content - list.height)).clamped(to: 0...1)
            append(Part(role: .browserScrollbar, rect: Rect(x: list.maxX - 7, y: list.minY + 2 + travel * (list.height - 4 - thumb),
                                                             width: 4, height: thumb), text: ""))
        }
        let note = Rect(x: list.minX, y: list.minY, width: list.width, height: rowHeight)
        if browser.showsShared, case .failed(let problem) = browser.sharedMaps {
            append(Part(role: .message, rect: note, text: problem))
        } else if let problem = browser.problem, !browser.showsPlace {
            append(Part(role: .message, rect: note, text: problem))
        } else if browser.rowCount == 0 {
            append(Part(role: .browserNote, rect: note, text: Self.emptyNote(browser)))
        }
        for (control, rect) in zip(frame.controls, frame.shortcuts) {
            let look: Part.Look
            switch control {
            case .parent: look = browser.canGoUp && !browser.showsPlace ? .plain : .disabled
            case .recent: look = browser.showsRecent ? .on : .plain
            case .shared: look = browser.showsShared ? .on : .plain
            case .newFolder: look = browser.showsPlace || browser.problem != nil ? .disabled : .plain
            default: look = .plain
            }
            append(Part(role: .browserButton(control), rect: rect, text: control.label, look: look))
        }
        let path = browser.showsShared ? "Shared maps" : browser.showsRecent ? "Recent maps"
            : browser.shownPath ?? FolderListing.displayName(browser.folder)
        append(Part(role: .browserPath, rect: frame.path, text: path))
        if !browser.showsPlace { layoutPathBar(browser, in: frame.path) }
        let chosen = browser.purpose.chosenFormat(name: dialog.field)
        for (format, rect) in zip(frame.formats, frame.formatRects) {
            append(Part(role: .browserFormat(format), rect: rect, text: format.chooserLabel, look: format == chosen ? .on : .plain))
        }
        if let field = frame.field {
            // why: a suggested name is shown selected: the first letter typed replaces it all.
            append(Part(role: .field, rect: field, text: FolderListing.displayName(dialog.field), look: browser.nameIsSuggestion ? .on : .plain))
        }
        let empty = browser.stem(of: dialog.field.trimmingCharacters(in: .whitespaces)).trimmingCharacters(in: .whitespaces).isEmpty
        for (button, rect) in zip(dialog.buttons, frame.buttons) {
            let look: Part.Look = button.action == .confirm && empty ? .disabled : .plain
            append(Part(role: .button(button.action), rect: rect, text: button.label, look: look))
        }
    }

    /// The path bar: Home (or `/`), then each folder down to the one shown, each a button;
    /// where they do not all fit, the first ones give way to "…", the folder shown always there.
    mutating func layoutPathBar(_ browser: FileBrowser, in bar: Rect) {
        let home = (browser.places.home as NSString).standardizingPath
        let folder = browser.folder
        var crumbs: [(name: String, path: String)] = []
        var rest: Substring
        if home != "/", folder == home || folder.hasPrefix(home + "/") {
            crumbs.append(("Home", home))
            rest = folder.dropFirst(home.count)
        } else {
            crumbs.append(("/", "/"))
            rest = folder[...]
        }
        var path = crumbs[0].path
        for part in rest.split(separator: "/") {
            path = FolderListing.joined(path, String(part))
            crumbs.append((FolderListing.displayName(String(part)), path))
        }
        let gap = 6.0, separator = 14.0
        func width(_ name: String) -> Double { min(240, Double(name.count) * 8.4 + 24) }
        // From the folder shown back, as many as fit; "…" for the rest, after the first.
        var shown: [(name: String, path: String)] = []
        var used = 0.0
        for crumb in crumbs.reversed() {
            let needed = width(crumb.name) + (shown.isEmpty ? 0 : separator + gap)
            if used + needed > bar.width - (crumb.path == crumbs[0].path ? 0 : width("…") + separator + gap) && !shown.isEmpty { break }
            shown.insert(crumb, at: 0)
            used += needed
        }
        if shown.first?.path != crumbs[0].path { shown.insert(("…", ""), at: 0) }
        var x = bar.minX
        for (i, crumb) in shown.enumerated() {
            if i > 0 {
                append(Part(role: .browserCrumbGap, rect: Rect(x: x, y: bar.minY, width: separator, height: bar.height), text: "›"))
                x += separator + gap
            }
            let w = min(width(crumb.name), max(0, bar.maxX - x))
            let rect = Rect(x: x, y: bar.minY, width: w, height: bar.height)
            if crumb.path.isEmpty {
                append(Part(role: .browserCrumbGap, rect: rect, text: crumb.name))
            } else {
                append(Part(role: .browserCrumb(path: crumb.path), rect: rect, text: crumb.name, look: crumb.path == folder ? .on : .plain))
            }
            x += w + gap
        }
    }

    /// What an empty list says.
    static func emptyNote(_ browser: FileBrowser) -> String {
        if browser.showsShared {
            return browser.sharedMaps == .asking ? "Asking the database…" : "No shared maps yet: share one with meshpad share MAP --db URL"
        }
        if browser.showsRecent { return "No recent maps" }
        switch browser.purpose {
        case .open, .saveAs: return "No maps or folders here"
        case .export(let format): return "No .\(format.format.rawValue) files or folders here"
        case .image: return "No pictures or folders here"
        }
    }

    /// The small panel asking for a new folder's name, over the browser.
    mutating func layoutNewFolderPrompt(_ prompt: FileBrowser.NewFolderPrompt, in browser: FileBrowser, targetPixels: Double,
                                        viewportSize: Vec2) {
        let pad = Self.padding, gap = 8.0
        let row = max(targetPixels, Self.rowHeight)
        let width = max(1, min(560, viewportSize.x - 2 * pad))
        let height = 2 * pad + 36 + gap + row + gap + (prompt.message == nil ? 0 : 28 + gap) + row
        let panel = Rect(x: (viewportSize.x - width) / 2, y: max(pad, (viewportSize.y - height) / 2), width: width, height: height)
        let inner = max(1, width - 2 * pad), left = panel.minX + pad
        append(Part(role: .panel, rect: panel, text: ""))
        let name = browser.folder == "/" ? "/" : (browser.folder as NSString).lastPathComponent
        var y = panel.minY + pad
        append(Part(role: .title, rect: Rect(x: left, y: y, width: inner, height: 36), text: "New folder in “\(FolderListing.displayName(name))”"))
        y += 36 + gap
        append(Part(role: .field, rect: Rect(x: left, y: y, width: inner, height: row), text: FolderListing.displayName(prompt.name)))
        y += row + gap
        if let message = prompt.message {
            append(Part(role: .message, rect: Rect(x: left, y: y, width: inner, height: 28), text: message))
            y += 28 + gap
        }
        let buttonWidth = min(160, (inner - gap) / 2)
        let empty = prompt.name.trimmingCharacters(in: .whitespaces).isEmpty
        append(Part(role: .browserButton(.cancelNewFolder), rect: Rect(x: panel.maxX - pad - 2 * buttonWidth - gap, y: y, width: buttonWidth, height: row),
                    text: FileBrowser.Control.cancelNewFolder.label))
        append(Part(role: .browserButton(.createFolder), rect: Rect(x: panel.maxX - pad - buttonWidth, y: y, width: buttonWidth, height: row),
                    text: FileBrowser.Control.createFolder.label, look: empty ? .disabled : .plain))
    }
}
