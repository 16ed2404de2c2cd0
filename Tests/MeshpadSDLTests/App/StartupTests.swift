import Foundation
import MeshpadTestRigs
import Testing

extension PlatformTests.WindowTitleTests {
    /// A `.mm` named on the command line is measured while it is read, with the fonts the
    /// window then takes over: the map shows, and the first-frame line says where start-up
    /// went. One that cannot be read is refused, naming it, before any window is drawn.
    @Test(.xServerTools, .needsSharedMaps)
    func aMapNamedOnTheCommandLineOpensMeasuredOrIsRefusedNamingIt() throws {
        guard ChildProcess.builtMeshpad() != nil, let xvfb = Self.installed("Xvfb") else { return }
        let directory = try Self.scratchFolder("meshpad-start")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (server, display) = try Self.startServer(xvfb)
        defer { server.stop() }
        var environment = Self.appEnvironment(display: display, home: directory, lang: "C.UTF-8")
        environment["MESHPAD_REPORT_FIRST_FRAME"] = "1"

        let maps = SharedCorpus.maps
        // A map with no picture: every node is measured as it is read, none again after.
        let good = try ChildProcess([maps.appendingPathComponent("BuzanMap.mm").path], environment: environment)
        defer { good.stop() }
        _ = good.waitForOutput("first frame", seconds: 20)
        let line = good.output
        #expect(line.contains("first frame") && line.contains("read ") && line.contains("lay out ") && !line.contains("measure and lay out"),
                "the app said: \(line) \(good.errorOutput)")
        let title = try Self.netWMName(ofWindowsOf: good.process.processIdentifier, display: display)
        #expect(title.map { String(decoding: $0, as: UTF8.self) } == "BuzanMap.mm — Meshpad")

        let broken = maps.appendingPathComponent("real/mm/freemind-flash-index-0.8.0-MALFORMED.mm")
        let refused = try ChildProcess([broken.path], environment: environment)
        defer { refused.stop() }
        var sawWindow = false
        let deadline = Date(timeIntervalSinceNow: 10)
        while refused.process.isRunning && Date() < deadline {
            let title = try? Self.netWMName(ofWindowsOf: refused.process.processIdentifier, display: display)
            if let title, title != nil { sawWindow = true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        _ = refused.waitForExit(seconds: 5)
        #expect(refused.process.terminationStatus == 1)
        #expect(refused.errorOutput.contains("freemind-flash-index-0.8.0-MALFORMED.mm"), "it said: \(refused.errorOutput)")
        #expect(!sawWindow && !refused.output.contains("first frame"))
    }
}
