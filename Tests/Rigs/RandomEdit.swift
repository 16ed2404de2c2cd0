import MeshpadCore

/// One random edit a person could make on a map, drawn from the map as a screen has it: for
/// the convergence tests (in memory, and against a real database through faults). Every kind
/// the log carries: new nodes, deletes, texts, moves, reparents (which may race into cycles
/// elsewhere), folds, styles, links and their looks, notes, and undo.
package enum RandomEdit {
    case change(label: String, [Change])
    /// Delete a node's branch, as the map is when the edit is made (a first delete may have
    /// taken part of it already).
    case deleteBranch(NodeID)
    /// Take back this screen's last own step.
    case undo

    /// The label and changes to make on `document` as it is now; nil for an undo.
    package func resolved(in document: Document) -> (label: String, changes: [Change])? {
        switch self {
        case .change(let label, let changes): return (label, changes)
        case .deleteBranch(let id): return ("delete", [.remove(document.fragment(nodes: Set(document.subtree(of: id)), edges: []))])
        case .undo: return nil
        }
    }

    /// The edits of one random move by a person (a delete may be two).
    package static func next(in document: Document, using random: inout SeededGenerator) -> [RandomEdit] {
        let nodes = document.nodes.map(\.id)
        let any = nodes[Int.random(in: 0..<nodes.count, using: &random)]
        let nonRoot = nodes.count > 1 ? nodes[Int.random(in: 1..<nodes.count, using: &random)] : nil
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<22:
            return [addChild(under: any, text: "n\(Int.random(in: 0..<1000, using: &random))", in: document)]
        case 22..<32:
            // why: the map stays a few dozen nodes, so the races stay close together.
            var edits: [RandomEdit] = []
            if let nonRoot, document.nodeCount > 12 { edits.append(.deleteBranch(nonRoot)) }
            if document.nodeCount > 60, let leaf = nodes.last(where: { !document.hasChildren($0) && $0 != document.rootID }) {
                edits.append(.deleteBranch(leaf))
            }
            return edits
        case 32..<50:
            return [.change(label: "text", [.setText(node: any, from: document.node(any)?.text ?? "",
                                                     to: "t\(Int.random(in: 0..<1000, using: &random))")])]
        case 50..<62:
            let at = document.node(any)?.position ?? .zero
            let to = at + Vec2(Double.random(in: -50...50, using: &random), Double.random(in: -50...50, using: &random))
            return [.change(label: "move", [.move(ids: [any], from: [at], to: [to])])]
        case 62..<74:
            guard let nonRoot else { return [] }
            let below = Set(document.subtree(of: nonRoot))
            let candidates = nodes.filter { !below.contains($0) && $0 != document.parent(of: nonRoot) }
            guard let target = candidates.randomElement(using: &random) else { return [] }
            return reparent(nonRoot, under: target, in: document).map { [$0] } ?? []
        case 74..<80:
            let folded = document.node(any)?.folded ?? false
            return [.change(label: "fold", [.setFolded(ids: [any], from: [folded], to: [!folded])])]
        case 80..<85:
            var style = document.node(any)?.style ?? NodeStyle()
            let before = style
            style.bold.toggle()
            return [.change(label: "style", [.setStyle(ids: [any], from: [before], to: [style])])]
        case 85..<90:
            guard let other = nodes.randomElement(using: &random), other != any else { return [] }
            let edge = Edge(id: document.nextEdgeID, from: any, to: other, kind: .link)
            return [.change(label: "link", [.insert(Fragment(edges: [.init(index: document.edges.count, edge: edge)]))])]
        case 90..<93:
            guard let link = document.edges.filter({ $0.kind == .link }).randomElement(using: &random) else { return [] }
            let before = LinkLook(label: link.label, arrows: link.arrows)
            return [.change(label: "link look", [.setLink(edge: link.id, from: before, to: LinkLook(
                label: "l\(Int.random(in: 0..<9, using: &random))", arrows: before.arrows.isEmpty ? .end : []))])]
        case 93..<95:
            var details = document.node(any)?.details ?? NodeDetails()
            let before = details
            details.note = "note \(Int.random(in: 0..<100, using: &random))"
            return [.change(label: "note", [.setDetails(node: any, from: before, to: details)])]
        default:
            return [.undo]
        }
    }

    /// A new child of `parent` holding `text`.
    package static func addChild(under parent: NodeID, text: String, in document: Document) -> RandomEdit {
        let node = Node(id: document.nextNodeID, text: text, position: (document.node(parent)?.position ?? .zero) + Vec2(150, 40))
        let edge = Edge(id: document.nextEdgeID, from: parent, to: node.id, kind: .tree)
        return .change(label: "new node", [.insert(Fragment(nodes: [.init(index: document.nodeCount, node: node)],
                                                             edges: [.init(index: document.edges.count, edge: edge)]))])
    }

    /// `id` moved under `parent` (its branch edge replaced).
    package static func reparent(_ id: NodeID, under parent: NodeID, in document: Document) -> RandomEdit? {
        guard let old = document.parent(of: id), let edge = document.edges.first(where: { $0.kind == .tree && $0.from == old && $0.to == id })
        else { return nil }
        let new = Edge(id: document.nextEdgeID, from: parent, to: id, kind: .tree)
        return .change(label: "move", [.remove(document.fragment(nodes: [], edges: [edge.id])),
                                       .insert(Fragment(edges: [.init(index: document.edges.count - 1, edge: new)]))])
    }

    /// A paste as a screen makes one: a small branch of three nodes (numbered as `document`
    /// numbers new things) under a random node, at the end of the arrays.
    package static func paste(in document: Document, using random: inout SeededGenerator) -> [Change] {
        let parent = document.nodes[Int.random(in: 0..<document.nodeCount, using: &random)].id
        let top = Node(id: document.nextNodeID, text: "p\(Int.random(in: 0..<999, using: &random))", position: Vec2(0, 300))
        let first = Node(id: NodeID(top.id.rawValue + 1), text: "p-a", position: Vec2(120, 300))
        let second = Node(id: NodeID(top.id.rawValue + 2), text: "p-b", position: Vec2(120, 340))
        let edges = [Edge(id: document.nextEdgeID, from: parent, to: top.id, kind: .tree),
                     Edge(id: EdgeID(document.nextEdgeID.rawValue + 1), from: top.id, to: first.id, kind: .tree),
                     Edge(id: EdgeID(document.nextEdgeID.rawValue + 2), from: top.id, to: second.id, kind: .tree)]
        return [.insert(Fragment(
            nodes: [top, first, second].enumerated().map { .init(index: document.nodeCount + $0.offset, node: $0.element) },
            edges: edges.enumerated().map { .init(index: document.edges.count + $0.offset, edge: $0.element) }))]
    }
}
