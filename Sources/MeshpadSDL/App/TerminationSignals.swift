import CSDL2
import Dispatch
import Foundation
import Synchronization

/// SIGTERM and SIGINT as a request to end the app cleanly, not a sudden death.
///
/// A logout, `systemctl stop`, a kiosk's restart script and Ctrl+C in the terminal send one of
/// them. The signals are set to be ignored and watched by `DispatchSourceSignal`s on a background
/// queue instead, so no handler interrupts the loop's thread and nothing global is written: the
/// watcher records the signal and pushes an SDL user event (`SDL_PushEvent` is thread-safe), which
/// wakes a loop blocked in `SDL_WaitEventTimeout` at once. The loop reads `received` and ends.
///
/// Created once a process, by what runs a long loop (the app, a realtime replay); never in the
/// test process, whose own Ctrl+C must keep working. A signal already ignored when it is created
/// (a background job's SIGINT, set by the shell that started it) stays ignored.
@MainActor
final class TerminationSignals {
    /// The signal received first, or nil.
    nonisolated var received: Int32? { request.received }

    private let request = Request()
    private var sources: [any DispatchSourceSignal] = []

    init() {
        let wakeEvent = SDL_RegisterEvents(1)
        let request = request
        for signal in [SIGTERM, SIGINT] where meshpad_signal_is_ignored(signal) == 0 {
            // why: the default action would end the process without keeping anything. On Linux,
            // libdispatch replaces this with its own handler when the source is registered (it
            // blocks the signal and sends it on to its manager thread's signalfd).
            Foundation.signal(signal, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signal, queue: .global(qos: .userInitiated))
            source.setEventHandler(handler: Self.handler(for: signal, recordingIn: request, waking: wakeEvent))
            source.resume()
            sources.append(source)
        }
    }

    /// What runs on the watcher's queue when `signal` arrives. Made outside `init` so that it is
    /// not isolated to the main actor (the runtime would stop the process for running it elsewhere).
    private nonisolated static func handler(for signal: Int32, recordingIn request: Request,
                                            waking wakeEvent: UInt32) -> @Sendable () -> Void {
        {
            request.record(signal)
            // why: 0xFFFFFFFF means SDL had no event numbers left; the loop still wakes within a
            // second on its own timeout.
            guard wakeEvent != UInt32.max else { return }
            var event = SDL_Event()
            event.type = wakeEvent
            event.user.code = signal
            SDL_PushEvent(&event)
        }
    }

    isolated deinit {
        // why: the signals stay with libdispatch's handler (it installs one a process, for good),
        // so a later watcher in the same process still hears them.
        sources.forEach { $0.cancel() }
    }

    /// The signal number, written on the watcher's queue and read on the loop's.
    private final class Request: Sendable {
        private let signal = Atomic<Int32>(0)

        var received: Int32? {
            let value = signal.load(ordering: .acquiring)
            return value == 0 ? nil : value
        }

        func record(_ number: Int32) {
            // The first one counts: a second Ctrl+C while the first is handled changes nothing.
            _ = signal.compareExchange(expected: 0, desired: number, ordering: .acquiringAndReleasing)
        }
    }
}
