import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

@Suite struct NativeFormatTests {
    @Test func aDetailedMapRoundTripsExactly() throws {
        let original = detailedMap()
        let decoded = try NativeFormat.decode(try NativeFormat.encode(original))
        #expect(decoded.rootID == original.rootID)
        #expect(decoded.nodeCount == original.nodeCount)
        for node in original.nodes {
            let back = try #require(decoded.node(node.id))
            #expect(back.hasSameContent(as: node), "\(node.id)")
        }
        #expect(decoded.edges == original.edges)
    }

    @Test func idsSurviveAndNewNodesDoNotReuseThem() throws {
        var decoded = try NativeFormat.decode(try NativeFormat.encode(detailedMap()))
        let fresh = decoded.addNode(text: "new", at: .zero)
        #expect(!detailedMap().nodes.map(\.id).contains(fresh))
    }

    @Test func outputIsDeterministicWithSortedKeysAndNoDerivedSizes() throws {
        var measured = detailedMap()
        measured.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        let a = try NativeFormat.encode(detailedMap()), b = try NativeFormat.encode(measured)
        #expect(a == b, "sizes are derived and never stored")
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("\"format\" : \"meshpad\""))
        #expect(!text.contains("\"w\""))
        let keys = text.split(separator: "\n").prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(keys.first == "{")
        #expect(keys.dropFirst().first?.hasPrefix("\"edges\"") == true, "keys sorted: edges before format")
    }

    @Test func aNewerVersionIsRefusedWithAClearMessage() throws {
        var text = String(decoding: try NativeFormat.encode(.sample()), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 7")
        #expect(throws: FormatError(format: "meshpad", reason: .newerVersion(found: 7, supported: 1))) {
            try NativeFormat.decode(Data(text.utf8))
        }
        let message = FormatError(path: "a.meshpad", format: "meshpad", reason: .newerVersion(found: 7, supported: 1)).description
        #expect(message.contains("newer Meshpad") && message.contains("a.meshpad"))
    }

    @Test func truncatedJSONNamesTheLineAndColumn() throws {
        let data = try NativeFormat.encode(detailedMap())
        let truncated = data.prefix(data.count / 2)
        do {
            _ = try NativeFormat.decode(Data(truncated))
            Issue.record("a truncated file was read")
        } catch {
            guard case .malformed(let line, _, _) = error.reason else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(line > 1)
        }
    }

    @Test(arguments: [
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n1\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0,\"y\":0}],\"edges\":[{\"id\":\"e1\",\"from\":\"n1\",\"to\":\"n9\",\"kind\":\"tree\"}]}", "does not exist"),
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n1\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0,\"y\":0},{\"id\":\"n2\",\"text\":\"a\",\"x\":0,\"y\":0},{\"id\":\"n3\",\"text\":\"b\",\"x\":0,\"y\":0}],\"edges\":[{\"id\":\"e1\",\"from\":\"n2\",\"to\":\"n2\",\"kind\":\"tree\"}]}", "makes a node its own child"),
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n1\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0,\"y\":0},{\"id\":\"n2\",\"text\":\"a\",\"x\":0,\"y\":0}],\"edges\":[{\"id\":\"e1\",\"from\":\"n1\",\"to\":\"n2\",\"kind\":\"link\",\"dash\":[3]}]}", "edges[0].dash"),
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n1\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0,\"y\":0},{\"id\":\"n2\",\"text\":\"a\",\"x\":0,\"y\":0}],\"edges\":[{\"id\":\"e1\",\"from\":\"n1\",\"to\":\"n2\",\"kind\":\"link\",\"color\":\"blue\"}]}", "edges[0].color 'blue'"),
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n1\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0}],\"edges\":[]}", "missing \"y\""),
        ("{\"format\":\"meshpad\",\"version\":1,\"root\":\"n5\",\"nodes\":[{\"id\":\"n1\",\"text\":\"r\",\"x\":0,\"y\":0}],\"edges\":[]}", "root node n5 is missing"),
        ("{\"format\":\"other\",\"version\":1}", "\"format\": \"meshpad\""),
        ("[1,2]", "JSON object"),
    ])
    func invalidMapsAreRefusedSayingWhy(json: String, expected: String) {
        do {
            _ = try NativeFormat.decode(Data(json.utf8))
            Issue.record("accepted: \(json)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test func aTreeCycleIsRefused() {
        let nodes = (1...4).map { Node(id: NodeID($0), text: "\($0)", position: .zero) }
        let edges = [Edge(id: EdgeID(1), from: NodeID(2), to: NodeID(3), kind: .tree),
                     Edge(id: EdgeID(2), from: NodeID(3), to: NodeID(4), kind: .tree),
                     Edge(id: EdgeID(3), from: NodeID(4), to: NodeID(2), kind: .tree)]
        #expect(throws: DocumentError.self) { try Document(restoring: nodes, edges: edges, rootID: NodeID(1)) }
    }
}
