import Foundation

/// Where shared maps live, as the app sees it: list them, open one, connect a screen to it.
///
/// The PostgreSQL target implements it over libpq (`PostgresSharedMaps`); the core and the SDL
/// backend only know this protocol, so neither links libpq. Every call may block on the
/// network: the app makes them off its loop.
public protocol SharedMapService: Sendable {
    /// The database, its password redacted when shown.
    var address: DatabaseAddress { get }
    /// The names of the maps it holds.
    func mapNames() throws(SharedMapError) -> [String]
    /// The map as the log has it now, or (with `journals`) this machine's copy when the
    /// database cannot be reached. What earlier sessions here left unsent is sent first.
    func open(_ name: String, journals: SharedJournals?) throws(SharedMapError) -> SharedMapOpened
    /// A connection for one screen of an opened map; `wake` is called from its thread when
    /// there is news. Not started. With `journals`, each time it reaches the database it keeps a
    /// spare session number there if none is kept (the next opening offline needs one).
    func channel(mapID: Int64, after seq: Int64, journals: SharedJournals?, wake: @escaping @Sendable () -> Void) -> any SharedMapChannel
}

/// One screen's connection to a shared map: sends what the loop hands it, brings what the
/// log and the other screens say, and never makes the loop wait.
public protocol SharedMapChannel: AnyObject, Sendable {
    func start()
    /// Stops, waiting a little for the thread to end.
    func stop()
    func send(_ operations: [SharedOperation])
    func send(_ presence: Presence)
    /// What arrived since the last call, and the status now.
    func take() -> SharedMapMail
}

/// Whether a shared map's database can be reached now.
public enum SharedMapStatus: Equatable, Sendable {
    case connecting
    case online
    /// Unreachable; the text says why (redacted, for a banner).
    case offline(String)
    /// Reachable, but the database refuses this screen's changes (its role may only read);
    /// the text says why. Nothing more is sent.
    case readOnly(String)
}

/// What a shared map's connection has for the loop.
public struct SharedMapMail: Sendable {
    public var operations: [LoggedOperation] = []
    public var status: SharedMapStatus = .connecting
    /// What other screens said about their people, oldest first.
    public var presence: [Presence] = []
    /// This screen's changes the log already held when they were sent (at or before the log
    /// position already fetched, so they will not come back): by identity. A change carried on
    /// from a session that died after it was stored.
    public var alreadyLogged: [String] = []

    public init(operations: [LoggedOperation] = [], status: SharedMapStatus = .connecting, presence: [Presence] = []) {
        self.operations = operations
        self.status = status
        self.presence = presence
    }
}

/// A shared map as opened: the map as the log has it, its ID, the seq it stands at, and this
/// session's client number.
public struct SharedMapOpened: Sendable {
    public var document: Document
    public var mapID: Int64
    public var seq: Int64
    public var client: Int64
    /// Opened from this machine's copy: the database could not be reached (why).
    public var offline: String?
    /// Journals of earlier sessions an offline opening took (locked): the session carries out
    /// their changes as its own, then removes them.
    public var adopting: [SharedJournal]
    /// The database lets this screen's role read the map but not change it (why): the screen
    /// opens read-only, whatever it was asked.
    public var readOnly: String?
    /// The nodes the log deleted up to `seq`, for the session's engine (`SyncEngine.init`).
    public var tombstones: Tombstones

    public init(document: Document, mapID: Int64, seq: Int64, client: Int64, offline: String? = nil, adopting: [SharedJournal] = [],
                readOnly: String? = nil, tombstones: Tombstones = Tombstones()) {
        self.tombstones = tombstones
        self.document = document
        self.mapID = mapID
        self.seq = seq
        self.client = client
        self.offline = offline
        self.adopting = adopting
        self.readOnly = readOnly
    }
}

/// A shared map shown on this screen: which map, this session's number, who the person is
/// and where its unsent changes are kept.
public struct SharedSession: Sendable {
    public var name: String
    public var mapID: Int64
    /// The log position the map was opened at (the connection fetches what comes after).
    public var seq: Int64
    public var client: Int64
    /// Where this session keeps its unsent changes on disk; nil keeps them in memory only
    /// (tests, replays without `--autosave`).
    public var journal: SharedJournal?
    /// Where this map's journals and offline copy are kept on this machine (nil: nowhere).
    public var journals: SharedJournals?
    /// The name other screens show on this screen's person's ring.
    public var personName: String

    public init(name: String, opened: SharedMapOpened, journals: SharedJournals? = nil, personName: String? = nil) {
        self.name = name
        mapID = opened.mapID
        seq = opened.seq
        client = opened.client
        self.journals = journals
        journal = journals?.session(client: opened.client)
        self.personName = personName ?? Presence.defaultName(environment: ProcessInfo.processInfo.environment, client: opened.client)
    }
}
