import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing

/// Chinese typed as its users type it: the real app under Xvfb with a D-Bus session and a real
/// input method from Debian (IBus with libpinyin, Fcitx 5 with its pinyin), keystrokes through
/// xdotool, the screen through ImageMagick's `import`. Skipped where those are not installed
/// (`make test` installs them).
@Suite(.serialized, .inputMethodTools)
struct InputMethodTests {
    static let tools = ["Xvfb", "xwininfo", "xdotool", "import", "dbus-daemon", "dbus-send", "ibus-daemon", "ibus", "fcitx5", "fcitx5-remote"]
    static let engines = ["/usr/libexec/ibus-engine-libpinyin", "/usr/share/fcitx5/addon/pinyin.conf"]

    typealias X = PlatformTests.WindowTitleTests

    enum InputMethod: String, CaseIterable, Sendable {
        case ibus, fcitx5

        /// What the candidate window is called in `xwininfo`'s list.
        var candidateWindow: String { self == .ibus ? "ibus-ui-gtk3" : "Fcitx5 Input Window" }
    }

    @Test(arguments: InputMethod.allCases)
    func pinyinComposesInTheNodeAtTheCaretAndCommitsOnce(method: InputMethod) throws {
        guard ChildProcess.builtMeshpad() != nil, let xvfb = X.installed("Xvfb") else { return }
        let folder = try X.scratchFolder("meshpad-ime")
        defer { try? FileManager.default.removeItem(at: folder) }
        let map = folder.appendingPathComponent("trip.mm")
        try #"<map version="1.0.1"><node TEXT="s"/></map>"#.write(to: map, atomically: true, encoding: .utf8)

        let (server, display) = try X.startServer(xvfb, size: "1280x800")
        defer { server.stop() }
        var environment = X.appEnvironment(display: display, home: folder, lang: "C.UTF-8")
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        let bus = try ChildProcess(["--session", "--nofork", "--print-address=1"], environment: environment,
                                   executable: X.installed("dbus-daemon") ?? "dbus-daemon")
        defer { bus.stop() }
        _ = bus.wait(seconds: 10) { $0.output.contains("\n") }
        let address = bus.output.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!address.isEmpty, "the session bus did not start: \(bus.errorOutput)")
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let daemon: ChildProcess
        switch method {
        case .ibus:
            environment["XMODIFIERS"] = "@im=ibus"
            daemon = try ChildProcess(["--xim", "--replace"], environment: environment, executable: X.installed("ibus-daemon") ?? "ibus-daemon")
            try #require(Self.useEngine("libpinyin", environment), "IBus did not take the libpinyin engine: \(daemon.errorOutput)")
            // why: IBus's panel (ibus-ui-gtk3), which draws the candidates, is a process of its
            // own that the daemon starts; on a loaded machine it comes up seconds later.
            let panel = Date(timeIntervalSinceNow: 30)
            while try !Self.windows(display: display).contains(where: { $0.line.contains("ibus-ui-gtk3") }), Date() < panel {
                Thread.sleep(forTimeInterval: 0.2)
            }
        case .fcitx5:
            environment["XMODIFIERS"] = "@im=fcitx"
            environment["SDL_IM_MODULE"] = "fcitx"
            // The user's input methods: an English keyboard, then Pinyin.
            let profile = folder.appendingPathComponent("config/fcitx5/profile")
            try FileManager.default.createDirectory(at: profile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Self.fcitxProfile.write(to: profile, atomically: true, encoding: .utf8)
            daemon = try ChildProcess(["--replace"], environment: environment, executable: X.installed("fcitx5") ?? "fcitx5")
            // why: asked before it owns its bus name, fcitx5-remote would have D-Bus start a second Fcitx.
            let ready = Date(timeIntervalSinceNow: 20)
            while try !Self.run("dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
                                              "org.freedesktop.DBus.NameHasOwner", "string:org.fcitx.Fcitx5"], environment).contains("true"),
                  Date() < ready {
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
        defer { daemon.stop() }

        environment["MESHPAD_REPORT_FIRST_FRAME"] = "1"
        let app = try ChildProcess([map.path, "--size", "1000x700"], environment: environment)
        defer { app.stop() }
        try #require(app.wait(seconds: 60) { $0.output.contains("first frame") } != nil, "no first frame: \(app.errorOutput)")
        let found = try Self.windowOrigin(display: display)
        let listed = found == nil ? try X.run("xwininfo", ["-root", "-children"], display: display) : ""
        let origin = try #require(found, "no Meshpad window among \(listed)")
        // The map's only node sits at the window's centre.
        let node = (x: origin.x + 500, y: origin.y + 350)
        // why: IBus gives the engine to input contexts made after it is chosen, and Xvfb with no
        // window manager gives the keyboard to the window under the pointer.
        if method == .ibus { _ = Self.useEngine("libpinyin", environment) }
        try X.run("xdotool", ["mousemove", "\(node.x)", "\(node.y)"], display: display)

        try X.run("xdotool", ["key", "F2"], display: display)
        Thread.sleep(forTimeInterval: 0.5)
        // As Ctrl+Space would: Fcitx starts each window on the keyboard layout. Once the app's
        // input context has the focus, `fcitx5-remote` says 2 (active).
        if method == .fcitx5 {
            let active = Date(timeIntervalSinceNow: 10)
            while try Self.run("fcitx5-remote", [], environment).trimmingCharacters(in: .whitespacesAndNewlines) != "2", Date() < active {
                _ = try Self.run("fcitx5-remote", ["-o"], environment)
                Thread.sleep(forTimeInterval: 0.2)
            }
            // why: "active" is said before the app's input context hears it; on a loaded machine a
            // key typed at once went past the input method (seen: "sn你好", under ASan at 0.7 s, and
            // under a full parallel `make test` at 1.5 s).
            Thread.sleep(forTimeInterval: 3)
        }
        Thread.sleep(forTimeInterval: 0.3)
        try X.run("xdotool", ["type", "--delay", "120", "nihao"], display: display)

        // The composition is drawn in the node, underlined, with the caret after it; IBus's
        // candidate window opens there (SDL_SetTextInputRect), not in a corner of the screen.
        var underline = 0
        var candidates: (x: Int, y: Int, width: Int, height: Int)?
        let deadline = Date(timeIntervalSinceNow: 20)
        repeat {
            Thread.sleep(forTimeInterval: 0.3)
            let shot = try Self.screenshot(display: display, in: folder)
            underline = shot.longestRow(x: node.x - 60..<node.x + 60, y: node.y..<node.y + 16, where: ScreenImage.isDark)
            candidates = try Self.candidateWindow(method.candidateWindow, display: display)
        } while (underline < 28 || candidates == nil) && Date() < deadline
        #expect(underline >= 28, "no composition underlined in the node (longest dark row \(underline) px)")
        let window = try #require(candidates, "\(method) showed no candidate window")
        #expect(abs(window.x - node.x) < 60 && window.y >= node.y && window.y < node.y + 40,
                "the candidate window is at \(window.x),\(window.y); the node's text at \(node.x),\(node.y)")

        // Space takes the first candidate, Return ends the edit, Ctrl+S saves.
        try X.run("xdotool", ["key", "space"], display: display)
        Thread.sleep(forTimeInterval: 0.5)
        try X.run("xdotool", ["key", "Return"], display: display)
        Thread.sleep(forTimeInterval: 0.3)
        try X.run("xdotool", ["key", "ctrl+s"], display: display)
        var texts: [String] = []
        let saved = Date(timeIntervalSinceNow: 10)
        while Date() < saved {
            texts = (try? MapFile.read(map.path))?.document.nodes.map(\.text) ?? []
            if texts != ["s"] && !texts.isEmpty { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(texts == ["s你好"], "the committed text, once: \(texts); the app said: \(app.errorOutput)")
    }

    static let fcitxProfile = """
        [Groups/0]
        Name=Default
        Default Layout=us
        DefaultIM=pinyin

        [Groups/0/Items/0]
        Name=keyboard-us
        Layout=

        [Groups/0/Items/1]
        Name=pinyin
        Layout=

        [GroupOrder]
        0=Default

        """

    /// Chooses IBus's engine, waiting for the daemon to come up; whether it took.
    static func useEngine(_ name: String, _ environment: [String: String]) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 20)
        while Date() < deadline {
            _ = try? run("ibus", ["engine", name], environment)
            if (try? run("ibus", ["engine"], environment))?.trimmingCharacters(in: .whitespacesAndNewlines) == name { return true }
            Thread.sleep(forTimeInterval: 0.3)
        }
        return false
    }

    static func run(_ tool: String, _ arguments: [String], _ environment: [String: String]) throws -> String {
        try ChildProcess.output(of: X.installed(tool) ?? tool, arguments, environment: environment)
    }

    static func screenshot(display: String, in folder: URL) throws -> ScreenImage {
        let path = folder.appendingPathComponent("screen.ppm").path
        try? FileManager.default.removeItem(atPath: path)
        try X.run("import", ["-depth", "8", "-window", "root", path], display: display)
        if let keep = ProcessInfo.processInfo.environment["MESHPAD_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: path, toPath: keep)
        }
        return try ScreenImage(ppmAt: path)
    }

    /// Top-level windows as `xwininfo -root -children` lists them: name and geometry.
    static func windows(display: String) throws -> [(line: String, x: Int, y: Int, width: Int, height: Int)] {
        try X.run("xwininfo", ["-root", "-children"], display: display).split(separator: "\n").compactMap { line in
            // …"name": ("class" "Class")  WxH+X+Y  +AX+AY
            guard let geometry = line.split(separator: " ").last(where: { $0.contains("x") && $0.contains("+") }) else { return nil }
            let numbers = geometry.split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
            guard numbers.count == 4 else { return nil }
            return (String(line), numbers[2], numbers[3], numbers[0], numbers[1])
        }
    }

    /// Where the app's window is (its WM_CLASS is `meshpad`).
    static func windowOrigin(display: String) throws -> (x: Int, y: Int)? {
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            if let window = try windows(display: display).first(where: { $0.line.contains("(\"meshpad\" \"meshpad\")") }) { return (window.x, window.y) }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// The input method's candidate popup (its one large window named `name`), once it is on the screen.
    static func candidateWindow(_ name: String, display: String) throws -> (x: Int, y: Int, width: Int, height: Int)? {
        for window in try windows(display: display) where window.line.contains(name) && window.width > 100 && window.height > 20 {
            guard let id = window.line.split(separator: " ").first(where: { $0.hasPrefix("0x") }) else { continue }
            if try X.run("xwininfo", ["-id", String(id)], display: display).contains("IsViewable") {
                return (window.x, window.y, window.width, window.height)
            }
        }
        return nil
    }

    static var toolsInstalled: Bool {
        tools.allSatisfy { X.installed($0) != nil } && engines.allSatisfy { FileManager.default.fileExists(atPath: $0) }
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs only where Xvfb, xdotool, ImageMagick, D-Bus and IBus with libpinyin are installed.
    static var inputMethodTools: Self {
        .enabled(if: InputMethodTests.toolsInstalled,
                 "needs Xvfb, xdotool, imagemagick, dbus, ibus-libpinyin and fcitx5-chinese-addons (make test installs them); not installed here")
    }
}
