/// A simple balanced mind-map layout: the root in the middle, branches to the left and right.
///
/// Each subtree is stacked vertically and its parent centred on it; first-level branches keep
/// the side a file gave them (`Node.side`) and the rest go to the lighter side. Linear time and
/// iterative (a 100,000-deep chain does not overflow the stack). Free trees (nodes without a
/// parent, other than the root) are laid out the same way and placed in a row below the map.
/// The full tidy-tree layout with fold awareness comes with the layout work; this one is what
/// imported maps without positions need to be readable.
public struct TreeLayout: Sendable {
    public var horizontalGap = 48.0
    public var verticalGap = 12.0

    public init() {}

    public func apply(to document: inout Document) {
        let children = document.childrenByParent()
        var sizes: [NodeID: Vec2] = [:]
        for node in document.nodes { sizes[node.id] = node.size }
        var positions: [NodeID: Vec2] = [:]

        // Heights of every subtree, bottom-up, without recursion.
        var height: [NodeID: Double] = [:]
        let tops = [document.rootID] + document.nodes.map(\.id).filter { $0 != document.rootID && document.parent(of: $0) == nil }
        for top in tops {
            var stack: [(NodeID, Bool)] = [(top, false)]
            while let (id, expanded) = stack.popLast() {
                let kids = children[id] ?? []
                if expanded || kids.isEmpty {
                    let stacked = kids.reduce(0) { $0 + (height[$1] ?? 0) } + Double(max(kids.count - 1, 0)) * verticalGap
                    height[id] = max(sizes[id]?.y ?? 0, stacked)
                } else {
                    stack.append((id, true))
                    for kid in kids { stack.append((kid, false)) }
                }
            }
        }

        // The root's branches, split left and right.
        let branches = children[document.rootID] ?? []
        var left: [NodeID] = [], right: [NodeID] = []
        var leftWeight = 0.0, rightWeight = 0.0
        for branch in branches {
            let weight = height[branch] ?? 0
            switch document.node(branch)?.side {
            case .left?: left.append(branch); leftWeight += weight
            case .right?: right.append(branch); rightWeight += weight
            case nil:
                if rightWeight <= leftWeight { right.append(branch); rightWeight += weight } else { left.append(branch); leftWeight += weight }
            }
        }

        /// Places a subtree's descendants and returns the right-most extent it reached.
        @discardableResult
        func place(_ kids: [NodeID], beside parent: NodeID, direction: Double) -> Double {
            var rightmost = (positions[parent]?.x ?? 0) + (sizes[parent]?.x ?? 0) / 2
            var queue: [(kids: [NodeID], parent: NodeID)] = [(kids, parent)]
            while let (group, parentID) = queue.popLast() {
                guard let parentPosition = positions[parentID], let parentSize = sizes[parentID] else { continue }
                let total = group.reduce(0) { $0 + (height[$1] ?? 0) } + Double(max(group.count - 1, 0)) * verticalGap
                var y = parentPosition.y - total / 2
                for kid in group {
                    let h = height[kid] ?? 0, w = sizes[kid]?.x ?? 0
                    let x = parentPosition.x + direction * (parentSize.x / 2 + horizontalGap + w / 2)
                    positions[kid] = Vec2(x, y + h / 2)
                    rightmost = max(rightmost, x + w / 2)
                    y += h + verticalGap
                    if let grandchildren = children[kid], !grandchildren.isEmpty { queue.append((grandchildren, kid)) }
                }
            }
            return rightmost
        }

        positions[document.rootID] = .zero
        place(right, beside: document.rootID, direction: 1)
        place(left, beside: document.rootID, direction: -1)

        // Free trees in a row below everything placed so far.
        let bottom = positions.reduce(0.0) { max($0, $1.value.y + (sizes[$1.key]?.y ?? 0) / 2) }
        let rowTop = bottom + 4 * verticalGap + 40
        var x = positions.reduce(0.0) { min($0, $1.value.x - (sizes[$1.key]?.x ?? 0) / 2) }
        for top in tops.dropFirst() {
            let h = height[top] ?? 0, w = sizes[top]?.x ?? 0
            positions[top] = Vec2(x + w / 2, rowTop + h / 2)
            x = place(children[top] ?? [], beside: top, direction: 1) + horizontalGap * 2
        }

        document.move(positions)
        document.needsLayout = false
    }
}

extension Document {
    /// Derives node sizes and, for a map imported without positions, lays it out as a tree.
    public mutating func prepareForDisplay(with sizing: NodeSizing) {
        settleFolds()
        measureAll(with: sizing)
        if needsLayout {
            TreeLayout().apply(to: &self)
        }
    }
}
