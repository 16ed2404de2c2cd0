/// The consistency check: what must hold of any document, and the derived indexes compared
/// with ones rebuilt from the arrays alone (as swift-collections' `_checkInvariants()`).
extension Document {
    /// Everything wrong with the document, in sentences; empty when the map is valid and every
    /// index kept up change by change equals the one derived from scratch. O(n log n): tests
    /// and the soak run it after every transaction, the app never does.
    public func checkInvariants() -> [String] {
        var problems: [String] = []
        if nodes.first?.id != rootID { problems.append("the root \(rootID) is not the first node") }
        let rebuilt: Document
        do {
            rebuilt = try Document(restoring: nodes, edges: edges, rootID: rootID)
        } catch {
            return problems + ["the map is not valid: \(error.description)"]
        }
        func check(_ holds: Bool, _ what: @autoclosure () -> String) {
            if !holds { problems.append(what()) }
        }
        check(indexByID == rebuilt.indexByID, "the ID index differs from the node array")
        check(parentByChild == rebuilt.parentByChild, "the parent index differs from the tree edges")
        check(edgeIDs == rebuilt.edgeIDs, "the edge IDs differ from the edges")
        check(edgesOfNode == rebuilt.edgesOfNode, "a node's incident edges differ from the edge array")
        check(edgeEnds.map { [$0.from, $0.to] } == rebuilt.edgeEnds.map { [$0.from, $0.to] }, "an edge's cached ends differ from its nodes")
        check(edgeBoxes == rebuilt.edgeBoxes, "an edge's box differs from its nodes' positions")
        check(hiddenFlags == rebuilt.hiddenFlags && hiddenCount == rebuilt.hiddenCount, "the hidden nodes differ from the folds")
        check(foldCountsStale || foldedCounts == rebuilt.foldedCounts, "a fold's hidden count differs from its subtree")
        // why: bounds are grown by unions whose widths round differently in another order.
        let scale = max(1, abs(bounds.minX), abs(bounds.maxX), abs(bounds.minY), abs(bounds.maxY)) * 1e-9
        let sameBounds = [(bounds.minX, rebuilt.bounds.minX), (bounds.maxX, rebuilt.bounds.maxX),
                          (bounds.minY, rebuilt.bounds.minY), (bounds.maxY, rebuilt.bounds.maxY)].allSatisfy { abs($0 - $1) <= scale }
        check(sameBounds, "the bounds \(bounds) differ from the visible nodes' \(rebuilt.bounds)")
        check(spatial.sortedFilings() == rebuilt.spatial.sortedFilings(), "the spatial index differs from the visible nodes and edges")
        check(cloudedNodes == rebuilt.cloudedNodes, "the clouded nodes differ from the nodes' styles")
        check(summaryNodes == rebuilt.summaryNodes && groupsBySummary == rebuilt.groupsBySummary,
              "the summaries or their groups differ from the nodes' marks")
        let sameClouds = branchAreas.count == rebuilt.branchAreas.count && branchAreas.allSatisfy { id, area in
            guard let other = rebuilt.branchAreas[id], area.depth == other.depth else { return false }
            let scale = max(1, abs(area.box.minX), abs(area.box.maxX), abs(area.box.minY), abs(area.box.maxY)) * 1e-9
            return abs(area.box.minX - other.box.minX) <= scale && abs(area.box.maxX - other.box.maxX) <= scale
                && abs(area.box.minY - other.box.minY) <= scale && abs(area.box.maxY - other.box.maxY) <= scale
        }
        check(sameClouds, "a cloud's or group member's branch area differs from its visible subtree")
        check(nextNodeNumber > (nodes.lazy.map(\.id.rawValue).filter(numbering.contains).max() ?? 0),
              "the next node ID \(nextNodeNumber) is already in use")
        check(nextEdgeNumber > (edges.lazy.map(\.id.rawValue).filter(numbering.contains).max() ?? 0),
              "the next edge ID \(nextEdgeNumber) is already in use")
        return problems
    }

    /// The same map: the same nodes (all they store and are sized as) and edges, in the same
    /// order, and the same layout mode. Revisions and ID counters may differ.
    public func hasSameContent(as other: Document) -> Bool {
        rootID == other.rootID && layoutMode == other.layoutMode && presentations == other.presentations && edges == other.edges
            && nodes.count == other.nodes.count && zip(nodes, other.nodes).allSatisfy { $0.hasSameContent(as: $1) && $0.size == $1.size }
    }

    /// The first way this map differs from `other`, for a report: " (…)", or "" if none is found.
    public func firstDifference(from other: Document) -> String {
        if nodes.count != other.nodes.count {
            // Which nodes one has and the other lacks, with their texts and parents: what tells
            // a lost delete from a change the log never kept.
            func describe(_ ids: Set<NodeID>, in document: Document) -> String {
                ids.sorted().prefix(6).map { id in
                    "\(id) '\(document.node(id)?.text ?? "")' under \(document.parent(of: id).map { "\($0)" } ?? "nothing")"
                }.joined(separator: ", ")
            }
            let mine = Set(nodes.map(\.id)), theirs = Set(other.nodes.map(\.id))
            return " (\(nodes.count) nodes instead of \(other.nodes.count); only here: [\(describe(mine.subtracting(theirs), in: self))];"
                + " only there: [\(describe(theirs.subtracting(mine), in: other))])"
        }
        if edges != other.edges {
            let at = zip(edges, other.edges).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(edges.count, other.edges.count)
            let mine = at < edges.count ? "\(edges[at])" : "none", theirs = at < other.edges.count ? "\(other.edges[at])" : "none"
            return " (the edges differ: \(edges.count) against \(other.edges.count); first at \(at): \(mine) against \(theirs))"
        }
        if layoutMode != other.layoutMode { return " (layout \(layoutMode) against \(other.layoutMode))" }
        if presentations != other.presentations { return " (presentations \(presentations.map(\.name)) against \(other.presentations.map(\.name)))" }
        for (x, y) in zip(nodes, other.nodes) where !(x.hasSameContent(as: y) && x.size == y.size) {
            return " (node \(x.id): '\(x.text)' at \(x.position) size \(x.size) folded \(x.folded) style \(x.style)"
                + " against '\(y.text)' at \(y.position) size \(y.size) folded \(y.folded) style \(y.style))"
        }
        return ""
    }
}
