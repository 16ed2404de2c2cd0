/// A change to a map as a person made it: the primitive changes in the order they happened,
/// under the words that name it ("move", "text", "paste").
///
/// Transactions are the only way a document changes. `Document.apply(_:sizing:access:)` takes
/// an `Access`, which only this file can make, and the only code here that makes one applies a
/// change and records it in the same breath (or replays a recorded transaction, for undo and
/// redo). Swift has no friend access; this turns "every change is recorded" from a convention
/// into something the compiler checks.
///
/// While open, a transaction previews live (a drag, text being typed, a layout settling); it
/// then commits as one undo step, or rolls back to exactly where it began. The same record is
/// the operation stream a shared map will send: Codable, with stable node IDs.
public struct Transaction: Equatable, Sendable, Codable {
    /// Proof that a change is being made by a transaction.
    public struct Access: Sendable {
        fileprivate init() {}
    }

    public var label: String
    /// In the order they were made; same-field changes to the same nodes are merged as they come.
    public private(set) var changes: [Change] = []

    public init(label: String) {
        self.label = label
    }

    /// A record of `changes` as given, carried out on no map: what a shared map sends (each
    /// screen carries it out by `SyncRules`). It grants no `Access`.
    public init(label: String, carrying changes: [Change]) {
        self.label = label
        self.changes = changes
    }

    public var isEmpty: Bool { changes.isEmpty }

    /// The changes that undo it: each one's inverse, the last first.
    public var inverseChanges: [Change] { changes.reversed().map(\.inverse) }

    /// Carries out `change` on `document` and records it. Text and style changes re-derive
    /// sizes with `sizing` (nil: a map being built, measured once it is whole).
    public mutating func apply(_ change: Change, to document: inout Document, sizing: NodeSizing?) {
        document.apply(change, sizing: sizing, access: Access())
        record(change)
    }

    /// Undoes the whole transaction on `document`: each change's inverse, the last first.
    public func undo(on document: inout Document, sizing: NodeSizing) {
        for change in changes.reversed() { document.apply(change.inverse, sizing: sizing, access: Access()) }
    }

    /// Carries the whole transaction out again on `document` (redo).
    public func redo(on document: inout Document, sizing: NodeSizing) {
        for change in changes { document.apply(change, sizing: sizing, access: Access()) }
    }

    /// Records a change that has just been carried out. A drag's hundred moves or a word typed
    /// letter by letter become one change each: a change to the same field of the same nodes as
    /// the last change that set that field (with no node made or removed since) is merged into
    /// it, and a change that ends where it started is dropped, so an edit typed and taken back
    /// leaves nothing. Changes to other fields in between (a text's growth moving its node)
    /// commute with both, so the merged record replays to the same map.
    private mutating func record(_ change: Change) {
        if !change.isStructural {
            for k in changes.indices.reversed() {
                if changes[k].isStructural { break }
                guard changes[k].overlaps(change) else { continue }
                guard let merged = changes[k].merged(with: change) else { break }
                if merged.isIdentity { changes.remove(at: k) } else { changes[k] = merged }
                return
            }
        }
        guard !change.isIdentity else { return }
        changes.append(change)
    }
}
