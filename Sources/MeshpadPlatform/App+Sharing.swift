import CSDL2
import Foundation
import MeshpadCore

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

/// The loop's side of a shared map: each pass hands this screen's operations to the network
/// thread and carries out what it brought, outside the undo history (`Workspace.receive`).
/// Nothing here waits on the network.
extension App {
    /// The network thread for `sharing`; its news wakes the idle loop with an SDL event.
    static func link(for sharing: SharedSession) -> SharedMapLink {
        let wakeEvent = SDL_RegisterEvents(1)
        return SharedMapLink(address: sharing.address, mapID: sharing.opened.mapID, after: sharing.opened.seq) {
            // why: 0xFFFFFFFF means SDL had no event numbers left; the loop still wakes within a second.
            guard wakeEvent != UInt32.max else { return }
            var event = SDL_Event()
            event.type = wakeEvent
            SDL_PushEvent(&event)
        }
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
        if let sharing = options.sharing, let mine = workspace.presenceToSend(name: sharing.personName) { sharedLink.send(mine) }
        keepJournal()
    }

    /// Writes the pending operations to the journal when they changed, on the journal's own
    /// queue (the loop does not wait on the disk); a failure is shown, since offline changes
    /// would then live in memory only.
    func keepJournal() {
        guard let journal = options.sharing?.journal, let pending = workspace.shared?.pending else { return }
        let signature = pending.map(\.operation.clientSeq)
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
