import CSDL2
import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// Text in every script draws with a font that has its glyphs (the fonts `make deps` installs).
    @Suite(.serialized) @MainActor
    struct FontFallbackTests {
        func withChain(_ body: (FontChain) throws -> Void) throws {
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let chain = FontChain(primary: try Font(path: try FontLocator.labelFontPath(), pixelSize: 24), finder: FallbackFinder())
                try body(chain)
            }
        }

        /// Pixels of a surface as ARGB words.
        func pixels(_ surface: UnsafeMutablePointer<SDL_Surface>) -> [UInt32] {
            guard let converted = SDL_ConvertSurfaceFormat(surface, meshpad_pixelformat_argb8888(), 0) else { return [] }
            defer { SDL_FreeSurface(converted) }
            let w = Int(converted.pointee.w), h = Int(converted.pointee.h), pitch = Int(converted.pointee.pitch)
            var result: [UInt32] = []
            guard let base = converted.pointee.pixels else { return [] }
            for y in 0..<h {
                let row = base.advanced(by: y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<w { result.append(row[x]) }
            }
            return result
        }

        /// A start-up that fails after the fonts opened (no renderer on a Wayland session) used to
        /// die in FreeType: the optimiser ended the session (TTF_Quit) before the fonts closed.
        @Test func aFontOutlivingTheSessionStillMeasuresAndClosesCleanly() throws {
            let font: Font, before: Int
            do {
                let session = try SDLSession(headless: true)
                font = try Font(path: try FontLocator.labelFontPath(), pixelSize: 24)
                before = font.width(of: "every human has a right to")
                withExtendedLifetime(session) {}
            }
            // The session has ended here (its TTF_Quit ran).
            #expect(font.width(of: "every human has a right to") == before)
            #expect(before > 100)
            // The font closes here, after SDL2_ttf's last TTF_Quit from the session.
        }

        @Test(arguments: ["日本語", "中文", "한국어", "😀"])
        func charactersTheLabelFontLacksComeFromAFontThatHasThem(text: String) throws {
            try withChain { chain in
                for scalar in text.unicodeScalars {
                    let index = chain.fontIndex(for: scalar)
                    #expect(chain.fonts[index].provides(scalar.value), "U+\(String(scalar.value, radix: 16)) has a glyph in \(chain.fonts[index].path)")
                }
                let surface = try #require(chain.render(text, color: SDL_Color(r: 0, g: 0, b: 0, a: 255)))
                defer { SDL_FreeSurface(surface) }
                // Drawn as wide as measured, so the caret and the node's size fit the glyphs.
                #expect(abs(Int(surface.pointee.w) - chain.width(of: text[...])) <= 2)
                #expect(pixels(surface).contains { $0 >> 24 > 128 }, "something is inked")
            }
        }

        @Test func hebrewIsDrawnRightToLeft() throws {
            try withChain { chain in
                let word = "שלום"
                let allRightToLeft = chain.runs(of: word[...]).allSatisfy { $0.rightToLeft }
                #expect(allRightToLeft)
                let shaped = try #require(chain.render(word, color: SDL_Color(r: 0, g: 0, b: 0, a: 255)))
                defer { SDL_FreeSurface(shaped) }
                // The same letters reversed, drawn left to right by the font alone, must look the same.
                let font = chain.fonts[chain.fontIndex(for: "ש")]
                font.shape(rightToLeft: false, script: nil)
                let reversed = try #require(TTF_RenderUTF8_Blended(font.handle, String(word.reversed()), SDL_Color(r: 0, g: 0, b: 0, a: 255)))
                defer { SDL_FreeSurface(reversed) }
                #expect(shaped.pointee.w == reversed.pointee.w)
                let a = pixels(shaped), b = pixels(reversed)
                let rows = min(Int(shaped.pointee.h), Int(reversed.pointee.h)), width = Int(shaped.pointee.w)
                var differing = 0
                for i in 0..<(rows * width) where (a[i] >> 24 > 128) != (b[i] >> 24 > 128) { differing += 1 }
                #expect(differing < rows * width / 50, "\(differing) pixels differ")
            }
        }

        @Test func arabicLettersAreJoined() throws {
            try withChain { chain in
                let word = "العربية"
                let runs = chain.runs(of: word[...])
                #expect(runs.count == 1 && runs[0].script == "Arab" && runs[0].rightToLeft)
                // Joined letters are drawn in their connected forms: narrower than each alone.
                let joined = chain.width(of: word[...])
                let isolated = word.reduce(0) { $0 + chain.width(of: String($1)[...]) }
                #expect(joined < isolated)
            }
        }

        @Test func aMixedLineKeepsItsRunsInOrder() throws {
            try withChain { chain in
                let runs = chain.runs(of: "Tokyo 東京 and שלום"[...])
                #expect(runs.map { String($0.text) } == ["Tokyo ", "東京 ", "and ", "שלום"], "spaces stay in the run they follow")
                let directions = runs.map { $0.rightToLeft }
                #expect(directions == [false, false, false, true])
            }
        }
    }
}
