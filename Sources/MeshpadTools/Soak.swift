import Foundation
import MeshpadCore
import MeshpadSDL

/// `meshpad soak`: the real app, headless, on a long seeded stream of random input, checked
/// as it goes.
///
/// Events go through SDL's queue and the event translator, as a person's do; the loop steps at
/// 1/120 s of simulated time and a frame is drawn every 20 events. Every 1,000 events all
/// fingers and buttons are lifted, the animations settle, and the state is checked: nothing
/// non-finite, the zoom within its limits, every edge's ends present, the selection live, and
/// undoing everything since the last check gives back the map as it was then, and redoing it
/// all gives back the map as it is now. The history is then cleared, so each round of 1,000
/// events is checked on its own and a million events take linear time.
///
/// For finding what went wrong: `MESHPAD_SOAK_TRACE=1` prints the failing round's events with
/// the commands they recorded; `MESHPAD_SOAK_VERBOSE=1` reports memory every 5,000 events;
/// `MESHPAD_SOAK_NO_PAINT=1` draws nothing, to tell the drawing's memory from the rest's.
/// `SWIFT_DETERMINISTIC_HASHING=1` makes a seed replay the same run exactly.
@MainActor
public enum Soak {
    public struct Result: Sendable {
        public var events: Int
        public var checks: Int
        public var problems: [String]
        public var rssStartMiB: Double
        /// After warming up (`warmUpEvents`), when caches have filled: growth is measured from here.
        public var rssWarmMiB: Double
        public var rssEndMiB: Double
        /// The same two with the label textures and word-width memos dropped and free pages
        /// handed back: what is left is everything but bounded, rebuildable caches, so the
        /// difference is growth.
        public var rssWarmSettledMiB: Double
        public var rssEndSettledMiB: Double
        /// The heap in use (allocated, not freed) at those two settled moments: growth here is
        /// memory held, growth in RSS alone is the allocator's free pages and fragmentation.
        public var heapWarmSettledMiB: Double
        public var heapEndSettledMiB: Double
        /// The highest RSS seen at a check.
        public var rssPeakMiB: Double
        public var growthMiB: Double { rssEndSettledMiB - rssWarmSettledMiB }
        public var seconds: Double
        public var nodesAtEnd: Int
    }

    public static func run(events count: Int, seed: UInt64, document: Document, size: PixelSize,
                           progress: (String) -> Void = { _ in }) throws(PlatformError) -> Result {
        let session = try SDLSession(headless: true)
        defer { withExtendedLifetime(session) {} }
        // why: should random input ever reach a file dialog, what it makes or writes must land in
        // a scratch folder, not where the soak was started.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-soak-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // why: a scope of its own, so the app and its window go before the SDL session does.
        do {
            let app = try App(document: document, options: App.Options(windowSize: size, preferSoftware: true, hidden: true))
            // why: random taps that reach the file browser (Home, ‹ Parent, New folder, Save) stay
            // in the scratch folder, which is also where a new map's Save as starts.
            app.session.keepFiles(in: scratch.path)
            let started = App.now()
            let rssStart = ProcessMemory.residentMiB()
            var rssWarm = rssStart, rssWarmSettled = rssStart, rssPeak = rssStart, heapWarmSettled = 0.0
            func heapMiB() -> Double { Double(ProcessMemory.heapInUseBytes()) / 1_048_576 }
            // why: label textures are a cache of up to 32 MiB that fills and empties with what
            // was last on screen; measured without it, a difference is memory that stays. The
            // same goes for the word-width memos (8192 words a face, up to ~1 MiB each): random
            // text makes a new word nearly every time, so they fill over hundreds of thousands
            // of events, long after warm-up (2.5 of seed 1's 3.7 MiB of heap growth from 20,000
            // to 200,000 events).
            func settledRSS() -> Double {
                app.canvas.painter.textCache.removeAll()
                app.canvas.fonts.forgetMeasuredWidths()
                ProcessMemory.releaseFree()
                return ProcessMemory.residentMiB()
            }
            let warmUp = Self.warmUpEvents(for: count)
            var generator = SoakGenerator(seed: seed, viewport: app.canvas.viewportSize)
            var timing = SeededGenerator(seed: seed &+ 0x5EED)
            var time = 0.0, simulated = 0.0
            var problems: [String] = []
            var checks = 0
            app.workspace.resetHistory()
            app.workspace.checksEveryTransaction = true
            var checkpoint = app.workspace.document

            func deliver(_ input: InputEvent) throws(PlatformError) {
                guard let event = Recorder.replayEvent(for: input, at: time, windowSize: app.canvas.viewportSize) else { return }
                try app.deliver(event, at: time)
            }
            /// The window's loop body, a fixed step at a time on the simulated clock; a frame is
            /// drawn only when asked (every 20 events), the rest of the time it would be drawn
            /// is left out to keep a million events within minutes.
            func advance(to target: Double, draws: Bool = false) {
                while simulated + app.stepSeconds <= target {
                    simulated += app.stepSeconds
                    app.turn(at: simulated, elapsedSeconds: app.stepSeconds, eventsAt: simulated,
                             draws: draws && simulated + 2 * app.stepSeconds > target)
                }
            }

            let environment = ProcessInfo.processInfo.environment
            let noPaint = environment["MESHPAD_SOAK_NO_PAINT"] != nil
            let trace = environment["MESHPAD_SOAK_TRACE"] != nil
            let checksPerReport = environment["MESHPAD_SOAK_VERBOSE"] == nil ? 100 : 5
            var round: [String] = []
            for index in 0..<count {
                time += Double.random(in: 0.004...0.09, using: &timing)
                let input = generator.next()
                if trace {
                    let before = app.workspace.history.done.count
                    try deliver(input)
                    let after = app.workspace.history.done
                    var line = "\(index + 1) \(input)"
                    if after.count != before, let step = after.last { line += "  => " + String(String(describing: step).prefix(300)) }
                    if let session = app.workspace.editing { line += " [editing \(session.node)]" }
                    round.append(line)
                } else {
                    try deliver(input)
                }
                advance(to: time, draws: index % 20 == 19 && !noPaint)
                if index + 1 == warmUp {
                    rssWarm = ProcessMemory.residentMiB()
                    rssWarmSettled = settledRSS()
                    heapWarmSettled = heapMiB()
                }
                guard index % 1000 == 999 || index == count - 1 else { continue }
                for input in generator.restPoint() { try deliver(input) }
                var settling = 0
                while app.workspace.isAnimating && settling < 12_000 {
                    time += app.stepSeconds
                    advance(to: time)
                    settling += 1
                }
                checks += 1
                let found = app.workspace.soakViolations(since: checkpoint)
                if !found.isEmpty {
                    problems += found.map { "after event \(index + 1): \($0)" }
                    if trace { round.forEach { print($0) } }
                    break
                }
                round.removeAll()
                // Every pointer is up and nothing moves: where the running app would go idle.
                app.releaseMemoryAfterActivity()
                rssPeak = max(rssPeak, ProcessMemory.residentMiB())
                app.workspace.resetHistory()
                checkpoint = app.workspace.document
                if checks % checksPerReport == 0 { progress("\(index + 1) events, \(app.workspace.document.nodeCount) nodes, RSS \(String(format: "%.1f", ProcessMemory.residentMiB())) MiB, heap \(ProcessMemory.heapInUseBytes() >> 20) MiB, fonts \(app.canvas.fonts.openFontCount), label textures \(app.canvas.painter.textCache.count) (\(app.canvas.painter.textCache.bytes / 1024) KiB)") }
            }
            app.waitForWrites()
            let rssEnd = ProcessMemory.residentMiB()
            let rssEndSettled = settledRSS()
            var result = Result(events: count, checks: checks, problems: problems, rssStartMiB: rssStart, rssWarmMiB: rssWarm,
                                rssEndMiB: rssEnd, rssWarmSettledMiB: rssWarmSettled, rssEndSettledMiB: rssEndSettled,
                                heapWarmSettledMiB: heapWarmSettled, heapEndSettledMiB: heapMiB(),
                                rssPeakMiB: max(rssPeak, rssEnd), seconds: App.now() - started, nodesAtEnd: app.workspace.document.nodeCount)
            if count >= Self.growthJudgedFromEvents && result.growthMiB > Self.growthLimitMiB {
                result.problems.append(String(format: "resident memory grew by %.1f MiB after warming up (limit %.0f MiB)", result.growthMiB, Self.growthLimitMiB))
            }
            return result
        }
    }

    public static let growthLimitMiB = 5.0

    /// From this many events on, growth past `growthLimitMiB` is a finding (`make test`'s soak is
    /// 60,000 events). Shorter runs are not judged: with the 5,000-event warm-up, most of them is
    /// still the first fonts, pictures and frames.
    ///
    /// why: 60,000 events take ~45 s in a debug build and tell a pile-up from a settled app on
    /// seed 1: frames drawn and never presented (issue 34) grew +17.0 MiB there, the fixed soak
    /// +1.7 (seeds 1-7 at 20,000 to 100,000 events grew at most +2.8 MiB). At 20,000 events seed
    /// 1 showed nothing (+0.8 MiB) and judged from 200,000 only, `make test` never judged at all.
    public static let growthJudgedFromEvents = 50_000

    /// The events after which memory counts as warmed up: a tenth of the run, at least 5,000.
    /// why: the settled heap reaches its level within 5,000 events on seeds 1-6 (10,000 on seed
    /// 7); measured from the 2,000th, a clean 20,000-event run of seed 1 "grew" +12.9 MiB.
    public static func warmUpEvents(for count: Int) -> Int { max(5000, count / 10) }
}
