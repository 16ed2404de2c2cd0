import Testing
@testable import MeshpadCore

@Suite struct GestureRecognizerTests {
    let root = Vec2(400, 300)
    let empty = Vec2(700, 500)

    // MARK: - Tap

    @Test func aTapOnANodeSelectsItAlone() {
        var rig = GestureRig()
        let shelter = rig.node(named: "shelter")
        rig.down(1, rig.screen(of: shelter))
        let intents = rig.up(1, rig.screen(of: shelter))
        #expect(intents == [.select(shelter, toggle: false)])
        #expect(rig.selection == [shelter])
    }

    @Test func aClickOnEmptySurfaceClearsTheSelection() {
        var rig = GestureRig()
        rig.press(empty)
        #expect(rig.release(empty) == [.clearSelection])
        #expect(rig.selection.isEmpty)
    }

    @Test(arguments: [KeyModifiers.ctrl, .shift])
    func aModifiedClickTogglesTheNode(modifiers: KeyModifiers) {
        var rig = GestureRig()
        let food = rig.node(named: "food")
        rig.press(rig.screen(of: food), modifiers: modifiers)
        rig.release(rig.screen(of: food))
        #expect(rig.selection == [rig.workspace.document.rootID, food])
        rig.press(rig.screen(of: food), modifiers: modifiers, after: 1)
        rig.release(rig.screen(of: food))
        #expect(rig.selection == [rig.workspace.document.rootID])
    }

    @Test func aFingerJustOutsideASmallNodeStillHitsIt() {
        var rig = GestureRig()
        let food = rig.node(named: "food")
        let frame = rig.workspace.document.node(food)?.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let justOutside = rig.camera.screenPoint(ofMap: Vec2(frame.maxX + 5, frame.center.y))
        rig.down(1, justOutside)
        #expect(rig.up(1, justOutside) == [.select(food, toggle: false)])
        rig.press(justOutside, after: 1)
        #expect(rig.release(justOutside) == [.clearSelection], "the mouse is precise: no margin")
    }

    /// (is touch, movement in px, becomes a drag)
    @Test(arguments: [(true, 7.0, false), (true, 9.0, true), (false, 3.5, false), (false, 5.0, true)])
    func movementUnderTheSlopIsStillATap(touch: Bool, distance: Double, dragged: Bool) {
        var rig = GestureRig()
        let target = root + Vec2(distance, 0)
        if touch {
            rig.down(1, root); rig.move(1, target); rig.up(1, target)
        } else {
            rig.press(root); rig.drag(target); rig.release(target)
        }
        let rootID = rig.workspace.document.rootID
        #expect(rig.log.contains(.select(rootID, toggle: false)) == !dragged)
        #expect(rig.log.contains { if case .commitMove = $0 { true } else { false } } == dragged)
    }

    // MARK: - Node drag

    @Test func aDraggedNodeFollowsTheFingerExactlyAndCommitsOnce() {
        var rig = GestureRig()
        let shelter = rig.node(named: "shelter")
        let start = rig.screen(of: shelter)
        let grab = start + Vec2(3, 2)
        let mapStart = rig.workspace.document.node(shelter)?.position ?? .zero
        rig.down(1, grab)
        for i in 1...40 {
            let finger = grab + Vec2(Double(i) * 5.5, Double(i) * -1.25)
            rig.move(1, finger)
            // Under the 8 px touch slop it is still a press; past it the node catches up at once.
            guard finger.distance(to: grab) > 8 else { continue }
            #expect((rig.screen(of: shelter) + Vec2(3, 2)).distance(to: finger) < 1e-9, "no lag at step \(i)")
        }
        let end = grab + Vec2(220, -50)
        let intents = rig.up(1, end)
        let mapEnd = rig.workspace.document.node(shelter)?.position ?? .zero
        #expect(intents == [.commitMove([shelter], from: [mapStart], to: [mapEnd])])
        #expect(rig.workspace.history.done.count == 1, "a drag is one undo step")
        #expect(rig.selection == [shelter], "dragging an unselected node selects it")
    }

    @Test func pressingASelectedNodeDragsTheWholeSelection() {
        var rig = GestureRig()
        let food = rig.node(named: "food"), water = rig.node(named: "clean water")
        let rootID = rig.workspace.document.rootID
        rig.press(rig.screen(of: food), modifiers: .ctrl); rig.release(rig.screen(of: food))
        rig.press(rig.screen(of: water), modifiers: .ctrl, after: 1); rig.release(rig.screen(of: water))
        #expect(rig.selection == [rootID, food, water])
        let before = [rootID, food, water, rig.node(named: "shelter")].map { rig.workspace.document.node($0)?.position ?? .zero }
        rig.press(rig.screen(of: food), after: 1)
        rig.drag(rig.screen(of: food) + Vec2(30, 40))
        rig.release(rig.screen(of: food))
        let after = [rootID, food, water, rig.node(named: "shelter")].map { rig.workspace.document.node($0)?.position ?? .zero }
        for i in 0..<3 { #expect((after[i] - before[i]).distance(to: Vec2(30, 40)) < 1e-9) }
        #expect(after[3] == before[3], "unselected nodes stay")
    }

    @Test func theGrabbedPointStaysUnderTheCursorWhenTheViewZoomsMidDrag() {
        var rig = GestureRig()
        rig.press(root)
        rig.drag(root + Vec2(20, 0))
        rig.send(.wheel(delta: Vec2(0, 2), position: Vec2(100, 100), modifiers: .ctrl))
        rig.drag(root + Vec2(40, 0))
        #expect(rig.screen(of: rig.workspace.document.rootID).distance(to: root + Vec2(40, 0)) < 1e-9)
    }

    // MARK: - Pan

    @Test func draggingEmptySurfacePansWithZeroDriftOver1000Moves() {
        var rig = GestureRig()
        let start = Vec2(720, 560)
        let mapUnderFinger = rig.camera.mapPoint(ofScreen: start)
        rig.down(1, start)
        var finger = start
        var rng = SeededGenerator(seed: 11)
        for _ in 0..<1000 {
            finger += Vec2(Double.random(in: -9...9, using: &rng), Double.random(in: -9...9, using: &rng))
            rig.move(1, finger, after: 0.008)
        }
        #expect(rig.camera.screenPoint(ofMap: mapUnderFinger).distance(to: finger) < 1e-6)
        rig.up(1, finger, after: 0.5)
        #expect(rig.workspace.view.inertia == nil, "a finger that stopped does not fling")
    }

    @Test func aMiddleButtonDragPansEvenFromANode() {
        var rig = GestureRig()
        let before = rig.camera.origin
        rig.send(.mouseDown(button: .middle, position: root, clicks: 1, modifiers: []))
        rig.drag(root + Vec2(-25, 10))
        rig.release(root + Vec2(-25, 10))
        #expect(rig.camera.origin == before + Vec2(-25, 10))
        #expect(rig.workspace.document.root.position == .zero)
    }

    // MARK: - Long press and double tap

    @Test func holdingStillIsALongPressAndNotATap() {
        var rig = GestureRig()
        let rootID = rig.workspace.document.rootID
        rig.down(1, root)
        #expect(rig.recognizer.nextDeadline == rig.time + 0.5)
        #expect(rig.wait(0.3).isEmpty)
        #expect(rig.wait(0.25) == [.context(node: rootID, position: root)])
        #expect(rig.up(1, root).isEmpty, "releasing after a long press is not a tap")
    }

    @Test func aLongPressOnEmptySurfaceIsTheSurfaceContext() {
        var rig = GestureRig()
        rig.press(empty)
        #expect(rig.wait(0.6) == [.context(node: nil, position: empty)])
    }

    @Test func movingBeforeTheDeadlineCancelsTheLongPress() {
        var rig = GestureRig()
        rig.down(1, empty)
        rig.move(1, empty + Vec2(30, 0))
        #expect(rig.wait(1).isEmpty)
    }

    @Test func doubleTapOnANodeIsEditAndOnTheSurfaceIsCreate() {
        var rig = GestureRig()
        let rootID = rig.workspace.document.rootID
        rig.down(1, root); rig.up(1, root)
        rig.down(1, root + Vec2(5, 5), after: 0.1)
        #expect(rig.up(1, root + Vec2(5, 5)) == [.edit(rootID)])

        rig.press(empty, after: 2); rig.release(empty)
        rig.press(empty, after: 0.1)
        let intents = rig.release(empty)
        #expect(intents == [.surfaceDoubleTap(mapPoint: rig.camera.mapPoint(ofScreen: empty))])
    }

    @Test func twoTapsTooSlowOrTooFarApartAreTwoTaps() {
        var rig = GestureRig()
        let rootID = rig.workspace.document.rootID
        rig.down(1, root); rig.up(1, root)
        rig.down(1, root, after: 0.5)
        #expect(rig.up(1, root) == [.select(rootID, toggle: false)])
        rig.press(root, after: 1); rig.release(root)
        rig.press(root + Vec2(20, 0), after: 0.05)
        #expect(rig.release(root + Vec2(20, 0)) == [.select(rootID, toggle: false)], "the mouse double-click radius is small")
    }

    // MARK: - Pinch

    @Test func aSecondFingerCommitsANodeDragWhereItIsAndStartsAPinchWithoutAJump() {
        var rig = GestureRig()
        let rootID = rig.workspace.document.rootID
        rig.down(1, root)
        rig.move(1, root + Vec2(60, 0))
        let cameraBefore = rig.camera
        let intents = rig.down(2, Vec2(100, 100))
        #expect(intents == [.stopInertia, .commitMove([rootID], from: [.zero], to: [Vec2(60, 0)])])
        #expect(rig.workspace.document.root.position == Vec2(60, 0))
        rig.move(2, Vec2(100, 100))
        #expect(rig.camera == cameraBefore)
        rig.move(1, root + Vec2(80, 0))
        #expect(rig.workspace.document.root.position == Vec2(60, 0), "the first finger now pinches, it no longer drags")
    }

    @Test func pinchZoomsByTheDistanceRatioAboutTheCentroid() {
        var rig = GestureRig()
        let a = Vec2(300, 300), b = Vec2(500, 300)
        rig.down(1, a); rig.down(2, b)
        let anchor = rig.camera.mapPoint(ofScreen: (a + b) / 2)
        rig.move(1, Vec2(250, 320)); rig.move(2, Vec2(550, 320))
        #expect(abs(rig.camera.zoom - 1.5) < 1e-12)
        #expect(rig.camera.screenPoint(ofMap: anchor).distance(to: Vec2(400, 320)) <= 0.5)
    }

    @Test func atTheClampTheAnchorStillDoesNotDrift() {
        var rig = GestureRig()
        let a = Vec2(390, 300), b = Vec2(410, 300)
        rig.down(1, a); rig.down(2, b)
        let anchor = rig.camera.mapPoint(ofScreen: Vec2(400, 300))
        for i in 1...200 {
            let spread = 10 + Double(i) * 10
            let centre = Vec2(400 + Double(i), 300)
            rig.move(1, centre - Vec2(spread, 0)); rig.move(2, centre + Vec2(spread, 0))
            #expect(rig.camera.zoom <= 2)
            #expect(rig.camera.screenPoint(ofMap: anchor).distance(to: centre) <= 0.5)
        }
        #expect(rig.camera.zoom == 2)
    }

    @Test(arguments: [1 as Int64, 2])
    func liftingEitherFingerContinuesAsAPanWithNoJump(lifted: Int64) {
        var rig = GestureRig()
        var fingers: [Int64: Vec2] = [1: Vec2(300, 300), 2: Vec2(500, 350)]
        rig.down(1, fingers[1]!); rig.down(2, fingers[2]!)
        fingers[1]! += Vec2(-20, 0); rig.move(1, fingers[1]!)
        let before = rig.camera
        rig.up(lifted, fingers[lifted]!)
        #expect(rig.camera == before)
        let remaining: Int64 = lifted == 1 ? 2 : 1
        let mapUnder = rig.camera.mapPoint(ofScreen: fingers[remaining]!)
        let moved = fingers[remaining]! + Vec2(33, -12)
        rig.move(remaining, moved)
        #expect(rig.camera.screenPoint(ofMap: mapUnder).distance(to: moved) < 1e-9)
        #expect(abs(rig.camera.zoom - before.zoom) < 1e-12)
    }

    @Test func aThirdFingerIsIgnored() {
        var rig = GestureRig()
        rig.down(1, Vec2(300, 300)); rig.down(2, Vec2(500, 300))
        rig.move(1, Vec2(280, 300))
        let before = rig.camera
        #expect(rig.down(3, Vec2(400, 500)).isEmpty)
        #expect(rig.move(3, Vec2(100, 100)).isEmpty)
        #expect(rig.up(3, Vec2(100, 100)).isEmpty)
        #expect(rig.camera == before)
        rig.up(1, Vec2(280, 300)); rig.up(2, Vec2(500, 300))
        #expect(!rig.recognizer.isActive)
    }

    @Test func aPanThatGetsASecondFingerPinchesWithoutAJump() {
        var rig = GestureRig()
        rig.down(1, empty)
        rig.move(1, empty + Vec2(-40, -10))
        let before = rig.camera
        rig.down(2, Vec2(100, 100))
        rig.move(2, Vec2(100, 100))
        #expect(rig.camera.origin.distance(to: before.origin) < 1e-9)
    }

    // MARK: - Multi-finger taps

    /// A touch of two or three fingers, scripted: how they land, move and lift.
    enum MultiTouchScript: String, CaseIterable, CustomTestStringConvertible {
        case quick, reverseLiftOrder, wobbleUnderTheSlop
        case movePastTheSlop, holdTooLong, landTooFarApartInTime, liftAndLandAgain, slideOffOnLift

        var testDescription: String { rawValue }
        /// Whether it is a tap (undo or redo).
        var taps: Bool { [.quick, .reverseLiftOrder, .wobbleUnderTheSlop].contains(self) }
        /// Whether a finger moved past the slop while down (then the view may pinch or pan).
        var passesTheSlop: Bool { self == .movePastTheSlop }

        /// Plays the script with `count` fingers, the first on "shelter", the others on the root and "food".
        func play(_ count: Int, on rig: inout GestureRig) {
            let spots = [rig.screen(of: rig.node(named: "shelter")), rig.screen(of: rig.workspace.document.rootID),
                         rig.screen(of: rig.node(named: "food"))]
            let ids = Array(1...Int64(count))
            func spot(_ id: Int64) -> Vec2 { spots[Int(id) - 1] }
            for id in ids { rig.down(id, spot(id), after: self == .landTooFarApartInTime && id > 1 ? 0.3 : 0.02) }
            switch self {
            case .quick, .landTooFarApartInTime:
                for id in ids { rig.up(id, spot(id), after: 0.02) }
            case .reverseLiftOrder:
                for id in ids.reversed() { rig.up(id, spot(id), after: 0.02) }
            case .wobbleUnderTheSlop:
                for id in ids { rig.move(id, spot(id) + Vec2(5, -5), after: 0.01) }
                for id in ids { rig.move(id, spot(id) + Vec2(-4, 6), after: 0.01) }
                for id in ids { rig.up(id, spot(id) + Vec2(-4, 6), after: 0.01) }
            case .movePastTheSlop:
                rig.move(1, spot(1) + Vec2(0, 20), after: 0.01)
                rig.up(1, spot(1) + Vec2(0, 20), after: 0.01)
                for id in ids.dropFirst() { rig.up(id, spot(id), after: 0.01) }
            case .holdTooLong:
                #expect(rig.wait(0.6).isEmpty, "no long press")
                for id in ids { rig.up(id, spot(id), after: 0.01) }
            case .liftAndLandAgain:
                rig.up(1, spot(1), after: 0.02)
                rig.down(1, spot(1), after: 0.02)
                for id in ids { rig.up(id, spot(id), after: 0.02) }
            case .slideOffOnLift:
                rig.up(1, spot(1) + Vec2(20, 0), after: 0.02)
                for id in ids.dropFirst() { rig.up(id, spot(id), after: 0.02) }
            }
        }
    }

    @Test(arguments: MultiTouchScript.allCases, [2, 3])
    func fingersTappingTogetherUndoOrRedoAndLeaveNothingBehind(script: MultiTouchScript, fingers: Int) {
        var rig = GestureRig()
        let selection = rig.selection
        let camera = rig.camera
        let positions = rig.workspace.document.nodes.map(\.position)
        script.play(fingers, on: &rig)
        #expect(rig.log.contains(.multiFingerTap(fingers: fingers)) == script.taps)
        #expect(rig.selection == selection, "the first finger's press selects nothing")
        #expect(rig.workspace.document.nodes.map(\.position) == positions, "no node was dragged")
        #expect(rig.log.allSatisfy { [.stopInertia, .multiFingerTap(fingers: fingers)].contains($0) || Self.movesTheView($0) })
        if !script.passesTheSlop { #expect(rig.camera == camera, "the view stays put") }
        #expect(!rig.recognizer.isActive)
        #expect(rig.wait(1).isEmpty, "no long press left behind")
    }

    static func movesTheView(_ intent: Intent) -> Bool {
        switch intent {
        case .setCamera, .pan: true
        default: false
        }
    }

    @Test(arguments: [2, 3])
    func aQuickTapSaysOnlyThatItWasATap(fingers: Int) {
        var rig = GestureRig()
        MultiTouchScript.quick.play(fingers, on: &rig)
        #expect(rig.log == [.stopInertia, .multiFingerTap(fingers: fingers)])
    }

    @Test func fourFingersAreNoTap() {
        var rig = GestureRig()
        let spots = [Vec2(300, 200), Vec2(360, 200), Vec2(420, 200), Vec2(480, 200)]
        for (i, p) in spots.enumerated() { rig.down(Int64(i + 1), p, after: 0.01) }
        for (i, p) in spots.enumerated() { rig.up(Int64(i + 1), p, after: 0.01) }
        #expect(rig.log == [.stopInertia])
    }

    @Test func aFingerLiftedBeforeTheNextLandsIsAnOrdinaryTap() {
        var rig = GestureRig()
        let shelter = rig.node(named: "shelter")
        rig.down(1, rig.screen(of: shelter))
        #expect(rig.up(1, rig.screen(of: shelter), after: 0.05) == [.select(shelter, toggle: false)])
        rig.down(2, empty, after: 0.05)
        rig.up(2, empty, after: 0.05)
        #expect(!rig.log.contains { if case .multiFingerTap = $0 { true } else { false } })
    }

    @Test func aPinchWaitsForTheSlopThenCatchesUpFromWhereTheFingersLanded() {
        var rig = GestureRig()
        let a = Vec2(300, 300), b = Vec2(500, 300)
        let before = rig.camera
        rig.down(1, a); rig.down(2, b)
        let anchor = rig.camera.mapPoint(ofScreen: (a + b) / 2)
        rig.move(1, a + Vec2(-6, 0)); rig.move(2, b + Vec2(6, 0))
        #expect(rig.camera == before, "under the slop the view stays put")
        rig.move(1, a + Vec2(-50, 0))
        // The view catches up in one step: zoom by the distance ratio since landing, the map point
        // under the landing centroid now under the centroid.
        let centroid = (a + Vec2(-50, 0) + b + Vec2(6, 0)) / 2
        #expect(abs(rig.camera.zoom - 256.0 / 200) < 1e-12)
        #expect(rig.camera.screenPoint(ofMap: anchor).distance(to: centroid) <= 0.5)
        #expect(!rig.log.contains { if case .multiFingerTap = $0 { true } else { false } })
    }

    @Test func aFingerPastTheSlopAfterTheOthersLiftedPansAndDragsNoNode() {
        var rig = GestureRig()
        let rootID = rig.workspace.document.rootID
        let before = rig.camera.origin
        rig.down(1, root); rig.down(2, empty)
        rig.up(2, empty)
        rig.move(1, root + Vec2(30, 10))
        #expect(rig.workspace.document.node(rootID)?.position == .zero)
        #expect(rig.camera.origin == before + Vec2(30, 10), "the map under the finger stays under it")
        rig.up(1, root + Vec2(30, 10))
        #expect(!rig.log.contains { if case .multiFingerTap = $0 { true } else { false } })
    }

    @Test func aSecondFingerAfterALongPressPinchesAtOnce() {
        var rig = GestureRig()
        rig.down(1, empty)
        rig.wait(0.6)
        let before = rig.camera
        rig.down(2, Vec2(300, 300))
        rig.move(2, Vec2(297, 300))
        #expect(rig.camera != before, "a gesture under way pinches without waiting for the slop")
    }

    // MARK: - Flick and inertia

    @Test func aFastReleaseFlingsAndAnyTouchStopsTheGlide() {
        var rig = GestureRig()
        rig.down(1, empty)
        for i in 1...10 { rig.move(1, empty - Vec2(Double(i) * 20, 0), after: 0.01) }
        let intents = rig.up(1, empty - Vec2(200, 0), after: 0.01)
        guard case .fling(let velocity)? = intents.last else {
            Issue.record("expected a fling, got \(intents)")
            return
        }
        #expect(abs(velocity.x + 2000) < 1e-6)
        let origin = rig.camera.origin
        rig.workspace.step(bySeconds: 1.0 / 120)
        #expect(rig.camera.origin.x < origin.x, "the view keeps moving the same way")
        rig.down(1, empty)
        #expect(rig.workspace.view.inertia == nil)
    }

    @Test func aBurstOfEventsInOneInstantDoesNotFlingTheMapAway() {
        var rig = GestureRig()
        rig.down(1, empty)
        for i in 1...5 { rig.move(1, empty - Vec2(Double(i) * 40, 0), after: 0.0001) }
        #expect(rig.up(1, empty - Vec2(200, 0), after: 0.0001).isEmpty)
    }

    @Test func aVeryFastFlickIsCappedAtTheMaximumSpeed() {
        var rig = GestureRig()
        rig.down(1, Vec2(790, 300))
        for i in 1...4 { rig.move(1, Vec2(790 - Double(i) * 190, 300), after: 0.01) }
        guard case .fling(let velocity)? = rig.up(1, Vec2(30, 300), after: 0.001).last else {
            Issue.record("expected a fling")
            return
        }
        #expect(abs(velocity.length - 6000) < 1e-6)
    }

    @Test func aSlowReleaseDoesNotFling() {
        var rig = GestureRig()
        rig.down(1, empty)
        for i in 1...10 { rig.move(1, empty - Vec2(Double(i), 0), after: 0.02) }
        #expect(rig.up(1, empty - Vec2(10, 0)).isEmpty)
    }

    @Test func aGlideSlowsDownAndStops() {
        var view = ViewState(camera: Camera())
        view.startInertia(velocity: Vec2(3000, -1000))
        var steps = 0
        var lastSpeed = Double.infinity
        while let glide = view.inertia {
            #expect(glide.velocity.length < lastSpeed)
            lastSpeed = glide.velocity.length
            view.step(bySeconds: 1.0 / 120)
            steps += 1
            if steps > 10_000 { break }
        }
        #expect(steps < 400, "stops within a few seconds")
        // A flick of v travels about v·τ.
        #expect(abs(view.camera.origin.x - 3000 * 0.325) < 10)
    }

    // MARK: - Mouse and touch together; wild input

    @Test func theMouseIsIgnoredWhileAFingerIsDown() {
        var rig = GestureRig()
        rig.down(1, empty)
        #expect(rig.press(root).isEmpty)
        #expect(rig.release(root).isEmpty)
        rig.up(1, empty)
        #expect(rig.workspace.document.root.position == .zero)
    }

    @Test func unknownFingersAndNonFinitePositionsAreIgnored() {
        var rig = GestureRig()
        let before = rig.camera
        #expect(rig.move(9, Vec2(1, 1)).isEmpty)
        #expect(rig.up(9, Vec2(1, 1)).isEmpty)
        #expect(rig.down(1, Vec2(.nan, 4)).isEmpty)
        rig.down(1, empty)
        #expect(rig.move(1, Vec2(.infinity, 0)).isEmpty)
        #expect(rig.down(1, empty).isEmpty, "a second down for the same finger is ignored")
        #expect(rig.camera == before)
    }

    // MARK: - Wheel

    @Test func wheelPansAndShiftWheelPansSideways() {
        var rig = GestureRig()
        let origin = rig.camera.origin
        rig.send(.wheel(delta: Vec2(0, 1), position: root, modifiers: []))
        #expect(rig.camera.origin == origin + Vec2(0, 48), "wheel up shows what is above")
        rig.send(.wheel(delta: Vec2(0, -1), position: root, modifiers: .shift))
        #expect(rig.camera.origin == origin + Vec2(-48, 48))
        rig.send(.wheel(delta: Vec2(0.5, 0), position: root, modifiers: []))
        #expect(rig.camera.origin == origin + Vec2(-72, 48), "trackpads scroll in fractions")
    }

    @Test func ctrlWheelZoomsAboutThePointer() {
        var rig = GestureRig()
        let pointer = Vec2(123, 456)
        let mapUnder = rig.camera.mapPoint(ofScreen: pointer)
        rig.send(.wheel(delta: Vec2(0, 1), position: pointer, modifiers: .ctrl))
        #expect(abs(rig.camera.zoom - 1.15) < 1e-12)
        #expect(rig.camera.screenPoint(ofMap: mapUnder).distance(to: pointer) < 1e-9)
        rig.send(.wheel(delta: Vec2(0, -0.25), position: pointer, modifiers: .ctrl))
        #expect(rig.camera.zoom < 1.15)
    }
}
