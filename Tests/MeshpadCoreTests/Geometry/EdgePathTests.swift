import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// The line a branch runs along: where it meets its nodes, how it leaves and arrives, how finely
/// it is cut, and that a tap finds it where it is drawn.
@Suite struct EdgePathTests {
    let parent = EdgePath.End(position: Vec2(0, 0), size: Vec2(100, 40), shape: .roundedBox)

    func child(at position: Vec2, shape: NodeShape = .roundedBox) -> EdgePath.End {
        EdgePath.End(position: position, size: Vec2(80, 40), shape: shape)
    }

    /// The direction the path runs at `t`, from two points a hair apart.
    func heading(_ path: EdgePath, at t: Double) -> Vec2 {
        let a = path.point(at: max(t - 1e-4, 0)), b = path.point(at: min(t + 1e-4, 1))
        return (b - a) / (b - a).length
    }

    // MARK: - Geometry

    @Test func aCurveLeavesTheParentsSideAndArrivesLevelAtTheChildsNearSide() {
        let path = EdgePath.branch(from: parent, to: child(at: Vec2(300, 160)), shape: .curve)
        #expect(!path.isStraight)
        #expect(path.start == Vec2(50, 0), "the middle of the parent's right side")
        #expect(path.end == Vec2(260, 160), "the middle of the child's left side")
        // Level where it leaves and where it arrives, heading right both times.
        #expect(abs(heading(path, at: 0).y) < 1e-3 && heading(path, at: 0).x > 0.99)
        #expect(abs(heading(path, at: 1).y) < 1e-3 && heading(path, at: 1).x > 0.99)
        // A curve, not the chord: half-way along, it is well off the straight line.
        let quarter = path.point(at: 0.25), chord = path.start.interpolated(to: path.end, alpha: 0.25)
        #expect(quarter.distance(to: chord) > 10)
    }

    @Test func aChildOnTheLeftGetsTheMirrorImage() {
        let right = EdgePath.branch(from: parent, to: child(at: Vec2(300, 160)), shape: .curve)
        let left = EdgePath.branch(from: parent, to: child(at: Vec2(-300, 160)), shape: .curve)
        #expect(left.start == Vec2(-50, 0) && left.end == Vec2(-260, 160))
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            let mirrored = right.point(at: t)
            #expect(left.point(at: t).distance(to: Vec2(-mirrored.x, mirrored.y)) < 1e-9)
        }
        #expect(heading(left, at: 0).x < -0.99 && heading(left, at: 1).x < -0.99, "level, heading left")
    }

    @Test func aPlainNodeIsMetAtTheEndOfItsUnderline() {
        let plainParent = EdgePath.End(position: .zero, size: Vec2(100, 40), shape: .plain)
        let path = EdgePath.branch(from: plainParent, to: child(at: Vec2(300, 160), shape: .plain), shape: .curve)
        #expect(path.start == Vec2(50, 20) && path.end == Vec2(260, 180))
        let straight = EdgePath.branch(from: plainParent, to: child(at: Vec2(300, 160), shape: .plain), shape: .straight)
        #expect(straight.isStraight && straight.start == Vec2(50, 20) && straight.end == Vec2(260, 180))
    }

    @Test func aChildStraightBelowItsParentIsReachedUpright() {
        let path = EdgePath.branch(from: parent, to: child(at: Vec2(20, 200)), shape: .curve)
        #expect(path.start == Vec2(0, 20) && path.end == Vec2(20, 180), "bottom middle to top middle")
        #expect(heading(path, at: 0).y > 0.99 && heading(path, at: 1).y > 0.99)
    }

    @Test func aChildBesideAWideParentIsStillReachedLevelAtItsSide() {
        // Their sides overlap by 15, under a quarter of the child's 80.
        let wide = EdgePath.End(position: .zero, size: Vec2(300, 40), shape: .ellipse)
        let path = EdgePath.branch(from: wide, to: child(at: Vec2(175, -80)), shape: .curve)
        #expect(path.start == Vec2(150, 0) && path.end == Vec2(135, -80))
        // A Bézier leaves toward its first control point and arrives from its last: both level.
        #expect(path.control1.y == path.start.y && path.control1.x > path.start.x, "leaves heading right")
        #expect(path.control2.y == path.end.y && path.control2.x < path.end.x, "arrives heading right")
        // Overlapping by more (25), it runs upright from the parent's top.
        let upright = EdgePath.branch(from: wide, to: child(at: Vec2(165, -80)), shape: .curve)
        #expect(upright.start == Vec2(0, -20) && upright.end == Vec2(165, -60))
    }

    @Test func theStraightShapeRunsCentreToCentreAsBefore() {
        let path = EdgePath.branch(from: parent, to: child(at: Vec2(300, 160)), shape: .straight)
        #expect(path.isStraight && path.start == .zero && path.end == Vec2(300, 160))
        #expect(path.segmentCount(tolerance: 0.5) == 1)
    }

    // MARK: - Cutting into segments

    @Test(arguments: [4.0, 2.0, 1.0, 0.5, 0.25, 0.1, 0.02])
    func theSegmentsFollowTheCurveWithinTheTolerance(zoom: Double) {
        let path = EdgePath.branch(from: parent, to: child(at: Vec2(300, 400)), shape: .curve).mapped { $0 * zoom }
        let segments = path.segmentCount(tolerance: 0.5)
        // Between two cuts, the true curve never strays from the segment by more than the tolerance.
        for k in 0..<segments {
            let a = path.point(at: Double(k) / Double(segments)), b = path.point(at: Double(k + 1) / Double(segments))
            for step in 1..<8 {
                let p = path.point(at: (Double(k) + Double(step) / 8) / Double(segments))
                #expect(EdgePath.distance(from: p, toSegment: a, b) <= 0.5, "zoom \(zoom), segment \(k)")
            }
        }
    }

    @Test func fewerSegmentsAsTheEdgeShrinksOnScreenAndOneWhenFarOut() {
        let path = EdgePath.branch(from: parent, to: child(at: Vec2(300, 400)), shape: .curve)
        let counts = [8.0, 2.0, 1.0, 0.5, 0.2, 0.05, 0.001].map { zoom in path.mapped { $0 * zoom }.segmentCount(tolerance: 0.5) }
        #expect(counts == counts.sorted(by: >), "\(counts)")
        #expect(counts.first == EdgePath.maximumSegments, "a huge curve is cut at most this finely")
        #expect(counts.last == 1, "a far-out curve is one straight line")
        #expect(counts[2] > 4 && counts[2] < 40, "at 100 %: \(counts[2])")
    }

    // MARK: - What a tap finds

    /// A root and one child far down on the right, at zoom 1.
    func branchRig(_ shape: EdgeShape? = nil) -> (rig: EditRig, edge: EdgeID, path: EdgePath) {
        var builder = MapBuilder(rootText: "root")
        let child = builder.addChild(of: builder.rootID, text: "child", at: Vec2(300, 400)) ?? builder.rootID
        builder.modify(child) { $0.style.edgeShape = shape }
        // why: high in the window, clear of the toolbar along its bottom.
        let rig = EditRig(document: builder.build(), camera: Camera(origin: Vec2(200, 60), zoom: 1))
        return (rig, rig.document.edges[0].id, rig.document.path(ofEdgeAt: 0))
    }

    @Test func aTapOnTheCurveSelectsTheBranchAndOneOnTheOldStraightLineDoesNot() throws {
        var (rig, edge, path) = branchRig()
        // A fifth of the way along the old line between the centres, well off the curve.
        let chordPoint = try #require(rig.document.nodes.first).position.interpolated(to: rig.document.nodes[1].position, alpha: 0.2)
        #expect(path.distance(to: chordPoint, tolerance: 0.1) > 20, "the test's chord point is off the curve")
        rig.tap(rig.camera.screenPoint(ofMap: chordPoint))
        #expect(rig.workspace.selection.edge == nil)
        // 8 px beside the curve, within a finger's 12 px.
        let onCurve = path.point(at: 0.6) + Vec2(8, 0)
        rig.tap(rig.camera.screenPoint(ofMap: onCurve))
        #expect(rig.workspace.selection.edge == edge)
    }

    @Test func aStraightBranchIsHitAlongItsStraightLine() throws {
        var (rig, edge, _) = branchRig(.straight)
        let chordPoint = try #require(rig.document.nodes.first).position.interpolated(to: rig.document.nodes[1].position, alpha: 0.5)
        rig.click(rig.camera.screenPoint(ofMap: chordPoint))
        #expect(rig.workspace.selection.edge == edge)
    }
}
