import Foundation
import MeshpadCore
import MeshpadSDL

/// `meshpad bench --app`: the real app in a real window, as a person starts it — time from
/// starting the process to its first frame on the screen, and its resident memory once idle.
///
/// The headless bench measures the map code with the software renderer; a person gets the
/// window system, the accelerated renderer (Mesa's llvmpipe without a GPU), fontconfig and every
/// library's start-up. This runs this same executable on the sample, a 10k and a 100k `.mm` map
/// (written like the bench's imported map), each a few times, under whatever display `DISPLAY`
/// names (`make bench` starts Xvfb when it is installed).
extension Bench {
    public struct AppResult: Sendable {
        public var name: String
        public var nodes: Int
        /// Median over the runs, from starting the process to the first frame presented.
        public var firstFrameMilliseconds: Double
        /// VmRSS two seconds after the first frame, idle (median over the runs).
        public var residentMiB: Double
        /// VmHWM: the most it held at any moment (median over the runs).
        public var peakMiB: Double
        /// The SDL renderer the app chose (`software`, `opengl` …).
        public var renderer: String
    }

    static let appRuns = 3
    static let appSettleSeconds = 2.0

    public static func runApp(size: PixelSize) throws(PlatformError) -> [AppResult] {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
            throw PlatformError.noDisplay(detail: "bench --app starts the app in a window and DISPLAY is not set")
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-bench-app-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var maps: [(name: String, nodes: Int, path: String?)] = [("sample", Document.sample().nodeCount, nil)]
        for count in [10_000, 100_000] {
            let path = scratch.appendingPathComponent("map-\(count).mm").path
            try? FreeMindFormat.encode(importedBenchMap(nodeCount: count)).write(to: URL(fileURLWithPath: path))
            maps.append(("imported .mm", count, path))
        }
        var results: [AppResult] = []
        for map in maps {
            var firstFrames: [Double] = [], resident: [Double] = [], peaks: [Double] = [], renderer = ""
            for _ in 0..<appRuns {
                let run = try timeApp(executable: executable, map: map.path, size: size, home: scratch)
                firstFrames.append(run.firstFrame)
                resident.append(run.resident)
                peaks.append(run.peak)
                renderer = run.renderer
            }
            func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
            results.append(AppResult(name: map.name, nodes: map.nodes, firstFrameMilliseconds: median(firstFrames),
                                     residentMiB: median(resident), peakMiB: median(peaks), renderer: renderer))
        }
        return results
    }

    /// One start of the app: waits for its "first frame" line, lets it idle, reads its memory, stops it.
    static func timeApp(executable: URL, map: String?, size: PixelSize, home: URL) throws(PlatformError)
        -> (firstFrame: Double, resident: Double, peak: Double, renderer: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = (map.map { [$0] } ?? []) + ["--size", "\(size.width)x\(size.height)"]
        var environment = ProcessInfo.processInfo.environment
        environment["MESHPAD_REPORT_FIRST_FRAME"] = "1"
        // why: the runs must not read or leave the user's recovery files, recent files and choices.
        environment["XDG_STATE_HOME"] = home.appendingPathComponent("state").path
        environment["XDG_CONFIG_HOME"] = home.appendingPathComponent("config").path
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = App.now()
        do {
            try process.run()
        } catch {
            throw PlatformError.window(detail: "bench --app could not start \(executable.path): \(error)")
        }
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("first frame") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty {
                process.waitUntilExit()
                throw PlatformError.window(detail: "bench --app: the app ended before its first frame (status \(process.terminationStatus))")
            }
            seen.append(chunk)
        }
        let firstFrame = (App.now() - start) * 1000
        Thread.sleep(forTimeInterval: appSettleSeconds)
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func kibibytes(_ field: String) -> Double {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return 0 }
            return Double(line.split(separator: " ").dropFirst().first { !$0.isEmpty } ?? "0") ?? 0
        }
        process.terminate()
        process.waitUntilExit()
        let said = String(decoding: seen, as: UTF8.self)
        let renderer = said.range(of: "renderer ").map { said[$0.upperBound...].prefix { !$0.isNewline } }.map(String.init) ?? "?"
        return (firstFrame, kibibytes("VmRSS") / 1024, kibibytes("VmHWM") / 1024, renderer)
    }

    public static func appTable(_ results: [AppResult]) -> String {
        var out = "the real app in a window (\(appRuns) starts each, medians): start to first frame presented; memory \(Int(appSettleSeconds)) s after, idle\n"
        out += "map            nodes   first frame ms   RSS MiB   peak MiB   renderer   the last start's steps, ms\n"
        for r in results {
            // The app's line: "first frame, renderer NAME; ms: STEP n · STEP n …".
            let parts = r.renderer.components(separatedBy: "; ms: ")
            out += r.name.padding(toLength: 14, withPad: " ", startingAt: 0)
                + String(format: " %6d %16.0f %9.1f %10.1f   ", r.nodes, r.firstFrameMilliseconds, r.residentMiB, r.peakMiB)
                + parts[0].padding(toLength: 10, withPad: " ", startingAt: 0) + " " + (parts.count > 1 ? parts[1] : "") + "\n"
        }
        return out
    }
}
