/// Where a new node goes: beside its parent, below its siblings, on the parent's outer side.
///
/// This is placement for a map in free mode, where nothing else moves: a new node never lands
/// on its siblings, but may come near other branches (a tree layout tidies the whole map).
public enum NodePlacement {
    public static let horizontalGap = 48.0
    public static let verticalGap = 12.0

    /// +1 for right, -1 for left: a root's new child goes to the side with fewer children
    /// (right on a tie); any other node's grows away from its own parent.
    public static func side(forChildOf parent: NodeID, in document: Document) -> Double {
        guard let node = document.node(parent) else { return 1 }
        if let grandparent = document.parent(of: parent).flatMap({ document.node($0) }) {
            return node.position.x < grandparent.position.x ? -1 : 1
        }
        guard parent == document.rootID else { return 1 }
        var right = 0, left = 0
        for child in document.children(of: parent) {
            guard let c = document.node(child) else { continue }
            if c.position.x < node.position.x { left += 1 } else { right += 1 }
        }
        return left < right ? -1 : 1
    }

    public static func newChild(of parent: NodeID, size: Vec2, in document: Document) -> Vec2 {
        guard let node = document.node(parent) else { return .zero }
        let side = side(forChildOf: parent, in: document)
        let x = node.position.x + side * (node.size.x / 2 + horizontalGap + size.x / 2)
        let siblings = document.children(of: parent).compactMap { document.node($0) }
            .filter { ($0.position.x - node.position.x) * side > 0 && !document.isHidden($0.id) }
        guard let bottom = siblings.map({ $0.position.y + $0.size.y / 2 }).max() else {
            return Vec2(x, node.position.y)
        }
        return Vec2(x, bottom + verticalGap + size.y / 2)
    }

    public static func newSibling(of sibling: NodeID, size: Vec2, before: Bool, in document: Document) -> Vec2 {
        guard let node = document.node(sibling) else { return .zero }
        let offset = node.size.y / 2 + verticalGap + size.y / 2
        return Vec2(node.position.x, node.position.y + (before ? -offset : offset))
    }

    /// Nodes and tree edges for pasted outline items, under `parent` (or free, around `point`),
    /// each item on its own row and each level in its own column, so nothing pasted overlaps.
    /// Their IDs are the document's next ones, which inserting the fragment takes up.
    public static func pastedFragment(_ items: [OutlineText.Item], under parent: NodeID?, at point: Vec2,
                                      sizing: NodeSizing, in document: Document) -> Fragment {
        guard !items.isEmpty else { return Fragment() }
        var nodes: [Node] = []
        var parents: [Int?] = []
        var open: [Int] = []
        for (i, item) in items.enumerated() {
            while open.count > item.depth { open.removeLast() }
            parents.append(open.last)
            open.append(i)
            var node = Node(id: NodeID(0), text: item.text, position: .zero)
            sizing.apply(to: &node)
            nodes.append(node)
        }
        let edgeCount = parents.filter { $0 != nil }.count + (parent == nil ? 0 : parents.filter { $0 == nil }.count)
        let ids = (nodes: (0..<nodes.count).map { NodeID(document.nextNodeID.rawValue + $0) },
                   edges: (0..<edgeCount).map { EdgeID(document.nextEdgeID.rawValue + $0) })
        let depthCount = (items.map(\.depth).max() ?? 0) + 1
        var columnWidth = [Double](repeating: 0, count: depthCount)
        for (i, item) in items.enumerated() { columnWidth[item.depth] = max(columnWidth[item.depth], nodes[i].size.x) }
        let direction = parent.map { side(forChildOf: $0, in: document) } ?? 1
        let first = parent.map { newChild(of: $0, size: nodes[0].size, in: document) } ?? point
        var columnX = [first.x]
        for d in 1..<max(depthCount, 1) {
            columnX.append(columnX[d - 1] + direction * (columnWidth[d - 1] / 2 + horizontalGap + columnWidth[d] / 2))
        }
        var y = first.y - nodes[0].size.y / 2
        var placed: [Fragment.PlacedNode] = []
        var edges: [Fragment.PlacedEdge] = []
        var nextEdge = 0
        for i in nodes.indices {
            var node = nodes[i]
            node = Node(id: ids.nodes[i], text: node.text, position: Vec2(columnX[items[i].depth], y + node.size.y / 2))
            sizing.apply(to: &node)
            y += node.size.y + verticalGap
            placed.append(Fragment.PlacedNode(index: document.nodeCount + i, node: node))
            if let from = parents[i].map({ ids.nodes[$0] }) ?? parent {
                edges.append(Fragment.PlacedEdge(index: document.edges.count + nextEdge,
                                                 edge: Edge(id: ids.edges[nextEdge], from: from, to: node.id, kind: .tree)))
                nextEdge += 1
            }
        }
        return Fragment(nodes: placed, edges: edges)
    }
}
