/// A change to the document that can be undone: every edit a person makes is one of these.
///
/// Commands hold both directions of the change, so undo never needs to consult history, and
/// a command and its inverse leave the document exactly as it was (nodes, edges, their order).
public enum Command: Equatable, Sendable {
    case move(ids: [NodeID], from: [Vec2], to: [Vec2])
    /// Puts nodes and edges in at the places the fragment names (create, paste, link, undo of delete).
    case insert(Fragment)
    /// Takes them out again (delete, cut, undo of create).
    case remove(Fragment)
    case setText(NodeID, from: String, to: String)
    case setFolded(ids: [NodeID], from: [Bool], to: [Bool])
    /// Node looks from the style panel (shape, colours, text, edge); sizes follow.
    case setStyle(ids: [NodeID], from: [NodeStyle], to: [NodeStyle])
    /// Tidy turns a map to tree mode; dragging a node of a tree-mode map turns it free.
    case setLayoutMode(from: Document.LayoutMode, to: Document.LayoutMode)
    /// Several commands as one undo step, carried out in order (a new node and its first text).
    case batch([Command])

    /// The command that undoes this one.
    public var inverse: Command {
        switch self {
        case .move(let ids, let from, let to):
            return .move(ids: ids, from: to, to: from)
        case .insert(let fragment):
            return .remove(fragment)
        case .remove(let fragment):
            return .insert(fragment)
        case .setText(let id, let from, let to):
            return .setText(id, from: to, to: from)
        case .setFolded(let ids, let from, let to):
            return .setFolded(ids: ids, from: to, to: from)
        case .setLayoutMode(let from, let to):
            return .setLayoutMode(from: to, to: from)
        case .setStyle(let ids, let from, let to):
            return .setStyle(ids: ids, from: to, to: from)
        case .batch(let commands):
            return .batch(commands.reversed().map(\.inverse))
        }
    }

    /// Short words for what it did, for the undo and redo banners and the HUD.
    public var summary: String {
        switch self {
        case .move(let ids, _, _): return ids.count == 1 ? "move" : "move \(ids.count) nodes"
        case .insert(let fragment): return fragment.nodes.isEmpty ? "link" : (fragment.nodes.count == 1 ? "new node" : "add \(fragment.nodes.count) nodes")
        case .remove(let fragment): return fragment.nodes.isEmpty ? "delete link" : "delete \(fragment.nodes.count == 1 ? "node" : "\(fragment.nodes.count) nodes")"
        case .setText: return "text"
        case .setFolded(_, _, let to): return to.allSatisfy { $0 } ? "fold" : "unfold"
        case .setLayoutMode(_, let to): return to == .tree ? "tidy" : "free layout"
        case .setStyle: return "style"
        case .batch(let commands): return commands.first?.summary ?? "change"
        }
    }
}

extension Document {
    /// Carries out a command. Text changes re-derive sizes with `sizing`.
    public mutating func apply(_ command: Command, sizing: NodeSizing) {
        switch command {
        case .move(let ids, _, let to):
            if ids.count > 64 {
                move(Dictionary(zip(ids, to), uniquingKeysWith: { _, last in last }))
            } else {
                for (id, position) in zip(ids, to) { move(id, to: position) }
            }
        case .insert(let fragment):
            insert(fragment)
        case .remove(let fragment):
            remove(fragment)
        case .setText(let id, _, let to):
            setText(to, of: id, sizing: sizing)
        case .setFolded(let ids, _, let to):
            for (id, folded) in zip(ids, to) { setFolded(id, folded) }
        case .setLayoutMode(_, let to):
            setLayoutMode(to)
        case .setStyle(let ids, _, let to):
            for (id, style) in zip(ids, to) { setStyle(style, of: id, sizing: sizing) }
        case .batch(let commands):
            for command in commands { apply(command, sizing: sizing) }
        }
    }
}
