import Foundation
import MeshpadCore
import Synchronization

/// The network side of a shared map: a thread of its own that sends this screen's operations,
/// listens for the map's NOTIFY and fetches what it has not seen, so the loop never waits on the
/// database.
///
/// The loop hands operations over with `send` and collects the log's new ones with `take`; both
/// only touch a mutex-guarded mailbox. The thread keeps what it sent until the log returns it,
/// and sends it again after a reconnect (the server keeps each change once), so a dropped
/// connection loses nothing. It fetches when the map's NOTIFY says there is news, not on a
/// timer; it reconnects after a pause that doubles with jitter (`pause(afterFailures:)`), and a
/// refusal for want of privilege makes it stop sending (`Status.readOnly`), not reconnect. It
/// says how it is through `Mail.status`. `onActivity` is called from the thread when there is
/// news (the app pushes an SDL event, waking its idle loop).
public final class SharedMapLink: SharedMapChannel {
    public typealias Status = SharedMapStatus
    public typealias Mail = SharedMapMail

    private struct Box {
        var mail = Mail()
        var outgoing: [SharedOperation] = []
        /// The latest word on this screen's person; only the latest matters.
        var outgoingPresence: Presence?
        var stopping = false
        var running = false
    }

    public let address: DatabaseAddress
    public let mapID: Int64
    private let startSeq: Int64
    /// Where a spare session number is kept for opening the map offline.
    private let journals: SharedJournals?
    private let onActivity: @Sendable () -> Void
    private let box = Mutex(Box())
    /// A pipe whose read end the thread polls beside the database socket: a byte wakes it.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let finished = DispatchSemaphore(value: 0)

    public init(address: DatabaseAddress, mapID: Int64, after seq: Int64, journals: SharedJournals? = nil,
                onActivity: @escaping @Sendable () -> Void = {}) {
        self.address = address
        self.mapID = mapID
        startSeq = seq
        self.journals = journals
        self.onActivity = onActivity
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        stop()
        close(wakeRead)
        close(wakeWrite)
    }

    /// Starts the thread (once).
    public func start() {
        let starting = box.withLock { box in
            defer { box.running = true }
            return !box.running
        }
        guard starting else { return }
        let thread = Thread { [self] in
            self.run()
            self.finished.signal()
        }
        thread.name = "meshpad shared map"
        thread.start()
    }

    /// Stops the thread and waits for it (at most two seconds: a connect in progress may hang).
    public func stop() {
        let wasRunning = box.withLock { box in
            defer { box.stopping = true }
            return box.running && !box.stopping
        }
        guard wasRunning else { return }
        wake()
        _ = finished.wait(timeout: .now() + 2)
    }

    /// Hands operations to the thread to send.
    public func send(_ operations: [SharedOperation]) {
        guard !operations.isEmpty else { return }
        box.withLock { $0.outgoing += operations }
        wake()
    }

    /// Tells the other screens where this screen's person works (sent as soon as the thread can;
    /// a newer word replaces one not sent yet, and none is kept while offline).
    public func send(_ presence: Presence) {
        box.withLock { $0.outgoingPresence = presence }
        wake()
    }

    /// What arrived since the last call, and the status now.
    public func take() -> Mail {
        box.withLock { box in
            let mail = box.mail
            box.mail.operations = []
            box.mail.presence = []
            box.mail.alreadyLogged = []
            return mail
        }
    }


    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private var isStopping: Bool { box.withLock { $0.stopping } }

    private func post(_ operations: [LoggedOperation] = [], status: Status? = nil, presence: [Presence] = [],
                      alreadyLogged: [String] = []) {
        box.withLock { box in
            box.mail.operations += operations
            box.mail.presence += presence
            box.mail.alreadyLogged += alreadyLogged
            if let status { box.mail.status = status }
        }
        onActivity()
    }

    /// Keeps a spare session number for opening the map offline, if none is kept: a session
    /// that opened offline used the last one, and without a new one the next offline start
    /// would be refused although nothing waits to be sent. Best effort: the session runs without.
    private func keepSpare(_ store: SharedMapStore) {
        guard let journals, !journals.hasSpare else { return }
        do {
            try journals.keepSpare(try store.newClient())
        } catch {
            Log.notice("cannot keep a session number for opening shared map \(mapID) offline: \(error)")
        }
    }

    /// The longest pause between two attempts to reconnect, and how long the thread waits for a
    /// notification before it fetches anyway (a NOTIFY lost with a connection that dropped
    /// silently is caught up then).
    static let longestPause = 30.0
    static let fetchAnywayAfter = 30.0

    /// The pause before reconnecting after `failures` failed attempts in a row: doubling from a
    /// quarter second up to `longestPause`, each drawn between half and all of that ("equal
    /// jitter"), so screens that lost one server together do not all come back at one instant.
    static func pause(afterFailures failures: Int, random: Double = Double.random(in: 0...1)) -> Double {
        let ceiling = min(longestPause, 0.25 * pow(2, Double(max(0, min(failures - 1, 16)))))
        return ceiling * (0.5 + 0.5 * min(max(random, 0), 1))
    }

    /// The thread: connect, then send, fetch and wait until stopped; on any failure, wait and
    /// connect again. It fetches when told to by the map's NOTIFY (or after sending, or every
    /// `fetchAnywayAfter` seconds), not on a timer. A refusal for want of privilege stops the
    /// sending for good (`Status.readOnly`) and the thread goes on only listening.
    private func run() {
        var lastSeq = startSeq
        var unconfirmed: [SharedOperation] = []
        var failures = 0
        var refused: String?
        while !isStopping {
            do throws(SharedMapError) {
                let connection = try PGConnection(address)
                let store = SharedMapStore(connection: connection)
                let mapChannel = SharedSchema.channel(ofMap: mapID)
                try connection.listen(mapChannel)
                let presenceChannel = SharedSchema.presenceChannel(ofMap: mapID)
                try connection.listen(presenceChannel)
                if refused == nil { keepSpare(store) }
                post(status: refused.map(Status.readOnly) ?? .online)
                var resend = unconfirmed
                var fetchDue = true
                while !isStopping {
                    let fresh = box.withLock { box in
                        defer { box.outgoing = [] }
                        return box.outgoing
                    }
                    if refused == nil {
                        // why: kept before sending, so a send that fails half-way is sent again after the reconnect.
                        unconfirmed += fresh
                        do throws(SharedMapError) {
                            var earlier: [String] = []
                            for operation in resend + fresh {
                                // why: a seq the fetch has passed will not come back; the screen
                                // must hear that its change is in the log all the same.
                                if try store.append(operation, toMap: mapID) <= lastSeq { earlier.append(operation.id) }
                                fetchDue = true
                            }
                            if !earlier.isEmpty {
                                unconfirmed.removeAll { earlier.contains($0.id) }
                                post(alreadyLogged: earlier)
                            }
                        } catch {
                            guard case .notPermitted = error else { throw error }
                            refused = error.description
                            unconfirmed = []
                            post(status: .readOnly(error.description))
                        }
                        resend = []
                    }
                    if let presence = box.withLock({ box in
                        defer { box.outgoingPresence = nil }
                        return box.outgoingPresence
                    }), let payload = presence.payload() {
                        try connection.execute("SELECT pg_notify($1, $2)", [presenceChannel, payload], doing: "telling the other screens where you work")
                    }
                    if fetchDue {
                        var batch = try store.operations(ofMap: mapID, after: lastSeq)
                        while !batch.isEmpty {
                            lastSeq = batch[batch.count - 1].seq
                            let seen = Set(batch.map(\.operation.id))
                            unconfirmed.removeAll { seen.contains($0.id) }
                            post(batch)
                            batch = batch.count < 2000 ? [] : try store.operations(ofMap: mapID, after: lastSeq)
                        }
                        fetchDue = false
                        // why: only a connection that sent and fetched counts as back: one that
                        // connects and fails at once must not reconnect four times a second.
                        failures = 0
                    }
                    if box.withLock({ !$0.outgoing.isEmpty }) { continue }
                    /// Posts the presence heard; whether the map has news (a map channel's payload,
                    /// the new seq, only says there is some: the fetch gets it all).
                    func hear(_ notifications: [PGConnection.Notification]) -> Bool {
                        let heard = notifications.filter { $0.channel == presenceChannel }.compactMap { Presence(payload: $0.payload) }
                        if !heard.isEmpty { post(presence: heard) }
                        return notifications.contains { $0.channel == mapChannel }
                    }
                    // why: a NOTIFY that arrives during a query (the fetch, an append) is read into
                    // libpq's own queue with the query's results; the socket then has nothing left
                    // to wake poll() for, and the news would wait for the next one, or for
                    // fetchAnywayAfter (30 s). A test saw exactly that under load.
                    if hear(try connection.takeNotifications()) {
                        fetchDue = true
                        continue
                    }
                    let waitStart = Date()
                    _ = connection.waitForInput(seconds: Self.fetchAnywayAfter, orReadable: wakeRead)
                    var drain = [UInt8](repeating: 0, count: 64)
                    while read(wakeRead, &drain, drain.count) > 0 {}
                    if hear(try connection.takeNotifications())
                        || Date().timeIntervalSince(waitStart) >= Self.fetchAnywayAfter - 0.01 { fetchDue = true }
                }
            } catch {
                failures += 1
                post(status: .offline(error.description))
                let deadline = Date(timeIntervalSinceNow: Self.pause(afterFailures: failures))
                while !isStopping, Date() < deadline { usleep(50_000) }
            }
        }
    }
}

/// Opening a shared map: its snapshot with the log after it carried out, and a session number.
public enum SharedMapOpening {
    public typealias Opened = SharedMapOpened

    /// `journals`: what earlier sessions on this machine could not send (`SharedJournals.abandoned`);
    /// it is sent first (each at most once, by its own client number) and each journal removed
    /// once the server has it. A journal that cannot be read is left in place and named.
    ///
    /// A map whose log runs more than `compactingAfter` operations past its snapshot gets a new
    /// snapshot written (best effort: a read-only role cannot, and the map opens all the same),
    /// so the next opening does not carry them all out again.
    public static func open(_ shared: SharedMapName, journals: SharedJournals? = nil,
                            compactingAfter: Int64 = 1000) throws(SharedMapError) -> Opened {
        let store = SharedMapStore(connection: try PGConnection(shared.address))
        let snapshot = try store.snapshot(of: shared.name)
        let mayWrite = try store.mayWrite()
        // why: a role that may only read cannot send what earlier sessions kept; the journals
        // stay for a screen that may.
        for journal in mayWrite ? journals?.abandoned() ?? [] : [] {
            let unsent: [SharedOperation]
            do {
                unsent = try journal.read()
            } catch {
                throw .failed(address: shared.address.redacted, doing: "resending changes kept offline", detail: error.description)
            }
            for operation in unsent { try store.append(operation, toMap: snapshot.mapID) }
            journal.remove()
        }
        var document = snapshot.document
        // why: sizes are derived again when the map is shown; the rules need some sizing to undo with.
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        var engine = SyncEngine(client: 0, confirmedSeq: snapshot.seq, tombstones: snapshot.tombstones)
        var batch = try store.operations(ofMap: snapshot.mapID, after: snapshot.seq)
        while !batch.isEmpty {
            engine.receive(batch, on: &document, sizing: sizing)
            batch = try store.operations(ofMap: snapshot.mapID, after: engine.confirmedSeq)
        }
        // why: the nodes the log changed were sized with the stand-in above (its default shape an
        // ellipse); a window that trusts sizes measured as read would draw them so.
        document.forgetSizes()
        if let journals, !journals.hasSpare, let spare = try? store.newClient() {
            // why: a number for an opening while the database is away; only the server hands them out.
            do throws(FormatError) {
                try journals.keepSpare(spare)
            } catch {
                Log.notice("cannot keep a session number for opening '\(shared.name)' offline: \(error.description)")
            }
        }
        if engine.confirmedSeq - snapshot.seq > compactingAfter {
            do throws(SharedMapError) {
                try store.compact(map: snapshot.mapID, to: document, at: engine.confirmedSeq, graves: engine.tombstones)
            } catch {
                Log.notice("the shared map '\(shared.name)' opens from an old snapshot (\(engine.confirmedSeq - snapshot.seq) operations to carry out each time): \(error.description)")
            }
        }
        let readOnly = mayWrite ? nil
            : "the database at \(shared.address.redacted) lets this screen read the shared map '\(shared.name)' but not change it"
        return Opened(document: document, mapID: snapshot.mapID, seq: engine.confirmedSeq, client: try store.newClient(),
                      readOnly: readOnly, tombstones: engine.tombstones)
    }

    /// Opens the map from the database, or from this machine's copy when the database cannot be
    /// reached (with `journals` only: the app keeps copies, tests and scripts do not).
    public static func openOnlineOrOffline(_ shared: SharedMapName, journals: SharedJournals?) throws(SharedMapError) -> Opened {
        do {
            return try open(shared, journals: journals)
        } catch {
            guard case .unreachable = error, let journals else { throw error }
            return try openOffline(shared, journals: journals, reason: error.description)
        }
    }

    /// Opens the map from this machine's copy when the database cannot be reached (`reason`):
    /// the copy, the spare session number (taken: one offline opening per spare), and the
    /// journals earlier sessions left, for the session to carry out as its own.
    public static func openOffline(_ shared: SharedMapName, journals: SharedJournals, reason: String) throws(SharedMapError) -> Opened {
        let copy: SharedOfflineCopy
        do {
            guard let kept = try journals.keptCopy() else { throw SharedMapError.noOfflineCopy(name: shared.name, reason: reason) }
            copy = kept
        } catch let error as SharedMapError {
            throw error
        } catch {
            throw .noOfflineCopy(name: shared.name, reason: "\(reason) (the copy here cannot be read: \(error))")
        }
        let document: Document
        do {
            document = try copy.document()
        } catch {
            throw .noOfflineCopy(name: shared.name, reason: "\(reason) (the copy here is not a valid map: \(error))")
        }
        guard let client = journals.takeSpare() else { throw .offlineCopyUsed(name: shared.name, reason: reason) }
        return Opened(document: document, mapID: copy.map, seq: copy.seq, client: client, offline: reason,
                      adopting: journals.abandoned(), tombstones: copy.graves ?? Tombstones())
    }
}
