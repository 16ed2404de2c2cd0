import Foundation
import MeshpadCore

/// Writes every input event to a file as a replay script (`meshpad --record`).
///
/// Each line is written as it happens, so a session that crashes or is killed keeps its
/// recording up to the last event. Finger positions are stored normalised to the window, as
/// SDL reports them, so a script replays the same on a window of another size.
@MainActor
package final class Recorder {
    private let handle: FileHandle
    private let path: String

    init(path: String) throws(PlatformError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let handle = FileHandle(forWritingAtPath: path) else {
            throw .recording(path: path, detail: String(cString: strerror(errno)))
        }
        self.handle = handle
    }

    /// `viewportSize` and the positions are in layout pixels; mouse positions are written in
    /// window pixels (times `uiScale`), as a replay pushes them.
    func record(_ input: InputEvent, at time: Double, viewportSize: Vec2, uiScale: Double = 1) {
        guard let event = Self.replayEvent(for: input, at: time, windowSize: viewportSize, uiScale: uiScale) else { return }
        handle.write(Data((event.jsonLine + "\n").utf8))
    }

    /// The script line for an event; nil for events a script does not carry (resize, quit).
    package static func replayEvent(for input: InputEvent, at time: Double, windowSize: Vec2, uiScale: Double = 1) -> ReplayEvent? {
        let input = uiScale == 1 ? input : Self.scaled(input, by: uiScale)
        let ms = (time * 1000).rounded()
        func normalised(_ p: Vec2) -> (Double, Double) {
            (min(max(p.x / windowSize.x, 0), 1), min(max(p.y / windowSize.y, 0), 1))
        }
        switch input {
        case .fingerDown(let id, let p):
            let (x, y) = normalised(p)
            return ReplayEvent(milliseconds: ms, kind: .fingerDown(id: id, x: x, y: y))
        case .fingerMove(let id, let p):
            let (x, y) = normalised(p)
            return ReplayEvent(milliseconds: ms, kind: .fingerMove(id: id, x: x, y: y))
        case .fingerUp(let id, let p):
            let (x, y) = normalised(p)
            return ReplayEvent(milliseconds: ms, kind: .fingerUp(id: id, x: x, y: y))
        case .mouseDown(let button, let p, _, let modifiers):
            return ReplayEvent(milliseconds: ms, kind: .mouseDown(button: button, x: p.x, y: p.y), modifiers: modifiers)
        case .mouseMove(let p, let modifiers):
            return ReplayEvent(milliseconds: ms, kind: .mouseMove(x: p.x, y: p.y), modifiers: modifiers)
        case .mouseUp(let button, let p, let modifiers):
            return ReplayEvent(milliseconds: ms, kind: .mouseUp(button: button, x: p.x, y: p.y), modifiers: modifiers)
        case .wheel(let delta, let p, let modifiers):
            return ReplayEvent(milliseconds: ms, kind: .wheel(dx: delta.x, dy: delta.y, x: p.x, y: p.y), modifiers: modifiers)
        case .key(let key, let modifiers):
            return ReplayEvent(milliseconds: ms, kind: .key(key), modifiers: modifiers)
        case .text(let text):
            return ReplayEvent(milliseconds: ms, kind: .text(text))
        case .textEditing(let text, let cursor):
            return ReplayEvent(milliseconds: ms, kind: .textEditing(text: text, cursor: cursor))
        case .windowResized, .quitRequested:
            return nil
        }
    }

    /// Mouse and wheel positions times `scale` (fingers are normalised and need none).
    static func scaled(_ input: InputEvent, by scale: Double) -> InputEvent {
        switch input {
        case .mouseDown(let button, let p, let clicks, let modifiers): return .mouseDown(button: button, position: p * scale, clicks: clicks, modifiers: modifiers)
        case .mouseMove(let p, let modifiers): return .mouseMove(position: p * scale, modifiers: modifiers)
        case .mouseUp(let button, let p, let modifiers): return .mouseUp(button: button, position: p * scale, modifiers: modifiers)
        case .wheel(let delta, let p, let modifiers): return .wheel(delta: delta, position: p * scale, modifiers: modifiers)
        default: return input
        }
    }
}
