import Foundation

/// Finding one's way on the infinite canvas: keyboard navigation, zoom to fit, centring, search.
extension Workspace {
    /// The canvas not covered by the outline panel (or the slide list in its place) or the
    /// on-screen keyboard, in window pixels.
    var canvasRect: Rect {
        let viewport = measures.viewportSize
        let left = panels.outline == nil && panels.slideList == nil ? 0 : OverlayLayout.outlineWidth(viewportSize: viewport)
        return Rect(x: left, y: 0, width: max(viewport.x - left, 1), height: max(viewport.y - keyboardCover, 1))
    }

    /// The map point at the canvas's centre (where New puts a free node).
    var canvasCentreMapPoint: Vec2 { view.targetCamera.mapPoint(ofScreen: canvasRect.center) }

    // MARK: - Camera moves

    /// Frames the whole visible map in the canvas (at most 100 %), animated.
    mutating func zoomToFit() {
        // A filter that hides: what it shows is the map to fit (a few matches in 100,000 nodes
        // would otherwise be slivers).
        if let box = filteredBounds { return fly(toFrame: box, maxZoom: 1) }
        fly(toFrame: document.bounds, maxZoom: 1)
    }

    /// Brings nodes to the canvas's centre at the current zoom, zooming out only if they do not fit.
    mutating func centre(on ids: Set<NodeID>) {
        let frames = ids.compactMap { document.node($0) }.filter { !document.isHidden($0.id) }.map(\.frame)
        guard let first = frames.first else { return }
        let box = frames.dropFirst().reduce(first) { $0.union($1) }
        fly(toFrame: box, maxZoom: view.targetZoom)
    }

    /// The zoom from which a node's text reads comfortably (12 px for the usual 16 px labels).
    public static let readableZoom = 0.75

    /// Brings a node to the canvas's centre where its text can be read: at the current zoom if
    /// that is readable, else at 100 %. Search, the outline and a double tap on a node too small
    /// to read go there; jumping to a hit at a zoom where it cannot be read finds nothing.
    mutating func showReadable(_ id: NodeID) {
        guard let node = document.node(id), !document.isHidden(id) else { return }
        let zoom = view.targetZoom >= Self.readableZoom ? view.targetZoom : 1
        fly(toFrame: node.frame, maxZoom: zoom)
    }

    /// Keeps a node on screen: a flight to it only if it is (partly) outside the canvas.
    mutating func keepInView(_ id: NodeID) {
        guard let node = document.node(id) else { return }
        let visible = view.targetCamera.visibleMapRect(viewportSize: measures.viewportSize)
        let canvas = canvasRect
        let margin = 24 / view.targetCamera.zoom
        let shown = Rect(x: visible.minX + canvas.minX / view.targetCamera.zoom + margin, y: visible.minY + margin,
                         width: canvas.width / view.targetCamera.zoom - 2 * margin,
                         height: canvas.height / view.targetCamera.zoom - 2 * margin - 2 * measures.targetPixels / view.targetCamera.zoom)
        let f = node.frame
        guard f.minX < shown.minX || f.maxX > shown.maxX || f.minY < shown.minY || f.maxY > shown.maxY else { return }
        centre(on: [id])
    }

    mutating func fly(toFrame box: Rect, maxZoom: Double) {
        let canvas = canvasRect
        // The toolbar covers the bottom of the canvas: frame what is above it (above the filter
        // bar, while it is open and leaves room).
        var bottom = canvas.height - measures.targetPixels - 24
        if panels.filter.isOpen, let bar = overlayLayout.rect(of: .filterBar), bar.minY - 8 >= canvas.height * 0.3 { bottom = bar.minY - 8 }
        // The breadcrumb of a focused branch covers the top: frame what is below it.
        let top = breadcrumb == nil ? 0 : overlayLayout.parts.filter { if case .breadcrumb = $0.role { return true } else { return false } }
            .map(\.rect.maxY).max() ?? 0
        let usable = Vec2(canvas.width, max(bottom - top, canvas.height * 0.3))
        var target = Camera(zoomLimits: Self.zoomLimits(for: document, viewportSize: measures.viewportSize, clamp: measures.zoomClamp))
        target.frame(box, viewportSize: usable, maxZoom: maxZoom)
        target.place(mapPoint: box.center, atScreen: Vec2(canvas.minX + usable.x / 2, top + usable.y / 2))
        view.fly(to: target, pivot: canvas.center)
        needsRedraw = true
    }

    // MARK: - Keyboard navigation

    /// Moves the selection to the nearest visible node in the arrow's direction (within 60°
    /// of it, nearer to the axis counting more), and brings it into view.
    mutating func moveSelection(_ arrow: Direction, extending: Bool) {
        guard let from = selection.focus.flatMap({ document.node($0) }), !document.isHidden(from.id) else {
            select([document.rootID])
            return
        }
        let direction = arrow.vector
        var best: (id: NodeID, score: Double)?
        // A group mark or empty summary that is not shown is not a place to go.
        for index in document.nodes.indices where !document.isHidden(nodeAt: index) && !document.nodes[index].isPlaceholder
            && filterKeeps(nodeAt: index) {
            let node = document.nodes[index]
            guard node.id != from.id else { continue }
            let d = node.position - from.position
            let along = d.x * direction.x + d.y * direction.y
            let across = abs(d.x * direction.y - d.y * direction.x)
            guard along > 0, across <= along * 1.8 else { continue }
            let score = along + 2 * across
            if score < (best?.score ?? .infinity) { best = (node.id, score) }
        }
        guard let target = best?.id else { return }
        commitEditing()
        if extending { select(selection.nodes.union([target]), focus: target) } else { select([target]) }
        keepInView(target)
    }

    // MARK: - Search

    mutating func openSearch() {
        commitEditing()
        if panels.search == nil { panels.search = SearchState() }
        refreshPanels()
        needsRedraw = true
    }

    /// Ends the search. Folds it opened to show a hit close again (they were a view); a hit
    /// they hide again gives the selection to the folded branch that holds it.
    mutating func closeSearch() {
        panels.search = nil
        panels.searchIndex = nil
        takeBackReveal()
        needsRedraw = true
    }

    /// Opens the folds that hide `id`, as a view (`History.Purpose.reveal`): the folds opened for
    /// the last hit close first, so stepping through hits leaves no trail of open branches.
    mutating func reveal(forSearch id: NodeID) {
        // why: a shared map has no file to keep clean and its folds are everyone's; a view held
        // open while the log moves on was seen to leave a screen's layout apart from the log's.
        if shared != nil {
            if document.isHidden(id) { unfoldAncestors(of: id) }
            return
        }
        if history.open?.purpose == .reveal, !document.isHidden(id) { return }
        takeBackReveal()
        guard document.isHidden(id) else { return }
        let folded = foldedAncestors(of: id)
        guard !folded.isEmpty else { return }
        begin("unfold", for: .reveal)
        record(.setFolded(ids: folded, from: folded.map { _ in true }, to: folded.map { _ in false }))
        relayoutTree()
    }

    /// Closes the folds a search opened, if they are still only a view.
    mutating func takeBackReveal() {
        guard history.open?.purpose == .reveal else { return }
        let shown = selection.nodes
        let content = contentRevision
        rollback()
        history.takenBack = (document.revision, content)
        let stillShown = shown.filter { !document.isHidden($0) }
        if stillShown.count < shown.count {
            let holders = shown.compactMap { visibleAncestor(of: $0) }
            select(Set(stillShown).union(holders))
            // The view goes to the branch that holds the hit, not the empty place it was shown at.
            if let holder = holders.first { keepInView(holder) }
        }
    }

    /// The nearest ancestor of `id` that is drawn (the folded branch that hides it).
    func visibleAncestor(of id: NodeID) -> NodeID? {
        var current = document.parent(of: id)
        while let ancestor = current, document.isHidden(ancestor) { current = document.parent(of: ancestor) }
        return current
    }

    mutating func typeIntoSearch(_ text: String) {
        guard var state = panels.search else { return }
        state.query += text.filter { !$0.isNewline }
        panels.search = state
        searchChanged()
    }

    /// The query changed: find again and show the first match, as a browser's find does.
    mutating func searchChanged() {
        guard var state = panels.search else { return }
        state.matches = matches(of: state.query)
        state.revision = document.textRevision &+ document.structureRevision
        state.current = nil
        panels.search = state
        stepSearch(by: 1)
        needsRedraw = true
    }

    /// Shows the next (or previous) match: unfolds what hides it, selects it and centres on it.
    mutating func stepSearch(by step: Int) {
        guard var state = panels.search, !state.matches.isEmpty else { return }
        let count = state.matches.count
        let next = state.current.map { (($0 + step) % count + count) % count } ?? (step >= 0 ? 0 : count - 1)
        state.current = next
        panels.search = state
        let id = state.matches[next]
        reveal(forSearch: id)
        select([id])
        showReadable(id)
        if var refreshed = panels.search {
            // Unfolding changed the structure; the matches are the same nodes.
            refreshed.revision = document.textRevision &+ document.structureRevision
            panels.search = refreshed
        }
    }

    /// Nodes whose text holds the query, ignoring case and accents, in outline order (folded
    /// ones too: search opens folds). The folded texts are kept (`SearchIndex`) until the
    /// document's text or structure changes, so each keystroke is one pass of plain `contains`.
    mutating func matches(of query: String) -> [NodeID] {
        let needle = SearchIndex.key(query.trimmingCharacters(in: .whitespaces))
        guard !needle.isEmpty else { return [] }
        let revision = document.textRevision &+ document.structureRevision
        if panels.searchIndex?.revision != revision { panels.searchIndex = SearchIndex(document: document, revision: revision) }
        guard let index = panels.searchIndex else { return [] }
        let pattern = Array(needle.utf8)
        var result: [NodeID] = []
        for (i, key) in index.keys.enumerated() where SearchIndex.bytes(key, contain: pattern) { result.append(index.ids[i]) }
        return result
    }
}

/// Every node's text folded for search (lower case, no accents), in outline order.
struct SearchIndex {
    var revision: UInt64
    var ids: [NodeID]
    var keys: [String]

    init(document: Document, revision: UInt64) {
        self.revision = revision
        let order = document.outlineOrder(includingHidden: true)
        ids = order.map { document.nodes[Int($0.index)].id }
        // A node is found by its text, its note or its attributes' names and values.
        keys = order.map { entry in
            let node = document.nodes[Int(entry.index)]
            guard !node.note.isEmpty || !node.attributes.isEmpty else { return Self.key(node.text) }
            let rows = node.attributes.rows.map { $0.name + " " + $0.value }
            return Self.key(([node.text, node.note] + rows).joined(separator: "\n"))
        }
    }

    /// Whether `text`'s UTF-8 holds `pattern`. Both are folded the same way, so equal bytes are
    /// equal text; a byte scan avoids Foundation's bridged `contains` on every node.
    static func bytes(_ text: String, contain pattern: [UInt8]) -> Bool {
        guard let first = pattern.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            var i = 0
            let last = bytes.count - pattern.count
            while i <= last {
                if bytes[i] == first {
                    var k = 1
                    while k < pattern.count && bytes[i + k] == pattern[k] { k += 1 }
                    if k == pattern.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    static func key(_ text: String) -> String {
        // why: most labels are plain ASCII; lowercasing bytes is far cheaper than Foundation's folding.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }
}

extension Workspace {
    /// A node's link followed: `#ID` (Freeplane's link to a node of the same map, by its ID or
    /// Meshpad's `n12`) selects that node and brings it into view; anything else is opened by
    /// another program, after asking (a link can start anything the desktop knows), and never
    /// from a kiosk, whose visitors must stay in the map.
    mutating func openLink(_ link: String) -> [Request] {
        if link.hasPrefix("#") {
            let wanted = String(link.dropFirst())
            guard let target = document.nodes.first(where: { $0.sourceID == wanted || $0.id.description == wanted }) else {
                toast("The node it points at (\(wanted)) is not in this map")
                return []
            }
            unfoldAncestors(of: target.id)
            select([target.id])
            centre(on: [target.id])
            return []
        }
        guard lockdown.kiosk == nil else {
            toast("Links to outside the map do not open here")
            return []
        }
        present(Dialog(kind: .openLink(link), title: "Open this link in another program?", message: link))
        return []
    }

    /// A node named in a dialog's title: its first line, at most 40 characters.
    static func shortName(of node: Node) -> String {
        String(node.firstLine.prefix(40))
    }

    /// Shows a node's note to read and edit.
    mutating func openNote(_ id: NodeID) {
        guard let node = document.node(id) else { return }
        closeMenu()
        let name = Self.shortName(of: node)
        present(Dialog(kind: .note(id), title: name.isEmpty ? "Note" : "Note on “\(name)”", field: node.note))
    }

    /// Shows the file browser to pick a node's picture: in the folder of the one it has, if any.
    mutating func chooseImage(for id: NodeID) {
        guard let node = document.node(id) else { return }
        closeMenu()
        let name = Self.shortName(of: node)
        // why: the workspace does not know the map's folder; a picture it has names one.
        let folder = node.image.flatMap { $0.hasPrefix("/") ? ($0 as NSString).deletingLastPathComponent + "/" : nil } ?? ""
        present(Dialog(kind: .image(id), title: name.isEmpty ? "Picture" : "Picture for “\(name)”", field: folder))
    }

    /// A node's picture set or (nil) removed, one undo step (nothing if it is unchanged). Another
    /// picture is shown at its own size: a size chosen for the last one does not carry over.
    mutating func setImage(_ image: String?, on id: NodeID) {
        changeDetails(of: id, "image") { details in
            if details.image != image { details.imageScale = nil }
            details.image = image
        }
    }

    /// The note's Done: the new note, one undo step (nothing if it is unchanged).
    mutating func keepNote(_ note: String, on id: NodeID) {
        changeDetails(of: id, "note") { $0.note = note }
    }

    /// A node's details changed as one undo step named `label` (a tree-mode map laid out again
    /// with it when `relayout` says its size changed); nothing if they stay as they were, and a
    /// read-only map says why it refuses.
    mutating func changeDetails(of id: NodeID, _ label: String, relayout: Bool = false, _ change: (inout NodeDetails) -> Void) {
        changeDetails(of: [id], label, relayout: relayout, change)
    }

    /// A note's dialog with its field broken into lines that fit the panel, the caret after the last.
    /// The dialog with its message broken into lines that fit the panel (six at most), so a
    /// long reason (a database's refusal) is read whole, not cut mid-word at the panel's edge.
    func fittingMessage(_ dialog: Dialog) -> Dialog {
        guard let message = dialog.message, dialog.browser == nil else { return dialog }
        let width = min(620, measures.viewportSize.x - 2 * OverlayLayout.padding) - 2 * OverlayLayout.padding - 24
        let lines = LineBreaker(maxWidth: max(40, width)).lines(of: message, measuredBy: measures.sizing.measurer(for: NodeStyle()))
        guard lines.count > 1 else { return dialog }
        var fitted = dialog
        fitted.message = lines.prefix(6).map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
        return fitted
    }

    func fittingNote(_ dialog: Dialog) -> Dialog {
        guard case .note = dialog.kind else { return dialog }
        let width = min(620, measures.viewportSize.x - 2 * OverlayLayout.padding) - 2 * OverlayLayout.padding - 24
        let measurer = measures.sizing.measurer(for: NodeStyle())
        let breaker = LineBreaker(maxWidth: max(40, width))
        var lines: [String] = []
        for paragraph in dialog.field.split(separator: "\n", omittingEmptySubsequences: false) {
            let broken = breaker.lines(of: String(paragraph), measuredBy: measurer)
            lines += broken.isEmpty ? [""] : broken
        }
        if lines.isEmpty { lines = [""] }
        lines[lines.count - 1] += "|"
        var fitted = dialog
        fitted.fieldLines = lines
        return fitted
    }

    /// A link's look (labels, arrowheads, colour, width, dash), as one undo step (nothing if it
    /// is as it was); a read-only map refuses it, saying why.
    mutating func setLink(_ id: EdgeID, to look: LinkLook) {
        guard let before = document.edge(id)?.look, before != look else { return }
        if lockdown.isReadOnly {
            if let refusal = lockdown.refusal { toast(refusal) }
            return
        }
        transact("link", relayout: false) { $0.record(.setLink(edge: id, from: before, to: look)) }
    }
}
