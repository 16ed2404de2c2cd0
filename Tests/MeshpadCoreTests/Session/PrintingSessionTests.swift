import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Print… without a window or a printer: what the session asks of the app, the dialog it shows
/// for what the print service answers, and what a person is told of the job.
@Suite struct PrintingSessionTests {
    static func dialog(_ session: Session) -> Dialog? { session.workspace.panels.dialog }

    @Test func printAsksForPrintersThenSendsTheChosenOneThePDF() throws {
        var session = SessionTests.session()
        _ = session.start(at: 0)
        #expect(session.perform(.print).contains { if case .listPrinters = $0 { true } else { false } })

        _ = session.report(.printers(["Office", "Library"], problem: nil), at: 1)
        var shown = try #require(Self.dialog(session))
        guard case .print(_, let printers, let chosen) = shown.kind else { throw Failure("not the print dialog: \(shown.kind)") }
        #expect(printers == ["Office", "Library"] && chosen == "Office", "the first is chosen")
        #expect(shown.buttons.map(\.label) == ["Cancel", "Save as PDF…", "Print"])

        // Tiled, on the other printer: the chips light and the line under them says so.
        session.workspace.choosePaperOption("layout:tiled", shown)
        shown = try #require(Self.dialog(session))
        session.workspace.choosePaperOption("printer:Library", shown)
        shown = try #require(Self.dialog(session))
        #expect(shown.choiceRows.joined().filter(\.isOn).map(\.label) == ["A4", "Portrait", "Tiled pages", "Notes", "Library"])
        #expect(shown.message?.hasPrefix("To Library: The map at full size over A4 portrait pages") == true, "\(shown.message ?? "")")

        let requests = session.workspace.finish(shown, .confirm)
        #expect(requests == [.print(printer: "Library")])
        let effects = session.carryOut(requests)
        guard case .print(let document, let title, let printer, let options)? = effects.first else { throw Failure("no print: \(effects)") }
        #expect(printer == "Library" && options.layout == .tiled && document.nodeCount == session.workspace.document.nodeCount)
        #expect(!title.isEmpty)

        _ = session.report(.printed(printer: "Library", job: "Library-12"), at: 2)
        #expect(session.workspace.panels.banner?.message == "Sent to Library (job Library-12)")
        _ = session.report(.printFailed(printer: "Library", reason: "the printer is out of paper"), at: 3)
        #expect(session.workspace.panels.banner?.message == "Not printed on Library: the printer is out of paper")
        #expect(session.workspace.panels.banner?.isError == true)

        // Next time the same printer and layout are offered.
        _ = session.perform(.print)
        _ = session.report(.printers(["Office", "Library"], problem: nil), at: 4)
        guard case .print(let again, _, let remembered)? = Self.dialog(session)?.kind else { throw Failure("no print dialog") }
        #expect(remembered == "Library" && again.layout == .tiled)
    }

    @Test func withoutAPrintServiceTheDialogOffersThePDF() throws {
        var session = SessionTests.session()
        _ = session.start(at: 0)
        _ = session.perform(.print)
        _ = session.report(.printers([], problem: PrintQueue.missing), at: 1)
        let shown = try #require(Self.dialog(session))
        #expect(shown.message == PrintQueue.missing)
        #expect(shown.buttons.map(\.label) == ["Cancel", "Save as PDF…"])
        #expect(session.workspace.finish(shown, .save) == [.export(.pdf)], "the PDF's file browser, with the options chosen")
    }

    @Test func whatCUPSAnswersIsRead() {
        let lpstat = """
        Office accepting requests since Sat 05 Dec 2026 09:14:02 UTC
        Library_Colour accepting requests since Fri 04 Dec 2026 17:00:00 UTC
        lpstat: Office: printer is stopped
        """
        #expect(PrintQueue.printers(fromLpstat: lpstat) == ["Office", "Library_Colour"])
        #expect(PrintQueue.printers(fromLpstat: "") == [])
        #expect(PrintQueue.job(fromLp: "request id is Office-12 (1 file(s))\n") == "Office-12")
        #expect(PrintQueue.job(fromLp: "queued\n") == "queued")
        #expect(PrintQueue.defaultPrinter(fromLpstat: "system default destination: Room12_Laser\n") == "Room12_Laser")
        #expect(PrintQueue.defaultPrinter(fromLpstat: "no system default destination\n") == nil)
        // A failed call's leftover "Success" says nothing and is left out.
        #expect(PrintQueue.unreachable("lpstat: Success") == "The print service did not answer. Save a PDF to print it elsewhere.")
        #expect(PrintQueue.unreachable("lpstat: Scheduler is not running.")
                == "The print service did not answer (Scheduler is not running.) Save a PDF to print it elsewhere.")
    }

    /// Paper is white: a dark theme prints as the light one, and no theme tints the page.
    @Test func mapsArePrintedOnWhitePaper() {
        #expect(Theme.dark.onPaper.background == RGBA(255, 255, 255))
        #expect(Theme.dark.onPaper.nodeFill == Theme.light.nodeFill && Theme.dark.onPaper.text == Theme.light.text)
        #expect(Theme.light.onPaper.background == RGBA(255, 255, 255))
        #expect(Theme.classic.onPaper.nodeBorder == Theme.classic.nodeBorder, "a light theme keeps its own look")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension PrintingSessionTests {
    /// A PDF is drawn off the loop: the person is told at once, then what became of it.
    @Test func aPDFBeingWrittenSaysSoUntilItIsDone() throws {
        var session = SessionTests.session()
        _ = session.start(at: 0)
        let effects = session.fileEvent(.dialog(.export(.pdf), .confirm, field: "/tmp/plan.pdf"))
        #expect(effects.contains { if case .exportPDF(_, "/tmp/plan.pdf", _) = $0 { true } else { false } }, "\(effects)")
        #expect(session.workspace.panels.banner?.message == "Writing plan.pdf…")
        _ = session.report(.exported(path: "/tmp/plan.pdf", warnings: []), at: 5)
        #expect(session.workspace.panels.banner?.message == "Exported plan.pdf")
    }
}

extension PrintingSessionTests {
    /// The printers can take seconds to answer; a dialog opened meanwhile (a note being written)
    /// is never swept away by their answer.
    @Test func printersAnsweringLateNeverReplaceAnotherDialog() throws {
        var session = SessionTests.session()
        _ = session.start(at: 0)
        _ = session.perform(.print)
        #expect(session.workspace.panels.banner?.message == "Looking for printers…")
        _ = session.perform(.selectRoot)
        _ = session.perform(.editNote)
        let note = try #require(session.workspace.panels.dialog)
        _ = session.report(.printers(["Office"], problem: nil), at: 3)
        #expect(session.workspace.panels.dialog == note, "the note stays open")
        #expect(session.workspace.panels.banner?.message.contains("Print… again") == true)
    }
}
