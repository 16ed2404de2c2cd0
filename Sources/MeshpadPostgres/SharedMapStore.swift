import Foundation
import MeshpadCore

/// A shared map's rows: putting a map into the database, reading its snapshot and its
/// operation log, and appending to the log.
///
/// The snapshot (`meshpad_nodes`, `meshpad_edges`, in array order by `place`, with the map row's
/// root, layout mode, graves and presentations) is the map as it stood at `snapshot_seq`; the
/// log holds everything after. Nodes, edges and presentations travel as the same JSON the
/// `.meshpad` format and the change records use (`Node`, `Edge`, `Presentation` Codable), so a
/// 100,000-node map is one statement each way.
public struct SharedMapStore {
    public let connection: PGConnection

    public init(connection: PGConnection) {
        self.connection = connection
    }

    /// A shared map as the database holds it: its ID, its snapshot and the seq it stands at.
    public struct Snapshot: Sendable {
        public var mapID: Int64
        public var document: Document
        public var seq: Int64
        /// The nodes the log deleted before `seq` (kept with the snapshot since schema 2).
        public var tombstones = Tombstones()
    }

    private var address: String { connection.address.redacted }

    /// Puts `document` into the database as the shared map `name`; refuses a name in use.
    @discardableResult
    public func share(_ document: Document, as name: String) throws(SharedMapError) -> Int64 {
        try SharedMapDatabase(connection: connection).checkSchema()
        let doing = "sharing map '\(name)'"
        let nodes = try Self.json(document.nodes, doing: doing, address: address)
        let edges = try Self.json(document.edges, doing: doing, address: address)
        let presentations = try Self.json(document.presentations, doing: doing, address: address)
        return try connection.inTransaction(doing: doing) { () throws(SharedMapError) -> Int64 in
            let taken = try connection.execute("SELECT 1 FROM meshpad_maps WHERE name = $1", [name], doing: doing)
            guard taken.isEmpty else { throw .mapExists(name: name, address: address) }
            let rows = try connection.execute(
                "INSERT INTO meshpad_maps (name, root_node, layout_mode, presentations) VALUES ($1, $2, $3, $4::jsonb) RETURNING id",
                [name, String(document.rootID.rawValue), document.layoutMode.rawValue, presentations], doing: doing)
            guard let id = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else {
                throw .failed(address: address, doing: doing, detail: "no map ID came back")
            }
            try insertRows(map: id, nodes: nodes, edges: edges, doing: doing)
            return id
        }
    }

    /// Writes `document`, the map `id` as it stands at log position `seq`, as its snapshot, so
    /// opening it no longer carries out the log up to there. False (nothing written) when the
    /// snapshot is that new already. The log stays whole: an old operation sent again is still
    /// known by its (client, client_seq), and a screen that is behind still fetches what it missed.
    @discardableResult
    public func compact(map id: Int64, to document: Document, at seq: Int64, graves: Tombstones = Tombstones()) throws(SharedMapError) -> Bool {
        let doing = "writing a newer snapshot of a shared map"
        let nodes = try Self.json(document.nodes, doing: doing, address: address)
        let edges = try Self.json(document.edges, doing: doing, address: address)
        let buried = try Self.json(graves, doing: doing, address: address)
        let presentations = try Self.json(document.presentations, doing: doing, address: address)
        return try connection.inTransaction(doing: doing) { () throws(SharedMapError) -> Bool in
            // why: FOR UPDATE, as an append takes it: no operation is ordered while the snapshot changes.
            let rows = try connection.execute("SELECT snapshot_seq FROM meshpad_maps WHERE id = $1 FOR UPDATE", [String(id)], doing: doing)
            guard let current = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }), current < seq else { return false }
            try connection.execute("DELETE FROM meshpad_nodes WHERE map = $1", [String(id)], doing: doing)
            try connection.execute("DELETE FROM meshpad_edges WHERE map = $1", [String(id)], doing: doing)
            try insertRows(map: id, nodes: nodes, edges: edges, doing: doing)
            // why: the snapshot's graves, so an opener after it brings a deleted node back on a late
            // edit as the screens that saw the delete do; its presentations, so it has the slide
            // changes logged before it.
            try connection.execute("""
                UPDATE meshpad_maps SET snapshot_seq = $2, root_node = $3, layout_mode = $4, graves = $5::jsonb, presentations = $6::jsonb
                WHERE id = $1
                """, [String(id), String(seq), String(document.rootID.rawValue), document.layoutMode.rawValue, buried, presentations],
                doing: doing)
            return true
        }
    }

    /// The snapshot rows of map `id` from the nodes' and edges' JSON (as `Node` and `Edge` code themselves).
    func insertRows(map id: Int64, nodes: String, edges: String, doing: String) throws(SharedMapError) {
        try connection.execute("""
            INSERT INTO meshpad_nodes (map, id, place, text, x, y, folded, content)
            SELECT $1, (n->>'id')::bigint, place - 1, n->>'text', (n->'position'->>0)::float8, (n->'position'->>1)::float8,
                   coalesce((n->>'folded')::boolean, false), nullif(n - 'id' - 'text' - 'position' - 'folded', '{}'::jsonb)
            FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(n, place)
            """, [String(id), nodes], doing: doing)
        try connection.execute("""
            INSERT INTO meshpad_edges (map, id, place, from_node, to_node, kind, look)
            SELECT $1, (e->>'id')::bigint, place - 1, (e->>'from')::bigint, (e->>'to')::bigint, e->>'kind',
                   nullif(e - 'id' - 'from' - 'to' - 'kind', '{}'::jsonb)
            FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS t(e, place)
            """, [String(id), edges], doing: doing)
    }

    /// The shared map `name`'s snapshot; the log after `seq` still has to be applied.
    public func snapshot(of name: String) throws(SharedMapError) -> Snapshot {
        try SharedMapDatabase(connection: connection).checkSchema()
        let doing = "reading map '\(name)'"
        return try connection.inTransaction(doing: doing) { () throws(SharedMapError) -> Snapshot in
            // why: one repeatable view of the map, nodes and edges, however busy the log is.
            try connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ", doing: doing)
            let maps = try connection.execute(
                "SELECT id, root_node, layout_mode, snapshot_seq, graves, presentations FROM meshpad_maps WHERE name = $1",
                [name], doing: doing)
            guard let map = maps.first, map.count == 6, let id = map[0].flatMap({ Int64($0) }),
                  let root = map[1].flatMap({ Int($0) }), let seq = map[3].flatMap({ Int64($0) }) else {
                throw .noSuchMap(name: name, address: address)
            }
            // why: rows, not one JSON array: a 100k-node map came back as JSON that JSONDecoder read
            // node by node in ~1 s. Plain nodes and links are made from their columns; only those
            // with more (a style, details, attributes; a link's look) go through Codable, in one batch.
            let nodeRows = try connection.execute("""
                SELECT id, text, x, y, folded,
                       CASE WHEN content IS NULL THEN NULL ELSE (jsonb_build_object('id', id, 'text', text,
                            'position', jsonb_build_array(x, y), 'folded', folded) || content)::text END
                FROM meshpad_nodes WHERE map = $1 ORDER BY place
                """, [String(id)], doing: doing)
            let edgeRows = try connection.execute("""
                SELECT id, from_node, to_node, kind,
                       CASE WHEN look IS NULL THEN NULL ELSE (jsonb_build_object('id', id, 'from', from_node, 'to', to_node,
                            'kind', kind) || look)::text END
                FROM meshpad_edges WHERE map = $1 ORDER BY place
                """, [String(id)], doing: doing)
            let nodes = try Self.nodes(nodeRows, map: name, address: address)
            let edges = try Self.edges(edgeRows, map: name, address: address)
            // why: slides that cannot be read cost the slides, not the map: it opens without them, and says so.
            let (presentations, problem) = SharedSchema.presentations(stored: map[5])
            if let problem {
                Log.notice("the shared map '\(name)' opens without its slides: those stored with it in the database at \(address) cannot be read: \(problem)")
            }
            let document: Document
            do {
                document = try SharedSchema.snapshotDocument(nodes: nodes, edges: edges, rootID: NodeID(root),
                                                             layoutMode: map[2] == Document.LayoutMode.tree.rawValue ? .tree : .free,
                                                             presentations: presentations)
            } catch {
                throw .failed(address: address, doing: doing, detail: "the stored map is not valid: \(error)")
            }
            let graves = try map[4].map { text throws(SharedMapError) in try Self.decode(Tombstones.self, text, what: "the deleted nodes of map '\(name)'", address: address) }
            return Snapshot(mapID: id, document: document, seq: seq, tombstones: graves ?? Tombstones())
        }
    }

    /// The map's operations after `seq`, in order, at most `limit`.
    public func operations(ofMap map: Int64, after seq: Int64, limit: Int = 2000) throws(SharedMapError) -> [LoggedOperation] {
        let rows = try connection.execute(
            "SELECT seq, client, client_seq, change_id, op FROM meshpad_ops WHERE map = $1 AND seq > $2 ORDER BY seq LIMIT $3",
            [String(map), String(seq), String(limit)], doing: "reading the changes of shared map \(map)")
        var found: [LoggedOperation] = []
        found.reserveCapacity(rows.count)
        let decoder = JSONDecoder()
        for row in rows {
            guard row.count == 5, let seq = row[0].flatMap({ Int64($0) }), let client = row[1].flatMap({ Int64($0) }),
                  let clientSeq = row[2].flatMap({ Int64($0) }), let id = row[3] else { continue }
            let transaction: Transaction
            do {
                transaction = try decoder.decode(Transaction.self, from: Data((row[4] ?? "").utf8))
            } catch {
                throw .unreadableOperation(seq: seq, map: String(map), detail: "\(error)")
            }
            found.append(LoggedOperation(seq: seq, operation: SharedOperation(client: client, clientSeq: clientSeq, id: id, transaction: transaction)))
        }
        return found
    }

    /// Appends an operation to the map's log (once, however often and under whatever numbers it
    /// is sent: by its identity) and returns its seq.
    @discardableResult
    public func append(_ operation: SharedOperation, toMap map: Int64) throws(SharedMapError) -> Int64 {
        let doing = "saving a change to shared map \(map)"
        let op = try Self.json(operation.transaction, doing: doing, address: address)
        let rows = try connection.execute("SELECT meshpad_append($1, $2, $3, $4, $5::jsonb)",
                                          [String(map), String(operation.client), String(operation.clientSeq), operation.id, op],
                                          doing: doing)
        guard let seq = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else {
            throw .failed(address: address, doing: doing, detail: "no sequence number came back")
        }
        return seq
    }

    /// The names of the shared maps this connection may read, in order.
    public func mapNames() throws(SharedMapError) -> [String] {
        try SharedMapDatabase(connection: connection).checkSchema()
        return try connection.execute("SELECT name FROM meshpad_maps ORDER BY lower(name), name", doing: "listing the shared maps")
            .compactMap { $0.first.flatMap { $0 } }
    }

    /// Whether this connection's role may add to the log (a role granted only SELECT may not).
    public func mayWrite() throws(SharedMapError) -> Bool {
        let rows = try connection.execute("SELECT has_table_privilege('meshpad_ops', 'INSERT')", doing: "asking what this screen may do")
        return rows.first?.first == "t"
    }

    /// A client number no session has had: new nodes are numbered in its own range.
    public func newClient() throws(SharedMapError) -> Int64 {
        let rows = try connection.execute("SELECT nextval('meshpad_clients')", doing: "joining a shared map")
        guard let client = rows.first?.first.flatMap({ $0 }).flatMap({ Int64($0) }) else {
            throw .failed(address: address, doing: "joining a shared map", detail: "no client number came back")
        }
        return client
    }

    private static func json(_ value: some Encodable, doing: String, address: String) throws(SharedMapError) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw .failed(address: address, doing: doing, detail: "could not encode: \(error)")
        }
    }

    /// Nodes from `id, text, x, y, folded, full JSON or NULL` rows, in order.
    static func nodes(_ rows: [PGConnection.Row], map name: String, address: String) throws(SharedMapError) -> [Node] {
        let what = "the nodes of map '\(name)'"
        var nodes: [Node] = []
        nodes.reserveCapacity(rows.count)
        var rich: [(index: Int, json: String)] = []
        for row in rows {
            guard row.count == 6, let id = row[0].flatMap({ Int($0) }), let text = row[1],
                  let x = row[2].flatMap({ Double($0) }), let y = row[3].flatMap({ Double($0) }) else {
                throw .failed(address: address, doing: "reading \(what)", detail: "a row is not a node")
            }
            if let json = row[5] { rich.append((nodes.count, json)) }
            nodes.append(Node(id: NodeID(id), text: text, position: Vec2(x, y), folded: row[4] == "t"))
        }
        let decoded = try decode([Node].self, "[" + rich.map(\.json).joined(separator: ",") + "]", what: what, address: address)
        for (slot, node) in zip(rich, decoded) { nodes[slot.index] = node }
        return nodes
    }

    /// Edges from `id, from, to, kind, full JSON or NULL` rows, in order.
    static func edges(_ rows: [PGConnection.Row], map name: String, address: String) throws(SharedMapError) -> [Edge] {
        let what = "the links of map '\(name)'"
        var edges: [Edge] = []
        edges.reserveCapacity(rows.count)
        var rich: [(index: Int, json: String)] = []
        for row in rows {
            guard row.count == 5, let id = row[0].flatMap({ Int($0) }), let from = row[1].flatMap({ Int($0) }),
                  let to = row[2].flatMap({ Int($0) }), let kind = row[3].flatMap({ Edge.Kind(rawValue: $0) }) else {
                throw .failed(address: address, doing: "reading \(what)", detail: "a row is not a link")
            }
            if let json = row[4] { rich.append((edges.count, json)) }
            edges.append(Edge(id: EdgeID(id), from: NodeID(from), to: NodeID(to), kind: kind))
        }
        let decoded = try decode([Edge].self, "[" + rich.map(\.json).joined(separator: ",") + "]", what: what, address: address)
        for (slot, edge) in zip(rich, decoded) { edges[slot.index] = edge }
        return edges
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ text: String?, what: String, address: String) throws(SharedMapError) -> T {
        do {
            return try JSONDecoder().decode(type, from: Data((text ?? "[]").utf8))
        } catch {
            throw .failed(address: address, doing: "reading \(what)", detail: "\(error)")
        }
    }
}
