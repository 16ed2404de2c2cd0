/// A change to the document that can be undone: every edit a person makes is one of these.
///
/// Commands hold both directions of the change, so undo never needs to consult history.
/// Only moves exist so far; creating, deleting, text, links, folds and paste join with the
/// editing work.
public enum Command: Equatable, Sendable {
    case move(ids: [NodeID], from: [Vec2], to: [Vec2])

    /// The command that undoes this one.
    public var inverse: Command {
        switch self {
        case .move(let ids, let from, let to):
            return .move(ids: ids, from: to, to: from)
        }
    }
}

/// Unbounded undo and redo of `Command`s.
public struct UndoStack: Sendable {
    public private(set) var undoable: [Command] = []
    public private(set) var redoable: [Command] = []

    public init() {}

    public var canUndo: Bool { !undoable.isEmpty }
    public var canRedo: Bool { !redoable.isEmpty }

    /// Records a command that was just carried out; a new change forgets what could be redone.
    public mutating func record(_ command: Command) {
        undoable.append(command)
        redoable.removeAll()
    }

    /// The command to carry out to undo the last change, moving it to the redo side.
    public mutating func popUndo() -> Command? {
        guard let command = undoable.popLast() else { return nil }
        redoable.append(command)
        return command.inverse
    }

    /// The command to carry out to redo the last undone change.
    public mutating func popRedo() -> Command? {
        guard let command = redoable.popLast() else { return nil }
        undoable.append(command)
        return command
    }
}
