import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct SceneBuilderTests {
    let theme = Theme.classic
    let viewport = Vec2(800, 600)

    func measured(_ document: Document) -> Document {
        var document = document
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        return document
    }

    func build(_ document: Document, camera: Camera, pixelScale: Double = 1, selection: Set<NodeID> = []) -> DrawList {
        var list = DrawList()
        SceneBuilder(theme: theme).build(document: document, camera: camera, viewportSize: viewport,
                                         pixelScale: pixelScale, selection: selection, into: &list)
        return list
    }

    @Test func nodesAndEdgesOutsideTheViewAreCulled() {
        var document = Document(rootText: "in")
        let far = document.addNode(text: "far away", at: Vec2(10_000, 10_000))
        let farther = document.addNode(text: "farther", at: Vec2(10_500, 10_000))
        document.connect(far, to: farther)
        let list = build(measured(document), camera: Camera(origin: Vec2(400, 300)))
        #expect(list.visibleNodeCount == 1)
        #expect(list.visibleEdgeCount == 0)
        #expect(list.labels.map(\.text) == ["in"])
    }

    @Test func anEdgeCrossingTheViewIsDrawnEvenWithBothEndsOutside() {
        var document = Document(rootText: "left")
        document.moveNode(document.rootID, to: Vec2(-5000, 0))
        let right = document.addNode(text: "right", at: Vec2(5000, 0))
        document.connect(document.rootID, to: right)
        let list = build(measured(document), camera: Camera(origin: Vec2(400, 300)))
        #expect(list.visibleNodeCount == 0)
        #expect(list.visibleEdgeCount == 1)
    }

    @Test func labelsDisappearWhenTooSmallToRead() {
        let document = measured(.sample())
        let near = build(document, camera: Camera(origin: Vec2(400, 300), zoom: 1))
        #expect(near.labels.count == 6)
        // 16 px text at zoom 0.2 is 3.2 px: below the 4 px threshold. Only the central topic's,
        // larger, may still read.
        let far = build(document, camera: Camera(origin: Vec2(400, 300), zoom: 0.2))
        #expect(far.labels.allSatisfy { $0.text == document.root.label })
        #expect(far.visibleNodeCount == 6, "the shapes are still drawn")
    }

    @Test func hiDPIScaleMultipliesDevicePositionsOnce() throws {
        let document = measured(.sample())
        let camera = Camera(origin: Vec2(400, 300))
        let single = build(document, camera: camera, pixelScale: 1)
        let double = build(document, camera: camera, pixelScale: 2)
        let a = try #require(single.labels.first), b = try #require(double.labels.first)
        #expect(b.center == a.center * 2)
        #expect(b.pixelSize == a.pixelSize * 2)
        #expect(double.positions.count >= single.positions.count, "bigger circles may get more segments, never fewer")
    }

    @Test func geometryIsFiniteAndIndicesStayInRange() {
        let document = measured(.procedural(nodeCount: 300, seed: 5))
        for zoom in [0.1, 0.5, 1, 2] {
            let list = build(document, camera: Camera(origin: Vec2(400, 300), zoom: zoom))
            #expect(list.positions.allSatisfy { $0.isFinite })
            #expect(list.indices.allSatisfy { $0 >= 0 && Int($0) < list.vertexCount })
            #expect(list.indices.count % 3 == 0)
            #expect(list.colors.count == list.vertexCount * 4)
        }
    }

    @Test func aSelectedNodeIsDrawnAfterTheOthersWithTheSelectionColour() throws {
        var document = Document(rootText: "a")
        document.addNode(text: "b", at: Vec2(10, 0))
        let list = build(measured(document), camera: Camera(origin: Vec2(400, 300)), selection: [document.rootID])
        // The last vertices belong to the last shape drawn; its border ring carries the selection colour.
        let lastColor = RGBA(list.colors[list.colors.count - 8], list.colors[list.colors.count - 7],
                             list.colors[list.colors.count - 6], 255)
        #expect(lastColor == theme.selectedBorder)
        #expect(list.labels.last?.text == "a")
    }

    // MARK: - Branches

    /// Where the vertices drawn solid in `color` are, in device pixels.
    func vertices(in list: DrawList, colored color: RGBA) -> [Vec2] {
        (0..<list.vertexCount).compactMap { i in
            let c = RGBA(list.colors[4 * i], list.colors[4 * i + 1], list.colors[4 * i + 2], list.colors[4 * i + 3])
            return c == color ? Vec2(Double(list.positions[2 * i]), Double(list.positions[2 * i + 1])) : nil
        }
    }

    /// A parent and a child below it on the right, the child's branch in `shape` (nil: the theme's).
    func branchMap(_ shape: EdgeShape?) -> (list: DrawList, path: EdgePath) {
        var document = Document(rootText: "parent")
        let child = document.addChild(of: document.rootID, text: "child", at: Vec2(300, 200)) ?? document.rootID
        document.modify(child) { $0.style.edgeShape = shape }
        let map = measured(document)
        let camera = Camera(origin: Vec2(200, 100))
        return (build(map, camera: camera), map.path(ofEdgeAt: 0).mapped { camera.screenPoint(ofMap: $0) })
    }

    @Test func aCurvedBranchIsDrawnAlongItsCurveWellOffTheStraightLine() {
        let (list, path) = branchMap(nil)
        // The first branch, in the palette's first colour.
        let drawn = vertices(in: list, colored: theme.branchPalette[0])
        #expect(drawn.count > 16, "a curve is cut into segments")
        let farthest = drawn.map { EdgePath.distance(from: $0, toSegment: path.start, path.end) }.max() ?? 0
        #expect(farthest > 20, "the middle bows away from the chord: \(farthest) px")
        // Every vertex sits on the curve: within the line's half width and its feather.
        let reach = theme.branchWidth(atDepth: 0) / 2 + 0.5
        #expect(drawn.allSatisfy { path.distance(to: $0, tolerance: 0.1) <= reach })
    }

    @Test func aStraightBranchIsDrawnAlongTheStraightLine() {
        let (list, path) = branchMap(.straight)
        let drawn = vertices(in: list, colored: theme.branchPalette[0])
        #expect(!drawn.isEmpty)
        let reach = theme.branchWidth(atDepth: 0) / 2 + 0.5
        #expect(drawn.allSatisfy { EdgePath.distance(from: $0, toSegment: path.start, path.end) <= reach })
    }

    @Test func rasterSizesSnapToALadderAboveFourteenPixels() {
        #expect(TextRaster.rasterSize(forPixelSize: 9.4) == 9)
        #expect(TextRaster.rasterSize(forPixelSize: 14) == 14)
        var sizes = Set<Int>()
        for step in 0...300 {
            sizes.insert(TextRaster.rasterSize(forPixelSize: 16 * (0.5 + Double(step) * 0.005)))
        }
        #expect(sizes.count < 25, "a zoom from 50 % to 200 % rasterises at a few sizes, not 300")
        #expect(TextRaster.rasterSize(forPixelSize: 10_000) == TextRaster.largestPixelSize)
    }
}

extension SceneBuilderTests {
    /// Issue 27: two people in one node each keep a tag that can be read: the tags stand side
    /// by side, not on top of each other, and each name is drawn once.
    @Test func twoPeopleInOneNodeHaveTagsSideBySide() {
        let document = measured(Document(rootText: "plan"))
        var extras = SceneExtras()
        extras.presence = [
            SceneExtras.PresenceMark(node: document.rootID, name: "Ana", color: RGBA(hex: 0xD03030), nameWidth: 30),
            SceneExtras.PresenceMark(node: document.rootID, name: "Bo", color: RGBA(hex: 0x3030D0), nameWidth: 20),
        ]
        var list = DrawList()
        SceneBuilder(theme: theme).build(document: document, camera: Camera(origin: Vec2(400, 300)), viewportSize: viewport,
                                         pixelScale: 1, selection: [], extras: extras, into: &list)
        let tags = list.labels.filter { ["Ana", "Bo"].contains($0.text) }
        #expect(tags.map(\.text) == ["Ana", "Bo"])
        guard tags.count == 2 else { return }
        let ana = tags[0], bo = tags[1]
        let anaRight = ana.center.x + ana.maxWidth
        #expect(bo.center.x > anaRight, "Bo's tag starts after Ana's ends: \(bo.center.x) vs \(anaRight)")
    }
}
