import Foundation

/// Tasks, priorities, due days and tags, by finger and by key: each change one undo step (on a
/// shared map, one operation a node), reached from the node's menu, the style panel, a tap on a
/// task's box or a pill, and the keys in the action table.
extension Workspace {
    /// The nodes an action acts on: the one a menu was opened on, else the selection, in map order.
    func chosenNodes(_ node: NodeID?) -> [NodeID] {
        // A menu opened on one of several selected nodes acts on all of them, as the keys do.
        if let node, !selection.contains(node) { return [node] }
        let selected = document.nodes.lazy.map(\.id).filter { selection.contains($0) }
        return selected.isEmpty ? node.map { [$0] } ?? [] : Array(selected)
    }

    /// The details of `ids` changed together as one undo step named `label` (a tree-mode map laid
    /// out again with it when `relayout` says sizes changed): nothing if none changes; a
    /// read-only map says why it refuses.
    mutating func changeDetails(of ids: [NodeID], _ label: String, relayout: Bool = true, _ change: (inout NodeDetails) -> Void) {
        var changes: [Change] = []
        for id in ids {
            guard let before = document.node(id)?.details else { continue }
            var details = before
            change(&details)
            if details != before { changes.append(.setDetails(node: id, from: before, to: details)) }
        }
        guard !changes.isEmpty else { return }
        if lockdown.isReadOnly {
            if let refusal = lockdown.refusal { toast(refusal) }
            return
        }
        commitEditing()
        transact(label, relayout: relayout) { workspace in
            for change in changes { _ = workspace.record(change) }
        }
    }

    /// Task on or off: plain nodes become open tasks; if every one is a task already, they
    /// become plain nodes again. Task parents above follow (a new open task reopens a done one).
    mutating func toggleTask(_ ids: [NodeID]) {
        guard !ids.isEmpty else { return selectFirstToast() }
        let allTasks = ids.allSatisfy { document.node($0)?.task != nil }
        changeTasks(ids, label: allTasks ? "not a task" : "task") { details in
            if allTasks { details.setTask(nil) } else if !details.icons.contains(where: { TaskState(icon: $0) != nil }) { details.setTask(.open) }
        }
    }

    /// Ticks the tasks done (nodes not yet tasks become tasks, done), or, if every one is done,
    /// unticks them; then parents follow: a task whose task children are all done is ticked,
    /// one with a child not done is unticked, up to the root. One undo step.
    mutating func tickTasks(_ ids: [NodeID]) {
        guard !ids.isEmpty else { return selectFirstToast() }
        let allDone = ids.allSatisfy { document.node($0)?.task == .done }
        setTasks(ids, to: allDone ? .open : .done, label: allDone ? "untick" : "tick")
    }

    /// A tap on a task's box: it flips, and its parents follow.
    mutating func flipTask(_ id: NodeID) {
        guard let state = document.node(id)?.task else { return }
        setTasks([id], to: state == .done ? .open : .done, label: state == .done ? "untick" : "tick")
    }

    /// The style panel's Task row: no task, to do, or done (parents following), one undo step.
    mutating func setTaskState(_ state: TaskState?, of ids: [NodeID]) {
        guard let state else { return changeDetails(of: ids, "not a task") { details in details.setTask(nil) } }
        setTasks(ids, to: state, label: state == .done ? "tick" : "task")
    }

    /// The style panel's task and priority buttons lit for the selected nodes, when all agree.
    var styleChosenForTasks: [StyleOption] {
        let nodes = selection.nodes.compactMap { document.node($0) }
        guard let first = nodes.first else { return [] }
        var chosen: [StyleOption] = []
        if nodes.allSatisfy({ $0.task == first.task }) { chosen.append(.task(first.task)) }
        if nodes.allSatisfy({ $0.priority == first.priority }) { chosen.append(.priority(first.priority)) }
        return chosen
    }

    /// An outline row's words: a task's box, the first line, then its tags (the outline panel's
    /// rows and the outline PDF's). A node without words is "—", so its children stay under it.
    public static func outlineText(of node: Node, firstLine: String) -> String {
        var text = firstLine.isEmpty ? "—" : firstLine
        switch node.task {
        case .open?: text = "☐ " + text
        case .done?: text = "☑ " + text
        case nil: break
        }
        if let priority = node.priority { text = "(\(priority)) " + text }
        if !node.tags.isEmpty { text += "  " + node.tags.map { "#" + $0 }.joined(separator: " ") }
        return text
    }

    private mutating func setTasks(_ ids: [NodeID], to state: TaskState, label: String) {
        changeTasks(ids, label: label) { $0.setTask(state) }
    }

    /// Changes the task boxes of `ids`, then their task ancestors follow, in one undo step.
    private mutating func changeTasks(_ ids: [NodeID], label: String, _ change: (inout NodeDetails) -> Void) {
        if lockdown.isReadOnly {
            if let refusal = lockdown.refusal { toast(refusal) }
            return
        }
        commitEditing()
        begin(label)
        for id in ids {
            guard let before = document.node(id)?.details else { continue }
            var details = before
            change(&details)
            if details != before { _ = record(.setDetails(node: id, from: before, to: details)) }
        }
        rollUpTasks(above: ids)
        commit()
    }

    /// Task ancestors of `ids` (past plain nodes between, up to the root) take the state of the
    /// tasks at the ends of their branches: done when every one is, else open — what their
    /// "3/5" says. A parent's own box never counts for its parents (it is not at an end).
    private mutating func rollUpTasks(above ids: [NodeID]) {
        let progress = document.taskProgress()
        var seen: Set<NodeID> = []
        for id in ids {
            var at = document.parent(of: id)
            while let ancestor = at, seen.insert(ancestor).inserted {
                at = document.parent(of: ancestor)
                guard let node = document.node(ancestor), let state = node.task, let count = progress.counts[ancestor] else { continue }
                let wanted: TaskState = count.done == count.total ? .done : .open
                guard wanted != state else { continue }
                var details = node.details
                details.setTask(wanted)
                _ = record(.setDetails(node: ancestor, from: node.details, to: details))
            }
        }
    }

    mutating func setPriority(_ level: Int?, on ids: [NodeID]) {
        guard !ids.isEmpty else { return selectFirstToast() }
        changeDetails(of: ids, level.map { "priority \($0)" } ?? "no priority") { details in details.setPriority(level) }
    }

    private mutating func selectFirstToast() {
        toast("Select a node first")
    }

    /// Opens the priorities as a menu where the node's menu was.
    mutating func openPriorityMenu(for node: NodeID?, at anchor: Vec2?) {
        let ids = chosenNodes(node)
        guard let first = ids.first else { return selectFirstToast() }
        let current = document.node(first)?.priority
        let rows = (Priority.levels.map { Optional($0) } + [nil]).map { level in
            Menu.Row(item: .action(.priority(level)), title: Action.priority(level).title, isChecked: level == current)
        }
        let at = anchor ?? canvasRect.center
        showMenu(Menu(kind: .context(.node(first)), anchor: at, byFinger: input.lastInputWasTouch, rows: rows, labelWidth: 0))
    }

    // MARK: - Due days

    /// The calendar for `ids`, opened on the month of their due day (else today's).
    mutating func askDueDate(for ids: [NodeID]) {
        guard let first = ids.first else { return selectFirstToast() }
        let chosen = document.node(first)?.due
        present(dueDialog(ids, month: chosen ?? today, chosen: chosen))
    }

    /// Today where this computer is, unless the platform set another (a replay's, a test's).
    public var today: CalendarDay { measures.today ?? CalendarDay.today() }

    /// The calendar dialog: a month's weeks (Monday first), the days of the months around them
    /// quieter, today marked, the chosen day lit. With no nodes it is the filter bar's "due by".
    func dueDialog(_ ids: [NodeID], month: CalendarDay, chosen: CalendarDay?) -> Dialog {
        let name = ids.count == 1 ? document.node(ids[0]).map { Self.shortName(of: $0) } ?? "" : "\(ids.count) nodes"
        let title = ids.isEmpty ? "Show what is due by" : (name.isEmpty ? "Due by" : "“\(name)” is due by")
        var dialog = Dialog(kind: .dueDate(ids, month: month, chosen: chosen), title: title)
        let first = CalendarDay(year: month.year, month: month.month, day: 1) ?? month
        let start = first.adding(days: -first.weekdayFromMonday)
        let today = self.today
        var rows: [[Dialog.Choice]] = [[Dialog.Choice("‹", .month(-1)), Dialog.Choice(first.monthTitle, .caption), Dialog.Choice("›", .month(1))]]
        rows.append(["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].map { Dialog.Choice($0, .caption) })
        var day = start
        for _ in 0..<6 {
            guard day.month == first.month || day < first else { break }
            var week: [Dialog.Choice] = []
            for _ in 0..<7 {
                let label = day == today ? "•\(day.day)•" : "\(day.day)"
                week.append(Dialog.Choice(label, .day(day), isOn: day == chosen, isDim: day.month != first.month))
                day = day.adding(days: 1)
            }
            rows.append(week)
        }
        rows.append([Dialog.Choice("Today", .day(today), isOn: false), Dialog.Choice("Tomorrow", .day(today.adding(days: 1))),
                     Dialog.Choice("In a week", .day(today.adding(days: 7)))])
        dialog.choiceRows = rows
        dialog.message = chosen.map { "Due " + NodeChips.dueText($0).dropFirst(2) } ?? "No date yet: tap a day"
        return dialog
    }

    /// A tap on the calendar: a day is chosen (and shown), an arrow turns the month.
    mutating func chooseInCalendar(_ value: Dialog.Choice.Value, _ dialog: Dialog) {
        guard case .dueDate(let ids, let month, let chosen) = dialog.kind else { return }
        switch value {
        case .day(let day): present(dueDialog(ids, month: day, chosen: day))
        case .month(let step): present(dueDialog(ids, month: month.adding(months: step), chosen: chosen))
        case .suggestion, .caption, .option: break
        }
    }

    /// Done keeps the day chosen, No date takes it away, Cancel changes nothing.
    mutating func finishDueDate(_ dialog: Dialog, _ action: Dialog.Action) {
        guard case .dueDate(let ids, _, let chosen) = dialog.kind else { return }
        present(nil)
        switch action {
        case .confirm: changeDetails(of: ids, "due date") { details in details.due = chosen }
        case .discard: changeDetails(of: ids, "no due date") { details in details.due = nil }
        case .cancel, .save: break
        }
    }

    // MARK: - Tags

    /// The tag dialog for `ids`: a field, and the map's tags that fit what is typed to pick.
    mutating func askTag(for ids: [NodeID]) {
        guard let first = ids.first else { return selectFirstToast() }
        let name = ids.count == 1 ? document.node(first).map { Self.shortName(of: $0) } ?? "" : "\(ids.count) nodes"
        var dialog = Dialog(kind: .tag(ids), title: name.isEmpty ? "A tag" : "A tag for “\(name)”")
        dialog.choiceRows = tagChoices(typed: "", leaving: Set(ids.compactMap { document.node($0)?.tags }.reduce([], +)))
        present(dialog)
    }

    /// The map's tags containing what is typed (case ignored), most used first, four to a row,
    /// two rows at most; the node's own tags are left out.
    func tagChoices(typed: String, leaving existing: Set<String> = []) -> [[Dialog.Choice]] {
        let typed = typed.trimmingCharacters(in: .whitespaces)
        let fitting = document.tagsInUse().filter {
            !existing.contains($0) && (typed.isEmpty || $0.range(of: typed, options: [.caseInsensitive, .diacriticInsensitive]) != nil)
        }
        // Tags that begin with what is typed come first, each group most used first.
        let begins = typed.isEmpty ? fitting : fitting.filter { $0.range(of: typed, options: [.caseInsensitive, .diacriticInsensitive, .anchored]) != nil }
        let ordered = begins + fitting.filter { !begins.contains($0) }
        let picked = ordered.prefix(8).map { Dialog.Choice($0, .suggestion($0)) }
        return stride(from: 0, to: picked.count, by: 4).map { Array(picked[$0..<min($0 + 4, picked.count)]) }
    }

    /// The tag dialog's field changed: the choices follow what is typed.
    mutating func refreshTagChoices() {
        guard var dialog = panels.dialog else { return }
        switch dialog.kind {
        case .tag(let ids):
            dialog.choiceRows = tagChoices(typed: dialog.field, leaving: Set(ids.compactMap { document.node($0)?.tags }.reduce([], +)))
        case .filterTag:
            dialog.choiceRows = tagChoices(typed: dialog.field, leaving: Set(panels.filter.filter.tags))
        default: return
        }
        panels.dialog = dialog
    }

    /// Adds `tag` to `ids` (one undo step); an empty one is refused, the dialog staying.
    mutating func addTag(_ tag: String, to ids: [NodeID]) {
        let tag = Tags.clean(tag)
        guard !tag.isEmpty else { return toast("Type a tag, or pick one") }
        changeDetails(of: ids, "tag") { details in details.addTag(tag) }
    }

    mutating func removeTag(_ tag: String, from id: NodeID) {
        changeDetails(of: [id], "remove tag") { details in details.tags.removeAll { $0 == tag } }
    }

    /// Every node's `tag` renamed `newName` (kept once where a node had both), one undo step.
    mutating func renameTag(_ tag: String, to newName: String) {
        let newName = Tags.clean(newName)
        guard !newName.isEmpty, newName != tag else { return }
        let ids = document.nodes.filter { $0.tags.contains(tag) }.map(\.id)
        changeDetails(of: ids, "rename tag") { details in
            var renamed: [String] = []
            for old in details.tags {
                let name = old == tag ? newName : old
                if !renamed.contains(name) { renamed.append(name) }
            }
            details.tags = renamed
        }
        if let at = panels.filter.filter.tags.firstIndex(of: tag) { panels.filter.filter.tags[at] = newName }
        // Saved filters follow the new name (they are the person's, for every map).
        for k in savedFilters.indices {
            if let at = savedFilters[k].filter.tags.firstIndex(of: tag) { savedFilters[k].filter.tags[at] = newName }
        }
        toast("“\(tag)” is now “\(newName)” on \(ids.count) \(ids.count == 1 ? "node" : "nodes")")
    }

    /// `tag` taken off every node, one undo step.
    mutating func deleteTag(_ tag: String) {
        let ids = document.nodes.filter { $0.tags.contains(tag) }.map(\.id)
        changeDetails(of: ids, "delete tag") { details in details.tags.removeAll { $0 == tag } }
        panels.filter.filter.tags.removeAll { $0 == tag }
        toast("“\(tag)” taken off \(ids.count) \(ids.count == 1 ? "node" : "nodes") (Undo brings it back)")
    }

    /// A tap on a node's pill: the due day's opens the calendar; a tag's opens its menu.
    mutating func tapChip(_ kind: NodeChips.Chip.Kind, of id: NodeID, at position: Vec2) {
        commitEditing()
        if !selection.contains(id) { select([id]) }
        switch kind {
        case .due:
            guard lockdown.allows(.dueDate) else { return }
            askDueDate(for: [id])
        case .tag(let tag):
            let rows = contextRows(for: .tag(id, tag))
            guard !rows.isEmpty else { return }
            showMenu(Menu(kind: .context(.tag(id, tag)), anchor: position, byFinger: input.lastInputWasTouch, rows: rows, labelWidth: 0))
        }
    }
}
