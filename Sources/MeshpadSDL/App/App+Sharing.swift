import CSDL2
import Foundation
import MeshpadCore
import Synchronization

/// What arrived off the loop (the database's answers for the Open dialog), waiting for it.
final class SharedMapsMailbox: Sendable {
    struct Mail: Sendable {
        var list: Result<[String], SharedMapError>?
        var opened: (name: String, result: Result<SharedMapOpened, SharedMapError>)?
    }

    let box = Mutex(Mail())

    /// What arrived since the last call.
    func take() -> Mail {
        box.withLock { mail in
            defer { mail = Mail() }
            return mail
        }
    }
}

/// Shared maps on the loop's side: the connection's news and the database's answers are taken
/// in once a turn, and the calls that may wait on the network are made off the loop. What they
/// mean is the session's to decide.
extension App {
    /// Takes in, once a turn, what arrived off the loop: the shared map's news, the database's
    /// answers for the Open dialog, and an autosave that failed.
    func takeArrivals(at time: Double) {
        if let channel { carry(session.report(.sharedMail(channel.take()), at: time)) }
        let mail = sharedMapsMail.take()
        if let list = mail.list { carry(session.report(.sharedMaps(list), at: time)) }
        if let (name, result) = mail.opened {
            carry(session.report(.sharedOpened(name: name, result.map { preparedForDisplay($0) }), at: time))
        }
        if let failure = autosaveWriter.takeError() { carry(session.report(.autosaveFailed(failure), at: time)) }
        for outcome in paperWriter.take() { carry(session.report(outcome, at: time)) }
    }

    /// Pushes `wakeEvent` from any thread, so the idle loop turns.
    nonisolated static func wake(_ wakeEvent: UInt32) {
        // why: 0xFFFFFFFF means SDL had no event numbers left; the loop still wakes within a second.
        guard wakeEvent != UInt32.max else { return }
        var event = SDL_Event()
        event.type = wakeEvent
        SDL_PushEvent(&event)
        // why: called from threads SDL did not make (the network thread, a queue's worker); what
        // SDL keeps per thread (an error message) is freed only by SDL_TLSCleanup before such a
        // thread ends, and LeakSanitizer found it lost when they did.
        SDL_TLSCleanup()
    }

    /// Connects this screen to a shared map: a channel of its own, which wakes the loop.
    func connect(_ shared: SharedSession) {
        guard let service = options.sharedMaps else {
            Log.error("the shared map \(shared.name) cannot be reached: no database is known")
            return
        }
        channel?.stop()
        let wakeEvent = wakeEvent
        let connection = service.channel(mapID: shared.mapID, after: shared.seq, journals: shared.journals) {
            App.wake(wakeEvent)
        }
        channel = connection
        connection.start()
    }

    /// Asks the database for its maps on a queue of its own; the answer arrives through `sharedMapsMail`.
    func listSharedMaps() {
        guard let service = options.sharedMaps else { return }
        let mail = sharedMapsMail, wakeEvent = wakeEvent
        DispatchQueue.global(qos: .userInitiated).async {
            let answer: Result<[String], SharedMapError>
            do throws(SharedMapError) {
                answer = .success(try service.mapNames())
            } catch {
                answer = .failure(error)
            }
            mail.box.withLock { $0.list = answer }
            App.wake(wakeEvent)
        }
    }

    /// Opens the shared map `name` off the loop (what earlier sessions here left unsent sent
    /// first); the map is prepared for display on the loop when it arrives.
    func startOpeningShared(_ name: String, journals: SharedJournals?) {
        guard let service = options.sharedMaps else { return }
        let mail = sharedMapsMail, wakeEvent = wakeEvent
        DispatchQueue.global(qos: .userInitiated).async {
            let result: Result<SharedMapOpened, SharedMapError>
            do throws(SharedMapError) {
                result = .success(try service.open(name, journals: journals))
            } catch {
                result = .failure(error)
            }
            mail.box.withLock { $0.opened = (name, result) }
            App.wake(wakeEvent)
        }
    }

    /// A shared map that arrived, measured with this window's fonts and laid out.
    func preparedForDisplay(_ opened: SharedMapOpened) -> SharedMapOpened {
        var prepared = opened
        prepared.document.prepareForDisplay(with: sizing(withPicturesOf: opened.document, mapFolder: nil),
                                            layout: canvas.painter.scene.theme.treeLayout)
        return prepared
    }

    /// Turns the loop (without drawing) until the server has ordered every operation this screen
    /// made, for at most `seconds`: a replay's end, so what it did reaches the other screens
    /// before it exits.
    public func finishSharing(seconds: Double) -> Bool {
        guard channel != nil else { return true }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            takeArrivals(at: time)
            if session.workspace.shared?.pending.isEmpty ?? true { return true }
            usleep(5_000)
        }
        return false
    }

    /// The shared map's connection status, as last reported.
    public var sharedStatus: SharedMapStatus? { session.sharing?.status }

    /// Stops the shared map's connection at the end (it wakes the loop with SDL events, so it
    /// must be gone before SDL quits), its journal written first.
    public func stopSharing() {
        carry(session.finish())
        channel?.stop()
        channel = nil
    }
}
