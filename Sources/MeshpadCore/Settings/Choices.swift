import Foundation

/// What a person chose in the app menu (the theme, when the on-screen keyboard comes) and the
/// filters they saved, kept for the next start.
///
/// Kept apart from the config file, which is the person's (or an administrator's) to write:
/// Meshpad never rewrites it. At start the command line wins, then these choices, then the
/// config; a kiosk ignores and keeps none, so a visitor's choice never outlives the visit.
public struct Choices: Codable, Equatable, Sendable {
    public var theme: String?
    public var keyboard: String?
    /// The filters saved by name in the filter bar, most recent first.
    public var filters: [SavedFilter]?

    public init(theme: String? = nil, keyboard: KeyboardMode? = nil, filters: [SavedFilter]? = nil) {
        self.theme = theme
        self.keyboard = keyboard?.rawValue
        self.filters = filters
    }

    public var keyboardMode: KeyboardMode? { keyboard.flatMap(KeyboardMode.init(rawValue:)) }

    /// `$XDG_STATE_HOME/meshpad/choices.json` (else `~/.local/state/meshpad/choices.json`).
    public static func standardPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? FilePlaces.homeFolder + "/.local/state"
        return state + "/meshpad/choices.json"
    }

    /// The choices kept at `path`; none if there are none yet or the file is unreadable (it is
    /// only a convenience: a broken one is ignored and written afresh at the next choice).
    public static func load(from path: String) -> Choices {
        guard let data = FileManager.default.contents(atPath: path),
              let choices = try? JSONDecoder().decode(Choices.self, from: data) else { return Choices() }
        return Choices(theme: choices.theme.flatMap { Theme.named($0) == nil ? nil : $0 }, keyboard: choices.keyboardMode,
                       filters: choices.filters)
    }

    /// Writes them atomically (a crash leaves the old file or the new, never half of one).
    public func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
