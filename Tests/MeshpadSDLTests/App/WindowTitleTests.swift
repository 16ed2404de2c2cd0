import Foundation
import MeshpadTestRigs
import Testing

extension PlatformTests {
    /// The window's title as a taskbar reads it (`_NET_WM_NAME`), from the real app on a real X
    /// server (Xvfb). Skipped where Xvfb or x11-utils is not installed.
    @Suite(.serialized)
    struct WindowTitleTests {
        static let tools = ["Xvfb", "xprop", "xwininfo"]

        static func installed(_ name: String) -> String? { ChildProcess.installed(name) }

        static var toolsInstalled: Bool { tools.allSatisfy { installed($0) != nil } }

        /// The app's environment on `display`: no locale but `lang`, and its settings, state and
        /// recent files in `home`, away from the user's.
        static func appEnvironment(display: String, home: URL, lang: String?) -> [String: String] {
            var environment = ProcessInfo.processInfo.environment
            for name in ["SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "LC_ALL", "LC_CTYPE", "LANG"] { environment[name] = nil }
            environment["LANG"] = lang
            environment["DISPLAY"] = display
            environment["HOME"] = home.path
            for (name, folder) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state")] {
                environment[name] = home.appendingPathComponent(folder).path
            }
            return environment
        }

        /// Runs an X tool to its end; its standard output.
        @discardableResult
        static func run(_ tool: String, _ arguments: [String], display: String) throws -> String {
            try ChildProcess.output(of: installed(tool) ?? tool, arguments, environment: ["DISPLAY": display])
        }

        /// The bytes of `_NET_WM_NAME` on the window the process `pid` made, if it has one yet.
        static func netWMName(ofWindowsOf pid: Int32, display: String) throws -> [UInt8]? {
            let tree = try run("xwininfo", ["-root", "-children"], display: display)
            let windows = tree.split(separator: "\n").filter { !$0.contains("Window id:") }
                .compactMap { $0.split(separator: " ").first { $0.hasPrefix("0x") } }
            for window in windows {
                let owner = try run("xprop", ["-id", String(window), "_NET_WM_PID"], display: display)
                guard owner.hasSuffix("= \(pid)\n") else { continue }
                // why: as numbers (format 8c), so the bytes are read exactly, whatever xprop's locale.
                let name = try run("xprop", ["-id", String(window), "-f", "_NET_WM_NAME", "8c", "_NET_WM_NAME"], display: display)
                guard name.hasPrefix("_NET_WM_NAME(UTF8_STRING) = ") else { continue }
                return name.dropFirst("_NET_WM_NAME(UTF8_STRING) = ".count).split(separator: ",")
                    .compactMap { UInt8($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            }
            return nil
        }

        /// A locale-less environment (a service, a bare X session) and the usual UTF-8 one.
        @Test(.xServerTools,
              arguments: [nil, "C.UTF-8"] as [String?])
        func aTaskbarShowsTheMapsNameWhateverItsScript(lang: String?) throws {
            guard ChildProcess.builtMeshpad() != nil, let xvfb = Self.installed("Xvfb") else { return }
            let directory = try Self.scratchFolder("meshpad-title")
            defer { try? FileManager.default.removeItem(at: directory) }
            let map = directory.appendingPathComponent("Größe-план.mm")
            try #"<map version="1.0.1"><node TEXT="Größe"/></map>"#.write(to: map, atomically: true, encoding: .utf8)

            let (server, display) = try Self.startServer(xvfb)
            defer { server.stop() }

            let app = try ChildProcess([map.path], environment: Self.appEnvironment(display: display, home: directory, lang: lang))
            defer { app.stop() }

            let expected = Array("Größe-план.mm — Meshpad".utf8)
            var title: [UInt8]?
            let deadline = Date(timeIntervalSinceNow: 10)
            while title != expected && Date() < deadline && app.process.isRunning {
                title = try Self.netWMName(ofWindowsOf: app.process.processIdentifier, display: display)
                if title != expected { Thread.sleep(forTimeInterval: 0.1) }
            }
            let shown = title.map { String(decoding: $0, as: UTF8.self) }
            #expect(shown == "Größe-план.mm — Meshpad",
                    "the app said: \(app.errorOutput); Xvfb (running: \(server.process.isRunning)) said: \(server.errorOutput)")
        }

        /// A new empty folder for one test's files and the app's settings.
        static func scratchFolder(_ prefix: String) throws -> URL {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            return directory
        }

        /// Xvfb on a free display, once an X client can connect to it.
        static func startServer(_ xvfb: String, size: String = "1024x768") throws -> (ChildProcess, String) {
            // why: -displayfd makes Xvfb pick a free display and say which once it is ready.
            let server = try ChildProcess(["-displayfd", "1", "-screen", "0", "\(size)x24", "-nolisten", "tcp"],
                                          environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                          executable: xvfb)
            let ready = server.wait(seconds: 10) { $0.output.hasSuffix("\n") }
            guard let number = ready.flatMap({ _ in Int(server.output.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
                server.stop()
                throw StartFailure(message: "Xvfb did not start: \(server.errorOutput)")
            }
            let display = ":\(number)"
            // why: the app is started only once an X client can connect, so a slow server (a
            // loaded machine in a full test run) is waited for rather than taken for no display.
            let reachable = Date(timeIntervalSinceNow: 10)
            while try !Self.run("xwininfo", ["-root"], display: display).contains("Window id:") {
                guard Date() < reachable && server.process.isRunning else {
                    server.stop()
                    throw StartFailure(message: "Xvfb on \(display) took no connections: \(server.errorOutput)")
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return (server, display)
        }

        struct StartFailure: Error, CustomStringConvertible {
            var message: String
            var description: String { message }
        }

        /// A kiosk started with its session can come up before the X server takes clients: the
        /// app waits for the display it was given rather than stopping with "no display".
        @Test(.xServerTools)
        func theAppWaitsForADisplayThatComesUpJustAfterIt() throws {
            guard ChildProcess.builtMeshpad() != nil, let xvfb = Self.installed("Xvfb") else { return }
            let directory = try Self.scratchFolder("meshpad-late")
            defer { try? FileManager.default.removeItem(at: directory) }
            let map = directory.appendingPathComponent("late.mm")
            try #"<map version="1.0.1"><node TEXT="late"/></map>"#.write(to: map, atomically: true, encoding: .utf8)
            // A display number nothing holds (no lock file, no socket).
            let free = try #require((140..<240).first { n in
                !FileManager.default.fileExists(atPath: "/tmp/.X\(n)-lock") && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(n)")
            })
            let display = ":\(free)"
            let app = try ChildProcess([map.path], environment: Self.appEnvironment(display: display, home: directory, lang: "C.UTF-8"))
            defer { app.stop() }
            Thread.sleep(forTimeInterval: 0.6)
            let server = try ChildProcess([display, "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                                          environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                                          executable: xvfb)
            defer { server.stop() }
            var title: [UInt8]?
            let deadline = Date(timeIntervalSinceNow: 10)
            while title == nil && Date() < deadline && app.process.isRunning {
                title = try? Self.netWMName(ofWindowsOf: app.process.processIdentifier, display: display)
                if title == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(title.map { String(decoding: $0, as: UTF8.self) } == "late.mm — Meshpad",
                    "the app (running: \(app.process.isRunning)) said: \(app.errorOutput)")
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs only where Xvfb and x11-utils are installed (the real app on a real X server).
    static var xServerTools: Self {
        .enabled(if: PlatformTests.WindowTitleTests.toolsInstalled,
                 "needs Xvfb, xprop and xwininfo (packages xvfb, x11-utils); not installed here")
    }
}
