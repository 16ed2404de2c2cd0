import Foundation

/// The tables a shared map lives in, and how they are created and upgraded, version by version.
///
/// `migrations[k]` takes the schema from version k to k+1; `meshpad db init` runs the missing
/// steps in one transaction and records the version in `meshpad_schema`. A Meshpad refuses a
/// version newer than `version` (it would misread the tables) and asks for `db init` on an
/// older one. Every name starts with `meshpad_`, so the tables can share a database.
///
/// The server orders operations and keeps them once: `meshpad_append` takes a per-map row lock,
/// so a map's sequence numbers commit in the order they are handed out (a reader that has seen
/// seq N never later meets a smaller one), returns the seq already given when the same change
/// is sent again (the same `change_id`, `SharedOperation.id`, under any client number; or the
/// same (client, client_seq)), and notifies `meshpad_map_<id>` with the new seq only.
/// Every client applies the log with the same deterministic rules (`SyncRules`), so the
/// nodes and edges tables, with the map row's layout mode, graves and presentations, are a
/// snapshot at `snapshot_seq`, not a second authority.
public enum SharedSchema {
    /// The version this Meshpad reads and writes.
    public static let version = 3

    /// The statement that makes the version table, run before anything else.
    public static let versionTable = "CREATE TABLE IF NOT EXISTS meshpad_schema (version integer NOT NULL)"

    /// The channel a map's new sequence numbers are announced on.
    public static func channel(ofMap id: Int64) -> String { "meshpad_map_\(id)" }

    /// The channel a map's screens say where their people work on (`Presence`, never logged).
    public static func presenceChannel(ofMap id: Int64) -> String { "meshpad_presence_\(id)" }

    /// What opening a shared map with a schema of version `found` means: nil when it can be used.
    public static func problem(found: Int?, address: String) -> SharedMapError? {
        guard let found else { return .noSchema(address: address) }
        if found > version { return .schemaTooNew(address: address, found: found, known: version) }
        if found < version { return .schemaTooOld(address: address, found: found, known: version) }
        return nil
    }

    public static let migrations: [String] = [
        """
        CREATE TABLE meshpad_maps (
            id bigserial PRIMARY KEY,
            name text NOT NULL UNIQUE,
            root_node bigint NOT NULL,
            layout_mode text NOT NULL DEFAULT 'free' CHECK (layout_mode IN ('free', 'tree')),
            snapshot_seq bigint NOT NULL DEFAULT 0,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE meshpad_nodes (
            map bigint NOT NULL REFERENCES meshpad_maps ON DELETE CASCADE,
            id bigint NOT NULL,
            place integer NOT NULL,
            text text NOT NULL,
            x double precision NOT NULL,
            y double precision NOT NULL,
            folded boolean NOT NULL DEFAULT false,
            -- the rest of the node as the document codes it (style, details, attributes)
            content jsonb,
            PRIMARY KEY (map, id)
        );
        CREATE TABLE meshpad_edges (
            map bigint NOT NULL REFERENCES meshpad_maps ON DELETE CASCADE,
            id bigint NOT NULL,
            place integer NOT NULL,
            from_node bigint NOT NULL,
            to_node bigint NOT NULL,
            kind text NOT NULL CHECK (kind IN ('tree', 'link')),
            -- a link's look as the document codes it (arrows, labels, colour, width, dash)
            look jsonb,
            PRIMARY KEY (map, id)
        );
        CREATE TABLE meshpad_ops (
            seq bigserial PRIMARY KEY,
            map bigint NOT NULL REFERENCES meshpad_maps ON DELETE CASCADE,
            client bigint NOT NULL,
            client_seq bigint NOT NULL,
            op jsonb NOT NULL,
            made_at timestamptz NOT NULL DEFAULT now(),
            UNIQUE (map, client, client_seq)
        );
        CREATE INDEX meshpad_ops_by_map ON meshpad_ops (map, seq);
        CREATE SEQUENCE meshpad_clients;
        CREATE FUNCTION meshpad_append(p_map bigint, p_client bigint, p_client_seq bigint, p_op jsonb)
        RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE
            v_seq bigint;
        BEGIN
            PERFORM 1 FROM meshpad_maps WHERE id = p_map FOR UPDATE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'there is no shared map %', p_map USING ERRCODE = 'no_data_found';
            END IF;
            IF jsonb_typeof(p_op) IS DISTINCT FROM 'object' OR jsonb_typeof(p_op -> 'changes') IS DISTINCT FROM 'array' THEN
                RAISE EXCEPTION 'an operation is an object with a list of changes' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            SELECT seq INTO v_seq FROM meshpad_ops WHERE map = p_map AND client = p_client AND client_seq = p_client_seq;
            IF FOUND THEN
                RETURN v_seq;
            END IF;
            INSERT INTO meshpad_ops (map, client, client_seq, op) VALUES (p_map, p_client, p_client_seq, p_op)
                RETURNING seq INTO v_seq;
            PERFORM pg_notify('meshpad_map_' || p_map, v_seq::text);
            RETURN v_seq;
        END
        $$;
        """,
        // 1 → 2: a change's identity from when it was made, so a change sent again under another
        // session's number (a journal carried on after a crash) is kept once; and the snapshot's
        // deleted nodes, so a screen opening after a compaction brings one back on a late edit
        // as the others do.
        """
        ALTER TABLE meshpad_maps ADD COLUMN graves jsonb;
        ALTER TABLE meshpad_ops ADD COLUMN change_id text;
        UPDATE meshpad_ops SET change_id = client || '.' || client_seq;
        ALTER TABLE meshpad_ops ALTER COLUMN change_id SET NOT NULL;
        CREATE UNIQUE INDEX meshpad_ops_by_change ON meshpad_ops (map, change_id);
        DROP FUNCTION meshpad_append(bigint, bigint, bigint, jsonb);
        CREATE FUNCTION meshpad_append(p_map bigint, p_client bigint, p_client_seq bigint, p_change text, p_op jsonb)
        RETURNS bigint LANGUAGE plpgsql AS $$
        DECLARE
            v_seq bigint;
        BEGIN
            PERFORM 1 FROM meshpad_maps WHERE id = p_map FOR UPDATE;
            IF NOT FOUND THEN
                RAISE EXCEPTION 'there is no shared map %', p_map USING ERRCODE = 'no_data_found';
            END IF;
            IF jsonb_typeof(p_op) IS DISTINCT FROM 'object' OR jsonb_typeof(p_op -> 'changes') IS DISTINCT FROM 'array' THEN
                RAISE EXCEPTION 'an operation is an object with a list of changes' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            IF p_change IS NULL OR length(p_change) = 0 OR length(p_change) > 100 THEN
                RAISE EXCEPTION 'a change needs an identity of 1 to 100 characters' USING ERRCODE = 'invalid_parameter_value';
            END IF;
            SELECT seq INTO v_seq FROM meshpad_ops
                WHERE map = p_map AND (change_id = p_change OR (client = p_client AND client_seq = p_client_seq));
            IF FOUND THEN
                RETURN v_seq;
            END IF;
            INSERT INTO meshpad_ops (map, client, client_seq, change_id, op) VALUES (p_map, p_client, p_client_seq, p_change, p_op)
                RETURNING seq INTO v_seq;
            PERFORM pg_notify('meshpad_map_' || p_map, v_seq::text);
            RETURN v_seq;
        END
        $$;
        """,
        // 2 → 3: the snapshot's presentations (a map's slides, as `[Presentation]` encodes them),
        // so a map shared with slides keeps them and a screen opening after a compaction has the
        // slide changes logged before it. NULL in maps stored before: they had no slides kept.
        """
        ALTER TABLE meshpad_maps ADD COLUMN presentations jsonb;
        """,
    ]
}

/// A snapshot's map as the tables or this machine's copy hold it.
extension SharedSchema {
    /// The map a snapshot stands for: its nodes, edges, root and layout mode checked as a file's
    /// are (`Document.init(restoring:…)`), with its presentations.
    public static func snapshotDocument(nodes: consuming [Node], edges: [Edge], rootID: NodeID, layoutMode: Document.LayoutMode,
                                        presentations: [Presentation]) throws(DocumentError) -> Document {
        var document = try Document(restoring: nodes, edges: edges, rootID: rootID, layoutMode: layoutMode)
        // why: restored with the map as a file's slides are (`NativeFormat`), not a change: the
        // log's slide changes after the snapshot start from these.
        document.presentations = presentations
        return document
    }

    /// The presentations the `presentations` column holds, from its JSON (nil: NULL, a map
    /// stored before schema 3, which has none). JSON that is not a list of presentations, or a
    /// slide's condition that is not well-formed XML (a `.mm` written from the map would carry
    /// it as it is; `NativeFormat` refuses a file with one), gives none, with `problem` saying
    /// why: the map opens without its slides rather than not at all.
    public static func presentations(stored json: String?) -> (presentations: [Presentation], problem: String?) {
        guard let json else { return ([], nil) }
        let presentations: [Presentation]
        do {
            presentations = try JSONDecoder().decode([Presentation].self, from: Data(json.utf8))
        } catch {
            return ([], "they are not a list of presentations (\(error))")
        }
        let conditions = presentations.flatMap(\.slides).compactMap(\.conditionXML)
        guard NativeFormat.isWellFormed(conditions) else { return ([], "a slide's condition is not well-formed XML") }
        return (presentations, nil)
    }
}
