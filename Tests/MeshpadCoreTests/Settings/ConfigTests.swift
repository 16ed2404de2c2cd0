import Foundation
import Testing
@testable import MeshpadCore

@Suite struct ConfigTests {
    static func parse(_ json: String) throws(ConfigError) -> Config {
        try Config.parse(Data(json.utf8), path: "/etc/test/config.json")
    }

    @Test func missingFileIsTheDefaults() throws {
        let config = try Config.load(path: "/nonexistent/meshpad/config.json")
        #expect(config == Config())
        #expect(config.kiosk.pin == nil)
    }

    @Test func aConfigNamedOnTheCommandLineMustExist() throws {
        #expect(throws: ConfigError(path: "/nonexistent/kiosk.json", reason: "does not exist (check the name given to --config)")) {
            try Config.load(path: "/nonexistent/kiosk.json", mustExist: true)
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("kiosk.json").path
        try Data(#"{ "theme": "dark" }"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Config.load(path: path, mustExist: true).themeName == "dark")
    }

    @Test func everySettingIsRead() throws {
        let config = try Self.parse("""
            { "theme": "dark", "uiScale": 2, "zoom": { "min": 0.05, "max": 4 },
              "gestures": { "longPressSeconds": 0.8, "touchSlopPixels": 12 },
              "kiosk": { "pin": "2468", "exitChord": "Ctrl+Alt+X", "cornerHoldSeconds": 5,
                         "idleResetSeconds": 60, "autosaveDirectory": "/var/lib/meshpad", "attractScript": "/opt/tour.jsonl" } }
            """)
        #expect(config.themeName == "dark")
        #expect(config.uiScale == 2)
        #expect(config.zoomLimits == 0.05...4)
        #expect(config.gestures.longPressSeconds == 0.8)
        #expect(config.gestures.touchSlopPixels == 12)
        #expect(config.gestures.mouseSlopPixels == GestureSettings().mouseSlopPixels)
        #expect(config.kiosk.pin == "2468")
        #expect(config.kiosk.exitChord == KeyChord(.x, [.ctrl, .alt]))
        #expect(config.kiosk.cornerHoldSeconds == 5)
        #expect(config.kiosk.idleResetSeconds == 60)
        #expect(config.kiosk.autosaveDirectory == "/var/lib/meshpad")
        #expect(config.kiosk.attractScript == "/opt/tour.jsonl")
        #expect(config.warnings.isEmpty)
    }

    @Test func unknownKeysAreReportedWithTheirPlace() throws {
        let config = try Self.parse(#"{ "theme": "light", "kiosk": { "pn": "1234" }, "colour": 1 }"#)
        #expect(config.warnings.count == 2)
        #expect(config.warnings.contains { $0.contains("\"kiosk.pn\"") && $0.contains("/etc/test/config.json") })
        #expect(config.warnings.contains { $0.contains("\"colour\"") })
        // A misspelt PIN is not a PIN: kiosk mode will refuse to start rather than run open.
        #expect(config.kiosk.pin == nil)
    }

    @Test(arguments: [
        (#"{ "kiosk": { "pin": 1234 } }"#, "kiosk.pin"),
        (#"{ "kiosk": { "pin": "12ab" } }"#, "kiosk.pin"),
        (#"{ "kiosk": { "pin": "12" } }"#, "kiosk.pin"),
        (#"{ "kiosk": { "exitChord": "Q" } }"#, "kiosk.exitChord"),
        (#"{ "kiosk": { "exitChord": "Hyper+Q" } }"#, "kiosk.exitChord"),
        (#"{ "kiosk": { "autosaveDirectory": "relative/dir" } }"#, "kiosk.autosaveDirectory"),
        (#"{ "kiosk": { "idleResetSeconds": 1 } }"#, "kiosk.idleResetSeconds"),
        (#"{ "zoom": { "max": true } }"#, "zoom.max"),
        (#"{ "zoom": { "min": 5 } }"#, "zoom.min"),
        (#"{ "gestures": { "longPressSeconds": "slow" } }"#, "gestures.longPressSeconds"),
        (#"{ "gestures": { "multiTapSeconds": 0.05 } }"#, "gestures.multiTapSeconds"),
        (#"{ "gestures": { "multiTapSeconds": 1.5 } }"#, "gestures.multiTapSeconds"),
        (#"{ "theme": "neon" }"#, "theme"),
        (#"{ "kiosk": [] }"#, "kiosk"),
    ])
    func badValuesNameTheKey(json: String, key: String) {
        #expect {
            _ = try Self.parse(json)
        } throws: { error in
            let description = String(describing: error)
            return description.contains("\"\(key)\"") && description.contains("/etc/test/config.json")
        }
    }

    @Test func brokenJSONNamesTheFile() {
        #expect {
            _ = try Self.parse("{ \"theme\": \"dark\", ")
        } throws: { error in
            String(describing: error).hasPrefix("/etc/test/config.json is not valid JSON")
        }
        #expect(throws: ConfigError.self) { _ = try Self.parse("[1, 2]") }
    }

    @Test func theMultiFingerTapTimeIsRead() throws {
        #expect(try Self.parse(#"{ "gestures": { "multiTapSeconds": 0.4 } }"#).gestures.multiTapSeconds == 0.4)
        #expect(Config().gestures.multiTapSeconds == 0.25)
    }

    @Test func nullIdleResetNeverResets() throws {
        #expect(try Self.parse(#"{ "kiosk": { "idleResetSeconds": null } }"#).kiosk.idleResetSeconds == nil)
    }

    @Test func standardPathFollowsXDG() {
        #expect(Config.standardPath(environment: ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/a"]) == "/cfg/meshpad/config.json")
        #expect(Config.standardPath(environment: ["HOME": "/home/a"]) == "/home/a/.config/meshpad/config.json")
    }

    @Test func chordsParseAndMatchExactly() throws {
        let chord = try #require(KeyChord(parsing: "ctrl + alt + shift + k"))
        #expect(chord.matches(.k, [.ctrl, .alt, .shift]))
        #expect(!chord.matches(.k, [.ctrl, .alt]))
        #expect(chord.description == "Ctrl+Alt+Shift+K")
        #expect(KeyChord(parsing: "Ctrl++") == KeyChord(.plus, .ctrl))
        #expect(KeyChord(parsing: "Ctrl+") == nil)
        #expect(KeyChord(parsing: "Ctrl+Alt") == nil)
        #expect(KeyChord(parsing: "Ctrl+Kay") == nil, "a key Meshpad does not know is refused, not ignored")
    }

    @Test func configuredZoomClampBindsTheView() {
        var rig = EditRig()
        rig.workspace = Workspace(document: rig.document, viewportSize: Vec2(800, 600), zoomClamp: 0.5...1.5)
        for _ in 0..<20 { rig.key("=") }
        rig.settle()
        #expect(abs(rig.camera.zoom - 1.5) < 1e-9)
        for _ in 0..<40 { rig.key("-") }
        rig.settle()
        #expect(abs(rig.camera.zoom - 0.5) < 1e-9)
    }
}

/// A classroom panel or kiosk set up by its config alone opens the class's shared map.
@Suite struct SharedMapConfigTests {
    @Test func theConfigsSharedMapOpensWhenNoMapIsNamed() throws {
        let config = try ConfigTests.parse(#"{"shared": {"db": "postgresql://wall@school/maps", "map": "class 4b"}}"#)
        let shared = SharedMapName(address: DatabaseAddress("postgresql://wall@school/maps"), name: "class 4b")
        #expect(config.sharedMap == shared)
        guard case .open(let source, _, _, _, let mode) = try Invocation.parse([]) else {
            Issue.record("not a window")
            return
        }
        #expect(mode.source(source, config: config) == .shared(shared))
        #expect(mode.source(source, config: Config()) == .sample, "no config: the sample, as before")
        for given in [["plan.mm"], ["--sample"], ["--procedural", "50"]] {
            guard case .open(let source, _, _, _, let mode) = try Invocation.parse(given) else { continue }
            #expect(mode.source(source, config: config) == source, "a map named on the command line wins: \(given)")
        }
    }

    /// A desk that names only the database lists its maps in the app menu and opens the sample;
    /// the name a person gives is what other screens show on their ring.
    @Test func aDatabaseWithoutAMapOpensNoSharedMapButIsKeptWithTheName() throws {
        let config = try ConfigTests.parse(#"{"shared": {"db": "postgresql://ana@school/maps", "name": " Ana "}}"#)
        #expect(config.sharedMap == nil)
        #expect(config.sharedDatabase == DatabaseAddress("postgresql://ana@school/maps"))
        #expect(config.personName == "Ana")
        guard case .open(let source, _, _, _, let mode) = try Invocation.parse([]) else {
            Issue.record("not a window")
            return
        }
        #expect(mode.source(source, config: config) == .sample)
    }

    @Test(arguments: [
        (#"{"shared": {"map": "class 4b"}}"#, "shared.db"),
        (#"{"shared": {"db": "postgresql://wall@school/maps", "map": ""}}"#, "shared.map"),
        (#"{"shared": "class 4b"}"#, "shared"),
        (#"{"shared": {"db": "postgresql://wall@school/maps", "name": "  "}}"#, "shared.name"),
    ])
    func aSharedMapWithoutItsDatabaseOrNameIsRefusedByKey(json: String, key: String) {
        #expect { try ConfigTests.parse(json) } throws: { error in
            (error as? ConfigError)?.reason.contains("\"\(key)\"") == true
        }
    }
}
