import Testing
@testable import MeshpadSDL

/// The desktop's program for a node's link is found as a shell finds it (no window needed; where
/// a link leads is the session's: `SessionTests`).
@Suite struct LinkTargetTests {
    @Test func programsAreFoundOnThePath() {
        #expect(App.findProgram("sh", path: "/nowhere:/bin:/usr/bin") != nil)
        #expect(App.findProgram("no-such-program-here", path: "/bin:/usr/bin") == nil)
    }
}
