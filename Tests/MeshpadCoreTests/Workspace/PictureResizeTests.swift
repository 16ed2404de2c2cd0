import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's picture resized by the handle at its bottom-right corner, by finger or mouse: the
/// aspect kept, within a smallest and a largest size, the node and the layout following, one
/// undo step a drag; put back by Original size; kept as Freeplane's `SIZE` in `.mm`.
@Suite struct PictureResizeTests {
    static let pixels = Vec2(200, 100)

    /// The sample map with a 200×100 picture on "food", selected, its size known.
    static func rig(selecting: Bool = true) -> EditRig {
        var rig = EditRig()
        let food = rig.id("food")
        rig.workspace.document.modify(food) { $0.image = "cat.png" }
        rig.workspace.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer(), imageSizes: ImageSizes(["cat.png": .size(pixels)])))
        if selecting { rig.tap(rig.screen(of: food)) }
        return rig
    }

    static func handle(_ rig: EditRig) throws -> Vec2 {
        try #require(rig.workspace.pictureHandles.first?.center, "a handle on the selected picture")
    }

    static func picture(_ rig: EditRig, _ id: NodeID) throws -> Rect {
        let node = try #require(rig.document.node(id))
        return Rect(center: node.position + node.imageOffset, width: node.imageSize.x, height: node.imageSize.y)
    }

    // MARK: - By the handle

    @Test func draggingTheHandleGrowsThePictureKeepingItsAspectAndItsCornerAsOneUndoStep() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let before = try Self.picture(rig, food)
        let node = try #require(rig.document.node(food))
        let steps = rig.workspace.history.done.count
        let handle = try Self.handle(rig)
        rig.fingerDrag(from: handle, to: handle + Vec2(100, 20))
        let after = try Self.picture(rig, food)
        #expect(after.width > before.width + 80 && after.width < before.width + 120, "\(before.width) → \(after.width)")
        #expect(abs(after.width / after.height - 2) < 1e-6, "the aspect is kept")
        #expect(after.origin.distance(to: before.origin) < 1e-6, "its top-left corner stays put")
        let grown = try #require(rig.document.node(food))
        #expect(grown.size.x > node.size.x && grown.size.y > node.size.y, "the node grows round it")
        #expect(grown.imageScale.map { abs($0 - after.width / Self.pixels.x) < 1e-9 } == true)
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        rig.key("Z", .ctrl)
        rig.settle()
        #expect(try Self.picture(rig, food) == before && rig.document.node(food)?.imageScale == nil)
        #expect(rig.document.node(food)?.position == node.position, "undone, the node is where it was")
    }

    @Test func theMouseDragsTheHandleTooAndAPressOnItDoesNotMoveTheNode() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let before = try Self.picture(rig, food)
        let handle = try Self.handle(rig)
        rig.mouseDrag(from: handle, to: handle - Vec2(100, 50))
        let after = try Self.picture(rig, food)
        #expect(abs(after.width - (before.width - 100)) < 1, "dragged straight along the diagonal, the corner follows: \(after.width)")
        #expect(after.origin.distance(to: before.origin) < 1e-6)
        #expect(try Self.handle(rig).distance(to: handle - Vec2(100, 50)) < 1e-6, "the handle is where the pointer let go")
    }

    @Test(arguments: [(Vec2(-500, -500), NodeSizing.smallestImageSide), (Vec2(5000, 2500), NodeSizing.largestImageSide)])
    func aPictureStaysBetweenItsSmallestAndLargestSize(pull: Vec2, longerSide: Double) throws {
        var rig = Self.rig()
        let handle = try Self.handle(rig)
        rig.fingerDrag(from: handle, to: handle + pull)
        let after = try Self.picture(rig, rig.id("food"))
        #expect(abs(after.width - longerSide) < 1e-6, "\(after.width)")
        #expect(abs(after.width / after.height - 2) < 1e-6)
    }

    @Test func theScaleIsTheReachProjectedOnTheDiagonalWithinItsLimits() {
        let pixels = Vec2(300, 400)
        #expect(abs(NodeSizing.imageScale(pixels: pixels, reaching: Vec2(150, 200)) - 0.5) < 1e-12)
        #expect(abs(NodeSizing.imageScale(pixels: pixels, reaching: Vec2(0, 250)) - 0.4) < 1e-12, "straight down still resizes")
        #expect(NodeSizing.imageScale(pixels: pixels, reaching: Vec2(-10, -10)) == 32.0 / 400)
        #expect(NodeSizing.imageScaleLimits(pixels: Vec2(8, 8)) == 4...16, "a tiny picture: at least 32 long, at most 16 times its pixels")
        #expect(NodeSizing.imageScale(pixels: pixels, reaching: Vec2(.nan, 1)) == 32.0 / 400)
    }

    @Test func aTreeMapMakesRoomForAGrownPicture() throws {
        var rig = Self.rig(selecting: false)
        rig.workspace.perform(.tidy)
        rig.settle()
        let food = rig.id("food")
        rig.tap(rig.screen(of: food))
        let handle = try Self.handle(rig)
        rig.fingerDrag(from: handle, to: handle + Vec2(160, 80))
        rig.settle()
        #expect(rig.document.layoutMode == .tree, "resizing is no drag: the map stays tidy")
        let nodes = rig.document.nodes
        for (k, a) in nodes.enumerated() {
            for b in nodes[(k + 1)...] { #expect(!a.frame.intersects(b.frame), "\(a.text) and \(b.text) overlap") }
        }
    }

    @Test func aSecondFingerEndsTheResizeAsItsOwnStepAndPinches() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let steps = rig.workspace.history.done.count
        let handle = try Self.handle(rig)
        rig.send(.fingerDown(id: 1, position: handle), after: 0.5)
        for k in 1...4 { rig.send(.fingerMove(id: 1, position: handle + Vec2(Double(k) * 10, Double(k) * 5)), after: 0.016) }
        let resized = rig.document.node(food)?.imageScale
        #expect(resized != nil)
        rig.send(.fingerDown(id: 2, position: Vec2(100, 500)), after: 0.016)
        #expect(rig.workspace.history.done.count == steps + 1 && rig.workspace.history.open == nil, "committed")
        rig.send(.fingerMove(id: 2, position: Vec2(60, 540)), after: 0.016)
        rig.send(.fingerUp(id: 2, position: Vec2(60, 540)), after: 0.016)
        rig.send(.fingerUp(id: 1, position: handle), after: 0.016)
        #expect(rig.document.node(food)?.imageScale == resized, "the pinch resized nothing more")
    }

    @Test func noHandleWithoutASelectionInAReadOnlyMapOrWhileTheTextIsEdited() throws {
        var rig = Self.rig(selecting: false)
        #expect(rig.workspace.pictureHandles.isEmpty)
        rig.tap(rig.screen(of: rig.id("food")))
        let handle = try Self.handle(rig)
        rig.workspace.perform(.editText)
        #expect(rig.workspace.pictureHandles.isEmpty, "the picture is hidden while its text is edited")
        rig.key("Escape")
        rig.workspace.lockdown.isReadOnly = true
        #expect(rig.workspace.pictureHandles.isEmpty)
        let before = try Self.picture(rig, rig.id("food"))
        rig.fingerDrag(from: handle, to: handle + Vec2(80, 40))
        #expect(try Self.picture(rig, rig.id("food")) == before, "a read-only map keeps its pictures' sizes")
    }

    @Test func theSceneDrawsTheHandleWhereItIsHitTested() throws {
        let rig = Self.rig()
        let centre = try Self.handle(rig)
        func vertices(resizable: Bool) -> Int {
            var list = DrawList()
            var extras = rig.workspace.sceneExtras
            extras.picturesResizable = resizable
            SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                                 selection: rig.workspace.selection.nodes, extras: extras, into: &list)
            return stride(from: 0, to: list.positions.count, by: 2).filter {
                Vec2(Double(list.positions[$0]), Double(list.positions[$0 + 1])).distance(to: centre) <= PictureHandle.radiusPixels + 2
            }.count
        }
        #expect(vertices(resizable: true) > vertices(resizable: false) + 8, "a disc and its grip")
    }

    // MARK: - Original size

    @Test func originalSizeIsOfferedOnceResizedAndPutsTheSizeBackAsOneStep() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let before = try Self.picture(rig, food)
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        #expect(!MenuTests.rows(rig).contains("Original size"), "nothing to put back yet")
        rig.key("Escape")
        let handle = try Self.handle(rig)
        rig.fingerDrag(from: handle, to: handle + Vec2(60, 30))
        MenuTests.longPress(&rig, at: rig.screen(of: food))
        MenuTests.tapRow(&rig, "Original size")
        #expect(try Self.picture(rig, food).size == before.size && rig.document.node(food)?.imageScale == nil)
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.imageScale != nil, "one undo step")
    }

    @Test func anotherPictureIsShownAtItsOwnSize() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let handle = try Self.handle(rig)
        rig.fingerDrag(from: handle, to: handle + Vec2(60, 30))
        rig.workspace.setImage("dog.png", on: food)
        #expect(rig.document.node(food)?.imageScale == nil)
    }

    // MARK: - Files

    static let xml = """
    <map version="freeplane 1.9.13">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="cat" POSITION="right" ID="ID_2">
    <hook URI="cat.png" SIZE="0.5" NAME="ExternalObject"/>
    </node>
    <node TEXT="dog" POSITION="right" ID="ID_3">
    <hook URI="dog.png" NAME="ExternalObject"/>
    </node>
    </node>
    </map>
    """

    @Test func freeplanesSizeIsReadShownAndWrittenBackAsItWas() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let cat = nodeID(document, "cat"), dog = nodeID(document, "dog")
        #expect(document.node(cat)?.imageScale == 0.5 && document.node(dog)?.imageScale == nil)
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer(), imageSizes: ImageSizes(["cat.png": .size(Vec2(400, 300))])))
        #expect(document.node(cat)?.imageSize == Vec2(200, 150), "SIZE is a zoom over the picture's pixels")
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document))) == nil)
    }

    @Test func aResizedPictureChangesItsSizeAttributeOnly() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let cat = nodeID(document, "cat"), dog = nodeID(document, "dog")
        document.modify(cat) { $0.imageScale = 0.75 }
        document.modify(dog) { $0.imageScale = 1.6508051 }
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        #expect(changed.removed.sorted() == ["<hook NAME=\"ExternalObject\" SIZE=\"0.5\" URI=\"cat.png\"",
                                             "<hook NAME=\"ExternalObject\" URI=\"dog.png\""], "\(changed)")
        #expect(changed.added.sorted() == ["<hook NAME=\"ExternalObject\" SIZE=\"0.75\" URI=\"cat.png\"",
                                           "<hook NAME=\"ExternalObject\" SIZE=\"1.6508051\" URI=\"dog.png\""], "\(changed)")
        document.modify(cat) { $0.imageScale = nil }
        let back = try FreeMindFormat.decode(FreeMindFormat.encode(document)).document
        #expect(back.node(nodeID(back, "cat"))?.imageScale == nil, "Original size drops SIZE")
        #expect(back.node(nodeID(back, "dog"))?.imageScale.map { abs($0 - 1.6508051) < 1e-6 } == true)
    }

    @Test func aNewPictureWithASizeIsWrittenWithIt() throws {
        var document = Document(rootText: "Root")
        document.modify(document.rootID) { node in
            node.image = "pics/sun.png"
            node.imageScale = 2
        }
        let xml = String(decoding: FreeMindFormat.encode(document), as: UTF8.self)
        #expect(xml.contains("<hook NAME=\"ExternalObject\" URI=\"pics/sun.png\" SIZE=\"2.0\"/>"), "\(xml)")
        #expect(try FreeMindFormat.decode(Data(xml.utf8)).document.root.imageScale == 2)
    }

    @Test func aMeshpadFileKeepsTheSizeOnItsFastAndThoroughPaths() throws {
        var document = try FreeMindFormat.decode(Data(Self.xml.utf8)).document
        let dog = nodeID(document, "dog")
        document.modify(dog) { $0.imageScale = 1.25 }
        let data = try NativeFormat.encode(document)
        #expect(NativeReader.file(from: data) != nil, "the fast reader knows the key")
        let back = try NativeFormat.decode(data)
        #expect(back.node(dog)?.imageScale == 1.25 && back.node(nodeID(back, "cat"))?.imageScale == 0.5)
        let xml = try Canonical.lines(FreeMindFormat.encode(back))
        #expect(xml.contains("<hook NAME=\"ExternalObject\" SIZE=\"1.25\" URI=\"dog.png\""), "the kept record knows what was read")
        let bad = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\"imageScale\":1.25", with: "\"imageScale\":-1")
        #expect(throws: FormatError.self) { try NativeFormat.decode(Data(bad.utf8)) }
        let change = Change.setDetails(node: dog, from: NodeDetails(image: "dog.png"), to: NodeDetails(image: "dog.png", imageScale: 0.5))
        #expect(try JSONDecoder().decode(Change.self, from: JSONEncoder().encode(change)) == change)
    }
}
