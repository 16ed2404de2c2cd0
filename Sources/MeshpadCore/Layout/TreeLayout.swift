/// A tidy mind-map layout: the root where it is, its branches balanced to the left and right.
///
/// Depth grows along x away from the root; siblings stack along y in the order they were made,
/// each subtree tucked against its neighbours as closely as their outlines allow
/// (`TreeContours`), never overlapping, whatever the node sizes. A child's left edge is
/// `horizontalGap` right of its own parent's right edge (mirrored on the left), so columns follow
/// each subtree's widths, as in Freeplane; siblings are at least `verticalGap` apart, and so are
/// the boxes of neighbouring subtrees. A parent is centred between its first and last child.
///
/// First-level branches keep the side a file gave them (`Node.side`). The others go, in order,
/// to the side whose branches weigh less (the right on a tie), a branch weighing the height of
/// its laid-out subtree, so the two sides come out about as tall:
/// `|left − right| ≤ max(|sided left − sided right|, heaviest unsided branch)`.
///
/// A folded node's descendants take no space and are placed at its centre, behind it. Free
/// trees (parentless nodes other than the root) are laid out the same way, facing right, in a
/// row below the map. Linear time and iterative: a 100,000-deep chain is fine. The same
/// document always gives the same positions.
public struct TreeLayout: Sendable {
    /// Between a parent's edge and its children's, in map units.
    public var horizontalGap = 48.0
    /// Between stacked siblings, and between any two neighbouring subtrees, in map units.
    public var verticalGap = 12.0
    /// Free trees keep their top where it is instead of going to the row below the map: a
    /// tree-mode map lays itself out after every edit, and a free node a person put somewhere
    /// must not jump away.
    public var keepsFreeTreesInPlace = false

    public init() {}

    public init(horizontalGap: Double, verticalGap: Double) {
        self.horizontalGap = horizontalGap
        self.verticalGap = verticalGap
    }

    /// Puts every node at its laid-out position at once, files the map once and clears
    /// `needsLayout`; no change is recorded (a map's first layout, before anyone sees it).
    ///
    /// why: it used to move the nodes as an edit does, a change made node by node through the
    /// ID index; with the filing the map got before the layout, dropping both took a 100k-node
    /// `.mm`'s measure and layout from 227 to 210 ms.
    public func apply(to document: inout Document) {
        document.settle(at: centres(for: document))
    }

    /// The settled centre of every node, hidden ones included; the document is not changed.
    public func positions(for document: Document) -> [NodeID: Vec2] {
        let centres = centres(for: document)
        var result = [NodeID: Vec2](minimumCapacity: centres.count)
        for (node, centre) in zip(document.nodes, centres) { result[node.id] = centre }
        return result
    }

    /// The settled centre of every node, in the order of `document.nodes`.
    public func centres(for document: Document) -> [Vec2] {
        let hierarchy = LayoutHierarchy(document)
        let count = hierarchy.count
        let horizontalGap = Self.usable(self.horizontalGap)
        let verticalGap = Self.usable(self.verticalGap)
        var width = [Double](repeating: 0, count: count), height = [Double](repeating: 0, count: count)
        for (i, node) in document.nodes.enumerated() {
            width[i] = Self.usable(node.size.x)
            height[i] = Self.usable(node.size.y)
        }

        // Left edges, measured from each top's left edge: fixed by the path down, before stacking.
        var reach = [Double](repeating: 0, count: count)
        let marks = document.hasSummaries ? document.nodes.map(\.summaryMarks) : []
        let offsets = marks.isEmpty ? nil : Self.summaryOffsets(hierarchy, document: document, marks: marks, width: width, gap: horizontalGap)
        for v in hierarchy.preorder {
            let vi = Int(v), p = Int(hierarchy.parent[vi])
            if p >= 0 && !hierarchy.hidden[vi] { reach[vi] = reach[p] + (offsets?[vi] ?? width[p] + horizontalGap) }
        }

        var contours = TreeContours(width: width, height: height, reach: reach,
                                    horizontalGap: horizontalGap, verticalGap: verticalGap)
        contours.marks = marks
        if !marks.isEmpty {
            // why: an empty summary still stands beside its group (its bracket points there, and
            // its words are typed there), so only empty group marks are left out of the stack.
            contours.unstacked = document.nodes.indices.map {
                document.nodes[$0].isPlaceholder && hierarchy.visibleChildren(of: $0).isEmpty && !marks[$0].contains(.summary)
            }
        }
        // A node's loops (links to itself) are drawn above it: the node above keeps clear of them.
        for e in document.edges.indices where document.edges[e].kind == .link {
            let ends = document.endpoints(ofEdgeAt: e)
            guard ends.from == ends.to else { continue }
            let above = document.nodes[ends.from].frame.minY - document.path(ofEdgeAt: e).bounds.minY
            if above.isFinite { contours.topMargin[ends.from] = max(contours.topMargin[ends.from], above) }
        }
        let clouded = document.hasClouds
        for v in hierarchy.preorder.reversed() where v != 0 && !hierarchy.hidden[Int(v)] {
            contours.layOut(Int(v), over: hierarchy.visibleChildren(of: Int(v)))
            // A cloud reaches beyond its subtree: its neighbours keep clear of all of it.
            if clouded && document.nodes[Int(v)].style.cloud != nil { contours.pad(Int(v), by: Document.cloudReach + verticalGap / 2) }
        }
        let sides = Self.sides(ofBranches: hierarchy.visibleChildren(of: 0), in: document, weights: contours)
        contours.layOutBranches(sides.right[...])
        contours.layOutBranches(sides.left[...])
        var facesLeft = [Bool](repeating: false, count: count)
        for branch in sides.left { facesLeft[Int(branch)] = true }

        var centres = [Vec2](repeating: .zero, count: count)
        let root = document.root
        let rootLeftEdge = root.position.x - width[0] / 2, rootRightEdge = root.position.x + width[0] / 2
        centres[0] = root.position
        for v in hierarchy.run(ofTop: 0).dropFirst() {
            let vi = Int(v), p = Int(hierarchy.parent[vi])
            if hierarchy.hidden[vi] {
                centres[vi] = centres[p]
                continue
            }
            if p != 0 { facesLeft[vi] = facesLeft[p] }
            let x = facesLeft[vi] ? rootRightEdge - reach[vi] - width[vi] / 2 : rootLeftEdge + reach[vi] + width[vi] / 2
            centres[vi] = Vec2(x, centres[p].y + contours.offsetY[vi])
        }

        // Free trees in a row below the map, left to right.
        guard hierarchy.topStarts.count > 1 else { return centres }
        var minX = Double.infinity, maxY = -Double.infinity
        for v in hierarchy.run(ofTop: 0) where !hierarchy.hidden[Int(v)] {
            minX = min(minX, centres[Int(v)].x - width[Int(v)] / 2)
            maxY = max(maxY, centres[Int(v)].y + height[Int(v)] / 2)
        }
        let rowTop = maxY + 4 * verticalGap + 40
        var left = minX
        for t in 1..<hierarchy.topStarts.count {
            let run = hierarchy.run(ofTop: t)
            if keepsFreeTreesInPlace, let top = run.first {
                left = document.nodes[Int(top)].position.x - width[Int(top)] / 2
            }
            for v in run {
                let vi = Int(v), p = Int(hierarchy.parent[vi])
                if p < 0 {
                    centres[vi] = keepsFreeTreesInPlace ? document.nodes[vi].position : Vec2(left + width[vi] / 2, rowTop - contours.top[vi])
                } else if hierarchy.hidden[vi] {
                    centres[vi] = centres[p]
                } else {
                    centres[vi] = Vec2(left + reach[vi] + width[vi] / 2, centres[p].y + contours.offsetY[vi])
                }
            }
            if let top = run.first { left += contours.extent[Int(top)] + 2 * horizontalGap }
        }
        return centres
    }

    /// How far each node's left edge is from its parent's, when the map has summaries: a gap
    /// past the parent for most, but for a summary a gap past the furthest node of the siblings
    /// it sums up (Freeplane puts it beyond them). Works out how far each branch reaches, leaves
    /// first, since a summary's place depends on its group's branches (summaries inside them too).
    static func summaryOffsets(_ hierarchy: LayoutHierarchy, document: Document, marks: [SummaryMarks], width: [Double],
                               gap: Double) -> [Double] {
        var offset = [Double](repeating: 0, count: width.count)
        var extent = width
        for v in hierarchy.preorder.reversed() where !hierarchy.hidden[Int(v)] {
            let vi = Int(v)
            let children = hierarchy.visibleChildren(of: vi)
            guard !children.isEmpty else { continue }
            for c in children { offset[Int(c)] = width[vi] + gap }
            // The root's branches group by side, as Freeplane's do.
            let sides: [[Int32]] = vi == 0
                ? [children.filter { document.nodes[Int($0)].side != .left }, children.filter { document.nodes[Int($0)].side == .left }]
                : [Array(children)]
            for run in sides {
                for group in SummaryGrouping.groups(in: run, marks: { marks[Int($0)] }) {
                    let furthest = run[group.members].reduce(0.0) { max($0, offset[Int($1)] + extent[Int($1)]) }
                    offset[Int(run[group.summary])] = furthest + gap
                }
            }
            extent[vi] = children.reduce(width[vi]) { max($0, offset[Int($1)] + extent[Int($1)]) }
        }
        return offset
    }

    /// First-level branches split into right and left, each in document order.
    static func sides(ofBranches branches: ArraySlice<Int32>, in document: Document,
                      weights contours: TreeContours) -> (right: [Int32], left: [Int32]) {
        var isLeft = [Bool](repeating: false, count: branches.count)
        var leftWeight = 0.0, rightWeight = 0.0
        // Sided branches first, so the greedy split below can make up for them.
        for (k, branch) in branches.enumerated() {
            switch document.nodes[Int(branch)].side {
            case .left?: isLeft[k] = true; leftWeight += contours.subtreeHeight(Int(branch))
            case .right?: rightWeight += contours.subtreeHeight(Int(branch))
            case nil: break
            }
        }
        for (k, branch) in branches.enumerated() where document.nodes[Int(branch)].side == nil {
            let weight = contours.subtreeHeight(Int(branch))
            // A summary stays on the side of the branch before it (its group's last).
            if k > 0, document.nodes[Int(branch)].summaryMarks.contains(.summary) {
                isLeft[k] = isLeft[k - 1]
                if isLeft[k] { leftWeight += weight } else { rightWeight += weight }
                continue
            }
            if rightWeight <= leftWeight { rightWeight += weight } else { isLeft[k] = true; leftWeight += weight }
        }
        var right: [Int32] = [], left: [Int32] = []
        for (k, branch) in branches.enumerated() {
            if isLeft[k] { left.append(branch) } else { right.append(branch) }
        }
        return (right, left)
    }

    /// A size or gap the layout can work with: negative or non-finite counts as none.
    private static func usable(_ value: Double) -> Double {
        value.isFinite ? max(value, 0) : 0
    }
}

extension Document {
    /// Derives node sizes and, for a map imported without positions, lays it out as a tree.
    ///
    /// `measured`: the map was measured with this very sizing as it was read (`MapFile.read(_:sizing:)`);
    /// only what that left unmeasured (clones, pictures) is measured now, and with
    /// `picturesLearned` (their sizes became known since) every node with a picture again.
    public mutating func prepareForDisplay(with sizing: NodeSizing, layout: TreeLayout = TreeLayout(), measured: Bool = false,
                                           picturesLearned: Bool = false) {
        settleFolds()
        measureUnfiled(with: sizing, onlyUnmeasured: measured, picturesToo: picturesLearned)
        // why: a map about to be laid out is filed by its layout; filing it here too would be wasted.
        if needsLayout {
            layout.apply(to: &self)
        } else {
            rebuildSpatialIndex()
        }
    }

    /// What `prepareForDisplay` does once the sizes are known (a map read with `MapFile.read(_:sizing:)`):
    /// folds settled and, for a map imported without positions, a tree layout.
    public mutating func layOutIfNeeded(_ layout: TreeLayout = TreeLayout()) {
        settleFolds()
        if needsLayout {
            layout.apply(to: &self)
        }
    }
}
