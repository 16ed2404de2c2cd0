import Foundation

/// A day on the calendar, without a time or a zone: what a task is due by.
///
/// Written as ISO 8601's `YYYY-MM-DD` in `.meshpad` and in shared maps' operations; `.mm` keeps
/// it as Freeplane's reminder (milliseconds since 1970 at noon UTC, so no zone moves the day).
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to the month's length.
    public let day: Int

    /// A day that exists (years 1–9999), or nil.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.length(ofMonth: month, in: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads `YYYY-MM-DD` (nothing more, nothing less).
    public init?(iso text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func length(ofMonth month: Int, in year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before), by the proleptic Gregorian calendar.
    public var daysSinceEpoch: Int {
        // why: Howard Hinnant's days-from-civil, exact for every year here, and no Calendar needed.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day `days` after 1970-01-01.
    public init?(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(daysSinceEpoch: daysSinceEpoch + days) ?? self
    }

    /// The same day `months` later, or the month's last day when it is shorter.
    public func adding(months: Int) -> CalendarDay {
        let index = year * 12 + (month - 1) + months
        let newYear = index / 12, newMonth = index % 12 + 1
        return CalendarDay(year: newYear, month: newMonth, day: min(day, Self.length(ofMonth: newMonth, in: newYear))) ?? self
    }

    /// 0 for Monday through 6 for Sunday (ISO's week, which the picker's rows follow).
    public var weekdayFromMonday: Int {
        // 1970-01-01 was a Thursday (3).
        ((daysSinceEpoch % 7) + 7 + 3) % 7
    }

    /// The day it is now where this computer is.
    public static func today(at date: Date = Date(), in zone: TimeZone = .current) -> CalendarDay {
        let seconds = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
        return CalendarDay(daysSinceEpoch: Int((seconds / 86_400).rounded(.down))) ?? CalendarDay.epoch
    }

    static let epoch = CalendarDay(known: 1970, 1, 1)

    /// A day known to exist.
    private init(known year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Milliseconds since 1970 at noon UTC that day (Freeplane's `REMINDUSERAT`).
    public var reminderMilliseconds: Int64 { (Int64(daysSinceEpoch) * 86_400 + 43_200) * 1000 }

    /// The day of a Freeplane reminder, read in UTC (a reminder set late in the evening east of
    /// Greenwich may read as the day before: the file keeps no zone).
    public init?(reminderMilliseconds ms: Int64) {
        guard ms > -62_000_000_000_000, ms < 253_000_000_000_000 else { return nil }
        self.init(daysSinceEpoch: Int((Double(ms) / 86_400_000).rounded(.down)))
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    static let fullMonthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                 "October", "November", "December"]

    /// How a pill shows it: "12 Dec", with the year only when it is not `today`'s.
    public func short(relativeTo today: CalendarDay) -> String {
        year == today.year ? "\(day) \(Self.monthNames[month - 1])" : "\(day) \(Self.monthNames[month - 1]) \(year)"
    }

    /// "December 2026", the picker's heading.
    public var monthTitle: String { "\(Self.fullMonthNames[month - 1]) \(year)" }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = CalendarDay(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "'\(text)' is not a day like 2026-12-05"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
    }
}

/// Whether a node is a task, and whether it is done: FreeMind's and Freeplane's `unchecked` and
/// `checked` icons, so tasks made in either survive a round trip, and the icon's place is the box's.
public enum TaskState: String, Sendable, Equatable {
    case open, done

    public static let openIcon = "unchecked"
    public static let doneIcon = "checked"

    public var icon: String { self == .done ? Self.doneIcon : Self.openIcon }

    public init?(icon: String) {
        switch icon {
        case Self.openIcon: self = .open
        case Self.doneIcon: self = .done
        default: return nil
        }
    }
}

extension Node {
    /// Its task box, if it is a task.
    public var task: TaskState? {
        for icon in icons { if let state = TaskState(icon: icon) { return state } }
        return nil
    }

    /// Its priority, 1 (highest) to 9, from FreeMind's `full-N` icon; Meshpad sets 1 to 5.
    public var priority: Int? {
        for icon in icons { if let level = Priority.level(ofIcon: icon) { return level } }
        return nil
    }
}

extension NodeDetails {
    /// The task box set (or taken away with nil): first among the icons, where the box is drawn.
    public mutating func setTask(_ state: TaskState?) {
        icons.removeAll { TaskState(icon: $0) != nil }
        if let state { icons.insert(state.icon, at: 0) }
    }

    /// The priority set (or taken away with nil), after the task box.
    public mutating func setPriority(_ level: Int?) {
        icons.removeAll { Priority.level(ofIcon: $0) != nil }
        guard let level else { return }
        let at = icons.first.flatMap(TaskState.init(icon:)) != nil ? 1 : 0
        icons.insert(Priority.icon(level), at: at)
    }

    /// Adds a tag unless it is already there (tags are trimmed; an empty one is no tag).
    public mutating func addTag(_ tag: String) {
        let tag = Tags.clean(tag)
        guard !tag.isEmpty, !tags.contains(tag) else { return }
        tags.append(tag)
    }
}

/// Priorities as FreeMind's and Freeplane's `full-1` … `full-9` icons.
public enum Priority {
    /// What Meshpad offers: 1 (highest) to 5.
    public static let levels = 1...5

    public static func icon(_ level: Int) -> String { "full-\(level)" }

    public static func level(ofIcon icon: String) -> Int? {
        guard icon.hasPrefix("full-"), let level = Int(icon.dropFirst(5)), (1...9).contains(level) else { return nil }
        return level
    }
}

/// Tags: what makes two the same and what the map uses.
public enum Tags {
    /// A tag as kept: trimmed, and on one line (Freeplane separates a node's tags by newlines).
    public static func clean(_ tag: String) -> String {
        tag.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

extension Document {
    /// Changes when what nodes say (texts, details) or the tree changes, not when nodes move:
    /// what filters and task counts are worked out on.
    public var contentKey: UInt64 { textRevision &+ (structureRevision &* 0x9E37_79B9_7F4A_7C15) }

    /// Every tag the map uses, each once, most used first (then alphabetically): the completion
    /// offered when a tag is typed, the filter bar's chips.
    public func tagsInUse() -> [String] {
        var counts: [String: Int] = [:]
        for node in nodes where !node.tags.isEmpty {
            for tag in node.tags { counts[tag, default: 0] += 1 }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.localizedStandardCompare($1.key) == .orderedAscending }
            .map(\.key)
    }
}

/// How far the tasks under each node have got: of the tasks below it that have no tasks below
/// them (the work itself, at any depth), how many are done. A parent shows it as "3/5".
public struct TaskProgress: Sendable, Equatable {
    /// The document revision it was worked out on.
    public let revision: UInt64
    /// By node ID, for nodes with tasks below them only.
    public let counts: [NodeID: (done: Int, total: Int)]

    public static func == (a: TaskProgress, b: TaskProgress) -> Bool {
        a.revision == b.revision && a.counts.count == b.counts.count
            && a.counts.allSatisfy { id, c in b.counts[id].map { $0.done == c.done && $0.total == c.total } ?? false }
    }

    public init(revision: UInt64, counts: [NodeID: (done: Int, total: Int)]) {
        self.revision = revision
        self.counts = counts
    }

    /// "3/5" for a node with tasks below it.
    public func text(for id: NodeID) -> String? {
        counts[id].map { "\($0.done)/\($0.total)" }
    }
}

extension Document {
    /// The progress of every node's tasks. why: only tasks are walked, each up its ancestors, so a
    /// big map with few tasks costs one pass over the nodes' icons.
    public func taskProgress() -> TaskProgress {
        var tasks: [(id: NodeID, done: Bool)] = []
        for node in nodes where !node.icons.isEmpty {
            if let state = node.task { tasks.append((node.id, state == .done)) }
        }
        guard !tasks.isEmpty else { return TaskProgress(revision: revision, counts: [:]) }
        // A task with a task below it is a parent's: its own box follows its children's.
        var parentsOfTasks: Set<NodeID> = []
        for task in tasks {
            var at = parent(of: task.id)
            while let id = at, parentsOfTasks.insert(id).inserted { at = parent(of: id) }
        }
        var counts: [NodeID: (done: Int, total: Int)] = [:]
        for task in tasks where !parentsOfTasks.contains(task.id) {
            var at = parent(of: task.id)
            while let id = at {
                let c = counts[id] ?? (0, 0)
                counts[id] = (c.done + (task.done ? 1 : 0), c.total + 1)
                at = parent(of: id)
            }
        }
        return TaskProgress(revision: revision, counts: counts)
    }
}

extension Document {
    /// The map as a filter shows it: its nodes that pass (with their path to the root), in
    /// outline order, the links between them, where they are. What Export writes while a filter
    /// is on. Nodes are numbered afresh, so what a `.mm` held beyond Meshpad's model is not kept.
    public func keeping(_ result: FilterResult) -> Document {
        var builder = MapBuilder(root: nodes[0])
        builder.layoutMode = layoutMode
        var newID: [NodeID: NodeID] = [rootID: builder.rootID]
        for (index, _) in outlineOrder(includingHidden: true) where index != 0 && result.isShown(nodeAt: Int(index)) {
            let node = nodes[Int(index)]
            let parent = self.parent(of: node.id).flatMap { newID[$0] }
            if let id = builder.add(node, under: parent) { newID[node.id] = id }
        }
        for edge in edges where edge.kind == .link {
            if let from = newID[edge.from], let to = newID[edge.to] { builder.link(from, to: to, look: edge.look) }
        }
        return builder.build()
    }
}
