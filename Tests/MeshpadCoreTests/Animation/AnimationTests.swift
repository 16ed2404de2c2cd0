import Testing
@testable import MeshpadCore

@Suite struct FixedStepClockTests {
    @Test func sixtyHertzFramesTakeTwoStepsEach() {
        var clock = FixedStepClock(stepSeconds: 1.0 / 120)
        var steps = 0
        for _ in 0..<60 { steps += clock.advance(bySeconds: 1.0 / 60) }
        #expect((119...120).contains(steps))
        #expect(clock.alpha >= 0 && clock.alpha < 1)
    }

    @Test func aStallIsCappedAtAQuarterSecondOfSteps() {
        var clock = FixedStepClock(stepSeconds: 1.0 / 120, maxFrameSeconds: 0.25)
        #expect(clock.advance(bySeconds: 10) == 30)
    }

    @Test func leftoverTimeBecomesTheInterpolationFactor() {
        var clock = FixedStepClock(stepSeconds: 0.01)
        #expect(clock.advance(bySeconds: 0.025) == 2)
        #expect(abs(clock.alpha - 0.5) < 1e-9)
        clock.reset()
        #expect(clock.alpha == 0)
    }

    @Test func nonsenseTimeTakesNoSteps() {
        var clock = FixedStepClock()
        #expect(clock.advance(bySeconds: -1) == 0)
        #expect(clock.advance(bySeconds: .nan) == 0)
        #expect(clock.advance(bySeconds: .infinity) == 0)
    }
}

@Suite struct TweenTests {
    @Test func easesFromStartToEndMonotonically() {
        var tween = Tween(from: 1, to: 2, durationSeconds: 0.25)
        var last = tween.value
        #expect(last == 1)
        while !tween.isFinished {
            tween.step(bySeconds: 1.0 / 120)
            #expect(tween.value >= last)
            last = tween.value
        }
        #expect(tween.value == 2)
    }

    @Test func zeroDurationJumpsToTheEnd() {
        #expect(Tween(from: 0, to: 5, durationSeconds: 0).value == 5)
    }
}

@Suite struct ViewStateTests {
    @Test func animatedZoomReachesItsTargetAboutTheAnchorAndStops() {
        var view = ViewState(camera: Camera(origin: Vec2(640, 400), zoom: 1))
        let anchor = Vec2(640, 400)
        let mapAnchor = view.camera.mapPoint(ofScreen: anchor)
        view.animateZoom(to: 1.25, about: anchor)
        #expect(view.isAnimating)
        var steps = 0
        while view.isAnimating && steps < 1000 {
            view.step(bySeconds: 1.0 / 120)
            #expect(view.camera.screenPoint(ofMap: mapAnchor).distance(to: anchor) < 1e-9)
            steps += 1
        }
        #expect(view.camera.zoom == 1.25)
        #expect(steps <= 32, "a quarter second at 120 Hz, plus the settling step")
    }

    @Test func zoomTargetIsClamped() {
        var view = ViewState(camera: Camera())
        view.animateZoom(to: 40, about: .zero)
        for _ in 0..<100 { view.step(bySeconds: 1.0 / 120) }
        #expect(view.camera.zoom == 2)
    }

    @Test func interpolatedCameraLiesBetweenTheLastTwoSteps() {
        var view = ViewState(camera: Camera(zoom: 1))
        view.animateZoom(to: 2, about: .zero)
        view.step(bySeconds: 0.1)
        let before = view.previousCamera.zoom, after = view.camera.zoom
        let drawn = view.camera(interpolatedBy: 0.5).zoom
        #expect(before < drawn && drawn < after)
    }

    @Test func aStillViewIsNotAnimating() {
        var view = ViewState(camera: Camera())
        #expect(!view.isAnimating)
        view.updateCamera { $0.pan(by: Vec2(5, 0)) }
        #expect(view.isAnimating, "moved since the last step: one more frame to draw")
        view.step(bySeconds: 1.0 / 120)
        #expect(!view.isAnimating)
    }
}
