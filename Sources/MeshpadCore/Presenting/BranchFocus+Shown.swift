extension BranchFocus {
    /// By node index, the nodes of `document` the focus shows: `node`'s branch and those of
    /// `alsoShown` (the nodes alone without `showsDescendants`; with the path from the root down
    /// to each when `showsAncestors`), or every node without a `node`; less each of
    /// `hiddenBranches`, its node and all below it. Nil when it hides nothing. Nodes the map no
    /// longer has are passed over. O(n): each node is walked up from once.
    public func shown(in document: Document) -> [Bool]? {
        let nodeIndex = node.flatMap { document.index(of: $0) }
        let hidden = hiddenBranches.compactMap { document.index(of: $0) }
        guard nodeIndex != nil || !hidden.isEmpty else { return nil }
        let parents = document.parentIndices()
        var shown: [Bool]
        if let nodeIndex {
            let roots = [nodeIndex] + alsoShown.compactMap { document.index(of: $0) }
            if showsDescendants {
                shown = Self.branches(of: roots, parents: parents)
            } else {
                shown = [Bool](repeating: false, count: parents.count)
                for root in roots { shown[root] = true }
            }
            if showsAncestors {
                for root in roots {
                    var up = parents[root]
                    while up >= 0, !shown[Int(up)] {
                        shown[Int(up)] = true
                        up = parents[Int(up)]
                    }
                }
            }
        } else {
            shown = [Bool](repeating: true, count: parents.count)
        }
        if !hidden.isEmpty {
            let gone = Self.branches(of: hidden, parents: parents)
            for i in shown.indices where gone[i] { shown[i] = false }
        }
        return shown
    }

    /// By node index, whether a node is one of `roots` or below one.
    static func branches(of roots: [Int], parents: [Int32]) -> [Bool] {
        // why: each node is walked up only until a node already known, and the path walked is
        // marked with what that node was, so a deep map costs one pass, not one walk a node.
        let unknown: UInt8 = 0, inside: UInt8 = 1, outside: UInt8 = 2
        var state = [UInt8](repeating: unknown, count: parents.count)
        for root in roots { state[root] = inside }
        var path: [Int] = []
        for start in state.indices where state[start] == unknown {
            var at = start
            while state[at] == unknown {
                path.append(at)
                let up = parents[at]
                guard up >= 0 else { break }
                at = Int(up)
            }
            let mark = state[at] == unknown ? outside : state[at]
            for walked in path { state[walked] = mark }
            path.removeAll(keepingCapacity: true)
        }
        return state.map { $0 == inside }
    }
}
