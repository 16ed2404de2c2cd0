import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// A shared map to open in the app: where it is and what `SharedMapOpening` found.
public struct SharedSession: Sendable {
    public var address: DatabaseAddress
    public var name: String
    public var opened: SharedMapOpening.Opened
    /// Where this session keeps its unsent changes on disk; nil keeps them in memory only (tests, replays without `--autosave`).
    public var journal: SharedJournal?
    /// The name other screens show on this screen's person's ring.
    public var personName: String
    /// Where this map's journals and its offline copy are kept on this machine (nil: nowhere).
    public var journals: SharedJournals?

    public init(address: DatabaseAddress, name: String, opened: SharedMapOpening.Opened, journals: SharedJournals? = nil,
                personName: String? = nil) {
        self.address = address
        self.name = name
        self.opened = opened
        self.journals = journals
        self.journal = journals?.session(client: opened.client)
        self.personName = personName ?? Presence.defaultName(environment: ProcessInfo.processInfo.environment, client: opened.client)
    }
}

extension SharedSession {
    /// The session without the map as the server gave it: the app keeps only what it needs
    /// after starting (the map's number and sequence, the journals). The workspace has the map;
    /// a copy held here for the app's life would be a second node array once the map is edited.
    var withoutTheMapAsOpened: SharedSession {
        var session = self
        session.opened.document = Document(rootText: "")
        return session
    }
}

/// What the database answered for the Open dialog, waiting for the loop.
final class SharedMapsMailbox: Sendable {
    struct Mail: Sendable {
        var list: Result<[String], SharedMapError>?
        var opened: (name: String, result: Result<SharedMapOpening.Opened, SharedMapError>)?
        /// A shared map is being opened: a second tap waits for it.
        var opening = false
    }

    let box = Mutex(Mail())
}

/// The loop's side of a shared map: each pass hands this screen's operations to the network
/// thread and carries out what it brought, outside the undo history (`Workspace.receive`).
/// Nothing here waits on the network.
extension App {
    /// The network thread for `sharing`; its news wakes the idle loop with an SDL event.
    static func link(for sharing: SharedSession, wakeEvent: UInt32) -> SharedMapLink {
        SharedMapLink(address: sharing.address, mapID: sharing.opened.mapID, after: sharing.opened.seq) {
            wake(wakeEvent)
        }
    }

    /// Pushes `wakeEvent` from any thread, so the idle loop runs a pass.
    nonisolated static func wake(_ wakeEvent: UInt32) {
        // why: 0xFFFFFFFF means SDL had no event numbers left; the loop still wakes within a second.
        guard wakeEvent != UInt32.max else { return }
        var event = SDL_Event()
        event.type = wakeEvent
        SDL_PushEvent(&event)
    }

    func serviceSharing() {
        guard let sharedLink else { return }
        let mail = sharedLink.take()
        if !mail.operations.isEmpty { workspace.receive(mail.operations) }
        if !mail.presence.isEmpty { workspace.hear(mail.presence) }
        if mail.status != sharedStatus {
            switch mail.status {
            case .offline(let why):
                workspace.show(Banner(message: "Offline — changes kept on this screen and sent when the database is back (\(why))"))
            case .online where sharedStatus != .connecting:
                workspace.show(Banner(message: "Back online: changes sent", expiresAt: time + 2.5))
            default:
                break
            }
            sharedStatus = mail.status
        }
        sharedLink.send(workspace.takeOperationsToSend())
        if let sharing, let mine = workspace.presenceToSend(name: sharing.personName) { sharedLink.send(mine) }
        keepJournal()
    }

    /// Writes the pending operations to the journal when they changed, on the journal's own
    /// queue (the loop does not wait on the disk); a failure is shown, since offline changes
    /// would then live in memory only.
    func keepJournal() {
        guard let journal = sharing?.journal, let pending = workspace.shared?.pending else { return }
        // why: checked every loop pass; the list only grows at its end and shrinks anywhere, so
        // its length and its ends tell a change without walking it.
        let signature: [Int64] = [Int64(pending.count), pending.first?.operation.clientSeq ?? 0, pending.last?.operation.clientSeq ?? 0]
        guard signature != journaledSeqs else { return }
        journaledSeqs = signature
        let operations = pending.map(\.operation)
        journalQueue.async {
            do throws(FormatError) {
                try journal.write(operations)
            } catch {
                Log.error("cannot keep unsent changes on disk: \(error.description)")
            }
        }
    }

    /// Waits for the journal's writes (a quit).
    func flushJournal() {
        journalQueue.sync {}
    }

    /// Waits (at most `seconds`) until the server has ordered every operation this screen made:
    /// a replay's end, so what it did reaches the other screens before it exits.
    func finishSharing(seconds: Double) -> Bool {
        guard sharedLink != nil else { return true }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            serviceSharing()
            if workspace.shared?.pending.isEmpty ?? true { return true }
            usleep(5_000)
        }
        return false
    }
}

/// Shared maps from the Open dialog: listed and opened off the loop (a database may be slow or
/// away; the window keeps drawing and the person is told), then shown in place of the map.
extension App {
    /// Asks the database for its maps on a queue of its own; the answer comes back through `sharedMapsMail`.
    func listSharedMaps() {
        guard let address = options.sharedDatabase else { return }
        let mail = sharedMapsMail, wakeEvent = wakeEvent
        DispatchQueue.global(qos: .userInitiated).async {
            let answer: Result<[String], SharedMapError>
            do throws(SharedMapError) {
                answer = .success(try SharedMapStore(connection: try PGConnection(address)).mapNames())
            } catch {
                answer = .failure(error)
            }
            mail.box.withLock { $0.list = answer }
            App.wake(wakeEvent)
        }
    }

    /// Opens the shared map `name` off the loop (sending what earlier sessions here left unsent first).
    func startOpeningShared(_ name: String) {
        guard let address = options.sharedDatabase else { return }
        let starting = sharedMapsMail.box.withLock { mail in
            defer { mail.opening = true }
            return !mail.opening
        }
        guard starting else { return }
        workspace.show(Banner(message: "Opening the shared map \(name)…"))
        let shared = SharedMapName(address: address, name: name)
        let journals = sharedJournals(for: shared)
        let mail = sharedMapsMail, wakeEvent = wakeEvent
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<SharedMapOpening.Opened, SharedMapError>
            do throws(SharedMapError) {
                result = .success(try SharedMapOpening.openOnlineOrOffline(shared, journals: journals))
            } catch {
                result = .failure(error)
            }
            mail.box.withLock { $0.opened = (name, result) }
            App.wake(wakeEvent)
        }
    }

    /// Where a shared map opened from the Open dialog keeps its journals and offline copy (nil: a replay that does not).
    private func sharedJournals(for shared: SharedMapName) -> SharedJournals? {
        options.keepsSharedJournal ? SharedJournals(store: RecoveryStore.standard(), map: shared) : nil
    }

    /// Carries out what the database answered, on the loop.
    func serviceSharedMapsMail() {
        let mail = sharedMapsMail.box.withLock { mail in
            defer {
                mail.list = nil
                if mail.opened != nil { mail.opening = false }
                mail.opened = nil
            }
            return mail
        }
        if let list = mail.list { workspace.showSharedMaps(list) }
        guard let (name, result) = mail.opened, let address = options.sharedDatabase else { return }
        switch result {
        case .success(let opened):
            show(SharedSession(address: address, name: name, opened: opened,
                               journals: sharedJournals(for: SharedMapName(address: address, name: name)), personName: options.personName))
        case .failure(let error):
            Log.error(error.description)
            fileEvent(.sharedOpenFailed(name: name, reason: error.description))
        }
    }

    /// Shows a shared map in place of the map shown, with its own network thread.
    func show(_ session: SharedSession) {
        var document = session.opened.document
        document.prepareForDisplay(with: sizing(withPicturesOf: document, mapPath: nil), layout: canvas.painter.scene.theme.treeLayout)
        autosaveWriter.waitUntilIdle()
        leaveSharedMap()
        workspace.replaceDocument(document)
        autosave.markWritten(document.revision)
        launchDocument = nil
        sharing = session.withoutTheMapAsOpened
        let link = Self.link(for: session, wakeEvent: wakeEvent)
        sharedLink = link
        sharedStatus = .connecting
        journaledSeqs = [0, 0, 0]
        fileEvent(.openedShared(name: session.name, revision: document.revision))
        beginSharing(session, on: link)
    }

    /// Starts `session` on `link`: the workspace's engine; what earlier sessions left unsent,
    /// taken by an offline opening, carried out as this session's own; opened from the server,
    /// a copy of the map kept for opening it offline (written off the loop), else the offline banner.
    func beginSharing(_ session: SharedSession, on link: SharedMapLink) {
        workspace.startSharing(SyncEngine(client: session.opened.client, confirmedSeq: session.opened.seq))
        let adopting = session.opened.adopting
        if !adopting.isEmpty {
            workspace.adopt(adopting.flatMap { (try? $0.read()) ?? [] })
            keepJournal()
            flushJournal()
            // why: only once this session's journal holds them.
            if session.journal != nil { adopting.forEach { $0.remove() } }
        }
        if session.opened.offline == nil, let journals = session.journals {
            let copy = SharedOfflineCopy(map: session.opened.mapID, seq: session.opened.seq, document: session.opened.document)
            journalQueue.async { Self.keep(copy, in: journals) }
        }
        link.start()
        if let why = session.opened.offline {
            workspace.show(Banner(message: "Offline — opened the copy kept on this machine; changes are kept and sent when the database is back (\(why))"))
        }
    }

    /// Keeps the map as the server has ordered it so far, for opening it offline (a quit, another map opened).
    func keepOfflineCopy() {
        guard let sharing, let journals = sharing.journals, let (document, seq) = workspace.confirmedSharedMap() else { return }
        let copy = SharedOfflineCopy(map: sharing.opened.mapID, seq: seq, document: document)
        journalQueue.async { Self.keep(copy, in: journals) }
    }

    nonisolated static func keep(_ copy: SharedOfflineCopy, in journals: SharedJournals) {
        do throws(FormatError) {
            try journals.keep(copy)
        } catch {
            Log.error("cannot keep a copy of the shared map for opening it offline: \(error.description)")
        }
    }

    /// Stops the shared map's network thread at the end (it wakes the loop with SDL events, so it
    /// must be gone before SDL quits).
    public func stopSharing() {
        sharedLink?.stop()
    }

    /// Stops sharing the map shown (another map takes its place): what it has not sent stays in its journal.
    func leaveSharedMap() {
        guard let link = sharedLink else { return }
        serviceSharing()
        keepOfflineCopy()
        link.stop()
        flushJournal()
        sharedLink = nil
        sharing = nil
    }
}
