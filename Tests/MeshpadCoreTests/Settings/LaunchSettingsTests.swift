import Foundation
import Testing
@testable import MeshpadCore

@Suite struct LaunchSettingsTests {
    static let configPath = "/etc/test/config.json"

    static func resolve(_ config: Config = Config(), _ appearance: Appearance = Appearance(),
                        _ mode: LaunchMode = LaunchMode()) throws(LaunchError) -> LaunchSettings {
        try LaunchSettings.resolve(config: config, appearance: appearance, mode: mode, configPath: configPath)
    }

    static func config(_ json: String) throws -> Config {
        try Config.parse(Data(json.utf8), path: configPath)
    }

    static let kioskConfig = #"{ "kiosk": { "pin": "2468", "exitChord": "Ctrl+Alt+X", "idleResetSeconds": 60, "#
        + #""autosaveDirectory": "/var/lib/meshpad", "attractScript": "/opt/tour.jsonl" } }"#

    // MARK: The command line over the config over the defaults

    @Test(arguments: [
        (flag: "dark", configured: "classic", shown: "dark"),
        (flag: nil, configured: "classic", shown: "classic"),
        (flag: "high-contrast", configured: nil, shown: "high-contrast"),
        (flag: nil, configured: nil, shown: "light"),
    ] as [(flag: String?, configured: String?, shown: String)])
    func themeIsTheFlagsThenTheConfigsThenLight(flag: String?, configured: String?, shown: String) throws {
        var config = Config()
        config.themeName = configured
        #expect(try Self.resolve(config, Appearance(themeName: flag)).theme.name == shown)
    }

    @Test(arguments: [
        (flag: 2, configured: 3, drawn: 2),
        (flag: nil, configured: 3, drawn: 3),
        (flag: 1.5, configured: nil, drawn: 1.5),
        (flag: nil, configured: nil, drawn: 1),
    ] as [(flag: Double?, configured: Double?, drawn: Double)])
    func uiScaleIsTheFlagsThenTheConfigsThenOne(flag: Double?, configured: Double?, drawn: Double) throws {
        var config = Config()
        config.uiScale = configured
        #expect(try Self.resolve(config, Appearance(uiScale: flag)).uiScale == drawn)
    }

    @Test func zoomClampAndGesturesComeFromTheConfig() throws {
        let configured = try Self.resolve(Self.config(#"{ "zoom": { "min": 0.05, "max": 4 }, "gestures": { "longPressSeconds": 0.8 } }"#))
        #expect(configured.zoomClamp == 0.05...4)
        #expect(configured.gestures.longPressSeconds == 0.8)
        #expect(configured.gestures.touchSlopPixels == GestureSettings().touchSlopPixels)

        let standard = try Self.resolve()
        #expect(standard.zoomClamp == Camera.defaultZoomLimits)
        #expect(standard.gestures == GestureSettings())
    }

    // MARK: Read-only and kiosk

    @Test(arguments: [
        (mode: LaunchMode(), readOnly: false, autosaves: true, keepsRecentFiles: true),
        (mode: LaunchMode(readOnly: true), readOnly: true, autosaves: false, keepsRecentFiles: true),
        (mode: LaunchMode(kiosk: true), readOnly: false, autosaves: true, keepsRecentFiles: false),
        (mode: LaunchMode(readOnly: true, kiosk: true), readOnly: true, autosaves: true, keepsRecentFiles: false),
    ])
    func readOnlyDropsRecoveryAndAKioskKeepsNoRecentFiles(mode: LaunchMode, readOnly: Bool, autosaves: Bool, keepsRecentFiles: Bool) throws {
        let settings = try Self.resolve(Self.config(Self.kioskConfig), Appearance(), mode)
        #expect(settings.readOnly == readOnly)
        #expect(settings.autosavesForRecovery == autosaves)
        #expect(settings.keepsRecentFiles == keepsRecentFiles)
        #expect((settings.kiosk != nil) == mode.kiosk)
    }

    @Test func aKioskWithoutAPINRefusesToStartNamingTheConfig() throws {
        let expected = LaunchError(#"--kiosk needs a PIN to leave by: set "kiosk": { "pin": "…" } (4 to 12 digits) in /etc/test/config.json"#)
        #expect(throws: expected) { try Self.resolve(Config(), Appearance(), LaunchMode(kiosk: true)) }
        // A window that is not a kiosk needs no PIN.
        #expect(try Self.resolve(Config(), Appearance(), LaunchMode()).kiosk == nil)
    }

    @Test func aKioskTakesItsLockResetAndAutosavePlaceFromTheConfig() throws {
        let settings = try Self.resolve(Self.config(Self.kioskConfig), Appearance(), LaunchMode(kiosk: true))
        var kiosk = try #require(settings.kiosk)
        #expect(kiosk.lock.exitChord == KeyChord(.x, [.ctrl, .alt]))
        #expect(kiosk.idleResetSeconds == 60)
        #expect(settings.autosaveDirectory == "/var/lib/meshpad")
        #expect(kiosk.lock.attempt("1357", at: 0) == .wrong(freeTriesLeft: 2))
        #expect(kiosk.lock.attempt("2468", at: 1) == .unlocked)
    }

    @Test(arguments: [
        (flag: "/home/a/demo.jsonl", configured: "/opt/tour.jsonl", played: "/home/a/demo.jsonl"),
        (flag: nil, configured: "/opt/tour.jsonl", played: "/opt/tour.jsonl"),
        (flag: "/home/a/demo.jsonl", configured: nil, played: "/home/a/demo.jsonl"),
        (flag: nil, configured: nil, played: nil),
    ] as [(flag: String?, configured: String?, played: String?)])
    func attractScriptIsTheFlagsThenTheConfigs(flag: String?, configured: String?, played: String?) throws {
        var config = try Self.config(Self.kioskConfig)
        config.kiosk.attractScript = configured
        let settings = try Self.resolve(config, Appearance(), LaunchMode(kiosk: true, attractScript: flag))
        #expect(settings.kiosk?.attractScript == played)
    }

    // MARK: What was chosen in the app menu

    @Test func aChoiceMadeInTheMenuBeatsTheConfigButNotTheCommandLineAndNeverAKiosk() throws {
        let chosen = Choices(theme: "dark", keyboard: .never)
        let config = try Self.config(#"{ "theme": "classic", "keyboard": "always", "kiosk": { "pin": "2468" } }"#)
        func resolve(_ appearance: Appearance, _ mode: LaunchMode) throws -> LaunchSettings {
            try LaunchSettings.resolve(config: config, appearance: appearance, mode: mode, choices: chosen, configPath: Self.configPath)
        }
        let plain = try resolve(Appearance(), LaunchMode())
        #expect(plain.theme.name == "dark" && plain.keyboard == .never)
        #expect(try resolve(Appearance(themeName: "high-contrast"), LaunchMode()).theme.name == "high-contrast")
        let kiosk = try resolve(Appearance(), LaunchMode(kiosk: true))
        #expect(kiosk.theme.name == "classic" && kiosk.keyboard == .always, "a kiosk is its config alone")
    }

    @Test func choicesAreKeptAndABrokenFileIsNoChoice() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-choices-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/meshpad/choices.json"
        #expect(Choices.load(from: path) == Choices())
        try Choices(theme: "dark", keyboard: .always).save(to: path)
        #expect(Choices.load(from: path) == Choices(theme: "dark", keyboard: .always))
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect(Choices.load(from: path) == Choices())
        try Data(#"{ "theme": "sparkly", "keyboard": "sometimes" }"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(Choices.load(from: path) == Choices(), "names it does not know are no choice")
        #expect(Choices.standardPath(environment: ["XDG_STATE_HOME": "/s"]) == "/s/meshpad/choices.json")
    }
}
