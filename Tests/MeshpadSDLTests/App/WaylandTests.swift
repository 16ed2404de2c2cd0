import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing

/// The real app on a real Wayland compositor: a headless sway (wlroots, pixman renderer) as a
/// user who is not root, since sway refuses root. The app talks SDL's Wayland driver and draws
/// through Mesa's software EGL; `grim` takes the screen, `wtype` types through the
/// virtual-keyboard protocol and `swaymsg` reads the window tree. Skipped where sway, grim or
/// wtype is not installed (`make test` installs them).
///
/// Not tried: a pointer. A headless sway has no pointer without a virtual-pointer client, and
/// Debian ships none (`wlrctl` is not packaged).
@Suite(.serialized, .waylandTools)
struct WaylandTests {
    static let tools = ["sway", "swaymsg", "grim", "wtype"]

    @Test func theAppMapsDrawsAndTakesTypedTextOnWayland() throws {
        guard ChildProcess.builtMeshpad() != nil else { return }
        let sway = try HeadlessSway(scale: 1)
        defer { sway.stop() }
        let map = try sway.file("trip.mm", #"<map version="1.0.1"><node TEXT="s"/></map>"#)
        let app = try sway.launchApp([map])
        defer { app.stop() }
        #expect(app.wait(seconds: 60) { $0.output.contains("first frame") } != nil, "no first frame: \(app.errorOutput)")
        #expect(app.output.contains("video driver wayland"), "\(app.output)")

        // The compositor sees the app as its desktop entry, titled with the map's name, focused.
        let found = try sway.waitForWindow(named: "trip.mm — Meshpad")
        let tree = found == nil ? try sway.windowTree() : ""
        let window = try #require(found, "windows: \(tree)")
        #expect(window["app_id"] as? String == "meshpad")
        #expect(window["focused"] as? Bool == true)

        // It draws: the paper of the light theme over most of the screen, and ink on it.
        // why: polled, as sway shows a client's first buffer on its own next frame.
        var light = 0, ink = 0, total = 1
        let drawnBy = Date(timeIntervalSinceNow: 15)
        repeat {
            let shot = try sway.screenshot(keeping: ProcessInfo.processInfo.environment["MESHPAD_KEEP_SCREENSHOT"])
            total = max(shot.width * shot.height, 1)
            light = shot.count(x: 0..<shot.width, y: 0..<shot.height, where: ScreenImage.isLight)
            ink = shot.count(x: 0..<shot.width, y: 0..<shot.height) { $0.r < 110 && $0.g < 110 && $0.b < 110 }
            if Double(light) > 0.6 * Double(total) && ink > 200 { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < drawnBy
        #expect(Double(light) > 0.6 * Double(total), "\(light) light pixels of \(total)")
        #expect(ink > 200, "\(ink) dark pixels: nothing written on the map")

        // Typed as on a keyboard: F2 edits the selected node, the text goes in whole (accents and
        // CJK through the keymap wtype sends), Return ends the edit and Ctrl+S saves.
        // why: a headless sway has no keyboard until wtype makes one, and a key already down when
        // a keyboard appears is only listed in its `enter`, not pressed; so the run starts with
        // Shift alone and a pause. That also keeps off a crash in SDL 2.26 (in libxkbcommon): a
        // seat's first keyboard, if virtual, entering with a key down is looked up in layout
        // XKB_LAYOUT_INVALID, as no modifiers event has set one yet.
        try sway.run("wtype", ["-M", "shift", "-m", "shift", "-s", "300", "-k", "F2", "-s", "300", " héllo 世界", "-s", "200",
                               "-k", "Return", "-s", "200", "-M", "ctrl", "s", "-m", "ctrl"])
        var texts: [String] = []
        let deadline = Date(timeIntervalSinceNow: 15)
        while Date() < deadline {
            texts = (try? MapFile.read(map))?.document.nodes.map(\.text) ?? []
            if texts == ["s héllo 世界"] { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(texts == ["s héllo 世界"], "the app said: \(app.errorOutput)")
    }

    /// The window's device pixels are its size times the output's scale, fractional included,
    /// so text is rasterised for the screen rather than stretched to it.
    @Test(arguments: [2.0, 1.5])
    func aScaledOutputIsDrawnAtItsDevicePixels(scale: Double) throws {
        guard ChildProcess.builtMeshpad() != nil else { return }
        let sway = try HeadlessSway(scale: scale)
        defer { sway.stop() }
        let app = try sway.launchApp([])
        defer { app.stop() }
        func drawnAtScale(_ output: String) -> Bool {
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("window ") }) else { return false }
            let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Double($0) }
            guard numbers.count >= 4, numbers[0] > 0, numbers[1] > 0 else { return false }
            return abs(numbers[2] - numbers[0] * scale) <= 1.5 && abs(numbers[3] - numbers[1] * scale) <= 1.5
        }
        // why: the first frame may come before the compositor says which output the window is on.
        let drawn = app.wait(seconds: 60) { drawnAtScale($0.output) }
        #expect(drawn != nil, "at scale \(scale) the app reported: \(app.output) \(app.errorOutput)")
    }

    /// A session that turns off SDL's GL-backed window surface used to leave a Wayland window no
    /// renderer, and the failure then crashed in FreeType. The GPU renderer takes over.
    @Test func noWindowSurfaceFallsBackToTheGPURenderer() throws {
        guard ChildProcess.builtMeshpad() != nil else { return }
        let sway = try HeadlessSway(scale: 1)
        defer { sway.stop() }
        let app = try sway.launchApp([], extra: ["MESHPAD_RENDERER": "software", "SDL_FRAMEBUFFER_ACCELERATION": "0"])
        defer { app.stop() }
        let started = app.wait(seconds: 60) { $0.output.contains("first frame") || !$0.process.isRunning }
        #expect(started != nil && app.process.isRunning, "the app said: \(app.errorOutput)")
        #expect(app.output.contains("first frame, renderer opengl"), "\(app.output)")
    }
}

/// A headless sway in a scratch folder, run as `nobody` when the tests run as root.
final class HeadlessSway {
    let folder: URL
    private let runtime: URL
    private let server: ChildProcess
    let display: String

    /// The uid and gid the compositor and its clients run as; nil to stay the current user.
    private static let account: (uid: uid_t, gid: gid_t)? = getuid() == 0 ? (65534, 65534) : nil

    init(scale: Double) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-wayland-\(UUID().uuidString)")
        runtime = folder.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        let config = folder.appendingPathComponent("sway.conf")
        try "output HEADLESS-1 resolution 1280x800 scale \(scale)\ndefault_border none\n".write(to: config, atomically: true, encoding: .utf8)
        try Self.handOver(folder)
        var environment = Self.baseEnvironment(runtime: runtime)
        environment["WLR_BACKENDS"] = "headless"
        environment["WLR_LIBINPUT_NO_DEVICES"] = "1"
        environment["WLR_RENDERER"] = "pixman"
        server = try ChildProcess(Self.asAccount(WaylandTests.installed("sway"), ["-c", config.path]),
                                  environment: environment, executable: Self.launcher)
        var socket: String?
        let deadline = Date(timeIntervalSinceNow: 20)
        while socket == nil && Date() < deadline && server.process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
            socket = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }
            let ipc = names.contains { $0.hasPrefix("sway-ipc.") }
            if socket == nil || !ipc { socket = nil; Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let socket else {
            server.stop()
            throw WaylandTests.Failure(message: "sway did not start: \(server.errorOutput)")
        }
        display = socket
    }

    func stop() {
        server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a file the app may read and save over.
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        try Self.handOver(url)
        return url.path
    }

    /// Starts the built app on this compositor, its settings and state in the scratch folder.
    func launchApp(_ arguments: [String], extra: [String: String] = [:]) throws -> ChildProcess {
        var environment = clientEnvironment
        environment["HOME"] = folder.path
        for (name, sub) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state")] {
            environment[name] = folder.appendingPathComponent(sub).path
        }
        environment["MESHPAD_REPORT_FIRST_FRAME"] = "1"
        environment.merge(extra) { $1 }
        // why: the build folder may sit where the other account cannot reach (root's home).
        var binary = ChildProcess.meshpad
        if Self.account != nil {
            let copy = folder.appendingPathComponent("meshpad")
            if !FileManager.default.fileExists(atPath: copy.path) {
                try FileManager.default.copyItem(atPath: binary, toPath: copy.path)
                try Self.handOver(copy)
            }
            binary = copy.path
        }
        return try ChildProcess(Self.asAccount(binary, arguments), environment: environment, executable: Self.launcher)
    }

    /// Runs a Wayland tool (or swaymsg) to its end; its standard output.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) throws -> String {
        try ChildProcess.output(of: Self.launcher, Self.asAccount(WaylandTests.installed(tool), arguments), environment: clientEnvironment)
    }

    /// The compositor's window tree as JSON.
    func windowTree() throws -> String { try run("swaymsg", ["-t", "get_tree", "-r"]) }

    /// The window (a tree node with an app id) titled `name`, once it has keyboard focus.
    func waitForWindow(named name: String, seconds: Double = 20) throws -> [String: Any]? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            let tree = try JSONSerialization.jsonObject(with: Data(try windowTree().utf8))
            if let window = Self.windows(in: tree).first(where: { $0["name"] as? String == name }),
               window["focused"] as? Bool == true {
                return window
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    private static func windows(in node: Any) -> [[String: Any]] {
        guard let node = node as? [String: Any] else { return [] }
        let children = ((node["nodes"] as? [Any]) ?? []) + ((node["floating_nodes"] as? [Any]) ?? [])
        return (node["app_id"] is String ? [node] : []) + children.flatMap { windows(in: $0) }
    }

    /// The whole output as `grim` takes it; `keeping`: a path to copy it to, to look at.
    func screenshot(keeping: String? = nil) throws -> ScreenImage {
        let path = folder.appendingPathComponent("screen-\(UUID().uuidString).ppm").path
        try run("grim", ["-t", "ppm", path])
        if let keeping {
            try? FileManager.default.removeItem(atPath: keeping)
            try? FileManager.default.copyItem(atPath: path, toPath: keeping)
        }
        return try ScreenImage(ppmAt: path)
    }

    private var clientEnvironment: [String: String] {
        var environment = Self.baseEnvironment(runtime: runtime)
        environment["WAYLAND_DISPLAY"] = display
        let names = (try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []
        if let ipc = names.first(where: { $0.hasPrefix("sway-ipc.") }) { environment["SWAYSOCK"] = runtime.appendingPathComponent(ipc).path }
        return environment
    }

    /// PATH and the runtime folder only: no DISPLAY, no SDL_VIDEODRIVER, no locale of the runner's.
    private static func baseEnvironment(runtime: URL) -> [String: String] {
        var environment = ["XDG_RUNTIME_DIR": runtime.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                           "LANG": "C.UTF-8"]
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "UBSAN_OPTIONS"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        return environment
    }

    /// `setpriv` runs the program in place (no child of its own), so stopping it stops the program.
    private static let launcher = account == nil ? "/usr/bin/env" : "/usr/bin/setpriv"

    private static func asAccount(_ program: String?, _ arguments: [String]) -> [String] {
        let program = program ?? "/bin/false"
        guard let account else { return [program] + arguments }
        return ["--reuid=\(account.uid)", "--regid=\(account.gid)", "--clear-groups", "--", program] + arguments
    }

    /// Gives the account the folder (or file) and everything in it.
    private static func handOver(_ url: URL) throws {
        guard let account else { return }
        let paths = [url.path] + ((FileManager.default.subpaths(atPath: url.path) ?? []).map { url.appendingPathComponent($0).path })
        for path in paths where chown(path, account.uid, account.gid) != 0 {
            throw WaylandTests.Failure(message: "cannot hand \(path) to uid \(account.uid): errno \(errno)")
        }
    }
}

extension WaylandTests {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func installed(_ name: String) -> String? { ChildProcess.installed(name) }

    static var toolsInstalled: Bool { tools.allSatisfy { installed($0) != nil } && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }
}

extension Trait where Self == ConditionTrait {
    /// Runs only where sway, grim and wtype are installed.
    static var waylandTools: Self {
        .enabled(if: WaylandTests.toolsInstalled, "needs sway, grim and wtype (make test installs them); not installed here")
    }
}
