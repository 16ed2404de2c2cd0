import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Where a map goes on paper: one page scaled to fit, or tiles at full size that overlap and are
/// numbered, empty ones left out.
@Suite struct PDFPagePlanTests {
    static let a4 = PDFOptions(paper: .a4, orientation: .portrait, layout: .tiled)
    static let margin = PDFPagePlan.marginMillimetres * PDFOptions.pointsPerMillimetre
    static let overlap = PDFPagePlan.overlapMillimetres * PDFOptions.pointsPerMillimetre

    // MARK: Paper

    @Test(arguments: [
        (PDFOptions.Paper.a4, PDFOptions.Orientation.portrait, 595.276, 841.890),
        (.a4, .landscape, 841.890, 595.276),
        (.letter, .portrait, 612, 792),
        (.letter, .landscape, 792, 612),
    ])
    func pageSizesAreThePapersInPoints(paper: PDFOptions.Paper, orientation: PDFOptions.Orientation, width: Double, height: Double) {
        let size = PDFOptions(paper: paper, orientation: orientation).pageSize
        #expect(abs(size.x - width) < 0.001)
        #expect(abs(size.y - height) < 0.001)
    }

    // MARK: One page

    @Test func aSmallMapIsPrintedAtFullSizeInTheMiddleOfThePage() {
        let bounds = Rect(x: -100, y: -50, width: 200, height: 100)
        let plan = PDFPagePlan(mapBounds: bounds, options: PDFOptions(layout: .onePage))
        #expect(plan.pages.count == 1)
        #expect(plan.pointsPerMapUnit == PDFPagePlan.fullSize)
        let page = plan.pages[0]
        #expect(abs(page.mapRect.center.x - bounds.center.x) < 1e-9 && abs(page.mapRect.center.y - bounds.center.y) < 1e-9)
        #expect(abs(page.mapRect.width * plan.pointsPerMapUnit - plan.contentRect.width) < 1e-9)
        #expect(page.label.isEmpty)
    }

    @Test(arguments: [PDFOptions.Orientation.portrait, .landscape])
    func aBigMapIsScaledDownToFitOnePage(orientation: PDFOptions.Orientation) {
        let bounds = Rect(x: 0, y: 0, width: 20_000, height: 3_000)
        let plan = PDFPagePlan(mapBounds: bounds, options: PDFOptions(orientation: orientation, layout: .onePage))
        let page = plan.pages[0]
        #expect(plan.pointsPerMapUnit < PDFPagePlan.fullSize)
        // The whole map shows, and its wider side fills the page's width.
        #expect(page.mapRect.minX <= bounds.minX + 1e-6 && page.mapRect.maxX >= bounds.maxX - 1e-6)
        #expect(page.mapRect.minY <= bounds.minY + 1e-6 && page.mapRect.maxY >= bounds.maxY - 1e-6)
        #expect(abs(bounds.width * plan.pointsPerMapUnit - plan.contentRect.width) < 1e-6)
    }

    @Test func theOutlineUsesThePaperAndMargins() {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 10, height: 10), options: PDFOptions(layout: .outline))
        #expect(plan.contentRect == Rect(x: Self.margin, y: Self.margin, width: plan.pageSize.x - 2 * Self.margin,
                                         height: plan.pageSize.y - 2 * Self.margin))
    }

    // MARK: Tiles

    @Test func tilesAreAtFullSizeAndCoverTheMap() {
        let bounds = Rect(x: -1500, y: -900, width: 3000, height: 1800)
        let plan = PDFPagePlan(mapBounds: bounds, options: Self.a4)
        #expect(plan.pointsPerMapUnit == 0.75)
        #expect(plan.pages.count == plan.rows * plan.columns)
        #expect(plan.columns == 5 && plan.rows == 2)
        let covered = plan.pages.map(\.mapRect).reduce(plan.pages[0].mapRect) { $0.union($1) }
        #expect(covered.minX <= bounds.minX && covered.maxX >= bounds.maxX)
        #expect(covered.minY <= bounds.minY && covered.maxY >= bounds.maxY)
        // Centred over the map.
        #expect(abs(covered.center.x - bounds.center.x) < 1e-6 && abs(covered.center.y - bounds.center.y) < 1e-6)
    }

    @Test func neighbouringTilesOverlapByTenMillimetres() throws {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 3000, height: 3000), options: Self.a4)
        let first = try #require(plan.pages.first { $0.row == 1 && $0.column == 1 })
        let right = try #require(plan.pages.first { $0.row == 1 && $0.column == 2 })
        let below = try #require(plan.pages.first { $0.row == 2 && $0.column == 1 })
        let overlapUnits = Self.overlap / plan.pointsPerMapUnit
        #expect(abs((first.mapRect.maxX - right.mapRect.minX) - overlapUnits) < 1e-6)
        #expect(abs((first.mapRect.maxY - below.mapRect.minY) - overlapUnits) < 1e-6)
        #expect(abs(first.mapRect.width * plan.pointsPerMapUnit - plan.contentRect.width) < 1e-9)
    }

    @Test func aMapThatFitsOneTileHasOnePage() {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 300, height: 200), options: Self.a4)
        #expect(plan.pages.count == 1)
        #expect(plan.pages[0].label == "Page 1 of 1 · row 1, column 1")
    }

    @Test func landscapeTilesAWideMapWithFewerPages() {
        let wide = Rect(x: 0, y: 0, width: 2200, height: 700)
        let portrait = PDFPagePlan(mapBounds: wide, options: Self.a4)
        var options = Self.a4
        options.orientation = .landscape
        let landscape = PDFPagePlan(mapBounds: wide, options: options)
        #expect(landscape.pages.count < portrait.pages.count)
    }

    @Test func pagesAreNumberedRowByRowWithTheirPlaceInTheGrid() {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 2000, height: 2000), options: Self.a4)
        let total = plan.pages.count
        #expect(plan.pages.map(\.number) == Array(1...total))
        #expect(plan.pages[1].label == "Page 2 of \(total) · row 1, column 2")
        let secondRow = plan.pages.first { $0.row == 2 }
        #expect(secondRow?.label == "Page \(plan.columns + 1) of \(total) · row 2, column 1")
    }

    @Test func emptyTilesAreLeftOutAndTheRestNumberedWithoutThem() {
        // Content in the top-left and bottom-right corners of a 3 × 3 grid only.
        let bounds = Rect(x: 0, y: 0, width: 1900, height: 2800)
        let full = PDFPagePlan(mapBounds: bounds, options: Self.a4)
        let corners = [full.pages.first!.mapRect.center, full.pages.last!.mapRect.center]
        let plan = PDFPagePlan(mapBounds: bounds, options: Self.a4) { rect in corners.contains { rect.contains($0) } }
        #expect(full.pages.count > 2)
        #expect(plan.pages.count == 2)
        #expect(plan.pages.map(\.label) == ["Page 1 of 2 · row 1, column 1",
                                            "Page 2 of 2 · row \(full.rows), column \(full.columns)"])
    }

    @Test func aPlanAlwaysHasAPage() {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 5000, height: 5000), options: Self.a4) { _ in false }
        #expect(plan.pages.count == 1)
    }

    @Test func aHugeMapIsTiledAtASmallerScaleRatherThanThousandsOfPages() {
        let plan = PDFPagePlan(mapBounds: Rect(x: 0, y: 0, width: 400_000, height: 400_000), options: Self.a4)
        #expect(plan.scaledDown)
        #expect(plan.rows * plan.columns <= PDFPagePlan.largestGrid)
        #expect(plan.pointsPerMapUnit < PDFPagePlan.fullSize)
    }

    @Test(arguments: [Rect(x: 0, y: 0, width: 0, height: 0), Rect(x: .nan, y: 0, width: 10, height: 10)])
    func anEmptyOrBrokenBoundsStillMakesAPage(bounds: Rect) {
        for layout in PDFOptions.Layout.allCases {
            let plan = PDFPagePlan(mapBounds: bounds, options: PDFOptions(layout: layout))
            #expect(plan.pages.count == 1)
            #expect(plan.pointsPerMapUnit.isFinite && plan.pointsPerMapUnit > 0)
        }
    }

    // MARK: The spatial index

    @Test func aTileIsWorthPrintingWhenANodeOrABranchCrossesIt() {
        var document = Document(rootText: "Root")
        let far = document.addChild(of: document.rootID, text: "far", at: Vec2(3000, 0))
        #expect(far != nil)
        #expect(document.hasContent(in: Rect(center: .zero, width: 50, height: 50)))
        #expect(document.hasContent(in: Rect(center: Vec2(3000, 0), width: 50, height: 50)))
        #expect(document.hasContent(in: Rect(center: Vec2(1500, 0), width: 50, height: 50)))
        #expect(!document.hasContent(in: Rect(center: Vec2(1500, 2000), width: 50, height: 50)))
    }
}
