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

    public init(address: DatabaseAddress, name: String, opened: SharedMapOpening.Opened, journal: SharedJournal? = nil,
                personName: String? = nil) {
        self.address = address
        self.name = name
        self.opened = opened
        self.journal = journal
        self.personName = personName ?? Presence.defaultName(environment: ProcessInfo.processInfo.environment, client: opened.client)
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
        let journals = options.keepsSharedJournal ? SharedJournals(store: RecoveryStore.standard(), map: shared) : nil
        let mail = sharedMapsMail, wakeEvent = wakeEvent
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<SharedMapOpening.Opened, SharedMapError>
            do throws(SharedMapError) {
                result = .success(try SharedMapOpening.open(shared, journals: journals))
            } catch {
                result = .failure(error)
            }
            mail.box.withLock { $0.opened = (name, result) }
            App.wake(wakeEvent)
        }
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
                               journal: options.keepsSharedJournal
                                   ? SharedJournals(store: RecoveryStore.standard(), map: SharedMapName(address: address, name: name))
                                       .session(client: opened.client) : nil,
                               personName: options.personName))
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
        sharing = session
        let link = Self.link(for: session, wakeEvent: wakeEvent)
        sharedLink = link
        sharedStatus = .connecting
        journaledSeqs = [0, 0, 0]
        workspace.startSharing(SyncEngine(client: session.opened.client, confirmedSeq: session.opened.seq))
        link.start()
        fileEvent(.openedShared(name: session.name, revision: document.revision))
    }

    /// Stops sharing the map shown (another map takes its place): what it has not sent stays in its journal.
    func leaveSharedMap() {
        guard let link = sharedLink else { return }
        serviceSharing()
        link.stop()
        flushJournal()
        sharedLink = nil
        sharing = nil
    }
}
