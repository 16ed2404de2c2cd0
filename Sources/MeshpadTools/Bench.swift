import Foundation
import MeshpadCore
import MeshpadSDL

/// `meshpad bench`: frame times, load times, memory and hit-test cost on large maps, headless.
///
/// Each map is measured in five scenarios — a static view, a pan sweep, a pinch sweep from
/// fit-to-screen to 2.0 and back, a drag of one node, and fit-to-screen — each frame timed from
/// the input change to the end of `SDL_RenderPresent` (update + render + present); after each,
/// far-view tiles are drawn in what is left of the app's step, as the app's loop draws them,
/// and that time is not counted (it is the time the app would sleep). The layouts
/// are timed on each procedural map as sized: `TreeLayout.positions(for:)` whole, and one step
/// of `ForceLayout` from the map's positions.
@MainActor
public enum Bench {
    public struct Options: Sendable {
        /// A million nodes too: issue 17 asks for far-view frames at 1M within 1.5× of 1k's.
        public var nodeCounts: [Int] = [1_000, 10_000, 100_000, 1_000_000]
        public var frames = 120
        public var size = PixelSize(width: 1280, height: 800)
        public var software = true
        public var includeImport = true

        public init() {}
    }

    public struct FrameStats: Sendable {
        public var p50: Double, p95: Double, p99: Double, max: Double
        public var rasterisationsPerFrame: Double

        init(_ milliseconds: [Double], rasterisations: Int) {
            let sorted = milliseconds.sorted()
            func at(_ q: Double) -> Double { sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - 1)] }
            p50 = at(0.5); p95 = at(0.95); p99 = at(0.99); max = sorted.last ?? 0
            rasterisationsPerFrame = milliseconds.isEmpty ? 0 : Double(rasterisations) / Double(milliseconds.count)
        }
    }

    public struct MapResult: Sendable {
        public var name: String
        public var nodes: Int
        public var loadMilliseconds: Double
        public var layoutMilliseconds: Double
        /// Reading the map back from a native `.meshpad` file and sizing it (procedural maps).
        public var nativeOpenMilliseconds: Double?
        /// Median of `layoutRuns` tree layouts of the sized map (procedural maps).
        public var treeLayoutMilliseconds: Double?
        /// Median of `forceSteps` force-layout steps (procedural maps).
        public var forceStepMilliseconds: Double?
        public var rssMiB: Double
        public var hitTestNanoseconds: Double
        public var scenarios: [(name: String, stats: FrameStats)]
    }

    static let layoutRuns = 5
    static let forceSteps = 9

    enum Scenario: String, CaseIterable {
        case still = "static", pan, pinch, drag, fit
        /// The whole map in view with a filter showing a tenth of it ("plan"), the rest hidden.
        case filtered = "filtered"
        /// The same filter with the rest dimmed: every node drawn, live.
        case dimmed
        /// The whole map in view, the filter applied and cleared in turns, a frame each: what a tap on
        /// the filter bar costs before it shows.
        case filterToggle = "refilter"
        /// A presentation playing: a step to the next slide every 48 frames (a flight is 0.4 s),
        /// its folds opening and closing, full screen with the chrome hidden.
        case present
    }

    public static func run(_ options: Options) throws(PlatformError) -> [MapResult] {
        // why: the accelerated renderer is measured where a person gets it, in a real (hidden)
        // window under the display, when there is one; headless it would be a software path too.
        let display = ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } ?? false
        let session = try SDLSession(headless: options.software || !display)
        return try withExtendedLifetime(session) { () throws(PlatformError) -> [MapResult] in
            // The fonts every map is measured with, as the app measures a map while reading it;
            // each map's app takes them over.
            let fonts = try LabelFonts(theme: .classic)
            var results: [MapResult] = []
            for count in options.nodeCounts {
                // Procedural: generation is the "load"; sizing is measured text.
                var start = App.now()
                let debug = ProcessInfo.processInfo.environment["MESHPAD_BENCH_DEBUG"] != nil
                if debug { Log.notice("RSS before \(count): \(ProcessMemory.residentMiB())") }
                var document = Document.procedural(nodeCount: count, seed: 7)
                if debug { Log.notice("RSS generated: \(ProcessMemory.residentMiB())") }
                document.measureAll(with: fonts.sizing)
                let load = (App.now() - start) * 1000
                // Native open: the same map written as .meshpad and read back.
                let nativePath = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-bench-\(count).meshpad").path
                var nativeOpen: Double?
                if let data = try? NativeFormat.encode(document), (try? data.write(to: URL(fileURLWithPath: nativePath))) != nil {
                    // As the app opens a file: measured as it is read, its indexes built once.
                    start = App.now()
                    if let reopened = try? MapFile.read(nativePath, sizing: fonts.sizing).document {
                        nativeOpen = (App.now() - start) * 1000
                        withExtendedLifetime(reopened) {}
                    }
                    unlink(nativePath)
                }
                let layouts = layoutTimings(document)
                ProcessMemory.releaseFree()
                if debug { Log.notice("RSS after load: \(ProcessMemory.residentMiB())") }
                var result = try measure("procedural", consume document, load: load, layout: 0, fonts: fonts, options: options)
                result.nativeOpenMilliseconds = nativeOpen
                result.treeLayoutMilliseconds = layouts.tree
                result.forceStepMilliseconds = layouts.forceStep
                results.append(result)

                guard options.includeImport else { continue }
                // An imported .mm of the same size with 5 % free links, written first, then read back.
                var withLinks = importedBenchMap(nodeCount: count)
                let path = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-bench-\(count).mm").path
                try? FreeMindFormat.encode(withLinks).write(to: URL(fileURLWithPath: path))
                defer { unlink(path) }
                start = App.now()
                withLinks = Document(rootText: "")
                // Read as the app reads a map it opens: measured on the second core as it is read.
                guard var imported = try? MapFile.read(path, sizing: fonts.sizing).document else { continue }
                ProcessMemory.releaseFree()
                let importTime = (App.now() - start) * 1000
                start = App.now()
                TreeLayout().apply(to: &imported)
                let layoutTime = (App.now() - start) * 1000
                results.append(try measure("imported .mm", consume imported, load: importTime, layout: layoutTime, fonts: fonts, options: options))
            }
            return results
        }
    }

    /// The filter the filtered frames show: one word of the procedural map's ten.
    static let benchFilter = MapFilter(text: "plan")

    /// The map behind the "imported .mm" rows: a procedural map with 5 % free links.
    static func importedBenchMap(nodeCount count: Int) -> Document {
        Document.procedural(nodeCount: count, seed: 11, links: count / 20)
    }

    /// Medians of whole tree layouts and of single force-layout steps of a sized map.
    static func layoutTimings(_ document: Document) -> (tree: Double, forceStep: Double) {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let tree = TreeLayout()
        var treeTimes: [Double] = []
        for _ in 0..<layoutRuns {
            let start = App.now()
            let positions = tree.positions(for: document)
            treeTimes.append((App.now() - start) * 1000)
            withExtendedLifetime(positions) {}
        }
        var force = ForceLayout(document: document, seed: 1)
        var stepTimes: [Double] = []
        for _ in 0..<forceSteps {
            let start = App.now()
            force.step(bySeconds: 1.0 / 120)
            stepTimes.append((App.now() - start) * 1000)
        }
        return (median(treeTimes), median(stepTimes))
    }

    /// Measures `document` in the real app, hidden: each frame is a turn of the window's loop
    /// body (`App.turn`) after the scenario's input, timed from the input to the end of
    /// presenting, the toolbar and panels drawn as the window draws them.
    static func measure(_ name: String, _ document: consuming Document, load: Double, layout: Double, fonts: LabelFonts,
                        options: Options) throws(PlatformError) -> MapResult {
        let nodeCount = document.nodeCount
        var appOptions = App.Options(windowSize: options.size, theme: .classic, preferSoftware: options.software, hidden: true)
        // why: measured with these fonts already: the app measures nothing again.
        appOptions.labelFonts = fonts
        // why: the app must hold the only copy, or the first edit copies every node.
        let app = try App(document: consume document, options: appOptions)
        let viewport = app.canvas.viewportSize
        let cache = app.canvas.painter.textCache
        let frames = max(options.frames, 10)
        var clock = 0.0

        let root = app.workspace.document.root.position
        let fitZoom: Double = {
            var camera = Camera(zoomLimits: app.workspace.view.camera.zoomLimits)
            camera.frame(app.workspace.document.bounds, viewportSize: viewport, maxZoom: 2)
            return camera.zoom
        }()
        let dragged = app.workspace.document.nodes.count > 1 ? app.workspace.document.nodes[1].id : app.workspace.document.rootID
        let dragStart = app.workspace.document.node(dragged)?.position ?? .zero

        /// Puts the view where a scenario starts.
        func setUp(_ scenario: Scenario) {
            if app.workspace.panels.presenting != nil { _ = app.workspace.perform(.endPresentation) }
            var camera = Camera(zoom: 1, zoomLimits: app.workspace.view.camera.zoomLimits)
            switch scenario {
            case .pinch, .fit, .filtered, .dimmed, .filterToggle: camera.frame(app.workspace.document.bounds, viewportSize: viewport, maxZoom: 2)
            case .drag: camera.place(mapPoint: dragStart, atScreen: viewport / 2)
            case .still, .pan: camera.place(mapPoint: root, atScreen: viewport / 2)
            case .present:
                // The slides fly the camera themselves, from the first.
                app.workspace.showFiltered(MapFilter())
                _ = app.workspace.perform(.present)
                return
            }
            _ = app.workspace.apply(.setCamera(camera))
            app.workspace.showFiltered([.filtered, .dimmed].contains(scenario) ? Self.benchFilter : MapFilter(), hides: scenario != .dimmed)
        }
        /// The input of frame `i` of a scenario.
        func advance(_ scenario: Scenario, frame i: Int) {
            switch scenario {
            case .still, .fit, .filtered, .dimmed:
                break
            case .present:
                if i % 48 == 47 { _ = app.workspace.perform(.nextSlide) }
            case .filterToggle:
                app.workspace.showFiltered(i % 2 == 0 ? Self.benchFilter : MapFilter())
            case .pan:
                _ = app.workspace.apply(.pan(Vec2(i % 120 < 60 ? -14 : 14, i % 40 < 20 ? 6 : -6)))
            case .pinch:
                // Fit → 2.0 → fit, geometrically, about the window centre.
                let phase = Double(i % frames) / Double(frames)
                let t = phase < 0.5 ? phase * 2 : (1 - phase) * 2
                let zoom = exp(log(fitZoom) + (log(2.0) - log(fitZoom)) * t)
                _ = app.workspace.apply(.zoom(by: zoom / app.workspace.view.camera.zoom, about: viewport / 2))
            case .drag:
                _ = app.workspace.apply(.moveNodes([dragged], to: [dragStart + Vec2(Double(i % 60) * 3, Double(i % 30) * 2)]))
            }
        }
        func timedFrame(_ scenario: Scenario, _ i: Int) -> Double {
            let start = App.now()
            advance(scenario, frame: i)
            // why: a still view is drawn every frame too: the bench times what a frame costs.
            app.workspace.needsRedraw = true
            clock += app.stepSeconds
            // The loop body draws far-view tiles in the rest of its step after presenting, as the
            // window does; that time is not the frame's (it is the time the window would sleep).
            app.turn(at: clock, elapsedSeconds: app.stepSeconds, eventsAt: clock)
            return (app.lastFrameEnd - start) * 1000
        }
        var scenarios: [(String, FrameStats)] = []
        for scenario in Scenario.allCases {
            setUp(scenario)
            for i in 0..<10 { _ = timedFrame(scenario, i) }   // warm-up: caches, first rasterisations
            let before = cache.rasterisations
            var times: [Double] = []
            times.reserveCapacity(frames)
            var slowest = (0.0, "")
            for i in 0..<frames {
                let t = timedFrame(scenario, i + 10)
                times.append(t)
                if t > slowest.0 {
                    let list = app.canvas.painter.lastDrawList
                    let tiles = app.canvas.painter.lastFrameUsedOverview ? ", \(app.canvas.painter.overviewTilesDrawnLastFrame.count) tile slices drawn" : ""
                    slowest = (t, "zoom \(app.workspace.view.camera.zoom): \(list.visibleNodeCount) nodes, \(list.visibleEdgeCount) edges, \(list.vertexCount) vertices, \(list.labels.count) labels, \(list.dots.count / 4) dots\(tiles)")
                }
            }
            if ProcessInfo.processInfo.environment["MESHPAD_BENCH_DEBUG"] != nil {
                Log.notice("\(name) \(scenario.rawValue) slowest \(slowest.0) ms at \(slowest.1)")
            }
            scenarios.append((scenario.rawValue, FrameStats(times, rasterisations: cache.rasterisations - before)))
            if ProcessInfo.processInfo.environment["MESHPAD_BENCH_DEBUG"] != nil {
                let list = app.canvas.painter.lastDrawList
                Log.notice("\(name) \(scenario.rawValue): \(list.visibleNodeCount) nodes, \(list.visibleEdgeCount) edges, \(list.vertexCount) vertices, \(list.labels.count) labels, \(list.dots.count / 4) dots, \(list.hairlineCount) hairlines, zoom \(app.workspace.view.camera.zoom)")
            }
        }
        if app.workspace.panels.presenting != nil { _ = app.workspace.perform(.endPresentation) }
        app.workspace.showFiltered(MapFilter())
        let workspace = app.workspace

        // Hit tests at random points over the map.
        var rng = SeededGenerator(seed: 5)
        let bounds = workspace.document.bounds
        let queries = 20_000
        let points = (0..<queries).map { _ in
            Vec2(Double.random(in: bounds.minX...bounds.maxX, using: &rng), Double.random(in: bounds.minY...bounds.maxY, using: &rng))
        }
        let start = App.now()
        var hits = 0
        for p in points where workspace.document.topmostNode(at: p) != nil { hits += 1 }
        let hitNanoseconds = (App.now() - start) * 1e9 / Double(queries)
        _ = hits
        // What the map really holds: freed scratch handed back first, as the app does after loading.
        ProcessMemory.releaseFree()
        return MapResult(name: name, nodes: nodeCount, loadMilliseconds: load, layoutMilliseconds: layout,
                         rssMiB: ProcessMemory.residentMiB(), hitTestNanoseconds: hitNanoseconds, scenarios: scenarios)
    }

    public static func table(_ results: [MapResult]) -> String {
        func f(_ v: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", v) }
        var out = "load ms: generating (procedural) or importing (.mm) and sizing every node; open ms: reading it back from .meshpad\n"
        out += "map            nodes    load ms  layout ms  RSS MiB  hit ns | scenario   p50     p95     p99     max   rast/frame\n"
        for r in results {
            for (i, s) in r.scenarios.enumerated() {
                let head = i == 0
                    ? "\(r.name.padding(toLength: 14, withPad: " ", startingAt: 0)) \(String(r.nodes).leftPad(6)) \(f(r.loadMilliseconds, 1).leftPad(10)) \(f(r.layoutMilliseconds, 1).leftPad(10)) \(f(r.rssMiB, 1).leftPad(8)) \(f(r.hitTestNanoseconds, 0).leftPad(7))"
                    : String(repeating: " ", count: 62)
                var tail = ""
                if i == 1, let open = r.nativeOpenMilliseconds { tail = "   (open .meshpad: \(f(open, 1)) ms)" }
                out += "\(head) | \(s.name.padding(toLength: 8, withPad: " ", startingAt: 0)) \(f(s.stats.p50).leftPad(7)) \(f(s.stats.p95).leftPad(7)) \(f(s.stats.p99).leftPad(7)) \(f(s.stats.max).leftPad(7)) \(f(s.stats.rasterisationsPerFrame).leftPad(8))\(tail)\n"
            }
        }
        let layouts = results.compactMap { r in r.treeLayoutMilliseconds.map { (r.nodes, $0, r.forceStepMilliseconds ?? 0) } }
        if !layouts.isEmpty {
            out += "\nlayout of the sized procedural map: tree = TreeLayout.positions(for:) (median of \(layoutRuns)), force step = one ForceLayout step (median of \(forceSteps))\n"
            for (nodes, tree, force) in layouts {
                out += "  \(String(nodes).leftPad(6)) nodes   tree \(f(tree, 1).leftPad(8)) ms   force step \(f(force, 1).leftPad(8)) ms\n"
            }
        }
        return out
    }

    public static func json(_ results: [MapResult], options: Options) -> String {
        func f(_ v: Double) -> String { String(format: "%.3f", v) }
        let maps = results.map { r in
            let scenarios = r.scenarios.map { s in
                "\"\(s.name)\":{\"p50_ms\":\(f(s.stats.p50)),\"p95_ms\":\(f(s.stats.p95)),\"p99_ms\":\(f(s.stats.p99)),\"max_ms\":\(f(s.stats.max)),\"rasterisations_per_frame\":\(f(s.stats.rasterisationsPerFrame))}"
            }.joined(separator: ",")
            let open = (r.nativeOpenMilliseconds.map { ",\"native_open_ms\":\(f($0))" } ?? "")
                + (r.treeLayoutMilliseconds.map { ",\"tree_layout_ms\":\(f($0))" } ?? "")
                + (r.forceStepMilliseconds.map { ",\"force_step_ms\":\(f($0))" } ?? "")
            return "{\"map\":\"\(r.name)\",\"nodes\":\(r.nodes),\"load_ms\":\(f(r.loadMilliseconds))\(open),\"layout_ms\":\(f(r.layoutMilliseconds)),\"rss_mib\":\(f(r.rssMiB)),\"hit_test_ns\":\(f(r.hitTestNanoseconds)),\"scenarios\":{\(scenarios)}}"
        }.joined(separator: ",")
        return "{\"bench\":\"meshpad\",\"renderer\":\"\(options.software ? "software" : "accelerated")\",\"size\":\"\(options.size.width)x\(options.size.height)\",\"frames\":\(options.frames),\"maps\":[\(maps)]}"
    }
}

private extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
