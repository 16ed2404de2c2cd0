import Foundation

/// One line of a replay script: an input event and when it happens.
///
/// The format is the contract of `docs/ARCHITECTURE.md`: one JSON object a line, `t` in
/// milliseconds from the start; finger `x`,`y` normalised to the window (as SDL reports
/// them), mouse and wheel `x`,`y` in window pixels, keys by `Key.name` (SDL's names).
public struct ReplayEvent: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case fingerDown(id: Int64, x: Double, y: Double)
        case fingerMove(id: Int64, x: Double, y: Double)
        case fingerUp(id: Int64, x: Double, y: Double)
        case mouseDown(button: MouseButton, x: Double, y: Double)
        case mouseMove(x: Double, y: Double)
        case mouseUp(button: MouseButton, x: Double, y: Double)
        case wheel(dx: Double, dy: Double, x: Double, y: Double)
        case key(Key)
        case text(String)
        /// Input-method composition in progress; `cursor` in Unicode scalars, as SDL gives it.
        case textEditing(text: String, cursor: Int)
    }

    public var milliseconds: Double
    public var kind: Kind
    public var modifiers: KeyModifiers
    /// The script line it came from (0 when made in code), for errors found while replaying.
    public var line: Int

    public init(milliseconds: Double, kind: Kind, modifiers: KeyModifiers = [], line: Int = 0) {
        self.milliseconds = milliseconds
        self.kind = kind
        self.modifiers = modifiers
        self.line = line
    }
}

/// A replay script that could not be read; names the line and what is wrong with it.
public struct ReplayError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let reason: String

    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { "line \(line): \(reason)" }
}

extension ReplayEvent {
    static let modifierNames: [(String, KeyModifiers)] = [("shift", .shift), ("ctrl", .ctrl), ("alt", .alt), ("meta", .meta)]

    /// Parses a whole script. Blank lines are skipped; times must not go backwards.
    public static func parseScript(_ text: String) throws(ReplayError) -> [ReplayEvent] {
        var events: [ReplayEvent] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let event = try parseLine(trimmed, number: lineNumber)
            if let previous = events.last, event.milliseconds < previous.milliseconds {
                throw ReplayError(line: lineNumber, reason: "t goes backwards (\(event.milliseconds) after \(previous.milliseconds))")
            }
            events.append(event)
        }
        return events
    }

    static func parseLine(_ line: String, number: Int) throws(ReplayError) -> ReplayEvent {
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ReplayError(line: number, reason: "expected a JSON object like {\"t\":0,\"type\":\"finger_down\",...}")
            }
            object = parsed
        } catch let error as ReplayError {
            throw error
        } catch {
            throw ReplayError(line: number, reason: "not valid JSON")
        }
        let fields = Fields(object: object, line: number)
        let t = try fields.number("t")
        guard t >= 0 else { throw ReplayError(line: number, reason: "t must not be negative") }
        let type = try fields.string("type")
        let kind: Kind
        switch type {
        case "finger_down", "finger_move", "finger_up":
            let id = try fields.integer("id")
            let x = try fields.number("x"), y = try fields.number("y")
            guard (0...1).contains(x), (0...1).contains(y) else {
                throw ReplayError(line: number, reason: "finger x and y are normalised to the window: 0…1")
            }
            kind = type == "finger_down" ? .fingerDown(id: id, x: x, y: y)
                : type == "finger_move" ? .fingerMove(id: id, x: x, y: y) : .fingerUp(id: id, x: x, y: y)
        case "mouse_down", "mouse_up":
            let name = try fields.string("button")
            guard let button = MouseButton(rawValue: name) else {
                throw ReplayError(line: number, reason: "button must be left, middle or right; got '\(name)'")
            }
            let x = try fields.number("x"), y = try fields.number("y")
            kind = type == "mouse_down" ? .mouseDown(button: button, x: x, y: y) : .mouseUp(button: button, x: x, y: y)
        case "mouse_move":
            kind = .mouseMove(x: try fields.number("x"), y: try fields.number("y"))
        case "wheel":
            kind = .wheel(dx: try fields.number("dx", default: 0), dy: try fields.number("dy", default: 0),
                          x: try fields.number("x"), y: try fields.number("y"))
        case "key":
            let name = try fields.string("key")
            guard let key = Key(name: name) else {
                throw ReplayError(line: number, reason: "unknown key name '\(name)' (key names: Tab, Return, F2, A, =, Keypad +)")
            }
            kind = .key(key)
        case "text":
            kind = .text(try fields.string("text"))
        case "text_editing":
            let text = try fields.string("text")
            let cursor = object["cursor"] == nil ? text.unicodeScalars.count : Int(try fields.integer("cursor"))
            guard cursor >= 0, cursor <= text.unicodeScalars.count else {
                throw ReplayError(line: number, reason: "\"cursor\" must be between 0 and the length of \"text\"")
            }
            kind = .textEditing(text: text, cursor: cursor)
        default:
            throw ReplayError(line: number, reason: "unknown type '\(type)' (finger_down, finger_move, finger_up, mouse_down, mouse_move, mouse_up, wheel, key, text, text_editing)")
        }
        return ReplayEvent(milliseconds: t, kind: kind, modifiers: try fields.modifiers(), line: number)
    }

    /// The event as one script line, keys in a fixed order so recordings diff well.
    public var jsonLine: String {
        var parts = ["\"t\":\(Self.number(milliseconds))"]
        func add(_ key: String, _ value: String) { parts.append("\"\(key)\":\(value)") }
        switch kind {
        case .fingerDown(let id, let x, let y), .fingerMove(let id, let x, let y), .fingerUp(let id, let x, let y):
            let type = if case .fingerDown = kind { "finger_down" } else if case .fingerMove = kind { "finger_move" } else { "finger_up" }
            add("type", Self.quoted(type))
            add("id", String(id))
            add("x", Self.number(x))
            add("y", Self.number(y))
        case .mouseDown(let button, let x, let y), .mouseUp(let button, let x, let y):
            let type = if case .mouseDown = kind { "mouse_down" } else { "mouse_up" }
            add("type", Self.quoted(type))
            add("button", Self.quoted(button.rawValue))
            add("x", Self.number(x))
            add("y", Self.number(y))
        case .mouseMove(let x, let y):
            add("type", Self.quoted("mouse_move"))
            add("x", Self.number(x))
            add("y", Self.number(y))
        case .wheel(let dx, let dy, let x, let y):
            add("type", Self.quoted("wheel"))
            add("dx", Self.number(dx))
            add("dy", Self.number(dy))
            add("x", Self.number(x))
            add("y", Self.number(y))
        case .key(let key):
            add("type", Self.quoted("key"))
            add("key", Self.quoted(key.name))
        case .text(let text):
            add("type", Self.quoted("text"))
            add("text", Self.quoted(text))
        case .textEditing(let text, let cursor):
            add("type", Self.quoted("text_editing"))
            add("text", Self.quoted(text))
            add("cursor", String(cursor))
        }
        if !modifiers.isEmpty {
            let names = Self.modifierNames.filter { modifiers.contains($0.1) }.map { Self.quoted($0.0) }
            add("mods", "[" + names.joined(separator: ",") + "]")
        }
        return "{" + parts.joined(separator: ",") + "}"
    }

    private static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(format: "%.4f", value)
    }

    private static func quoted(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text), let encoded = String(data: data, encoding: .utf8) else { return "\"\"" }
        return encoded
    }
}

/// Typed access to one parsed line's fields, with errors that name the field.
private struct Fields {
    let object: [String: Any]
    let line: Int

    func number(_ key: String, default fallback: Double? = nil) throws(ReplayError) -> Double {
        guard let value = object[key] else {
            if let fallback { return fallback }
            throw ReplayError(line: line, reason: "missing \"\(key)\"")
        }
        // why: Foundation's JSON booleans are NSNumbers too; their concrete class tells them apart
        // (`is Bool` is true for the number 0 on Linux).
        guard let number = value as? NSNumber, String(describing: type(of: number)) != "__NSCFBoolean",
              number.doubleValue.isFinite else {
            throw ReplayError(line: line, reason: "\"\(key)\" must be a number")
        }
        return number.doubleValue
    }

    func integer(_ key: String) throws(ReplayError) -> Int64 {
        let value = try number(key)
        guard value == value.rounded(), abs(value) < 9e15 else {
            throw ReplayError(line: line, reason: "\"\(key)\" must be a whole number")
        }
        return Int64(value)
    }

    func string(_ key: String) throws(ReplayError) -> String {
        guard let value = object[key] else { throw ReplayError(line: line, reason: "missing \"\(key)\"") }
        guard let text = value as? String else { throw ReplayError(line: line, reason: "\"\(key)\" must be a string") }
        return text
    }

    func modifiers() throws(ReplayError) -> KeyModifiers {
        guard let value = object["mods"] else { return [] }
        guard let names = value as? [String] else {
            throw ReplayError(line: line, reason: "\"mods\" must be a list like [\"ctrl\",\"shift\"]")
        }
        var result: KeyModifiers = []
        for name in names {
            guard let modifier = ReplayEvent.modifierNames.first(where: { $0.0 == name.lowercased() })?.1 else {
                throw ReplayError(line: line, reason: "unknown modifier '\(name)' (shift, ctrl, alt, meta)")
            }
            result.insert(modifier)
        }
        return result
    }
}

extension ReplayEvent {
    /// The input event this line stands for, in a viewport of `viewportSize` (the workspace's
    /// pixels); mouse positions in the script are window pixels, `uiScale` times bigger.
    /// The kiosk's attract loop feeds these straight to the workspace, without SDL's queue, so
    /// a real touch can always be told from the demo's.
    public func inputEvent(viewportSize: Vec2, uiScale: Double = 1) -> InputEvent {
        let scale = uiScale > 0 && uiScale.isFinite ? uiScale : 1
        func finger(_ x: Double, _ y: Double) -> Vec2 { Vec2(x * viewportSize.x, y * viewportSize.y) }
        func window(_ x: Double, _ y: Double) -> Vec2 { Vec2(x / scale, y / scale) }
        switch kind {
        case .fingerDown(let id, let x, let y): return .fingerDown(id: id, position: finger(x, y))
        case .fingerMove(let id, let x, let y): return .fingerMove(id: id, position: finger(x, y))
        case .fingerUp(let id, let x, let y): return .fingerUp(id: id, position: finger(x, y))
        case .mouseDown(let button, let x, let y): return .mouseDown(button: button, position: window(x, y), clicks: 1, modifiers: modifiers)
        case .mouseMove(let x, let y): return .mouseMove(position: window(x, y), modifiers: modifiers)
        case .mouseUp(let button, let x, let y): return .mouseUp(button: button, position: window(x, y), modifiers: modifiers)
        case .wheel(let dx, let dy, let x, let y): return .wheel(delta: Vec2(dx, dy), position: window(x, y), modifiers: modifiers)
        case .key(let key): return .key(key, modifiers: modifiers)
        case .text(let text): return .text(text)
        case .textEditing(let text, let cursor): return .textEditing(text: text, cursor: cursor)
        }
    }
}
