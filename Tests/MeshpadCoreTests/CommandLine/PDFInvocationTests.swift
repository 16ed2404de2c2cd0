import Testing
@testable import MeshpadCore

/// `meshpad convert map.mm map.pdf` and the PDF's flags: paper, orientation, one layout, notes;
/// and `--sheet N` for a workbook, counted from 1 as people count.
@Suite struct PDFInvocationTests {
    @Test func aPDFIsOnePortraitA4PageWithNotesUnlessTold() throws {
        #expect(try Invocation.parse(["convert", "a.mm", "b.pdf"]) == .convert(input: "a.mm", output: "b.pdf", scale: 1))
    }

    @Test(arguments: [
        (["--paper", "letter"], PDFOptions(paper: .letter)),
        (["--paper", "A4", "--landscape"], PDFOptions(orientation: .landscape)),
        (["--tiled"], PDFOptions(layout: .tiled)),
        (["--one-page"], PDFOptions(layout: .onePage)),
        (["--outline", "--no-notes"], PDFOptions(layout: .outline, notes: false)),
        (["--landscape", "--paper", "letter", "--tiled"], PDFOptions(paper: .letter, orientation: .landscape, layout: .tiled)),
    ])
    func theFlagsSetThePDFsOptions(flags: [String], options: PDFOptions) throws {
        #expect(try Invocation.parse(["convert", "a.mm", "b.pdf"] + flags) == .convert(input: "a.mm", output: "b.pdf", scale: 1, pdf: options))
    }

    @Test func oneLayoutAtATime() {
        #expect(throws: UsageError("choose one layout for the PDF: --tiled or --outline")) {
            try Invocation.parse(["convert", "a.mm", "b.pdf", "--tiled", "--outline"])
        }
    }

    @Test(arguments: ["--landscape", "--tiled", "--outline", "--one-page", "--no-notes"])
    func pdfFlagsGoOnlyWithAPDF(flag: String) {
        #expect(throws: UsageError("\(flag) is for a PDF: name the output file.pdf (got 'b.png')")) {
            try Invocation.parse(["convert", "a.mm", "b.png", flag])
        }
    }

    @Test func aPaperIsA4OrLetter() {
        #expect(throws: UsageError("--paper is a4 or letter; got 'a3'")) { try Invocation.parse(["convert", "a.mm", "b.pdf", "--paper", "a3"]) }
    }

    @Test func theSheetIsCountedFromOne() throws {
        #expect(try Invocation.parse(["convert", "book.xmind", "b.mm", "--sheet", "2"])
                == .convert(input: "book.xmind", output: "b.mm", scale: 1, sheet: 1))
        #expect(throws: UsageError("--sheet wants a sheet number from 1 to 10000; got '0'")) {
            try Invocation.parse(["convert", "book.xmind", "b.mm", "--sheet", "0"])
        }
    }

    @Test func aSharedMapGoesToPaperToo() throws {
        let url = "postgresql://ann@school/maps"
        #expect(try Invocation.parse(["convert", "--db", url, "--shared", "wall", "w.pdf", "--outline"])
                == .convertShared(SharedMapName(address: DatabaseAddress(url), name: "wall"), output: "w.pdf", scale: 1,
                                  pdf: PDFOptions(layout: .outline)))
        #expect(throws: UsageError("--sheet picks a sheet of a file; a shared map is one map")) {
            try Invocation.parse(["convert", "--db", url, "--shared", "wall", "w.pdf", "--sheet", "2"])
        }
    }
}
