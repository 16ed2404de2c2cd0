import Foundation

/// The state a replay writes at its end: camera, selection, nodes and edges.
///
/// Node positions are the settled ones (the document's, after every tween). The JSON has
/// sorted keys, nodes in ID order and edges in the map's order (so a node's children are listed
/// in their order in the tree), so two dumps of the same state are the same bytes.
public struct StateDump: Codable, Equatable, Sendable {
    public struct CameraState: Codable, Equatable, Sendable {
        public var zoom: Double
        public var origin: [Double]
    }

    public struct NodeState: Codable, Equatable, Sendable {
        public var id: String
        public var text: String
        public var x: Double
        public var y: Double
        public var w: Double
        public var h: Double
        public var folded: Bool
    }

    public struct EdgeState: Codable, Equatable, Sendable {
        public var id: String
        public var from: String
        public var to: String
        public var kind: String
    }

    public var camera: CameraState
    public var selection: [String]
    public var nodes: [NodeState]
    public var edges: [EdgeState]

    public init(_ workspace: Workspace) {
        let camera = workspace.view.camera
        self.camera = CameraState(zoom: camera.zoom, origin: [camera.origin.x, camera.origin.y])
        selection = workspace.selection.nodes.sorted().map(\.description)
        nodes = workspace.document.nodes.sorted { $0.id < $1.id }.map {
            NodeState(id: $0.id.description, text: $0.text, x: $0.position.x, y: $0.position.y,
                      w: $0.size.x, h: $0.size.y, folded: $0.folded)
        }
        edges = workspace.document.edges.map {
            EdgeState(id: $0.id.description, from: $0.from.description, to: $0.to.description, kind: $0.kind.rawValue)
        }
    }

    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
