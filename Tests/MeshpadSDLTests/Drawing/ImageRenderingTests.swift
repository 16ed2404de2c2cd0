import CSDL2
import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// A node's picture, read from disk with SDL2_image, is drawn inside the node; one that is
    /// not there is a placeholder box, and nothing crashes.
    @Suite(.serialized) @MainActor
    struct ImageRenderingTests {
        let theme = Theme.classic
        static let magenta = RGBA(255, 0, 255)

        func withCanvas(_ body: (Canvas) throws -> Void) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let canvas = try Canvas(title: "test", size: PixelSize(width: 800, height: 600), theme: theme, hidden: true,
                                        preferSoftware: true)
                try body(canvas)
            }
        }

        func temporaryFolder() throws -> String {
            let folder = NSTemporaryDirectory() + "meshpad-images-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }

        /// Paints a one-node map showing `image`, pictures read from `folder`; returns the pixel
        /// at the picture's centre.
        func pictureCentre(_ image: String, folder: String, on canvas: Canvas) throws -> (RGBA?, Node) {
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = image }
            return try pictureCentre(of: document, folder: folder, on: canvas)
        }

        /// Paints `document` (whose root shows a picture), pictures read from `folder`; returns
        /// the pixel at the picture's centre.
        func pictureCentre(of document: Document, folder: String, on canvas: Canvas) throws -> (RGBA?, Node) {
            var document = document
            canvas.painter.images.folder = folder
            canvas.painter.images.learn(document)
            document.measureAll(with: canvas.sizing)
            let camera = canvas.framingCamera(for: document)
            canvas.paint(document: document, camera: camera, selection: [])
            let pixels = try canvas.renderer.readPixels()
            let centre = camera.screenPoint(ofMap: document.root.position + document.root.imageOffset)
            return (pixels.color(atX: Int(centre.x), y: Int(centre.y)), document.root)
        }

        @Test func aNodesPictureIsDrawnInsideIt() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var png = PixelBuffer(width: 80, height: 60)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 80 * 60)
            try PNGWriter.write(png, to: folder + "/pic.png")
            try withCanvas { canvas in
                let (colour, node) = try pictureCentre("pic.png", folder: folder, on: canvas)
                #expect(canvas.painter.images.sizes["pic.png"] == .size(Vec2(80, 60)))
                #expect(node.imageFound && node.imageSize == Vec2(80, 60))
                #expect(colour == Self.magenta, "\(String(describing: colour))")
                #expect(canvas.painter.lastDrawList.images.count == 1)
            }
        }

        @Test(arguments: ["not-there.png", "broken.png"])
        func aMissingOrBrokenPictureIsAPlaceholder(name: String) throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/broken.png"))
            try withCanvas { canvas in
                let (colour, node) = try pictureCentre(name, folder: folder, on: canvas)
                #expect(canvas.painter.images.sizes[name] == .missing)
                #expect(!node.imageFound && node.imageSize == NodeSizing.placeholderImageSize)
                #expect(colour != Self.magenta)
                #expect(canvas.painter.lastDrawList.labels.contains { $0.text == name })
            }
        }

        /// How many pixels of a PNG file are magenta.
        func magentaPixels(inPNG path: String) throws -> Int {
            try #require(PixelBuffer(contentsOf: path)).pixels.filter { $0 & 0xFF_FFFF == 0xFF_00FF }.count
        }

        /// `meshpad render map OUT.png` shows the map's pictures as the app does: from beside
        /// the map, and from the copy a `.meshpad` keeps once the file is gone.
        @Test func theRenderVerbDrawsAMapsPicturesFromItsFolderAndFromTheCopyItKeeps() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try writeMagentaPNG(folder + "/pic.png", width: 60, height: 40)
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = "pic.png" }
            document.keepPictures(PictureEmbedding.look(for: document, in: folder))
            _ = try DocumentFile.write(document, to: folder + "/map.meshpad", as: .native)
            let size = PixelSize(width: 400, height: 300)
            try HeadlessRender.render(try MapFile.read(folder + "/map.meshpad").document, size: size, mapFolder: folder,
                                      to: folder + "/beside.png")
            #expect(try magentaPixels(inPNG: folder + "/beside.png") >= 50 * 30, "the file beside the map")
            try FileManager.default.removeItem(atPath: folder + "/pic.png")
            try HeadlessRender.render(try MapFile.read(folder + "/map.meshpad").document, size: size, mapFolder: folder,
                                      to: folder + "/kept.png")
            #expect(try magentaPixels(inPNG: folder + "/kept.png") >= 50 * 30, "the copy the map keeps")
        }

        // MARK: - Pictures kept inside a .meshpad

        /// The map mailed without its picture: the picture is drawn from the copy the `.meshpad`
        /// keeps, at its own size, not as the missing-picture box.
        @Test func aPictureWhoseFileIsGoneIsDrawnFromTheCopyInsideTheMap() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try writeMagentaPNG(folder + "/pic.png", width: 80, height: 60)
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = "pic.png" }
            document.keepPictures(PictureEmbedding.look(for: document, in: folder))
            _ = try DocumentFile.write(document, to: folder + "/map.meshpad", as: .native)
            try FileManager.default.removeItem(atPath: folder + "/pic.png")
            let reopened = try MapFile.read(folder + "/map.meshpad").document
            try withCanvas { canvas in
                let (colour, node) = try pictureCentre(of: reopened, folder: folder, on: canvas)
                #expect(canvas.painter.images.sizes["pic.png"] == .size(Vec2(80, 60)))
                #expect(node.imageFound && node.imageSize == Vec2(80, 60))
                #expect(colour == Self.magenta, "\(String(describing: colour))")
                #expect(!canvas.painter.lastDrawList.labels.contains { $0.text == "pic.png" }, "no missing-picture box")
            }
        }

        /// In the running app the copy is decoded as a file is: on the picture thread, never on the frame.
        @Test func aCopyInsideTheMapIsDecodedOffTheFrame() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try writeMagentaPNG(folder + "/copy.png", width: 300, height: 200)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/copy.png"))
            try FileManager.default.removeItem(atPath: folder + "/copy.png")
            try withCanvas { canvas in
                let images = canvas.painter.images
                images.folder = folder
                images.embedded = ["copy.png": EmbeddedPicture(name: "copy.png", bytes: bytes)]
                #expect(images.texture(for: "copy.png", drawnAt: Vec2(300, 200), now: false) == nil, "not decoded on the frame")
                let deadline = Date().addingTimeInterval(10)
                while !images.hasDecoded && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                images.takeDecoded()
                #expect(images.sizes["copy.png"] == .size(Vec2(300, 200)))
                #expect(textureWidth(images.texture(for: "copy.png", drawnAt: Vec2(300, 200), now: false)) == 300)
            }
        }

        /// A copy that is not a picture (a doctored or damaged map) is the placeholder box with the
        /// file's name, as a broken file is.
        @Test func aCopyThatIsNotAPictureIsThePlaceholderNamingTheFile() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = "pic.png" }
            document.keepPictures(["pic.png": .small(EmbeddedPicture(name: "pic.png", bytes: Data("not a picture".utf8)))])
            try withCanvas { canvas in
                let (colour, node) = try pictureCentre(of: document, folder: folder, on: canvas)
                #expect(canvas.painter.images.sizes["pic.png"] == .missing)
                #expect(!node.imageFound && node.imageSize == NodeSizing.placeholderImageSize)
                #expect(colour != Self.magenta)
                #expect(canvas.painter.lastDrawList.labels.contains { $0.text == "pic.png" })
            }
        }

        /// While the file is there it is what is shown (it may have been edited since the save).
        @Test func theFileOnDiskIsShownBeforeTheCopyInsideTheMap() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try writeMagentaPNG(folder + "/pic.png", width: 30, height: 20)
            let older = try Data(contentsOf: URL(fileURLWithPath: folder + "/pic.png"))
            try writeMagentaPNG(folder + "/pic.png", width: 80, height: 60)
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = "pic.png" }
            document.keepPictures(["pic.png": .small(EmbeddedPicture(name: "pic.png", bytes: older))])
            try withCanvas { canvas in
                _ = try pictureCentre(of: document, folder: folder, on: canvas)
                #expect(canvas.painter.images.sizes["pic.png"] == .size(Vec2(80, 60)))
            }
        }

        /// The texture's width as SDL has it.
        func textureWidth(_ texture: Texture?) -> Int32 {
            var width: Int32 = 0, height: Int32 = 0
            if let texture { SDL_QueryTexture(texture.handle, nil, nil, &width, &height) }
            return width
        }

        /// A photo far out costs a thumbnail's memory; close in it is drawn from the whole picture.
        @Test func aBigPictureIsDrawnFromAThumbnailWhenSmallAndWholeWhenBig() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var png = PixelBuffer(width: 1200, height: 900)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 1200 * 900)
            try PNGWriter.write(png, to: folder + "/photo.png")
            try withCanvas { canvas in
                let images = canvas.painter.images
                images.folder = folder
                var document = Document(rootText: "Photo")
                document.modify(document.rootID) { $0.image = "photo.png" }
                #expect(images.learn(document))
                #expect(images.sizes["photo.png"] == .size(Vec2(1200, 900)), "the size is known from the start")
                let small = images.texture(for: "photo.png", drawnAt: Vec2(120, 90), now: true)
                #expect(textureWidth(small) == ImageCache.thumbnailSide)
                let big = images.texture(for: "photo.png", drawnAt: Vec2(800, 600), now: true)
                #expect(textureWidth(big) == 1200)
            }
        }

        /// In the running app a picture is decoded on another thread: the frame does not wait, the
        /// loop is woken when it is ready, and the next frame draws it.
        @Test func aPictureIsDecodedInTheBackgroundAndThenDrawn() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var png = PixelBuffer(width: 600, height: 400)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 600 * 400)
            try PNGWriter.write(png, to: folder + "/later.png")
            try withCanvas { canvas in
                let images = canvas.painter.images
                images.folder = folder
                #expect(images.texture(for: "later.png", drawnAt: Vec2(600, 400), now: false) == nil, "not decoded on the frame")
                let deadline = Date().addingTimeInterval(10)
                while !images.hasDecoded && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
                #expect(images.hasDecoded)
                var event = SDL_Event()
                #expect(SDL_PollEvent(&event) == 1 && event.type == SDL_USEREVENT.rawValue, "the loop is woken")
                images.takeDecoded()
                #expect(images.takeLearned() && images.sizes["later.png"] == .size(Vec2(600, 400)))
                #expect(textureWidth(images.texture(for: "later.png", drawnAt: Vec2(600, 400), now: false)) == 600)
                #expect(!images.hasDecoded)
            }
        }
    }
}

/// A PNG file of one magenta colour: a picture whose pixels a test can find on screen.
func writeMagentaPNG(_ path: String, width: Int, height: Int) throws {
    var png = PixelBuffer(width: width, height: height)
    png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: width * height)
    try PNGWriter.write(png, to: path)
}
