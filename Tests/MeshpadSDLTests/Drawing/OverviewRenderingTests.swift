import CSDL2
import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL

// Far views drawn from the overview's tiles, read back as pixels and held against the same view
// drawn live: in the headless rendering suite, so no two SDL sessions ever overlap.
extension PlatformTests.HeadlessRenderingTests {
    /// A far view: a procedural map fitted in the window.
    func farMap(on canvas: Canvas, nodes: Int = 3000) -> (Document, Camera) {
        var document = Document.procedural(nodeCount: nodes, seed: 4)
        document.measureAll(with: canvas.sizing)
        var camera = Camera(zoomLimits: 0.0001...2)
        camera.frame(document.bounds, viewportSize: canvas.viewportSize)
        return (document, camera)
    }

    func pixels(_ canvas: Canvas, _ document: Document, _ camera: Camera, tiles: Bool, complete: Bool = true) throws -> PixelBuffer {
        canvas.usesOverview = tiles
        canvas.painter.overviewForEveryMap = true
        canvas.painter.paint(document: document, camera: camera, viewportSize: canvas.viewportSize, selection: [], complete: complete)
        #expect(canvas.painter.lastFrameUsedOverview == tiles)
        let frame = try canvas.renderer.readPixels()
        // As the app's loop does after presenting: tiles are drawn between frames.
        if !complete { canvas.painter.drawOverviewTiles(document: document, until: .infinity) }
        return frame
    }

    /// How far two pictures are apart as a person sees them: 4×4 blocks averaged (a one-pixel
    /// line may land a pixel over when a tile is scaled); the largest difference of a block's
    /// channels, and the mean over the blocks with anything drawn in either picture.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer, in region: Rect? = nil) -> (largest: Double, mean: Double) {
        let area = region ?? Rect(x: 0, y: 0, width: Double(a.width), height: Double(a.height))
        let background = a.pixels[0]
        var largest = 0.0, total = 0.0, inked = 0
        for by in stride(from: max(0, Int(area.minY)) / 4 * 4, to: min(a.height, Int(area.maxY)) - 3, by: 4) {
            for bx in stride(from: max(0, Int(area.minX)) / 4 * 4, to: min(a.width, Int(area.maxX)) - 3, by: 4) {
                var worst = 0.0, ink = false
                for channel in 0..<3 {
                    let shift = UInt32(16 - 8 * channel)
                    var sa = 0.0, sb = 0.0
                    for y in by..<by + 4 {
                        for x in bx..<bx + 4 {
                            let pa = a.pixels[y * a.width + x], pb = b.pixels[y * b.width + x]
                            ink = ink || pa != background || pb != background
                            sa += Double((pa >> shift) & 0xFF)
                            sb += Double((pb >> shift) & 0xFF)
                        }
                    }
                    worst = max(worst, abs(sa - sb) / 16)
                }
                largest = max(largest, worst)
                if ink {
                    total += worst
                    inked += 1
                }
            }
        }
        return (largest, inked == 0 ? 0 : total / Double(inked))
    }

    /// Pixels whose colour differs by more than `threshold` on some channel.
    func changedPixels(_ a: PixelBuffer, _ b: PixelBuffer, in region: Rect) -> Int {
        var count = 0
        for y in max(0, Int(region.minY))..<min(a.height, Int(region.maxY)) {
            for x in max(0, Int(region.minX))..<min(a.width, Int(region.maxX)) {
                guard let ca = a.color(atX: x, y: y), let cb = b.color(atX: x, y: y) else { continue }
                if max(abs(Int(ca.r) - Int(cb.r)), abs(Int(ca.g) - Int(cb.g)), abs(Int(ca.b) - Int(cb.b))) > 40 { count += 1 }
            }
        }
        return count
    }

    /// The tolerance: what a person would not tell apart at a glance. The same picture drawn
    /// 3 pixels over is about 100 and 28 apart; smooth scaling of a tile, about 55–61 and 10–14.
    func looksAlike(_ apart: (largest: Double, mean: Double)) -> Bool { apart.largest <= 72 && apart.mean <= 16 }

    @Test(arguments: [1.0, 1.3, 0.8])
    func aFarViewFromTilesLooksLikeTheSameViewDrawnLive(zoomFactor: Double) throws {
        try withCanvas { canvas in
            let (document, fit) = farMap(on: canvas)
            var camera = fit
            camera.setZoom(fit.zoom * zoomFactor, about: canvas.viewportSize / 2)
            let live = try pixels(canvas, document, camera, tiles: false)
            let tiled = try pixels(canvas, document, camera, tiles: true)
            let apart = difference(live, tiled)
            #expect(looksAlike(apart), "\(apart)")
            // The tolerance tells a picture from one drawn 3 pixels over.
            var shifted = live
            for y in 0..<live.height {
                for x in 0..<live.width { shifted.pixels[y * live.width + x] = live.pixels[y * live.width + min(live.width - 1, x + 3)] }
            }
            #expect(!looksAlike(difference(live, shifted)), "\(difference(live, shifted))")
        }
    }

    @Test func anEditFarOutRedrawsOnlyTheTilesItTouchesAndShowsTheEdit() throws {
        try withCanvas { canvas in
            let (start, camera) = farMap(on: canvas)
            let before = try pixels(canvas, start, camera, tiles: true)
            let held = canvas.painter.overviewCache.keys.filter { canvas.painter.overviewCache.isFresh($0) }
            // A leaf on the rim moves well out (a drag far out).
            var document = start
            let leaf = try #require(document.nodes.last)
            let target = leaf.position + (leaf.position - document.root.position) * 0.15
            document.place([leaf.id], at: [target])
            var drawn = Set<TileKey>()
            var after = before
            for _ in 0..<10 {
                after = try pixels(canvas, document, camera, tiles: true, complete: false)
                drawn.formUnion(canvas.painter.overviewTilesDrawnLastFrame)
                if canvas.painter.overviewTilesDrawnLastFrame.isEmpty { break }
            }
            #expect(!drawn.isEmpty && drawn.count <= 4, "\(drawn.count) of \(held.count) tiles drawn again")
            #expect(drawn.isSubset(of: Set(held)))
            let live = try pixels(canvas, document, camera, tiles: false)
            let apart = difference(live, after)
            #expect(looksAlike(apart), "\(apart)")
            // Where the leaf went, the picture changed (the edit shows).
            let spot = camera.screenPoint(ofMap: target) * (canvas.renderer.outputSize.x / canvas.viewportSize.x)
            let around = Rect(center: spot, width: 24, height: 24)
            #expect(changedPixels(before, after, in: around) > 0)
        }
    }

    @Test func aStillFarViewShowsTheSamePictureEachFrameAndAnEditAfterIt() throws {
        try withCanvas { canvas in
            let (start, camera) = farMap(on: canvas)
            // The first frame draws the tiles; the second copies them; the third keeps its
            // picture whole; the fourth copies that.
            var frames: [PixelBuffer] = []
            for _ in 0..<4 { frames.append(try pixels(canvas, start, camera, tiles: true)) }
            for frame in frames.dropFirst() { #expect(frame == frames[0]) }
            // A leaf moved far out: the kept picture is let go and the edit shows.
            var document = start
            let leaf = try #require(document.nodes.last)
            let target = leaf.position + (leaf.position - document.root.position) * 0.15
            document.place([leaf.id], at: [target])
            var after = frames[0]
            for _ in 0..<6 { after = try pixels(canvas, document, camera, tiles: true, complete: false) }
            let live = try pixels(canvas, document, camera, tiles: false)
            let spot = camera.screenPoint(ofMap: target) * (canvas.renderer.outputSize.x / canvas.viewportSize.x)
            let around = Rect(center: spot, width: 24, height: 24)
            #expect(changedPixels(frames[0], after, in: around) > 0, "the edit shows in a still view")
            #expect(looksAlike(difference(live, after)), "\(difference(live, after))")
        }
    }

    /// One interactive frame's pixels, with no tiles drawn after it.
    func frameOnly(_ canvas: Canvas, _ document: Document, _ camera: Camera) throws -> PixelBuffer {
        canvas.usesOverview = true
        canvas.painter.overviewForEveryMap = true
        canvas.painter.paint(document: document, camera: camera, viewportSize: canvas.viewportSize, selection: [])
        return try canvas.renderer.readPixels()
    }

    /// Pixels not the background's colour.
    func ink(_ picture: PixelBuffer) -> Int {
        let background = picture.pixels[0]
        return picture.pixels.reduce(0) { $0 + ($1 == background ? 0 : 1) }
    }

    @Test func aPictureShowsEveryTileEvenWhileAStillViewsKeptPictureIsCatchingUp() throws {
        try withCanvas { canvas in
            let (document, fit) = farMap(on: canvas)
            var camera = fit
            camera.setZoom(fit.zoom * 2.5, about: canvas.viewportSize / 2)
            // A first frame, one slice of tiles after it (the coarser tiles that fill the holes),
            // a second frame of the same view (its picture kept), then every tile drawn.
            _ = try frameOnly(canvas, document, camera)
            canvas.painter.drawOverviewTiles(document: document, until: 0)
            _ = try frameOnly(canvas, document, camera)
            canvas.painter.drawOverviewTiles(document: document, until: .infinity)
            // The kept picture takes the new tiles a part a frame: this frame is not all of them.
            let catchingUp = try frameOnly(canvas, document, camera)
            #expect(canvas.painter.hasPendingOverview)
            let picture = try pixels(canvas, document, camera, tiles: true)
            var settled = picture
            for _ in 0..<12 { settled = try frameOnly(canvas, document, camera) }
            #expect(!canvas.painter.hasPendingOverview, "the kept picture caught up")
            try #require(catchingUp != settled, "the case needs a kept picture still catching up")
            // A picture (a screenshot, an export) shows every tile at once, as the settled view.
            #expect(picture == settled)
        }
    }

    @Test func zoomingOutTheFinerTilesShowUntilTheirReplacementsAreCopiedWithNoBlankBetween() throws {
        try withCanvas { canvas in
            let (document, fit) = farMap(on: canvas)
            var near = fit
            near.setZoom(fit.zoom * 2.5, about: canvas.viewportSize / 2)
            _ = try pixels(canvas, document, near, tiles: true)
            var out = near
            out.setZoom(near.zoom / 2, about: canvas.viewportSize / 2)
            // Moving there, then standing still: the nearer tiles stand in, smaller.
            _ = try frameOnly(canvas, document, out)
            let standIns = try frameOnly(canvas, document, out)
            canvas.painter.drawOverviewTiles(document: document, until: .infinity)
            var frames: [PixelBuffer] = []
            for _ in 0..<12 {
                frames.append(try frameOnly(canvas, document, out))
                if !canvas.painter.hasPendingOverview { break }
            }
            let settled = try #require(frames.last)
            try #require(frames.count > 2, "the case needs a kept picture catching up over frames")
            // While the view's own tiles replace the stand-ins a part a frame, no part goes blank.
            let least = min(ink(standIns), ink(settled))
            for (k, frame) in frames.enumerated() {
                #expect(Double(ink(frame)) >= 0.9 * Double(least), "frame \(k): \(ink(frame)) inked pixels of \(least)")
            }
        }
    }

    @Test func aSelectedNodeFarOutIsDrawnOverTheTiles() throws {
        try withCanvas { canvas in
            var document = Document(rootText: "root")
            for i in 0..<400 {
                let angle = Double(i) * 0.05
                document.addChild(of: document.rootID, text: "n\(i)", at: Vec2(cos(angle), sin(angle)) * (300 + Double(i) * 6))
            }
            document.measureAll(with: canvas.sizing)
            // Labels gone, nodes still shapes: between the label and the dot zooms.
            let camera = Camera(origin: Vec2(320, 200), zoom: 0.2, zoomLimits: 0.01...2)
            canvas.usesOverview = true
            canvas.painter.overviewForEveryMap = true
            canvas.painter.paint(document: document, camera: camera, viewportSize: canvas.viewportSize,
                                 selection: [document.rootID], complete: true)
            #expect(canvas.painter.lastFrameUsedOverview)
            let pixels = try canvas.renderer.readPixels()
            let rim = camera.screenPoint(ofMap: document.root.position + Vec2(0, document.root.size.y / 2 - 2))
            // At 0.2 the rim is under a pixel wide, so blended with the fill: a loose match.
            let rimShows = (-3...3).contains { dy in
                (-3...3).contains { dx in near(pixels.color(atX: Int(rim.x) + dx, y: Int(rim.y) + dy), theme.selectedBorder, tolerance: 40) }
            }
            #expect(rimShows, "the selection rim shows over the tiles")
        }
    }
}
