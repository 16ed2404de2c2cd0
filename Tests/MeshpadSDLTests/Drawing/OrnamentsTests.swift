import Foundation
@testable import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// Icons and shadows as real pixels (issue 29): an SVG icon drawn through SDL2_image in its
    /// tint, and a soft shadow that fades rather than a hard grey frame.
    @Suite(.serialized) @MainActor
    struct OrnamentsTests {
        func withCanvas(_ body: (Canvas) throws -> Void) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let canvas = try Canvas(title: "test", size: PixelSize(width: 400, height: 300), theme: .light, hidden: true, preferSoftware: true)
                try body(canvas)
            }
        }

        @Test func anIconIsDrawnFromItsSVGInItsTintAndAMissingOneDrawsNothing() throws {
            try withCanvas { canvas in
                let ornaments = canvas.painter.ornaments
                #expect(ornaments.iconFolder != nil, "the source tree's Assets/icons/ui is found from the test binary")
                var list = DrawList()
                let red = RGBA(hex: 0xD01010)
                list.icons = [DrawList.Icon(name: "plus", rect: Rect(x: 100, y: 100, width: 48, height: 48), color: red),
                              DrawList.Icon(name: "no-such-icon", rect: Rect(x: 200, y: 100, width: 48, height: 48), color: red)]
                canvas.renderer.clear(to: RGBA(hex: 0xFFFFFF))
                ornaments.drawIcons(of: list)
                let pixels = try canvas.renderer.readPixels()
                func reddish(_ c: RGBA?) -> Bool { c.map { $0.r > 150 && $0.g < 120 && $0.b < 120 } ?? false }
                var inked = 0, strays = 0
                for y in 100..<148 {
                    for x in 100..<148 where reddish(pixels.color(atX: x, y: y)) { inked += 1 }
                    for x in 200..<248 where pixels.color(atX: x, y: y) != RGBA(hex: 0xFFFFFF) { strays += 1 }
                }
                #expect(inked > 100, "the plus's strokes, in the tint: \(inked) pixels")
                #expect(pixels.color(atX: 104, y: 104) == RGBA(hex: 0xFFFFFF), "a corner of the plus is left clear")
                #expect(strays == 0, "an icon with no file draws nothing")
            }
        }

        @Test func aShadowFadesOutwardsFromItsBox() throws {
            try withCanvas { canvas in
                var list = DrawList()
                list.shadows = [DrawList.Shadow(rect: Rect(x: 100, y: 100, width: 120, height: 60), blur: 12, color: RGBA(0, 0, 0, 200))]
                canvas.renderer.clear(to: RGBA(hex: 0xFFFFFF))
                canvas.painter.ornaments.drawShadows(of: list)
                let pixels = try canvas.renderer.readPixels()
                func darkness(_ x: Int, _ y: Int) -> Int { 255 - Int(pixels.color(atX: x, y: y)?.g ?? 255) }
                // Below the box's bottom edge, going down: darker near it, fading to nothing.
                let near = darkness(160, 161), middle = darkness(160, 166), far = darkness(160, 171), beyond = darkness(160, 180)
                #expect(near > middle && middle > far, "a gradient: \(near), \(middle), \(far)")
                #expect(beyond == 0, "nothing past the blur")
                // Round the corner too: no hard square frame.
                #expect(darkness(94, 166) < darkness(99, 161))
                #expect(darkness(160, 95) == 0, "it falls below and beside the box, not above it")
                #expect(darkness(160, 130) == 0, "under the box (where the node lies) nothing is drawn")
            }
        }

        @Test func theIconsAreFoundBesideAnInstalledBinaryOrInTheSourceTree() throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-icons-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let installed = root.appendingPathComponent("usr/share/meshpad/icons")
            try FileManager.default.createDirectory(at: installed, withIntermediateDirectories: true)
            #expect(Ornaments.findIconFolder(environment: [:], executable: root.appendingPathComponent("usr/bin/meshpad").path) == installed.path)
            let tree = root.appendingPathComponent("clone/Assets/icons/ui")
            try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
            #expect(Ornaments.findIconFolder(environment: [:], executable: root.appendingPathComponent("clone/.build/release/meshpad").path)
                    == tree.path)
            #expect(Ornaments.findIconFolder(environment: ["MESHPAD_ICONS": "/elsewhere"], executable: nil) == "/elsewhere")
            #expect(Ornaments.findIconFolder(environment: [:], executable: root.appendingPathComponent("nowhere/bin/meshpad").path) == nil)
        }
    }
}
