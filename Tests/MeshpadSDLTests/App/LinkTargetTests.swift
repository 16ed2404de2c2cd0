import Testing
@testable import MeshpadCore
@testable import MeshpadSDL

/// Where a node's link leads when it is handed to the desktop (no window needed).
@Suite struct LinkTargetTests {
    @Test(arguments: [
        ("https://example.org/a?b=1", "/home/ada/maps/plan.mm", "https://example.org/a?b=1"),
        ("mailto:ada@example.org", "/home/ada/maps/plan.mm", "mailto:ada@example.org"),
        ("file:///tmp/x.pdf", nil, "file:///tmp/x.pdf"),
        ("notes/today.pdf", "/home/ada/maps/plan.mm", "/home/ada/maps/notes/today.pdf"),
        ("../other.mm", "/home/ada/maps/plan.mm", "/home/ada/other.mm"),
        ("/srv/doc.odt", "/home/ada/maps/plan.mm", "/srv/doc.odt"),
    ] as [(String, String?, String)])
    func aLinkLeadsToAnAddressOrAFileBesideTheMap(link: String, map: String?, target: String) {
        #expect(Session.linkTarget(link, mapPath: map) == target)
    }

    @Test func programsAreFoundOnThePath() {
        #expect(App.findProgram("sh", path: "/nowhere:/bin:/usr/bin") != nil)
        #expect(App.findProgram("no-such-program-here", path: "/bin:/usr/bin") == nil)
    }
}
