import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing
@testable import MeshpadSDL

// Nested in PlatformTests so that no two SDL sessions ever overlap (see PlatformTests.swift).
extension PlatformTests {
    /// A map as a PDF, read back with poppler's tools as a person's viewer would: its words are
    /// text in the screen's fonts, embedded; its picture is in it; tiles are numbered; the paper
    /// is the one chosen; the outline reads in the tree's order with the notes under their nodes.
    @Suite(.serialized) @MainActor
    struct PDFWriterTests {
        let theme = Theme.standard

        static let map = """
            <map version="freeplane 1.9.13">
            <node TEXT="Trip plan" ID="ID_root">
            <node TEXT="Packing list" POSITION="right" ID="ID_1">
            <richcontent TYPE="NOTE"><html><head></head><body><p>Remember the passports</p></body></html></richcontent>
            <arrowlink DESTINATION="ID_3" MIDDLE_LABEL="depends on" ENDARROW="Default"/>
            <cloud COLOR="#ccffcc"/>
            <node TEXT="Sunscreen" ID="ID_1a"/>
            </node>
            <node TEXT="北京 中文" POSITION="right" ID="ID_2"/>
            <node TEXT="Beach 😀 day" POSITION="left" ID="ID_3"/>
            <node TEXT="Photo" POSITION="left" ID="ID_4"><hook NAME="ExternalObject" URI="pic.png"/></node>
            </node>
            </map>
            """

        /// poppler's `tool`, or a failure saying how to get it: the tests read the PDF as people's viewers do.
        /// The fixture map, read, its picture beside it, measured and laid out as the app shows it.
        func preparedMap(in folder: ScratchFolder) throws -> Document {
            var png = PixelBuffer(width: 60, height: 40)
            png.pixels = [UInt32](repeating: 0xFFFF_00FF, count: 60 * 40)
            try PNGWriter.write(png, to: folder.path("pic.png"))
            try folder.file("trip.mm", Data(Self.map.utf8))
            return try prepared(try MapFile.read(folder.path("trip.mm")).document, folder: folder.path)
        }

        func prepared(_ document: Document, folder: String?) throws -> Document {
            var document = document
            let session = try SDLSession(headless: true)
            try withExtendedLifetime(session) {
                let canvas = try Canvas(title: "test", size: PixelSize(width: 64, height: 64), theme: theme, hidden: true, preferSoftware: true)
                canvas.painter.images.folder = folder
                canvas.painter.images.learn(document)
                document.prepareForDisplay(with: canvas.sizing, layout: theme.treeLayout)
            }
            return document
        }

        // MARK: The map on a page

        @Test func theMapsWordsAreTextInTheScreensFontsEmbedded() throws {
            let folder = try ScratchFolder()
            let document = try preparedMap(in: folder)
            let pdf = folder.path("trip.pdf")
            let summary = try PDFWriter.write(document, theme: theme, options: PDFOptions(), mapFolder: folder.path, to: pdf)
            #expect(summary.pages == 1)
            let words = try Poppler.run("pdftotext", [pdf, "-"])
            for expected in ["Trip plan", "Packing list", "Sunscreen", "北京", "中文", "Beach", "day", "Photo", "depends on"] {
                #expect(words.contains(expected), "“\(expected)” is not text in the PDF: \(words)")
            }
            let fonts = try Poppler.run("pdffonts", [pdf])
            let rows = fonts.split(separator: "\n").dropFirst(2)
            #expect(rows.contains { $0.contains("DejaVu") || $0.contains("Noto") || $0.contains("Liberation") }, "\(fonts)")
            #expect(rows.contains { $0.contains("CJK") }, "the Chinese words in a CJK font: \(fonts)")
            // Every font embedded (the `emb` column) and mapped back to Unicode (`uni`).
            for row in rows {
                let columns = row.split(separator: " ")
                #expect(columns.count >= 7 && columns[columns.count - 5] == "yes" && columns[columns.count - 3] == "yes",
                        "not embedded or not searchable: \(row)")
            }
            let info = try Poppler.run("pdfinfo", [pdf])
            #expect(info.contains("Title:           Trip plan"), "\(info)")
            #expect(info.contains("Creator:         Meshpad"), "\(info)")
        }

        @Test func thePictureAndTheColourEmojiAreEmbedded() throws {
            let folder = try ScratchFolder()
            let document = try preparedMap(in: folder)
            let pdf = folder.path("trip.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(), mapFolder: folder.path, to: pdf)
            let images = try Poppler.run("pdfimages", ["-list", pdf]).split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }
            // page num type width height color …
            #expect(images.contains { $0.count > 5 && $0[2] == "image" && $0[3] == "60" && $0[4] == "40" },
                    "the 60 × 40 picture: \(images)")
            #expect(images.contains { $0.count > 5 && $0[2] == "image" && $0[5] == "rgb" && $0[3] != "60" },
                    "the emoji in colour: \(images)")
        }

        @Test func aPictureThatCannotBeReadIsAWarningAndAPlaceholder() throws {
            let folder = try ScratchFolder()
            var document = Document(rootText: "Root")
            document.modify(document.rootID) { $0.image = "missing.png" }
            document = try prepared(document, folder: folder.path)
            let summary = try PDFWriter.write(document, theme: theme, options: PDFOptions(), mapFolder: folder.path, to: folder.path("m.pdf"))
            #expect(summary.pages == 1)
            let words = try Poppler.run("pdftotext", [folder.path("m.pdf"), "-"])
            #expect(words.contains("missing.png"), "the placeholder names the picture: \(words)")
        }

        // MARK: Paper and tiles

        @Test func landscapeA4IsWiderThanTall() throws {
            let folder = try ScratchFolder()
            let document = try preparedMap(in: folder)
            let pdf = folder.path("wide.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(paper: .a4, orientation: .landscape), mapFolder: folder.path,
                                    to: pdf)
            let info = try Poppler.run("pdfinfo", [pdf])
            #expect(info.contains("Page size:       841.89 x 595.276 pts (A4)"), "\(info)")
            let letter = folder.path("letter.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(paper: .letter), mapFolder: folder.path, to: letter)
            #expect(try Poppler.run("pdfinfo", [letter]).contains("Page size:       612 x 792 pts (letter)"))
        }

        @Test func aLargeMapTiledOverA4HasNumberedPages() throws {
            let folder = try ScratchFolder()
            let document = try prepared(Document.procedural(nodeCount: 1_500, seed: 3), folder: nil)
            let pdf = folder.path("big.pdf")
            let summary = try PDFWriter.write(document, theme: theme, options: PDFOptions(layout: .tiled), mapFolder: nil, to: pdf)
            #expect(summary.pages > 1)
            let info = try Poppler.run("pdfinfo", [pdf])
            #expect(info.contains("Pages:           \(summary.pages)\n"), "\(info)")
            let first = try Poppler.run("pdftotext", ["-f", "1", "-l", "1", pdf, "-"])
            #expect(first.contains("Page 1 of \(summary.pages) · row "), "\(first)")
            let last = try Poppler.run("pdftotext", ["-f", "\(summary.pages)", "-l", "\(summary.pages)", pdf, "-"])
            #expect(last.contains("Page \(summary.pages) of \(summary.pages)"), "\(last)")
            // Every shown node's words are on some page: the tiles cover the map. (A label longer
            // than the pages' overlap and margins, cut by a page's edge, is whole on neither page;
            // each of its words is whole on one.)
            // why: substrings: pdftotext runs two labels that end and begin side by side into one word.
            let all = try Poppler.run("pdftotext", [pdf, "-"])
            let shown = document.nodes.indices.filter { !document.isHidden(nodeAt: $0) }
            #expect(shown.count > 500)
            let missing = shown.flatMap { document.nodes[$0].text.split(separator: " ") }.filter { !all.contains($0) }
            #expect(missing.isEmpty, "not printed: \(missing.prefix(5))")
        }

        @Test func aFailedWriteLeavesTheFileThatWasThere() throws {
            let folder = try ScratchFolder()
            let document = try preparedMap(in: folder)
            #expect(throws: PlatformError.self) {
                _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(), mapFolder: nil, to: folder.path("no/such/folder/x.pdf"))
            }
            // A target the finished PDF cannot be renamed over (a folder holding a file, as even
            // root cannot replace): what was there stays, and no half-written PDF is left beside it.
            let target = folder.path("kept.pdf")
            try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
            let inside = try folder.file("kept.pdf/what-was-here.txt", Data("what was here".utf8))
            #expect(throws: PlatformError.self) {
                _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(), mapFolder: nil, to: target)
            }
            #expect(try String(contentsOfFile: inside, encoding: .utf8) == "what was here")
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
            #expect(left.isEmpty, "half-written: \(left)")
        }

        // MARK: The outline

        @Test func theOutlineReadsInTheTreesOrderWithNotesUnderTheirNodes() throws {
            let folder = try ScratchFolder()
            let document = try preparedMap(in: folder)
            let pdf = folder.path("outline.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(layout: .outline), mapFolder: folder.path, to: pdf)
            let words = try Poppler.run("pdftotext", [pdf, "-"])
            let order = ["Trip plan", "Packing list", "Remember the passports", "Sunscreen", "北京 中文", "Beach", "Photo", "Page 1 of 1"]
            let places = order.map { words.range(of: $0)?.lowerBound }
            #expect(!places.contains(nil), "missing from \(words): \(zip(order, places).filter { $0.1 == nil }.map(\.0))")
            let found = places.compactMap { $0 }
            #expect(found == found.sorted(), "out of order: \(words)")

            let bare = folder.path("bare.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(layout: .outline, notes: false), mapFolder: nil, to: bare)
            #expect(!(try Poppler.run("pdftotext", [bare, "-"])).contains("passports"))
        }

        /// What the outline panel shows is on the page: a task's box, a word-less node as "—"
        /// with its children under it, and a free-standing tree after the root's.
        @Test func theOutlineHasTasksWordlessNodesAndFreeTrees() throws {
            let folder = try ScratchFolder()
            var document = Document(rootText: "Term")
            let added = document.addChild(of: document.rootID, text: "", at: Vec2(200, 0))
            let blank = try #require(added)
            _ = document.addChild(of: blank, text: "under the blank", at: Vec2(400, 0))
            let booked = document.addChild(of: document.rootID, text: "Book the hall", at: Vec2(200, 80))
            let task = try #require(booked)
            document.modify(task) { $0.details.setTask(.open) }
            let loose = document.addNode(text: "Loose idea", at: Vec2(0, 400))
            _ = document.addChild(of: loose, text: "its child", at: Vec2(200, 400))
            document.measureAll(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
            let pdf = folder.path("outline.pdf")
            _ = try PDFWriter.write(document, theme: theme, options: PDFOptions(layout: .outline), mapFolder: nil, to: pdf)
            let words = try Poppler.run("pdftotext", [pdf, "-"])
            let order = ["Term", "—", "under the blank", "☐ Book the hall", "Loose idea", "its child"]
            let places = order.map { words.range(of: $0)?.lowerBound }
            #expect(!places.contains(nil), "missing from \(words): \(zip(order, places).filter { $0.1 == nil }.map(\.0))")
            let found = places.compactMap { $0 }
            #expect(found == found.sorted(), "out of order: \(words)")
        }

        @Test func aLongOutlineRunsOverNumberedPages() throws {
            let folder = try ScratchFolder()
            let document = Document.procedural(nodeCount: 400, seed: 5)
            let pdf = folder.path("long.pdf")
            let summary = try PDFWriter.write(document, theme: theme, options: PDFOptions(layout: .outline), mapFolder: nil, to: pdf)
            #expect(summary.pages > 1)
            let last = try Poppler.run("pdftotext", ["-f", "\(summary.pages)", "-l", "\(summary.pages)", pdf, "-"])
            #expect(last.contains("Page \(summary.pages) of \(summary.pages)"), "\(last)")
        }
    }
}
