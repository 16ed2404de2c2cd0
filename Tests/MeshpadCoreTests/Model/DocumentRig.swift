@testable import MeshpadCore

/// Single changes as tests make them: each is a transaction of one change, as every change is.
extension Document {
    mutating func moveNode(_ id: NodeID, to position: Vec2) {
        transact("move", [.move(ids: [id], from: [node(id)?.position ?? .zero], to: [position])])
    }

    mutating func setNodeText(_ text: String, of id: NodeID, sizing: NodeSizing) {
        transact("text", sizing: sizing, [.setText(node: id, from: node(id)?.text ?? "", to: text)])
    }

    /// Takes the nodes out with every edge touching them, and returns what was taken.
    @discardableResult
    mutating func removeNodes(_ ids: Set<NodeID>) -> Fragment {
        let fragment = fragment(nodes: ids, edges: [])
        transact("remove", [.remove(fragment)])
        return fragment
    }

    mutating func insertFragment(_ fragment: Fragment) {
        transact("insert", [.insert(fragment)])
    }
}
