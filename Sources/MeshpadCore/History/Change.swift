/// One primitive change to a map, holding both what it replaces and what it puts: the unit a
/// `Transaction` records, undo inverts, and a shared map will send.
///
/// Changes name nodes and edges by their stable IDs; `Fragment`s also carry the array places
/// they held, so undoing a delete puts everything back in its exact place (draw order and
/// children order included). A change and its `inverse` leave the document exactly as it was.
/// Codable, so the same record can be written to a journal or a database.
public enum Change: Equatable, Sendable, Codable {
    /// Nodes moved (a drag, a layout, a text that grew): one entry per node.
    case move(ids: [NodeID], from: [Vec2], to: [Vec2])
    /// Nodes and edges put in at the places the fragment names (create, paste, link, undo of delete).
    case insert(Fragment)
    /// Nodes and edges taken out (delete, cut, undo of create).
    case remove(Fragment)
    case setText(node: NodeID, from: String, to: String)
    case setFolded(ids: [NodeID], from: [Bool], to: [Bool])
    /// Node looks from the style panel (shape, colours, text, edge); sizes follow.
    case setStyle(ids: [NodeID], from: [NodeStyle], to: [NodeStyle])
    /// What a node carries besides its text: note, link, icons, side, the ID another program gave it.
    case setDetails(node: NodeID, from: NodeDetails, to: NodeDetails)
    /// A link's labels, arrowheads, colour, width and dash, from its menu.
    case setLink(edge: EdgeID, from: LinkLook, to: LinkLook)
    /// A node's attribute table: a row edited, added or deleted, or the table folded.
    case setAttributes(node: NodeID, from: AttributeTable, to: AttributeTable)
    /// Tidy turns a map to tree mode; dragging a node of a tree-mode map turns it free.
    case setLayoutMode(from: Document.LayoutMode, to: Document.LayoutMode)
    /// The map's presentations (slides added, reordered, deleted, a presentation named), whole.
    case setPresentations(from: [Presentation], to: [Presentation])

    /// The move of each node to its target, for the nodes the document has and the targets it
    /// can take (finite, within its limits); nil when that moves nothing. `keepingStill`
    /// lists nodes already at their target too, so a layout's steps merge into one change.
    public static func move(_ targets: some Sequence<(NodeID, Vec2)>, in document: Document, keepingStill: Bool = false) -> Change? {
        var ids: [NodeID] = [], from: [Vec2] = [], to: [Vec2] = []
        for (id, target) in targets where Document.isUsable(target) {
            guard let current = document.node(id)?.position, keepingStill || current != target else { continue }
            ids.append(id)
            from.append(current)
            to.append(target)
        }
        return ids.isEmpty ? nil : .move(ids: ids, from: from, to: to)
    }

    /// The change that undoes this one.
    public var inverse: Change {
        switch self {
        case .move(let ids, let from, let to): return .move(ids: ids, from: to, to: from)
        case .insert(let fragment): return .remove(fragment)
        case .remove(let fragment): return .insert(fragment)
        case .setText(let id, let from, let to): return .setText(node: id, from: to, to: from)
        case .setFolded(let ids, let from, let to): return .setFolded(ids: ids, from: to, to: from)
        case .setStyle(let ids, let from, let to): return .setStyle(ids: ids, from: to, to: from)
        case .setDetails(let id, let from, let to): return .setDetails(node: id, from: to, to: from)
        case .setLink(let id, let from, let to): return .setLink(edge: id, from: to, to: from)
        case .setAttributes(let id, let from, let to): return .setAttributes(node: id, from: to, to: from)
        case .setLayoutMode(let from, let to): return .setLayoutMode(from: to, to: from)
        case .setPresentations(let from, let to): return .setPresentations(from: to, to: from)
        }
    }

    /// True when it changes nothing (a move to where the node is, the same text again).
    public var isIdentity: Bool {
        switch self {
        case .move(_, let from, let to): return from == to
        case .insert(let fragment), .remove(let fragment): return fragment.isEmpty
        case .setText(_, let from, let to): return from == to
        case .setFolded(_, let from, let to): return from == to
        case .setStyle(_, let from, let to): return from == to
        case .setDetails(_, let from, let to): return from == to
        case .setLink(_, let from, let to): return from == to
        case .setAttributes(_, let from, let to): return from == to
        case .setLayoutMode(let from, let to): return from == to
        case .setPresentations(let from, let to): return from == to
        }
    }

    /// True for changes to which nodes and edges exist (inserts and removes): what a
    /// transaction never merges across.
    public var isStructural: Bool {
        switch self {
        case .insert, .remove: return true
        default: return false
        }
    }

    /// True when both set the same field of some node (or the map's layout mode): the later
    /// one overwrites what the earlier one set, so neither may be merged across the other.
    public func overlaps(_ other: Change) -> Bool {
        switch (self, other) {
        case (.move(let a, _, _), .move(let b, _, _)): return Self.share(a, b)
        case (.setText(let a, _, _), .setText(let b, _, _)): return a == b
        case (.setFolded(let a, _, _), .setFolded(let b, _, _)): return Self.share(a, b)
        case (.setStyle(let a, _, _), .setStyle(let b, _, _)): return Self.share(a, b)
        case (.setDetails(let a, _, _), .setDetails(let b, _, _)): return a == b
        case (.setLink(let a, _, _), .setLink(let b, _, _)): return a == b
        case (.setAttributes(let a, _, _), .setAttributes(let b, _, _)): return a == b
        case (.setLayoutMode, .setLayoutMode): return true
        case (.setPresentations, .setPresentations): return true
        default: return false
        }
    }

    private static func share(_ a: [NodeID], _ b: [NodeID]) -> Bool {
        if a == b { return true }
        let (smaller, larger) = a.count <= b.count ? (a, b) : (b, a)
        // why: a drag's or a text's few nodes against a layout's many: a scan beats hashing them all.
        if smaller.count <= 8 { return smaller.contains { larger.contains($0) } }
        let lookup = Set(larger)
        return smaller.contains { lookup.contains($0) }
    }

    /// This change followed by `next`, as one change, when both set the same field of the same
    /// nodes (a drag's moves, a text typed letter by letter); nil otherwise.
    public func merged(with next: Change) -> Change? {
        switch (self, next) {
        case (.move(let ids, let from, _), .move(let nextIDs, _, let to)) where ids == nextIDs:
            return .move(ids: ids, from: from, to: to)
        case (.setText(let id, let from, _), .setText(let nextID, _, let to)) where id == nextID:
            return .setText(node: id, from: from, to: to)
        case (.setFolded(let ids, let from, _), .setFolded(let nextIDs, _, let to)) where ids == nextIDs:
            return .setFolded(ids: ids, from: from, to: to)
        case (.setStyle(let ids, let from, _), .setStyle(let nextIDs, _, let to)) where ids == nextIDs:
            return .setStyle(ids: ids, from: from, to: to)
        case (.setDetails(let id, let from, _), .setDetails(let nextID, _, let to)) where id == nextID:
            return .setDetails(node: id, from: from, to: to)
        case (.setLink(let id, let from, _), .setLink(let nextID, _, let to)) where id == nextID:
            return .setLink(edge: id, from: from, to: to)
        case (.setAttributes(let id, let from, _), .setAttributes(let nextID, _, let to)) where id == nextID:
            return .setAttributes(node: id, from: from, to: to)
        case (.setLayoutMode(let from, _), .setLayoutMode(_, let to)):
            return .setLayoutMode(from: from, to: to)
        case (.setPresentations(let from, _), .setPresentations(_, let to)):
            return .setPresentations(from: from, to: to)
        default:
            return nil
        }
    }

    /// Short words for what it did, for the HUD and the soak's trace.
    public var summary: String {
        switch self {
        case .move(let ids, _, _): return ids.count == 1 ? "move" : "move \(ids.count) nodes"
        case .insert(let fragment):
            return fragment.nodes.isEmpty ? "link" : (fragment.nodes.count == 1 ? "new node" : "add \(fragment.nodes.count) nodes")
        case .remove(let fragment):
            return fragment.nodes.isEmpty ? "delete link" : "delete \(fragment.nodes.count == 1 ? "node" : "\(fragment.nodes.count) nodes")"
        case .setText: return "text"
        case .setFolded(_, _, let to): return to.allSatisfy { $0 } ? "fold" : "unfold"
        case .setLayoutMode(_, let to): return to == .tree ? "tidy" : "free layout"
        case .setPresentations: return "slides"
        case .setStyle: return "style"
        case .setDetails: return "details"
        case .setLink: return "link look"
        case .setAttributes(_, let from, let to): return from.rows == to.rows ? (to.folded ? "fold attributes" : "unfold attributes") : "attributes"
        }
    }
}
