/// The map's transaction log: what can be undone and redone, and the transaction open now.
///
/// At most one transaction is open at a time (a drag, a text being typed, a layout settling, or
/// a command while it runs). Whoever begins another first closes the open one through the
/// workspace, which tells its owner (the drag stops following the finger, the editor closes),
/// so no step ever starts from an unrecorded state.
public struct History: Sendable {
    /// What an open transaction is for: who must be told when it is closed from outside.
    public enum Purpose: Equatable, Sendable {
        /// A command: opened and closed within one call.
        case command
        /// A node drag, following the pointer.
        case drag
        /// A picture resized by its handle, following the pointer.
        case resize
        /// A node's text being typed in place.
        case textEdit
        /// The force layout, settling step by step.
        case layout
        /// Folds opened to show a search hit: a view, not an edit. The map does not count as
        /// changed while it is open, the next hit or the search's end takes it back, and it
        /// becomes a step only if the person changes something while it shows.
        case reveal
    }

    /// The transaction being made, and what it is for.
    public struct Open: Sendable {
        public var transaction: Transaction
        public var purpose: Purpose
        /// The map's revision when it opened: what a `.reveal` leaves the map's saved state at.
        public var startRevision: UInt64 = 0
    }

    /// Done transactions, oldest first: undo takes the last.
    public private(set) var done: [Transaction] = []
    /// Undone transactions, most recently undone last: redo takes the last.
    public private(set) var undone: [Transaction] = []
    public internal(set) var open: Open?
    /// A reveal taken back leaves the map as it was at `content`, under a new `revision`: the
    /// file counts it as unchanged while the map stays there.
    var takenBack: (revision: UInt64, content: UInt64)?
    /// Tests and the soak set this: every committed, undone or redone transaction is followed by
    /// `Document.checkInvariants()`, and what it finds is kept in `invariantFailures`.
    public var checksInvariants = false
    public internal(set) var invariantFailures: [String] = []

    public init() {}

    public var canUndo: Bool { !done.isEmpty }
    public var canRedo: Bool { !undone.isEmpty }

    /// The last transaction done, if any.
    public var last: Transaction? { done.last }

    /// Keeps a committed transaction as the newest step; a new step forgets what could be redone.
    /// An empty transaction changed nothing and leaves no step.
    mutating func record(_ transaction: Transaction) {
        guard !transaction.isEmpty else { return }
        done.append(transaction)
        undone.removeAll()
    }

    /// The step to undo, moved to the redo side.
    mutating func popUndo() -> Transaction? {
        guard let transaction = done.popLast() else { return nil }
        undone.append(transaction)
        return transaction
    }

    /// The step to redo, moved back to the undo side.
    mutating func popRedo() -> Transaction? {
        guard let transaction = undone.popLast() else { return nil }
        done.append(transaction)
        return transaction
    }

    /// Forgets every step (a kiosk starting over, a soak round): nothing before now can be undone.
    mutating func forget() {
        done = []
        undone = []
    }
}
