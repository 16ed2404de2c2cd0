import Foundation
import Synchronization
import Testing

/// A program run as a child process — the built `meshpad`, as a person, a session or a service
/// manager runs it, or a tool such as Xvfb — with its output collected as it comes.
package final class ChildProcess {
    /// The app built beside the test bundle (so `make sanitize`'s own build path works too).
    package static let meshpad: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("meshpad").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../.build/debug/meshpad").standardized.path
    }()

    /// The app's path, or nil with an issue recorded when it is not built.
    package static func builtMeshpad() -> String? {
        guard FileManager.default.isExecutableFile(atPath: meshpad) else {
            Issue.record("the meshpad binary is not built at \(meshpad)")
            return nil
        }
        return meshpad
    }

    /// The full path of a program on `PATH`, if it is there.
    package static func installed(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a short-lived tool (xwininfo, swaymsg, ibus…) to its end with exactly `environment`:
    /// its standard output, standard error dropped.
    package static func output(of executable: String, _ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    package let process = Process()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let collected = Collected()

    /// Starts `EXECUTABLE ARGUMENTS` (the app unless told) with exactly `environment`, in
    /// `directory` (the test's own working folder unless told).
    package init(_ arguments: [String], environment: [String: String], executable: String = ChildProcess.meshpad,
         directory: String? = nil) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.arguments = arguments
        // why: under `make sanitize` the app is built with AddressSanitizer too; its own run
        // must read the same suppressions (a library's known leak) and report like the tests'.
        var environment = environment
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"] where environment[name] == nil {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        process.environment = environment
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let collected = collected
        outputPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        errorPipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            collected.errors.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try Self.runWithNoSignalsBlocked(process)
    }

    /// Starts `process` from this thread with its signal mask emptied for the moment.
    ///
    /// why: a child inherits the mask of the thread that spawns it, and the test runner's threads
    /// (libdispatch's) block nearly every signal; started from one, a child would hold SIGTERM
    /// pending instead of receiving it the way a shell or a service manager's child does.
    package static func runWithNoSignalsBlocked(_ process: Process) throws {
        var none = sigset_t()
        var previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    deinit {
        outputPipe.fileHandleForReading.readabilityHandler = nil
        errorPipe.fileHandleForReading.readabilityHandler = nil
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Standard output so far.
    package var output: String { collected.output.withLock { $0 } }

    /// Standard error so far.
    package var errorOutput: String { collected.errors.withLock { $0 } }

    /// Polls `condition` until it holds; the time it did, or nil after `seconds`.
    package func wait(seconds: Double, until condition: (ChildProcess) -> Bool) -> Date? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition(self) { return Date() }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return nil
    }

    /// Waits until standard error holds `text`; the time it was seen, or nil after `seconds`.
    package func waitForOutput(_ text: String, seconds: Double) -> Date? {
        wait(seconds: seconds) { $0.errorOutput.contains(text) }
    }

    /// Waits for the process to end: the seconds it took, or nil if it was still running after
    /// `seconds` (it is then killed, so no test leaves a process behind).
    package func waitForExit(seconds: Double) -> Double? {
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < seconds {
            Thread.sleep(forTimeInterval: 0.002)
        }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return Date().timeIntervalSince(start)
    }

    /// Ends the process as a service manager would: SIGTERM, then SIGKILL if it is still running
    /// after `seconds` (Xvfb removes its lock file and socket only on SIGTERM).
    package func stop(seconds: Double = 5) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        _ = waitForExit(seconds: seconds)
    }

    /// Filled on the pipes' reading threads, read on the test's.
    private final class Collected: Sendable {
        let output = Mutex("")
        let errors = Mutex("")
    }
}
