/// One person's transaction on a shared map, as it travels: who made it, their count of it,
/// and the transaction itself (its `Change`s with stable IDs, the record undo already keeps).
///
/// `(client, clientSeq)` makes a resend harmless: the server keeps the first and answers the
/// same `seq` again, and a client skips any seq it has already applied.
public struct SharedOperation: Equatable, Sendable, Codable {
    /// The session that made it (a number the server hands out, never reused).
    public var client: Int64
    /// 1, 2, 3… within that session.
    public var clientSeq: Int64
    public var transaction: Transaction

    public init(client: Int64, clientSeq: Int64, transaction: Transaction) {
        self.client = client
        self.clientSeq = clientSeq
        self.transaction = transaction
    }
}

/// An operation as the server ordered it: `seq` is its place in the map's log.
public struct LoggedOperation: Equatable, Sendable {
    public var seq: Int64
    public var operation: SharedOperation

    public init(seq: Int64, operation: SharedOperation) {
        self.seq = seq
        self.operation = operation
    }
}
