@testable import MeshpadCore
import Testing

/// Issue 30's part of XMind: its task and priority markers become Meshpad's tasks and
/// priorities and back, so a task ticked in XMind arrives ticked once XMind files are read.
@Suite struct XMindMarkersTests {
    @Test func aDoneTaskAndAPriorityFromXMindAreATickedTaskWithThatPriority() {
        var node = Node(id: NodeID(1), text: "Ship it", position: .zero)
        node.icons = XMindMarkers.icons(forMarker: "task-done") + XMindMarkers.icons(forMarker: "priority-2")
        #expect(node.task == .done)
        #expect(node.priority == 2)
        #expect(XMindMarkers.markers(forIcons: node.icons) == ["task-done", "priority-2"])
    }

    @Test(arguments: ["task-start", "task-oct", "task-quarter", "task-half", "task-7oct"])
    func aTaskShortOfDoneIsAnOpenTaskThatWritesBackAsItCame(marker: String) {
        var node = Node(id: NodeID(1), text: "Half way", position: .zero)
        node.icons = XMindMarkers.icons(forMarker: marker)
        #expect(node.task == .open)
        #expect(XMindMarkers.markers(forIcons: node.icons) == [marker], "the progress XMind showed is kept")
    }

    @Test func tickingInMeshpadWritesXMindsDoneMarker() {
        var details = NodeDetails(icons: XMindMarkers.icons(forMarker: "task-half"))
        details.setTask(.done)
        #expect(XMindMarkers.markers(forIcons: details.icons) == ["task-done"], "ticked: done, whatever it was")
    }

    @Test func otherMarkersAreKeptAndMeshpadsOwnIconsWithoutAMarkerAreLeftOut() {
        #expect(XMindMarkers.icons(forMarker: "star-red") == ["star-red"])
        #expect(XMindMarkers.markers(forIcons: ["star-red", "idea", TaskState.openIcon, "full-5"]) == ["star-red", "task-start", "priority-5"])
    }
}
