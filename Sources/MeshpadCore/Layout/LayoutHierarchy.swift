/// A document's tree as index arrays, in the order layouts walk it, with folding resolved.
///
/// Indices are positions in `document.nodes` (the root is 0). Children keep the order their tree
/// edges were made. `preorder` holds every node exactly once: each top (the root, then the free
/// nodes in document order) followed by its subtree, parents before children. `connect` does not
/// refuse a cycle of tree edges among free nodes, so a node no top reaches starts a tree of its
/// own and the edge back into the cycle is ignored: a layout always ends and places every node.
struct LayoutHierarchy {
    /// The parent each node is laid out under, -1 for a top.
    private(set) var parent: [Int32]
    /// Node `i`'s children are `childList[childStart[i]..<childStart[i + 1]]`.
    private var childStart: [Int32]
    private var childList: [Int32]
    private(set) var preorder: [Int32] = []
    /// Where each top's run in `preorder` begins; the first is the root's.
    private(set) var topStarts: [Int] = []
    /// True for a node below a folded node: it takes no space and sits behind `standIn`.
    private(set) var hidden: [Bool]
    /// The visible node that stands for each node: itself, or its highest folded ancestor.
    private(set) var standIn: [Int32]
    private let folded: [Bool]

    init(_ document: Document) {
        let count = document.nodeCount
        folded = document.nodes.map(\.folded)
        hidden = Array(repeating: false, count: count)
        standIn = (0..<Int32(count)).map { $0 }
        parent = Array(repeating: -1, count: count)

        // Children in edge order, as compressed rows (counting sort by parent).
        var treeParent = [Int32](repeating: -1, count: count)
        var start = [Int32](repeating: 0, count: count + 1)
        for e in document.edges.indices where document.edges[e].kind == .tree {
            let ends = document.endpoints(ofEdgeAt: e)
            treeParent[ends.to] = Int32(ends.from)
            start[ends.from + 1] += 1
        }
        for i in 0..<count { start[i + 1] += start[i] }
        var fill = start
        var list = [Int32](repeating: 0, count: Int(start[count]))
        for e in document.edges.indices where document.edges[e].kind == .tree {
            let ends = document.endpoints(ofEdgeAt: e)
            list[Int(fill[ends.from])] = Int32(ends.to)
            fill[ends.from] += 1
        }
        childStart = start
        childList = list

        preorder.reserveCapacity(count)
        var reached = [Bool](repeating: false, count: count)
        var stack: [Int32] = []
        func walk(from top: Int) {
            topStarts.append(preorder.count)
            reached[top] = true
            stack.append(Int32(top))
            while let v = stack.popLast() {
                preorder.append(v)
                let vi = Int(v)
                let hidesChildren = hidden[vi] || folded[vi]
                for k in stride(from: Int(start[vi + 1]) - 1, through: Int(start[vi]), by: -1) {
                    let c = Int(list[k])
                    guard !reached[c] else { continue }
                    reached[c] = true
                    parent[c] = v
                    if hidesChildren {
                        hidden[c] = true
                        standIn[c] = standIn[vi]
                    }
                    stack.append(Int32(c))
                }
            }
        }
        walk(from: 0)
        for i in 1..<max(count, 1) where treeParent[i] < 0 { walk(from: i) }
        if preorder.count < count {
            for i in 0..<count where !reached[i] { walk(from: i) }
        }
        // Keep only the edges the walk followed, so a node's children are exactly those placed under it.
        if list.count != count - topStarts.count {
            var kept = [Int32](repeating: 0, count: count + 1)
            var keptList: [Int32] = []
            keptList.reserveCapacity(list.count)
            for i in 0..<count {
                for k in Int(start[i])..<Int(start[i + 1]) where parent[Int(list[k])] == Int32(i) {
                    keptList.append(list[k])
                }
                kept[i + 1] = Int32(keptList.count)
            }
            childStart = kept
            childList = keptList
        }
    }

    var count: Int { parent.count }

    /// Node `i`'s children in the order they were made.
    func children(of i: Int) -> ArraySlice<Int32> {
        childList[Int(childStart[i])..<Int(childStart[i + 1])]
    }

    /// The children that take space: none below a folded or hidden node.
    func visibleChildren(of i: Int) -> ArraySlice<Int32> {
        folded[i] || hidden[i] ? childList[0..<0] : children(of: i)
    }

    /// The slice of `preorder` holding top number `t` and its subtree.
    func run(ofTop t: Int) -> ArraySlice<Int32> {
        preorder[topStarts[t]..<(t + 1 < topStarts.count ? topStarts[t + 1] : preorder.count)]
    }
}
