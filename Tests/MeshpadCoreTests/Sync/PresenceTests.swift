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
