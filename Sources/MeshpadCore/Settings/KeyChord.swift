import Foundation

/// A key with exactly these modifiers held, as the config and the key table write it:
/// `Ctrl+Alt+Shift+K`, `Shift+F3`, `F2`.
///
/// The modifiers must be exactly those held, so Ctrl+Alt+Shift+K is not also Ctrl+Alt+K.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// nil unless the text is `+`-separated modifiers (Ctrl, Alt, Shift, Meta/Super) then one
    /// key by its name (any case). A lone `+` is the plus key.
    public init?(parsing text: String) {
        var parts = text.split(separator: "+", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        // why: "Ctrl++" and "+" name the plus key, which splits into empty parts.
        if parts.count >= 2, parts[parts.count - 1].isEmpty, parts[parts.count - 2].isEmpty {
            parts.removeLast(2)
            parts.append("+")
        }
        guard let last = parts.last, !last.isEmpty, let key = Key(name: last) else { return nil }
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
        self.init(key, modifiers)
    }

    public func matches(_ key: Key, _ held: KeyModifiers) -> Bool {
        held == modifiers && key == self.key
    }

    public var description: String {
        let names: [(KeyModifiers, String)] = [(.ctrl, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.meta, "Meta")]
        return (names.filter { modifiers.contains($0.0) }.map(\.1) + [key.name]).joined(separator: "+")
    }
}
