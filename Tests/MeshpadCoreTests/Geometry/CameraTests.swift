import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct CameraTests {
    static let cameras: [Camera] = [
        Camera(),
        Camera(origin: Vec2(640, 400), zoom: 1),
        Camera(origin: Vec2(-1234.5, 987.25), zoom: 0.1),
        Camera(origin: Vec2(17, -3), zoom: 2),
        Camera(origin: Vec2(300, 200), zoom: 0.37),
    ]

    @Test(arguments: cameras)
    func screenToMapToScreenRoundTrips(camera: Camera) {
        for screen in [Vec2(0, 0), Vec2(640, 400), Vec2(1279, 799), Vec2(-50, 3000)] {
            let back = camera.screenPoint(ofMap: camera.mapPoint(ofScreen: screen))
            #expect(back.distance(to: screen) < 1e-9)
        }
    }

    @Test(arguments: cameras, [0.5, 1.25, 3, 0.01, 100])
    func zoomAboutPointKeepsThatPointFixed(camera: Camera, factor: Double) {
        var camera = camera
        let anchor = Vec2(412.5, 233)
        let mapBefore = camera.mapPoint(ofScreen: anchor)
        camera.zoom(by: factor, about: anchor)
        #expect(camera.screenPoint(ofMap: mapBefore).distance(to: anchor) < 1e-9)
        #expect(Camera.defaultZoomLimits.contains(camera.zoom))
    }

    @Test func zoomIsClampedToDefaultLimits() {
        var camera = Camera()
        camera.setZoom(50, about: Vec2(10, 10))
        #expect(camera.zoom == 2.0)
        camera.setZoom(0.0001, about: Vec2(10, 10))
        #expect(camera.zoom == 0.1)
        #expect(Camera(zoom: 9).zoom == 2.0)
    }

    @Test func zoomingAtTheClampDoesNotDrift() {
        var camera = Camera(origin: Vec2(100, 50), zoom: 2)
        for _ in 0..<100 { camera.zoom(by: 1.1, about: Vec2(500, 300)) }
        #expect(camera.origin == Vec2(100, 50))
        #expect(camera.zoom == 2)
    }

    @Test func nonFiniteInputIsIgnored() {
        var camera = Camera(origin: Vec2(10, 20), zoom: 1)
        camera.pan(by: Vec2(.nan, 1))
        camera.setZoom(.infinity, about: .zero)
        camera.setZoom(1.5, about: Vec2(.nan, 0))
        camera.place(mapPoint: Vec2(.infinity, 0), atScreen: .zero)
        #expect(camera == Camera(origin: Vec2(10, 20), zoom: 1))
    }

    @Test func panMovesTheMapWithTheFinger() {
        var camera = Camera(origin: Vec2(0, 0), zoom: 0.5)
        let mapPoint = camera.mapPoint(ofScreen: Vec2(100, 100))
        camera.pan(by: Vec2(30, -20))
        #expect(camera.screenPoint(ofMap: mapPoint) == Vec2(130, 80))
    }

    @Test func frameFitsTheRectCentredAndNeverAboveMaxZoom() {
        var camera = Camera()
        let big = Rect(x: -5000, y: -1000, width: 10000, height: 2000)
        camera.frame(big, viewportSize: Vec2(1280, 800), marginPixels: 40)
        #expect(abs(camera.zoom - 1200.0 / 10000) < 1e-12)
        #expect(camera.screenPoint(ofMap: big.center).distance(to: Vec2(640, 400)) < 1e-9)

        let small = Rect(x: 0, y: 0, width: 100, height: 50)
        camera.frame(small, viewportSize: Vec2(1280, 800))
        #expect(camera.zoom == 1)
    }

    @Test func visibleRectIsTheViewportInMapUnits() {
        let camera = Camera(origin: Vec2(100, 200), zoom: 2)
        let visible = camera.visibleMapRect(viewportSize: Vec2(800, 600))
        #expect(visible == Rect(x: -50, y: -100, width: 400, height: 300))
    }

    @Test func interpolationEndsAtBothStatesAndStaysInClamp() {
        let a = Camera(origin: Vec2(0, 0), zoom: 0.5)
        let b = Camera(origin: Vec2(100, -40), zoom: 2)
        #expect(a.interpolated(to: b, alpha: 0) == a)
        #expect(a.interpolated(to: b, alpha: 1) == b)
        let mid = a.interpolated(to: b, alpha: 0.5)
        #expect(abs(mid.zoom - 1) < 1e-12)
        #expect(mid.origin == Vec2(50, -20))
    }
}

extension Camera: CustomTestStringConvertible {
    public var testDescription: String { "Camera(origin: \(origin), zoom: \(zoom))" }
}
