/// How a map is put on paper: page size, orientation, layout and whether notes come along.
///
/// `meshpad convert map.mm map.pdf --paper letter --landscape --tiled` and the app's Export ▸ PDF
/// both fill one of these; `PDFPagePlan` turns it and the map's bounds into pages.
public struct PDFOptions: Equatable, Hashable, Sendable {
    /// The sheet: ISO A4 or US Letter.
    public enum Paper: String, CaseIterable, Sendable {
        case a4, letter

        /// Width and height in PostScript points (1/72 inch), portrait: A4 is 210 × 297 mm
        /// (`595.276 × 841.89`), Letter 8.5 × 11 in (`612 × 792`).
        public var portraitPoints: Vec2 {
            switch self {
            case .a4: return Vec2(210 * PDFOptions.pointsPerMillimetre, 297 * PDFOptions.pointsPerMillimetre)
            case .letter: return Vec2(612, 792)
            }
        }
    }

    /// Which way up the sheet is: taller than wide, or wider than tall.
    public enum Orientation: String, CaseIterable, Sendable { case portrait, landscape }
    /// The whole map on one page, the map at full size over numbered pages, or an indented outline.
    public enum Layout: String, CaseIterable, Sendable { case onePage, tiled, outline }

    public var paper: Paper
    public var orientation: Orientation
    public var layout: Layout
    /// Notes under their nodes (the outline); on the map layouts, the note markers as on screen.
    public var notes: Bool

    public init(paper: Paper = .a4, orientation: Orientation = .portrait, layout: Layout = .onePage, notes: Bool = true) {
        self.paper = paper
        self.orientation = orientation
        self.layout = layout
        self.notes = notes
    }

    /// The page's width and height in points, turned for the orientation: A4 landscape is `841.89 × 595.276`.
    public var pageSize: Vec2 {
        let portrait = paper.portraitPoints
        return orientation == .portrait ? portrait : Vec2(portrait.y, portrait.x)
    }

    public static let pointsPerMillimetre = 72 / 25.4
}
