import Foundation

/// A map: nodes joined by edges, with one root.
///
/// This file is the map's storage and the only code that writes it. Nodes live in one
/// contiguous array (fast to walk when culling and drawing 100k of them) with an ID index beside
/// it; the tree is held only by the `.tree` edges, and `parent(of:)` reads a derived index.
/// Everything else is in files of their own: reading (`+Queries`), the derived caches kept
/// beside the arrays (`+Topology`, `+SpatialCache`, `+Folds`), fragment renumbering
/// (`+Fragments`), validated loading (`+Restoring`), building in code (`+Building`) and the
/// consistency check (`+Invariants`).
///
/// The content changes only through `apply(_:sizing:access:)`, which takes a
/// `Transaction.Access`: only a transaction can make one, so every change is recorded. Every
/// change bumps `revision`, which autosave and the scene cache watch.
///
/// Folding: a node inside a folded ancestor is *hidden*. Hidden nodes, and edges touching one,
/// are left out of the spatial index and of `bounds`, so nothing culls, draws or hit-tests them.
public struct Document: Sendable {
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    public let rootID: NodeID
    /// Counts every change; two equal revisions of one document mean the same content.
    public private(set) var revision: UInt64 = 0
    /// Counts changes to which nodes exist, the tree and the folds (not moves or text): what
    /// the outline watches.
    public private(set) var structureRevision: UInt64 = 0
    /// Counts changes to what nodes say (texts and details) and which nodes exist: what search watches.
    public private(set) var textRevision: UInt64 = 0
    /// Counts style changes (colours, widths, shapes): with `structureRevision` and `lineage`,
    /// what the branch colours' cache watches.
    public private(set) var styleRevision: UInt64 = 0
    /// Differs between documents made apart (each one read, restored or begun), and is kept by
    /// copies and changes: a cache keyed by revisions tells two maps at equal revisions apart.
    public let lineage = UInt64.random(in: 1...UInt64.max)
    /// Set by importers whose format has no positions (FreeMind, OPML, Markdown): the map is laid
    /// out as a tree once node sizes are known (`prepareForDisplay`).
    public var needsLayout = false

    /// How a map arranges itself: `free` maps keep every node where it was put; `tree` maps are
    /// laid out as a tidy mind map again after every change to the tree (a new node, a delete,
    /// a fold, a longer text), with the nodes gliding to their places.
    public enum LayoutMode: String, Sendable, Codable {
        case free, tree
    }

    public private(set) var layoutMode = LayoutMode.free

    /// The map's presentations, by name, in the order they were made (see `Presentation`).
    /// Content: changed only by `Change.setPresentations`, so slides are undone and shared.
    public internal(set) var presentations: [Presentation] = []

    /// What the `.mm` file the map came from held beyond what Meshpad models, written back when
    /// it is saved as `.mm` again (see `MindMapSource`). Nil for maps from anywhere else.
    public internal(set) var mindMapSource: MindMapSource?

    /// What the XMind file the map came from held beyond what Meshpad models (styles, callouts,
    /// unknown keys, by topic), as JSON, written back when it is saved as XMind again (see
    /// `XMindKept`). Nil for maps from anywhere else.
    public internal(set) var xmindSource: Data?

    /// Where the map was looked at when it was last saved (`.meshpad` keeps it), so it opens there
    /// again. Not content: setting it is no change, bumps no revision and is never undone.
    public var savedView: SavedView?

    /// Small pictures' bytes, by the path the map's nodes give (as in memory: the key is a
    /// node's `image`). A `.meshpad` embeds them (see `EmbeddedPicture`); a save reads them in
    /// from disk (`keepPictures(_:)`). Not content, like `savedView`: keeping bytes bumps no
    /// revision and is never undone, and bytes stay when their node's picture is removed, so
    /// undoing that brings the picture back whole.
    public internal(set) var embeddedPictures: [String: EmbeddedPicture] = [:]

    // Derived from the arrays above, kept current by every write (see +Topology, +SpatialCache, +Folds).
    var indexByID: [NodeID: Int] = [:]
    /// For each node (by index), the edges (by index) that touch it, in edge order: what to
    /// re-file when it moves, and (its outgoing tree edges) its children in order.
    var edgesOfNode: [[Int32]] = []
    /// Each edge's two node indices, so drawing an edge needs no ID lookups.
    var edgeEnds: [(from: Int32, to: Int32)] = []
    var parentByChild: [NodeID: NodeID] = [:]
    /// Every edge's ID, so a re-inserted edge (undo, a change from elsewhere) is checked in O(1).
    var edgeIDs: Set<EdgeID> = []
    /// Where nodes and edges are on the map, for hit tests and culling.
    public internal(set) var spatial = SpatialIndex()
    /// Each edge's culling box, kept beside the edges so queries need no lookups.
    var edgeBoxes: [Rect] = []
    /// The smallest rectangle holding every visible node (a document always has its root, which
    /// no fold hides). Kept current by every change, so drawing a frame never walks all nodes for it.
    public internal(set) var bounds = Rect(x: 0, y: 0, width: 0, height: 0)
    /// The nodes that have a cloud and those marked as summaries (hidden ones too), each
    /// summary's group, and the visible areas of the branches clouds and brackets are drawn
    /// round (`+BranchAreas`).
    var cloudedNodes: Set<NodeID> = []
    var summaryNodes: Set<NodeID> = []
    var groupsBySummary: [NodeID: [NodeID]] = [:]
    var branchAreas: [NodeID: BranchArea] = [:]
    /// Per node (by index): inside a folded ancestor.
    var hiddenFlags: [Bool] = []
    /// How many nodes are hidden by folds; 0 lets whole-map walks skip the per-node check.
    public internal(set) var hiddenCount = 0
    /// For each folded node that has children: how many nodes its fold hides (its badge).
    var foldedCounts: [NodeID: Int] = [:]
    /// Set when a node was added deep inside a fold: `foldedCounts` is then re-derived by
    /// `settleFolds` (an importer adding a 100,000-deep folded chain must not walk up the chain
    /// for every node).
    var foldCountsStale = false
    var nextNodeNumber = 1
    var nextEdgeNumber = 1
    /// The numbers new nodes and edges are given from: all of them for a map of one's own; in a
    /// shared map, a block per session (`numberNewItems(in:)`), so two screens never make the
    /// same ID. Nodes arriving from elsewhere with numbers outside it do not move the counters.
    var numbering = 1..<Int.max

    /// No map needs a node further out than this (100,000 nodes side by side span ~10⁷):
    /// positions beyond it are refused, so the spatial index and the camera never overflow.
    public static let coordinateLimit = 1e8

    /// A finite position within `coordinateLimit` of the origin.
    public static func isUsable(_ position: Vec2) -> Bool {
        position.isFinite && abs(position.x) <= coordinateLimit && abs(position.y) <= coordinateLimit
    }

    /// A document holding just a root node at the map origin, laid out by `layoutMode` (a new
    /// mind map keeps itself tidy: `.tree`, as in Freeplane and Minder).
    public init(rootText: String, layoutMode: LayoutMode = .free) {
        rootID = NodeID(nextNodeNumber)
        nextNodeNumber += 1
        self.layoutMode = layoutMode
        appendNode(Node(id: rootID, text: rootText, position: .zero))
    }

    /// A document of nodes and edges already checked to make a valid map (`init(restoring:)`),
    /// with the ID and parent indexes the check built.
    /// `edgeEnds`, when the check resolved them, are each edge's node indices.
    init(checkedNodes: [Node], edges: [Edge], rootID: NodeID, indexByID: [NodeID: Int],
         parentByChild: [NodeID: NodeID], edgeIDs: Set<EdgeID>,
         edgeEnds ends: [(from: Int32, to: Int32)]? = nil, layoutMode: LayoutMode = .free) {
        self.rootID = rootID
        self.layoutMode = layoutMode
        nodes = checkedNodes
        self.edges = edges
        self.indexByID = indexByID
        self.parentByChild = parentByChild
        self.edgeIDs = edgeIDs
        nextNodeNumber = (nodes.lazy.map(\.id.rawValue).max() ?? 0) + 1
        nextEdgeNumber = (edges.lazy.map(\.id.rawValue).max() ?? 0) + 1
        if let ends, ends.count == edges.count {
            edgeEnds = ends
            // why: each node's list is made at its final size (counted first), so 100k small
            // lists are allocated once each rather than grown.
            var degree = [Int32](repeating: 0, count: nodes.count)
            for end in ends {
                degree[Int(end.from)] += 1
                if end.to != end.from { degree[Int(end.to)] += 1 }
            }
            edgesOfNode = degree.map { count in
                var list: [Int32] = []
                list.reserveCapacity(Int(count))
                return list
            }
            for (e, end) in ends.enumerated() {
                edgesOfNode[Int(end.from)].append(Int32(e))
                if end.to != end.from { edgesOfNode[Int(end.to)].append(Int32(e)) }
            }
            // The boxes are computed once, as the spatial index is built.
            edgeBoxes = Array(repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: edges.count)
        } else {
            edgesOfNode = Array(repeating: [], count: nodes.count)
            edgeBoxes.reserveCapacity(edges.count)
            edgeEnds.reserveCapacity(edges.count)
            for e in edges.indices { cacheEdge(e) }
        }
        // why: by index, reading two fields; `for node in nodes` would copy every 300-byte node.
        for i in nodes.indices where nodes[i].style.cloud != nil || !nodes[i].summaryMarks.isEmpty { noteBranchMarks(of: nodes[i]) }
        if let root = indexByID[rootID] { nodes[root].isCentral = true }
        computeVisibility()
        rebuildSpatialIndex()
    }

    /// A document from a `MapBuilder`, which kept it valid as it grew: its indexes are derived
    /// once, here.
    init(built nodes: [Node], edges: [Edge], rootID: NodeID, indexByID: [NodeID: Int], parentByChild: [NodeID: NodeID],
         edgeEnds: [(from: Int32, to: Int32)], layoutMode: LayoutMode, needsLayout: Bool, mindMapSource: MindMapSource?) {
        self.init(checkedNodes: nodes, edges: edges, rootID: rootID, indexByID: indexByID, parentByChild: parentByChild,
                  edgeIDs: Set(edges.map(\.id)), edgeEnds: edgeEnds, layoutMode: layoutMode)
        self.needsLayout = needsLayout
        self.mindMapSource = mindMapSource
        revision = 1
        structureRevision = 1
        textRevision = 1
    }

    // MARK: - Changes

    /// Carries out one primitive change. Only a `Transaction` can call this (it alone makes an
    /// `Access`), and it records the change as it does. Text and style changes re-derive sizes
    /// with `sizing`; nil leaves sizes to a later `measureAll` (a map being built).
    mutating func apply(_ change: Change, sizing: NodeSizing?, access: Transaction.Access) {
        switch change {
        case .move(let ids, _, let to):
            if ids.count > 64 {
                moveMany(ids, to: to)
            } else {
                for (id, position) in zip(ids, to) { move(id, to: position) }
            }
        case .insert(let fragment):
            insert(fragment, sizing: sizing)
        case .remove(let fragment):
            remove(fragment)
        case .setText(let id, _, let to):
            rewrite(id, text: true, sizing: sizing) { $0.text = to }
        case .setFolded(let ids, _, let to):
            for (id, folded) in zip(ids, to) {
                fold(id, folded)
                // An empty summary is not shown unless folded: its size follows its fold.
                if let sizing, let i = indexByID[id], nodes[i].summaryMarks.contains(.summary), nodes[i].text.isEmpty {
                    rewrite(id, text: false, sizing: sizing) { _ in }
                }
            }
        case .setStyle(let ids, _, let to):
            for (id, style) in zip(ids, to) { rewrite(id, text: false, sizing: sizing) { $0.style = style } }
            styleRevision &+= 1
        case .setDetails(let id, _, let to):
            guard let i = indexByID[id] else { return }
            if nodes[i].icons != to.icons || nodes[i].image != to.image || nodes[i].imageScale != to.imageScale
                || nodes[i].summaryMarks != to.summaryMarks || nodes[i].tags != to.tags || nodes[i].due != to.due {
                // Icons are drawn before the text, an image above it and tags and a due day under
                // it: the node's label and size follow (and an empty summary mark takes no room).
                rewrite(id, text: true, sizing: sizing) { $0.details = to }
                return
            }
            let sideChanged = nodes[i].side != to.side
            nodes[i].details = to
            // A first-level branch's side says which of the root's summaries it is grouped with.
            if sideChanged && !summaryNodes.isEmpty { refreshBranchAreas() }
            if !hiddenFlags[i] { markDamaged(nodes[i].frame) }
            revision &+= 1
            textRevision &+= 1
        case .setAttributes(let id, _, let to):
            // The table is part of the node's shape: its size follows.
            rewrite(id, text: true, sizing: sizing) { $0.attributes = to }
        case .setLink(let id, _, let to):
            guard let e = edges.firstIndex(where: { $0.id == id }) else { return }
            edges[e].look = to
            if !isHidden(edgeAt: e) { markDamaged(edgeBoxes[e]) }
            revision &+= 1
            textRevision &+= 1
        case .setLayoutMode(_, let to):
            guard to != layoutMode else { return }
            layoutMode = to
            revision &+= 1
        case .setPresentations(_, let to):
            guard to != presentations else { return }
            presentations = to
            revision &+= 1
        }
    }

    /// New nodes and edges are numbered within `range` from now on, after any already there: a
    /// shared map's session takes a block of its own (`SyncEngine.numbering(forClient:)`).
    public mutating func numberNewItems(in range: Range<Int>) {
        numbering = range
        nextNodeNumber = max(range.lowerBound, (nodes.lazy.map(\.id.rawValue).filter(range.contains).max() ?? 0) + 1)
        nextEdgeNumber = max(range.lowerBound, (edges.lazy.map(\.id.rawValue).filter(range.contains).max() ?? 0) + 1)
    }

    /// Re-derives every node's size and line breaks, e.g. once a font is loaded.
    ///
    /// Sizes are derived state, so this does not count as a change of the document.
    public mutating func measureAll(with sizing: NodeSizing) {
        Self.measure(&nodes, with: sizing)
        rebuildSpatialIndex()
    }

    /// Marks every node's size as not derived yet, for a map changed with a stand-in sizing (a
    /// shared map's log carried out before a screen's fonts are known): the screen showing it
    /// measures every node with its own fonts and theme, not only the ones it thinks unmeasured.
    public mutating func forgetSizes() {
        for i in nodes.indices { nodes[i].isMeasured = false }
    }

    /// Measures every node (or, with `onlyUnmeasured`, those not measured yet: a map measured
    /// as it was read, with this very sizing) without filing the map: for a caller that files it
    /// next (`prepareForDisplay`, which lays out or files).
    /// `picturesToo`: nodes with a picture are measured again as well (their sizes became known).
    /// Returns how many nodes it measured.
    @discardableResult
    mutating func measureUnfiled(with sizing: NodeSizing, onlyUnmeasured: Bool = false, picturesToo: Bool = false) -> Int {
        guard onlyUnmeasured else {
            Self.measure(&nodes, with: sizing)
            return nodes.count
        }
        // why: found first, then measured: a loop that tests and measures in one pass copied
        // every node to read its flag (18 ms at 100k nodes, all of them measured already).
        let unmeasured = nodes.indices.filter { !nodes[$0].isMeasured || (picturesToo && nodes[$0].image != nil) }
        for i in unmeasured {
            sizing.apply(to: &nodes[i])
        }
        return unmeasured.count
    }

    /// Measures the nodes not measured yet (a map measured as it was read, with this very
    /// sizing) and, if it measured any, files the map again.
    mutating func measureUnmeasured(with sizing: NodeSizing) {
        // why: a map measured whole as it was read was filed at those sizes when it was built;
        // filing 100k nodes a second time would change nothing.
        if measureUnfiled(with: sizing, onlyUnmeasured: true) > 0 { rebuildSpatialIndex() }
    }

    /// Derives every node's size and line breaks in place.
    static func measure(_ nodes: inout [Node], with sizing: NodeSizing) {
        for i in nodes.indices {
            sizing.apply(to: &nodes[i])
        }
    }

    /// Moves a node's centre to `position` (map units). Positions that are not usable are ignored.
    private mutating func move(_ id: NodeID, to position: Vec2) {
        guard Self.isUsable(position), let i = indexByID[id] else { return }
        refiling(nodeAt: i, edgesToo: true) { $0.position = position }
        revision &+= 1
    }

    /// Puts every node at its centre in `centres` (in the order of `nodes`) and files the map
    /// once: a first layout, not an edit (no change is recorded). Unusable centres are ignored.
    mutating func settle(at centres: [Vec2]) {
        for (i, centre) in zip(nodes.indices, centres) where Self.isUsable(centre) {
            nodes[i].position = centre
        }
        needsLayout = false
        rebuildSpatialIndex()
        revision &+= 1
    }

    /// Moves many nodes at once (a layout), re-filing the spatial index once instead of per node.
    private mutating func moveMany(_ ids: [NodeID], to positions: [Vec2]) {
        for (id, position) in zip(ids, positions) {
            guard Self.isUsable(position), let i = indexByID[id] else { continue }
            nodes[i].position = position
        }
        rebuildSpatialIndex()
        revision &+= 1
    }

    /// Changes a node's text or style and re-derives its size and shape (without `sizing`, a map
    /// being built, the size stays until `measureAll`, so nothing needs re-filing). Its edges are
    /// re-filed too: where they meet the node follows its size, shape and edge shape.
    private mutating func rewrite(_ id: NodeID, text: Bool, sizing: NodeSizing?, _ change: (inout Node) -> Void) {
        guard let i = indexByID[id] else { return }
        let hadCloud = nodes[i].style.cloud != nil, marks = nodes[i].summaryMarks
        if let sizing {
            refiling(nodeAt: i, edgesToo: true) { node in
                change(&node)
                sizing.apply(to: &node)
            }
        } else {
            change(&nodes[i])
            branchAreasFollow(nodeAt: i, hadCloud: hadCloud, marks: marks, from: nil)
        }
        revision &+= 1
        if text { textRevision &+= 1 }
    }

    /// Changes a node in place and keeps the spatial index and bounds right about its frame:
    /// the one place a node's frame changes.
    private mutating func refiling(nodeAt i: Int, edgesToo: Bool, _ change: (inout Node) -> Void) {
        let oldFrame = nodes[i].frame
        let visible = !hiddenFlags[i]
        if visible { spatial.removeNode(i, frame: oldFrame) }
        let touching = edgesToo ? edgesOfNode[i] : []
        for e in touching where !isHidden(edgeAt: Int(e)) { spatial.removeEdge(Int(e), box: edgeBoxes[Int(e)]) }
        let hadCloud = nodes[i].style.cloud != nil, marks = nodes[i].summaryMarks
        change(&nodes[i])
        if visible {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: oldFrame, new: nodes[i].frame)
        }
        if !branchAreas.isEmpty || hadCloud || nodes[i].style.cloud != nil || marks != nodes[i].summaryMarks {
            branchAreasFollow(nodeAt: i, hadCloud: hadCloud, marks: marks, from: oldFrame)
        }
        for e in touching {
            edgeBoxes[Int(e)] = computeEdgeBox(Int(e))
            if !isHidden(edgeAt: Int(e)) { spatial.insertEdge(Int(e), box: edgeBoxes[Int(e)]) }
        }
    }

    /// Folds or unfolds a node: its descendants disappear or come back.
    private mutating func fold(_ id: NodeID, _ folded: Bool) {
        guard let i = indexByID[id], nodes[i].folded != folded else { return }
        nodes[i].folded = folded
        // Its badge shows or goes (its hidden descendants are re-filed, and so recorded).
        if !hiddenFlags[i] { markDamaged(nodes[i].frame) }
        foldChanged(at: i)
        refreshBranchAreas()
        structureRevision &+= 1
        revision &+= 1
    }

    // MARK: - Fragments (create, delete, paste, and their undo)

    /// Takes a fragment out: the nodes and edges it names, found by ID. A fragment that would
    /// leave an edge dangling, or that holds the root, is refused whole.
    private mutating func remove(_ fragment: Fragment) {
        var nodeIndices = Set<Int>()
        for placed in fragment.nodes { if let i = indexByID[placed.node.id] { nodeIndices.insert(i) } }
        guard !nodeIndices.contains(0) else { return }
        var edgeIndices = Set<Int>()
        for placed in fragment.edges {
            // The fragment's index is where the edge was; it is still there unless the map changed since.
            if placed.index < edges.count, edges[placed.index].id == placed.edge.id {
                edgeIndices.insert(placed.index)
            } else if let found = edges.firstIndex(where: { $0.id == placed.edge.id }) {
                edgeIndices.insert(found)
            }
        }
        guard !nodeIndices.isEmpty || !edgeIndices.isEmpty else { return }
        // Every edge touching a removed node must go too, or the document would dangle.
        let complete = nodeIndices.allSatisfy { i in edgesOfNode[i].allSatisfy { edgeIndices.contains(Int($0)) } }
        guard complete else { return }
        let tailNodes = nodeIndices.allSatisfy { $0 >= nodes.count - nodeIndices.count }
        let tailEdges = edgeIndices.allSatisfy { $0 >= edges.count - edgeIndices.count }
        for i in nodeIndices where nodes[i].style.cloud != nil || !nodes[i].summaryMarks.isEmpty { forgetBranchMarks(of: nodes[i]) }
        if tailNodes && tailEdges {
            removeTail(nodeCount: nodeIndices.count, edgeCount: edgeIndices.count)
        } else {
            removeInPlace(nodes: nodeIndices, edges: edgeIndices)
        }
        refreshBranchAreas()
        revision &+= 1
        structureRevision &+= 1
        textRevision &+= 1
    }

    /// Puts a fragment back at the places it names (undo of a delete, redo of a create), or at
    /// the end (a new node, a paste). Nodes that were never measured are measured with `sizing`.
    ///
    /// Anything that would make the map invalid (an ID already present, an edge to a missing
    /// node, a second parent, a cycle of tree edges) is skipped.
    private mutating func insert(_ fragment: Fragment, sizing: NodeSizing?) {
        // why: index 0 is the root's, always.
        var newNodes = fragment.nodes.filter { indexByID[$0.node.id] == nil && $0.index > 0 && Self.isUsable($0.node.position) }
        // why: never the central topic (index 0 is not inserted), though it may be a copy of it.
        for k in newNodes.indices where newNodes[k].node.isCentral {
            newNodes[k].node.isCentral = false
            newNodes[k].node.isMeasured = false
        }
        if let sizing {
            for k in newNodes.indices where !newNodes[k].node.isMeasured { sizing.apply(to: &newNodes[k].node) }
        }
        let newEdges = acceptedEdges(of: fragment, joining: newNodes.map(\.node.id))
        guard !newNodes.isEmpty || !newEdges.isEmpty else { return }
        let appending = newNodes.enumerated().allSatisfy { $0.element.index == nodes.count + $0.offset }
            && newEdges.enumerated().allSatisfy { $0.element.index == edges.count + $0.offset }
        if appending {
            for placed in newNodes { appendNode(placed.node) }
            for placed in newEdges { appendEdge(placed.edge) }
        } else {
            insertInPlace(nodes: newNodes, edges: newEdges)
        }
        for placed in newNodes where placed.node.style.cloud != nil || !placed.node.summaryMarks.isEmpty { noteBranchMarks(of: placed.node) }
        refreshBranchAreas()
        nextNodeNumber = max(nextNodeNumber, (newNodes.lazy.map(\.node.id.rawValue).filter(numbering.contains).max() ?? 0) + 1)
        nextEdgeNumber = max(nextEdgeNumber, (newEdges.lazy.map(\.edge.id.rawValue).filter(numbering.contains).max() ?? 0) + 1)
        revision &+= 1
        structureRevision &+= 1
        textRevision &+= 1
    }

    /// Adds a node at the end of the array, visible (a tree edge to a hidden parent hides it).
    private mutating func appendNode(_ node: Node) {
        indexByID[node.id] = nodes.count
        nodes.append(node)
        nodes[nodes.count - 1].isCentral = node.id == rootID
        edgesOfNode.append([])
        hiddenFlags.append(false)
        spatial.insertNode(nodes.count - 1, frame: node.frame)
        updateBounds(old: nil, new: node.frame)
    }

    /// Adds a valid edge at the end: indexes, folds and filing.
    private mutating func appendEdge(_ edge: Edge) {
        if edge.kind == .tree { parentByChild[edge.to] = edge.from }
        edgeIDs.insert(edge.id)
        edges.append(edge)
        let e = edges.count - 1
        cacheEdge(e)
        if edge.kind == .tree, let child = indexByID[edge.to], let parent = indexByID[edge.from] {
            attachedLeafOrSubtree(child: child, parent: parent)
        }
        if !isHidden(edgeAt: e) { spatial.insertEdge(e, box: edgeBoxes[e]) }
    }

    /// Removes the last nodes and edges in place (undo of a create, link or paste), without
    /// re-deriving the indexes of everything else.
    private mutating func removeTail(nodeCount: Int, edgeCount: Int) {
        for _ in 0..<edgeCount {
            let e = edges.count - 1
            let edge = edges[e]
            forgetEdge(at: e)
            if edge.kind == .tree, parentByChild[edge.to] == edge.from { parentByChild[edge.to] = nil }
            edgeIDs.remove(edge.id)
            edges.removeLast()
            edgeEnds.removeLast()
            edgeBoxes.removeLast()
        }
        for _ in 0..<nodeCount {
            let i = nodes.count - 1
            if !hiddenFlags[i] { spatial.removeNode(i, frame: nodes[i].frame) } else { hiddenCount -= 1 }
            indexByID[nodes[i].id] = nil
            nodes.removeLast()
            edgesOfNode.removeLast()
            hiddenFlags.removeLast()
        }
        if !foldedCounts.isEmpty || foldCountsStale { refreshVisibility() }
        bounds = computeBounds()
    }

    /// Takes nodes and edges out of the middle of the arrays. Everything after them moves down:
    /// the indexes are renumbered (no re-hashing, no re-filing), so this is a few linear passes.
    private mutating func removeInPlace(nodes nodeIndices: Set<Int>, edges edgeIndices: Set<Int>) {
        var removedNode = [Bool](repeating: false, count: nodes.count)
        var removedEdge = [Bool](repeating: false, count: edges.count)
        for i in nodeIndices { removedNode[i] = true }
        for e in edgeIndices { removedEdge[e] = true }
        var removedLinks: [Edge] = []
        for e in edgeIndices {
            if !isHidden(edgeAt: e) { spatial.removeEdge(e, box: edgeBoxes[e]) }
            let edge = edges[e]
            if edge.kind == .tree, parentByChild[edge.to] == edge.from { parentByChild[edge.to] = nil }
            if edge.kind == .link { removedLinks.append(edge) }
            edgeIDs.remove(edge.id)
        }
        for i in nodeIndices {
            if hiddenFlags[i] { hiddenCount -= 1 } else { spatial.removeNode(i, frame: nodes[i].frame) }
            indexByID[nodes[i].id] = nil
        }
        let nodeMap = Self.renumbering(removedNode)
        let edgeMap = Self.renumbering(removedEdge)
        nodes = Self.keeping(nodes, removedNode)
        edges = Self.keeping(edges, removedEdge)
        renumberAfterRemoving(removedNode: removedNode, removedEdge: removedEdge, nodeMap: nodeMap, edgeMap: edgeMap,
                              firstRemoved: nodeIndices.min())
        // The links left between the same two nodes move up a lane.
        for link in removedLinks { refileLinks(between: link.from, and: link.to) }
    }

    /// Puts nodes and edges into the middle of the arrays: what follows them moves up, and the
    /// indexes are renumbered in place rather than rebuilt.
    private mutating func insertInPlace(nodes newNodes: [Fragment.PlacedNode], edges newEdges: [Fragment.PlacedEdge]) {
        let (mergedNodes, nodeMap, nodeSlots) = Self.merging(nodes, newNodes.map { ($0.index, $0.node) })
        let (mergedEdges, edgeMap, edgeSlots) = Self.merging(edges, newEdges.map { ($0.index, $0.edge) })
        nodes = mergedNodes
        edges = mergedEdges
        renumberAfterInserting(nodeMap: nodeMap, nodeSlots: nodeSlots, edgeMap: edgeMap, edgeSlots: edgeSlots,
                               foldedArrived: newNodes.contains { $0.node.folded })
        // Links after a returning one between the same two nodes move down a lane.
        for placed in newEdges where placed.edge.kind == .link { refileLinks(between: placed.edge.from, and: placed.edge.to) }
    }
}
