import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Between the zoom where labels go and the one where nodes become dots, a big map puts
/// hundreds of small nodes and thousands of links on screen at once: what is drawn there must
/// still show every node's fill and border and every link, in shapes the software renderer
/// draws cheaply (whole-pixel rectangles, one-pixel lines, no triangles for what is off view).
@Suite struct MidZoomDrawingTests {
    let theme = Theme.classic
    let viewport = Vec2(800, 600)

    func build(_ document: Document, camera: Camera) -> DrawList {
        var document = document
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        var list = DrawList()
        SceneBuilder(theme: theme).build(document: document, camera: camera, viewportSize: viewport, pixelScale: 1,
                                         selection: [], into: &list)
        return list
    }

    func color(_ list: DrawList, _ i: Int) -> RGBA {
        RGBA(list.colors[4 * i], list.colors[4 * i + 1], list.colors[4 * i + 2], list.colors[4 * i + 3])
    }

    func point(_ list: DrawList, _ i: Int32) -> Vec2 {
        Vec2(Double(list.positions[2 * Int(i)]), Double(list.positions[2 * Int(i) + 1]))
    }

    /// The triangles as quads (two triangles sharing a diagonal, as shapes append them).
    func quads(_ list: DrawList) -> [[Int32]] {
        stride(from: 0, to: list.indices.count - 5, by: 6).map { k in
            [list.indices[k], list.indices[k + 1], list.indices[k + 2], list.indices[k + 5]]
        }
    }

    @Test func aSmallNodeIsWholePixelRowsShowingItsFillAndItsBorder() throws {
        let document = Document(rootText: "small")
        // Classic nodes are at least 36 units tall: 10.8 px at 30 %, drawn in rows; 36 px at 100 %.
        let small = build(document, camera: Camera(origin: Vec2(400, 300), zoom: 0.3))
        let rows = quads(small)
        #expect(!rows.isEmpty)
        for quad in rows {
            let corners = quad.map { point(small, $0) }
            #expect(corners.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }, "whole pixels: \(corners)")
            #expect(Set(corners.map(\.x)).count == 2 && Set(corners.map(\.y)).count == 2, "an axis-aligned rectangle: \(corners)")
            #expect(Set(quad.map { color(small, Int($0)) }).count == 1, "one colour a rectangle")
            #expect(corners.map(\.y).max()! - corners.map(\.y).min()! == 1, "a row a pixel tall")
        }
        let colours = Set((0..<small.vertexCount).map { color(small, $0) })
        // The central topic, filled with the theme's accent.
        #expect(colours.contains(theme.accent))
        let border = colours.subtracting([theme.accent])
        #expect(!border.isEmpty, "a border shows round the fill")
        #expect(border.allSatisfy { $0.a == 255 }, "the border is solid (its colour mixed with the fill where thinner than a pixel)")
        let ys = (0..<small.vertexCount).map { point(small, Int32($0)).y }
        let height = try #require(ys.max()) - (try #require(ys.min()))
        #expect(abs(height - 36 * 0.3) <= 1.5, "as tall as the node on screen: \(height)")

        let near = build(document, camera: Camera(origin: Vec2(400, 300), zoom: 1))
        #expect((0..<near.vertexCount).contains { point(near, Int32($0)).x != point(near, Int32($0)).x.rounded() },
                "a node big on screen keeps its anti-aliased outline")
    }

    func linkedMap(arrows: Edge.Arrows) -> (Document, NodeID) {
        var document = Document(rootText: "from")
        let to = document.addNode(text: "to", at: Vec2(900, 0))
        _ = document.connect(document.rootID, to: to, kind: .link, arrows: arrows)
        return (document, to)
    }

    @Test func aLinkThinnerThanAPixelIsAOnePixelLineAndAThickerOneAQuad() {
        let (document, _) = linkedMap(arrows: [])
        // Links are 1 unit wide: 0.3 px at 30 %, 2 px at 200 %.
        let far = build(document, camera: Camera(origin: Vec2(400, 300), zoom: 0.3))
        #expect(!far.linkHairlines.isEmpty, "a one-pixel line")
        #expect(!(0..<far.vertexCount).contains { color(far, $0) == theme.linkEdge }, "no triangles for the link")

        let near = build(document, camera: Camera(origin: Vec2(0, 300), zoom: 2))
        #expect(near.linkHairlines.isEmpty)
        #expect((0..<near.vertexCount).contains { color(near, $0) == theme.linkEdge }, "an anti-aliased quad")
    }

    @Test func anArrowheadIsDrawnOnlyWhereItsTipCanBeSeen() {
        let (plain, _) = linkedMap(arrows: [])
        let (arrowed, _) = linkedMap(arrows: .end)
        // A just-off tip: its triangle reaches 1.75 sizes back, so one within two sizes is drawn.
        func triangles(_ document: Document, _ camera: Camera) -> Int { build(document, camera: camera).indices.count / 3 }
        // The link's end (at x ≈ 900) in view, then well off it to the right.
        let seesTheEnd = Camera(origin: Vec2(-500, 300), zoom: 1)
        let seesTheStart = Camera(origin: Vec2(400, 300), zoom: 1)
        #expect(triangles(arrowed, seesTheEnd) == triangles(plain, seesTheEnd) + 1, "the arrowhead, one triangle")
        #expect(triangles(arrowed, seesTheStart) == triangles(plain, seesTheStart), "none for a tip off the view")
    }

    @Test func aThinLinkRunsUnderItsLabelAndArrowheadAndAPixelWideOneKeepsItsSmoothLine() throws {
        let text = """
            <map version="freeplane 1.9.13"><node TEXT="from" ID="ID_1">
            <arrowlink DESTINATION="ID_2" MIDDLE_LABEL="why" ENDARROW="Default"/>
            <node TEXT="to" ID="ID_2" POSITION="right"/></node></map>
            """
        var document = try FreeMindFormat.decode(Data(text.utf8)).document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let middle = try #require(document.nodes.first { $0.text == "to" }).position * 0.5
        func camera(zoom: Double) -> Camera {
            var camera = Camera(zoom: zoom)
            camera.place(mapPoint: middle, atScreen: viewport / 2)
            return camera
        }
        // 60 %: the link is 0.6 px, a one-pixel line; its label (9 px) and arrowhead show.
        let thin = build(document, camera: camera(zoom: 0.6))
        #expect(!thin.linkHairlines.isEmpty)
        let mark = try #require(thin.hairlineMark, "the lines have their place among the triangles")
        let after = Set(thin.indices[mark...].map { color(thin, Int($0)) })
        #expect(after.contains(theme.linkEdge), "the arrowhead is drawn after the line, over it")
        #expect(after.contains { $0.r == theme.background.r && $0.g == theme.background.g && $0.b == theme.background.b },
                "so is the label's pill, which hides the line under the words")
        #expect(thin.labels.contains { $0.text == "why" })

        let full = build(document, camera: camera(zoom: 1))
        #expect(full.linkHairlines.isEmpty, "at 100 % a link is its anti-aliased line, as people see it most")
    }

    @Test func anOutlineHasAsFewSegmentsAsKeepItWithinAQuarterPixel() {
        for radius in [2.0, 5, 12, 33, 100, 400] {
            let n = DrawList.segmentCount(forRadius: radius)
            let stray = radius * (1 - cos(Double.pi / Double(n)))
            #expect(n >= 12 && n <= 128)
            #expect(stray <= 0.25, "radius \(radius): \(n) segments stray \(stray) px")
        }
        #expect(DrawList.segmentCount(forRadius: 33) <= 26, "half of one segment every 4 px of arc")
    }
}
