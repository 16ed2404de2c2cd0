import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// A node's attributes (Freeplane's `<attribute NAME VALUE>`): a small table under its text,
/// folded and unfolded by a tap on its header, edited by touch (a value, a new row, a row
/// deleted), each one undo step, and kept in `.mm` in their order.
@Suite struct AttributeTests {
    static let xml = """
    <map version="freeplane 1.5.9">
    <node TEXT="Root" ID="ID_1">
    <node TEXT="Below this node core:" POSITION="right" ID="ID_2">
    <font ITALIC="false"/>
    <attribute NAME="a1" VALUE="value1"/>
    <attribute NAME="a2" VALUE="value2"/>
    <attribute NAME="count" VALUE="3" OBJECT="org.freeplane.features.format.FormattedNumber|3"/>
    <node TEXT="child" ID="ID_3"/>
    </node>
    </node>
    </map>
    """

    static let rows = [AttributeTable.Row("a1", "value1"), AttributeTable.Row("a2", "value2"), AttributeTable.Row("count", "3")]

    /// The sample map with the three rows on "food", in the edit rig.
    static func rig() -> EditRig {
        var document = Document.sample()
        let food = document.nodes.first { $0.text == "food" }?.id ?? NodeID(0)
        document.modify(food) { $0.attributes = AttributeTable(rows: rows) }
        return EditRig(document: document)
    }

    static func table(_ rig: EditRig, _ id: NodeID) -> AttributeTableLayout? {
        rig.document.node(id).flatMap { AttributeTableLayout($0, at: $0.position) }
    }

    // MARK: - .mm

    @Test func attributesAreReadInOrderAndSavedAsTheyWere() throws {
        let data = Data(Self.xml.utf8)
        let document = try FreeMindFormat.decode(data).document
        #expect(document.node(nodeID(document, "Below this node core:"))?.attributes.rows == Self.rows)
        #expect(Canonical.firstDifference(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document))) == nil)
    }

    @Test func anEditedValueANewRowAndADeletedOneChangeThoseLinesOnly() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let node = nodeID(document, "Below this node core:")
        document.modify(node) { node in
            node.attributes.rows[0].value = "changed"
            node.attributes.rows.remove(at: 1)
            node.attributes.rows.append(AttributeTable.Row("new", "row & more"))
        }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed.sorted() == ["<attribute NAME=\"a1\" VALUE=\"value1\"", "<attribute NAME=\"a2\" VALUE=\"value2\""], "\(changed)")
        #expect(changed.added.sorted() == ["<attribute NAME=\"a1\" VALUE=\"changed\"", "<attribute NAME=\"new\" VALUE=\"row & more\""],
                "the untouched row keeps Freeplane's OBJECT: \(changed)")
        let back = try FreeMindFormat.decode(saved).document
        #expect(back.node(nodeID(back, "Below this node core:"))?.attributes.rows.map(\.name) == ["a1", "count", "new"], "in their order")
    }

    @Test func attributesLastThroughMeshpadFilesAndChangeRecords() throws {
        var document = try FreeMindFormat.decode(Data(Self.xml.utf8)).document
        let node = nodeID(document, "Below this node core:")
        document.modify(node) { $0.attributes.folded = true }
        let native = try NativeFormat.decode(try NativeFormat.encode(document))
        #expect(native.node(node)?.attributes == AttributeTable(rows: Self.rows, folded: true))
        #expect(Canonical.firstDifference(try Canonical.lines(Data(Self.xml.utf8)), try Canonical.lines(FreeMindFormat.encode(native))) == nil,
                "a fold is Meshpad's own: the .mm is as it was")
        let change = Change.setAttributes(node: node, from: AttributeTable(), to: AttributeTable(rows: Self.rows, folded: true))
        #expect(try JSONDecoder().decode(Change.self, from: JSONEncoder().encode(change)) == change)
        #expect(change.inverse.inverse == change && !change.isIdentity)
    }

    // MARK: - Shown

    @Test func theTableStandsUnderTheTextAndFoldedShowsOnlyItsHeader() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let node = try #require(rig.document.node(food))
        let table = try #require(Self.table(rig, food))
        #expect(table.names.count == 3 && table.frame.minY > node.position.y + node.textOffset.y, "under the text")
        #expect(node.frame.contains(table.frame.origin) && node.frame.contains(Vec2(table.frame.maxX, table.frame.maxY)), "inside the node")
        var list = DrawList()
        SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                             selection: [], into: &list)
        let texts = list.labels.map(\.text)
        #expect(["▾ Attributes", "a1", "value1", "a2", "value2", "count", "3"].allSatisfy(texts.contains))
        let tall = node.size.y
        rig.tap(rig.camera.screenPoint(ofMap: table.header.center))
        let folded = try #require(rig.document.node(food))
        #expect(folded.attributes.folded && folded.size.y < tall, "folded, the node is shorter")
        list = DrawList()
        SceneBuilder(theme: .standard).build(document: rig.document, camera: rig.camera, viewportSize: Vec2(800, 600), pixelScale: 1,
                                             selection: [], into: &list)
        #expect(list.labels.contains { $0.text == "▸ 3 attributes" } && !list.labels.contains { $0.text == "value1" })
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.attributes.folded == false, "one undo step")
    }

    // MARK: - By touch

    @Test func aTapOnARowOfASelectedNodeEditsItsValueOrDeletesTheRow() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let row = try #require(Self.table(rig, food)?.values[1].center)
        rig.tap(rig.camera.screenPoint(ofMap: row))
        #expect(rig.workspace.panels.dialog == nil && rig.workspace.selection.nodes == [food], "the first tap selects the node")
        rig.tap(rig.camera.screenPoint(ofMap: row))
        #expect(rig.workspace.panels.dialog?.kind == .attributeValue(food, row: 1, name: "a2"))
        #expect(rig.workspace.panels.dialog?.field == "value2")
        rig.key("Backspace", .ctrl)
        rig.type("forty two")
        rig.key("Return")
        #expect(rig.document.node(food)?.attributes.rows[1] == AttributeTable.Row("a2", "forty two"))
        rig.tap(rig.camera.screenPoint(ofMap: try #require(Self.table(rig, food)?.values[0].center)))
        let delete = try #require(rig.workspace.overlayLayout.parts.first { $0.role == .button(.discard) })
        #expect(delete.text == "Delete row")
        rig.tap(delete.rect.center)
        #expect(rig.document.node(food)?.attributes.rows.map(\.name) == ["a2", "count"])
        rig.key("Z", .ctrl)
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.attributes.rows == Self.rows, "two steps, both undone")
    }

    @Test func aRowIsAddedFromTheNodesMenuByItsNameThenItsValue() throws {
        var rig = EditRig()
        let water = rig.id("clean water")
        MenuTests.longPress(&rig, at: rig.screen(of: water))
        MenuTests.tapRow(&rig, "Add attribute…")
        #expect(rig.workspace.panels.dialog?.kind == .attributeName(water, row: nil))
        rig.type("litres")
        rig.key("Return")
        #expect(rig.workspace.panels.dialog?.kind == .attributeValue(water, row: nil, name: "litres"))
        let steps = rig.workspace.history.done.count
        rig.type("20")
        rig.key("Return")
        #expect(rig.document.node(water)?.attributes.rows == [AttributeTable.Row("litres", "20")])
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        // The row's own menu, by a long press on it.
        let row = try #require(Self.table(rig, water)?.values.first?.center)
        MenuTests.longPress(&rig, at: rig.camera.screenPoint(ofMap: row))
        #expect(MenuTests.rows(rig) == ["Add attribute…", "Edit attribute…", "Rename attribute…"])
        MenuTests.tapRow(&rig, "Edit attribute…")
        #expect(rig.workspace.panels.dialog?.kind == .attributeValue(water, row: 0, name: "litres"))
    }

    @Test func aTapOnANameOfASelectedNodeRenamesTheRowAsOneStep() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        let name = try #require(Self.table(rig, food)?.names[1].center)
        rig.tap(rig.camera.screenPoint(ofMap: name))
        rig.tap(rig.camera.screenPoint(ofMap: name))
        #expect(rig.workspace.panels.dialog?.kind == .attributeName(food, row: 1))
        #expect(rig.workspace.panels.dialog?.field == "a2", "the name to change")
        #expect(rig.workspace.overlayLayout.parts.contains { $0.role == .button(.confirm) && $0.text == "Done" })
        let steps = rig.workspace.history.done.count
        rig.key("Backspace", .ctrl)
        rig.type("second")
        rig.key("Return")
        #expect(rig.workspace.panels.dialog == nil)
        #expect(rig.document.node(food)?.attributes.rows[1] == AttributeTable.Row("second", "value2"), "the value stays")
        #expect(rig.workspace.history.done.count == steps + 1, "one undo step")
        rig.key("Z", .ctrl)
        #expect(rig.document.node(food)?.attributes.rows == Self.rows)
    }

    @Test func anEmptyNameIsRefusedWithAToastAndTheDialogWaitsForOne() throws {
        var rig = Self.rig()
        let food = rig.id("food")
        rig.workspace.perform(.renameAttribute, on: .attribute(food, row: 0))
        rig.key("Backspace", .ctrl)
        rig.type("   ")
        rig.key("Return")
        #expect(rig.workspace.panels.banner?.message == Workspace.emptyAttributeName)
        #expect(rig.workspace.panels.dialog?.kind == .attributeName(food, row: 0), "still asking")
        #expect(rig.workspace.panels.dialog?.message == Workspace.emptyAttributeName)
        #expect(rig.document.node(food)?.attributes.rows == Self.rows && !rig.workspace.history.canUndo)
        rig.key("Backspace", .ctrl)
        rig.type("first")
        rig.key("Return")
        #expect(rig.document.node(food)?.attributes.rows[0] == AttributeTable.Row("first", "value1"))
        // A new row's name is refused the same way.
        rig.workspace.perform(.addAttribute, on: .node(food))
        rig.key("Return")
        #expect(rig.workspace.panels.dialog?.kind == .attributeName(food, row: nil) && rig.workspace.panels.banner?.message == Workspace.emptyAttributeName)
        rig.key("Escape")
        #expect(rig.workspace.panels.dialog == nil && rig.document.node(food)?.attributes.rows.count == 3)
    }

    @Test func aRenamedRowIsWrittenWithItsNewNameKeepingFreeplanesObject() throws {
        let data = Data(Self.xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        let node = nodeID(document, "Below this node core:")
        document.modify(node) { $0.attributes.rows[2].name = "total" }
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document)))
        #expect(changed.removed == ["<attribute NAME=\"count\" OBJECT=\"org.freeplane.features.format.FormattedNumber|3\" VALUE=\"3\""], "\(changed)")
        #expect(changed.added == ["<attribute NAME=\"total\" OBJECT=\"org.freeplane.features.format.FormattedNumber|3\" VALUE=\"3\""], "\(changed)")
    }

    @Test func aReadOnlyMapFoldsATableButChangesNoRow() throws {
        var rig = Self.rig()
        rig.workspace.lockdown.isReadOnly = true
        let food = rig.id("food")
        let table = try #require(Self.table(rig, food))
        rig.tap(rig.camera.screenPoint(ofMap: table.header.center))
        #expect(rig.document.node(food)?.attributes.folded == true)
        rig.workspace.perform(.editAttribute, on: .attribute(food, row: 0))
        rig.workspace.perform(.renameAttribute, on: .attribute(food, row: 0))
        #expect(rig.workspace.panels.dialog == nil, "no row to edit or rename in a read-only map")
        #expect(rig.document.node(food)?.attributes.rows == Self.rows)
    }
}

/// Search finds a node by what its attribute table says, as by its text and note.
@Suite struct AttributeSearchTests {
    @Test func searchFindsANodeByAnAttributesNameOrValue() {
        var rig = EditRig()
        let water = rig.id("clean water")
        rig.workspace.document.transact("attributes", sizing: nil, [.setAttributes(node: water, from: AttributeTable(),
                                                                                    to: AttributeTable(rows: [.init("Supplier", "Aquaterra")]))])
        rig.key("F", .ctrl)
        rig.type("aquat")
        #expect(rig.workspace.panels.search?.matches == [water])
        rig.key("Escape")
        rig.key("F", .ctrl)
        rig.type("supplier")
        #expect(rig.workspace.panels.search?.matches == [water])
    }
}
