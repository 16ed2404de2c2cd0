@testable import MeshpadCore
import Testing

/// Following another screen of a shared map: Bo's screen shows what Ana's shows, as it moves,
/// until Bo touches his own; "Follow again" brings him back. Presence goes from one workspace
/// to the other through its payload, as the session and the network hand it over.
@Suite struct FollowingTests {
    /// Ana (client 1, 800×600) and Bo (client 2, a wider 1200×700 screen) on one shared map.
    struct Pair {
        var ana = EditRig()
        var bo = EditRig()

        init() {
            ana.workspace.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
            bo.workspace.startSharing(SyncEngine(client: 2, confirmedSeq: 0))
            bo.workspace.measures.viewportSize = Vec2(1200, 700)
            exchange()
        }

        /// `seconds` later on both screens: each ticks, says what it has to say, and hears the other.
        mutating func exchange(after seconds: Double = 0.2) {
            let time = max(ana.time, bo.time) + seconds
            ana.time = time
            bo.time = time
            _ = ana.workspace.tick(at: time)
            _ = bo.workspace.tick(at: time)
            let fromAna = ana.workspace.presenceToSend(name: "Ana").flatMap { $0.payload() }.flatMap(Presence.init(payload:))
            let fromBo = bo.workspace.presenceToSend(name: "Bo").flatMap { $0.payload() }.flatMap(Presence.init(payload:))
            if let fromAna { bo.workspace.hear([fromAna]) }
            if let fromBo { ana.workspace.hear([fromBo]) }
        }

        /// Taps the row, button or choice showing `words` on Bo's screen.
        mutating func boTaps(_ words: String) throws {
            let part = try #require(bo.workspace.overlayLayout.parts.first { $0.text == words },
                                    "no \(words) in \(bo.workspace.overlayLayout.parts.map(\.text))")
            bo.tap(part.rect.center)
        }

        /// Bo's screen shows the part of the map Ana's does: the same middle, all of hers in view.
        func boFramesAna(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
            let wanted = ana.workspace.presenterView
            let camera = bo.workspace.view.camera
            let size = bo.workspace.measures.viewportSize
            let centre = camera.mapPoint(ofScreen: size / 2)
            #expect(centre.distance(to: wanted.center) < 1, "Bo looks at \(centre), Ana at \(wanted.center) \(comment?.rawValue ?? "")",
                    sourceLocation: sourceLocation)
            let span = size / camera.zoom
            #expect(span.x >= wanted.span.x - 1 && span.y >= wanted.span.y - 1, "all of Ana's view shows: \(span) for \(wanted.span)",
                    sourceLocation: sourceLocation)
            // why: a follower closer than its zoom limit allows shows more around it.
            #expect(min(span.x / wanted.span.x, span.y / wanted.span.y) < 1.01 || camera.zoom >= camera.zoomLimits.upperBound - 1e-9,
                    "and no more than fits it: \(span) for \(wanted.span)", sourceLocation: sourceLocation)
        }
    }

    /// The classroom: Ana's panel presents, Bo's tablet follows her slides, Bo wanders off with a
    /// touch, and comes back with one tap.
    @Test func aScreenFollowsAPresenterUntilTouchedAndFollowsAgainWithOneTap() throws {
        var pair = Pair()
        pair.bo.workspace.perform(.followPresenter)
        #expect(pair.bo.workspace.panels.banner?.message == "Nobody else is on this map now")
        pair.ana.workspace.perform(.present)
        #expect(pair.ana.workspace.panels.presenting != nil)
        pair.ana.settle()
        pair.exchange()
        pair.bo.workspace.perform(.followPresenter)
        #expect(pair.bo.workspace.panels.dialog?.title == "Follow whom?")
        try pair.boTaps("Follow Ana — presenting")
        #expect(pair.bo.workspace.panels.dialog == nil)
        #expect(pair.bo.workspace.panels.following == FollowState(client: 1, name: "Ana"))
        #expect(StateDump(pair.bo.workspace).following == "Ana")
        pair.bo.settle()
        pair.boFramesAna("at once")
        #expect(pair.ana.workspace.followerCount == 0, "Ana has not heard yet")
        pair.exchange()
        #expect(pair.ana.workspace.followerCount == 1)
        #expect(StateDump(pair.ana.workspace).followers == 1)
        #expect(StateDump(pair.bo.workspace).followers == 0)

        pair.ana.workspace.perform(.nextSlide)
        pair.ana.settle()
        pair.exchange()
        pair.bo.settle()
        pair.boFramesAna("the next slide")
        #expect(pair.bo.workspace.panels.followedSlide?.index == pair.ana.workspace.panels.presenting?.index)

        // Bo's finger on his map: he looks around on his own, and is told how to come back.
        pair.bo.tap(Vec2(600, 350))
        #expect(pair.bo.workspace.panels.following == nil)
        #expect(pair.bo.workspace.panels.banner?.message == "Stopped following Ana")
        #expect(pair.bo.workspace.panels.banner?.actions.contains(.followAgain(client: 1, name: "Ana")) == true)
        #expect(StateDump(pair.bo.workspace).following == nil)
        pair.exchange()
        #expect(pair.ana.workspace.followerCount == 0, "Ana hears Bo left")

        pair.ana.workspace.perform(.nextSlide)
        pair.ana.settle()
        pair.exchange()
        try pair.boTaps("Follow again")
        #expect(pair.bo.workspace.panels.following?.name == "Ana")
        pair.bo.settle()
        pair.boFramesAna("back on Ana's slide")
        pair.exchange()
        #expect(pair.ana.workspace.followerCount == 1)
    }

    /// Ana is not presenting, only typing: once she hears Bo follows, her screen tells him where
    /// it looks, and goes on while she moves about. When her screen falls silent Bo is told.
    @Test func aScreenNotPresentingShowsItsViewToThoseFollowingAndTheyHearWhenItLeaves() throws {
        var pair = Pair()
        pair.ana.workspace.beginEditing(pair.ana.id("food"))
        pair.exchange()
        pair.bo.workspace.perform(.followPresenter)
        try pair.boTaps("Follow Ana")
        let before = pair.bo.workspace.view.camera
        #expect(pair.ana.workspace.presenceToSend(name: "Ana")?.view == nil, "nobody follows Ana yet: no view sent")
        pair.exchange()
        #expect(pair.bo.workspace.view.camera == before, "Ana has said nothing of her view yet")
        pair.exchange()
        pair.bo.settle()
        pair.boFramesAna("once Ana heard she is followed")
        pair.ana.workspace.commitEditing()
        pair.ana.workspace.perform(.zoomIn)
        pair.ana.send(.wheel(delta: Vec2(2, -3), position: Vec2(400, 300), modifiers: []))
        pair.ana.settle()
        pair.exchange()
        pair.bo.settle()
        pair.boFramesAna("after Ana zoomed and panned")

        // Ana's screen goes quiet (unplugged): Bo's stops following and says so.
        for _ in 0..<8 {
            pair.bo.time += 1
            _ = pair.bo.workspace.tick(at: pair.bo.time)
        }
        #expect(pair.bo.workspace.panels.following == nil)
        #expect(pair.bo.workspace.panels.banner?.message == "Ana left the map")
    }

    @Test(arguments: ["a key", "the wheel", "Stop following"])
    func aKeyTheWheelOrStopFollowingEndFollowing(_ how: String) throws {
        var pair = Pair()
        pair.ana.workspace.perform(.present)
        pair.exchange()
        pair.bo.workspace.perform(.followPresenter)
        try pair.boTaps("Follow Ana — presenting")
        switch how {
        case "a key": pair.bo.key("Right")
        case "the wheel": pair.bo.send(.wheel(delta: Vec2(0, -1), position: Vec2(600, 350), modifiers: []))
        default: pair.bo.workspace.perform(.stopFollowing)
        }
        #expect(pair.bo.workspace.panels.following == nil)
        let banner = pair.bo.workspace.panels.banner?.message
        #expect(how == "Stop following" ? banner != "Stopped following Ana" : banner == "Stopped following Ana", "\(banner ?? "")")
    }

    @Test func followingNeedsASharedMap() {
        var rig = EditRig()
        rig.workspace.perform(.followPresenter)
        #expect(rig.workspace.panels.banner?.message.contains("needs a shared map") == true)
        #expect(rig.workspace.panels.dialog == nil)
    }

    /// A class of tablets following the panel: a tablet choosing whom to follow is offered the
    /// panel, not the other tablets.
    @Test func thoseFollowingSomeoneAreNotOfferedToFollow() throws {
        var pair = Pair()
        pair.ana.workspace.perform(.present)
        pair.exchange()
        pair.bo.workspace.hear([Presence(client: 3, name: "Cy", following: 1), Presence(client: 4, name: "Di", node: pair.bo.id("food"))])
        pair.bo.workspace.perform(.followPresenter)
        let rows = pair.bo.workspace.panels.dialog?.choiceRows.flatMap { $0.map(\.label) }
        #expect(rows == ["Follow Ana — presenting", "Follow Di"])
    }
}
