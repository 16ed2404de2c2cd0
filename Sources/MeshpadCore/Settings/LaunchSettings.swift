/// The interactive app's settings, decided: the command line over the config file over the defaults.
///
/// `resolve` only decides; the caller reads the config file before and the attract script after,
/// and builds the app from the result. A kiosk always autosaves (every visitor's map is kept),
/// and `autosaveDirectory` is where; otherwise `--read-only` turns autosaving off.
public struct LaunchSettings: Equatable, Sendable {
    public var theme: Theme
    /// Everything drawn this many times bigger than the display's own scale says.
    public var uiScale: Double
    /// When the on-screen keyboard comes up: the config's, else `always` in a kiosk (visitors
    /// have no keyboard) and `auto` elsewhere.
    public var keyboard: KeyboardMode
    /// What the mouse pointer is: the config's, else told from how it moves.
    public var pointer: PointerKind
    public var gestures: GestureSettings
    public var zoomClamp: ClosedRange<Double>
    /// `--read-only`: view, pan, zoom, fold and search; nothing can be changed or saved.
    public var readOnly: Bool
    /// Unsaved work is autosaved, to be offered back after a crash.
    public var autosavesForRecovery: Bool
    /// Where autosaves go: the kiosk's `autosaveDirectory`; nil is the standard recovery folder.
    public var autosaveDirectory: String?
    /// Files opened and saved are remembered in the recent-files list.
    public var keepsRecentFiles: Bool
    /// Set for `--kiosk`.
    public var kiosk: Kiosk?

    /// How a kiosk is left and when it starts over.
    public struct Kiosk: Equatable, Sendable {
        /// The PIN, with its exit chord and corner hold.
        public var lock: KioskLock
        /// Seconds without input before the map goes back to its start; nil never.
        public var idleResetSeconds: Double?
        /// The replay script played in a loop while idle: `--attract`'s, else the config's.
        public var attractScript: String?
        /// While idle, the presentation plays, a slide every this many seconds.
        public var presentSeconds: Double?
    }

    /// The settings for `mode`; `configPath` names the file `config` came from, for errors.
    /// - Parameter choices: what the person chose in the app menu last time (not in a kiosk).
    public static func resolve(config: Config, appearance: Appearance, mode: LaunchMode, choices: Choices = Choices(),
                               configPath: String) throws(LaunchError) -> LaunchSettings {
        // why: a kiosk is set up by its config alone; a visitor's choice must not outlive the visit.
        let chosen = mode.kiosk ? Choices() : choices
        var settings = LaunchSettings(
            theme: appearance.themeName.flatMap(Theme.named) ?? chosen.theme.flatMap(Theme.named)
                ?? config.themeName.flatMap(Theme.named) ?? .standard,
            uiScale: appearance.uiScale ?? config.uiScale ?? 1,
            keyboard: chosen.keyboardMode ?? config.keyboard ?? (mode.kiosk ? .always : .auto),
            pointer: config.pointer ?? .auto,
            gestures: config.gestures,
            zoomClamp: config.zoomLimits ?? Camera.defaultZoomLimits,
            readOnly: mode.readOnly,
            // why: a read-only map cannot change, so there is nothing to recover.
            autosavesForRecovery: !mode.readOnly,
            autosaveDirectory: nil,
            keepsRecentFiles: true,
            kiosk: nil)
        guard mode.kiosk else { return settings }
        guard let pin = config.kiosk.pin else {
            throw LaunchError("--kiosk needs a PIN to leave by: set \"kiosk\": { \"pin\": \"…\" } (4 to 12 digits) in \(configPath)")
        }
        settings.kiosk = Kiosk(lock: KioskLock(settings: config.kiosk, pin: pin), idleResetSeconds: config.kiosk.idleResetSeconds,
                               attractScript: mode.attractScript ?? config.kiosk.attractScript, presentSeconds: config.kiosk.presentSeconds)
        settings.autosavesForRecovery = true
        settings.autosaveDirectory = config.kiosk.autosaveDirectory
        // why: a visitor must not see which files the last one (or the staff) opened.
        settings.keepsRecentFiles = false
        return settings
    }
}

/// Why the app cannot start as asked (a kiosk without a PIN); says what to change and where.
public struct LaunchError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}
