import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing

extension EndToEndTests {
    /// `meshpad convert map.mm map.pdf` with the PDF's options as flags, as a person types it:
    /// the built binary, read back with poppler's tools.
    @Suite(.serialized)
    struct PDFConvertTests {
        static let map = """
            <map version="freeplane 1.9.13">
            <node TEXT="Garden" ID="ID_root">
            <node TEXT="Vegetables" POSITION="right" ID="ID_1">
            <richcontent TYPE="NOTE"><html><head></head><body><p>Water in the evening</p></body></html></richcontent>
            <node TEXT="Tomatoes" ID="ID_2"/>
            </node>
            <node TEXT="Flowers" POSITION="left" ID="ID_3"/>
            </node>
            </map>
            """

        /// Runs the built `meshpad` with `arguments` in `folder`: its exit status and what it said.
        static func meshpad(_ arguments: [String], in folder: ScratchFolder) throws -> (status: Int32, errors: String) {
            let meshpad = try #require(ChildProcess.builtMeshpad())
            var environment = ["HOME": folder.path, "SDL_VIDEODRIVER": "offscreen", "XDG_CONFIG_HOME": folder.path("config")]
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
            let child = try ChildProcess(arguments, environment: environment, executable: meshpad, directory: folder.path)
            #expect(child.waitForExit(seconds: 120) != nil, "meshpad \(arguments.joined(separator: " ")) finished")
            return (child.process.terminationStatus, child.errorOutput)
        }

        @Test func theFlagsChooseThePaperAndTheTiles() throws {
            let folder = try ScratchFolder()
            let input = try folder.file("garden.mm", Data(Self.map.utf8))
            let run = try Self.meshpad(["convert", input, "garden.pdf", "--paper", "letter", "--landscape", "--tiled"], in: folder)
            #expect(run.status == 0, "\(run.errors)")
            let info = try Poppler.run("pdfinfo", [folder.path("garden.pdf")])
            #expect(info.contains("Page size:       792 x 612 pts (letter)"), "\(info)")
            #expect(info.contains("Title:           Garden"), "\(info)")
            let words = try Poppler.run("pdftotext", [folder.path("garden.pdf"), "-"])
            #expect(words.contains("Tomatoes") && words.contains("Page 1 of 1 · row 1, column 1"), "\(words)")
        }

        @Test func theOutlineHasTheNotesUnlessToldNot() throws {
            let folder = try ScratchFolder()
            let input = try folder.file("garden.mm", Data(Self.map.utf8))
            #expect(try Self.meshpad(["convert", input, "notes.pdf", "--outline"], in: folder).status == 0)
            #expect(try Self.meshpad(["convert", input, "bare.pdf", "--outline", "--no-notes"], in: folder).status == 0)
            let notes = try Poppler.run("pdftotext", [folder.path("notes.pdf"), "-"])
            let bare = try Poppler.run("pdftotext", [folder.path("bare.pdf"), "-"])
            #expect(notes.contains("Water in the evening") && notes.contains("Tomatoes"), "\(notes)")
            #expect(!bare.contains("Water in the evening") && bare.contains("Tomatoes"), "\(bare)")
        }

        @Test func pdfFlagsOnAnotherFormatAreAMistakeSaidAsSuch() throws {
            let folder = try ScratchFolder()
            let input = try folder.file("garden.mm", Data(Self.map.utf8))
            let run = try Self.meshpad(["convert", input, "garden.png", "--landscape"], in: folder)
            #expect(run.status == 2)
            #expect(run.errors.contains("--landscape is for a PDF"), "\(run.errors)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("garden.png")))
        }
    }
}
