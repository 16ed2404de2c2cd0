import Foundation
import Testing
@testable import MeshpadCore

/// The soak's checks without a window: many seeded rounds of random input straight into the
/// workspace, each round checked (invariants, undo everything, redo everything).
@Suite struct WorkspaceSoakTests {
    /// Runs `rounds` rounds of `perRound` events; returns the first problem with its round.
    static func soak(seed: UInt64, rounds: Int, perRound: Int = 500) -> String? {
        var document = Document.sample()
        let sizing = NodeSizing(measurer: FixedAdvanceMeasurer())
        document.measureAll(with: sizing)
        var workspace = Workspace(document: document, viewportSize: Vec2(1000, 700), sizing: sizing)
        var generator = SoakGenerator(seed: seed, viewport: Vec2(1000, 700))
        var timing = SeededGenerator(seed: seed &+ 1)
        var time = 1.0
        workspace.checksEveryTransaction = true
        workspace.resetHistory()
        var checkpoint = workspace.document
        for round in 0..<rounds {
            for _ in 0..<perRound {
                time += Double.random(in: 0.004...0.09, using: &timing)
                let event = generator.next()
                let requests = workspace.handle(event, at: time)
                if requests.contains(where: { if case .readClipboard = $0 { return true }; return false }) {
                    workspace.paste("pasted\n\tchild")
                }
                _ = workspace.tick(at: time)
                workspace.step(bySeconds: 1.0 / 120)
            }
            for event in generator.restPoint() { _ = workspace.handle(event, at: time) }
            var settling = 0
            while workspace.isAnimating && settling < 20_000 {
                workspace.step(bySeconds: 1.0 / 120)
                settling += 1
            }
            let problems = workspace.soakViolations(since: checkpoint)
            if !problems.isEmpty { return "seed \(seed) round \(round): \(problems.joined(separator: "; "))" }
            workspace.resetHistory()
            checkpoint = workspace.document
        }
        return nil
    }

    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func randomInputKeepsEveryInvariantAndUndoesExactly(seed: UInt64) {
        #expect(Self.soak(seed: seed, rounds: 8) == nil)
    }
}
