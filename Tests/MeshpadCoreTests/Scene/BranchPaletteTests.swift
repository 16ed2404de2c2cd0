import Foundation
import Testing
@testable import MeshpadCore

/// Every theme's branch palette stays eight colours apart for colour-blind eyes, and its words
/// read wherever the new look puts them (issue 29).
///
/// Colour blindness is simulated with Machado, Oliveira and Fernandes's matrices (2009) at
/// severity 1.0 (protanopia, deuteranopia, tritanopia), applied to linear sRGB; colours are
/// compared by their distance in CIELAB (ΔE*ab, CIE 1976). About 2.3 is a difference the eye just
/// notices; branches side by side need to be told apart at a glance, so the light, dark and
/// classic palettes keep every pair 20 apart in every vision, and high contrast, whose colours
/// must all be dark enough for 4.5:1 on white, 12.
@Suite struct BranchPaletteTests {
    typealias Matrix = [[Double]]

    static let visions: [(name: String, matrix: Matrix)] = [
        ("normal", [[1, 0, 0], [0, 1, 0], [0, 0, 1]]),
        ("protanopia", [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]),
        ("deuteranopia", [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]),
        ("tritanopia", [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]),
    ]

    static func linear(_ channel: UInt8) -> Double {
        let c = Double(channel) / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// CIELAB (D65) of `color` as an eye with `vision` sees it.
    static func lab(_ color: RGBA, seenWith vision: Matrix) -> [Double] {
        let rgb = [linear(color.r), linear(color.g), linear(color.b)]
        let seen = vision.map { row in min(max(zip(row, rgb).map(*).reduce(0, +), 0), 1) }
        let toXYZ: Matrix = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
        let white = [0.95047, 1.0, 1.08883]
        let xyz = toXYZ.enumerated().map { k, row in zip(row, seen).map(*).reduce(0, +) / white[k] }
        let f = xyz.map { $0 > 0.008856 ? cbrt($0) : 7.787 * $0 + 16.0 / 116 }
        return [116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])]
    }

    static func distance(_ a: [Double], _ b: [Double]) -> Double {
        zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot()
    }

    static func apart(_ theme: Theme) -> Double { theme.name == Theme.highContrast.name ? 12 : 20 }

    @Test(arguments: Theme.all)
    func eightColoursStayApartInEveryVision(theme: Theme) {
        let palette = theme.branchPalette
        #expect(palette.count == 8, "\(theme.name)")
        for (vision, matrix) in Self.visions {
            let seen = palette.map { Self.lab($0, seenWith: matrix) }
            for i in seen.indices {
                for j in seen.indices where j > i {
                    let d = Self.distance(seen[i], seen[j])
                    #expect(d >= Self.apart(theme),
                            "\(theme.name), \(vision): \(palette[i].hexString) and \(palette[j].hexString) are only \(d) apart")
                }
            }
        }
    }

    /// The simulation itself: it must tell a pair the colour-blind confuse from one they do not,
    /// or the test above could not fail.
    @Test func theSimulationConfusesRedAndGreenForTheRedGreenBlind() {
        let red = RGBA(hex: 0xB2502A), green = RGBA(hex: 0x6B8E23)
        let normal = Self.visions[0].matrix, deutan = Self.visions[2].matrix
        #expect(Self.distance(Self.lab(red, seenWith: normal), Self.lab(green, seenWith: normal)) > 40)
        #expect(Self.distance(Self.lab(red, seenWith: deutan), Self.lab(green, seenWith: deutan)) < 8)
    }

    /// A branch's colour is drawn as it is only where it shows on the page (`Theme.visibleLine`
    /// swaps anything under 2:1 for grey): every palette colour must, or a branch turns grey.
    @Test(arguments: Theme.all)
    func everyBranchColourShowsOnThePage(theme: Theme) {
        for colour in theme.branchPalette {
            #expect(theme.visibleLine(colour, fallback: RGBA(0, 0, 0, 0)) == colour,
                    "\(theme.name): \(colour.hexString) is \(colour.contrast(with: theme.background)):1 on the page")
        }
        if theme.name == Theme.highContrast.name {
            // Strict: each line as dark as text must be.
            #expect(theme.branchPalette.allSatisfy { $0.contrast(with: theme.background) >= Theme.minimumTextContrast })
        }
    }

    /// Words on what the look puts them on: node text on every tint of every branch colour (at
    /// the first level and below), the central topic's words on the accent.
    @Test(arguments: Theme.all)
    func wordsReadOnEveryTintAndOnTheAccent(theme: Theme) {
        #expect(theme.accentText.contrast(with: theme.accent) >= Theme.minimumTextContrast,
                "\(theme.name): the central topic's words are \(theme.accentText.contrast(with: theme.accent)):1")
        for colour in theme.branchPalette {
            for firstLevel in [true, false] {
                let fill = theme.tintedFill(nil, branch: colour, firstLevel: firstLevel)
                #expect(theme.text.contrast(with: fill) >= Theme.minimumTextContrast,
                        "\(theme.name): text on \(fill.hexString) (tint of \(colour.hexString)) is \(theme.text.contrast(with: fill)):1")
                #expect(theme.badgeText.contrast(with: theme.badgeFill) >= Theme.minimumTextContrast)
            }
        }
    }

    /// Corners, padding, sizes and gaps on one grid of 4 map units (the themes this issue shaped).
    @Test(arguments: [Theme.light, Theme.dark, Theme.highContrast])
    func measurementsSitOnOneGrid(theme: Theme) {
        let m = theme.nodeMetrics
        let values = [theme.cornerRadius, m.padding.x, m.padding.y, m.minimumSize.x, m.minimumSize.y, theme.layoutGaps.x, theme.layoutGaps.y]
        #expect(values.allSatisfy { $0.truncatingRemainder(dividingBy: 4) == 0 }, "\(theme.name): \(values)")
    }
}
