import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// A `.mm` measured on a second thread while it is read must look exactly as if it had been
/// read first and measured after: same label, same size, every node.
@Suite struct BackgroundMeasuringTests {
    let sizing = NodeSizing(measurer: FixedAdvanceMeasurer(advance: 7, lineHeight: 17))

    /// Each node's label, size and shape, read then measured.
    func measuredAfter(_ data: Data) throws -> [Node.Measures] {
        var document = try MapFile.decode(data, format: .freeMind).document
        document.measureAll(with: sizing)
        return document.nodes.map(\.measures)
    }

    func measuredWhileRead(_ data: Data) throws -> [Node.Measures] {
        let document = try MapFile.decode(data, format: .freeMind, sizing: sizing).document
        #expect(document.nodes.allSatisfy { $0.isMeasured })
        // Filed at the sizes it ends with, whether or not anything was measured after the read.
        #expect(document.checkInvariants().isEmpty)
        return document.nodes.map(\.measures)
    }

    /// What the worker itself measured: the read's nodes before anything is measured after it.
    func measuredByTheWorker(_ data: Data) throws -> [Bool] {
        try FreeMindFormat.decode(data, sizing: sizing).document.nodes.map(\.isMeasured)
    }

    /// What sizes a node that arrives after its `<node>` tag: a font after its children, rich
    /// text, icons, an attribute table, a fold, a clone filled in after the whole map is read,
    /// a picture (measured later, when its size is known).
    static let lateContent = """
        <map version="freeplane 1.7.0">
        <node ID="ID_1" TEXT="root">
        <node ID="ID_2" TEXT="big words after the children" POSITION="right">
        <node ID="ID_3" TEXT="child"/>
        <font SIZE="30" BOLD="true"/>
        </node>
        <node ID="ID_4" POSITION="left"><richcontent TYPE="NODE"><html><body><p>rich text that is much longer than the plain one and wraps over lines</p></body></html></richcontent>
        <icon BUILTIN="idea"/><icon BUILTIN="yes"/>
        <attribute NAME="owner" VALUE="someone with a long name"/>
        </node>
        <node ID="ID_5" TEXT="folded" FOLDED="true" POSITION="left"><node ID="ID_6" TEXT="hidden"/></node>
        <node ID="ID_7" TREE_ID="ID_2" POSITION="right"/>
        <node ID="ID_8" TEXT="with a picture" POSITION="right"><hook NAME="ExternalObject" URI="picture.png"/></node>
        <node ID="ID_9" POSITION="right"><hook NAME="SummaryNode"/></node>
        </node>
        </map>
        """

    @Test func aNodeIsSizedByWhatComesAfterItsTagAsIfMeasuredAfterTheRead() throws {
        let data = Data(Self.lateContent.utf8)
        let after = try measuredAfter(data), during = try measuredWhileRead(data)
        #expect(after.count == 9)
        for (k, (a, b)) in zip(after, during).enumerated() {
            #expect(a == b, "node \(k)")
        }
        // The font, the rich text and the clone's borrowed text are in what was measured; the
        // empty summary takes no room.
        #expect(during[1].textSize.y > 17 && during[3].label.contains("\n") && during[6].label == during[1].label)
        #expect(during[8].isPlaceholder && during[8].size == .zero)
        // The worker measured all but the clone (its text came after the read) and the picture.
        #expect(try measuredByTheWorker(data) == [true, true, true, true, true, true, false, false, true])
    }

    /// A map of more nodes than one batch, deep and wide: every node measured by the worker,
    /// each as if measured after the read.
    @Test func aMapOfManyBatchesIsMeasuredWhileRead() throws {
        var xml = "<map version=\"1.0.1\"><node ID=\"ID_0\" TEXT=\"root\">\n"
        for branch in 0..<12 {
            xml += "<node ID=\"ID_b\(branch)\" TEXT=\"branch \(branch) with a longer name than most\" POSITION=\"right\">\n"
            for leaf in 0..<150 {
                xml += "<node ID=\"ID_\(branch)_\(leaf)\" TEXT=\"\(String(repeating: "word ", count: leaf % 90))leaf \(leaf)\"/>\n"
            }
            xml += "</node>\n"
        }
        xml += "</node></map>"
        let data = Data(xml.utf8)
        #expect(try measuredByTheWorker(data).allSatisfy { $0 })
        let after = try measuredAfter(data), during = try measuredWhileRead(data)
        #expect(after.count == 1 + 12 * 151 && after == during)
    }

    @Test(.needsSharedMaps, arguments: ["freeplaneApplications.mm", "BuzanMap.mm", "real/mm/freeplane-doc-latestFreeplaneFeatures-1.12.mm",
                      "real/mm/freemind-doc-freemind-1.0.1.mm", "real/mm/freeplane-testdata-RichtextTests-1.3.mm",
                      "real/mm/wisemapping-import-i18n2-arabic.mm"])
    func realMapsMeasureTheSameWhileRead(file: String) throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent(file))
        let after = try measuredAfter(data), during = try measuredWhileRead(data)
        #expect(after.count == during.count && !after.isEmpty)
        let differing = zip(after, during).filter { $0 != $1 }
        #expect(differing.isEmpty, "\(differing.count) nodes of \(file) measured differently")
    }

    /// A file that breaks half-way is still refused, saying so, though nodes before the break
    /// were already being measured; the same sizing then reads a whole map as before.
    @Test func aMapBrokenHalfWayIsStillRefusedAndTheNextReadWorks() throws {
        let broken = Data((Self.lateContent.prefix(420) + "<node TEXT=\"x\"></map>").utf8)
        #expect(throws: FormatError.self) { _ = try MapFile.decode(broken, format: .freeMind, sizing: sizing) }
        #expect(try measuredWhileRead(Data(Self.lateContent.utf8)).count == 9)
    }
}
