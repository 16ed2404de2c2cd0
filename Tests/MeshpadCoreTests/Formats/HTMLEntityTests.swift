import Foundation
import Testing
@testable import MeshpadCore

/// `.mm` rich text as Freeplane writes it: HTML's named entities, which XML does not define.
@Suite struct HTMLEntityImportTests {
    /// A Freeplane 1.x map whose rich node text and note use `&nbsp;`, `&eacute;`, `&mdash;`, `&copy;`.
    static let freeplaneRichText = """
        <map version="freeplane 1.9.13">
        <!--To view this file, download free mind mapping software Freeplane from https://www.freeplane.org -->
        <node TEXT="Menu" ID="ID_1">
        <node ID="ID_2"><richcontent TYPE="NODE"><html>
          <head>

          </head>
          <body>
            <p>
              Caf&eacute;&nbsp;cr&egrave;me &mdash; 3&nbsp;&euro;
            </p>
          </body>
        </html></richcontent>
        <richcontent TYPE="NOTE"><html><head/><body><p>&copy; 2024 Ch&acirc;teau &amp; Co&hellip;</p></body></html></richcontent>
        </node>
        <node TEXT="plain &amp; simple" ID="ID_3"/>
        </node>
        </map>
        """

    func decode(_ text: String) throws(FormatError) -> Document {
        try FreeMindFormat.decode(Data(text.utf8)).document
    }

    func refusal(_ text: String) -> FormatError? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func richTextWithHTMLNamedEntitiesOpensAndShowsTheCharacters() throws {
        let document = try decode(Self.freeplaneRichText)
        #expect(document.nodeCount == 3)
        let cafe = try #require(document.nodes.first { $0.sourceID == "ID_2" })
        // No-break spaces show as spaces, as in every other rich text.
        #expect(cafe.text == "Café crème — 3 €")
        #expect(cafe.note == "© 2024 Château & Co…")
        #expect(node(document, "plain & simple") != nil)
    }

    @Test func htmlEntitiesInAttributesAndHTMLInsideATextAttributeAreRead() throws {
        // FreeMind 0.8 keeps the HTML inside TEXT, escaped once more.
        let map = """
            <map version="0.8.0"><node TEXT="r&eacute;sum&eacute;">
            <node TEXT="&lt;html&gt;&lt;body&gt;&lt;p&gt;na&amp;iuml;ve&amp;nbsp;&amp;ndash; ok&lt;/p&gt;&lt;/body&gt;&lt;/html&gt;"/>
            </node></map>
            """
        let document = try decode(map)
        #expect(document.root.text == "résumé")
        #expect(document.nodes.contains { $0.text == "naïve – ok" })
    }

    @Test func entitiesInCommentsAndCDATAAreLeftAsWritten() throws {
        let map = """
            <map version="1.0.1"><!-- &undefined; in a comment is only text -->
            <?meshpad-test &alsoUndefined;?>
            <node TEXT="a"><richcontent TYPE="NOTE"><html><body><p><![CDATA[keep &eacute; literally]]> &eacute;</p></body></html></richcontent></node></map>
            """
        let document = try decode(map)
        #expect(document.root.note == "keep &eacute; literally é")
    }

    @Test func anUndefinedEntityIsRefusedNamingItAndItsPlace() throws {
        let map = "<map version=\"1.0.1\">\n<node TEXT=\"a\">\n  <node TEXT=\"x &foo; y\"/>\n</node></map>"
        let error = try #require(refusal(map))
        #expect(error.reason == .malformed(line: 3, column: 17,
            detail: "the entity &foo; is not defined (neither XML nor HTML has it; write the character itself or a numeric reference such as &#233;)"))
        #expect(error.description.hasPrefix("FreeMind:3:17: not a valid FreeMind file: the entity &foo; is not defined"))
        // Entity names are case-sensitive, as in HTML.
        let wrongCase = try #require(refusal("<map><node TEXT=\"&NBSP;\"/></map>"))
        #expect(wrongCase.description.contains("&NBSP; is not defined"))
    }

    @Test func aBareAmpersandIsStillRefusedWithItsPlace() throws {
        let error = try #require(refusal("<map>\n<node TEXT=\"fish & chips\"/></map>"))
        guard case .malformed(let line, let column, let detail) = error.reason else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(line == 2 && column > 0)
        #expect(detail.contains("&amp;"), "says how to write the character")
    }

    @Test func syntaxErrorsAfterAnEntityNameTheColumnAsWritten() throws {
        // `&euro;` (6 bytes) becomes a 7-byte reference; `&quot;` is XML's own and stays 6 bytes.
        // The same mistake after either is reported at the same place.
        let withEuro = try #require(refusal("<map>\n<node TEXT=\"&euro;\" <node/></map>"))
        let withQuote = try #require(refusal("<map>\n<node TEXT=\"&quot;\" <node/></map>"))
        guard case .malformed(let line, let column, _) = withEuro.reason else {
            Issue.record("expected a syntax error, got \(withEuro)")
            return
        }
        #expect(line == 2)
        #expect(withEuro.reason == withQuote.reason)
        #expect(column > 0)
    }

    @Test func documentTypesDeclaringEntitiesAreStillRefused() {
        let redefined = "<?xml version=\"1.0\"?><!DOCTYPE map [<!ENTITY nbsp \"&#160;&#160;\">]><map><node TEXT=\"&nbsp;\"/></map>"
        #expect(throws: FormatError(format: "FreeMind", reason: .entityDeclarations)) { try decode(redefined) }
        let bomb = """
            <?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "&eacute;&eacute;"><!ENTITY lol2 "&lol;&lol;&lol;">]>
            <map><node TEXT="&lol2;"/></map>
            """
        #expect(throws: FormatError(format: "FreeMind", reason: .entityDeclarations)) { try decode(bomb) }
    }

    @Test func aMapWithoutHTMLEntitiesIsPassedOnUncopied() throws {
        let data = Data("<map><node TEXT=\"a &amp; b &lt;c&gt; &#233;\"/><!-- &x; --></map>".utf8)
        let rewrite = try XMLSafety.resolvingHTMLEntities(data, format: "FreeMind")
        let before = data.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        let after = rewrite.data.withUnsafeBytes { Int(bitPattern: $0.baseAddress) }
        #expect(before == after)
        #expect(rewrite.shifts.isEmpty)
    }

    @Test func theTableIsHTMLsFullSet() {
        #expect(HTMLEntities.scalars.count == 252)
        #expect(HTMLEntities.scalars["nbsp"] == "\u{A0}")
        #expect(HTMLEntities.scalars["yuml"] == "ÿ")
        #expect(HTMLEntities.scalars["Yuml"] == "Ÿ")
        #expect(HTMLEntities.scalars["thetasym"] == "ϑ")
        #expect(HTMLEntities.scalars["diams"] == "♦")
        #expect(HTMLText.plainText(fromHTML: "<p>&Omega;&nbsp;&le;&nbsp;&infin; &amp; AT&T &unknown;</p>") == "Ω ≤ ∞ & AT&T &unknown;")
    }
}
