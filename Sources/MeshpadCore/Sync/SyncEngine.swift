/// One screen's side of a shared map: its own operations the server has not ordered yet, and
/// how the map on screen follows the server's order (tldraw's model: the server orders,
/// clients rebase).
///
/// The map on screen is the confirmed map (every logged operation up to `confirmedSeq`,
/// carried out by `SyncRules`) with this screen's pending operations carried out on top. When
/// logged operations arrive, the pending ones are taken back (each `applied` record undone,
/// last first: transactions undo exactly), the logged ones carried out in order, and the
/// pending ones carried out again on the result. An operation of this screen's that comes back
/// in the log is no longer pending; if the rules refused it, `Receipt.refusals` says so, for a
/// notice. Pure: the database, the fake log of the tests and the app's thread all feed it the same way.
public struct SyncEngine: Sendable {
    /// An operation of this screen's the log has not returned yet.
    public struct Pending: Sendable {
        public var operation: SharedOperation
        /// What carrying it out on the current map did (the rules may have trimmed it).
        public var applied: Transaction
        /// Handed to the network at least once.
        public var sent = false
    }

    /// What a batch of logged operations did to the map on screen.
    public struct Receipt: Sendable {
        /// Other screens' operations as carried out, in order (to glide what they moved).
        public var remote: [Transaction] = []
        /// This screen's operations the rules refused, with why.
        public var refusals: [(label: String, refusal: SyncRules.Refusal)] = []
        /// Deleted nodes an edit brought back.
        public var restored: [NodeID] = []
        /// Nodes whose text another screen changed.
        public var retexted: Set<NodeID> = []
        /// Text this screen committed that another screen's later edit replaced: the node, the
        /// words replaced, and the screen whose edit it was.
        public var replacedOwnText: [(node: NodeID, mine: String, by: Int64)] = []
        /// What the screen derived from the map the log left (a tidy map laid out again), as
        /// carried out: every screen derives the same from the same map, so it is sent nowhere
        /// and undone by nobody.
        public var settled: Transaction?
    }

    public let client: Int64
    public private(set) var confirmedSeq: Int64
    public private(set) var pending: [Pending] = []
    public private(set) var tombstones = Tombstones()
    /// `tombstones` and what this screen's pending operations deleted, in order: a pending
    /// operation is carried out against these, as the log will carry it out after them. (Against
    /// the confirmed ones alone, bringing back a node an earlier pending step deleted used that
    /// node's older record — another place among its siblings, older words, or none — and the
    /// shortcut in `receive` kept that while every other screen used the newer one.)
    private var pendingTombstones = Tombstones()
    private var nextClientSeq: Int64 = 1
    /// The text this screen last gave each node (with when, to forget the oldest past
    /// `ownTextLimit`), so an edit from elsewhere that replaces it can be told.
    private var ownTexts: [NodeID: (text: String, order: Int)] = [:]
    private var ownTextCount = 0
    /// How many nodes' own texts are remembered: the ones a person typed in lately.
    static let ownTextLimit = 256

    /// A session `client` of a map whose log this screen has applied up to `confirmedSeq`.
    /// A session resumed from a journal continues its numbering after `lastClientSeq`.
    /// `tombstones`: the nodes the log deleted up to `confirmedSeq` (as the opening gathered
    /// them): without them a late edit of a deleted node would bring it back on the screens that
    /// saw the delete and not on this one.
    public init(client: Int64, confirmedSeq: Int64, lastClientSeq: Int64 = 0, tombstones: Tombstones = Tombstones()) {
        self.client = client
        self.confirmedSeq = confirmedSeq
        nextClientSeq = lastClientSeq + 1
        self.tombstones = tombstones
        pendingTombstones = tombstones
    }

    /// The node and edge numbers a session makes new things with: a block of 2³² per client,
    /// so two screens never make the same ID (the numbers a map was shared with are below 2³²).
    public static func numbering(forClient client: Int64) -> Range<Int> {
        let block = Int(max(1, min(client, 1 << 30)))
        return (block << 32)..<((block + 1) << 32)
    }

    /// Records a transaction already carried out on the map on screen (a workspace commit).
    @discardableResult
    public mutating func recordLocal(_ transaction: Transaction) -> SharedOperation? {
        guard !transaction.isEmpty else { return nil }
        let operation = SharedOperation(client: client, clientSeq: nextClientSeq, transaction: transaction)
        nextClientSeq += 1
        pending.append(Pending(operation: operation, applied: transaction))
        for case .remove(let fragment) in transaction.changes { pendingTombstones.bury(fragment) }
        remember(transaction.changes)
        return operation
    }

    /// Carries out `changes` by the rules on the map on screen and records them (undo and redo
    /// on a shared map, where the map may have moved on since the step was made). `id`: the
    /// identity of a change made earlier that this session carries on (an adopted journal's);
    /// nil for a change made now.
    @discardableResult
    public mutating func carryOutLocal(_ changes: [Change], label: String, id: String? = nil, on document: inout Document,
                                       sizing: NodeSizing) -> Transaction {
        var scratch = pendingTombstones
        let outcome = SyncRules.carryOut(changes, label: label, on: &document, tombstones: &scratch, sizing: sizing)
        guard !outcome.transaction.isEmpty else { return outcome.transaction }
        pendingTombstones = scratch
        // why: what is sent is what was meant; every screen adapts it to the map it meets.
        let operation = SharedOperation(client: client, clientSeq: nextClientSeq, id: id,
                                        transaction: Transaction(label: label, carrying: changes))
        nextClientSeq += 1
        pending.append(Pending(operation: operation, applied: outcome.transaction))
        remember(outcome.transaction.changes)
        return outcome.transaction
    }

    /// Notes the texts `changes` give nodes as this screen's own.
    private mutating func remember(_ changes: [Change]) {
        for change in changes {
            switch change {
            case .setText(let id, _, let to):
                ownTextCount += 1
                ownTexts[id] = (to, ownTextCount)
            case .insert(let fragment):
                for item in fragment.nodes where !item.node.text.isEmpty {
                    ownTextCount += 1
                    ownTexts[item.node.id] = (item.node.text, ownTextCount)
                }
            default:
                break
            }
        }
        if ownTexts.count > Self.ownTextLimit {
            let cut = ownTexts.values.map(\.order).sorted()[ownTexts.count - Self.ownTextLimit]
            ownTexts = ownTexts.filter { $0.value.order >= cut }
        }
    }

    /// The pending operations not handed to the network yet, now marked as sent.
    public mutating func takeUnsent() -> [SharedOperation] {
        var unsent: [SharedOperation] = []
        for k in pending.indices where !pending[k].sent {
            unsent.append(pending[k].operation)
            pending[k].sent = true
        }
        return unsent
    }

    /// Takes back every pending operation from the map on screen (last first) and forgets them:
    /// the server refuses this screen's changes, so the screen shows the map as the log has it.
    /// Returns how many there were.
    @discardableResult
    public mutating func discardPending(on document: inout Document, sizing: NodeSizing) -> Int {
        let count = pending.count
        for item in pending.reversed() { item.applied.undo(on: &document, sizing: sizing) }
        pending = []
        pendingTombstones = tombstones
        return count
    }

    /// This screen's changes the log held already when they were sent (`SharedMapMail.alreadyLogged`,
    /// by identity): their effect is in the confirmed map, so they leave the pending list; the
    /// pending ones are taken back and those left carried out again, as `receive` does.
    public mutating func alreadyLogged(_ ids: [String], on document: inout Document, sizing: NodeSizing) {
        let known = Set(ids)
        guard pending.contains(where: { known.contains($0.operation.id) }) else { return }
        for item in pending.reversed() { item.applied.undo(on: &document, sizing: sizing) }
        pending.removeAll { known.contains($0.operation.id) }
        carryOutPendingAgain(on: &document, sizing: sizing)
    }

    /// Carries the pending operations out again, in order, on the map as it now is (after they
    /// were taken back and the log's were carried out, or some left the list).
    private mutating func carryOutPendingAgain(on document: inout Document, sizing: NodeSizing) {
        var scratch = tombstones
        for k in pending.indices {
            let transaction = pending[k].operation.transaction
            pending[k].applied = SyncRules.carryOut(transaction.changes, label: transaction.label, on: &document,
                                                    tombstones: &scratch, sizing: sizing).transaction
        }
        pendingTombstones = scratch
    }

    /// Carries out what an earlier session could not send (its journal) as this session's own,
    /// each keeping its identity, so one the server had already is known when it comes back.
    public mutating func adopt(_ operations: [SharedOperation], on document: inout Document, sizing: NodeSizing) {
        for operation in operations {
            carryOutLocal(operation.transaction.changes, label: operation.transaction.label, id: operation.id, on: &document, sizing: sizing)
        }
    }

    /// After a reconnect nobody knows which sends arrived: all pending ones go again (the server
    /// keeps each (client, client_seq) once).
    public mutating func resendAll() {
        for k in pending.indices { pending[k].sent = false }
    }

    /// Carries out the logged operations this screen has not seen under its pending ones.
    /// `logged` is the log's tail after some seq, as the store fetches it (every operation of the
    /// map after that seq, up to its last, in any order); ones already seen are ignored. The
    /// pending ones are taken back, the logged ones carried out, and the
    /// pending ones that are still pending carried out again on the result.
    ///
    /// `settling` is asked, once other screens' operations were carried out, for what the map
    /// they left implies on every screen alike (a tidy map's layout); it is carried out last
    /// and recorded in `Receipt.settled`.
    @discardableResult
    public mutating func receive(_ logged: [LoggedOperation], on document: inout Document, sizing: NodeSizing,
                                 settling: (Document) -> Change? = { _ in nil }) -> Receipt {
        var fresh = logged.filter { $0.seq > confirmedSeq }.sorted { $0.seq < $1.seq }[...]
        var receipt = Receipt()
        // why: the common case, this screen's own operations coming back in order with nothing
        // between them: each was carried out on the confirmed map as it now stands, so carrying it
        // out again would do the same. It only leaves the pending list (and buries what it deleted).
        while let entry = fresh.first, let first = pending.first, first.operation.id == entry.operation.id,
              !first.applied.isEmpty {
            for case .remove(let fragment) in first.applied.changes { tombstones.bury(fragment) }
            pending.removeFirst()
            confirmedSeq = entry.seq
            fresh = fresh.dropFirst()
        }
        guard !fresh.isEmpty else { return receipt }
        for item in pending.reversed() { item.applied.undo(on: &document, sizing: sizing) }
        for entry in fresh where entry.seq > confirmedSeq {
            confirmedSeq = entry.seq
            let operation = entry.operation
            let outcome = SyncRules.carryOut(operation.transaction.changes, label: operation.transaction.label, on: &document,
                                             tombstones: &tombstones, sizing: sizing)
            receipt.restored += outcome.restored
            // why: by identity, not by numbers: a change carried on from an earlier session comes
            // back under the numbers it was first stored with.
            if let mine = pending.firstIndex(where: { $0.operation.id == operation.id }) {
                pending.remove(at: mine)
                if let refusal = outcome.refusal { receipt.refusals.append((operation.transaction.label, refusal)) }
            } else {
                receipt.remote.append(outcome.transaction)
                for case .setText(let id, let from, let to) in outcome.transaction.changes {
                    receipt.retexted.insert(id)
                    if let own = ownTexts[id], own.text == from, to != from {
                        receipt.replacedOwnText.append((id, own.text, operation.client))
                        ownTexts[id] = nil
                    }
                }
            }
        }
        carryOutPendingAgain(on: &document, sizing: sizing)
        if !receipt.remote.isEmpty, let settle = settling(document) {
            var settled = Transaction(label: "layout")
            settled.apply(settle, to: &document, sizing: sizing)
            receipt.settled = settled
        }
        return receipt
    }
}
