/// One person's transaction on a shared map, as it travels: who made it, their count of it,
/// the change's own identity, and the transaction itself (its `Change`s with stable IDs, the
/// record undo already keeps).
///
/// `id` is given when the change is made (the session and count it was first made under,
/// "client.clientSeq") and never changes: a change carried on by a later session (a journal
/// adopted by an offline opening) is sent under that session's numbers with its first `id`, so
/// the server keeps it once however often, and under whatever numbers, it is sent. The server
/// answers the seq it already gave, and a screen recognises its change in the log by `id`.
public struct SharedOperation: Equatable, Sendable, Codable {
    /// The session that sends it (a number the server hands out, never reused).
    public var client: Int64
    /// 1, 2, 3… within that session.
    public var clientSeq: Int64
    /// The change's identity from the moment it was made.
    public var id: String
    public var transaction: Transaction

    public init(client: Int64, clientSeq: Int64, id: String? = nil, transaction: Transaction) {
        self.client = client
        self.clientSeq = clientSeq
        self.id = id ?? Self.identity(client: client, clientSeq: clientSeq)
        self.transaction = transaction
    }

    /// The identity of a change first made as `clientSeq` of session `client`; client numbers
    /// are never reused, so it is unique for good.
    public static func identity(client: Int64, clientSeq: Int64) -> String { "\(client).\(clientSeq)" }

    private enum CodingKeys: String, CodingKey { case client, clientSeq, id, transaction }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        client = try container.decode(Int64.self, forKey: .client)
        clientSeq = try container.decode(Int64.self, forKey: .clientSeq)
        // why: journals written before changes carried an identity: theirs is the numbers they were made under.
        id = try container.decodeIfPresent(String.self, forKey: .id) ?? Self.identity(client: client, clientSeq: clientSeq)
        transaction = try container.decode(Transaction.self, forKey: .transaction)
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
