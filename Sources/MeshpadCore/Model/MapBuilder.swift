/// Builds a new map fast: nodes and edges go into plain arrays, checked as they come, and the
/// document's indexes are made once, at the end.
///
/// What importers, the sample and procedural maps use. It is construction, not change: there is
/// no document until `build()`, so nothing here bypasses a transaction. IDs are given in order
/// (`n1` is the root), as the incremental builders on `Document` give them.
public struct MapBuilder {
    public private(set) var nodes: [Node] = []
    public private(set) var edges: [Edge] = []
    public let rootID: NodeID
    /// Set by formats without positions: the map is laid out as a tree once sizes are known.
    public var needsLayout = false
    public var layoutMode = Document.LayoutMode.free
    /// What a `.mm` file held beyond what Meshpad models (its importer sets it).
    public var mindMapSource: MindMapSource?
    /// The map's presentations (a `.mm`'s Freeplane presentations), by the IDs given here.
    public var presentations: [Presentation] = []
    private var indexByID: [NodeID: Int] = [:]
    private var parentByChild: [NodeID: NodeID] = [:]

    /// A map of one root node at the origin, with `root`'s text, style and details.
    public init(root: Node) {
        rootID = NodeID(1)
        append(root)
    }

    public init(rootText: String) {
        self.init(root: Node(id: NodeID(1), text: rootText, position: .zero))
    }

    public var nodeCount: Int { nodes.count }

    /// Makes room for `count` nodes and as many edges at once.
    ///
    /// why: an importer that can tell how big the map is spares growing the arrays and the ID
    /// indexes step by step (each step copies or rehashes all that came before).
    public mutating func reserveCapacity(_ count: Int) {
        let count = max(0, count)
        nodes.reserveCapacity(count)
        edges.reserveCapacity(count)
        indexByID.reserveCapacity(count)
        parentByChild.reserveCapacity(count)
    }

    public func contains(_ id: NodeID) -> Bool { indexByID[id] != nil }

    public func node(_ id: NodeID) -> Node? { indexByID[id].map { nodes[$0] } }

    /// Where a node is in `nodes` (and will be in the document's).
    func index(of id: NodeID) -> Int? { indexByID[id] }

    /// Gives nodes the sizes measured from them elsewhere (`BackgroundMeasuring`), by index.
    mutating func adopt(_ measured: [(index: Int, measures: Node.Measures)]) {
        for (index, measures) in measured {
            assert(nodes.indices.contains(index), "a measured node's index is not the builder's")
            guard nodes.indices.contains(index) else { continue }
            nodes[index].adopt(measures)
        }
    }

    /// Adds a node (its ID is replaced by the next one), under `parent` or free. Nil if `parent`
    /// is unknown.
    @discardableResult
    public mutating func add(_ node: Node, under parent: NodeID?) -> NodeID? {
        if let parent, !contains(parent) { return nil }
        let id = append(node)
        if let parent {
            parentByChild[id] = parent
            edges.append(Edge(id: EdgeID(edges.count + 1), from: parent, to: id, kind: .tree))
        }
        return id
    }

    @discardableResult
    public mutating func addChild(of parent: NodeID, text: String, at position: Vec2) -> NodeID? {
        add(Node(id: rootID, text: text, position: position), under: parent)
    }

    @discardableResult
    public mutating func addNode(text: String, at position: Vec2) -> NodeID {
        add(Node(id: rootID, text: text, position: position), under: nil) ?? rootID
    }

    /// Links two nodes (again, along a branch, or a node to itself, as Freeplane allows); nil
    /// (nothing added) for an unknown node.
    @discardableResult
    public mutating func link(_ from: NodeID, to: NodeID, look: LinkLook = LinkLook()) -> EdgeID? {
        guard contains(from), contains(to) else { return nil }
        let id = EdgeID(edges.count + 1)
        edges.append(Edge(id: id, from: from, to: to, kind: .link, look: look))
        return id
    }

    /// Changes what a node holds (its ID and position aside).
    public mutating func modify(_ id: NodeID, _ change: (inout Node) -> Void) {
        guard let i = indexByID[id] else { return }
        var node = nodes[i]
        change(&node)
        nodes[i] = Node(id: id, replacing: node)
    }

    /// Each node's children in the order they were added.
    public func childrenByParent() -> [NodeID: [NodeID]] {
        var result: [NodeID: [NodeID]] = [:]
        for edge in edges where edge.kind == .tree { result[edge.from, default: []].append(edge.to) }
        return result
    }

    /// The map, its indexes derived once. Sizes are derived later (`measureAll`, `prepareForDisplay`).
    public func build() -> Document {
        // why: node n is at index n - 1 (`append` numbers them in order and nothing is taken
        // out), so each edge's ends are known without looking 200,000 IDs up at 100k nodes.
        assert(nodes.indices.allSatisfy { indexByID[nodes[$0].id] == $0 && nodes[$0].id.rawValue == $0 + 1 })
        let ends = edges.map { (from: Int32(truncatingIfNeeded: $0.from.rawValue - 1), to: Int32(truncatingIfNeeded: $0.to.rawValue - 1)) }
        var document = Document(built: nodes, edges: edges, rootID: rootID, indexByID: indexByID, parentByChild: parentByChild,
                                edgeEnds: ends, layoutMode: layoutMode, needsLayout: needsLayout, mindMapSource: mindMapSource)
        document.presentations = presentations
        return document
    }

    @discardableResult
    private mutating func append(_ node: Node) -> NodeID {
        let id = NodeID(nodes.count + 1)
        indexByID[id] = nodes.count
        nodes.append(Node(id: id, replacing: node))
        return id
    }
}

extension Node {
    /// `node`'s content under another ID, at a usable position.
    init(id: NodeID, replacing node: Node) {
        self.init(id: id, text: node.text, position: Document.isUsable(node.position) ? node.position : .zero, folded: node.folded)
        style = node.style
        details = node.details
        attributes = node.attributes
    }
}
