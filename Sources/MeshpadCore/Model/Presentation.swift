import Foundation

/// A named sequence of slides over a map: what a person plays in front of a room.
///
/// A map keeps any number, by name (`Document.presentations`); with none, the player makes one
/// from the branches (`Presentation.fromBranches`). Slides name nodes by ID, so a slide whose
/// node was deleted is skipped when played, and comes back with an undo.
///
/// Modelled on Freeplane's presentations (`<hook NAME="presentations">` in a `.mm`), which hold
/// the same fields, so a presentation made in either opens in the other.
public struct Presentation: Codable, Equatable, Sendable {
    public var name: String
    public var slides: [Slide]

    public init(name: String, slides: [Slide] = []) {
        self.name = name
        self.slides = slides
    }

    /// The name a presentation made from the branches goes by.
    public static let branchesName = "Branches"

    /// The slides a map's branches make: the root with its first-level branches folded (the
    /// agenda), then each branch down to `depth` levels, depth first. A node above `depth` shows
    /// its children folded when they have slides of their own; one at `depth` shows its whole
    /// branch. The branches beside a slide's (and beside each above it) are folded on it, so
    /// the slide shows its own branch and not its neighbours'.
    public static func fromBranches(of document: Document, depth: Int = 1) -> Presentation {
        let depth = max(depth, 1)
        var slides: [Slide] = []
        func hasChildren(_ id: NodeID) -> Bool { !document.children(of: id).isEmpty }
        func besides(_ id: NodeID) -> [NodeID] {
            var folded: [NodeID] = []
            var current = id
            while let parent = document.parent(of: current) {
                folded += document.children(of: parent).filter { $0 != current && hasChildren($0) }
                current = parent
            }
            return folded
        }
        func visit(_ id: NodeID, level: Int) {
            guard let node = document.node(id) else { return }
            let children = document.children(of: id)
            let folded = (level < depth ? children.filter(hasChildren) : []) + besides(id)
            let words = node.firstLine
            slides.append(Slide(name: words.isEmpty ? "Slide \(slides.count + 1)" : String(words.prefix(60)), node: id, foldedNodes: folded))
            guard level < depth else { return }
            for child in children { visit(child, level: level + 1) }
        }
        visit(document.rootID, level: 0)
        return Presentation(name: branchesName, slides: slides)
    }

    /// The slides whose node the map still has: what plays.
    public func playable(in document: Document) -> [Slide] {
        slides.filter { $0.node.map(document.contains) ?? false }
    }
}

/// One step of a presentation: a node in the middle, some of its descendants shown, the camera
/// this close.
///
/// The fields are Freeplane's slide's, so nothing is lost between the two; `revealsChildren` is
/// Meshpad's own (a `.mm` keeps it as an attribute Freeplane ignores).
public struct Slide: Codable, Equatable, Sendable {
    public var name: String
    /// The nodes the slide selects (Freeplane's `NodesOnSlide`); the first is the one it centres.
    public var nodes: [NodeID]
    /// The nodes folded while the slide shows (Freeplane's `FoldedNodes`); nil leaves the map's
    /// folds as they are, but for opening what hides the slide's node.
    public var foldedNodes: [NodeID]?
    /// The node the slide places in view (Freeplane 1.7's `placedNodeId`; older files'
    /// `centersSelectedNode` places the first of `nodes`); nil places none.
    public var placedNode: NodeID?
    /// Where on the screen Freeplane places it (`placedNodePosition`, e.g. `TOP_LEFT`), kept as
    /// written; nil is the middle, where Meshpad always places it.
    public var placedPosition: String?
    /// How close the camera comes (Freeplane's `changesZoom` with `zoom`); nil frames the node's
    /// shown branch in the window.
    public var zoom: Double?
    /// Shows only the slide's nodes with their branches (Freeplane's `showsOnlySpecificNodes`,
    /// with `showsDescendants`), the rest of the map hidden as a branch in focus.
    public var showsOnlyNodes: Bool
    /// With `showsOnlyNodes`, the path up to the root stays too (Freeplane's `showsAncestors`).
    public var showsAncestors: Bool
    public var showsDescendants: Bool
    /// The first node's children come one at a time, each step forward showing the next.
    public var revealsChildren: Bool
    /// Freeplane's `SlideCondition` (a filter Meshpad does not model), kept as it was written.
    public var conditionXML: String?

    public init(name: String, nodes: [NodeID], foldedNodes: [NodeID]? = nil, placedNode: NodeID? = nil, placedPosition: String? = nil,
                zoom: Double? = nil, showsOnlyNodes: Bool = false, showsAncestors: Bool = false, showsDescendants: Bool = false,
                revealsChildren: Bool = false, conditionXML: String? = nil) {
        self.name = name
        self.nodes = nodes
        self.foldedNodes = foldedNodes
        self.placedNode = placedNode
        self.placedPosition = placedPosition
        self.zoom = zoom
        self.showsOnlyNodes = showsOnlyNodes
        self.showsAncestors = showsAncestors
        self.showsDescendants = showsDescendants
        self.revealsChildren = revealsChildren
        self.conditionXML = conditionXML
    }

    /// A slide of one node, placed in the middle.
    public init(name: String, node: NodeID, foldedNodes: [NodeID]? = nil, zoom: Double? = nil) {
        self.init(name: name, nodes: [node], foldedNodes: foldedNodes, placedNode: node, zoom: zoom)
    }

    /// The node the slide is about: the one it places, else the first it selects.
    public var node: NodeID? { placedNode ?? nodes.first }

    private enum CodingKeys: String, CodingKey {
        case name, nodes, foldedNodes, placedNode, placedPosition, zoom, showsOnlyNodes, showsAncestors, showsDescendants, revealsChildren, conditionXML
    }

    // why: written compactly (a map may hold hundreds of slides), and read leniently, so a file
    // written before a field was added still opens.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        nodes = try c.decodeIfPresent([NodeID].self, forKey: .nodes) ?? []
        foldedNodes = try c.decodeIfPresent([NodeID].self, forKey: .foldedNodes)
        placedNode = try c.decodeIfPresent(NodeID.self, forKey: .placedNode)
        placedPosition = try c.decodeIfPresent(String.self, forKey: .placedPosition)
        zoom = try c.decodeIfPresent(Double.self, forKey: .zoom).flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        showsOnlyNodes = try c.decodeIfPresent(Bool.self, forKey: .showsOnlyNodes) ?? false
        showsAncestors = try c.decodeIfPresent(Bool.self, forKey: .showsAncestors) ?? false
        showsDescendants = try c.decodeIfPresent(Bool.self, forKey: .showsDescendants) ?? false
        revealsChildren = try c.decodeIfPresent(Bool.self, forKey: .revealsChildren) ?? false
        conditionXML = try c.decodeIfPresent(String.self, forKey: .conditionXML)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .name)
        try c.encode(nodes, forKey: .nodes)
        try c.encodeIfPresent(foldedNodes, forKey: .foldedNodes)
        try c.encodeIfPresent(placedNode, forKey: .placedNode)
        try c.encodeIfPresent(placedPosition, forKey: .placedPosition)
        try c.encodeIfPresent(zoom, forKey: .zoom)
        if showsOnlyNodes { try c.encode(true, forKey: .showsOnlyNodes) }
        if showsAncestors { try c.encode(true, forKey: .showsAncestors) }
        if showsDescendants { try c.encode(true, forKey: .showsDescendants) }
        if revealsChildren { try c.encode(true, forKey: .revealsChildren) }
        try c.encodeIfPresent(conditionXML, forKey: .conditionXML)
    }
}
