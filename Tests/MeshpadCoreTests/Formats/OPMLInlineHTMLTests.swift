import Foundation
import Testing
@testable import MeshpadCore
import MeshpadTestRigs

/// OPML whose `text` holds inline HTML, as Drummer, Fargo and Radio UserLand write it.
@Suite struct OPMLInlineHTMLTests {
    func realOutline(_ name: String) throws -> Document {
        try MapFile.read(sharedMaps.appendingPathComponent("real/opml/\(name)").path).document
    }

    func decode(text: String, url: String? = nil) throws -> Node {
        let link = url.map { " url=\"\(XMLText.escapeAttribute($0))\"" } ?? ""
        let opml = "<opml version=\"2.0\"><body><outline text=\"root\"><outline text=\"\(XMLText.escapeAttribute(text))\"\(link)/></outline></body></opml>"
        let document = try OPMLFormat.decode(Data(opml.utf8)).document
        return try #require(document.nodes.first { $0.id != document.rootID })
    }

    // MARK: - Real outlines

    @Test(.needsSharedMaps) func drummerPostsShowTheirWordsNotTheirTags() throws {
        let blog = try realOutline("scripting-news-2023-01-drummer.opml")
        let markup = ["<a ", "</a>", "<i>", "<span", "<script", "&lt;", "&quot;", "&nbsp;", "&amp;"]
        let showingMarkup = blog.nodes.filter { node in markup.contains { node.text.contains($0) } }
        #expect(showingMarkup.isEmpty, "\(showingMarkup.count) nodes show markup, as \(showingMarkup.first?.text.prefix(80) ?? "")")
        let podcasts = try #require(blog.nodes.first { $0.text.hasPrefix("To journalists (and others)") })
        #expect(podcasts.text.contains("listening to the podcasts in Morning Coffee Notes starting at 6/11/2004."))
        #expect(podcasts.link == "http://morningcoffeenotes.com/", "the text's one link is the node's link")
        let history = try #require(blog.nodes.first { $0.text.hasPrefix("2001 was also a big year in podcasting.") })
        #expect(history.text.contains("The first program to download podcasts was MUOTD, in January 2001, in conjunction with the Grateful Dead experiment."))
        #expect(history.link == nil, "three links: none is the node's")
        #expect(blog.nodes.contains { $0.text.contains("a rating of 💩\u{A0}and I'm rating myself a fool") })
        // An embedded toot (an iframe and a script) is named, not blank and not code.
        #expect(blog.nodes.contains { $0.text == "[embedded: https://mastodon.social/@davew/109758004055360356/embed]" })
        #expect(!blog.nodes.contains { $0.text.isEmpty })
    }

    @Test(.needsSharedMaps) func radioUserLandPostsShowTheirWordsAndKeepEscapedTagsAsText() throws {
        let blog = try realOutline("scripting-news-1999-06.opml")
        #expect(!blog.nodes.contains { $0.text.contains("<a ") || $0.text.contains("</i>") || $0.text.contains("&quot;") })
        let milestone = try #require(blog.nodes.first { $0.text.hasPrefix("This evening we reached a milestone.") })
        #expect(milestone.text.hasSuffix("Check out our new Weblog Editor. If you find great links, share them with us. It's never been easier to get your ideas on the web. UserLand.Com membership required."))
        #expect(milestone.link == "http://my.userland.com/weblog/")
        // `&amp;lt;p&gt;` is a tag written out as text: a browser shows "<p>", and so does the node.
        #expect(blog.nodes.contains { $0.text.hasSuffix("from the Website of Buck's Restaurant in Woodside..\"<p>") })
    }

    // MARK: - Inline HTML

    @Test(arguments: [
        ("Read <a href=\"https://a.example/x?b=1&amp;c=2\">this</a> &amp; smile", "Read this & smile", "https://a.example/x?b=1&c=2"),
        ("<b>bold</b> and <I>italic</I>", "bold and italic", nil),
        ("line<br>break<br/>again", "line\nbreak\nagain", nil),
        ("<p>one</p>\n<p>two</p>", "one\ntwo", nil),
        ("5&nbsp;&euro; &mdash; caf&eacute; &#8217;n&#x2019;", "5\u{A0}€ — café ’n’", nil),
        ("<a href=\"/relative\">local</a> page", "local page", nil),
        ("<a href=\"https://x.example\"><img src=\"http://x.example/pics/cat.png\"></a>", "[image: cat.png]", "https://x.example"),
        ("<img src=\"a.png\" alt=\"A cat\"> sleeps", "A cat sleeps", nil),
        ("two <a href=\"https://a.example\">same</a> <a href=\"https://a.example\">links</a>", "two same links", "https://a.example"),
        // Not HTML: kept exactly, whatever the characters.
        ("Goals & <risks>", "Goals & <risks>", nil),
        ("x<y and a&b;  spaced  ", "x<y and a&b;  spaced  ", nil),
    ] as [(String, String, String?)])
    func inlineHTMLShowsAsItsText(raw: String, shown: String, link: String?) throws {
        let node = try decode(text: raw)
        #expect(node.text == shown)
        #expect(node.link == link)
    }

    @Test func anOutlinesOwnURLWinsOverALinkInItsText() throws {
        let node = try decode(text: "see <a href=\"https://inline.example\">here</a>", url: "https://own.example")
        #expect(node.text == "see here")
        #expect(node.link == "https://own.example")
    }

    @Test func notesWithInlineHTMLShowTheirText() throws {
        let opml = "<opml version=\"2.0\"><body><outline text=\"a\" _note=\"&lt;p&gt;first&lt;/p&gt;&lt;p&gt;&lt;i&gt;second&lt;/i&gt;&lt;/p&gt;\"/></body></opml>"
        let document = try OPMLFormat.decode(Data(opml.utf8)).document
        #expect(document.root.note == "first\nsecond")
    }

    // MARK: - Round trips

    @Test func textsThatLookLikeHTMLComeBackUnchanged() throws {
        var original = Document(rootText: "<b>not bold</b>")
        let texts = ["a &amp; b", "AT&T", "Goals & <risks>", "x\n  y  ", "&nbsp;", "<a href=\"x\">typed</a>", "tab\there"]
        for text in texts { original.addChild(of: original.rootID, text: text, at: .zero) }
        original.modify(original.rootID) { $0.note = "<i>typed tags</i>\n& more" }
        let (data, _) = OPMLFormat.encode(original)
        let back = try OPMLFormat.decode(data).document
        #expect(outline(back) == outline(original))
        #expect(back.root.note == original.root.note)
        #expect(back.nodes.allSatisfy { $0.link == nil })
        // Plain text stays plain for other outliners: escaped once, as XML needs, not twice.
        let written = String(decoding: data, as: UTF8.self)
        #expect(written.contains("text=\"Goals &amp; &lt;risks&gt;\""))
        #expect(written.contains("text=\"AT&amp;T\""))
    }
}
