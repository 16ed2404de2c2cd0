/// Each node's branch colour and depth, by node index: what the scene colours lines, outlines
/// and fills by, and tapers branches by.
///
/// A first-level branch takes the theme's palette colour in turn (the order of the root's
/// children, then the free-standing nodes), so a new last branch takes the next colour and
/// nothing is written into the map for it. A colour the map gives a branch (its edge colour,
/// from a `.mm` or the style panel) wins, and is carried down its subtree as FreeMind does.
/// With no palette, or the map's colouring turned off (`NodeStyle.plainBranches` on the root),
/// a branch is drawn in its own edge colour only, as before colours.
///
/// Worked out once per change of the tree or of styles (`Key`), never per frame.
public struct BranchLooks: Sendable {
    /// What the looks were worked out from: the same key, the same looks.
    public struct Key: Equatable, Sendable {
        var lineage: UInt64
        var structure: UInt64
        var style: UInt64
        var nodeCount: Int
        var palette: [RGBA]
        var background: RGBA?
    }

    /// No colour: the theme's grey line, outline and fill.
    public static let none = RGBA(0, 0, 0, 0)
    /// Depth of nodes deeper than this is counted as this (widths stop tapering long before).
    public static let deepest: UInt8 = 250

    public private(set) var key: Key?
    /// By node index: the branch's colour (alpha 0: none).
    public private(set) var colors: [RGBA] = []
    /// By node index: 0 for the root, 1 for its children and for free-standing nodes, and so on.
    public private(set) var depths: [UInt8] = []
    /// The free-standing nodes (no parent, not the root), by index: few, so a set.
    public private(set) var freeStanding: Set<Int> = []

    public init() {}

    /// The looks of `document`'s nodes under `palette`, worked out anew only if the map's
    /// tree or styles changed since (or it is another map). With a `background`, a colour of the
    /// map's that all but vanishes on it (under 2:1, as `Theme.visibleLine` judges) is none, so
    /// its lines and outlines are the theme's grey.
    public mutating func refresh(for document: Document, palette: [RGBA], background: RGBA? = nil) {
        let key = Key(lineage: document.lineage, structure: document.structureRevision, style: document.styleRevision,
                      nodeCount: document.nodes.count, palette: palette, background: background)
        guard key != self.key else { return }
        self.key = key
        let colored = !palette.isEmpty && document.root.style.plainBranches != true
        freeStanding = Set(document.deriveBranchLooks(palette: colored ? palette : [], colors: &colors, depths: &depths))
        guard let background else { return }
        for i in colors.indices where colors[i].a > 0 && colors[i].withAlpha(255).contrast(with: background) < 2 {
            colors[i] = Self.none
        }
    }

    public func isFree(_ index: Int) -> Bool { freeStanding.contains(index) }

    public func color(ofNodeAt index: Int) -> RGBA? {
        guard index < colors.count, colors[index].a > 0 else { return nil }
        return colors[index]
    }

    public func depth(ofNodeAt index: Int) -> Int {
        index < depths.count ? Int(depths[index]) : 1
    }
}

extension Document {
    /// Fills `colors` and `depths` by node index (see `BranchLooks`), walking down from the
    /// root and then from each free-standing node. An empty `palette`: own edge colours only.
    /// Returns the free-standing nodes (no parent, not the root), by index.
    @discardableResult
    func deriveBranchLooks(palette: [RGBA], colors: inout [RGBA], depths: inout [UInt8]) -> [Int] {
        colors = [RGBA](repeating: BranchLooks.none, count: nodes.count)
        depths = [UInt8](repeating: 1, count: nodes.count)
        guard let rootIndex = indexByID[rootID] else { return [] }
        var stack: [Int32] = []
        var nextSlot = 0
        func own(_ i: Int) -> RGBA? { nodes[i].style.edgeColor }
        // Starts a branch at `top` (a first-level or free-standing node): its own colour, or the next.
        func startBranch(_ top: Int) {
            if let mine = own(top) {
                colors[top] = mine
            } else if !palette.isEmpty {
                colors[top] = palette[nextSlot % palette.count]
            }
            nextSlot += 1
            depths[top] = 1
            stack.append(Int32(top))
        }
        func children(of i: Int, _ body: (Int) -> Void) {
            for e in edgesOfNode[i] {
                let ends = edgeEnds[Int(e)]
                if edges[Int(e)].kind == .tree, Int(ends.from) == i { body(Int(ends.to)) }
            }
        }
        depths[rootIndex] = 0
        children(of: rootIndex) { startBranch($0) }
        let free = nodes.indices.filter { $0 != rootIndex && parentByChild[nodes[$0].id] == nil }
        for i in free { startBranch(i) }
        while let top = stack.popLast() {
            let i = Int(top)
            let depth = depths[i] < BranchLooks.deepest ? depths[i] + 1 : depths[i]
            children(of: i) { child in
                depths[child] = depth
                // With a palette the branch's colour runs down; without, each keeps its own.
                colors[child] = own(child) ?? (palette.isEmpty ? BranchLooks.none : colors[i])
                stack.append(Int32(child))
            }
        }
        return free
    }
}

extension Theme {
    /// The outline a node of this branch takes: the branch's colour where the theme colours
    /// outlines (nil or not: the theme's own).
    public func outline(ofBranch branch: RGBA?) -> RGBA {
        colorsOutlines ? branch ?? nodeBorder : nodeBorder
    }

    /// How a node's shape is filled and outlined (width in map units), as the screen and the SVG
    /// export draw it: the central topic in the accent, a first-level or free-standing node a step
    /// heavier and tinted more, deeper nodes lightly tinted; colours the map gives a node win.
    public func look(of node: Node, looks: BranchLooks, index: Int) -> (fill: RGBA, border: RGBA, borderWidth: Double) {
        let branch = looks.color(ofNodeAt: index)
        let central = node.isCentral
        let leading = looks.depth(ofNodeAt: index) == 1 && !central
        let fill = central ? node.style.fillColor ?? accent
            : tintedFill(node.style.fillColor, branch: colorsOutlines ? branch : nil, firstLevel: leading)
        let border = central && node.style.fillColor == nil ? accentBorder : outline(ofBranch: branch)
        return (fill, border, central || leading ? firstLevelBorderWidth : nodeBorderWidth)
    }
}
