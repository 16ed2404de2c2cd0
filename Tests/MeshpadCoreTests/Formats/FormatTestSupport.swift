import Foundation
@testable import MeshpadCore
import MeshpadTestRigs

/// A map with every detail the formats carry: notes, links, icons, styles, folds, sides,
/// multi-line text, an arrow link.
func detailedMap() -> Document {
    var document = Document(rootText: "Plan\nfor 2027")
    let root = document.rootID
    let goals = document.addChild(of: root, text: "Goals & <risks>", at: Vec2(200, 0)) ?? root
    let team = document.addChild(of: root, text: "Team \"alpha\"", at: Vec2(-200, 0)) ?? root
    let hire = document.addChild(of: team, text: "hire", at: Vec2(-400, 40)) ?? root
    let ship = document.addChild(of: goals, text: "ship it", at: Vec2(400, -40)) ?? root
    document.addChild(of: ship, text: "beta", at: Vec2(600, -40))
    document.connect(hire, to: ship, kind: .link, arrows: .end)
    document.modify(goals) { node in
        node.note = "first line\nsecond line"
        node.link = "https://example.org/goals?a=1&b=2"
        node.icons = ["yes", "idea"]
        node.style = NodeStyle(textColor: RGBA(hex: 0x18898B), fillColor: RGBA(hex: 0xFFEEDD), fontSize: 14, bold: true, italic: false)
        node.side = .right
    }
    document.modify(team) { $0.side = .left }
    document.modify(ship) { $0.folded = true }
    return document
}

/// The tree as (depth, text) in depth-first order: what every outline format must keep.
func outline(_ document: Document) -> [String] {
    let children = document.childrenByParent()
    var result: [String] = []
    var stack: [(NodeID, Int)] = [(document.rootID, 0)]
    while let (id, depth) = stack.popLast() {
        result.append(String(repeating: "  ", count: depth) + (document.node(id)?.text ?? "?"))
        for kid in (children[id] ?? []).reversed() { stack.append((kid, depth + 1)) }
    }
    return result
}

func node(_ document: Document, _ text: String) -> Node? {
    document.nodes.first { $0.text == text }
}

/// The maps corpus beside the project (see `SharedCorpus`).
let sharedMaps = SharedCorpus.maps

func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The ID of the node with this text (n0 when there is none, which no map has).
func nodeID(_ document: Document, _ text: String) -> NodeID {
    document.nodes.first { $0.text == text }?.id ?? NodeID(0)
}

extension DrawList {
    /// The colour and the place of vertex `v` of the frame's triangles.
    func color(ofVertex v: Int) -> RGBA { RGBA(colors[4 * v], colors[4 * v + 1], colors[4 * v + 2], colors[4 * v + 3]) }
    func point(ofVertex v: Int) -> Vec2 { Vec2(Double(positions[2 * v]), Double(positions[2 * v + 1])) }

    /// The triangles (their corners) with a vertex in `color`.
    func triangles(touching color: RGBA) -> [[Vec2]] {
        stride(from: 0, to: indices.count, by: 3).compactMap { k in
            let v = indices[k..<(k + 3)].map(Int.init)
            return v.contains { self.color(ofVertex: $0) == color } ? v.map(point(ofVertex:)) : nil
        }
    }
}
