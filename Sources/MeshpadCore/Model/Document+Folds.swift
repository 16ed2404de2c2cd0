/// Which nodes a fold hides, and how many each fold hides (its badge), kept beside the arrays.
extension Document {
    /// Re-derives the fold counts if a change left them stale (the workspace calls it after
    /// every event, importers once at the end), so drawing never has to.
    public mutating func settleFolds() {
        guard foldCountsStale else { return }
        refreshVisibility()
    }

    /// Re-derives folds after a structural change; re-files only if some node's flag changed.
    /// `force`: new nodes were filed as visible, so filings may be wrong even where flags match.
    mutating func refreshVisibility(force: Bool = false) {
        let before = hiddenFlags
        computeVisibility()
        if force || hiddenFlags != before { rebuildSpatialIndex() }
    }

    /// Derives every node's hidden flag and every fold's hidden count from the tree (O(n)).
    mutating func computeVisibility() {
        foldCountsStale = false
        hiddenFlags = [Bool](repeating: false, count: nodes.count)
        hiddenCount = 0
        foldedCounts = [:]
        guard nodes.contains(where: \.folded) else { return }
        // Parents before children, by walking down from every node without a parent.
        var order: [Int32] = []
        order.reserveCapacity(nodes.count)
        var parentIndex = [Int32](repeating: -1, count: nodes.count)
        var stack: [Int32] = []
        for i in nodes.indices where parentByChild[nodes[i].id] == nil { stack.append(Int32(i)) }
        while let i = stack.popLast() {
            order.append(i)
            let hideChildren = hiddenFlags[Int(i)] || nodes[Int(i)].folded
            for e in edgesOfNode[Int(i)] {
                let ends = edgeEnds[Int(e)]
                guard edges[Int(e)].kind == .tree, ends.from == i else { continue }
                hiddenFlags[Int(ends.to)] = hideChildren
                parentIndex[Int(ends.to)] = i
                stack.append(ends.to)
            }
        }
        var descendants = [Int32](repeating: 0, count: nodes.count)
        for i in order.reversed() {
            let p = parentIndex[Int(i)]
            if p >= 0 { descendants[Int(p)] += descendants[Int(i)] + 1 }
            if nodes[Int(i)].folded && descendants[Int(i)] > 0 { foldedCounts[nodes[Int(i)].id] = Int(descendants[Int(i)]) }
            if hiddenFlags[Int(i)] { hiddenCount += 1 }
        }
    }

    /// A node was folded or unfolded: re-derive the flags of its subtree and re-file what changed,
    /// in time proportional to the subtree.
    mutating func foldChanged(at index: Int) {
        let id = nodes[index].id
        var changed: [Int] = []
        var stack: [(Int, Bool)] = [(index, hiddenFlags[index])]
        var descendantCount = 0
        while let (i, hidden) = stack.popLast() {
            if i != index {
                descendantCount += 1
                if hiddenFlags[i] != hidden { changed.append(i) }
            }
            let hideChildren = hidden || nodes[i].folded
            for e in edgesOfNode[i] {
                let ends = edgeEnds[Int(e)]
                if edges[Int(e)].kind == .tree, Int(ends.from) == i { stack.append((Int(ends.to), hideChildren)) }
            }
        }
        if nodes[index].folded && descendantCount > 0 { foldedCounts[id] = descendantCount } else { foldedCounts[id] = nil }
        guard !changed.isEmpty else { return }
        // Edges are unfiled under the old flags and filed under the new ones.
        var touched = Set<Int32>()
        for i in changed { touched.formUnion(edgesOfNode[i]) }
        for e in touched where !isHidden(edgeAt: Int(e)) { spatial.removeEdge(Int(e), box: edgeBoxes[Int(e)]) }
        for i in changed {
            if hiddenFlags[i] {
                hiddenFlags[i] = false
                hiddenCount -= 1
                spatial.insertNode(i, frame: nodes[i].frame)
            } else {
                hiddenFlags[i] = true
                hiddenCount += 1
                spatial.removeNode(i, frame: nodes[i].frame)
            }
        }
        for e in touched where !isHidden(edgeAt: Int(e)) { spatial.insertEdge(Int(e), box: edgeBoxes[Int(e)]) }
        bounds = computeBounds()
    }

    /// A tree edge just joined `child` under `parent` (indices): a new leaf is hidden exactly
    /// when its parent is hidden or folded, and every folded ancestor hides one more node; a
    /// node with edges of its own (a subtree) moved under a parent has it all derived again.
    mutating func attachedLeafOrSubtree(child: Int, parent: Int) {
        guard edgesOfNode[child].count == 1 else {
            refreshVisibility()
            return
        }
        if hiddenFlags[parent] || nodes[parent].folded {
            hiddenFlags[child] = true
            hiddenCount += 1
            spatial.removeNode(child, frame: nodes[child].frame)
            bounds = computeBounds()
        }
        if hiddenFlags[parent] {
            // Folded ancestors further up count it too; finding them is left to `settleFolds`.
            foldCountsStale = true
        } else if nodes[parent].folded {
            // A visible parent has no folded ancestor: only its own count changes.
            foldedCounts[nodes[parent].id, default: 0] += 1
        }
    }
}
