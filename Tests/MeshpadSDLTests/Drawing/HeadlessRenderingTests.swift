import CSDL2
import Foundation
@testable import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// Real pixels from the software renderer on the offscreen video driver: what a user would see.
    @Suite(.serialized) @MainActor
    struct HeadlessRenderingTests {
        let theme = Theme.classic
        let size = PixelSize(width: 800, height: 600)

        /// A session and a hidden canvas; the session outlives the canvas, as SDL requires.
        func withCanvas(_ body: (Canvas) throws -> Void) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let canvas = try Canvas(title: "test", size: size, theme: theme, hidden: true, preferSoftware: true)
                try body(canvas)
            }
        }

        func measured(_ document: Document, on canvas: Canvas) -> Document {
            var document = document
            document.measureAll(with: canvas.sizing)
            return document
        }

        /// Two colours closer than `tolerance` on every channel (anti-aliasing and blending round).
        func near(_ a: RGBA?, _ b: RGBA, tolerance: Int = 6) -> Bool {
            guard let a else { return false }
            return abs(Int(a.r) - Int(b.r)) <= tolerance && abs(Int(a.g) - Int(b.g)) <= tolerance && abs(Int(a.b) - Int(b.b)) <= tolerance
        }

        /// Whether any pixel within `radius` of a point has the colour: lines and rims are thin.
        func found(_ color: RGBA, near point: Vec2, radius: Int, in pixels: PixelBuffer) -> Bool {
            let cx = Int(point.x), cy = Int(point.y)
            for dy in -radius...radius {
                for dx in -radius...radius where near(pixels.color(atX: cx + dx, y: cy + dy), color, tolerance: 12) {
                    return true
                }
            }
            return false
        }

        @Test func eachNodeCentreShowsTheNodeFill() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "")
                for (i, angle) in [0.0, 2.1, 4.2].enumerated() {
                    document.addChild(of: document.rootID, text: "", at: Vec2(cos(angle), sin(angle)) * Double(150 + 20 * i))
                }
                let map = measured(document, on: canvas)
                let camera = canvas.framingCamera(for: map)
                canvas.paint(document: map, camera: camera, selection: [])
                let pixels = try canvas.renderer.readPixels()
                // The central topic in the accent; each first-level node in the theme's fill, tinted
                // with its branch's colour where the theme tints.
                for (k, node) in map.nodes.enumerated() {
                    let centre = camera.screenPoint(ofMap: node.position)
                    let branch = k > 0 && theme.colorsOutlines ? theme.branchPalette[k - 1] : nil
                    let fill = node.isCentral ? theme.accent : theme.tintedFill(nil, branch: branch, firstLevel: true)
                    #expect(near(pixels.color(atX: Int(centre.x), y: Int(centre.y)), fill), "node \(node.id)")
                }
                #expect(near(pixels.color(atX: 2, y: 2), theme.background))
            }
        }

        @Test func aStraightBranchShowsTheEdgeColourOnTheSegmentBetweenItsNodes() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "a")
                let child = document.addChild(of: document.rootID, text: "b", at: Vec2(400, 120)) ?? document.rootID
                document.modify(child) { $0.style.edgeShape = .straight }
                let map = measured(document, on: canvas)
                let camera = canvas.framingCamera(for: map)
                canvas.paint(document: map, camera: camera, selection: [])
                let pixels = try canvas.renderer.readPixels()
                let a = camera.screenPoint(ofMap: map.nodes[0].position), b = camera.screenPoint(ofMap: map.nodes[1].position)
                let midpoint = a.interpolated(to: b, alpha: 0.5)
                // The first branch, in the palette's first colour.
                #expect(found(theme.branchPalette[0], near: midpoint, radius: 1, in: pixels))
                // Off the segment it is background: the line is a line, not a smear.
                #expect(near(pixels.color(atX: Int(midpoint.x), y: Int(midpoint.y) - 12), theme.background))
            }
        }

        @Test func aCurvedBranchShowsTheEdgeColourOnItsCurveAndNotOnTheChord() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "parent")
                document.addChild(of: document.rootID, text: "child", at: Vec2(320, 380))
                let map = measured(document, on: canvas)
                let camera = Camera(origin: Vec2(200, 100), zoom: 1)
                canvas.paint(document: map, camera: camera, selection: [])
                let pixels = try canvas.renderer.readPixels()
                let path = map.path(ofEdgeAt: 0).mapped { camera.screenPoint(ofMap: $0) }
                for t in [0.25, 0.5, 0.75] {
                    #expect(found(theme.branchPalette[0], near: path.point(at: t), radius: 1, in: pixels), "on the curve at \(t)")
                }
                // Half-way along the straight line between its ends there is no line.
                let chord = path.start.interpolated(to: path.end, alpha: 0.5)
                #expect(path.distance(to: chord, tolerance: 0.1) > 12, "the chord runs apart from the curve there")
                #expect(!found(theme.branchPalette[0], near: chord, radius: 3, in: pixels))
                #expect(near(pixels.color(atX: Int(chord.x), y: Int(chord.y)), theme.background))
            }
        }

        @Test func aSelectedNodeHasTheSelectionColourOnItsRim() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "selected")
                let other = document.addNode(text: "plain", at: Vec2(300, 0))
                let map = measured(document, on: canvas)
                let camera = canvas.framingCamera(for: map)
                canvas.paint(document: map, camera: camera, selection: [map.rootID])
                let pixels = try canvas.renderer.readPixels()
                func rim(_ id: NodeID) throws -> Vec2 {
                    let node = try #require(map.node(id))
                    let centre = camera.screenPoint(ofMap: node.position)
                    return centre + Vec2(0, node.size.y / 2 * camera.zoom - theme.selectedBorderWidth * camera.zoom / 2)
                }
                #expect(found(theme.selectedBorder, near: try rim(map.rootID), radius: 1, in: pixels))
                #expect(!found(theme.selectedBorder, near: try rim(other), radius: 3, in: pixels))
                #expect(found(theme.nodeBorder, near: try rim(other), radius: 2, in: pixels))
            }
        }

        @Test func labelsPutTextPixelsInsideTheirNode() throws {
            try withCanvas { canvas in
                let map = measured(.sample(), on: canvas)
                let camera = canvas.framingCamera(for: map)
                canvas.paint(document: map, camera: camera, selection: [])
                let pixels = try canvas.renderer.readPixels()
                for node in map.nodes {
                    let box = Rect(center: camera.screenPoint(ofMap: node.position),
                                   width: node.textSize.x * camera.zoom, height: node.textSize.y * camera.zoom)
                    var inked = 0
                    for y in Int(box.minY)...Int(box.maxY) {
                        for x in Int(box.minX)...Int(box.maxX) where near(pixels.color(atX: x, y: y), theme.text, tolerance: 60) {
                            inked += 1
                        }
                    }
                    // A glyph stroke of 16 px text covers a few dozen pixels per character.
                    #expect(inked >= 8 * node.text.count, "label '\(node.text)' shows \(inked) text pixels")
                }
            }
        }

        @Test func styledNodesAreDrawnInTheirShapeAndColours() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "root")
                let boxed = document.addChild(of: document.rootID, text: "boxed", at: Vec2(-220, 0)) ?? document.rootID
                let plain = document.addChild(of: document.rootID, text: "plain", at: Vec2(220, 0)) ?? document.rootID
                let yellow = RGBA(hex: 0xFFF1A8), red = RGBA(hex: 0xE53935)
                document.modify(boxed) { $0.style = NodeStyle(shape: .roundedBox, fillColor: yellow) }
                document.modify(plain) { $0.style = NodeStyle(shape: .plain, edgeColor: red, edgeWidth: 3) }
                let map = measured(document, on: canvas)
                let camera = Camera(origin: Vec2(400, 300), zoom: 1)
                canvas.paint(document: map, camera: camera, selection: [])
                let pixels = try canvas.renderer.readPixels()
                let box = try #require(map.node(boxed)).frame
                // Just inside the box's left edge, half-way down: the fill, where an ellipse would not reach.
                #expect(near(pixels.color(atX: Int(box.minX + 400 + 5), y: Int(box.center.y + 300)), yellow))
                let text = try #require(map.node(plain)).frame
                // The underline along the plain node's bottom, in its edge colour; above it, no fill.
                #expect(found(red, near: Vec2(text.center.x + 400, text.maxY + 300 - 1.5), radius: 1, in: pixels))
                #expect(near(pixels.color(atX: Int(text.minX + 400 + 3), y: Int(text.minY + 300 + 3)), theme.background))
            }
        }

        /// Interface text too long for its box ends in "…" at a whole character, never mid-letter.
        @Test func interfaceTextTooLongForItsBoxEndsInAnEllipsis() throws {
            try withCanvas { canvas in
                var label = DrawList.Label(text: "Preparations for the class trip to the seaside", center: Vec2(10, 20),
                                           pixelSize: 16, rasterPixelSize: 16, color: RGBA(hex: 0x202020), alignment: .leading)
                label.maxWidth = 150
                let whole = try #require(canvas.painter.textCache.texture(for: label))
                try #require(Double(whole.width) > label.maxWidth)
                let short = try #require(canvas.painter.textCache.shortened(label, drawnWidth: Double(whole.width)))
                #expect(short.key.text.hasSuffix("…"), "\(short.key.text)")
                #expect(label.text.hasPrefix(String(short.key.text.dropLast())), "a beginning of the text")
                #expect(Double(short.width) <= label.maxWidth && Double(short.width) > label.maxWidth * 0.7, "\(short.width)")
            }
        }

        @Test func eachLabelIsRasterisedOnceAcrossAHundredFrames() throws {
            try withCanvas { canvas in
                let map = measured(.sample(), on: canvas)
                let camera = canvas.framingCamera(for: map)
                for _ in 0..<100 {
                    canvas.paint(document: map, camera: camera, selection: [map.rootID])
                    canvas.renderer.present()
                }
                // One texture per label, and one for the fold badge ("−") on the selected root.
                #expect(canvas.painter.textCache.rasterisations == map.nodeCount + 1)
                #expect(canvas.painter.textCache.count == map.nodeCount + 1)
            }
        }

        @Test func aFrameRasterisesAtMostItsBudgetAndTheRestFollow() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "root")
                for i in 0..<40 { document.addNode(text: "label \(i)", at: Vec2(Double(i % 8) * 90 - 360, Double(i / 8) * 60 - 150)) }
                let map = measured(document, on: canvas)
                let camera = Camera(origin: Vec2(400, 300), zoom: 1)
                canvas.painter.paint(document: map, camera: camera, viewportSize: canvas.window.size, selection: [])
                canvas.renderer.present()
                #expect(canvas.painter.textCache.rasterisations == TextCache.rasterisationsPerFrame)
                #expect(canvas.painter.hasDeferredLabels, "the rest wait, so the app draws again")
                var frames = 1
                while canvas.painter.hasDeferredLabels && frames < 20 {
                    canvas.painter.paint(document: map, camera: camera, viewportSize: canvas.window.size, selection: [])
                    canvas.renderer.present()
                    frames += 1
                }
                #expect(!canvas.painter.hasDeferredLabels)
                #expect(canvas.painter.textCache.rasterisations == map.nodeCount)
                // A new zoom step finds the old textures and scales them instead of waiting.
                canvas.painter.paint(document: map, camera: Camera(origin: Vec2(400, 300), zoom: 1.3), viewportSize: canvas.window.size, selection: [])
                canvas.renderer.present()
                #expect(!canvas.painter.hasDeferredLabels)
                #expect(canvas.painter.textCache.rasterisations == map.nodeCount + TextCache.rasterisationsPerFrame)
            }
        }

        @Test func aPictureHasEveryLabelInItsOneFrame() throws {
            try withCanvas { canvas in
                var document = Document(rootText: "root")
                for i in 0..<40 { document.addNode(text: "label \(i)", at: Vec2(Double(i % 8) * 90 - 360, Double(i / 8) * 60 - 150)) }
                let map = measured(document, on: canvas)
                canvas.paint(document: map, camera: Camera(origin: Vec2(400, 300), zoom: 1), selection: [])
                #expect(canvas.painter.textCache.rasterisations == map.nodeCount)
                #expect(!canvas.painter.hasDeferredLabels)
            }
        }

        @Test func renderWritesAPNGOfTheRequestedSize() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let path = directory.appendingPathComponent("sample.png").path
            try HeadlessRender.render(.sample(), size: PixelSize(width: 640, height: 480), to: path)

            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let image = try #require(IMG_Load(path))
                defer { SDL_FreeSurface(image) }
                #expect(image.pointee.w == 640)
                #expect(image.pointee.h == 480)
            }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(leftovers == ["sample.png"], "no temporary file is left behind")
        }

        @Test func anUnwritablePNGPathIsAClearError() throws {
            #expect(throws: PlatformError.self) {
                try HeadlessRender.render(.sample(), size: PixelSize(width: 64, height: 64), to: "/nonexistent-dir/x.png")
            }
        }
    }

    /// The loop itself, run for real for a fraction of a second.
    @Suite(.serialized) @MainActor
    struct AppLoopTests {
        func withApp(_ body: (App) throws -> Void) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let app = try App(document: .sample(), options: App.Options(windowSize: PixelSize(width: 640, height: 480),
                                                                          preferSoftware: true, hidden: true))
                try body(app)
            }
        }

        @Test func anIdleAppDrawsOneFrameAndThenWaits() throws {
            try withApp { app in
                app.run(forSeconds: 0.6)
                // The first frame, and at most a couple more for labels over the per-frame
                // rasterisation budget (the toolbar's words and the map's labels).
                let settled = app.framesRendered
                #expect(settled >= 1 && settled <= 3)
                app.run(forSeconds: 0.3)
                #expect(app.framesRendered == settled, "nothing moved, nothing arrived: nothing drawn")
            }
        }

        @Test func theZoomKeyAnimatesToItsTargetAboutTheWindowCentre() throws {
            try withApp { app in
                app.run(forSeconds: 0.05)
                let centre = Vec2(320, 240)
                let mapCentre = app.workspace.view.camera.mapPoint(ofScreen: centre)
                let startZoom = app.workspace.view.camera.zoom
                app.handle(.key(.equals, modifiers: []))
                app.run(forSeconds: 0.6)
                #expect(abs(app.workspace.view.camera.zoom - startZoom * Workspace.zoomStep) < 1e-9)
                #expect(app.workspace.view.camera.screenPoint(ofMap: mapCentre).distance(to: centre) < 1e-6)
                #expect(app.framesRendered > 5, "the glide is drawn as it happens")
                #expect(!app.workspace.view.isAnimating)
            }
        }

        @Test func windowCloseEndsTheLoop() throws {
            try withApp { app in
                var quit = SDL_Event()
                quit.type = SDL_QUIT.rawValue
                SDL_PushEvent(&quit)
                let start = Date()
                app.run(forSeconds: 5)
                #expect(Date().timeIntervalSince(start) < 2)
            }
        }

        /// Runs the window's loop until it has nothing left to draw (the first frames draw the
        /// labels over the per-frame rasterisation budget), for at most two seconds.
        func settle(_ app: App) {
            let deadline = Date(timeIntervalSinceNow: 2)
            repeat { app.run(forSeconds: 0.05) } while app.session.needsFrame && Date() < deadline
        }

        @Test func theHUDToggleDrawsAFrame() throws {
            try withApp { app in
                settle(app)
                let frames = app.framesRendered
                app.handle(.key(.f12, modifiers: []))
                app.run(forSeconds: 0.05)
                #expect(app.isHUDVisible)
                #expect(app.framesRendered == frames + 1)
            }
        }
    }
}
