/// A map: nodes joined by edges, with one root.
///
/// Nodes live in one contiguous array (fast to walk when culling and drawing 100k of them) with
/// an ID index beside it. Every mutation bumps `revision`, which autosave and the scene cache
/// watch. The tree is held only by the `.tree` edges; `parent(of:)` reads a derived index.
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
    /// Set by importers whose format has no positions (FreeMind, OPML, Markdown): the map is laid
    /// out as a tree once node sizes are known (`prepareForDisplay`).
    public var needsLayout = false

    /// How a map arranges itself: `free` maps keep every node where it was put; `tree` maps are
    /// laid out as a tidy mind map again after every change to the tree (a new node, a delete,
    /// a fold, a longer text), with the nodes gliding to their places.
    public enum LayoutMode: String, Sendable {
        case free, tree
    }

    public private(set) var layoutMode = LayoutMode.free

    public mutating func setLayoutMode(_ mode: LayoutMode) {
        guard mode != layoutMode else { return }
        layoutMode = mode
        revision &+= 1
    }

    private var indexByID: [NodeID: Int] = [:]
    /// Where nodes and edges are on the map, for hit tests and culling (kept current by every change).
    public private(set) var spatial = SpatialIndex()
    /// For each node (by index), the edges (by index) that touch it, in edge order: what to
    /// re-file when it moves, and (its outgoing tree edges) its children in order.
    private var edgesOfNode: [[Int32]] = []
    /// Each edge's culling box, kept beside the edges so queries need no lookups.
    private var edgeBoxes: [Rect] = []
    /// Each edge's two node indices, so drawing an edge needs no ID lookups.
    private var edgeEnds: [(from: Int32, to: Int32)] = []
    private var parentByChild: [NodeID: NodeID] = [:]
    /// Unordered node pairs already joined, so `connect` refuses duplicates in O(1).
    private var joinedPairs: Set<NodePair> = []
    /// Per node (by index): inside a folded ancestor.
    private var hiddenFlags: [Bool] = []
    /// How many nodes are hidden by folds; 0 lets whole-map walks skip the per-node check.
    public private(set) var hiddenCount = 0
    /// For each folded node that has children: how many nodes its fold hides (its badge).
    private var foldedCounts: [NodeID: Int] = [:]
    /// Set when a node was added deep inside a fold: `foldedCounts` is then re-derived by
    /// `settleFolds` (an importer adding a 100,000-deep folded chain must not walk up the chain
    /// for every node).
    private var foldCountsStale = false
    private var nextNodeNumber = 1
    private var nextEdgeNumber = 1

    /// No map needs a node further out than this (100,000 nodes side by side span ~10⁷):
    /// positions beyond it are refused, so the spatial index and the camera never overflow.
    public static let coordinateLimit = 1e8

    /// A finite position within `coordinateLimit` of the origin.
    public static func isUsable(_ position: Vec2) -> Bool {
        position.isFinite && abs(position.x) <= coordinateLimit && abs(position.y) <= coordinateLimit
    }

    /// A document holding just a root node at the map origin.
    public init(rootText: String) {
        rootID = NodeID(nextNodeNumber)
        _ = insertNode(text: rootText, at: .zero)
    }

    public var root: Node { nodes[0] }

    public var nodeCount: Int { nodes.count }

    public func node(_ id: NodeID) -> Node? {
        indexByID[id].map { nodes[$0] }
    }

    public func contains(_ id: NodeID) -> Bool { indexByID[id] != nil }

    /// The node's parent in the tree, nil for the root and for free nodes.
    public func parent(of id: NodeID) -> NodeID? { parentByChild[id] }

    /// The node's children in the order their tree edges were made.
    public func children(of id: NodeID) -> [NodeID] {
        guard let i = indexByID[id] else { return [] }
        return edgesOfNode[i].compactMap { e in
            let edge = edges[Int(e)]
            return edge.kind == .tree && edge.from == id ? edge.to : nil
        }
    }

    /// The node and everything below it in the tree, parents before children.
    public func subtree(of id: NodeID) -> [NodeID] {
        guard contains(id) else { return [] }
        var result: [NodeID] = []
        var stack = [id]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: children(of: next).reversed())
        }
        return result
    }

    /// Every node in outline order — the root's tree, then each free tree, parents before
    /// children, children in order — as indices into `nodes` with their depth. Nodes inside a
    /// fold are left out unless `includingHidden`. Linear, iterative, and allocates only the result.
    public func outlineOrder(includingHidden: Bool = false) -> [(index: Int32, depth: Int32)] {
        var result: [(index: Int32, depth: Int32)] = []
        result.reserveCapacity(includingHidden ? nodes.count : nodes.count - hiddenCount)
        var stack: [(Int32, Int32)] = []
        var tops: [Int32] = [0]
        for i in nodes.indices.dropFirst() where parentByChild[nodes[i].id] == nil { tops.append(Int32(i)) }
        for top in tops.reversed() { stack.append((top, 0)) }
        while let (i, depth) = stack.popLast() {
            result.append((i, depth))
            guard includingHidden || !nodes[Int(i)].folded else { continue }
            let incident = edgesOfNode[Int(i)]
            for e in incident.reversed() {
                let ends = edgeEnds[Int(e)]
                if ends.from == i && ends.to != i && edges[Int(e)].kind == .tree { stack.append((ends.to, depth + 1)) }
            }
        }
        return result
    }

    /// The edge joining two nodes (in either direction), if any.
    public func edge(between a: NodeID, and b: NodeID) -> Edge? {
        guard joinedPairs.contains(NodePair(a, b)), let i = indexByID[a] else { return nil }
        for e in edgesOfNode[i] {
            let edge = edges[Int(e)]
            if (edge.from == a && edge.to == b) || (edge.from == b && edge.to == a) { return edge }
        }
        return nil
    }

    public func edge(_ id: EdgeID) -> Edge? { edges.first { $0.id == id } }

    // MARK: - Folds

    /// True when a folded ancestor hides the node.
    public func isHidden(_ id: NodeID) -> Bool { indexByID[id].map { hiddenFlags[$0] } ?? false }

    public func isHidden(nodeAt index: Int) -> Bool { hiddenFlags[index] }

    /// True when either end of the edge is hidden.
    public func isHidden(edgeAt index: Int) -> Bool {
        let ends = edgeEnds[index]
        return hiddenFlags[Int(ends.from)] || hiddenFlags[Int(ends.to)]
    }

    /// How many nodes the node's fold hides (0 when it is not folded or has no children).
    public func hiddenDescendantCount(of id: NodeID) -> Int {
        guard foldCountsStale else { return foldedCounts[id] ?? 0 }
        guard node(id)?.folded == true else { return 0 }
        return subtree(of: id).count - 1
    }

    /// Re-derives the fold counts if a change left them stale (the workspace calls it after
    /// every event, importers once at the end), so drawing never has to.
    public mutating func settleFolds() {
        guard foldCountsStale else { return }
        refreshVisibility()
    }

    // MARK: - Changes

    /// Adds a free node (no parent) and returns its ID.
    @discardableResult
    public mutating func addNode(text: String, at position: Vec2) -> NodeID {
        insertNode(text: text, at: position)
    }

    /// Adds a node as a child of `parent`, joined by a tree edge. Returns nil if `parent` is unknown.
    @discardableResult
    public mutating func addChild(of parent: NodeID, text: String, at position: Vec2) -> NodeID? {
        guard contains(parent) else { return nil }
        let child = insertNode(text: text, at: position)
        connect(parent, to: child, kind: .tree)
        return child
    }

    /// Joins two nodes. Refuses (returns nil) self-links, unknown nodes, duplicates of an
    /// existing edge between the same pair, and a second parent for a node.
    ///
    /// `allowingSelfLink` is for importers only: Freeplane maps can hold a link from a node to
    /// itself, and a faithful import keeps it (people creating links never can).
    @discardableResult
    public mutating func connect(_ from: NodeID, to: NodeID, kind: Edge.Kind = .link, arrows: Edge.Arrows = [],
                                 allowingSelfLink: Bool = false) -> EdgeID? {
        guard from != to || (allowingSelfLink && kind == .link), canJoin(from, to, kind: kind) else { return nil }
        let id = EdgeID(nextEdgeNumber)
        nextEdgeNumber += 1
        appendEdge(Edge(id: id, from: from, to: to, kind: kind, arrows: arrows))
        revision &+= 1
        structureRevision &+= 1
        return id
    }

    /// Whether `connect` would accept an edge (self-links aside): both ends exist, they are not
    /// joined yet, and a tree edge would give the child its first parent without making a cycle.
    public func canJoin(_ from: NodeID, _ to: NodeID, kind: Edge.Kind) -> Bool {
        guard contains(from), contains(to), !joinedPairs.contains(NodePair(from, to)) else { return false }
        guard kind == .tree else { return true }
        guard parentByChild[to] == nil, to != rootID, from != to else { return false }
        // A node without children cannot be its own ancestor: only a subtree needs the walk up
        // (which would make building a 100,000-deep chain quadratic).
        guard let toIndex = indexByID[to], edgesOfNode[toIndex].contains(where: { edges[Int($0)].kind == .tree && edges[Int($0)].from == to }) else {
            return true
        }
        var ancestor: NodeID? = from
        while let current = ancestor {
            if current == to { return false }
            ancestor = parentByChild[current]
        }
        return true
    }

    /// Changes a node's stored details (note, link, icons, style, side, fold, source ID, text).
    /// Derived sizes are not re-derived: call `measureAll` or `setText` after changing text.
    public mutating func modify(_ id: NodeID, _ change: (inout Node) -> Void) {
        guard let i = indexByID[id] else { return }
        let before = nodes[i]
        change(&nodes[i])
        // why: the ID is the index key and must not change under it.
        if nodes[i].id != before.id { nodes[i] = before }
        if nodes[i].folded != before.folded {
            foldChanged(at: i)
            structureRevision &+= 1
        }
        revision &+= 1
        textRevision &+= 1
    }

    /// Folds or unfolds a node: its descendants disappear or come back.
    public mutating func setFolded(_ id: NodeID, _ folded: Bool) {
        modify(id) { $0.folded = folded }
    }

    /// Each node's children in the order their tree edges were made.
    public func childrenByParent() -> [NodeID: [NodeID]] {
        var result: [NodeID: [NodeID]] = [:]
        for edge in edges where edge.kind == .tree {
            result[edge.from, default: []].append(edge.to)
        }
        return result
    }

    /// Moves a node's centre to `position` (map units). Non-finite positions are ignored.
    public mutating func move(_ id: NodeID, to position: Vec2) {
        guard Self.isUsable(position), let i = indexByID[id] else { return }
        let touching = edgesOfNode[i]
        let oldFrame = nodes[i].frame
        let visible = !hiddenFlags[i]
        if visible { spatial.removeNode(i, frame: oldFrame) }
        for e in touching where !isHidden(edgeAt: Int(e)) { spatial.removeEdge(Int(e), box: edgeBoxes[Int(e)]) }
        nodes[i].position = position
        if visible {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: oldFrame, new: nodes[i].frame)
        }
        for e in touching {
            edgeBoxes[Int(e)] = computeEdgeBox(Int(e))
            if !isHidden(edgeAt: Int(e)) { spatial.insertEdge(Int(e), box: edgeBoxes[Int(e)]) }
        }
        revision &+= 1
    }

    /// Moves many nodes at once (a layout), re-filing the spatial index once instead of per node.
    /// Counts as one change.
    public mutating func move(_ positions: [NodeID: Vec2]) {
        for (id, position) in positions {
            guard Self.isUsable(position), let i = indexByID[id] else { continue }
            nodes[i].position = position
        }
        rebuildSpatialIndex()
        revision &+= 1
    }

    /// Replaces a node's text and re-derives its size with `sizing`.
    public mutating func setText(_ text: String, of id: NodeID, sizing: NodeSizing) {
        guard let i = indexByID[id] else { return }
        let oldFrame = nodes[i].frame
        let visible = !hiddenFlags[i]
        if visible { spatial.removeNode(i, frame: oldFrame) }
        nodes[i].text = text
        sizing.apply(to: &nodes[i])
        if visible {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: oldFrame, new: nodes[i].frame)
        }
        revision &+= 1
        textRevision &+= 1
    }

    /// Replaces a node's style and re-derives its shape and size with `sizing`.
    public mutating func setStyle(_ style: NodeStyle, of id: NodeID, sizing: NodeSizing) {
        guard let i = indexByID[id] else { return }
        let oldFrame = nodes[i].frame
        let visible = !hiddenFlags[i]
        if visible { spatial.removeNode(i, frame: oldFrame) }
        nodes[i].style = style
        sizing.apply(to: &nodes[i])
        if visible {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: oldFrame, new: nodes[i].frame)
        }
        revision &+= 1
    }

    /// Re-derives every node's size and line breaks, e.g. once a font is loaded.
    ///
    /// Sizes are derived state, so this does not count as a change of the document.
    public mutating func measureAll(with sizing: NodeSizing) {
        for i in nodes.indices {
            sizing.apply(to: &nodes[i])
        }
        rebuildSpatialIndex()
    }

    // MARK: - Geometry caches

    /// The box an edge is culled by: its two node centres (edges are drawn centre to centre).
    public func edgeBox(_ index: Int) -> Rect { edgeBoxes[index] }

    /// The indices in `nodes` of an edge's two ends.
    public func endpoints(ofEdgeAt index: Int) -> (from: Int, to: Int) {
        let ends = edgeEnds[index]
        return (Int(ends.from), Int(ends.to))
    }

    /// From the edge's cached end indices (`cacheEdge` sets them first): no ID lookups.
    private func computeEdgeBox(_ index: Int) -> Rect {
        let ends = edgeEnds[index]
        let a = nodes[Int(ends.from)].position, b = nodes[Int(ends.to)].position
        return Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
    }

    /// The position in `nodes` of a node, for code that walks the array.
    public func index(of id: NodeID) -> Int? { indexByID[id] }

    /// Indices of the edges touching the node at `index`.
    public func edgeIndices(touchingNodeAt index: Int) -> [Int32] { edgesOfNode[index] }

    /// Indices (into `nodes`) of the visible nodes whose frame meets `rect`, each once, in no set order.
    public func forEachNode(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachNode(in: rect, frame: { nodes[$0].frame }, body)
    }

    /// Indices (into `edges`) of the visible edges whose box meets `rect`, each once.
    public func forEachEdge(in rect: Rect, _ body: (Int) -> Void) {
        spatial.forEachEdge(in: rect, box: { edgeBoxes[$0] }, body)
    }

    /// Records an edge's ends, box and incidence (not its spatial filing).
    private mutating func cacheEdge(_ index: Int) {
        let edge = edges[index]
        let a = indexByID[edge.from] ?? 0, b = indexByID[edge.to] ?? 0
        if edgeEnds.count <= index { edgeEnds.append(contentsOf: repeatElement((from: Int32(0), to: Int32(0)), count: index + 1 - edgeEnds.count)) }
        edgeEnds[index] = (Int32(a), Int32(b))
        if edgeBoxes.count <= index { edgeBoxes.append(contentsOf: repeatElement(Rect(x: 0, y: 0, width: 0, height: 0), count: index + 1 - edgeBoxes.count)) }
        edgeBoxes[index] = computeEdgeBox(index)
        edgesOfNode[a].append(Int32(index))
        if b != a { edgesOfNode[b].append(Int32(index)) }
    }

    /// Files every visible node and edge anew (after sizes or positions change, or a rebuild).
    private mutating func rebuildSpatialIndex() {
        spatial = SpatialIndex()
        for i in nodes.indices where !hiddenFlags[i] { spatial.insertNode(i, frame: nodes[i].frame) }
        for e in edges.indices {
            edgeBoxes[e] = computeEdgeBox(e)
            if !isHidden(edgeAt: e) { spatial.insertEdge(e, box: edgeBoxes[e]) }
        }
        bounds = computeBounds()
    }

    /// Re-derives every index from the node and edge arrays (after a change in the middle of them).
    private mutating func rebuildIndexes() {
        indexByID = [:]
        indexByID.reserveCapacity(nodes.count)
        for (i, node) in nodes.enumerated() { indexByID[node.id] = i }
        parentByChild = [:]
        joinedPairs = []
        edgesOfNode = Array(repeating: [], count: nodes.count)
        edgeBoxes = []
        edgeBoxes.reserveCapacity(edges.count)
        edgeEnds = []
        edgeEnds.reserveCapacity(edges.count)
        for (e, edge) in edges.enumerated() {
            if edge.kind == .tree { parentByChild[edge.to] = edge.from }
            joinedPairs.insert(NodePair(edge.from, edge.to))
            cacheEdge(e)
        }
        computeVisibility()
        rebuildSpatialIndex()
    }

    /// The smallest rectangle holding every visible node (a document always has its root, which
    /// no fold hides). Kept current by every change, so drawing a frame never walks all nodes for it.
    public private(set) var bounds = Rect(x: 0, y: 0, width: 0, height: 0)

    private func computeBounds() -> Rect {
        var result = nodes[0].frame
        if hiddenCount == 0 {
            for node in nodes.dropFirst() { result = result.union(node.frame) }
        } else {
            for i in nodes.indices.dropFirst() where !hiddenFlags[i] { result = result.union(nodes[i].frame) }
        }
        return result
    }

    /// After one visible node's frame changed from `old` to `new`: grow, or recompute if it may shrink.
    private mutating func updateBounds(old: Rect?, new: Rect) {
        let touchedEdge = old.map { $0.minX <= bounds.minX || $0.minY <= bounds.minY || $0.maxX >= bounds.maxX || $0.maxY >= bounds.maxY } ?? false
        bounds = touchedEdge ? computeBounds() : (nodes.count == 1 ? new : bounds.union(new))
    }

    // MARK: - Visibility

    /// Derives every node's hidden flag and every fold's hidden count from the tree (O(n)).
    private mutating func computeVisibility() {
        foldCountsStale = false
        hiddenFlags = [Bool](repeating: false, count: nodes.count)
        hiddenCount = 0
        foldedCounts = [:]
        guard nodes.contains(where: \.folded) else { return }
        // Parents before children, by walking down from every node without a parent.
        var order: [Int32] = []
        order.reserveCapacity(nodes.count)
        var parentIndex = [Int32](repeating: -1, count: nodes.count)
        var stack: [Int32] = []
        for i in nodes.indices where parentByChild[nodes[i].id] == nil { stack.append(Int32(i)) }
        while let i = stack.popLast() {
            order.append(i)
            let hideChildren = hiddenFlags[Int(i)] || nodes[Int(i)].folded
            for e in edgesOfNode[Int(i)] {
                let ends = edgeEnds[Int(e)]
                guard edges[Int(e)].kind == .tree, ends.from == i else { continue }
                hiddenFlags[Int(ends.to)] = hideChildren
                parentIndex[Int(ends.to)] = i
                stack.append(ends.to)
            }
        }
        var descendants = [Int32](repeating: 0, count: nodes.count)
        for i in order.reversed() {
            let p = parentIndex[Int(i)]
            if p >= 0 { descendants[Int(p)] += descendants[Int(i)] + 1 }
            if nodes[Int(i)].folded && descendants[Int(i)] > 0 { foldedCounts[nodes[Int(i)].id] = Int(descendants[Int(i)]) }
            if hiddenFlags[Int(i)] { hiddenCount += 1 }
        }
    }

    /// A node was folded or unfolded: re-derive the flags of its subtree and re-file what changed,
    /// in time proportional to the subtree.
    private mutating func foldChanged(at index: Int) {
        let id = nodes[index].id
        var changed: [Int] = []
        var stack: [(Int, Bool)] = [(index, hiddenFlags[index])]
        var descendantCount = 0
        while let (i, hidden) = stack.popLast() {
            if i != index {
                descendantCount += 1
                if hiddenFlags[i] != hidden { changed.append(i) }
            }
            let hideChildren = hidden || nodes[i].folded
            for e in edgesOfNode[i] {
                let ends = edgeEnds[Int(e)]
                if edges[Int(e)].kind == .tree, Int(ends.from) == i { stack.append((Int(ends.to), hideChildren)) }
            }
        }
        if nodes[index].folded && descendantCount > 0 { foldedCounts[id] = descendantCount } else { foldedCounts[id] = nil }
        guard !changed.isEmpty else { return }
        // Edges are unfiled under the old flags and filed under the new ones.
        var touched = Set<Int32>()
        for i in changed { touched.formUnion(edgesOfNode[i]) }
        for e in touched where !isHidden(edgeAt: Int(e)) { spatial.removeEdge(Int(e), box: edgeBoxes[Int(e)]) }
        for i in changed {
            if hiddenFlags[i] {
                hiddenFlags[i] = false
                hiddenCount -= 1
                spatial.insertNode(i, frame: nodes[i].frame)
            } else {
                hiddenFlags[i] = true
                hiddenCount += 1
                spatial.removeNode(i, frame: nodes[i].frame)
            }
        }
        for e in touched where !isHidden(edgeAt: Int(e)) { spatial.insertEdge(Int(e), box: edgeBoxes[Int(e)]) }
        bounds = computeBounds()
    }

    // MARK: - Fragments (create, delete, paste, and their undo)

    /// Takes the nodes, every edge touching them and the given edges out of the document, and
    /// returns them with the places they held, so `insert` can put them back exactly.
    @discardableResult
    public mutating func remove(nodes nodeIDs: Set<NodeID>, edges edgeIDs: Set<EdgeID> = []) -> Fragment {
        let fragment = fragment(nodes: nodeIDs.subtracting([rootID]), edges: edgeIDs)
        remove(fragment)
        return fragment
    }

    /// What `remove(nodes:edges:)` would take out, without taking it.
    public func fragment(nodes nodeIDs: Set<NodeID>, edges edgeIDs: Set<EdgeID>) -> Fragment {
        var nodeIndices: [Int] = nodeIDs.compactMap { indexByID[$0] }
        nodeIndices.sort()
        var edgeIndexSet = Set<Int>()
        for i in nodeIndices { for e in edgesOfNode[i] { edgeIndexSet.insert(Int(e)) } }
        if !edgeIDs.isEmpty {
            for (e, edge) in edges.enumerated() where edgeIDs.contains(edge.id) { edgeIndexSet.insert(e) }
        }
        return Fragment(nodes: nodeIndices.map { Fragment.PlacedNode(index: $0, node: nodes[$0]) },
                        edges: edgeIndexSet.sorted().map { Fragment.PlacedEdge(index: $0, edge: edges[$0]) })
    }

    /// Takes a fragment out: the nodes and edges it names, found by ID.
    public mutating func remove(_ fragment: Fragment) {
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
        if tailNodes && tailEdges {
            removeTail(nodeCount: nodeIndices.count, edgeCount: edgeIndices.count)
        } else {
            removeInPlace(nodes: nodeIndices, edges: edgeIndices)
        }
        revision &+= 1
        structureRevision &+= 1
        textRevision &+= 1
    }

    /// Takes nodes and edges out of the middle of the arrays. Everything after them moves down:
    /// the indexes are renumbered (no re-hashing, no re-filing), so this is a few linear passes.
    private mutating func removeInPlace(nodes nodeIndices: Set<Int>, edges edgeIndices: Set<Int>) {
        var removedNode = [Bool](repeating: false, count: nodes.count)
        var removedEdge = [Bool](repeating: false, count: edges.count)
        for i in nodeIndices { removedNode[i] = true }
        for e in edgeIndices { removedEdge[e] = true }
        for e in edgeIndices {
            if !isHidden(edgeAt: e) { spatial.removeEdge(e, box: edgeBoxes[e]) }
            let edge = edges[e]
            if edge.kind == .tree, parentByChild[edge.to] == edge.from { parentByChild[edge.to] = nil }
            joinedPairs.remove(NodePair(edge.from, edge.to))
        }
        for i in nodeIndices {
            if hiddenFlags[i] { hiddenCount -= 1 } else { spatial.removeNode(i, frame: nodes[i].frame) }
            indexByID[nodes[i].id] = nil
        }
        let nodeMap = Self.renumbering(removedNode)
        let edgeMap = Self.renumbering(removedEdge)
        nodes = Self.keeping(nodes, removedNode)
        hiddenFlags = Self.keeping(hiddenFlags, removedNode)
        edgesOfNode = Self.keeping(edgesOfNode, removedNode)
        edges = Self.keeping(edges, removedEdge)
        edgeBoxes = Self.keeping(edgeBoxes, removedEdge)
        edgeEnds = Self.keeping(edgeEnds, removedEdge)
        for i in edgesOfNode.indices where !edgesOfNode[i].isEmpty {
            edgesOfNode[i] = edgesOfNode[i].compactMap { e in edgeMap[Int(e)] >= 0 ? edgeMap[Int(e)] : nil }
        }
        for e in edgeEnds.indices {
            edgeEnds[e] = (nodeMap[Int(edgeEnds[e].from)], nodeMap[Int(edgeEnds[e].to)])
        }
        if let first = nodeIndices.min() {
            for i in first..<nodes.count { indexByID[nodes[i].id] = i }
        }
        spatial.remap(nodes: nodeMap, edges: edgeMap)
        if !foldedCounts.isEmpty || foldCountsStale { refreshVisibility() }
        bounds = computeBounds()
    }

    /// Old index → new index, or -1 for a removed one.
    private static func renumbering(_ removed: [Bool]) -> [Int32] {
        var map = [Int32](repeating: -1, count: removed.count)
        var next: Int32 = 0
        for i in removed.indices where !removed[i] {
            map[i] = next
            next += 1
        }
        return map
    }

    private static func keeping<T>(_ items: [T], _ removed: [Bool]) -> [T] {
        var kept: [T] = []
        kept.reserveCapacity(items.count)
        for i in items.indices where !removed[i] { kept.append(items[i]) }
        return kept
    }

    /// Puts a fragment back at the places it names (undo of a delete, redo of a create).
    ///
    /// Anything that would make the map invalid (an ID already present, an edge to a missing
    /// node, a second parent) is skipped.
    public mutating func insert(_ fragment: Fragment) {
        // why: index 0 is the root's, always.
        let newNodes = fragment.nodes.filter { indexByID[$0.node.id] == nil && $0.index > 0 }
        let newIDs = Set(newNodes.map(\.node.id))
        var pairs = Set<NodePair>(), parents = Set<NodeID>()
        let newEdges = fragment.edges.filter { placed in
            let edge = placed.edge
            guard contains(edge.from) || newIDs.contains(edge.from), contains(edge.to) || newIDs.contains(edge.to) else { return false }
            let pair = NodePair(edge.from, edge.to)
            guard !joinedPairs.contains(pair), pairs.insert(pair).inserted else { return false }
            guard edge.kind == .tree else { return true }
            return edge.from != edge.to && edge.to != rootID && parentByChild[edge.to] == nil && parents.insert(edge.to).inserted
        }
        guard !newNodes.isEmpty || !newEdges.isEmpty else { return }
        let appending = newNodes.enumerated().allSatisfy { $0.element.index == nodes.count + $0.offset }
            && newEdges.enumerated().allSatisfy { $0.element.index == edges.count + $0.offset }
        if appending {
            for placed in newNodes { appendNode(placed.node) }
            for placed in newEdges { appendEdge(placed.edge) }
        } else {
            insertInPlace(nodes: newNodes, edges: newEdges)
        }
        nextNodeNumber = max(nextNodeNumber, (newNodes.map(\.node.id.rawValue).max() ?? 0) + 1)
        nextEdgeNumber = max(nextEdgeNumber, (newEdges.map(\.edge.id.rawValue).max() ?? 0) + 1)
        revision &+= 1
        structureRevision &+= 1
        textRevision &+= 1
    }

    /// Puts nodes and edges into the middle of the arrays: what follows them moves up, and the
    /// indexes are renumbered in place rather than rebuilt.
    private mutating func insertInPlace(nodes newNodes: [Fragment.PlacedNode], edges newEdges: [Fragment.PlacedEdge]) {
        let (mergedNodes, nodeMap, nodeSlots) = Self.merging(nodes, newNodes.map { ($0.index, $0.node) })
        let (mergedEdges, edgeMap, edgeSlots) = Self.merging(edges, newEdges.map { ($0.index, $0.edge) })
        nodes = mergedNodes
        edges = mergedEdges
        hiddenFlags = Self.spread(hiddenFlags, nodeMap, count: nodes.count, filler: false)
        edgesOfNode = Self.spread(edgesOfNode, nodeMap, count: nodes.count, filler: [])
        edgeBoxes = Self.spread(edgeBoxes, edgeMap, count: edges.count, filler: Rect(x: 0, y: 0, width: 0, height: 0))
        edgeEnds = Self.spread(edgeEnds, edgeMap, count: edges.count, filler: (from: Int32(0), to: Int32(0)))
        for e in edgeEnds.indices {
            edgeEnds[e] = (nodeMap.indices.contains(Int(edgeEnds[e].from)) ? nodeMap[Int(edgeEnds[e].from)] : 0,
                           nodeMap.indices.contains(Int(edgeEnds[e].to)) ? nodeMap[Int(edgeEnds[e].to)] : 0)
        }
        for i in edgesOfNode.indices where !edgesOfNode[i].isEmpty {
            edgesOfNode[i] = edgesOfNode[i].map { edgeMap[Int($0)] }
        }
        spatial.remap(nodes: nodeMap, edges: edgeMap)
        let firstMoved = min(nodeSlots.min() ?? nodes.count, nodes.count)
        for i in firstMoved..<nodes.count { indexByID[nodes[i].id] = i }
        for i in nodeSlots {
            spatial.insertNode(i, frame: nodes[i].frame)
            updateBounds(old: nil, new: nodes[i].frame)
        }
        for e in edgeSlots {
            let edge = edges[e]
            if edge.kind == .tree { parentByChild[edge.to] = edge.from }
            joinedPairs.insert(NodePair(edge.from, edge.to))
            let a = indexByID[edge.from] ?? 0, b = indexByID[edge.to] ?? 0
            edgeEnds[e] = (Int32(a), Int32(b))
            edgeBoxes[e] = computeEdgeBox(e)
            for end in Set([a, b]) {
                // Incidence lists stay in edge order: a node's children are listed in order.
                let at = edgesOfNode[end].firstIndex { $0 > Int32(e) } ?? edgesOfNode[end].count
                edgesOfNode[end].insert(Int32(e), at: at)
            }
            spatial.insertEdge(e, box: edgeBoxes[e])
        }
        if !foldedCounts.isEmpty || foldCountsStale || newNodes.contains(where: { $0.node.folded }) || hiddenCount > 0 {
            refreshVisibility(force: true)
        }
    }

    /// `base` with each `(index, item)` placed at its index (ascending), the map of old indices
    /// to new ones, and the new items' indices.
    private static func merging<T>(_ base: [T], _ inserted: [(Int, T)]) -> (items: [T], map: [Int32], slots: [Int]) {
        let pending = inserted.sorted { $0.0 < $1.0 }
        var result: [T] = []
        result.reserveCapacity(base.count + pending.count)
        var map = [Int32](repeating: 0, count: base.count)
        var slots: [Int] = []
        var k = 0
        for (old, item) in base.enumerated() {
            while k < pending.count, pending[k].0 <= result.count {
                slots.append(result.count)
                result.append(pending[k].1)
                k += 1
            }
            map[old] = Int32(result.count)
            result.append(item)
        }
        while k < pending.count {
            slots.append(result.count)
            result.append(pending[k].1)
            k += 1
        }
        return (result, map, slots)
    }

    /// `items` moved to their new indices in an array of `count`, the gaps filled.
    private static func spread<T>(_ items: [T], _ map: [Int32], count: Int, filler: T) -> [T] {
        var result = [T](repeating: filler, count: count)
        for (old, item) in items.enumerated() where old < map.count { result[Int(map[old])] = item }
        return result
    }

    /// The next IDs `addNode` and `connect` will hand out, so a command can name new nodes before making them.
    public var nextNodeID: NodeID { NodeID(nextNodeNumber) }
    public var nextEdgeID: EdgeID { EdgeID(nextEdgeNumber) }

    /// Reserves IDs for nodes and edges built outside the document (a paste): `insert` accepts them.
    public mutating func reserveIDs(nodes nodeCount: Int, edges edgeCount: Int) -> (nodes: [NodeID], edges: [EdgeID]) {
        let nodeIDs = (0..<max(nodeCount, 0)).map { NodeID(nextNodeNumber + $0) }
        let edgeIDs = (0..<max(edgeCount, 0)).map { EdgeID(nextEdgeNumber + $0) }
        nextNodeNumber += max(nodeCount, 0)
        nextEdgeNumber += max(edgeCount, 0)
        return (nodeIDs, edgeIDs)
    }

    /// Removes the last nodes and edges in place (undo of a create, link or paste), without
    /// re-deriving the indexes of everything else.
    private mutating func removeTail(nodeCount: Int, edgeCount: Int) {
        for _ in 0..<edgeCount {
            let e = edges.count - 1
            let edge = edges[e]
            if !isHidden(edgeAt: e) { spatial.removeEdge(e, box: edgeBoxes[e]) }
            let ends = edgeEnds[e]
            for end in Set([Int(ends.from), Int(ends.to)]) {
                if let last = edgesOfNode[end].lastIndex(of: Int32(e)) { edgesOfNode[end].remove(at: last) }
            }
            if edge.kind == .tree, parentByChild[edge.to] == edge.from { parentByChild[edge.to] = nil }
            joinedPairs.remove(NodePair(edge.from, edge.to))
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

    /// Re-derives folds after a structural change; re-files only if some node's flag changed.
    /// `force`: new nodes were filed as visible, so filings may be wrong even where flags match.
    private mutating func refreshVisibility(force: Bool = false) {
        let before = hiddenFlags
        computeVisibility()
        if force || hiddenFlags != before { rebuildSpatialIndex() }
    }

    /// Rebuilds a document from stored nodes and edges, keeping their IDs.
    ///
    /// Refuses anything that would not be a valid map: duplicate IDs, a missing root, edges to
    /// missing nodes, self-links, duplicate edges, a node with two parents, a parent for the root,
    /// or a cycle of tree edges. The first node in `nodes` need not be the root.
    public init(restoring storedNodes: [Node], edges storedEdges: [Edge], rootID: NodeID) throws(DocumentError) {
        guard let rootIndex = storedNodes.firstIndex(where: { $0.id == rootID }) else {
            throw .missingRoot(rootID)
        }
        self.rootID = rootID
        indexByID.reserveCapacity(storedNodes.count)
        nodes.reserveCapacity(storedNodes.count)
        joinedPairs.reserveCapacity(storedEdges.count)
        parentByChild.reserveCapacity(storedEdges.count)
        edges.reserveCapacity(storedEdges.count)
        var ordered = [storedNodes[rootIndex]]
        ordered.append(contentsOf: storedNodes[..<rootIndex])
        ordered.append(contentsOf: storedNodes[(rootIndex + 1)...])
        for node in ordered {
            guard indexByID[node.id] == nil else { throw .duplicateNode(node.id) }
            guard Self.isUsable(node.position) else { throw .badPosition(node.id) }
            indexByID[node.id] = nodes.count
            nodes.append(node)
        }
        for edge in storedEdges {
            guard contains(edge.from), contains(edge.to) else { throw .danglingEdge(edge.id) }
            guard edge.from != edge.to || edge.kind == .link else { throw .selfLink(edge.id) }
            let pair = NodePair(edge.from, edge.to)
            guard !joinedPairs.contains(pair) else { throw .duplicateEdge(edge.id) }
            if edge.kind == .tree {
                guard parentByChild[edge.to] == nil, edge.to != rootID else { throw .secondParent(edge.to) }
                parentByChild[edge.to] = edge.from
            }
            joinedPairs.insert(pair)
            edges.append(edge)
        }
        guard Set(edges.map(\.id)).count == edges.count else {
            throw .duplicateEdgeID
        }
        // A cycle of tree edges would leave every node on it with a parent and no way up to a top.
        // Walk up from each node, marking the path; a node met again on the same walk is a cycle.
        var parentIndex = [Int](repeating: -1, count: nodes.count)
        for (child, parent) in parentByChild {
            if let c = indexByID[child], let p = indexByID[parent] { parentIndex[c] = p }
        }
        var state = [UInt8](repeating: 0, count: nodes.count)   // 0 unseen, 1 on this walk, 2 reaches a top
        var path: [Int] = []
        for start in nodes.indices where state[start] == 0 {
            var current = start
            path.removeAll(keepingCapacity: true)
            while current >= 0 && state[current] == 0 {
                state[current] = 1
                path.append(current)
                current = parentIndex[current]
            }
            if current >= 0 && state[current] == 1 { throw .treeCycle(nodes[current].id) }
            for index in path { state[index] = 2 }
        }
        nextNodeNumber = (nodes.map(\.id.rawValue).max() ?? 0) + 1
        nextEdgeNumber = (edges.map(\.id.rawValue).max() ?? 0) + 1
        edgesOfNode = Array(repeating: [], count: nodes.count)
        edgeBoxes.reserveCapacity(edges.count)
        edgeEnds.reserveCapacity(edges.count)
        for e in edges.indices { cacheEdge(e) }
        computeVisibility()
        rebuildSpatialIndex()
    }

    private mutating func insertNode(text: String, at position: Vec2) -> NodeID {
        let id = NodeID(nextNodeNumber)
        nextNodeNumber += 1
        appendNode(Node(id: id, text: text, position: Self.isUsable(position) ? position : .zero))
        revision &+= 1
        structureRevision &+= 1
        textRevision &+= 1
        return id
    }

    /// Adds a node at the end of the array, visible (a tree edge to a hidden parent hides it).
    private mutating func appendNode(_ node: Node) {
        indexByID[node.id] = nodes.count
        nodes.append(node)
        edgesOfNode.append([])
        hiddenFlags.append(false)
        spatial.insertNode(nodes.count - 1, frame: nodes[nodes.count - 1].frame)
        updateBounds(old: nil, new: nodes[nodes.count - 1].frame)
    }

    /// Adds a valid edge at the end: indexes, folds and filing.
    private mutating func appendEdge(_ edge: Edge) {
        if edge.kind == .tree { parentByChild[edge.to] = edge.from }
        joinedPairs.insert(NodePair(edge.from, edge.to))
        edges.append(edge)
        let e = edges.count - 1
        cacheEdge(e)
        if edge.kind == .tree, let child = indexByID[edge.to], let parent = indexByID[edge.from] {
            if edgesOfNode[child].count == 1 {
                // A new leaf: it is hidden exactly when its parent is hidden or folded, and every
                // folded ancestor hides one more node.
                if hiddenFlags[parent] || nodes[parent].folded {
                    hiddenFlags[child] = true
                    hiddenCount += 1
                    spatial.removeNode(child, frame: nodes[child].frame)
                    bounds = computeBounds()
                }
                if hiddenFlags[parent] {
                    // Folded ancestors further up count it too; finding them is left to `settleFolds`.
                    foldCountsStale = true
                } else if nodes[parent].folded {
                    // A visible parent has no folded ancestor: only its own count changes.
                    foldedCounts[edge.from, default: 0] += 1
                }
            } else {
                // A node with edges of its own (a subtree) moved under a parent: derive it all.
                refreshVisibility()
            }
        }
        if !isHidden(edgeAt: e) { spatial.insertEdge(e, box: edgeBoxes[e]) }
    }
}

/// Nodes and edges with the places they held in a document's arrays: what a delete takes out
/// and its undo puts back, so undoing returns the exact document, draw order and all.
public struct Fragment: Equatable, Sendable {
    public struct PlacedNode: Equatable, Sendable {
        public var index: Int
        public var node: Node
        public init(index: Int, node: Node) {
            self.index = index
            self.node = node
        }
    }

    public struct PlacedEdge: Equatable, Sendable {
        public var index: Int
        public var edge: Edge
        public init(index: Int, edge: Edge) {
            self.index = index
            self.edge = edge
        }
    }

    /// In ascending index order.
    public var nodes: [PlacedNode]
    public var edges: [PlacedEdge]

    public init(nodes: [PlacedNode] = [], edges: [PlacedEdge] = []) {
        self.nodes = nodes.sorted { $0.index < $1.index }
        self.edges = edges.sorted { $0.index < $1.index }
    }

    public var isEmpty: Bool { nodes.isEmpty && edges.isEmpty }
}

/// Why stored nodes and edges do not make a valid map.
public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case missingRoot(NodeID)
    case duplicateNode(NodeID)
    case badPosition(NodeID)
    case danglingEdge(EdgeID)
    case selfLink(EdgeID)
    case duplicateEdge(EdgeID)
    case duplicateEdgeID
    case secondParent(NodeID)
    case treeCycle(NodeID)

    public var description: String {
        switch self {
        case .missingRoot(let id): return "the root node \(id) is missing"
        case .duplicateNode(let id): return "two nodes have the ID \(id)"
        case .badPosition(let id): return "node \(id) has a position that is not a number within ±100,000,000"
        case .danglingEdge(let id): return "edge \(id) joins a node that does not exist"
        case .selfLink(let id): return "tree edge \(id) makes a node its own child"
        case .duplicateEdge(let id): return "edge \(id) repeats another edge between the same two nodes"
        case .duplicateEdgeID: return "two edges have the same ID"
        case .secondParent(let id): return "node \(id) has more than one parent (or the root has one)"
        case .treeCycle(let id): return "the tree edges form a cycle through node \(id)"
        }
    }
}

/// Two node IDs in no particular order: `NodePair(a, b) == NodePair(b, a)`.
private struct NodePair: Hashable {
    let low: NodeID
    let high: NodeID

    init(_ a: NodeID, _ b: NodeID) {
        low = min(a, b)
        high = max(a, b)
    }
}
