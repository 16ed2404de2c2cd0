import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools

extension EndToEndTests {
    /// `meshpad convert IN OUT`: a map in, any format out, its pictures found beside it.
    @Suite(.serialized) @MainActor
    struct ConverterTests {
        func temporaryFolder() throws -> String {
            let folder = NSTemporaryDirectory() + "meshpad-convert-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            return folder
        }

        func magentaPixels(inPNG path: String) throws -> Int {
            try #require(PixelBuffer(contentsOf: path)).pixels.filter { $0 & 0xFF_FFFF == 0xFF_00FF }.count
        }

        @Test func aMapConvertedToPNGShowsItsPicturesFromTheMapsFolder() throws {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var png = PixelBuffer(width: 60, height: 40)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 60 * 40)
            try PNGWriter.write(png, to: folder + "/pic.png")
            var document = Document(rootText: "Picture")
            document.modify(document.rootID) { $0.image = "pic.png" }
            try NativeFormat.encode(document).write(to: URL(fileURLWithPath: folder + "/map.meshpad"))
            _ = try Converter.convert(input: folder + "/map.meshpad", output: folder + "/map.png", scale: 1)
            let magenta = try magentaPixels(inPNG: folder + "/map.png")
            #expect(magenta >= 50 * 30, "the picture drawn at its size: \(magenta) pixels")
        }
    }
}
