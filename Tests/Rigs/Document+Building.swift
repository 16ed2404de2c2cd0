@testable import MeshpadCore

/// Building a map in a test, a change at a time: each call is a transaction of one or a few
/// changes (through `Transaction.apply`, like every change), applied without sizes, whose record
/// nobody keeps. Tests only: the app builds maps with `MapBuilder` (construction, before any
/// document exists) and changes them through a workspace's history.
extension Document {
    /// Adds a free node (no parent) and returns its ID.
    @discardableResult
    package mutating func addNode(text: String, at position: Vec2) -> NodeID {
        add(Node(id: nextNodeID, text: text, position: position), under: nil) ?? rootID
    }

    /// Adds a node as a child of `parent`, joined by a tree edge. Returns nil if `parent` is unknown.
    @discardableResult
    package mutating func addChild(of parent: NodeID, text: String, at position: Vec2) -> NodeID? {
        add(Node(id: nextNodeID, text: text, position: position), under: parent)
    }

    /// Adds a node made whole beforehand (an importer's, with its style and details), under
    /// `parent` or free; it gets the next ID whatever ID it carries. Nil if `parent` is unknown.
    @discardableResult
    package mutating func add(_ prepared: Node, under parent: NodeID?) -> NodeID? {
        if let parent, !contains(parent) { return nil }
        var node = Node(id: nextNodeID, text: prepared.text, position: Self.isUsable(prepared.position) ? prepared.position : .zero,
                        folded: prepared.folded)
        node.style = prepared.style
        node.details = prepared.details
        var fragment = Fragment(nodes: [.init(index: nodeCount, node: node)])
        if let parent { fragment.edges = [.init(index: edges.count, edge: Edge(id: nextEdgeID, from: parent, to: node.id, kind: .tree))] }
        build("add node", [.insert(fragment)])
        return node.id
    }

    /// Joins two nodes. Refuses (returns nil) unknown nodes, and a tree edge that would give a
    /// node a second parent, make it its own child or close a cycle. Links may repeat, run along
    /// a branch or join a node to itself, as Freeplane's may.
    @discardableResult
    package mutating func connect(_ from: NodeID, to: NodeID, kind: Edge.Kind = .link, arrows: Edge.Arrows = []) -> EdgeID? {
        guard canJoin(from, to, kind: kind) else { return nil }
        let edge = Edge(id: nextEdgeID, from: from, to: to, kind: kind, arrows: arrows)
        build("connect", [.insert(Fragment(edges: [.init(index: edges.count, edge: edge)]))])
        return edge.id
    }

    /// Changes what a node stores (text, position, fold, style, details) as the changes that
    /// field by field turn the node into what `change` makes of it. The ID cannot change.
    package mutating func modify(_ id: NodeID, _ change: (inout Node) -> Void) {
        guard let old = node(id) else { return }
        var new = old
        change(&new)
        var changes: [Change] = []
        if new.text != old.text { changes.append(.setText(node: id, from: old.text, to: new.text)) }
        if new.style != old.style { changes.append(.setStyle(ids: [id], from: [old.style], to: [new.style])) }
        if new.details != old.details { changes.append(.setDetails(node: id, from: old.details, to: new.details)) }
        if new.attributes != old.attributes { changes.append(.setAttributes(node: id, from: old.attributes, to: new.attributes)) }
        if new.folded != old.folded { changes.append(.setFolded(ids: [id], from: [old.folded], to: [new.folded])) }
        if new.position != old.position { changes.append(.move(ids: [id], from: [old.position], to: [new.position])) }
        build("modify", changes)
    }

    /// Folds or unfolds a node: its descendants disappear or come back.
    package mutating func setFolded(_ id: NodeID, _ folded: Bool) {
        modify(id) { $0.folded = folded }
    }

    package mutating func setLayoutMode(_ mode: LayoutMode) {
        build("layout mode", [.setLayoutMode(from: layoutMode, to: mode)])
    }

    /// Moves nodes to new places at once (a force layout's result): `positions[k]` for `ids[k]`.
    package mutating func place(_ ids: [NodeID], at positions: [Vec2]) {
        if let move = Change.move(zip(ids, positions), in: self) { build("place", [move]) }
    }

    private mutating func build(_ label: String, _ changes: [Change]) {
        guard !changes.isEmpty else { return }
        var transaction = Transaction(label: label)
        for change in changes { transaction.apply(change, to: &self, sizing: nil) }
    }
}

extension Document {
    /// Carries out changes as one transaction outside any workspace (a test's map). Sizes are
    /// derived with `sizing`.
    @discardableResult
    package mutating func transact(_ label: String, sizing: NodeSizing? = nil,
                                  _ changes: [Change]) -> Transaction {
        var transaction = Transaction(label: label)
        for change in changes { transaction.apply(change, to: &self, sizing: sizing) }
        return transaction
    }
}

extension ForceLayout {
    /// Moves the document's nodes to where the layout has them now (one change; the workspace
    /// records a running layout's moves in its `.layout` transaction instead).
    package func apply(to document: inout Document) {
        document.place(nodeIDs, at: positions)
    }
}
