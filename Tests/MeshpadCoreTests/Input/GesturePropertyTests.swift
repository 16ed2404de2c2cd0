import Testing
@testable import MeshpadCore

/// Random gesture streams, checked against the rules every stream must keep.
@Suite struct GesturePropertyTests {
    /// A random touch session: fingers going down, moving, lifting, in any order, up to three.
    @Test(arguments: 1...40)
    func randomTouchStreamsKeepTheCameraSaneAndNeverJump(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var rig = GestureRig(document: .procedural(nodeCount: 40, seed: seed))
        var fingers: [Int64: Vec2] = [:]
        var nextID: Int64 = 1
        for _ in 0..<400 {
            let roll = Int.random(in: 0..<10, using: &rng)
            let before = rig.camera
            let wasPinching: Bool = if case .pinching = rig.recognizer.state { true } else { false }
            if roll < 2 && fingers.count < 3 {
                let p = Vec2(Double.random(in: 0...800, using: &rng), Double.random(in: 0...600, using: &rng))
                fingers[nextID] = p
                rig.down(nextID, p, after: Double.random(in: 0.001...0.05, using: &rng))
                nextID += 1
                // Adding a finger never moves the view.
                #expect(rig.camera.origin.distance(to: before.origin) < 1, "seed \(seed): jump on finger down")
                #expect(abs(rig.camera.zoom - before.zoom) < 1e-9)
            } else if roll < 3, let id = fingers.keys.sorted().randomElement(using: &rng) {
                let p = fingers.removeValue(forKey: id) ?? .zero
                rig.up(id, p, after: Double.random(in: 0.001...0.05, using: &rng))
                // Lifting a finger never moves the view (a fling only starts moving on the next step).
                #expect(rig.camera.origin.distance(to: before.origin) < 1, "seed \(seed): jump on finger up")
            } else if let id = fingers.keys.sorted().randomElement(using: &rng) {
                let p = (fingers[id] ?? .zero) + Vec2(Double.random(in: -40...40, using: &rng), Double.random(in: -40...40, using: &rng))
                fingers[id] = p
                rig.move(id, p, after: Double.random(in: 0.001...0.03, using: &rng))
                if case .pinching(let pinch) = rig.recognizer.state, wasPinching,
                   let pa = fingers[pinch.a], let pb = fingers[pinch.b] {
                    // The map point that was under the centroid when the pinch began is still under it.
                    let centroid = (pa + pb) / 2
                    #expect(rig.camera.screenPoint(ofMap: pinch.anchor).distance(to: centroid) <= 0.5, "seed \(seed): anchor")
                }
            }
            if Int.random(in: 0..<20, using: &rng) == 0 { rig.wait(0.6) }
            rig.workspace.step(bySeconds: 1.0 / 120)
            #expect(Camera.defaultZoomLimits.contains(rig.camera.zoom))
            #expect(rig.camera.origin.isFinite && rig.camera.zoom.isFinite)
        }
        #expect(rig.workspace.document.nodes.allSatisfy { $0.position.isFinite })
    }

    /// Mouse, wheel and touch mixed, with extreme values: nothing non-finite gets in.
    @Test(arguments: 1...20)
    func wildMixedInputNeverPutsNaNIntoTheCameraOrANode(seed: UInt64) {
        var rng = SeededGenerator(seed: seed &* 7919)
        var rig = GestureRig()
        let extremes: [Double] = [0, -1e308, 1e308, .infinity, -.infinity, .nan, 1e-300, 5, -5]
        func value() -> Double {
            Int.random(in: 0..<4, using: &rng) == 0 ? extremes.randomElement(using: &rng) ?? 0 : Double.random(in: -2000...2000, using: &rng)
        }
        for _ in 0..<600 {
            let p = Vec2(value(), value())
            let event: InputEvent
            switch Int.random(in: 0..<9, using: &rng) {
            case 0: event = .fingerDown(id: Int64.random(in: 1...4, using: &rng), position: p)
            case 1: event = .fingerMove(id: Int64.random(in: 1...4, using: &rng), position: p)
            case 2: event = .fingerUp(id: Int64.random(in: 1...4, using: &rng), position: p)
            case 3: event = .mouseDown(button: [.left, .middle, .right].randomElement(using: &rng) ?? .left, position: p, clicks: 1, modifiers: [])
            case 4: event = .mouseMove(position: p, modifiers: [])
            case 5: event = .mouseUp(button: .left, position: p, modifiers: [])
            case 6: event = .wheel(delta: Vec2(value() / 100, value() / 100), position: p, modifiers: .ctrl)
            case 7: event = .wheel(delta: Vec2(value() / 100, value() / 100), position: p, modifiers: [])
            default: event = .key([Key.equals, .minus, .digit0].randomElement(using: &rng) ?? .equals, modifiers: [])
            }
            _ = rig.workspace.handle(event, at: rig.time)
            rig.time += 0.01
            rig.workspace.step(bySeconds: 1.0 / 120)
            #expect(rig.camera.origin.isFinite && rig.camera.zoom.isFinite)
            #expect(Camera.defaultZoomLimits.contains(rig.camera.zoom))
        }
        #expect(rig.workspace.document.nodes.allSatisfy { $0.position.isFinite })
    }
}
