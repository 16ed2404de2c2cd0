import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// Following over a real PostgreSQL (`TestCluster`): a panel presents, a tablet follows it, and
/// each screen is the app's own `Session` with its own network thread (`SharedMapLink`), turned
/// as the app's loop turns it — only without a window.
@Suite(.serialized) struct SharedMapFollowTests {
    /// A windowless screen on a shared map: the session, its link, and the loop's clock.
    final class Screen {
        var session: Session
        let link: SharedMapLink
        private let started = Date()
        private var stepped = 0.0

        init(_ shared: SharedMapName, person: String, size: Vec2) throws {
            let opened = try SharedMapOpening.open(shared)
            let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
            var document = opened.document
            document.measureAll(with: sizing)
            session = Session(workspace: Workspace(document: document, viewportSize: size, sizing: sizing), file: nil, settings: Session.Settings())
            link = SharedMapLink(address: shared.address, mapID: opened.mapID, after: opened.seq)
            carry(session.start(sharing: (SharedSession(name: shared.name, opened: opened, personName: person), opened), at: 0))
            link.start()
        }

        deinit { link.stop() }

        var now: Double { Date().timeIntervalSince(started) }
        var workspace: Workspace { session.workspace }
        var dump: StateDump { StateDump(session.workspace) }

        /// What the app would do with the session's effects, as far as sharing goes.
        func carry(_ effects: [Session.Effect]) {
            for effect in effects {
                switch effect {
                case .send(let operations): link.send(operations)
                case .sendPresence(let presence): link.send(presence)
                default: break
                }
            }
        }

        /// One turn of the loop: timed things, the link's mail, fixed steps up to now.
        func turn() {
            let time = now
            carry(session.tick(at: time))
            carry(session.report(.sharedMail(link.take()), at: time))
            while stepped + 1.0 / 120 <= time {
                session.step(bySeconds: 1.0 / 120)
                stepped += 1.0 / 120
            }
        }

        func perform(_ action: Action) {
            carry(session.perform(action))
        }

        /// A finger's tap on what shows `words` (a button, a dialog's choice), found in the state
        /// dump as an end-to-end test finds it.
        func tap(_ words: String) throws {
            let control = try #require(dump.controls.first { $0.label == words }, "no \(words) in \(dump.controls.map(\.label))")
            tap(at: Vec2(control.rect[0] + control.rect[2] / 2, control.rect[1] + control.rect[3] / 2))
        }

        func tap(at point: Vec2) {
            carry(session.handle(.fingerDown(id: 1, position: point), at: now))
            carry(session.handle(.fingerUp(id: 1, position: point), at: now + 0.05))
        }

        /// This screen, at rest, shows the middle of what `other` shows.
        func frames(_ other: Screen) -> Bool {
            let camera = workspace.view.camera
            return !workspace.isAnimating
                && camera.mapPoint(ofScreen: workspace.measures.viewportSize / 2).distance(to: other.workspace.presenterView.center) < 1
        }
    }

    /// Turns every screen's loop until `done`, for at most `seconds`; whether it was done.
    @discardableResult
    static func pump(_ screens: [Screen], seconds: Double = 10, until done: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            screens.forEach { $0.turn() }
            if done() { return true }
            usleep(10_000)
        }
        return false
    }

    /// The classroom: the panel presents, the tablet follows its slides; a touch on the tablet
    /// lets it wander, and "Follow again" brings it back. The panel knows how many follow.
    @Test func aTabletFollowsThePanelsSlidesThroughTheDatabaseAndThePanelCountsIt() throws {
        let cluster = try TestCluster()
        let (_, shared) = try SharedMapLiveTests.sharedSample(in: cluster)
        let panel = try Screen(shared, person: "Ana", size: Vec2(1280, 800))
        let tablet = try Screen(shared, person: "Bo", size: Vec2(800, 1100))
        let both = [panel, tablet]
        #expect(Self.pump(both) { both.allSatisfy { $0.session.sharing?.status == .online } }, "both screens reach the database")

        panel.perform(.present)
        #expect(panel.workspace.panels.presenting != nil)
        #expect(Self.pump(both) { tablet.workspace.presence.present.contains { $0.name == "Ana" } }, "the tablet hears the panel present")
        tablet.perform(.followPresenter)
        try tablet.tap("Follow Ana — presenting")
        #expect(tablet.dump.following == "Ana")
        #expect(Self.pump(both) { tablet.frames(panel) && panel.dump.followers == 1 },
                "the tablet shows the panel's slide; the panel counts it: \(panel.dump.followers)")

        panel.perform(.nextSlide)
        #expect(Self.pump(both) { tablet.workspace.panels.followedSlide?.index == 1 && tablet.frames(panel) }, "the tablet follows to slide 2")

        // A touch on the tablet's map: it looks around on its own, and the panel hears it.
        tablet.tap(at: Vec2(400, 550))
        #expect(tablet.dump.following == nil)
        #expect(tablet.dump.banner == "Stopped following Ana")
        #expect(Self.pump(both) { panel.dump.followers == 0 }, "the panel no longer counts the tablet")

        // The panel stops presenting; the tablet follows again all the same, and the panel's
        // status line says so.
        panel.perform(.endPresentation)
        try tablet.tap("Follow again")
        func status(_ screen: Screen) -> [String] { screen.dump.controls.filter { $0.role == "status" }.map(\.label) }
        #expect(Self.pump(both) { status(panel) == ["1 following"] }, "the panel says it is followed: \(status(panel))")
        #expect(Self.pump(both) { tablet.frames(panel) && status(tablet) == ["Following Ana"] },
                "the tablet shows the panel's view, and says whose: \(status(tablet))")
    }
}
