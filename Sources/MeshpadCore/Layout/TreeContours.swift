/// The outlines of laid-out subtrees, and the stacking of sibling subtrees as close as they allow.
///
/// The tree grows along x (depth) and siblings stack along y. `reach[i]` is how far node `i`'s
/// left edge is from its top's left edge, known before stacking; `y` is what stacking decides.
/// Each subtree keeps two contours over x: the top-most (`upper`) and bottom-most (`lower`) y of
/// its nodes, as linked lists of segments `(end x, y)`, each running from the previous end. Node
/// `i` owns segments `2i` (upper) and `2i + 1` (lower) and heads both contours of its subtree.
///
/// Stacking a subtree below the ones above walks the lower contour above against the new upper
/// contour only as far as the shorter reaches, then threads the shorter contour's end into the
/// longer one's remainder. Every segment walked past ends up hidden inside the merged outline and
/// is never walked again, so laying out a whole tree is linear (van der Ploeg's non-layered tidy
/// trees, with Reingold–Tilford's threads). A link carries the y shift between the subtrees it
/// joins (`segmentShift`), so no subtree is ever moved node by node.
struct TreeContours {
    let horizontalGap: Double
    let verticalGap: Double
    let width: [Double]
    let height: [Double]
    let reach: [Double]
    /// Room kept above each node itself (its loops: links from it to itself, drawn above it).
    var topMargin: [Double]
    /// Each node's summary marks, when the map has summaries (empty otherwise): a summary is
    /// placed beyond the siblings it sums up (its `reach` says how far), centred on them.
    var marks: [SummaryMarks] = []
    /// Nodes that take no room at all (a group mark Freeplane does not show): not stacked, but
    /// placed where the next sibling is (empty when there are none).
    var unstacked: [Bool] = []

    private var segmentEnd: [Double]
    private var segmentY: [Double]
    private var segmentNext: [Int32]
    /// Added to the y of everything after this segment: the relative shift of the joined subtree.
    private var segmentShift: [Double]
    private var upperTail: [Int32]
    private var lowerTail: [Int32]
    /// Where each tail sits relative to its subtree's node centre.
    private var upperTailY: [Double]
    private var lowerTailY: [Double]

    /// How far right each subtree reaches: the right edge of its furthest node, in `reach` units.
    private(set) var extent: [Double]
    /// The subtree's top-most and bottom-most y, relative to its node's centre.
    private(set) var top: [Double]
    private(set) var bottom: [Double]
    /// Each node's centre y relative to its parent's centre.
    var offsetY: [Double]

    init(width: [Double], height: [Double], reach: [Double], horizontalGap: Double, verticalGap: Double) {
        let count = width.count
        self.width = width
        self.height = height
        self.reach = reach
        self.horizontalGap = horizontalGap
        self.verticalGap = verticalGap
        topMargin = Array(repeating: 0, count: count)
        segmentEnd = Array(repeating: 0, count: 2 * count)
        segmentY = Array(repeating: 0, count: 2 * count)
        segmentNext = Array(repeating: -1, count: 2 * count)
        segmentShift = Array(repeating: 0, count: 2 * count)
        upperTail = Array(repeating: -1, count: count)
        lowerTail = Array(repeating: -1, count: count)
        upperTailY = Array(repeating: 0, count: count)
        lowerTailY = Array(repeating: 0, count: count)
        extent = Array(repeating: 0, count: count)
        top = Array(repeating: 0, count: count)
        bottom = Array(repeating: 0, count: count)
        offsetY = Array(repeating: 0, count: count)
    }

    /// The height of node `i`'s laid-out subtree, from its top-most to its bottom-most edge.
    func subtreeHeight(_ i: Int) -> Double { bottom[i] - top[i] }

    /// Lays out node `v` over its `children`, whose subtrees must be laid out already: the
    /// children stack top to bottom in order and `v` is centred on the first and last.
    mutating func layOut(_ v: Int, over children: ArraySlice<Int32>) {
        let halfHeight = height[v] / 2
        let upper = 2 * v, lower = 2 * v + 1
        segmentY[upper] = -halfHeight - topMargin[v]
        segmentY[lower] = halfHeight
        guard let stack = stack(children) else {
            segmentEnd[upper] = reach[v] + width[v]
            segmentEnd[lower] = reach[v] + width[v]
            upperTail[v] = Int32(upper)
            lowerTail[v] = Int32(lower)
            upperTailY[v] = 0
            lowerTailY[v] = 0
            extent[v] = reach[v] + width[v]
            top[v] = -halfHeight - topMargin[v]
            bottom[v] = halfHeight
            return
        }
        let shift = centre(children, of: stack)
        // why: the node's own segment spans the gap before its children too, so a neighbour's
        // nodes never sit across the lines from a parent to its children.
        let end = reach[v] + width[v] + horizontalGap
        segmentEnd[upper] = end
        segmentEnd[lower] = end
        segmentNext[upper] = stack.upperHead
        segmentShift[upper] = -shift
        segmentNext[lower] = stack.lowerHead
        segmentShift[lower] = stack.lowerHeadY - shift
        upperTail[v] = stack.upperTail
        upperTailY[v] = stack.upperTailY - shift
        lowerTail[v] = stack.lowerTail
        lowerTailY[v] = stack.lowerTailY - shift
        extent[v] = stack.extent
        top[v] = min(-halfHeight - topMargin[v], stack.top - shift)
        bottom[v] = max(halfHeight, stack.bottom - shift)
    }

    /// Makes node `v`'s laid-out subtree outline its box grown by `margin` (its cloud, which is
    /// drawn round that box), so neighbours stack clear of the whole cloud, not just of its
    /// nodes. Right after `layOut(v)` its contours belong to it alone: they become one segment
    /// each, and what they held is never walked again.
    mutating func pad(_ v: Int, by margin: Double) {
        guard margin > 0 else { return }
        extent[v] += margin
        top[v] -= margin
        bottom[v] += margin
        for (segment, y) in [(2 * v, top[v]), (2 * v + 1, bottom[v])] {
            segmentEnd[segment] = extent[v]
            segmentY[segment] = y
            segmentNext[segment] = -1
            segmentShift[segment] = 0
        }
        upperTail[v] = Int32(2 * v)
        lowerTail[v] = Int32(2 * v + 1)
        upperTailY[v] = 0
        lowerTailY[v] = 0
    }

    /// Stacks `children` (laid out already) as for a parent, without a parent node: the root's
    /// branches on one side. Their `offsetY` is then relative to the point they are centred on.
    mutating func layOutBranches(_ children: ArraySlice<Int32>) {
        guard let stack = stack(children) else { return }
        _ = centre(children, of: stack)
    }

    /// Moves stacked children so the middle of the first and last centres is at 0; returns the shift.
    private mutating func centre(_ children: ArraySlice<Int32>, of stack: Stack) -> Double {
        let shift = stack.lastY / 2
        for c in children { offsetY[Int(c)] -= shift }
        return shift
    }

    /// The outline of sibling subtrees stacked so far, in the first sibling's frame (its centre at 0).
    private struct Stack {
        var upperHead: Int32
        var upperTail: Int32
        var upperTailY: Double
        var lowerHead: Int32
        var lowerHeadY: Double
        var lowerTail: Int32
        var lowerTailY: Double
        var extent: Double
        var top: Double
        var bottom: Double
        /// The last sibling's centre.
        var lastY: Double
    }

    /// Places each subtree of `children` below the previous ones, as high as the contours allow,
    /// setting their `offsetY` relative to the first. Nil when there are no children.
    private mutating func stack(_ siblings: ArraySlice<Int32>) -> Stack? {
        // Summaries are placed beside their groups (their first and last members that take room),
        // not stacked below them.
        var groupOf: [Int32: (first: Int32, last: Int32)] = [:]
        if !marks.isEmpty {
            for group in SummaryGrouping.groups(in: siblings, marks: { marks[Int($0)] }) {
                let members = siblings[(siblings.startIndex + group.members.lowerBound)..<(siblings.startIndex + group.members.upperBound)]
                    .filter { unstacked.isEmpty || !unstacked[Int($0)] }
                if let first = members.first, let last = members.last { groupOf[siblings[siblings.startIndex + group.summary]] = (first, last) }
            }
        }
        let children = unstacked.isEmpty ? siblings : ArraySlice(siblings.filter { !unstacked[Int($0)] })
        defer {
            // What takes no room sits where the next sibling that does is (or the last one).
            if !unstacked.isEmpty {
                var next: Double = children.last.map { offsetY[Int($0)] } ?? 0
                for c in siblings.reversed() {
                    if unstacked[Int(c)] { offsetY[Int(c)] = next } else { next = offsetY[Int(c)] }
                }
            }
        }
        guard let firstChild = children.first else { return nil }
        let first = Int(firstChild)
        offsetY[first] = 0
        var stack = Stack(upperHead: Int32(2 * first), upperTail: upperTail[first], upperTailY: upperTailY[first],
                          lowerHead: Int32(2 * first + 1), lowerHeadY: 0, lowerTail: lowerTail[first],
                          lowerTailY: lowerTailY[first], extent: extent[first], top: top[first],
                          bottom: bottom[first], lastY: 0)
        for childIndex in children.dropFirst() {
            let c = Int(childIndex)
            if let group = groupOf[childIndex] {
                placeSummary(c, first: Int(group.first), last: Int(group.last), in: &stack)
                continue
            }
            // Walk the stack's lower contour (a) against the child's upper contour (b), both
            // starting at the children's common left edge, for the largest overlap.
            let (overlap, a, aY, aEnded, b, bY, bEnded) = walk(Int(stack.lowerHead), stack.lowerHeadY, against: 2 * c, 0)
            let y = overlap + verticalGap
            offsetY[c] = y
            let childLowerTailY = y + lowerTailY[c]
            if !aEnded {
                // The stack reaches further: below the child, its old lower contour goes on from `a`.
                let tail = Int(lowerTail[c])
                segmentNext[tail] = Int32(a)
                segmentShift[tail] = aY - childLowerTailY
                stack.lowerHead = Int32(2 * c + 1)
                stack.lowerHeadY = y
            } else {
                if !bEnded {
                    // The child reaches further: the stack's upper contour goes on into the child's, from `b`.
                    let tail = Int(stack.upperTail)
                    segmentNext[tail] = Int32(b)
                    segmentShift[tail] = y + bY - stack.upperTailY
                    stack.upperTail = upperTail[c]
                    stack.upperTailY = y + upperTailY[c]
                    stack.extent = extent[c]
                }
                stack.lowerHead = Int32(2 * c + 1)
                stack.lowerHeadY = y
                stack.lowerTail = lowerTail[c]
                stack.lowerTailY = childLowerTailY
            }
            stack.top = min(stack.top, y + top[c])
            stack.bottom = max(stack.bottom, y + bottom[c])
            stack.lastY = y
        }
        return stack
    }

    /// Places summary `s` beyond its group (the siblings `first` through `last`, stacked
    /// already; its `reach` is past their furthest node), centred on them as a parent is on its
    /// children, or lower if something further up reaches out as far. From its left edge on, its
    /// contours join the stack's: the lower contour is the stack's up to that edge (cut there by a
    /// new segment), then the summary's, then the stack's again where it reaches further.
    /// Walks contour `a` (its segments offset by `aY`) against contour `b` (by `bY`), segment end
    /// by segment end, until one of them ends: the most `a` reaches below `b`, and where each walk
    /// stopped (the segment it was on, its offset, and whether it ran out).
    private func walk(_ a: Int, _ aY: Double, against b: Int, _ bY: Double)
        -> (overlap: Double, a: Int, aY: Double, aEnded: Bool, b: Int, bY: Double, bEnded: Bool) {
        var a = a, aY = aY, b = b, bY = bY
        var overlap = -Double.infinity
        var aEnded = false, bEnded = false
        repeat {
            overlap = max(overlap, segmentY[a] + aY - (segmentY[b] + bY))
            let aEnd = segmentEnd[a], bEnd = segmentEnd[b]
            if aEnd <= bEnd {
                let next = Int(segmentNext[a])
                if next < 0 { aEnded = true } else { aY += segmentShift[a]; a = next }
            }
            if bEnd <= aEnd {
                let next = Int(segmentNext[b])
                if next < 0 { bEnded = true } else { bY += segmentShift[b]; b = next }
            }
        } while !aEnded && !bEnded
        return (overlap, a, aY, aEnded, b, bY, bEnded)
    }

    private mutating func placeSummary(_ s: Int, first: Int, last: Int, in stack: inout Stack) {
        let left = reach[s]
        // The stack's lower contour, walked to the segment under the summary's left edge.
        var previous = -1
        var start = Int(stack.lowerHead), startY = stack.lowerHeadY
        while segmentEnd[start] <= left, segmentNext[start] >= 0 {
            previous = start
            startY += segmentShift[start]
            start = Int(segmentNext[start])
        }
        let under = segmentEnd[start] > left ? start : -1
        let underY = startY
        // Nothing of the stack under the summary: its contour starts afresh, overlapping nothing.
        let (overlap, a, aY, aEnded, b, bY, bEnded) = under < 0
            ? (-Double.infinity, start, startY, true, 2 * s, 0.0, false)
            : walk(start, startY, against: 2 * s, 0)
        let y = max((offsetY[first] + offsetY[last]) / 2, overlap + verticalGap)
        offsetY[s] = y
        // Lower contour: the stack's up to the summary's left edge, then the summary's.
        if under >= 0 {
            let cut = segmentEnd.count
            segmentEnd.append(left)
            segmentY.append(segmentY[under])
            segmentNext.append(Int32(2 * s + 1))
            segmentShift.append(y - underY)
            if previous >= 0 { segmentNext[previous] = Int32(cut) } else {
                stack.lowerHead = Int32(cut)
                stack.lowerHeadY = underY
            }
        } else {
            let tail = Int(stack.lowerTail)
            segmentNext[tail] = Int32(2 * s + 1)
            segmentShift[tail] = y - stack.lowerTailY
        }
        if !aEnded {
            // The stack reaches further: beyond the summary its lower contour goes on.
            let tail = Int(lowerTail[s])
            segmentNext[tail] = Int32(a)
            segmentShift[tail] = aY - (y + lowerTailY[s])
        } else {
            stack.lowerTail = lowerTail[s]
            stack.lowerTailY = y + lowerTailY[s]
            if !bEnded {
                // The summary reaches further: the stack's upper contour goes on into its own.
                let tail = Int(stack.upperTail)
                segmentNext[tail] = Int32(b)
                segmentShift[tail] = y + bY - stack.upperTailY
                stack.upperTail = upperTail[s]
                stack.upperTailY = y + upperTailY[s]
                stack.extent = extent[s]
            }
        }
        stack.top = min(stack.top, y + top[s])
        stack.bottom = max(stack.bottom, y + bottom[s])
    }
}
