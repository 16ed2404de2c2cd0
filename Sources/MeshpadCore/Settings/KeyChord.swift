import Foundation

/// A key with its modifiers, as written in the config: `Ctrl+Alt+Shift+K`.
///
/// The key is an SDL key name (`K`, `F10`, `Escape`), matched without regard to case; the
/// modifiers must be exactly those held, so Ctrl+Alt+Shift+K is not also Ctrl+Alt+K.
public struct KeyChord: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var modifiers: KeyModifiers

    public init(name: String, modifiers: KeyModifiers) {
        self.name = name
        self.modifiers = modifiers
    }

    /// nil unless the text is `+`-separated modifiers (Ctrl, Alt, Shift, Meta/Super) then one key.
    public init?(parsing text: String) {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let key = parts.last, !key.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts.dropLast() {
            switch part.lowercased() {
            case "ctrl", "control": modifiers.insert(.ctrl)
            case "alt": modifiers.insert(.alt)
            case "shift": modifiers.insert(.shift)
            case "meta", "super", "win": modifiers.insert(.meta)
            default: return nil
            }
        }
        guard !["ctrl", "control", "alt", "shift", "meta", "super"].contains(key.lowercased()) else { return nil }
        self.init(name: key, modifiers: modifiers)
    }

    public func matches(_ key: String, _ held: KeyModifiers) -> Bool {
        held == modifiers && key.lowercased() == name.lowercased()
    }

    public var description: String {
        let names: [(KeyModifiers, String)] = [(.ctrl, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.meta, "Meta")]
        return (names.filter { modifiers.contains($0.0) }.map(\.1) + [name]).joined(separator: "+")
    }
}
