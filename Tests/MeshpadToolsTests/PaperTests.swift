import Foundation
import MeshpadCore
import Testing
@testable import MeshpadSDL
@testable import MeshpadTools
import MeshpadTestRigs

// Nested in EndToEndTests so that no two SDL sessions ever overlap (see EndToEndTests.swift).
extension EndToEndTests {
    /// Issue 31's paper, by finger alone in the real app: a PDF exported from the app menu, and
    /// the map printed on a real CUPS server's virtual PDF printer (started by the test), read
    /// back with poppler's `pdftotext` as a person would check the paper.
    @Suite(.serialized) @MainActor
    struct PaperTests {
        typealias Finger = TouchOnlyTests.Finger

        /// The text of a PDF, page by page (form feeds between), as poppler reads it.
        static func text(ofPDF path: String) throws -> String { try Poppler.run("pdftotext", ["-layout", path, "-"]) }

        /// Taps the enabled control with these words and this role.
        static func tap(_ f: inout Finger, _ label: String, role: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let found = f.dump.controls.last { $0.label == label && $0.role == role && $0.enabled }
            let control = try #require(found, "no \(role) “\(label)” among \(f.dump.controls.map { "\($0.role): \($0.label)" })",
                                       sourceLocation: sourceLocation)
            try f.tap(at: Vec2(control.rect[0] + control.rect[2] / 2, control.rect[1] + control.rect[3] / 2))
        }

        @Test func theMapPrintedByFingerComesOutOfARealPrinter() throws {
            let cups = try TestPrintServer()
            // The app asks CUPS where its server is, as `lp` does.
            setenv("CUPS_SERVER", "127.0.0.1:\(cups.port)", 1)
            defer { unsetenv("CUPS_SERVER") }
            var recorded: [String] = []
            let sdl = try SDLSession(headless: true)
            try withExtendedLifetime(sdl) {
                let app = try App(document: .sample(), options: App.Options(windowSize: TouchOnlyTests.size, preferSoftware: true, hidden: true))
                var f = Finger(app: app)
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Print…")
                #expect(f.dump.dialog?.first == "Print the map")
                // The printer CUPS has is offered, chosen as the only one.
                #expect(f.dump.controls.contains { $0.label == cups.printer && $0.role == "option" })
                try Self.tap(&f, "Tiled pages", role: "option")
                #expect(f.dump.dialog?.last?.contains("pages that overlap") == true, "\(f.dump.dialog ?? [])")
                try Self.tap(&f, "Print", role: "button")
                #expect(f.dump.dialog == nil)
                recorded = f.script
            }
            let first = try #require(cups.waitForPrinted(seconds: 60), "no PDF came out of the printer:\n\(cups.log)")
            #expect(try Poppler.pages(ofPDF: first) >= 1, "the printer's PDF has pages")
            // The job as the app handed it to CUPS: the map's words, on numbered tiles.
            let sent = try #require(cups.spooledFiles.first, "the spool kept no job")
            let paper = try Self.text(ofPDF: sent)
            #expect(paper.contains("every human has a right to"), "\(paper.prefix(400))")
            #expect(paper.contains("clean water"))
            #expect(paper.contains("Page 1 of"))

            // The same taps through the real `meshpad replay`, another job on the same printer.
            let printed = cups.printedFiles.count
            _ = try TouchOnlyTests.replayThroughTheApp(recorded, in: try ScratchFolder(), environment: ["CUPS_SERVER": "127.0.0.1:\(cups.port)"])
            let deadline = Date(timeIntervalSinceNow: 60)
            while cups.printedFiles.count == printed, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
            let second = try #require(cups.waitForPrinted(seconds: 30), "the replay printed nothing:\n\(cups.log)")
            #expect(second != first)
            #expect(cups.spooledFiles.count == 2)
            #expect(try Self.text(ofPDF: cups.spooledFiles.last ?? "").contains("every human has a right to"))
        }

        @Test func withNoPrintServerPrintSaysSoAndOffersThePDF() throws {
            // A server address nothing answers at: the dialog says so, and a PDF is still one tap away.
            setenv("CUPS_SERVER", "127.0.0.1:\(try TestCluster.freePort())", 1)
            defer { unsetenv("CUPS_SERVER") }
            try TouchOnlyTests.withApp { app in
                var f = Finger(app: app)
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Print…")
                let said = f.dump.dialog?.last ?? ""
                #expect(said.contains("did not answer") && said.contains("Save a PDF"), "\(said)")
                #expect(!f.dump.controls.contains { $0.label == "Print" && $0.role == "button" }, "nothing to print on")
                try Self.tap(&f, "Save as PDF…", role: "button")
                #expect(f.dump.dialog?.first?.contains("PDF") == true, "the file browser for the PDF: \(f.dump.dialog ?? [])")
            }
        }

        /// A print server that takes the connection and never answers (a stuck network printer
        /// host): Meshpad stops waiting after ten seconds and says so, and the window never waits.
        @Test func aPrintServerThatNeverAnswersIsGivenUpOn() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(listener) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let listening = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(listener, $0, length) == 0 && listen(listener, 8) == 0 && getsockname(listener, $0, &length) == 0
                }
            }
            try #require(listening, "a socket that listens and never answers")
            setenv("CUPS_SERVER", "127.0.0.1:\(UInt16(bigEndian: address.sin_port))", 1)
            defer { unsetenv("CUPS_SERVER") }
            try TouchOnlyTests.withApp { app in
                var f = Finger(app: app)
                try f.tap(Workspace.appMenuTitle)
                let asked = Date()
                try f.tap("Print…")
                let waited = Date().timeIntervalSince(asked)
                #expect(f.dump.dialog?.last == PrintQueue.unanswered, "\(f.dump.dialog ?? [])")
                #expect(waited < 30, "given up on after \(waited) s")
                #expect(f.dump.controls.contains { $0.label == "Save as PDF…" && $0.role == "button" })
            }
        }

        @Test func aPDFExportedByFingerHoldsTheMapsWords() throws {
            let folder = try ScratchFolder()
            try TouchOnlyTests.withApp { app in
                app.workspace.places = FilePlaces(home: folder.path, folders: LocalFolders())
                var f = Finger(app: app)
                try f.tap(Workspace.appMenuTitle)
                try f.tap("Export ▸")
                try f.tap("PDF…")
                #expect(f.dump.dialog?.first == "Export a PDF")
                try Self.tap(&f, "Landscape", role: "option")
                try Self.tap(&f, "Outline", role: "option")
                #expect(f.dump.dialog?.last == "The map as an indented outline on A4 landscape pages, with notes.")
                try Self.tap(&f, "Choose file…", role: "button")
                // The browser, with the map's name suggested, in the person's home.
                try f.tap("Home")
                #expect(f.dump.dialog?.contains { $0.hasSuffix(".pdf") } == true || app.workspace.panels.dialog?.field.hasSuffix(".pdf") == true)
                try Self.tap(&f, "Export", role: "button")
            }
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".pdf") }
            let pdf = try #require(written.first, "no PDF in \(folder.path)")
            let paper = try Self.text(ofPDF: folder.path(pdf))
            let lines = paper.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            let root = try #require(lines.firstIndex { $0.contains("every human has a right to") }, "\(paper.prefix(400))")
            let water = try #require(lines.firstIndex { $0.contains("clean water") })
            #expect(root < water, "the outline reads from the root down")
        }
    }
}
