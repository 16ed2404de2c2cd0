import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import MeshpadCore
import MeshpadTestRigs

/// A Freeplane or FreeMind map opened in Meshpad and saved as `.mm` again is the map it was:
/// nothing Meshpad does not show is lost, and an edit changes only what it edited.
///
/// Files are compared after canonicalisation, which sets aside only what carries no meaning or
/// what Meshpad writes in its own way:
/// - attribute order, and whitespace between and around text (runs of whitespace count as one);
/// - comments (Meshpad writes its own "To view this file" line);
/// - nothing else: the `version` attribute, IDs and every element and attribute are compared.
@Suite struct MindMapRoundTripTests {
    static let realMaps = sharedMaps.appendingPathComponent("real/mm")

    /// Every `.mm` the project has from other programs, but those that are broken on purpose.
    static let maps: [String] = {
        let top = ["BuzanMap.mm", "conceptMap.mm", "freeplaneApplications.mm"].map { sharedMaps.appendingPathComponent($0).path }
        let real = ((try? FileManager.default.contentsOfDirectory(atPath: realMaps.path)) ?? [])
            .filter { $0.hasSuffix(".mm") && !$0.contains("MALFORMED") }.sorted()
            .map { realMaps.appendingPathComponent($0).path }
        return top + real
    }()

    @Test(.needsSharedMaps) func theCorpusIsThere() {
        #expect(Self.maps.count >= 20, "\(Self.maps)")
    }

    @Test(.needsSharedMaps, arguments: maps)
    func aMapSavedWithoutEditsIsTheMapItWas(path: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try FreeMindFormat.decode(original).document
        let saved = FreeMindFormat.encode(document)
        let before = try Canonical.lines(original), after = try Canonical.lines(saved)
        #expect(Canonical.firstDifference(before, after) == nil, "\((path as NSString).lastPathComponent)")
    }

    @Test(.needsSharedMaps, arguments: maps)
    func anEditedTextChangesThatTextAndNothingElse(path: String) throws {
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        var document = try FreeMindFormat.decode(original).document
        // The deepest node with words of its own: an ordinary node, not the root.
        let target = try #require(document.nodes.last { !$0.text.isEmpty && $0.id != document.rootID } ?? document.nodes.last)
        document.modify(target.id) { $0.text = "Edited in Meshpad" }
        let saved = FreeMindFormat.encode(document)
        let before = try Canonical.lines(original), after = try Canonical.lines(saved)
        let changed = Canonical.changedLines(before, after)
        #expect(!changed.added.isEmpty, "the new text is in the file")
        #expect(changed.added.first?.hasPrefix("<node") == true && changed.added.first?.contains("Edited in Meshpad") == true,
                "only the node's own line changed: \(changed.added.prefix(3))")
        #expect(changed.added.count == 1, "one node line, \(changed.added.count) changed: \(changed.added.prefix(4))")
        // What went is that node's old start tag and at most its rich-text body, nothing of its neighbours'.
        #expect(changed.removed.allSatisfy { $0.hasPrefix("<node") || $0.hasPrefix("<richcontent") || $0.hasPrefix("<html")
                                              || Canonical.isInsideRichText($0) },
                "\((path as NSString).lastPathComponent): \(changed.removed.prefix(4))")
        let reread = try FreeMindFormat.decode(saved).document
        #expect(reread.nodes.contains { $0.text == "Edited in Meshpad" })
        #expect(reread.nodeCount == document.nodeCount)
    }

    @Test(.needsSharedMaps, arguments: ["freeplaneApplications.mm", "real/mm/freeplane-doc-whatsNew-1.5.x.mm", "real/mm/freemind-doc-freemind-1.0.1.mm"])
    func aMapKeptAsMeshpadOrAutosavedStillGivesFreeplaneEverythingBack(name: String) throws {
        let original = try Data(contentsOf: sharedMaps.appendingPathComponent(name))
        let imported = try FreeMindFormat.decode(original).document
        // Saved as .meshpad (as the autosave is) and opened again, then saved as .mm.
        let reopened = try NativeFormat.decode(try NativeFormat.encode(imported))
        #expect(reopened.mindMapSource == imported.mindMapSource)
        let saved = FreeMindFormat.encode(reopened)
        #expect(Canonical.firstDifference(try Canonical.lines(original), try Canonical.lines(saved)) == nil)
    }

    @Test(.needsSharedMaps) func aDoctoredMeshpadFileCannotSmuggleBrokenXMLIntoAnMM() throws {
        let imported = try FreeMindFormat.decode(Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))).document
        let text = String(decoding: try NativeFormat.encode(imported), as: UTF8.self)
        let hook = try #require(text.range(of: "\"content\":\""))
        let doctored = text.replacingCharacters(in: hook, with: "\"content\":\"<unclosed>")
        #expect(throws: FormatError.self) { try NativeFormat.decode(Data(doctored.utf8)) }
        let badName = text.replacingOccurrences(of: "\"name\":\"hook\"", with: "\"name\":\"a b\"")
        #expect(badName != text)
        #expect(throws: FormatError.self) { try NativeFormat.decode(Data(badName.utf8)) }
    }

    @Test(.needsSharedMaps) func aDeletedLinkAndANewOneAreWrittenAndTheRestKept() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        var document = try FreeMindFormat.decode(data).document
        let links = document.edges.filter { $0.kind == .link }
        let gone = try #require(links.first)
        let fragment = document.fragment(nodes: [], edges: [gone.id])
        document.transact("delete link", [.remove(fragment)])
        // And a new one between two leaves, written afresh.
        let children = document.childrenByParent()
        let leaves = document.nodes.filter { (children[$0.id] ?? []).isEmpty }
        let from = try #require(leaves.first), to = try #require(leaves.last)
        document.connect(from.id, to: to.id, arrows: [.end])
        let saved = FreeMindFormat.encode(document)
        let reread = try FreeMindFormat.decode(saved).document
        #expect(reread.edges.filter { $0.kind == .link }.count == links.count)
        // Everything but those two arrow links is as it was.
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        // (Lines are compared as a multiset: one "</arrowlink" went and one came.)
        #expect(changed.removed.count == 1 && changed.removed.first?.hasPrefix("<arrowlink") == true
                && changed.removed.first?.contains("STARTINCLINATION") == true, "the deleted one, whole: \(changed.removed)")
        let destination = try #require(to.sourceID)
        #expect(changed.added == ["<arrowlink DESTINATION=\"\(destination)\" ENDARROW=\"Default\" STARTARROW=\"None\""],
                "\(changed.added)")
    }

    @Test(.needsSharedMaps) func stylesIconsAndNotesEditedReplaceTheirOwnElementsOnly() throws {
        let data = try Data(contentsOf: sharedMaps.appendingPathComponent("freeplaneApplications.mm"))
        var document = try FreeMindFormat.decode(data).document
        let target = try #require(document.nodes.first { !$0.icons.isEmpty && $0.id != document.rootID })
        document.modify(target.id) { node in
            node.icons = ["idea"]
            node.note = "A note written in Meshpad"
            node.style.bold = true
        }
        let saved = FreeMindFormat.encode(document)
        let reread = try FreeMindFormat.decode(saved).document
        let back = try #require(reread.nodes.first { $0.sourceID == target.sourceID })
        #expect(back.icons == ["idea"] && back.note == "A note written in Meshpad" && back.style.bold)
        #expect(back.text == target.text)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        #expect(changed.removed.allSatisfy { $0.hasPrefix("<icon") || $0.hasPrefix("<font") || Canonical.isInsideRichText($0) || $0.hasPrefix("<richcontent") },
                "\(changed.removed)")
    }

    @Test func anEdgesStyleIsKeptAsWrittenAndOnlyAChangedShapeRewritesIt() throws {
        let xml = """
        <map version="freeplane 1.9.13">
        <node TEXT="root" ID="ID_1">
        <node TEXT="tapered" ID="ID_2" POSITION="right"><edge STYLE="sharp_bezier" COLOR="#FF0000" WIDTH="thin"/></node>
        <node TEXT="elbow" ID="ID_3" POSITION="right"><edge STYLE="horizontal" COLOR="#00ff00"/></node>
        <node TEXT="coloured" ID="ID_4" POSITION="left"><edge COLOR="#0000ff"/></node>
        </node>
        </map>
        """
        let data = Data(xml.utf8)
        var document = try FreeMindFormat.decode(data).document
        func id(_ text: String) throws -> NodeID { try #require(document.nodes.first { $0.text == text }).id }
        #expect(document.node(try id("tapered"))?.style.edgeShape == .curve)
        #expect(document.node(try id("elbow"))?.style.edgeShape == .curve)
        #expect(document.node(try id("coloured"))?.style.edgeShape == nil)
        #expect(Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(FreeMindFormat.encode(document))).removed.isEmpty,
                "unedited, every edge is written as read")
        document.modify(try id("tapered")) { $0.style.edgeShape = .straight }
        document.modify(try id("elbow")) { $0.style.edgeColor = RGBA(hex: 0x0000FF) }
        document.modify(try id("coloured")) { $0.style.edgeShape = .straight }
        let saved = FreeMindFormat.encode(document)
        let changed = Canonical.changedLines(try Canonical.lines(data), try Canonical.lines(saved))
        // The shape changed: STYLE only, the colour and `thin` as they were. The colour changed: the
        // elbow stays an elbow. No shape before: STYLE joins the colour.
        #expect(changed.added.sorted() == ["<edge COLOR=\"#0000ff\" STYLE=\"horizontal\"", "<edge COLOR=\"#0000ff\" STYLE=\"linear\"",
                                           "<edge COLOR=\"#FF0000\" STYLE=\"linear\" WIDTH=\"thin\""], "\(changed.added)")
        #expect(changed.removed.count == 3, "\(changed.removed)")
        let reread = try FreeMindFormat.decode(saved).document
        #expect(reread.nodes.map(\.style.edgeShape) == document.nodes.map(\.style.edgeShape))
    }

    @Test func aNewNodesEdgeShapeIsWrittenOnlyWhenChosen() throws {
        var builder = MapBuilder(rootText: "Root")
        let added = builder.addChild(of: builder.rootID, text: "straight", at: Vec2(100, 0))
        let straight = try #require(added)
        _ = builder.addChild(of: builder.rootID, text: "theme's", at: Vec2(100, 60))
        builder.modify(straight) { $0.style.edgeShape = .straight }
        let lines = try Canonical.lines(FreeMindFormat.encode(builder.build()))
        #expect(lines.filter { $0.hasPrefix("<edge") } == ["<edge STYLE=\"linear\""])
    }

    @Test func aFreeStandingNodeIsWrittenAsAFloatingNodeOfTheOnlyRoot() throws {
        var builder = MapBuilder(rootText: "Plan")
        _ = builder.addChild(of: builder.rootID, text: "Step", at: Vec2(100, 0))
        let free = builder.addNode(text: "Free", at: Vec2(0, 300))
        _ = builder.addChild(of: free, text: "Under free", at: Vec2(100, 300))
        let saved = FreeMindFormat.encode(builder.build())
        let lines = try Canonical.lines(saved)
        // FreeMind reads one root: exactly one <node> stands directly in <map>.
        var depth = 0, topLevel = 0
        for line in lines {
            if line.hasPrefix("</") { depth -= 1 } else if line.hasPrefix("<") {
                if depth == 1 && line.hasPrefix("<node") { topLevel += 1 }
                depth += 1
            }
        }
        #expect(topLevel == 1, "\(lines)")
        #expect(lines.contains("<hook NAME=\"FreeNode\""), "Freeplane shows it floating")
        let reread = try FreeMindFormat.decode(saved)
        #expect(outline(reread.document) == ["Plan", "  Step", "  Free", "    Under free"], "nothing is lost")
        #expect(reread.warnings.isEmpty)
    }

    @Test(arguments: [("<html><body>x", true), ("  \n<HTML>", true), ("\t<Html", true), ("<htm", false), ("html", false),
                      ("x <html>", false), ("", false), ("<htmlish", true)])
    func htmlInATextAttributeIsToldByItsFirstTag(text: String, isHTML: Bool) {
        #expect(FreeMindFormat.looksLikeHTML(text) == isHTML)
    }

    @Test func aMapFromElsewhereIsWrittenAsBefore() throws {
        var builder = MapBuilder(rootText: "Root")
        let added = builder.addChild(of: builder.rootID, text: "Child & <friends>", at: Vec2(100, 0))
        let child = try #require(added)
        builder.modify(child) { $0.style.bold = true; $0.icons = ["yes"]; $0.note = "line 1\nline 2" }
        let text = String(decoding: FreeMindFormat.encode(builder.build()), as: UTF8.self)
        #expect(text.hasPrefix("<map version=\"1.0.1\">\n"))
        #expect(text.contains("<node TEXT=\"Child &amp; &lt;friends&gt;\" ID=\"ID_2\" POSITION=\"right\">") == false)
        #expect(text.contains("<node ID=\"ID_2\" TEXT=\"Child &amp; &lt;friends&gt;\" POSITION=\"right\">"))
        #expect(text.contains("<font NAME=\"SansSerif\" SIZE=\"12\" BOLD=\"true\"/>"))
        #expect(text.contains("<icon BUILTIN=\"yes\"/>"))
        let reread = try FreeMindFormat.decode(Data(text.utf8)).document
        #expect(outline(reread) == ["Root", "  Child & <friends>"])
    }
}

/// XML as lines that compare what matters: one line per start tag (attributes sorted), text
/// (whitespace collapsed) and end tag; comments dropped.
enum Canonical {
    static func lines(_ data: Data) throws -> [String] {
        let collector = Collector()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = collector
        guard parser.parse() else { throw CanonicalError(line: parser.lineNumber, detail: "\(parser.parserError.map { "\($0)" } ?? "?")") }
        collector.flush()
        return collector.lines
    }

    struct CanonicalError: Error {
        var line: Int
        var detail: String
    }

    final class Collector: NSObject, XMLParserDelegate {
        var lines: [String] = []
        var text = ""

        func flush() {
            let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
            if !collapsed.isEmpty { lines.append("text: " + collapsed) }
            text = ""
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            flush()
            let attributes = attributes.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value.debugDescription)" }.joined()
            lines.append("<" + name + attributes)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            flush()
            lines.append("</" + name)
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, foundCDATA block: Data) { text += String(decoding: block, as: UTF8.self) }
    }

    /// The first place the two differ, with a little context, or nil.
    static func firstDifference(_ a: [String], _ b: [String]) -> String? {
        guard a != b else { return nil }
        let i = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let from = max(0, i - 2)
        return "at line \(i): was\n  " + a[from..<min(a.count, i + 3)].joined(separator: "\n  ")
            + "\nnow\n  " + b[from..<min(b.count, i + 3)].joined(separator: "\n  ")
    }

    /// Lines only in `a` (removed) and only in `b` (added), counted as multisets.
    static func changedLines(_ a: [String], _ b: [String]) -> (removed: [String], added: [String]) {
        var counts: [String: Int] = [:]
        for line in a { counts[line, default: 0] += 1 }
        var added: [String] = []
        for line in b {
            if let n = counts[line], n > 0 { counts[line] = n - 1 } else { added.append(line) }
        }
        let removed = a.filter { line in
            guard let n = counts[line], n > 0 else { return false }
            counts[line] = n - 1
            return true
        }
        return (removed, added)
    }

    /// A line of an HTML body (rich text): its tags and text.
    static func isInsideRichText(_ line: String) -> Bool {
        let tags = ["<head", "</head", "<body", "</body", "<p", "</p", "</html", "</richcontent", "text: ", "<b", "</b", "<i", "</i",
                    "<font", "</font", "<br", "</br", "<a", "</a", "<u", "</u", "<span", "</span", "<div", "</div", "<li", "</li",
                    "<ul", "</ul", "<ol", "</ol", "<img", "</img", "<table", "</table", "<tr", "</tr", "<td", "</td", "<pre", "</pre",
                    "<h", "</h", "<small", "</small", "<strike", "</strike", "<style", "</style", "<meta", "</meta"]
        return tags.contains { line.hasPrefix($0) }
    }
}
