import Foundation
import Testing

/// `docs/ARCHITECTURE.md` is the map a newcomer reads first: it must name only files that exist,
/// leave out no source folder, and stay short; and every test folder stands for a source folder.
@Suite struct ArchitectureTests {
    /// The project's folder: this file is Tests/MeshpadCoreTests/ArchitectureTests.swift.
    static let project = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardized

    static func text() throws -> String {
        try String(contentsOf: project.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
    }

    /// Every folder under `root`, relative to it (`MeshpadCore/Scene/Overview`).
    static func folders(under root: String) -> [String] {
        let base = project.appendingPathComponent(root).path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var found: [String] = []
        while let next = walker.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + "/" + next, isDirectory: &isFolder), isFolder.boolValue {
                found.append(next)
            }
        }
        return found.sorted()
    }

    /// Every file under Sources/ and Tests/, by name.
    static func fileNames() -> Set<String> {
        var names = Set<String>()
        for root in ["Sources", "Tests"] {
            let base = project.appendingPathComponent(root).path
            guard let walker = FileManager.default.enumerator(atPath: base) else { continue }
            while let next = walker.nextObject() as? String { names.insert((next as NSString).lastPathComponent) }
        }
        return names
    }

    @Test func everyFileItNamesExists() throws {
        let text = try Self.text()
        let names = Self.fileNames()
        let swiftFiles = text.matches(of: /[A-Za-z][A-Za-z0-9+_]*\.swift/).map { String($0.output) }
        #expect(!swiftFiles.isEmpty)
        for file in swiftFiles {
            #expect(names.contains(file), "ARCHITECTURE.md names \(file), which is nowhere in Sources/ or Tests/")
        }
        let paths = text.matches(of: /`((?:Sources|Tests|docs|Assets)\/[^`\s]*)`/).map { String($0.output.1) }
        for path in paths {
            #expect(FileManager.default.fileExists(atPath: Self.project.appendingPathComponent(path).path),
                    "ARCHITECTURE.md names \(path), which does not exist")
        }
    }

    @Test func everySourceFolderIsInIt() throws {
        let text = try Self.text()
        let folders = Self.folders(under: "Sources")
        #expect(folders.count > 20)
        for folder in folders {
            let name = (folder as NSString).lastPathComponent
            #expect(text.contains(name + "/"), "ARCHITECTURE.md leaves out Sources/\(folder)")
        }
    }

    @Test func itIsReadInAQuarterOfAnHour() throws {
        let lines = try Self.text().split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 300, "ARCHITECTURE.md has \(lines) lines; the map stays short, the detail goes to docs/notes/")
    }

    /// `Tests/MeshpadCoreTests/Model/` tests `Sources/MeshpadCore/Model/`, and so on: a test
    /// folder with no source folder behind it is a test of nothing a newcomer can find.
    @Test func testFoldersMirrorSourceFolders() throws {
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.project.appendingPathComponent("Tests").path)
            .filter { $0.hasSuffix("Tests") }.sorted()
        #expect(targets == ["MeshpadCoreTests", "MeshpadPostgresTests", "MeshpadSDLTests", "MeshpadToolsTests"])
        for target in targets {
            let source = "Sources/" + target.dropLast("Tests".count)
            for folder in Self.folders(under: "Tests/" + target) {
                #expect(FileManager.default.fileExists(atPath: Self.project.appendingPathComponent(source + "/" + folder).path),
                        "Tests/\(target)/\(folder) stands for no folder of \(source)")
            }
        }
    }
}
