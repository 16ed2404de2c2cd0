import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// The index must answer exactly what looking at every node and edge answers.
@Suite struct SpatialIndexTests {
    func randomMap(seed: UInt64, nodes: Int) -> Document {
        var rng = SeededGenerator(seed: seed)
        var document = Document.procedural(nodeCount: nodes, seed: seed)
        for _ in 0..<(nodes / 10) {
            let a = NodeID(Int.random(in: 1...nodes, using: &rng)), b = NodeID(Int.random(in: 1...nodes, using: &rng))
            document.connect(a, to: b, kind: .link)
        }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    func randomRect(_ bounds: Rect, _ rng: inout SeededGenerator) -> Rect {
        let w = Double.random(in: 10...(bounds.width / 2), using: &rng), h = Double.random(in: 10...(bounds.height / 2), using: &rng)
        return Rect(x: Double.random(in: bounds.minX...(bounds.maxX - w), using: &rng),
                    y: Double.random(in: bounds.minY...(bounds.maxY - h), using: &rng), width: w, height: h)
    }

    /// Filing a whole map at once (opening it, measuring it) must give the index that filing
    /// it box by box gives, hidden items, non-finite boxes and map-wide links included.
    @Test(arguments: [1 as UInt64, 2, 3])
    func filingAMapAtOnceEqualsFilingItOneByOne(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        // Nodes are node-sized; an edge's box may span the map (a node's is filed in every cell it touches).
        func box(mapWide: Bool) -> Rect? {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: return nil   // hidden
            case 1: return Rect(x: .nan, y: 0, width: 10, height: 10)
            case 2 where mapWide: return Rect(x: -1e7, y: -1e7, width: 2e7, height: Double.random(in: 1...2e7, using: &rng))
            default:
                return Rect(x: Double.random(in: -5e4...5e4, using: &rng), y: Double.random(in: -5e4...5e4, using: &rng),
                            width: Double.random(in: 0...900, using: &rng), height: Double.random(in: 0...600, using: &rng))
            }
        }
        let frames = (0..<3_000).map { _ in box(mapWide: false) }, boxes = (0..<3_000).map { _ in box(mapWide: true) }
        var oneByOne = SpatialIndex()
        for (i, frame) in frames.enumerated() { if let frame { oneByOne.insertNode(i, frame: frame) } }
        for (e, box) in boxes.enumerated() { if let box { oneByOne.insertEdge(e, box: box) } }
        let atOnce = SpatialIndex(nodeCount: frames.count, nodeFrame: { frames[$0] }, edgeCount: boxes.count, edgeBox: { boxes[$0] },
                                  damage: DamageLog())
        #expect(atOnce.sortedFilings() == oneByOne.sortedFilings())
    }

    func agrees(_ document: Document, _ rng: inout SeededGenerator, queries: Int = 60) {
        let bounds = document.bounds.outset(by: 100)
        for _ in 0..<queries {
            let rect = randomRect(bounds, &rng)
            var nodes: [Int] = []
            document.forEachNode(in: rect) { nodes.append($0) }
            let expectedNodes = document.nodes.indices.filter { document.nodes[$0].frame.intersects(rect) }
            #expect(nodes.sorted() == expectedNodes, "nodes in \(rect)")
            #expect(Set(nodes).count == nodes.count, "each node once")
            var edges: [Int] = []
            document.forEachEdge(in: rect) { edges.append($0) }
            let expectedEdges = document.edges.indices.filter { document.edgeBox($0).intersects(rect) }
            #expect(edges.sorted() == expectedEdges, "edges in \(rect)")
            #expect(Set(edges).count == edges.count, "each edge once")
        }
        for _ in 0..<200 {
            let p = Vec2(Double.random(in: bounds.minX...bounds.maxX, using: &rng), Double.random(in: bounds.minY...bounds.maxY, using: &rng))
            let margin: Double = [0.0, 8.0, 30.0].randomElement(using: &rng) ?? 0
            #expect(document.topmostNode(at: p, margin: margin) == document.topmostNodeByScan(at: p, margin: margin))
        }
        // Points on nodes, where hits are certain.
        for node in document.nodes.prefix(100) {
            #expect(document.topmostNode(at: node.position) == document.topmostNodeByScan(at: node.position))
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func queriesAndHitTestsAgreeWithBruteForce(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        agrees(randomMap(seed: seed, nodes: 1500), &rng)
    }

    @Test(arguments: [4 as UInt64, 5])
    func theyStillAgreeAfterNodesMove(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var document = randomMap(seed: seed, nodes: 800)
        for _ in 0..<600 {
            let id = NodeID(Int.random(in: 1...800, using: &rng))
            let jump = Vec2(Double.random(in: -3000...3000, using: &rng), Double.random(in: -3000...3000, using: &rng))
            document.moveNode(id, to: (document.node(id)?.position ?? .zero) + jump)
        }
        agrees(document, &rng)
        // A bulk move (a layout) re-files everything.
        TreeLayout().apply(to: &document)
        agrees(document, &rng)
        document.setNodeText("a much longer text that makes this node far wider than it was", of: document.rootID,
                         sizing: NodeSizing(measurer: FixedAdvanceMeasurer()))
        agrees(document, &rng)
    }

    @Test func selectedNodesWinHitTestsWhereTheyOverlap() {
        var document = Document(rootText: "under")
        let over = document.addNode(text: "over", at: Vec2(5, 0))
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        #expect(document.topmostNode(at: Vec2(2, 0)) == over, "later nodes are drawn on top")
        #expect(document.topmostNode(at: Vec2(2, 0), selection: [document.rootID]) == document.rootID)
    }

    @Test func aLinkAcrossTheWholeMapIsFoundFromAnywhereAlongIt() {
        var document = Document(rootText: "west")
        document.moveNode(document.rootID, to: Vec2(-200_000, 0))
        let east = document.addNode(text: "east", at: Vec2(200_000, 10))
        document.connect(document.rootID, to: east)
        var found: [Int] = []
        document.forEachEdge(in: Rect(x: -50, y: -50, width: 100, height: 100)) { found.append($0) }
        #expect(found == [0])
    }
}

/// What is drawn at each zoom: the level-of-detail rules.
@Suite struct LevelOfDetailTests {
    func build(_ document: Document, zoom: Double) -> DrawList {
        var list = DrawList()
        var camera = Camera(zoom: zoom, zoomLimits: 0.0001...2)
        camera.place(mapPoint: document.root.position, atScreen: Vec2(400, 300))
        SceneBuilder(theme: .classic).build(document: document, camera: camera, viewportSize: Vec2(800, 600),
                                            pixelScale: 1, selection: [], into: &list)
        return list
    }

    var map: Document {
        var document = Document.procedural(nodeCount: 400, seed: 9)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    @Test func atFullZoomNodesAreEllipsesWithLabelsAndEdgesAreAntiAliased() {
        let list = build(map, zoom: 1)
        #expect(list.visibleNodeCount > 0)
        #expect(list.labels.count == list.visibleNodeCount)
        #expect(list.dots.isEmpty && list.allHairlines.isEmpty)
        #expect(list.vertexCount > 0)
    }

    @Test func belowFourPixelTextLabelsGoButShapesStay() {
        let list = build(map, zoom: 0.2)
        // Only the central topic's text, larger, may still read.
        #expect(list.labels.allSatisfy { $0.text == map.root.label })
        #expect(list.vertexCount > 0)
        #expect(list.dots.isEmpty)
    }

    @Test func thinEdgesBecomeOnePixelLines() {
        // Branches below the first level taper from 3 to 2 units: at 30 % at most 0.9 px, plain
        // lines; nodes are still ellipses.
        let list = build(map, zoom: 0.3)
        #expect(!list.allHairlines.isEmpty)
        #expect(list.dots.isEmpty)
    }

    @Test func farOutNodesAreDotsOnePerPixelAndEdgesUnderTwoPixelsAreSkipped() {
        let document = map
        let list = build(document, zoom: 0.01)
        #expect(list.vertexCount == 0, "no triangles at all")
        #expect(list.labels.isEmpty)
        #expect(!list.dots.isEmpty)
        var pixels = Set<Int>()
        for i in stride(from: 0, to: list.dots.count, by: 4) {
            let x = Int(list.dots[i] + list.dots[i + 2] / 2), y = Int(list.dots[i + 1] + list.dots[i + 3] / 2)
            #expect(pixels.insert(y * 10_000 + x).inserted, "one dot per pixel")
        }
        #expect(list.dots.count / 4 <= list.visibleNodeCount)
        #expect(list.allHairlines.count / 4 <= document.edges.count)
        // Hairlines are clipped to the view, so only those wholly inside keep their full length.
        for i in stride(from: 0, to: list.allHairlines.count, by: 4) {
            let ends = [list.allHairlines[i], list.allHairlines[i + 1], list.allHairlines[i + 2], list.allHairlines[i + 3]]
            guard ends.allSatisfy({ $0 > 1 && $0 < 599 }) else { continue }
            let dx = ends[2] - ends[0], dy = ends[3] - ends[1]
            #expect((dx * dx + dy * dy).squareRoot() >= 1.99, "edges under two pixels are skipped far out (Float rounding aside)")
        }
    }

    @Test func longLinesAreClippedToTheViewAndCutIntoSmallPieces() {
        var list = DrawList()
        list.appendLine(from: Vec2(-10_000, -10_000), to: Vec2(10_000, 10_000), width: 2, color: RGBA(0, 0, 0),
                        clip: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(list.vertexCount > 0)
        #expect(list.positions.allSatisfy { $0 > -10 && $0 < 810 }, "nothing far outside the view")
        // Every triangle's box stays small, which is what the software renderer pays for.
        for t in stride(from: 0, to: list.indices.count, by: 3) {
            let xs = (0..<3).map { list.positions[Int(list.indices[t + $0]) * 2] }
            let ys = (0..<3).map { list.positions[Int(list.indices[t + $0]) * 2 + 1] }
            let area = ((xs.max() ?? 0) - (xs.min() ?? 0)) * ((ys.max() ?? 0) - (ys.min() ?? 0))
            #expect(area < 60 * 60)
        }
        var vertical = DrawList()
        vertical.appendLine(from: Vec2(100, -5000), to: Vec2(100, 5000), width: 2, color: RGBA(0, 0, 0),
                            clip: Rect(x: 0, y: 0, width: 800, height: 600))
        #expect(vertical.vertexCount == 8, "a straight vertical line needs no cutting")
    }
}
