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

    /// Folds a command into the last recorded one, so both undo as one step (a new node and the
    /// text typed into it).
    public mutating func appendToLast(_ command: Command) {
        guard let last = undoable.popLast() else {
            record(command)
            return
        }
        if case .batch(let commands) = last {
            undoable.append(.batch(commands + [command]))
        } else {
            undoable.append(.batch([last, command]))
        }
        redoable.removeAll()
    }

    /// Forgets the last recorded command without undoing it (its effect was already reverted).
    public mutating func dropLast() {
        _ = undoable.popLast()
    }

    /// The last command recorded, if any.
    public var last: Command? { undoable.last }

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
