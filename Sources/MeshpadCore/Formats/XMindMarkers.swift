/// XMind's task and priority markers as the icons Meshpad keeps tasks and priorities in, both
/// ways, for the XMind reader and writer to come (issue 31): XMind 8 (`marker-id`) and Zen
/// (`markerId`) name them alike.
///
/// XMind's task markers say how far a task has got in eighths (`task-start`, `task-oct`,
/// `task-quarter` … `task-done`); Meshpad's task is open or done, so any of them short of done
/// reads as an open task, and the marker itself is kept beside it (as an icon of that name), so
/// a file written back says what it said. Priorities 1 to 9 are `priority-N`.
public enum XMindMarkers {
    /// XMind's task markers, from not started to done.
    public static let taskMarkers = ["task-start", "task-oct", "task-quarter", "task-3oct", "task-half", "task-5oct", "task-3quar",
                                     "task-7oct", "task-done"]

    /// The icons a marker stands for: a task box (and, short of done, the marker kept), a
    /// priority, or the marker's own name (shown as a bullet, written back as it was).
    public static func icons(forMarker marker: String) -> [String] {
        if marker == "task-done" { return [TaskState.doneIcon] }
        if taskMarkers.contains(marker) { return marker == "task-start" ? [TaskState.openIcon] : [TaskState.openIcon, marker] }
        if marker.hasPrefix("priority-"), let level = Int(marker.dropFirst(9)), (1...9).contains(level) { return [Priority.icon(level)] }
        return [marker]
    }

    /// The markers a node's icons become: its task and priority as XMind's, and any marker kept
    /// from an XMind file as it was. Icons XMind has no marker for are left out (the writer
    /// says so).
    public static func markers(forIcons icons: [String]) -> [String] {
        var markers: [String] = []
        let keptProgress = icons.first { taskMarkers.contains($0) && $0 != "task-done" && $0 != "task-start" }
        for icon in icons {
            switch TaskState(icon: icon) {
            case .done?: markers.append("task-done")
            case .open?: markers.append(keptProgress ?? "task-start")
            case nil:
                if let level = Priority.level(ofIcon: icon) { markers.append("priority-\(level)") }
                else if isXMindMarker(icon), !taskMarkers.contains(icon) { markers.append(icon) }
            }
        }
        return markers
    }

    /// Whether an icon name is an XMind marker kept from a file (`star-red`, `flag-orange`…):
    /// XMind's families, a word and a dash.
    public static func isXMindMarker(_ name: String) -> Bool {
        let families = ["priority-", "task-", "star-", "flag-", "smiley-", "people-", "arrow-", "symbol-", "month-", "week-", "tag-",
                        "half-star-", "other-", "c_"]
        return families.contains { name.hasPrefix($0) }
    }
}
