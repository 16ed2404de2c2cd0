import Foundation
import MeshpadCore
import MeshpadTestRigs
import Testing

extension EndToEndTests {
    /// `meshpad convert` to and from XMind and Mermaid with the built binary, the XMind file
    /// checked by readers that are not Meshpad's (Info-ZIP's `unzip` and Python's `json`), and
    /// hostile archives refused with words that name the file, writing nothing.
    @Suite(.serialized)
    struct InterchangeConvertTests {
        typealias Convert = PDFConvertTests

        /// Runs a tool to its end: its status and standard output.
        static func run(_ tool: String, _ arguments: [String], in folder: ScratchFolder) throws -> (status: Int32, output: String) {
            let path = try #require(ChildProcess.installed(tool), "\(tool) is not installed: `make test` installs it")
            let child = try ChildProcess(arguments, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""],
                                         executable: path, directory: folder.path)
            #expect(child.waitForExit(seconds: 60) != nil)
            return (child.process.terminationStatus, child.output)
        }

        @Test func anXMindFileWrittenByMeshpadIsReadByOtherReaders() throws {
            let folder = try ScratchFolder()
            try Convert.map.write(toFile: folder.path("garden.mm"), atomically: true, encoding: .utf8)
            #expect(try Convert.meshpad(["convert", "garden.mm", "garden.xmind"], in: folder).status == 0)

            // Info-ZIP checks every entry's CRC; Python reads the sheet as JSON.
            let tested = try Self.run("unzip", ["-t", "garden.xmind"], in: folder)
            #expect(tested.status == 0 && tested.output.contains("No errors detected"), "\(tested.output)")
            let script = """
            import json, zipfile
            z = zipfile.ZipFile('garden.xmind')
            sheets = json.loads(z.read('content.json'))
            root = sheets[0]['rootTopic']
            print(root['title'])
            for topic in root['children']['attached']:
                print(topic['title'], '|', topic.get('notes', {}).get('plain', {}).get('content', ''))
            print(sorted(json.loads(z.read('manifest.json'))['file-entries']))
            """
            let read = try Self.run("python3", ["-c", script], in: folder)
            #expect(read.status == 0)
            let lines = read.output.split(separator: "\n").map(String.init)
            #expect(lines.first == "Garden", "\(read.output)")
            #expect(lines.contains("Vegetables | Water in the evening") && lines.contains("Flowers | "), "\(read.output)")
            #expect(lines.last?.contains("content.json") == true && lines.last?.contains("metadata.json") == true)

            // And back: the same tree.
            #expect(try Convert.meshpad(["convert", "garden.xmind", "again.mm"], in: folder).status == 0)
            let again = try MapFile.read(folder.path("again.mm")).document
            #expect(Set(again.nodes.map(\.text)) == ["Garden", "Vegetables", "Tomatoes", "Flowers"])
            #expect(again.nodes.first { $0.text == "Vegetables" }?.note == "Water in the evening")
        }

        @Test func aMermaidMapGoesOutAndComesBack() throws {
            let folder = try ScratchFolder()
            try Convert.map.write(toFile: folder.path("garden.mm"), atomically: true, encoding: .utf8)
            #expect(try Convert.meshpad(["convert", "garden.mm", "garden.mmd"], in: folder).status == 0)
            let text = try String(contentsOfFile: folder.path("garden.mmd"), encoding: .utf8)
            #expect(text.hasPrefix("mindmap\n"), "\(text)")
            #expect(try Convert.meshpad(["convert", "garden.mmd", "again.opml"], in: folder).status == 0)
            #expect(Set(try MapFile.read(folder.path("again.opml")).document.nodes.map(\.text)) == ["Garden", "Vegetables", "Tomatoes", "Flowers"])
        }

        @Test func hostileArchivesAreRefusedNamingTheFileAndWriteNothing() throws {
            let folder = try ScratchFolder()
            let climbing = try ZipArchive.write([("content.json", Data("[]".utf8)), ("../../evil.txt", Data("x".utf8))], format: "XMind")
            try climbing.write(to: URL(fileURLWithPath: folder.path("climbing.xmind")))
            try Data(climbing.prefix(40)).write(to: URL(fileURLWithPath: folder.path("cut.xmind")))
            try Data("not a zip at all".utf8).write(to: URL(fileURLWithPath: folder.path("text.xmind")))
            for (file, words) in [("climbing.xmind", "points outside the archive"), ("cut.xmind", "XMind"), ("text.xmind", "XMind")] {
                let result = try Convert.meshpad(["convert", file, "out.mm"], in: folder)
                #expect(result.status == 1, "\(file)")
                #expect(result.errors.contains(folder.path(file)) || result.errors.contains(file), "\(file): \(result.errors)")
                #expect(result.errors.contains(words), "\(file): \(result.errors)")
                #expect(!FileManager.default.fileExists(atPath: folder.path("out.mm")), "nothing written for \(file)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path("../evil.txt")))
        }
    }
}
