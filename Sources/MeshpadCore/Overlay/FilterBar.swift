/// The filter bar: what it filters by, whether what fails is hidden or dimmed, and the nodes it
/// shows on the map's current revision.
///
/// The filter stays on when the bar is closed (the toolbar's Filter button stays lit) until it is
/// cleared; it is a way of looking, never a change to the map.
public struct FilterState: Equatable, Sendable {
    public var filter = MapFilter()
    /// Nodes the filter leaves out are hidden (true) or drawn faint (false).
    public var hides = true
    /// The bar is open.
    public var isOpen = false
    /// Worked out again whenever the map or the filter changes (nil while the filter is empty).
    public internal(set) var result: FilterResult?
    /// The map's `contentKey` the result was worked out on.
    var resultKey: UInt64 = .max

    public init() {}

    /// A filter is in force: something is hidden or dimmed.
    public var isActive: Bool { !filter.isEmpty }
}

/// A named filter kept for the next time (in the person's choices, as Freeplane keeps its
/// filters beside the maps, not in them).
public struct SavedFilter: Equatable, Codable, Sendable {
    public var name: String
    public var filter: MapFilter

    public init(name: String, filter: MapFilter) {
        self.name = name
        self.filter = filter
    }
}

/// A button of the filter bar, laid out like the style panel's.
public enum FilterOption: StylePanelChoice {
    /// Shows only nodes with this tag (with the others chosen); a tap again lets it go.
    case tag(String)
    /// Any tag of the map, typed or picked from all of them.
    case moreTags
    /// Priority 1 to N (nil: any).
    case priority(Int?)
    /// Tasks done, not done (nil: any node).
    case done(Bool?)
    case due(DueChoice)
    /// A day picked on the calendar, shown on its button ("By 12 Dec 2026"); a tap picks another.
    case pickedDay(CalendarDay)
    /// The words looked for in text and notes (those now, shown on it), typed in a dialog.
    case words(String)
    /// Hide or dim what the filter leaves out.
    case hides(Bool)
    /// A saved filter, by name.
    case saved(String)
    case save
    /// Forgets the saved filter shown now.
    case forget(String)
    case clear
    /// Words only ("No tags yet").
    case note(String)

    /// The due-day choices: any, overdue, due by today, within a week, or a day picked.
    public enum DueChoice: Equatable, Sendable {
        case any, overdue, today, week, pick
    }

    public var label: String? {
        switch self {
        case .tag(let tag): return tag
        case .moreTags: return "Tag…"
        case .priority(nil): return "Any"
        case .priority(1?): return "1"
        case .priority(let level?): return "1–\(level)"
        case .done(nil): return "Any"
        case .done(true?): return "Done"
        case .done(false?): return "Not done"
        case .due(.any): return "Any"
        case .due(.overdue): return "Overdue"
        case .due(.today): return "By today"
        case .due(.week): return "7 days"
        case .due(.pick): return "Pick…"
        case .pickedDay(let day): return "By " + String(NodeChips.dueText(day).dropFirst(2))
        case .words(let text): return text.isEmpty ? "Words…" : "“\(text)”"
        case .hides(true): return "Hide others"
        case .hides(false): return "Dim others"
        case .saved(let name): return name
        case .save: return "Save…"
        case .forget(let name): return "Forget “\(name)”"
        case .clear: return "Clear"
        case .note(let words): return words
        }
    }

    public var swatch: RGBA? { nil }

    public var cells: Int {
        // Words as wide as they need: a finger-sized cell for a digit, two or three for words.
        let count = label?.count ?? 1
        if case .note = self { return 5 }
        return count <= 3 ? 1 : (count <= 8 ? 2 : 3)
    }

    /// Whether it shows lit for `state` (today being `today`).
    public func isChosen(in state: FilterState, today: CalendarDay) -> Bool {
        let filter = state.filter
        switch self {
        case .tag(let tag): return filter.tags.contains(tag)
        case .priority(let level): return filter.priorityAtMost == level
        case .done(let done): return filter.done == done
        case .due(.any): return filter.dueBefore == nil
        case .due(.overdue): return filter.dueBefore == today.adding(days: -1)
        case .due(.today): return filter.dueBefore == today
        case .due(.week): return filter.dueBefore == today.adding(days: 7)
        case .due(.pick): return false
        case .pickedDay: return true
        case .words: return !filter.text.isEmpty
        case .hides(let hides): return state.hides == hides
        case .saved: return false
        case .moreTags, .save, .forget, .clear, .note: return false
        }
    }

    /// The calendar's button: the day picked, if one is that no other button stands for.
    static func pick(_ day: CalendarDay?, today: CalendarDay) -> FilterOption {
        guard let day, ![today.adding(days: -1), today, today.adding(days: 7)].contains(day) else { return .due(.pick) }
        return .pickedDay(day)
    }

    /// The bar's rows: the map's most used tags (and any chosen), then priority, tasks, due day,
    /// words and how, and the saved filters.
    public static func rows(tags: [String], state: FilterState, saved: [SavedFilter], today: CalendarDay) -> [(title: String, options: [FilterOption])] {
        var shownTags = Array(tags.prefix(6))
        for tag in state.filter.tags where !shownTags.contains(tag) { shownTags.append(tag) }
        let tagRow: [FilterOption] = tags.isEmpty ? [.note("No tags in this map yet")] : shownTags.map { .tag($0) } + [.moreTags]
        let words: FilterOption = .words(state.filter.text)
        return [
            ("Tags", tagRow),
            ("Priority", [.priority(nil)] + Priority.levels.map { .priority($0) }),
            ("Tasks", [.done(nil), .done(false), .done(true)]),
            ("Due", [.due(.any), .due(.overdue), .due(.today), .due(.week), pick(state.filter.dueBefore, today: today)]),
            ("Show", [words, .hides(true), .hides(false), .clear]),
            // The filter shown is a saved one: it can be forgotten; else the filter can be saved.
            ("Saved", saved.prefix(5).map { .saved($0.name) } + [saved.first { $0.filter == state.filter && !state.filter.isEmpty }.map { .forget($0.name) } ?? .save]),
        ]
    }
}
