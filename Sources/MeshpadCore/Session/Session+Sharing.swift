import Foundation

/// A shared map shown on this screen, as the loop sees it: its session and how its connection is.
public struct SharingState: Sendable {
    public var session: SharedSession
    /// The connection's status as last shown.
    public internal(set) var status = SharedMapStatus.connecting
    /// What the journal holds now (how many, the first and last client seq).
    var journaled: [Int64] = [0, 0, 0]
    /// Why the database refuses this screen's changes, once it has.
    var refusal: String?
    /// What the status line says about following, as last shown ("2 following").
    var followStatus: String?

    public init(session: SharedSession) {
        self.session = session
    }
}

/// The shared map the app was started on, while it cannot be opened (a wrong password, a server
/// not up yet, a map not there): how many tries failed, and when a kiosk, which tries by
/// itself, tries next.
struct AwaitedShared: Sendable {
    var name: String
    var failures = 0
    var nextAttempt: Double?
}

/// The loop's side of a shared map: each turn it takes what the connection brought, carries it
/// out outside the undo history (`Workspace.receive`), and hands over what this screen made.
/// Nothing here waits on the network; the platform's channel does the talking.
extension Session {
    /// What the status line says while a shared map's database cannot be reached.
    static let offlineStatus = "Offline — changes kept here"

    /// One turn's exchange with the connection: what it brought, then what to send.
    mutating func exchange(_ mail: SharedMapMail) -> [Effect] {
        guard var state = sharing else { return [] }
        if !mail.operations.isEmpty { workspace.receive(mail.operations) }
        if !mail.alreadyLogged.isEmpty { workspace.alreadyLogged(mail.alreadyLogged) }
        if !mail.presence.isEmpty { workspace.hear(mail.presence) }
        if mail.status != state.status {
            switch mail.status {
            case .offline(let why):
                workspace.showStatus(Self.offlineStatus, detail: "\(Self.offlineStatus): changes made here are kept on this screen and sent when the database is back (\(why))")
            case .readOnly(let why):
                state.refusal = why
                workspace.becomeReadOnly(because: why)
            case .online:
                // why: only a screen that had something to send says it was sent.
                if case .offline = state.status, workspace.shared?.pending.isEmpty == false {
                    workspace.show(Banner(message: "Back online: your changes are sent", expiresAt: now + 2.5))
                }
                workspace.showStatus(state.refusal == nil ? nil : "Read-only", detail: state.refusal.map { "Read-only: \($0)" } ?? "")
            case .connecting:
                break
            }
            state.status = mail.status
        }
        showFollowing(&state)
        sharing = state
        var effects: [Effect] = []
        let operations = workspace.takeOperationsToSend()
        if !operations.isEmpty { effects.append(.send(operations)) }
        if let mine = workspace.presenceToSend(name: state.session.personName) { effects.append(.sendPresence(mine)) }
        return effects + keepJournal()
    }

    /// Following in the status line: "Following Ana" on a following screen, "2 following" on
    /// a screen others follow while it is not presenting (a presentation's counter says it
    /// then). The connection's own words (offline, read-only) come first.
    private mutating func showFollowing(_ state: inout SharingState) {
        let count = workspace.followerCount
        var words: String?
        var detail = ""
        if let followed = workspace.panels.following {
            words = "Following \(followed.name)"
            detail = "\(followed.name)'s view shows here as it moves; touch the map to look around on your own"
        } else if count > 0, workspace.panels.presenting == nil {
            words = "\(count) following"
            detail = "\(count == 1 ? "1 screen follows" : "\(count) screens follow") yours: \(count == 1 ? "it shows" : "they show") what you show, as you move"
        }
        if case .offline = state.status { words = nil }
        if state.refusal != nil { words = nil }
        let shown = workspace.panels.status?.text
        if let words, words != shown, shown == nil || shown == state.followStatus {
            workspace.showStatus(words, detail: detail)
        } else if words == nil, let said = state.followStatus, shown == said {
            workspace.showStatus(nil)
        }
        state.followStatus = words
    }

    /// The pending operations, for the journal, when they changed since it was last written;
    /// the platform writes it off the loop (the loop does not wait on the disk).
    mutating func keepJournal() -> [Effect] {
        guard var state = sharing, let journal = state.session.journal, let pending = workspace.shared?.pending else { return [] }
        // why: checked every loop turn; the list only grows at its end and shrinks anywhere, so
        // its length and its ends tell a change without walking it.
        let signature: [Int64] = [Int64(pending.count), pending.first?.operation.clientSeq ?? 0, pending.last?.operation.clientSeq ?? 0]
        guard signature != state.journaled else { return [] }
        state.journaled = signature
        sharing = state
        return [.keepJournal(journal, pending.map(\.operation))]
    }

    /// The map as the server has ordered it so far, kept for opening it offline (a quit,
    /// another map opened).
    func keepOfflineCopy() -> [Effect] {
        guard let state = sharing, let journals = state.session.journals, let (document, seq, graves) = workspace.confirmedSharedMap() else { return [] }
        return [.keepOfflineCopy(SharedOfflineCopy(map: state.session.mapID, seq: seq, document: document, graves: graves), journals)]
    }

    /// Where a shared map opened from the Open dialog keeps its journals and offline copy (nil:
    /// a run that keeps none).
    func journals(forShared name: String) -> SharedJournals? {
        guard let store = settings.sharedJournals, let address = settings.sharedDatabase else { return nil }
        return SharedJournals(store: store, map: SharedMapName(address: address, name: name))
    }

    /// The pause before a kiosk tries again to open its shared map after `failures` failed
    /// tries: doubling from 2 s to a minute.
    static func retryPause(afterFailures failures: Int) -> Double {
        min(60, 2 * pow(2, Double(max(0, min(failures - 1, 10)))))
    }

    /// The shared map the app was started on could not be opened (`reason`). A person is asked,
    /// in a window, to try again or quit; a kiosk, with nobody to ask, says so in the status
    /// line, tries again by itself after a growing pause, and plays its demo meanwhile.
    mutating func awaitShared(_ name: String, reason: String) -> [Effect] {
        var awaited = awaitingShared ?? AwaitedShared(name: name)
        awaited.failures += 1
        if kiosk != nil {
            let pause = Self.retryPause(afterFailures: awaited.failures)
            awaited.nextAttempt = now + pause
            workspace.showStatus("Waiting for the shared map \(name)",
                                 detail: "Cannot open the shared map \(name) (tried \(awaited.failures) times; next in \(Int(pause)) s): \(reason)")
        } else {
            workspace.present(Dialog(kind: .sharedUnavailable(name: name), title: "Cannot open the shared map \(name)", message: reason))
        }
        awaitingShared = awaited
        return []
    }

    /// The file flow said to open the shared map `name`: it is opened off the loop.
    mutating func openShared(_ name: String) -> [Effect] {
        guard settings.sharedDatabase != nil, !openingShared else { return [] }
        openingShared = true
        workspace.show(Banner(message: "Opening the shared map \(name)…"))
        return [.openShared(name: name, journals: journals(forShared: name))]
    }

    /// Shows a shared map (prepared for display) in place of the map shown, with a connection of its own.
    mutating func showShared(_ session: SharedSession, opened: SharedMapOpened) -> [Effect] {
        var effects = leaveSharedMap()
        effects += replaceMap(with: opened.document)
        sharing = SharingState(session: session)
        effects += fileEvent(.openedShared(name: session.name, revision: workspace.document.revision))
        return effects + beginSharing(session, opened: opened)
    }

    /// Starts `session`: the workspace's engine; what earlier sessions left unsent (taken by an
    /// offline opening) carried out as this session's own; opened from the server, a copy of
    /// the map kept for opening it offline; else the offline banner.
    mutating func beginSharing(_ session: SharedSession, opened: SharedMapOpened) -> [Effect] {
        workspace.startSharing(SyncEngine(client: opened.client, confirmedSeq: opened.seq, tombstones: opened.tombstones))
        var effects: [Effect] = []
        if !opened.adopting.isEmpty {
            workspace.adopt(opened.adopting.flatMap { (try? $0.read()) ?? [] })
            effects += keepJournal()
            effects.append(.flushJournal)
            // why: only once this session's journal holds them.
            if session.journal != nil { effects.append(.removeJournals(opened.adopting)) }
        }
        if opened.offline == nil, let journals = session.journals {
            effects.append(.keepOfflineCopy(SharedOfflineCopy(map: opened.mapID, seq: opened.seq, document: opened.document,
                                                              graves: opened.tombstones), journals))
        }
        effects.append(.connect(session))
        if let why = opened.readOnly {
            sharing?.refusal = why
            workspace.becomeReadOnly(because: why)
        }
        if let why = opened.offline {
            workspace.showStatus(Self.offlineStatus, detail: "\(Self.offlineStatus): this is the copy kept on this machine; changes made here are kept and sent when the database is back (\(why))")
        }
        return effects
    }

    /// Stops sharing the map shown (another map takes its place): what it has not sent stays
    /// in its journal, and its connection stops.
    mutating func leaveSharedMap() -> [Effect] {
        guard sharing != nil else { return [] }
        var effects: [Effect] = []
        let operations = workspace.takeOperationsToSend()
        if !operations.isEmpty { effects.append(.send(operations)) }
        effects += keepJournal() + keepOfflineCopy() + [.disconnect, .flushJournal]
        sharing = nil
        return effects
    }

    /// Before the app ends normally: the journal and the copy for opening offline are written.
    public mutating func finish() -> [Effect] {
        keepJournal() + keepOfflineCopy() + [.flushJournal]
    }
}
