import Foundation

/// Settings from `$XDG_CONFIG_HOME/meshpad/config.json`: theme, zoom limits, gesture thresholds
/// and the kiosk's PIN, exit chord, idle reset and autosave place.
///
/// Every key is optional; a missing file is the defaults. A key Meshpad does not know is
/// reported (a typo must not silently leave a kiosk unlocked), and a value of the wrong kind or
/// out of range is an error that names the key, so a broken config never half-applies.
///
/// ```json
/// { "theme": "dark", "keyboard": "always", "pointer": "touch", "zoom": { "min": 0.05, "max": 4 },
///   "gestures": { "longPressSeconds": 0.6, "touchSlopPixels": 10 },
///   "kiosk": { "pin": "2468", "exitChord": "Ctrl+Alt+Shift+K", "idleResetSeconds": 120,
///              "autosaveDirectory": "/var/lib/meshpad", "attractScript": "/opt/tour.jsonl" } }
/// ```
public struct Config: Equatable, Sendable {
    public var themeName: String?
    public var uiScale: Double?
    /// When Meshpad's on-screen keyboard comes up: `auto`, `always` or `never`.
    public var keyboard: KeyboardMode?
    /// What the mouse pointer is: `auto`, `touch` (a panel whose touch arrives as a pointer) or `mouse`.
    public var pointer: PointerKind?
    /// Replaces the 10 %–200 % zoom clamp (a map too big to fit may still zoom out further).
    public var zoomLimits: ClosedRange<Double>?
    public var gestures = GestureSettings()
    public var kiosk = KioskSettings()
    /// `"shared": {"db": URL, "map": NAME}`: the shared map a window opens when none is named.
    public var sharedMap: SharedMapName?
    /// `"shared": {"db": URL}`: the database whose maps the app menu's Shared maps lists.
    public var sharedDatabase: DatabaseAddress?
    /// `"shared": {"name": "Ana"}`: the name other screens show on this person's ring (default: the login).
    public var personName: String?
    /// What the file held that Meshpad does not know, as `config.json: unknown key "kiosk.pn"`.
    public var warnings: [String] = []

    public init() {}

    /// The standard place: `$XDG_CONFIG_HOME/meshpad/config.json`, else `~/.config/meshpad/config.json`.
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["XDG_CONFIG_HOME"], home.hasPrefix("/") { return home + "/meshpad/config.json" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.config/meshpad/config.json"
    }

    /// Reads a config file; a file that does not exist gives the defaults, unless it `mustExist`
    /// (`--config` named it: a mistyped name must not quietly run on the defaults).
    public static func load(path: String, mustExist: Bool = false) throws(ConfigError) -> Config {
        guard FileManager.default.fileExists(atPath: path) else {
            if mustExist { throw ConfigError(path: path, reason: "does not exist (check the name given to --config)") }
            return Config()
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(path: path, reason: "cannot be read (check its permissions)")
        }
        return try parse(data, path: path)
    }

    /// Parses the JSON text of a config file; `path` names it in errors and warnings.
    public static func parse(_ data: Data, path: String) throws(ConfigError) -> Config {
        guard data.count <= 1 << 20 else { throw ConfigError(path: path, reason: "is over 1 MiB; a config is a few lines") }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "not valid JSON"
            throw ConfigError(path: path, reason: "is not valid JSON: \(detail)")
        }
        var reader = Reader(path: path)
        let top = try reader.object(object, at: "")
        var config = Config()
        config.themeName = try reader.string(top, "theme")
        if let name = config.themeName, Theme.named(name) == nil {
            throw reader.error("theme", "must be one of \(Theme.all.map(\.name).joined(separator: ", ")), not \"\(name)\"")
        }
        config.uiScale = try reader.number(top, "uiScale", in: 1...4)
        if let mode = try reader.string(top, "keyboard") {
            guard let parsed = KeyboardMode(rawValue: mode) else {
                throw reader.error("keyboard", "must be auto, always or never, not \"\(mode)\"")
            }
            config.keyboard = parsed
        }
        if let kind = try reader.string(top, "pointer") {
            guard let parsed = PointerKind(rawValue: kind) else {
                throw reader.error("pointer", "must be auto, touch or mouse, not \"\(kind)\"")
            }
            config.pointer = parsed
        }
        if let zoom = try reader.optionalObject(top, "zoom") {
            let low = try reader.number(zoom, "min", in: 0.001...1, prefix: "zoom.") ?? Camera.defaultZoomLimits.lowerBound
            let high = try reader.number(zoom, "max", in: 1...64, prefix: "zoom.") ?? Camera.defaultZoomLimits.upperBound
            config.zoomLimits = low...high
            reader.unknown(zoom, known: ["min", "max"], prefix: "zoom.")
        }
        if let gestures = try reader.optionalObject(top, "gestures") {
            config.gestures = try reader.gestures(gestures)
        }
        if let kiosk = try reader.optionalObject(top, "kiosk") {
            config.kiosk = try reader.kiosk(kiosk)
        }
        if let shared = try reader.optionalObject(top, "shared") {
            guard let db = try reader.string(shared, "db", prefix: "shared."), !db.isEmpty else {
                throw reader.error("shared.db", "must name the database, like \"postgresql://user@host/dbname\"")
            }
            config.sharedDatabase = DatabaseAddress(db)
            if let map = try reader.string(shared, "map", prefix: "shared.") {
                guard !map.isEmpty else { throw reader.error("shared.map", "must name the shared map, like \"class 4b\"") }
                config.sharedMap = SharedMapName(address: DatabaseAddress(db), name: map)
            }
            if let name = try reader.string(shared, "name", prefix: "shared.") {
                let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { throw reader.error("shared.name", "must be the name other screens show, like \"Ana\"") }
                config.personName = String(trimmed.prefix(Presence.nameLimit))
            }
            reader.unknown(shared, known: ["db", "map", "name"], prefix: "shared.")
        }
        reader.unknown(top, known: ["theme", "uiScale", "keyboard", "pointer", "zoom", "gestures", "kiosk", "shared"], prefix: "")
        config.warnings = reader.warnings
        return config
    }
}

/// How a kiosk behaves: how to get out, when to start over, where visitors' work goes.
public struct KioskSettings: Equatable, Sendable {
    /// The digits that unlock the exit; kiosk mode refuses to start without one.
    public var pin: String?
    /// The key chord that asks for the PIN (as does a long press in the top-left corner).
    public var exitChord = KeyChord(.k, [.ctrl, .alt, .shift])
    /// How long a press in the top-left corner is held before the PIN pad appears.
    public var cornerHoldSeconds = 3.0
    /// With no input for this long the map goes back to how it started; nil never resets.
    public var idleResetSeconds: Double? = 180
    /// Where each visitor's map is autosaved, one file a session; nil uses the recovery folder.
    public var autosaveDirectory: String?
    /// A replay script played in a loop while the kiosk is idle (`--attract` overrides it).
    public var attractScript: String?
    /// While idle, the map's presentation plays in a loop, a slide every this many seconds
    /// (nil: not; an attract script, when there is one, plays instead).
    public var presentSeconds: Double?

    public init() {}
}

/// A config file that cannot be used; says which file, which key and what is wrong.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path) \(reason)" }
}

/// Walks the parsed JSON, collecting unknown keys and failing on values of the wrong kind.
private struct Reader {
    let path: String
    var warnings: [String] = []

    func error(_ key: String, _ problem: String) -> ConfigError {
        ConfigError(path: path, reason: "has a bad value for \"\(key)\": it \(problem)")
    }

    func object(_ value: Any, at key: String) throws(ConfigError) -> [String: Any] {
        guard let object = value as? [String: Any] else {
            throw key.isEmpty ? ConfigError(path: path, reason: "must hold one JSON object ({ … })") : error(key, "must be an object ({ … })")
        }
        return object
    }

    func optionalObject(_ parent: [String: Any], _ key: String) throws(ConfigError) -> [String: Any]? {
        guard let value = parent[key] else { return nil }
        return try object(value, at: key)
    }

    func string(_ parent: [String: Any], _ key: String, prefix: String = "") throws(ConfigError) -> String? {
        guard let value = parent[key] else { return nil }
        guard let text = value as? String else { throw error(prefix + key, "must be a string in quotes") }
        return text
    }

    func number(_ parent: [String: Any], _ key: String, in range: ClosedRange<Double>, prefix: String = "") throws(ConfigError) -> Double? {
        guard let value = parent[key] else { return nil }
        // why: JSONSerialization reads true/false as NSNumbers of type "c"; a flag is not a number.
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
            throw error(prefix + key, "must be a number")
        }
        let double = number.doubleValue
        guard double.isFinite, range.contains(double) else {
            throw error(prefix + key, "must be between \(Self.format(range.lowerBound)) and \(Self.format(range.upperBound)), not \(Self.format(double))")
        }
        return double
    }

    mutating func unknown(_ object: [String: Any], known: Set<String>, prefix: String) {
        for key in object.keys.sorted() where !known.contains(key) {
            warnings.append("\(path): unknown key \"\(prefix + key)\" ignored (known: \(known.sorted().map { prefix + $0 }.joined(separator: ", ")))")
        }
    }

    mutating func gestures(_ object: [String: Any]) throws(ConfigError) -> GestureSettings {
        var settings = GestureSettings()
        let fields: [(String, WritableKeyPath<GestureSettings, Double>, ClosedRange<Double>)] = [
            ("mouseSlopPixels", \.mouseSlopPixels, 0...100),
            ("touchSlopPixels", \.touchSlopPixels, 0...200),
            ("longPressSeconds", \.longPressSeconds, 0.2...10),
            ("doubleTapSeconds", \.doubleTapSeconds, 0.1...2),
            ("multiTapSeconds", \.multiTapSeconds, 0.1...1),
            ("doubleTapTouchPixels", \.doubleTapTouchPixels, 0...200),
            ("doubleTapMousePixels", \.doubleTapMousePixels, 0...100),
            ("touchHitMarginPixels", \.touchHitMarginPixels, 0...100),
            ("flickMinimumSpeed", \.flickMinimumSpeed, 0...100_000),
            ("flickMaximumSpeed", \.flickMaximumSpeed, 0...100_000),
            ("wheelPanPixels", \.wheelPanPixels, 1...1000),
            ("wheelZoomFactor", \.wheelZoomFactor, 1.01...4),
        ]
        for (key, field, range) in fields {
            if let value = try number(object, key, in: range, prefix: "gestures.") { settings[keyPath: field] = value }
        }
        unknown(object, known: Set(fields.map(\.0)), prefix: "gestures.")
        return settings
    }

    mutating func kiosk(_ object: [String: Any]) throws(ConfigError) -> KioskSettings {
        var kiosk = KioskSettings()
        if let pin = try string(object, "pin", prefix: "kiosk.") {
            guard (4...12).contains(pin.count), pin.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw error("kiosk.pin", "must be 4 to 12 digits (the on-screen pad has only digits)")
            }
            kiosk.pin = pin
        }
        if let chord = try string(object, "exitChord", prefix: "kiosk.") {
            guard let parsed = KeyChord(parsing: chord) else {
                throw error("kiosk.exitChord", "must be modifiers and a key, like \"Ctrl+Alt+Shift+K\", not \"\(chord)\"")
            }
            guard parsed.modifiers.contains(.ctrl) || parsed.modifiers.contains(.alt) else {
                throw error("kiosk.exitChord", "needs Ctrl or Alt, so a visitor's typing cannot press it")
            }
            kiosk.exitChord = parsed
        }
        kiosk.cornerHoldSeconds = try number(object, "cornerHoldSeconds", in: 1...30, prefix: "kiosk.") ?? kiosk.cornerHoldSeconds
        if object["idleResetSeconds"] is NSNull {
            kiosk.idleResetSeconds = nil
        } else if let seconds = try number(object, "idleResetSeconds", in: 10...86_400, prefix: "kiosk.") {
            kiosk.idleResetSeconds = seconds
        }
        kiosk.autosaveDirectory = try string(object, "autosaveDirectory", prefix: "kiosk.")
        if let directory = kiosk.autosaveDirectory, !directory.hasPrefix("/") {
            throw error("kiosk.autosaveDirectory", "must be an absolute path (starting with /)")
        }
        kiosk.attractScript = try string(object, "attractScript", prefix: "kiosk.")
        kiosk.presentSeconds = try number(object, "presentSeconds", in: 2...3_600, prefix: "kiosk.")
        unknown(object, known: ["pin", "exitChord", "cornerHoldSeconds", "idleResetSeconds", "autosaveDirectory", "attractScript", "presentSeconds"],
                prefix: "kiosk.")
        return kiosk
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
