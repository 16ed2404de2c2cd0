/// How a map is put on paper: page size, orientation, layout and whether notes come along.
public struct PDFOptions: Equatable, Hashable, Sendable {
    public enum Paper: String, CaseIterable, Sendable { case a4, letter }
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
}
