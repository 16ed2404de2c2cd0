import Foundation
import MeshpadCore
import MeshpadSDL

extension Bench {
    /// How long editing commands take on a big map: what a person waits for after a key.
    public struct EditingTimes: Sendable {
        public var nodes: Int
        /// Median milliseconds of each operation, in the order they are printed.
        public var medians: [(name: String, milliseconds: Double)]
        /// How many nodes the timed tag + text filter matched and showed (matches and their paths).
        public var filterMatched = 0, filterShown = 0
    }

    /// Times each editing operation `repeats` times on a procedural map of `count` nodes, through
    /// the workspace as the keys drive it, and keeps the medians.
    static func editingTimes(count: Int, sizing: NodeSizing, viewport: Vec2, repeats: Int = 5) -> EditingTimes {
        var document = Document.procedural(nodeCount: count, seed: 7)
        document.measureAll(with: sizing)
        var workspace = Workspace(document: document, viewportSize: viewport, sizing: sizing)
        document = Document(rootText: "")
        var time = 100.0
        var samples: [String: [Double]] = [:]
        var order: [String] = []
        func measure(_ name: String, _ body: (inout Workspace) -> Void) {
            let start = App.now()
            body(&workspace)
            let elapsed = (App.now() - start) * 1000
            if samples[name] == nil { order.append(name) }
            samples[name, default: []].append(elapsed)
        }
        func key(_ w: inout Workspace, _ key: Key, _ modifiers: KeyModifiers = []) {
            time += 0.1
            _ = w.handle(.key(key, modifiers: modifiers), at: time)
        }
        func select(_ w: inout Workspace, _ id: NodeID) {
            _ = w.apply(.select(id, toggle: false))
        }
        let branch = workspace.document.children(of: workspace.document.rootID).first ?? workspace.document.rootID
        let leaf = workspace.document.nodes.last?.id ?? workspace.document.rootID
        let middle = workspace.document.nodes[workspace.document.nodeCount / 2].id
        for _ in 0..<repeats {
            select(&workspace, leaf)
            measure("new child + text + Return") { w in
                key(&w, .tab)
                time += 0.1
                _ = w.handle(.text("new idea"), at: time)
                key(&w, .return)
            }
            measure("undo new child") { w in key(&w, .z, .ctrl) }
            select(&workspace, middle)
            measure("delete a node mid-map") { w in key(&w, .delete) }
            measure("undo that delete") { w in key(&w, .z, .ctrl) }
            select(&workspace, branch)
            measure("delete a first-level branch") { w in key(&w, .delete) }
            measure("undo that delete ") { w in key(&w, .z, .ctrl) }
            select(&workspace, branch)
            measure("fold a first-level branch") { w in key(&w, .space) }
            measure("unfold it") { w in key(&w, .space) }
            measure("search: open, type 4 letters") { w in
                key(&w, .f, .ctrl)
                for letter in "plan" {
                    time += 0.1
                    _ = w.handle(.text(String(letter)), at: time)
                }
                key(&w, .escape)
            }
            measure("outline: open") { w in key(&w, .f9) }
            key(&workspace, .f9)
            select(&workspace, leaf)
            measure("paste 100-line outline") { w in
                w.paste((0..<100).map { String(repeating: "\t", count: min($0 % 4, 3)) + "pasted \($0)" }.joined(separator: "\n"))
            }
            measure("undo paste") { w in key(&w, .z, .ctrl) }
        }
        return EditingTimes(nodes: count, medians: order.map { name in
            let sorted = (samples[name] ?? []).sorted()
            return (name.trimmingCharacters(in: .whitespaces), sorted.isEmpty ? 0 : sorted[sorted.count / 2])
        })
    }

    static let filterRows = (apply: "filter: apply tag + text", text: "filter: apply text alone", clear: "filter: clear",
                             accented: "filter: text, 1/3 accented", index: "filter: text index, 1/3 acc.")

    /// Times filtering a procedural map of `count` nodes, some tagged (`filterBenchMap`), as the
    /// filter bar will: applying `#urgent “plan”`, the text alone (every node's text read), and
    /// clearing (working out the empty filter: everything shown); then, with a third of the texts
    /// beginning “Réunion” (folded a character at a time), the text alone again and making the
    /// `FilterTextIndex` a bar may keep.
    static func filterTimes(count: Int, sizing: NodeSizing, repeats: Int = 5) -> (medians: [(name: String, milliseconds: Double)],
                                                                               matched: Int, shown: Int) {
        var document = filterBenchMap(count: count, accented: false)
        document.measureAll(with: sizing)
        let tagAndText = MapFilter(tags: ["urgent"], text: "plan"), textAlone = MapFilter(text: "plan")
        var samples: [String: [Double]] = [:]
        var last = document.filtered(by: tagAndText)
        let shown = last.shown.filter { $0 }.count, matched = last.matchCount
        func time(_ name: String, _ body: () -> FilterResult) {
            let start = App.now()
            last = body()
            samples[name, default: []].append((App.now() - start) * 1000)
        }
        for _ in 0..<repeats {
            time(filterRows.apply) { document.filtered(by: tagAndText) }
            time(filterRows.text) { document.filtered(by: textAlone) }
            time(filterRows.clear) { document.filtered(by: MapFilter()) }
        }
        document = filterBenchMap(count: count, accented: true)
        for _ in 0..<repeats {
            time(filterRows.accented) { document.filtered(by: textAlone) }
            var index: FilterTextIndex?
            time(filterRows.index) {
                index = FilterTextIndex(document)
                return last
            }
            // why: used, so the optimiser keeps the index that was timed.
            if index?.isCurrent(for: document) != true { Log.error("bench: the filter's text index is not current") }
        }
        let names = [filterRows.apply, filterRows.text, filterRows.clear, filterRows.accented, filterRows.index]
        return (names.map { name in
            let sorted = (samples[name] ?? []).sorted()
            return (name, sorted.isEmpty ? 0 : sorted[sorted.count / 2])
        }, matched, shown)
    }

    /// The procedural map with 3 % of its nodes tagged `urgent` and 2 % `home`, and when `accented`
    /// a third of its texts beginning “Réunion”. why: built anew rather than changed, as a
    /// transaction of 30,000 changes would take longer than the whole bench.
    static func filterBenchMap(count: Int, accented: Bool) -> Document {
        let plain = Document.procedural(nodeCount: count, seed: 7)
        var builder = MapBuilder(root: plain.root)
        builder.reserveCapacity(count)
        var ids = [plain.rootID]
        ids.reserveCapacity(count)
        // Procedural maps list parents before their children.
        for i in plain.nodes.indices.dropFirst() {
            var node = plain.nodes[i]
            if i % 33 == 0 { node.tags.append("urgent") }
            if i % 50 == 0 { node.tags.append("home") }
            if accented, i % 3 == 1 { node.text = "Réunion " + node.text }
            let parent = plain.parent(of: node.id).flatMap(plain.index(of:)).map { ids[$0] }
            ids.append(builder.add(node, under: parent) ?? plain.rootID)
        }
        return builder.build()
    }

    /// The editing timings for each map size of `options`, headless, with the real label font.
    public static func runEditing(_ options: Options) throws(PlatformError) -> [EditingTimes] {
        let session = try SDLSession(headless: true)
        return try withExtendedLifetime(session) { () throws(PlatformError) -> [EditingTimes] in
            let canvas = try Canvas(title: "Meshpad bench", size: options.size, theme: .classic, hidden: true, preferSoftware: true)
            return options.nodeCounts.map { count in
                var times = editingTimes(count: count, sizing: canvas.sizing, viewport: canvas.window.size)
                // After the editing map is gone: the filter's map is a map of its own, with tags.
                let filter = filterTimes(count: count, sizing: canvas.sizing)
                times.medians += filter.medians
                times.filterMatched = filter.matched
                times.filterShown = filter.shown
                return times
            }
        }
    }

    public static func editingTable(_ times: [EditingTimes]) -> String {
        guard let first = times.first else { return "" }
        var out = "editing (median ms of 5, keys through the workspace)\n"
        out += "operation".padding(toLength: 32, withPad: " ", startingAt: 0)
            + times.map { String("\($0.nodes) nodes".padding(toLength: 14, withPad: " ", startingAt: 0)) }.joined() + "\n"
        for (i, entry) in first.medians.enumerated() {
            out += entry.name.padding(toLength: 32, withPad: " ", startingAt: 0)
            for t in times { out += String(format: "%-14.2f", t.medians[i].milliseconds) }
            out += "\n"
        }
        // The figure: applying or clearing a filter at 100,000 nodes within 50 ms.
        if let big = times.first(where: { $0.nodes == 100_000 }) {
            func median(_ name: String) -> Double { big.medians.first { $0.name == name }?.milliseconds ?? 0 }
            out += String(format: "filter 100k: apply %.2f ms, clear %.2f ms (limit 50 ms; #urgent “plan”: %d matches, %d shown)\n",
                          median(filterRows.apply), median(filterRows.clear), big.filterMatched, big.filterShown)
        }
        return out
    }
}
