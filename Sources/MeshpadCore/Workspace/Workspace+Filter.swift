/// The filter bar: what a tap on its buttons does, and keeping what the filter shows current
/// with the map. A filter is a way of looking: it changes nothing in the map, and Undo does not
/// see it.
extension Workspace {
    /// The Filter button: opens the bar (closing the style panel, which stands in the same
    /// place), or closes it; the filter stays in force until cleared.
    mutating func toggleFilterBar() {
        commitEditing()
        panels.filter.isOpen.toggle()
        if panels.filter.isOpen { panels.styleOpen = false }
        refreshTagsInUse()
        needsRedraw = true
    }

    /// The map's tags for the filter bar, worked out again only while it is open and the map's
    /// words changed (sorting them by use costs a pass over every node).
    mutating func refreshTagsInUse() {
        guard panels.filter.isOpen, panels.tagsInUseKey != document.contentKey else { return }
        panels.tagsInUse = document.tagsInUse()
        panels.tagsInUseKey = document.contentKey
    }

    /// Shows only nodes that pass `filter`, hiding or dimming the rest (the bench and tests set
    /// a filter as the bar's buttons do).
    public mutating func showFiltered(_ filter: MapFilter, hides: Bool = true) {
        panels.filter.hides = hides
        applyFilter(filter)
    }

    /// Shows only nodes that pass `filter` (and their path to the root); an empty filter shows all.
    mutating func applyFilter(_ filter: MapFilter) {
        panels.filter.filter = filter
        refreshFilter()
        needsRedraw = true
    }

    /// What the filter shows, worked out again when the map or the filter changed.
    mutating func refreshFilter() {
        let focusEnded = refreshFocus()
        let state = panels.filter
        if state.isActive {
            // why: what nodes say, and the tree, decide what passes; a drag works nothing out again.
            if state.resultKey != document.contentKey || state.result?.filter != state.filter {
                panels.filter.result = document.filtered(by: state.filter)
                panels.filter.resultKey = document.contentKey
            }
        } else if state.result != nil {
            panels.filter.result = nil
        }
        // why: a node the filter hides cannot be tapped; a dimmed one can. Nor can one outside a
        // branch in focus.
        input.recognizer.filterShown = shownTogether(filter: state.isActive && state.hides ? panels.filter.result?.shown : nil)
        if input.recognizer.filterShown != nil {
            // Nor stays selected, where a key (Delete) would reach it unseen.
            let kept = selection.nodes.filter { id in document.index(of: id).map(filterKeeps(nodeAt:)) ?? false }
            if kept.count != selection.nodes.count { select(kept) }
        }
        if focusEnded { zoomToFit() }
    }

    /// Whether a node is there to reach (tap, select, step to with the keys): false only for one
    /// a hiding filter or a focus on a branch leaves out.
    func filterKeeps(nodeAt index: Int) -> Bool {
        guard let shown = input.recognizer.filterShown else { return true }
        return index < shown.count && shown[index]
    }

    /// The box round what a hiding filter and a focus show (folds aside), nil without either.
    var filteredBounds: Rect? {
        guard input.recognizer.filterShown != nil else { return nil }
        var box: Rect?
        for (index, node) in document.nodes.enumerated() where filterKeeps(nodeAt: index) && !document.isHidden(nodeAt: index) {
            box = box.map { $0.union(node.frame) } ?? node.frame
        }
        return box
    }

    /// A tap on a button of the bar.
    mutating func chooseFilterOption(_ option: FilterOption) -> [Request] {
        var filter = panels.filter.filter
        let today = self.today
        switch option {
        case .tag(let tag):
            if let at = filter.tags.firstIndex(of: tag) { filter.tags.remove(at: at) } else { filter.tags.append(tag) }
        case .moreTags:
            var dialog = Dialog(kind: .filterTag, title: "Show nodes tagged")
            dialog.choiceRows = tagChoices(typed: "", leaving: Set(filter.tags))
            present(dialog)
            return []
        case .priority(let level): filter.priorityAtMost = level
        case .done(let done): filter.done = done
        case .due(.any): filter.dueBefore = nil
        case .due(.overdue):
            // Overdue: due before today and not done yet (a done task's day has passed, not gone by).
            filter.dueBefore = today.adding(days: -1)
            filter.done = false
        case .due(.today): filter.dueBefore = today
        case .due(.week): filter.dueBefore = today.adding(days: 7)
        case .due(.pick), .pickedDay:
            // The calendar with no nodes is the filter's.
            present(dueDialog([], month: filter.dueBefore ?? today, chosen: filter.dueBefore))
            return []
        case .words:
            present(Dialog(kind: .filterText, title: "Show nodes whose text or note has", field: filter.text))
            return []
        case .hides(let hides):
            panels.filter.hides = hides
            refreshFilter()
            needsRedraw = true
            return []
        case .saved(let name):
            guard let saved = savedFilters.first(where: { $0.name == name }) else { return [] }
            filter = saved.filter
        case .save:
            guard !filter.isEmpty else {
                toast("Choose what to show first, then save it")
                return []
            }
            present(Dialog(kind: .saveFilter, title: "Save this filter as", field: ""))
            return []
        case .clear:
            filter = MapFilter()
        case .forget(let name):
            savedFilters.removeAll { $0.name == name }
            toast("Forgot the saved filter “\(name)”")
            return [.rememberChoices]
        case .note:
            return []
        }
        applyFilter(filter)
        bringFilteredIntoView()
        return []
    }

    /// What a hiding filter shows, brought into view above the bar when some of it is not (the
    /// view moves, never closer than it is): a filter chosen on the bar shows its nodes.
    mutating func bringFilteredIntoView() {
        guard panels.filter.isActive, let box = filteredBounds else { return }
        let camera = view.targetCamera
        let top = camera.screenPoint(ofMap: Vec2(box.minX, box.minY)), end = camera.screenPoint(ofMap: Vec2(box.maxX, box.maxY))
        var free = canvasRect
        if let bar = overlayLayout.rect(of: .filterBar) { free = Rect(x: free.minX, y: free.minY, width: free.width, height: max(bar.minY - free.minY, 1)) }
        let inView = free.contains(top) && free.contains(end)
        if !inView { fly(toFrame: box, maxZoom: camera.zoom) }
    }

    /// The filter dialogs' outcomes: words to look for, a tag typed or picked, a name to save under.
    mutating func finishFilterDialog(_ dialog: Dialog, _ action: Dialog.Action, picked: String? = nil) -> [Request] {
        present(nil)
        guard action == .confirm || picked != nil else { return [] }
        let typed = (picked ?? dialog.field).trimmingCharacters(in: .whitespacesAndNewlines)
        var filter = panels.filter.filter
        switch dialog.kind {
        case .filterText:
            filter.text = typed
        case .filterTag:
            let tag = Tags.clean(typed)
            guard !tag.isEmpty else { return [] }
            guard document.tagsInUse().contains(tag) else {
                toast("No node is tagged “\(tag)”")
                return []
            }
            if !filter.tags.contains(tag) { filter.tags.append(tag) }
        case .saveFilter:
            guard !typed.isEmpty else {
                toast("A saved filter needs a name")
                return []
            }
            savedFilters.removeAll { $0.name == typed }
            savedFilters.insert(SavedFilter(name: typed, filter: filter), at: 0)
            toast("Saved “\(typed)”: it is in the filter bar's Saved row")
            return [.rememberChoices]
        default:
            return []
        }
        applyFilter(filter)
        bringFilteredIntoView()
        return []
    }

    /// The filter's "due by" day from its calendar: Done keeps it, No date lets it go.
    mutating func finishFilterDay(_ dialog: Dialog, _ action: Dialog.Action) {
        guard case .dueDate(_, _, let chosen) = dialog.kind else { return }
        present(nil)
        var filter = panels.filter.filter
        switch action {
        case .confirm: filter.dueBefore = chosen
        case .discard: filter.dueBefore = nil
        case .cancel, .save: return
        }
        applyFilter(filter)
        bringFilteredIntoView()
    }

    /// On a tag's pill: show only the nodes with it.
    mutating func filterByTag(_ tag: String) {
        var filter = panels.filter.filter
        filter.tags = [tag]
        panels.filter.isOpen = true
        panels.styleOpen = false
        refreshTagsInUse()
        applyFilter(filter)
        bringFilteredIntoView()
    }

}
