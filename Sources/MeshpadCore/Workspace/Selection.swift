/// What is selected: nodes, with the one keys act on (the focus), or one edge — never both.
///
/// The focus is always one of the selected nodes (or nil); selecting an edge clears the nodes
/// and selecting nodes clears the edge. `prune` keeps it to what the map still shows.
public struct Selection: Equatable, Sendable {
    public private(set) var nodes: Set<NodeID> = []
    /// The node keyboard commands act on: the one selected last.
    public private(set) var focus: NodeID?
    /// A selected edge (a tap near it); Delete removes it.
    public private(set) var edge: EdgeID?

    public init(nodes: Set<NodeID> = [], focus: NodeID? = nil) {
        select(nodes, focus: focus)
    }

    public var isEmpty: Bool { nodes.isEmpty && edge == nil }

    public func contains(_ id: NodeID) -> Bool { nodes.contains(id) }

    /// Selects nodes (clearing any selected edge); `focus` defaults to the current focus if it
    /// stays selected, else the one node, else the newest.
    public mutating func select(_ ids: Set<NodeID>, focus newFocus: NodeID? = nil) {
        nodes = ids
        edge = nil
        if let newFocus, ids.contains(newFocus) {
            focus = newFocus
        } else if let current = focus, ids.contains(current) {
            focus = current
        } else {
            focus = ids.count == 1 ? ids.first : ids.max()
        }
    }

    public mutating func selectEdge(_ id: EdgeID) {
        nodes = []
        focus = nil
        edge = id
    }

    public mutating func clear() {
        nodes = []
        focus = nil
        edge = nil
    }

    /// Drops what no longer exists or is hidden in a fold.
    public mutating func prune(in document: Document) {
        let kept = nodes.filter { document.contains($0) && !document.isHidden($0) }
        if kept != nodes { select(kept, focus: focus) }
        if let edge, let index = document.edges.firstIndex(where: { $0.id == edge }) {
            if document.isHidden(edgeAt: index) { self.edge = nil }
        } else {
            edge = nil
        }
    }

    /// Everything wrong with it against `document`, in sentences.
    public func violations(in document: Document) -> [String] {
        var problems: [String] = []
        if let id = nodes.first(where: { !document.contains($0) || document.isHidden($0) }) {
            problems.append("the selection holds \(id), which does not exist or is hidden")
        }
        if let focus, !nodes.contains(focus) { problems.append("the focus \(focus) is not selected") }
        if let edge, document.edge(edge) == nil { problems.append("the selected edge \(edge) does not exist") }
        if edge != nil && !nodes.isEmpty { problems.append("an edge and nodes are selected together") }
        return problems
    }
}
