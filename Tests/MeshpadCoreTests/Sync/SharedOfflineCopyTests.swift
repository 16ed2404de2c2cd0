import Foundation
@testable import MeshpadCore
import MeshpadTestRigs
import Testing

/// The copy of a shared map kept on this machine, and the one spare session number for opening it offline.
@Suite struct SharedOfflineCopyTests {
    static func journals() throws -> (SharedJournals, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-copy-\(UUID().uuidString)").path
        let map = SharedMapName(address: DatabaseAddress("postgresql://ana:secret@school/maps"), name: "class 4b")
        return (SharedJournals(store: RecoveryStore(directory: folder), map: map), folder)
    }

    @Test func theCopyComesBackAsTheSameMapInTheSameOrderAndAnOlderOneNeverReplacesIt() throws {
        let (journals, folder) = try Self.journals()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var map = Document.sample()
        map.setLayoutMode(.tree)
        // A node numbered high but made first (another screen's block): order is the map's, not the numbers'.
        map.numberNewItems(in: SyncEngine.numbering(forClient: 9))
        _ = map.addChild(of: map.rootID, text: "from screen 9", at: Vec2(300, 0))
        map.numberNewItems(in: SyncEngine.numbering(forClient: 2))
        _ = map.addChild(of: map.rootID, text: "from screen 2, later", at: Vec2(300, 80))
        #expect(map.nodes.map(\.id) != map.nodes.map(\.id).sorted(), "the map's order is not its numbers'")
        try journals.keep(SharedOfflineCopy(map: 4, seq: 20, document: map))
        let kept = try #require(try journals.keptCopy())
        let back = try kept.document()
        #expect(back.nodes.map(\.id) == map.nodes.map(\.id))
        #expect(back.hasSameContent(as: map) && back.layoutMode == .tree && kept.seq == 20 && kept.map == 4)
        try journals.keep(SharedOfflineCopy(map: 4, seq: 12, document: Document(rootText: "older")))
        #expect(try journals.keptCopy()?.seq == 20, "a copy from further back in the log is not kept over a newer one")
        let written = try String(contentsOfFile: journals.copyPath, encoding: .utf8)
        #expect(!written.contains("secret"), "no password on disk")
    }

    /// A map's slides go with the copy: a session opening offline plays what the others play.
    @Test func theCopyKeepsTheMapsPresentationsAndAnOlderCopyOpensWithNone() throws {
        let (journals, folder) = try Self.journals()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var map = Document.sample()
        let ids = map.nodes.map(\.id)
        let slides = [
            Presentation(name: "Lesson", slides: [Slide(name: "Start", node: map.rootID),
                                                   Slide(name: "Two", nodes: [ids[1], ids[2]], foldedNodes: [ids[2]], zoom: 1.25,
                                                         showsOnlyNodes: true, revealsChildren: true, conditionXML: "<c/>")]),
            Presentation(name: "Recap", slides: [Slide(name: "End", node: ids[1])]),
        ]
        map.transact("slides", sizing: nil, [.setPresentations(from: [], to: slides)])
        try journals.keep(SharedOfflineCopy(map: 4, seq: 20, document: map, graves: Tombstones()))
        let back = try #require(try journals.keptCopy()).document()
        #expect(back.presentations == slides)
        #expect(back.hasSameContent(as: map), "\(back.firstDifference(from: map))")
        // A copy an older Meshpad kept has no presentations: the map opens with none.
        var older = try JSONSerialization.jsonObject(with: try #require(FileManager.default.contents(atPath: journals.copyPath))) as? [String: Any]
        #expect(older?.removeValue(forKey: "presentations") != nil, "written under the name an older Meshpad lacks")
        try JSONSerialization.data(withJSONObject: try #require(older)).write(to: URL(fileURLWithPath: journals.copyPath))
        let plain = try #require(try journals.keptCopy()).document()
        #expect(plain.presentations.isEmpty && plain.nodes.map(\.id) == map.nodes.map(\.id))
    }

    @Test func theSpareSessionNumberIsTakenOnceOnly() throws {
        let (journals, folder) = try Self.journals()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(!journals.hasSpare && journals.takeSpare() == nil)
        try journals.keepSpare(77)
        #expect(journals.hasSpare)
        #expect(journals.takeSpare() == 77)
        #expect(journals.takeSpare() == nil, "used: a second offline opening needs the database first")
    }
}
