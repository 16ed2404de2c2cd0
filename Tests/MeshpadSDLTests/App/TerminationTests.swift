import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
import MeshpadTestRigs

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// A logout, `systemctl stop`, a kiosk's restart script or Ctrl+C ends the real process at
    /// once, and the work in it is offered back on the next start.
    @Suite(.serialized) @MainActor
    struct TerminationTests {
        /// Two nodes typed under the root; the second at 1.5 s, and the signal as soon as the app
        /// has heard it, so that its autosave (due half a second later) has not run. The last
        /// event, at a minute, keeps the script running until then.
        static let script = [
            #"{"t":200,"type":"key","key":"Tab"}"#,
            #"{"t":300,"type":"text","text":"first idea"}"#,
            #"{"t":400,"type":"key","key":"Return"}"#,
            #"{"t":1500,"type":"key","key":"Tab"}"#,
            #"{"t":1510,"type":"text","text":"last words"}"#,
            #"{"t":60000,"type":"mouse_move","x":10,"y":10}"#,
        ]

        @Test(arguments: [SIGTERM, SIGINT])
        func aStopSignalEndsTheProcessWithinASecondAndTheNextStartOffersTheWorkBack(signal: Int32) throws {
            guard ChildProcess.builtMeshpad() != nil else { return }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-signal-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let map = directory.appendingPathComponent("ideas.meshpad")
            try NativeFormat.encode(Document(rootText: "signal test")).write(to: map)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: map.path)
            let original = try Data(contentsOf: map)
            let scriptURL = directory.appendingPathComponent("typing.jsonl")
            try Self.script.joined(separator: "\n").write(to: scriptURL, atomically: true, encoding: .utf8)

            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = directory.path
            environment["XDG_DATA_HOME"] = directory.appendingPathComponent("data").path
            environment["SDL_VIDEODRIVER"] = "offscreen"
            let child = try ChildProcess(["replay", scriptURL.path, "--map", map.path, "--size", "800x600", "--realtime", "--autosave"],
                                         environment: environment)
            _ = try #require(child.waitForOutput("replay started", seconds: 20), "the child never started its replay: \(child.errorOutput)")
            // why: not at a fixed time: a cold start's first frame (fonts) took over a second to
            // draw, and the words came after the signal.
            _ = try #require(child.waitForOutput("replay delivered 5 of 6 events", seconds: 20),
                             "the child never typed the last words: \(child.errorOutput)")
            kill(child.process.processIdentifier, signal)
            let seconds = try #require(child.waitForExit(seconds: 10), "still running 10 s after the signal: \(child.errorOutput)")
            #expect(seconds < 1, "it took \(seconds) s to end")
            #expect(child.process.terminationReason == .exit && child.process.terminationStatus == 0, "\(child.errorOutput)")
            #expect(try Data(contentsOf: map) == original, "the map file itself is not written without asking")

            let store = RecoveryStore.standard(environment: environment)
            let recovery = try NativeFormat.decode(Data(contentsOf: URL(fileURLWithPath: store.recoveryPath(for: map.path))))
            #expect(Set(recovery.nodes.map(\.text)) == ["signal test", "first idea", "last words"])

            // The next start offers the work back, as after a crash.
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let loaded = try MapFile.read(map.path)
                let options = App.Options(windowSize: PixelSize(width: 800, height: 600), preferSoftware: true, hidden: true,
                                          recovery: store)
                let app = try App(document: loaded.document, file: DocumentFile(path: map.path, format: loaded.format, savedRevision: 0),
                                  options: options)
                let banner = try #require(app.workspace.panels.banner)
                #expect(banner.message.hasPrefix("Restored unsaved changes to ideas.meshpad"), "\(banner.message)")
                #expect(banner.actions.contains(.discardRecovery))
                #expect(app.workspace.document.nodes.contains { $0.text == "last words" })
                #expect(app.file.isDirty(app.workspace.document), "restored work is unsaved until saved")
            }
        }
    }
}
