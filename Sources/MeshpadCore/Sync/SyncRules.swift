/// The rules by which every screen carries out a shared map's operations, so that the same log
/// gives the same map everywhere.
///
/// An operation's changes say what a person meant ("this text", "these nodes here", "take out
/// these nodes"); the map they meet may have moved on since they were made. Each change is
/// carried out against the map as it is now, its `from` read afresh, so its record undoes
/// exactly what it did:
/// - fields (position, text, fold, style, details, a link's look, the layout mode) are
///   last-writer-wins in the log's order; changes to nodes that are gone are dropped —
/// - except text and details: an edit to a node someone deleted brings the node back, with the
///   text, under its old parent if that is still there (`Tombstones`), so nothing typed is lost;
///   a new child under a deleted node brings the parent back the same way;
/// - a delete takes out only nodes whose text is what the deleter saw: a node someone edited
///   meanwhile stays (its children whose parent went become free nodes);
/// - a node's parent is a field too: a move (an operation that takes a node's tree edge out and
///   puts another in) replaces whatever parent the node has by then;
/// - a move that would make a node its own ancestor (two people moving nodes under each other)
///   refuses the whole operation: it is taken back, and `Outcome.refusal` says why, for the
///   person who made it;
/// - a node or edge whose ID is already there is not inserted twice, and an edge that would give
///   a node it does not move a second parent is dropped.
/// Every decision reads only the map and the tombstones, which the log alone determines.
public enum SyncRules {
    /// Why an operation was refused.
    public enum Refusal: Equatable, Sendable {
        /// Putting `node` under `parent` would make it its own ancestor, or give it a second parent.
        case treeConflict(node: NodeID, parent: NodeID)
    }

    /// What carrying out an operation did.
    public struct Outcome: Sendable {
        /// The changes as carried out (empty if refused): undoing it restores the map exactly.
        public var transaction: Transaction
        public var refusal: Refusal?
        /// Deleted nodes an edit brought back.
        public var restored: [NodeID] = []
    }

    /// Carries out `changes` on `document` by the rules; `tombstones` learns what a delete took out.
    public static func carryOut(_ changes: [Change], label: String, on document: inout Document,
                                tombstones: inout Tombstones, sizing: NodeSizing) -> Outcome {
        var outcome = Outcome(transaction: Transaction(label: label))
        let moving = movedNodes(changes)
        for change in changes {
            for adapted in adapt(change, to: document, tombstones: tombstones, moving: moving, outcome: &outcome) {
                if case .remove(let fragment) = adapted { tombstones.bury(fragment) }
                outcome.transaction.apply(adapted, to: &document, sizing: sizing)
            }
            if outcome.refusal != nil {
                outcome.transaction.undo(on: &document, sizing: sizing)
                outcome.transaction = Transaction(label: label)
                return outcome
            }
        }
        return outcome
    }

    /// Nodes whose tree edge from their parent the operation takes out while keeping the node:
    /// what it moves to another parent.
    static func movedNodes(_ changes: [Change]) -> Set<NodeID> {
        var moved = Set<NodeID>()
        for case .remove(let fragment) in changes {
            let removed = Set(fragment.nodes.map(\.node.id))
            for placed in fragment.edges where placed.edge.kind == .tree && !removed.contains(placed.edge.to) { moved.insert(placed.edge.to) }
        }
        return moved
    }

    /// `change` as it applies to `document` now: zero, one or (a node brought back first) more changes.
    private static func adapt(_ change: Change, to document: Document, tombstones: Tombstones, moving: Set<NodeID>,
                              outcome: inout Outcome) -> [Change] {
        switch change {
        case .move(let ids, _, let to):
            let kept = zip(ids, to).filter { document.contains($0.0) }
            return Change.move(kept, in: document).map { [$0] } ?? []
        case .setText(let id, _, let to):
            var restoring = restore(id, in: document, tombstones: tombstones, outcome: &outcome)
            guard let current = document.node(id)?.text ?? restoring.restoredNode(id)?.text else { return [] }
            if current != to { restoring.append(.setText(node: id, from: current, to: to)) }
            return restoring
        case .setDetails(let id, _, let to):
            var restoring = restore(id, in: document, tombstones: tombstones, outcome: &outcome)
            guard let current = document.node(id)?.details ?? restoring.restoredNode(id)?.details else { return [] }
            if current != to { restoring.append(.setDetails(node: id, from: current, to: to)) }
            return restoring
        case .setAttributes(let id, _, let to):
            // Typed content like text: an edit to a node someone deleted brings the node back.
            var restoring = restore(id, in: document, tombstones: tombstones, outcome: &outcome)
            guard let current = document.node(id)?.attributes ?? restoring.restoredNode(id)?.attributes else { return [] }
            if current != to { restoring.append(.setAttributes(node: id, from: current, to: to)) }
            return restoring
        case .setFolded(let ids, _, let to):
            let kept = zip(ids, to).compactMap { id, folded in document.node(id).map { (id, $0.folded, folded) } }.filter { $0.1 != $0.2 }
            return kept.isEmpty ? [] : [.setFolded(ids: kept.map(\.0), from: kept.map(\.1), to: kept.map(\.2))]
        case .setStyle(let ids, _, let to):
            let kept = zip(ids, to).compactMap { id, style in document.node(id).map { (id, $0.style, style) } }.filter { $0.1 != $0.2 }
            return kept.isEmpty ? [] : [.setStyle(ids: kept.map(\.0), from: kept.map(\.1), to: kept.map(\.2))]
        case .setLink(let id, _, let to):
            guard let edge = document.edge(id) else { return [] }
            return edge.look == to ? [] : [.setLink(edge: id, from: edge.look, to: to)]
        case .setLayoutMode(_, let to):
            return document.layoutMode == to ? [] : [.setLayoutMode(from: document.layoutMode, to: to)]
        case .setPresentations(_, let to):
            // why: slides are one value, like the layout mode: the later step wins whole.
            return document.presentations == to ? [] : [.setPresentations(from: document.presentations, to: to)]
        case .remove(let fragment):
            let nodes = fragment.nodes.filter { document.node($0.node.id)?.text == $0.node.text }.map(\.node.id)
            let edges = fragment.edges.map(\.edge.id)
            let current = document.fragment(nodes: Set(nodes), edges: Set(edges))
            return current.isEmpty ? [] : [.remove(current)]
        case .insert(let fragment):
            return insert(fragment, into: document, tombstones: tombstones, moving: moving, outcome: &outcome)
        }
    }

    /// The part of `fragment` that can go in: nodes not there yet, then edges the map accepts.
    /// Ends that were deleted are brought back first. A tree edge to a node this operation
    /// took from its parent (a move) replaces the node's parent now, whoever set it: the parent
    /// is a field like any other, last writer wins. A tree edge that would close a cycle refuses
    /// the operation; one that would give a node not being moved a second parent is dropped.
    private static func insert(_ fragment: Fragment, into document: Document, tombstones: Tombstones, moving: Set<NodeID>,
                               outcome: inout Outcome) -> [Change] {
        var result: [Change] = []
        var arriving = Set(fragment.nodes.map(\.node.id))
        for placed in fragment.edges {
            for end in [placed.edge.from, placed.edge.to] where !arriving.contains(end) && !document.contains(end) {
                let restoring = restore(end, in: document, tombstones: tombstones, outcome: &outcome)
                for case .insert(let brought) in restoring { arriving.formUnion(brought.nodes.map(\.node.id)) }
                result += restoring
            }
        }
        // why: what is brought back or cut loose is not in `document` yet; judge edges against the map with it.
        var scratch = document
        func applyToScratch(_ change: Change) {
            var record = Transaction(label: "")
            record.apply(change, to: &scratch, sizing: nil)
        }
        result.forEach(applyToScratch)
        for placed in fragment.edges where placed.edge.kind == .tree {
            let edge = placed.edge
            guard scratch.contains(edge.from) || arriving.contains(edge.from), scratch.contains(edge.to) else { continue }
            guard scratch.parent(of: edge.to) != edge.from, !scratch.edgeIDs.contains(edge.id) else { continue }
            if closesCycle(edge, in: scratch) {
                outcome.refusal = .treeConflict(node: edge.to, parent: edge.from)
                return []
            }
            if moving.contains(edge.to), let parent = scratch.parent(of: edge.to),
               let current = scratch.edges.first(where: { $0.kind == .tree && $0.from == parent && $0.to == edge.to }) {
                let cut = Change.remove(scratch.fragment(nodes: [], edges: [current.id]))
                applyToScratch(cut)
                result.append(cut)
            }
        }
        let nodes = fragment.nodes.filter { !scratch.contains($0.node.id) && Document.isUsable($0.node.position) }
            .map { Fragment.PlacedNode(index: max(1, $0.index), node: $0.node) }
        let accepted = scratch.acceptedEdges(of: Fragment(nodes: nodes, edges: fragment.edges), joining: nodes.map(\.node.id))
        let kept = Fragment(nodes: nodes, edges: accepted)
        if !kept.isEmpty { result.append(.insert(kept)) }
        return result
    }

    /// True when hanging `edge.to` under `edge.from` would make it its own ancestor.
    private static func closesCycle(_ edge: Edge, in document: Document) -> Bool {
        var ancestor: NodeID? = edge.from
        var steps = 0
        while let current = ancestor, steps <= document.nodeCount {
            if current == edge.to { return true }
            ancestor = document.parent(of: current)
            steps += 1
        }
        return false
    }

    /// Changes that bring back `id` (and any deleted ancestors between it and a node still there)
    /// if a delete took it out; empty when it is there or was never deleted.
    private static func restore(_ id: NodeID, in document: Document, tombstones: Tombstones, outcome: inout Outcome) -> [Change] {
        guard !document.contains(id) else { return [] }
        var chain: [Tombstones.Grave] = []
        var next: NodeID? = id
        // why: bounded, so a chain of graves that loops (an ID reused) cannot spin.
        while let current = next, !document.contains(current), let grave = tombstones.graves[current], chain.count < 256 {
            chain.append(grave)
            next = grave.parentEdge?.edge.from
            if chain.contains(where: { $0.node.node.id == next }) { break }
        }
        guard !chain.isEmpty else { return [] }
        var changes: [Change] = []
        var brought = Set<NodeID>()
        for grave in chain.reversed() {
            var edges: [Fragment.PlacedEdge] = []
            if let edge = grave.parentEdge, document.contains(edge.edge.from) || brought.contains(edge.edge.from) { edges.append(edge) }
            let placed = Fragment.PlacedNode(index: max(1, grave.node.index), node: grave.node.node)
            changes.append(.insert(Fragment(nodes: [placed], edges: edges)))
            brought.insert(grave.node.node.id)
            outcome.restored.append(grave.node.node.id)
        }
        return changes
    }
}

/// What deletes took out of a shared map, kept so an edit that arrives after the delete can
/// bring the node back. Part of the state the log determines: every screen buries the same.
public struct Tombstones: Sendable, Equatable, Codable {
    /// A deleted node, where it was, and the tree edge from its parent.
    public struct Grave: Sendable, Equatable, Codable {
        public var node: Fragment.PlacedNode
        public var parentEdge: Fragment.PlacedEdge?
    }

    public private(set) var graves: [NodeID: Grave] = [:]

    public init() {}

    /// Remembers the nodes a delete takes out.
    mutating func bury(_ fragment: Fragment) {
        guard !fragment.nodes.isEmpty else { return }
        var parentEdges: [NodeID: Fragment.PlacedEdge] = [:]
        for placed in fragment.edges where placed.edge.kind == .tree { parentEdges[placed.edge.to] = placed }
        for placed in fragment.nodes { graves[placed.node.id] = Grave(node: placed, parentEdge: parentEdges[placed.node.id]) }
    }
}

extension [Change] {
    /// The node a restoring insert in these changes brings back.
    fileprivate func restoredNode(_ id: NodeID) -> Node? {
        for case .insert(let fragment) in self {
            if let placed = fragment.nodes.first(where: { $0.node.id == id }) { return placed.node }
        }
        return nil
    }
}
