import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's picture stands above its text, at its own aspect (at most 240 map units wide), or as
/// a placeholder box while its size is unknown or it cannot be shown; the scene draws it.
@Suite struct ImageLayoutTests {
    let withoutImages = NodeSizing(measurer: FixedAdvanceMeasurer())

    func sized(_ text: String, image: String?, sizes: ImageSizes = ImageSizes()) -> Node {
        var node = Node(id: NodeID(1), text: text, position: .zero)
        node.style.shape = .roundedBox
        node.image = image
        NodeSizing(measurer: FixedAdvanceMeasurer(), imageSizes: sizes).apply(to: &node)
        return node
    }

    // MARK: - Sizing

    @Test func aKnownPictureIsShownAtItsAspectAboveTheText() {
        let plain = sized("Cat", image: nil)
        let node = sized("Cat", image: "cat.png", sizes: ImageSizes(["cat.png": .size(Vec2(480, 240))]))
        #expect(node.imageFound)
        #expect(node.imageSize == Vec2(240, 120), "scaled down to the widest, keeping 2:1")
        #expect(node.size.y == plain.textSize.y + 120 + NodeSizing.imageGap + 2 * NodeSizing.Metrics.standard.padding.y)
        #expect(node.size.x >= 240)
        #expect(node.textOffset.y > 0 && node.imageOffset.y < 0, "the text under the picture")
    }

    @Test func aSmallPictureIsNotEnlarged() {
        let node = sized("", image: "dot.png", sizes: ImageSizes(["dot.png": .size(Vec2(50, 30))]))
        #expect(node.imageSize == Vec2(50, 30))
    }

    @Test(arguments: [ImageSizes(), ImageSizes(["cat.png": .missing])])
    func anUnknownOrMissingPictureTakesThePlaceholdersPlace(sizes: ImageSizes) {
        let node = sized("Cat", image: "cat.png", sizes: sizes)
        #expect(!node.imageFound)
        #expect(node.imageSize == NodeSizing.placeholderImageSize)
        #expect(node.size.y > NodeSizing.placeholderImageSize.y)
    }

    @Test func settingAnImageIsOneUndoableChangeThatResizesTheNode() {
        var document = Document(rootText: "Cat")
        document.measureAll(with: withoutImages)
        let before = document.root.size
        let transaction = document.transact("Image", sizing: withoutImages,
                                            [.setDetails(node: document.rootID, from: document.root.details,
                                                         to: document.root.details.with(image: "cat.png"))])
        #expect(document.root.image == "cat.png")
        #expect(document.root.size.y > before.y)
        transaction.undo(on: &document, sizing: withoutImages)
        #expect(document.root.image == nil && document.root.size == before)
    }

    // MARK: - Scene

    func scene(_ image: String, sizes: ImageSizes) -> DrawList {
        var document = Document(rootText: "Cat")
        document.modify(document.rootID) { $0.image = image }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer(), imageSizes: sizes))
        var list = DrawList()
        SceneBuilder(theme: .classic).build(document: document, camera: Camera(origin: Vec2(400, 300)), viewportSize: Vec2(800, 600),
                                            pixelScale: 1, selection: [], into: &list)
        return list
    }

    @Test func aVisibleNodeWithAPictureGetsAnImageCommandAboveItsLabel() throws {
        let list = scene("cat.png", sizes: ImageSizes(["cat.png": .size(Vec2(100, 50))]))
        let image = try #require(list.images.first)
        #expect(list.images.count == 1 && image.path == "cat.png" && image.found)
        #expect(abs(image.rect.width - 100) < 0.01 && abs(image.rect.height - 50) < 0.01)
        let label = try #require(list.labels.first { $0.text == "Cat" })
        #expect(label.center.y > image.rect.center.y + 25, "the text stands under the picture")
        #expect(!list.labels.contains { $0.text == "cat.png" })
    }

    @Test func aMissingPictureIsAPlaceholderNamingTheFile() throws {
        let plain = scene("pics/cat.png", sizes: ImageSizes())
        let list = scene("pics/cat.png", sizes: ImageSizes(["pics/cat.png": .missing]))
        #expect(list.images.map(\.found) == [false])
        #expect(list.labels.contains { $0.text == "cat.png" })
        #expect(list.vertexCount > 0 && plain.vertexCount == list.vertexCount)
    }
}

extension NodeDetails {
    func with(image: String?) -> NodeDetails {
        var copy = self
        copy.image = image
        return copy
    }
}

extension ImageLayoutTests {
    @Test func svgExportShowsThePictureAboveTheText() throws {
        var document = Document(rootText: "Cat")
        document.modify(document.rootID) { $0.image = "pics/cat & dog.png" }
        document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer(), imageSizes: ImageSizes(["pics/cat & dog.png": .size(Vec2(100, 50))])))
        let svg = String(decoding: SVGExport.encode(document, theme: .classic), as: UTF8.self)
        #expect(svg.contains("<image href=\"pics/cat &amp; dog.png\""))
        #expect(svg.contains("width=\"100.0\" height=\"50.0\""))
    }
}
