import Foundation
import MeshpadCore
@testable import MeshpadPostgres
import MeshpadTestRigs
import Testing

/// How a screen's connection behaves when the database is away or refuses it.
@Suite struct SharedMapLinkTests {
    /// Reconnecting backs off: the pause doubles from a quarter second to half a minute, and
    /// each is drawn between half and all of its ceiling, so screens that lost one server
    /// together come back spread out (issue 27: a refused screen logged in four times a second).
    @Test func reconnectingBacksOffExponentiallyWithJitter() {
        let ceilings = (1...12).map { SharedMapLink.pause(afterFailures: $0, random: 1) }
        #expect(ceilings.prefix(8) == [0.25, 0.5, 1, 2, 4, 8, 16, 30])
        #expect(ceilings.allSatisfy { $0 <= SharedMapLink.longestPause })
        for failures in 1...12 {
            let ceiling = SharedMapLink.pause(afterFailures: failures, random: 1)
            #expect(SharedMapLink.pause(afterFailures: failures, random: 0) == ceiling / 2)
            let drawn = SharedMapLink.pause(afterFailures: failures)
            #expect(drawn >= ceiling / 2 && drawn <= ceiling)
        }
        let spread = Set((0..<20).map { _ in SharedMapLink.pause(afterFailures: 6) })
        #expect(spread.count > 1, "screens do not all wait the same")
    }

    /// libpq's connection failure comes with a line break and a tab before its hint; a status
    /// line or a banner shows them as boxes, so they become single spaces.
    @Test func libpqsLineBreaksAndTabsBecomeSpaces() {
        let message = "FATAL:  connection to server at \"127.0.0.1\", port 5 failed: Connection refused\n\tIs the server running on that host?\n"
        let shown = message.withCString { PGConnection.message($0) }
        #expect(shown == "connection to server at \"127.0.0.1\", port 5 failed: Connection refused Is the server running on that host?")
    }

    /// A screen that cannot reach the database is told why, in one line.
    @Test func anUnreachableDatabaseIsReportedOnOneLine() {
        let address = DatabaseAddress("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2")
        do {
            _ = try PGConnection(address)
            Issue.record("port 1 answered")
        } catch {
            #expect(!error.description.contains("\n") && !error.description.contains("\t"), "\(error.description)")
            #expect(error.description.contains("127.0.0.1"))
        }
    }
}
