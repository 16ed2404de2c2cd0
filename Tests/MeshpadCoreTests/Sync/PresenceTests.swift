@testable import MeshpadCore
import Testing

/// Other screens' people on a shared map: told where they work, shown as rings with their names,
/// forgotten when their screen goes quiet.
@Suite struct PresenceTests {
    /// A shared map on this screen (client 1) at 1000×700, the sample map on it.
    static func sharedWorkspace() -> EditRig {
        var rig = EditRig()
        rig.workspace.startSharing(SyncEngine(client: 1, confirmedSeq: 0))
        _ = rig.workspace.tick(at: rig.time)
        return rig
    }

    @Test func whereAPersonWorksTravelsAsAShortPayloadAndNothingElseIsTakenForIt() throws {
        let ana = Presence(client: 7, name: "Ana", node: NodeID(3), activity: .editing)
        let payload = try #require(ana.payload())
        #expect(Presence(payload: payload) == ana)
        let long = Presence(client: 7, name: String(repeating: "x", count: 500), node: NodeID(3), activity: .dragging)
        #expect(Presence(payload: try #require(long.payload()))?.name.count == Presence.nameLimit)
        for hostile in ["", "42", "{\"seq\":12}", "{\"client\":\"x\",\"name\":\"a\"}", String(repeating: "[", count: 5000)] {
            #expect(Presence(payload: hostile) == nil, "\(hostile.prefix(20))")
        }
    }

    // MARK: - Following

    @Test func aViewAndWhomAScreenFollowsTravelInAShortPayload() throws {
        let view = PresenterView(center: Vec2(1234.56789, -98.7654321), span: Vec2(1600.04, 1000.0), presentation: "Term 2",
                                 slide: 3, revealed: 2, blackedOut: true)
        let ana = Presence(client: 7, name: "Ana", view: view, following: nil)
        let payload = try #require(ana.payload())
        let heard = try #require(Presence(payload: payload))
        #expect(heard.view == PresenterView(center: Vec2(1234.6, -98.8), span: Vec2(1600, 1000), presentation: "Term 2",
                                            slide: 3, revealed: 2, blackedOut: true), "to a tenth of a map unit")
        #expect(heard.following == nil && heard.name == "Ana")
        let bo = Presence(client: 8, name: "Bo", following: 7)
        #expect(Presence(payload: try #require(bo.payload())) == bo)
        // A view without a slide leaves out what only a presentation has.
        let looking = try #require(Presence(client: 7, name: "Ana", view: PresenterView(center: Vec2(1, 2), span: Vec2(3, 4))).payload())
        #expect(!looking.contains("\"p\"") && !looking.contains("\"i\"") && !looking.contains("\"b\""), "\(looking)")
    }

    @Test func theLongestPresenceStaysFarUnderNotifysLimit() throws {
        let name = String(repeating: "\u{1F469}\u{200D}\u{1F4BB}", count: 100)
        let view = PresenterView(center: Vec2(-123_456_789.123, 987_654_321.987), span: Vec2(1e9 + 0.123, 1e9 + 0.456), presentation: name,
                                 slide: Int.max, revealed: Int.max, blackedOut: true)
        let longest = Presence(client: .max, name: name, node: NodeID(.max), activity: .dragging, near: NodeID(.max), view: view,
                               following: .min)
        let payload = try #require(longest.payload())
        #expect(payload.utf8.count < 800, "\(payload.utf8.count) bytes")
        let heard = try #require(Presence(payload: payload))
        #expect(heard.name.hasPrefix("\u{1F469}\u{200D}\u{1F4BB}") && heard.name.count < Presence.nameLimit, "cut by its bytes")
        #expect(heard.view?.presentation.map { name.hasPrefix($0) } == true)
        // Quotes, slashes and control characters, which JSON writes longer, are cut by what JSON writes.
        let awkward = Presence(client: 1, name: String(repeating: "\u{1}\"/", count: 40),
                               view: PresenterView(center: .zero, span: Vec2(1, 1), presentation: String(repeating: "\u{7}", count: 60)))
        #expect(try #require(awkward.payload()).utf8.count < 500)
        #expect(Presence(client: 1, name: String(repeating: "x", count: 60)).payload()
            .flatMap(Presence.init(payload:))?.name.count == Presence.nameLimit)
    }

    @Test func anOlderScreensPayloadAndANewerOnesUnknownWordsStillDecode() {
        let older = #"{"client":5,"name":"Ana","node":12,"activity":"editing"}"#
        #expect(Presence(payload: older) == Presence(client: 5, name: "Ana", node: NodeID(12), activity: .editing))
        let newer = #"{"client":5,"name":"Ana","following":9,"view":{"c":[1,2],"s":[30,40],"z":7},"pointer":[3,4]}"#
        #expect(Presence(payload: newer) == Presence(client: 5, name: "Ana", view: PresenterView(center: Vec2(1, 2), span: Vec2(30, 40)),
                                                      following: 9))
        #expect(Presence(payload: #"{"client":5,"name":"Ana","view":{"c":[1],"s":[30,40]}}"#) == nil, "a view with no centre is no view")
    }

    @Test func followingAndViewsAreKeptRepeatedAndForgottenLikeRings() throws {
        var board = PresenceBoard()
        board.hear(Presence(client: 2, name: "Ana", view: PresenterView(center: .zero, span: Vec2(800, 600))), at: 0, own: 1)
        board.hear(Presence(client: 3, name: "Bo", following: 2), at: 0, own: 1)
        board.hear(Presence(client: 4, name: "Cy"), at: 0, own: 1)
        #expect(board.present.map(\.name) == ["Ana", "Bo"], "working on no node, but showing a view or following: kept")
        #expect(!board.isSilent(4, at: 1), "a screen saying nothing lasting was still heard")
        board.hear(Presence(client: 2, name: "Ana", view: PresenterView(center: .zero, span: Vec2(800, 600))), at: 4, own: 1)
        board.forgetStale(at: PresenceBoard.forgetAfterSeconds + 1)
        #expect(board.present.map(\.name) == ["Ana"], "Bo fell silent")
        #expect(board.isSilent(3, at: PresenceBoard.forgetAfterSeconds + 1) && !board.isSilent(2, at: PresenceBoard.forgetAfterSeconds + 1))
        board.hear(Presence(client: 2, name: "Ana"), at: 8, own: 1)
        #expect(board.present.isEmpty, "no view any more, no ring: gone at once")

        // This screen's own: a view or following is repeated every heartbeat, like a ring.
        var mine = PresenceBoard()
        let following = Presence(client: 1, name: "Me", following: 2)
        #expect(mine.toSend(following, at: 0) == following)
        #expect(mine.toSend(following, at: PresenceBoard.heartbeatSeconds - 0.1) == nil)
        #expect(mine.toSend(following, at: PresenceBoard.heartbeatSeconds) == following)
        let idle = Presence(client: 1, name: "Me")
        #expect(mine.toSend(idle, at: 3) == idle, "following ends: said at once")
        #expect(mine.toSend(idle, at: 10) == nil, "nothing lasting: no heartbeat")
    }

    /// A presenter's pan changes the view at every finger event: at most ten a second go out,
    /// and the last one always does.
    @Test func aMovingViewIsSentTenTimesASecondAtMostAndItsRestingPlaceAlways() {
        var board = PresenceBoard()
        func at(_ x: Double) -> Presence { Presence(client: 1, name: "Me", view: PresenterView(center: Vec2(x, 0), span: Vec2(800, 600))) }
        var sent: [Double] = []
        var time = 0.0
        for step in 0..<60 {
            time = Double(step) / 60
            if let said = board.toSend(at(Double(step)), at: time) { sent.append(said.view?.center.x ?? -1) }
        }
        #expect(sent.count <= 11 && sent.count >= 9, "\(sent.count) sent in a second: \(sent)")
        // The pan comes to rest just after: too soon to send, so it waits for the loop to wake.
        time += 0.001
        #expect(board.toSend(at(100), at: time) == nil)
        let due = board.heldUntil ?? -1
        #expect(due > time && due <= time + PresenceBoard.viewIntervalSeconds, "the loop wakes for the view held back")
        #expect(board.toSend(at(100), at: due)?.view?.center.x == 100, "the resting view goes once the interval is up")
        #expect(board.heldUntil == nil)
        // A ring is not held back: where someone types is said at once.
        var rings = PresenceBoard()
        _ = rings.toSend(at(0), at: 0)
        var typing = at(0)
        typing.node = NodeID(3)
        typing.activity = .editing
        #expect(rings.toSend(typing, at: 0.01) == typing)
    }

    @Test func aRingAppearsForAnotherScreenOnlyAndGoesWhenTheyStopOrFallSilent() {
        var rig = Self.sharedWorkspace()
        let node = rig.id("food")
        rig.workspace.hear([Presence(client: 1, name: "me", node: node, activity: .editing)])
        #expect(rig.workspace.sceneExtras.presence.isEmpty, "this screen's own word, echoed back, shows no ring")
        rig.workspace.hear([Presence(client: 2, name: "Ana", node: node, activity: .editing)])
        let mark = rig.workspace.sceneExtras.presence.first
        #expect(mark?.node == node && mark?.name == "Ana" && mark?.color == Presence.color(forClient: 2))
        #expect(StateDump(rig.workspace).presence == [.init(name: "Ana", node: node.description, activity: "editing")])
        rig.workspace.hear([Presence(client: 2, name: "Ana")])
        #expect(rig.workspace.sceneExtras.presence.isEmpty, "done editing: the ring goes at once")
        rig.workspace.hear([Presence(client: 3, name: "Bo", node: node, activity: .dragging)])
        rig.time += PresenceBoard.forgetAfterSeconds - 1
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.sceneExtras.presence.count == 1, "still within the heartbeat's grace")
        rig.time += 2
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.sceneExtras.presence.isEmpty, "a screen that fell silent loses its ring")
    }

    /// Another screen's person typing in a child they just made: this screen has no such node
    /// yet (it is sent when the text is done), so the ring goes on its parent.
    @Test func aRingOnANodeNotHereYetGoesOnItsParent() {
        var rig = Self.sharedWorkspace()
        let food = rig.id("food")
        rig.workspace.hear([Presence(client: 2, name: "Ana", node: NodeID(999_999), activity: .editing, near: food)])
        #expect(rig.workspace.sceneExtras.presence.map(\.node) == [food])
    }

    @Test func aRingOnANodeThatIsGoneOrFoldedAwayIsNotDrawn() {
        var rig = Self.sharedWorkspace()
        rig.workspace.hear([Presence(client: 2, name: "Ana", node: NodeID(999_999), activity: .editing)])
        #expect(rig.workspace.sceneExtras.presence.isEmpty)
        let food = rig.id("food")
        rig.workspace.select([rig.document.rootID])
        rig.workspace.perform(.toggleFold)
        rig.workspace.hear([Presence(client: 3, name: "Bo", node: food, activity: .editing)])
        #expect(rig.document.isHidden(food))
        #expect(rig.workspace.sceneExtras.presence.isEmpty)
        rig.workspace.perform(.toggleFold)
        #expect(rig.workspace.sceneExtras.presence.map(\.name) == ["Bo"], "unfolded, the ring is back")
    }

    @Test func thisScreenSaysWhenItsPersonStartsTypingOrDraggingAndWhenThatEnds() {
        var rig = Self.sharedWorkspace()
        #expect(rig.workspace.presenceToSend(name: "Ana")?.node == nil, "first word: working on nothing")
        #expect(rig.workspace.presenceToSend(name: "Ana") == nil, "nothing new, nothing sent")
        let ideas = rig.id("food")
        rig.workspace.beginEditing(ideas)
        #expect(rig.workspace.presenceToSend(name: "Ana") == Presence(client: 1, name: "Ana", node: ideas, activity: .editing,
                                                                      near: rig.document.rootID))
        #expect(rig.workspace.presenceToSend(name: "Ana") == nil)
        rig.time += PresenceBoard.heartbeatSeconds
        _ = rig.workspace.tick(at: rig.time)
        #expect(rig.workspace.presenceToSend(name: "Ana")?.node == ideas, "repeated while typing, for a screen that joins late")
        rig.workspace.commitEditing()
        #expect(rig.workspace.presenceToSend(name: "Ana")?.node == nil, "done: the others' ring goes")
        // A finger drags the node: the others see who holds it.
        let start = rig.screen(of: ideas)
        rig.send(.fingerDown(id: 1, position: start), after: 0.5)
        rig.send(.fingerMove(id: 1, position: start + Vec2(40, 0)))
        rig.send(.fingerMove(id: 1, position: start + Vec2(80, 10)))
        #expect(rig.workspace.presenceToSend(name: "Ana")?.activity == .dragging)
        rig.send(.fingerUp(id: 1, position: start + Vec2(80, 10)))
        #expect(rig.workspace.presenceToSend(name: "Ana")?.node == nil)
    }

    @Test func aReadOnlyScreenOrAMapOfOnesOwnSaysNothing() {
        var own = EditRig()
        own.workspace.beginEditing(own.id("food"))
        #expect(own.workspace.presenceToSend(name: "Ana") == nil)
        var rig = Self.sharedWorkspace()
        rig.workspace.lockdown.isReadOnly = true
        #expect(rig.workspace.presenceToSend(name: "Ana") == nil)
    }

    @Test func theRingAndTheNameAreDrawnInThePersonsColourAroundTheNode() throws {
        var rig = Self.sharedWorkspace()
        let node = try #require(rig.document.node(rig.id("food")))
        rig.workspace.hear([Presence(client: 5, name: "Ana", node: node.id, activity: .editing)])
        var list = DrawList()
        SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(1000, 700), pixelScale: 1,
                                             selection: [], extras: rig.workspace.sceneExtras, into: &list)
        let tag = try #require(list.labels.first { $0.text == "Ana" })
        let center = rig.camera.screenPoint(ofMap: node.position)
        #expect(tag.center.y < center.y - node.size.y * rig.camera.zoom / 2, "the name sits above the node")
        let colour = Presence.color(forClient: 5)
        let ringVertices = (0..<list.vertexCount).filter { list.color(ofVertex: $0) == colour }.map(list.point(ofVertex:))
        #expect(!ringVertices.isEmpty, "something is drawn in Ana's colour")
        let below = ringVertices.filter { $0.y > center.y + node.size.y * rig.camera.zoom / 2 }
        #expect(!below.isEmpty, "the ring goes round the node, below it too")
    }
}
