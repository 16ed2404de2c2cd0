/// A uniform grid over the map for hit testing and view culling, updated as nodes move.
///
/// Nodes are filed in every cell their frame touches. Edges live in a stack of ever coarser
/// grids (cells 4× wider each level): each edge at the finest level where its bounding box
/// spans fewer than `longEdgeCells` cells a side (so at most four cells), so a link across the whole map is filed in a
/// few huge cells instead of thousands of small ones, and a query looks at a few cells
/// per level. A query reports
/// each item once without any per-query state: an item is reported only from the cell that holds
/// the top-left corner of its box clipped to the query. When a query covers more cells than the
/// grid has occupied, it walks the occupied cells instead, so fit-to-screen of a huge map costs
/// the same as a plain scan.
public struct SpatialIndex: Sendable {
    /// Cell → items, as singly linked lists threaded through one pool: 8 bytes a filing instead
    /// of an array object per cell (a 100k-node map files ~300k times; arrays cost ~25 MiB).
    struct CellMap: Sendable {
        private(set) var heads: [Cell: Int32] = [:]
        private var items: [Int32] = []
        private var next: [Int32] = []
        private var free: [Int32] = []

        var occupiedCount: Int { heads.count }
        var isEmpty: Bool { heads.isEmpty }

        mutating func insert(_ item: Int32, at cell: Cell) {
            let slot: Int32
            if let reused = free.popLast() {
                slot = reused
                items[Int(slot)] = item
            } else {
                slot = Int32(items.count)
                items.append(item)
                next.append(-1)
            }
            // why: one hash lookup, not two: the cell's head is read and replaced in place (the
            // slot becomes the head, the old head, or -1 for a new cell, its successor).
            next[Int(slot)] = slot
            swap(&next[Int(slot)], &heads[cell, default: -1])
        }

        mutating func remove(_ item: Int32, at cell: Cell) {
            guard var slot = heads[cell] else { return }
            var previous: Int32 = -1
            while slot >= 0 {
                if items[Int(slot)] == item {
                    let after = next[Int(slot)]
                    if previous < 0 {
                        heads[cell] = after >= 0 ? after : nil
                    } else {
                        next[Int(previous)] = after
                    }
                    free.append(slot)
                    return
                }
                previous = slot
                slot = next[Int(slot)]
            }
        }

        /// Renumbers every filed item through `map` (old index → new index). Items must be
        /// unfiled before their number is dropped; free slots may hold anything.
        mutating func remap(_ map: [Int32]) {
            for i in items.indices {
                let old = Int(items[i])
                if old >= 0 && old < map.count { items[i] = map[old] }
            }
        }

        func forEach(in cell: Cell, _ body: (Int32) -> Void) {
            guard var slot = heads[cell] else { return }
            while slot >= 0 {
                body(items[Int(slot)])
                slot = next[Int(slot)]
            }
        }

        func forEachList(_ body: (Cell, Int32) -> Void) {
            for (cell, head) in heads { body(cell, head) }
        }

        func walk(from head: Int32, _ body: (Int32) -> Void) {
            var slot = head
            while slot >= 0 {
                body(items[Int(slot)])
                slot = next[Int(slot)]
            }
        }
    }

    struct Cell: Hashable, Sendable {
        var x: Int32
        var y: Int32

        func hash(into hasher: inout Hasher) {
            hasher.combine(x)
            hasher.combine(y)
        }

        /// One integer of both coordinates, hashed fast (see `IntegerHash`).
        func _rawHashValue(seed: Int) -> Int {
            IntegerHash.mix(Int(Int64(x) << 32 | Int64(UInt32(bitPattern: y))), seed: seed)
        }
    }

    public static let cellSize = 256.0
    static let longEdgeCells = 2

    static let levelFactor = 4.0
    static let levels = 12

    private var nodeCells = CellMap()
    /// `edgeLevels[k]` has cells `cellSize × 4^k` wide.
    private var edgeLevels: [CellMap] = Array(repeating: CellMap(), count: SpatialIndex.levels)
    /// Every box filed or unfiled, for caches of drawn pixels (the far view's tiles).
    public internal(set) var damage = DamageLog()

    public init() {}

    /// An index of a whole map's visible nodes and edges, filed at once (a map opened, measured
    /// again, laid out or re-folded): `nodeFrame` and `edgeBox` give nil for what is hidden. No
    /// damage box is recorded per filing: `damage` is kept as given, and the caller records that
    /// everything changed.
    init(nodeCount: Int, nodeFrame: (Int) -> Rect?, edgeCount: Int, edgeBox: (Int) -> Rect?, damage: DamageLog) {
        self.damage = damage
        func usable(_ box: Rect) -> Bool { box.origin.isFinite && box.width.isFinite && box.height.isFinite }
        for i in 0..<nodeCount {
            guard let frame = nodeFrame(i), usable(frame) else { continue }
            Self.forEachCell(frame) { nodeCells.insert(Int32(i), at: $0) }
        }
        for e in 0..<edgeCount {
            guard let box = edgeBox(e), usable(box) else { continue }
            let level = Self.level(for: box)
            Self.forEachCell(box, size: Self.levelSize(level)) { edgeLevels[level].insert(Int32(e), at: $0) }
        }
    }

    /// Every filing as (level, cell x, cell y, item), sorted: nodes at level -1, edges at their
    /// level. Two indexes holding the same filings give the same list, whatever order they were
    /// filed in (the consistency check compares the incremental index with a rebuilt one).
    func sortedFilings() -> [[Int32]] {
        var result: [[Int32]] = []
        func collect(_ map: CellMap, level: Int32) {
            map.forEachList { cell, head in map.walk(from: head) { result.append([level, cell.x, cell.y, $0]) } }
        }
        collect(nodeCells, level: -1)
        for (level, map) in edgeLevels.enumerated() { collect(map, level: Int32(level)) }
        return result.sorted { $0.lexicographicallyPrecedes($1) }
    }

    static func cell(_ x: Double, _ y: Double, size: Double = cellSize) -> Cell {
        // why: a Double beyond Int's range traps when converted; documents keep positions within
        // ±1e8, and this keeps any stray value from crashing.
        func index(_ v: Double) -> Int32 {
            let q = (v / size).rounded(.down)
            return q.isFinite ? Int32(max(min(q, 2e9), -2e9)) : 0
        }
        return Cell(x: index(x), y: index(y))
    }

    static func levelSize(_ level: Int) -> Double {
        var size = cellSize
        for _ in 0..<level { size *= levelFactor }
        return size
    }

    /// The cells a box touches, as an inclusive range of cell coordinates.
    static func span(_ r: Rect, size: Double = cellSize) -> (min: Cell, max: Cell) {
        (cell(r.minX, r.minY, size: size), cell(r.maxX, r.maxY, size: size))
    }

    /// The finest edge level at which a box spans at most `longEdgeCells` cells a side.
    static func level(for box: Rect) -> Int {
        for level in 0..<(levels - 1) {
            let (lo, hi) = span(box, size: levelSize(level))
            if Int(hi.x) - Int(lo.x) < longEdgeCells && Int(hi.y) - Int(lo.y) < longEdgeCells { return level }
        }
        return levels - 1
    }

    private static func forEachCell(_ r: Rect, size: Double = cellSize, _ body: (Cell) -> Void) {
        let (lo, hi) = span(r, size: size)
        guard lo.x <= hi.x, lo.y <= hi.y else { return }
        for y in lo.y...hi.y {
            for x in lo.x...hi.x { body(Cell(x: x, y: y)) }
        }
    }

    // MARK: - Nodes

    mutating func insertNode(_ index: Int, frame: Rect) {
        guard frame.origin.isFinite, frame.width.isFinite, frame.height.isFinite else { return }
        damage.record(frame)
        Self.forEachCell(frame) { nodeCells.insert(Int32(index), at: $0) }
    }

    mutating func removeNode(_ index: Int, frame: Rect) {
        guard frame.origin.isFinite, frame.width.isFinite, frame.height.isFinite else { return }
        damage.record(frame)
        Self.forEachCell(frame) { nodeCells.remove(Int32(index), at: $0) }
    }

    /// Renumbers filed nodes and edges after items were taken out of (or put into) the middle of
    /// the document's arrays, without re-filing anything: O(filings), no hashing.
    mutating func remap(nodes nodeMap: [Int32], edges edgeMap: [Int32]) {
        nodeCells.remap(nodeMap)
        for level in edgeLevels.indices where !edgeLevels[level].isEmpty { edgeLevels[level].remap(edgeMap) }
    }

    // MARK: - Edges

    mutating func insertEdge(_ index: Int, box: Rect) {
        guard box.origin.isFinite, box.width.isFinite, box.height.isFinite else { return }
        damage.record(box)
        let level = Self.level(for: box)
        Self.forEachCell(box, size: Self.levelSize(level)) { edgeLevels[level].insert(Int32(index), at: $0) }
    }

    mutating func removeEdge(_ index: Int, box: Rect) {
        guard box.origin.isFinite, box.width.isFinite, box.height.isFinite else { return }
        damage.record(box)
        let level = Self.level(for: box)
        Self.forEachCell(box, size: Self.levelSize(level)) { edgeLevels[level].remove(Int32(index), at: $0) }
    }

    // MARK: - Queries

    /// Calls `body` once for every node whose frame (as `frame(index)` gives it) meets `rect`.
    func forEachNode(in rect: Rect, frame: (Int) -> Rect, _ body: (Int) -> Void) {
        Self.query(nodeCells, rect, size: Self.cellSize, box: frame, body)
    }

    /// Calls `body` once for every edge whose box meets `rect`.
    func forEachEdge(in rect: Rect, box: (Int) -> Rect, _ body: (Int) -> Void) {
        for level in 0..<Self.levels where !edgeLevels[level].isEmpty {
            Self.query(edgeLevels[level], rect, size: Self.levelSize(level), box: box, body)
        }
    }

    private static func query(_ cells: CellMap, _ rect: Rect, size: Double, box: (Int) -> Rect, _ body: (Int) -> Void) {
        guard rect.origin.isFinite, rect.width.isFinite, rect.height.isFinite else { return }
        let (lo, hi) = span(rect, size: size)
        let area = (Int(hi.x) - Int(lo.x) + 1) * (Int(hi.y) - Int(lo.y) + 1)
        func visit(_ cell: Cell, _ item: Int32) {
            let index = Int(item)
            let b = box(index)
            guard b.intersects(rect) else { return }
            // Report from one cell only: the one holding the clipped box's top-left corner.
            let owner = Self.cell(Swift.max(b.minX, rect.minX), Swift.max(b.minY, rect.minY), size: size)
            if owner == cell { body(index) }
        }
        if area > cells.occupiedCount {
            cells.forEachList { cell, head in
                guard cell.x >= lo.x && cell.x <= hi.x && cell.y >= lo.y && cell.y <= hi.y else { return }
                cells.walk(from: head) { visit(cell, $0) }
            }
        } else {
            for y in lo.y...hi.y {
                for x in lo.x...hi.x {
                    let cell = Cell(x: x, y: y)
                    cells.forEach(in: cell) { visit(cell, $0) }
                }
            }
        }
    }
}
