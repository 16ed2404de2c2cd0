import Foundation

/// The state a replay writes at its end: camera, selection, nodes and edges (links with their look).
///
/// Node positions are the settled ones (the document's, after every tween). The JSON has
/// sorted keys, nodes in ID order and edges in the map's order (so a node's children are listed
/// in their order in the tree), so two dumps of the same state are the same bytes.
public struct StateDump: Codable, Equatable, Sendable {
    public struct CameraState: Codable, Equatable, Sendable {
        public var zoom: Double
        public var origin: [Double]
    }

    public struct NodeState: Codable, Equatable, Sendable {
        public var id: String
        public var text: String
        public var x: Double
        public var y: Double
        public var w: Double
        public var h: Double
        public var folded: Bool
        /// Its attribute table's rows as `[name, value]`; absent without any.
        public var attributes: [[String]]?
        /// A task's state ("open", "done"), its priority, due day (`YYYY-MM-DD`) and tags; the
        /// count of its tasks below ("3/5"); whether a filter leaves it out (hidden or dimmed).
        public var task: String?
        public var priority: Int?
        public var due: String?
        public var tags: [String]?
        public var progress: String?
        public var filteredOut: Bool?
    }

    public struct EdgeState: Codable, Equatable, Sendable {
        public var id: String
        public var from: String
        public var to: String
        public var kind: String
        /// A link's arrowheads (`start`, `end`); absent for a branch.
        public var arrows: [String]?
        /// A link's own colour (`#rrggbb`, `#rrggbbaa` when see-through), width in map units and
        /// dash in widths of the line; each absent when it is the theme's (or solid).
        public var color: String?
        public var width: Double?
        public var dash: [Double]?

        init(_ edge: Edge) {
            id = edge.id.description
            from = edge.from.description
            to = edge.to.description
            kind = edge.kind.rawValue
            guard edge.kind == .link else { return }
            let look = edge.look
            arrows = [(Edge.Arrows.start, "start"), (.end, "end")].filter { look.arrows.contains($0.0) }.map(\.1)
            color = look.color?.hexString
            width = look.width
            dash = look.dash
        }
    }

    /// Something a finger can tap: what a test looks for to find a button, and Meshpad's
    /// accessibility tree. `rect` is `[x, y, width, height]` in window pixels.
    public struct Control: Codable, Equatable, Sendable {
        /// The words a person sees on it (what a key types, a row's text).
        public var label: String
        /// What it is: button, menu item, row, field, key, option, disclosure, minimap, sheet.
        public var role: String
        public var rect: [Double]
        public var enabled: Bool
    }

    /// A person on another screen of a shared map, as their ring shows them.
    public struct PresenceState: Codable, Equatable, Sendable {
        public var name: String
        public var node: String
        public var activity: String
    }

    public var camera: CameraState
    /// The selected nodes.
    public var selection: [String]
    /// The selected edge (a tap on a link or branch), absent when none is.
    public var selectedEdge: String?
    /// Other screens' people working on a node now (a shared map), by their screen's number.
    public var presence: [PresenceState]
    public var nodes: [NodeState]
    public var edges: [EdgeState]
    /// Every thing on screen a finger can tap now (not what a dialog, a menu or the keyboard
    /// covers), topmost last, as drawn.
    public var controls: [Control]
    /// What the modal dialog says (its title, then its message if any), absent when none is up.
    public var dialog: [String]?
    /// The banner's message, absent when none shows.
    public var banner: String?
    /// On a shared map, the log position the map shown stands at (its changes all ordered).
    public var sharedSeq: Int64?
    /// The filter in force, in the bar's words, with how many nodes match; absent without one.
    public var filter: String?
    /// The node whose branch is shown alone (Focus on branch), absent without a focus.
    public var focus: String?
    /// On a shared map: the name of the person whose screen this one follows (absent: none),
    /// and how many other screens follow this one.
    public var following: String?
    public var followers: Int
    /// A presentation playing, absent when none is.
    public var presentation: PresentationState?
    /// While following a presenter: the slide their screen shows (1-based), absent otherwise.
    public var followedSlide: Int?

    /// A presentation playing: its name (absent: made from the branches), the slide shown
    /// (1-based, as its counter says) of how many, the node it centres, how many children it has
    /// revealed, and whether the screen is black or shows the whole map.
    public struct PresentationState: Codable, Equatable, Sendable {
        public var name: String?
        public var slide: Int
        public var slides: Int
        public var node: String?
        public var revealed: Int
        public var blackedOut: Bool
        public var overview: Bool
    }

    /// - Parameter uiScale: window pixels per layout pixel (`--scale`).
    public init(_ workspace: Workspace, uiScale: Double = 1) {
        let camera = workspace.view.camera
        self.camera = CameraState(zoom: camera.zoom, origin: [camera.origin.x, camera.origin.y])
        selection = workspace.selection.nodes.sorted().map(\.description)
        let document = workspace.document
        let filtered = workspace.sceneExtras.filter
        let progress = workspace.panels.taskProgress
        nodes = document.nodes.sorted { $0.id < $1.id }.map { node in
            var state = NodeState(id: node.id.description, text: node.text, x: node.position.x, y: node.position.y,
                                  w: node.size.x, h: node.size.y, folded: node.folded,
                                  attributes: node.attributes.isEmpty ? nil : node.attributes.rows.map { [$0.name, $0.value] })
            state.task = node.task?.rawValue
            state.priority = node.priority
            state.due = node.due?.description
            state.tags = node.tags.isEmpty ? nil : node.tags
            state.progress = progress?.text(for: node.id)
            if let filtered, let index = document.index(of: node.id), !filtered.isShown(nodeAt: index) { state.filteredOut = true }
            return state
        }
        if let result = filtered {
            filter = "\(result.filter.summary): \(result.matchCount) \(result.matchCount == 1 ? "node matches" : "nodes match")"
                + (workspace.panels.filter.hides ? ", the rest hidden" : ", the rest dimmed")
        }
        focus = workspace.panels.focus?.node?.description
        selectedEdge = workspace.selection.edge?.description
        presentation = workspace.panels.presenting.map { playing in
            PresentationState(name: playing.name, slide: playing.index + 1, slides: playing.slides.count,
                              node: playing.slide?.node?.description, revealed: playing.revealed,
                              blackedOut: playing.blackedOut, overview: playing.overviewReturn != nil)
        }
        dialog = workspace.panels.dialog.map { [$0.title] + ($0.message.map { [$0] } ?? []) }
        banner = workspace.panels.banner?.message
        sharedSeq = workspace.shared?.confirmedSeq
        following = workspace.panels.following?.name
        followedSlide = workspace.panels.following == nil ? nil : workspace.panels.followedSlide.map { $0.index + 1 }
        followers = workspace.followerCount
        edges = workspace.document.edges.map(EdgeState.init)
        presence = workspace.presence.present.compactMap { person in
            guard let node = person.node else { return nil }
            return PresenceState(name: person.name, node: node.description, activity: person.activity?.rawValue ?? "")
        }
        let scale = uiScale.isFinite && uiScale > 0 ? uiScale : 1
        let layout = workspace.overlayLayout
        let chrome = layout.reachableParts.map { part in
            Control(label: part.label, role: part.role.kind,
                    rect: [part.rect.minX * scale, part.rect.minY * scale, part.rect.width * scale, part.rect.height * scale],
                    enabled: part.look != .disabled)
        }
        controls = Self.handles(workspace, layout: layout, scale: scale) + Self.nodeParts(workspace, layout: layout, scale: scale) + chrome
    }

    /// The task boxes and pills of nodes on screen (a tap ticks a box, opens a tag's menu or a
    /// due day's calendar), under the chrome, where nothing covers them and nothing modal is up.
    private static func nodeParts(_ workspace: Workspace, layout: OverlayLayout, scale: Double) -> [Control] {
        let modal = layout.parts.contains { [.panel, .menuPanel, .helpSheet].contains($0.role) }
        guard !modal else { return [] }
        let camera = workspace.view.camera
        let viewport = Rect(x: 0, y: 0, width: workspace.measures.viewportSize.x, height: workspace.measures.viewportSize.y)
        var controls: [Control] = []
        for (index, node) in workspace.document.nodes.enumerated() where node.task != nil || node.chipsSize.y > 0 {
            // Not one a fold, a hiding filter or a focus on a branch leaves out.
            guard !workspace.document.isHidden(nodeAt: index), workspace.filterKeeps(nodeAt: index) else { continue }
            let parts = NodeChips(node, at: node.position)
            func add(_ label: String, role: String, _ rect: Rect) {
                let a = camera.screenPoint(ofMap: Vec2(rect.minX, rect.minY)), b = camera.screenPoint(ofMap: Vec2(rect.maxX, rect.maxY))
                let screen = Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
                guard viewport.contains(screen.center), layout.part(at: screen.center) == nil, !layout.covers(screen.center) else { return }
                controls.append(Control(label: label, role: role, rect: [screen.minX * scale, screen.minY * scale, screen.width * scale,
                                                                      screen.height * scale], enabled: true))
            }
            if let box = parts.taskBox {
                add((node.task == .done ? "☑ " : "☐ ") + node.text, role: "checkbox", box)
            }
            for chip in parts.chips {
                if case .due = chip.kind { add(chip.text, role: "due date", chip.frame) } else { add(chip.text, role: "tag", chip.frame) }
            }
        }
        return controls
    }

    /// The resize handles of selected pictures, under the chrome (so first), where nothing
    /// covers them and no dialog, menu or sheet takes every tap.
    private static func handles(_ workspace: Workspace, layout: OverlayLayout, scale: Double) -> [Control] {
        let modal = layout.parts.contains { [.panel, .menuPanel, .helpSheet].contains($0.role) }
        guard !modal else { return [] }
        let viewport = Rect(x: 0, y: 0, width: workspace.measures.viewportSize.x, height: workspace.measures.viewportSize.y)
        let side = 2 * PictureHandle.radiusPixels
        return workspace.pictureHandles.filter { viewport.contains($0.center) && layout.part(at: $0.center) == nil && !layout.covers($0.center) }
            .map { handle in
                Control(label: PictureHandle.label, role: "handle",
                        rect: [(handle.center.x - side / 2) * scale, (handle.center.y - side / 2) * scale, side * scale, side * scale],
                        enabled: true)
            }
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
