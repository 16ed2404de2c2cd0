/// A node's attribute table edited by touch: a row's value in a dialog (a tap on its value on a
/// selected node, or Edit attribute…), its name likewise (a tap on its name, or Rename
/// attribute…), a new row by its name then its value (Add attribute… in the node's menu), a row
/// deleted from its dialog, the table folded by a tap on its header. Each is one
/// `setAttributes` step; the dialogs are typed on like any field; a name is never empty.
extension Workspace {
    /// The table as it will be, one undo step named `label` (nothing if it is unchanged; a
    /// read-only map refuses all but a fold, saying why).
    mutating func setAttributes(_ table: AttributeTable, on id: NodeID, _ label: String) {
        guard let before = document.node(id)?.attributes, before != table else { return }
        let change = Change.setAttributes(node: id, from: before, to: table)
        guard lockdown.allows(change) else {
            if let refusal = lockdown.refusal { toast(refusal) }
            return
        }
        transact(label) { $0.record(change) }
    }

    /// What a person is told when a name is left empty.
    public static let emptyAttributeName = "An attribute needs a name: type one, or Cancel"

    /// Asks for a new row's name.
    mutating func askAttributeName(for id: NodeID) {
        guard let node = document.node(id) else { return }
        closeMenu()
        let name = Self.shortName(of: node)
        present(Dialog(kind: .attributeName(id, row: nil), title: name.isEmpty ? "New attribute's name" : "New attribute of “\(name)”: its name"))
    }

    /// Opens row `row`'s name to change.
    mutating func renameAttribute(_ row: Int, of id: NodeID) {
        guard let rows = document.node(id)?.attributes.rows, rows.indices.contains(row) else { return }
        closeMenu()
        present(Dialog(kind: .attributeName(id, row: row), title: rows[row].name.isEmpty ? "The attribute's name" : "“\(rows[row].name)” is now called",
                       field: rows[row].name))
    }

    /// The name dialog's outcome (`name` trimmed): a new row's value is asked next, a renamed row
    /// keeps its value (one undo step), Cancel changes nothing. An empty name is refused, and the
    /// dialog stays for one to be typed.
    mutating func keepAttributeName(_ name: String, row: Int?, on id: NodeID, from dialog: Dialog, confirmed: Bool) {
        guard confirmed else {
            present(nil)
            return
        }
        guard !name.isEmpty else {
            var again = dialog
            again.message = Self.emptyAttributeName
            panels.dialog = again
            toast(Self.emptyAttributeName)
            return
        }
        present(nil)
        guard let row else {
            askAttributeValue(for: id, row: nil, name: name, value: "")
            return
        }
        guard var table = document.node(id)?.attributes, table.rows.indices.contains(row) else { return }
        table.rows[row].name = name
        setAttributes(table, on: id, "rename attribute")
    }

    /// Asks for a row's value: of row `row`, or of a new row named `name`.
    mutating func askAttributeValue(for id: NodeID, row: Int?, name: String, value: String) {
        present(Dialog(kind: .attributeValue(id, row: row, name: name), title: "“\(name)” is", field: value))
    }

    /// Opens row `row`'s value to edit (or delete).
    mutating func editAttribute(_ row: Int, of id: NodeID) {
        guard let rows = document.node(id)?.attributes.rows, rows.indices.contains(row) else { return }
        closeMenu()
        askAttributeValue(for: id, row: row, name: rows[row].name, value: rows[row].value)
    }

    /// The value dialog's outcome: Done keeps the value (a new row goes at the end), Delete row
    /// takes the row away, Cancel changes nothing.
    mutating func keepAttribute(_ value: String, named name: String, row: Int?, on id: NodeID, deleting: Bool, confirmed: Bool) {
        guard var table = document.node(id)?.attributes, deleting || confirmed else { return }
        if let row {
            guard table.rows.indices.contains(row) else { return }
            if deleting { table.rows.remove(at: row) } else { table.rows[row].value = value }
        } else if confirmed {
            table.rows.append(AttributeTable.Row(name, value))
            table.folded = false
        }
        setAttributes(table, on: id, deleting ? "delete attribute" : "attribute")
    }
}
