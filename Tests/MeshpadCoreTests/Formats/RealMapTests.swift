import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// Every map in `../shared/maps/real` (written by Freeplane, FreeMind, WiseMapping, Drummer and
/// other programs; see its README) opens with its content, or, if named `*-MALFORMED.*`, is
/// refused with the line and column of the fault.
@Suite struct RealMapTests {
    static let folder = sharedMaps.appendingPathComponent("real")

    /// Every file in the folder, by its path under it (`mm/…`), so a map added there is tested.
    static let files: [String] = ["mm", "opml", "md"].flatMap { kind in
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(kind).path)) ?? [])
            .sorted().map { "\(kind)/\($0)" }
    }

    /// At least this many nodes: the `<node>` / `<outline>` elements, headings and bullets in the
    /// file (counted apart from Meshpad); arrow links where the README names a number.
    static let expected: [String: (nodes: Int, links: Int?)] = [
        "mm/freemind-doc-freemind-0.7.1.mm": (366, 2),
        "mm/freemind-doc-freemind-0.8.0.mm": (387, 9),
        "mm/freemind-doc-freemind-1.0.1.mm": (482, 11),
        "mm/freemind-doc-freemind-noversion-2003.mm": (377, 2),
        "mm/freemind-doc-freemind_es-0.8.0.mm": (407, 10),
        "mm/freeplane-doc-Freeplane_LaTeX-1.5.9.mm": (111, 0),
        "mm/freeplane-doc-freeplane_de-1.5.9.mm": (460, 11),
        "mm/freeplane-doc-freeplane_ru-1.5.9.mm": (384, 9),
        "mm/freeplane-doc-latestFreeplaneFeatures-1.12.mm": (196, nil),
        "mm/freeplane-doc-whatsNew-1.5.x.mm": (120, 8),
        "mm/freeplane-docs-Fishbone_Tree_Diagrams-0.9.0.mm": (99, 0),
        // 10 arrow links in the file, 3 of them in the styles (map_styles), which are not content.
        "mm/freeplane-docs-Node_CSS_Functionality-1.9.8.mm": (49, 7),
        "mm/freeplane-docs-floating_central_nodes-0.9.0.mm": (60, nil),
        "mm/freeplane-template-dark_nord-1.9.8.mm": (1, 0),
        "mm/freeplane-testdata-RichtextTests-1.3.mm": (7, 0),
        "mm/freeplane-testdata-StructuredMapTest-1.3.mm": (59, 0),
        "mm/wisemapping-export-bug3.mm": (278, 2),
        "mm/wisemapping-import-i18n2-arabic.mm": (3, 0),
        "mm/wisemapping-import-writing_an_essay.mm": (120, 6),
        "opml/scripting-news-1999-06.opml": (384, nil),
        "opml/scripting-news-2023-01-drummer.opml": (472, nil),
        "opml/scripting-news-podcatch-subscriptions.opml": (123, nil),
        "opml/scripting-opmlPackage-states-drummer.opml": (59, nil),
        "md/dundalek-markmap-gtor.md": (38, nil),
        "md/wisemapping-export-bug3.md": (278, nil),
        "md/wisemapping-export-process.md": (71, nil),
    ]

    /// Where each malformed map is wrong, as its README describes it.
    static let malformed: [String: (line: Int, detail: String)] = [
        "mm/freemind-flash-index-0.8.0-MALFORMED.mm": (211, "it contains a character that XML does not allow"),   // &#x0;
        "mm/wisemapping-export-huge-MALFORMED.mm": (11, "an element is closed with the wrong end tag"),        // <head><head/>
    ]

    static func path(_ file: String) -> String { folder.appendingPathComponent(file).path }

    @Test(.needsSharedMaps) func theFolderHoldsTheMapsTheREADMEDescribes() {
        #expect(Self.files.count == Self.expected.count + Self.malformed.count)
        #expect(Set(Self.files) == Set(Self.expected.keys).union(Self.malformed.keys), "a new map in the folder needs its counts here")
    }

    @Test(arguments: files.filter { !$0.contains("-MALFORMED.") })
    func opensWithItsNodesAndLinks(file: String) throws {
        let loaded = try MapFile.read(Self.path(file))
        let expected = try #require(Self.expected[file])
        #expect(loaded.document.nodeCount >= expected.nodes)
        if let links = expected.links {
            #expect(loaded.document.edges.filter { $0.kind == .link }.count == links)
        }
        // What a reader sees is text, not the markup it was stored in. (FreeMind's manual
        // mentions `<html>` in its words, so that tag alone proves nothing.)
        let markup = ["<body", "</p>", "</a>", "&nbsp;", "&lt;", "&quot;"]
        let showingMarkup = loaded.document.nodes.filter { node in markup.contains { node.text.contains($0) } }
        #expect(showingMarkup.isEmpty, "\(showingMarkup.count) nodes show markup, as \(showingMarkup.first?.text.prefix(80) ?? "")")
    }

    @Test(arguments: files.filter { $0.contains("-MALFORMED.") })
    func malformedMapsAreRefusedNamingTheLineAndColumn(file: String) throws {
        let expected = try #require(Self.malformed[file])
        do {
            _ = try MapFile.read(Self.path(file))
            Issue.record("\(file) was read")
        } catch {
            guard case .malformed(let line, let column, let detail) = error.reason else {
                Issue.record("expected a syntax error, got \(error)")
                return
            }
            #expect(line == expected.line && column > 0)
            #expect(detail == expected.detail)
            #expect(error.description.hasPrefix("\(Self.path(file)):\(line):\(column): not a valid FreeMind file: "))
        }
    }

    /// Saving a real map as OPML or Markdown keeps its outline and says what it leaves out.
    @Test(arguments: files.filter { !$0.contains("-MALFORMED.") })
    func savingAsOPMLOrMarkdownSaysWhatItLeavesOut(file: String) throws {
        let document = try MapFile.read(Self.path(file)).document
        let links = document.edges.filter { $0.kind == .link }.count
        let freeStanding = document.nodes.filter { $0.id != document.rootID && document.parent(of: $0.id) == nil }.count
        let folds = document.nodes.filter(\.folded).count
        let opml = OPMLFormat.encode(document)
        let markdown = MarkdownFormat.encode(document)
        for warnings in [opml.warnings, markdown.warnings] {
            #expect(warnings.contains { $0.contains("no free links: \(links) link") } == (links > 0))
            #expect(warnings.contains { $0.contains("\(freeStanding) free-standing node") } == (freeStanding > 0))
        }
        #expect(markdown.warnings.contains { $0.contains("no folds: \(folds) folded node") } == (folds > 0))
        #expect(!opml.warnings.contains { $0.contains("folds") }, "OPML keeps folds")
        guard freeStanding == 0 else { return }
        #expect(outline(try OPMLFormat.decode(opml.data).document) == outline(document))
    }
}
