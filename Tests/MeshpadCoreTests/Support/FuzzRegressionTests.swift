import Foundation
import Testing
@testable import MeshpadCore

/// Every input a fuzzer ever crashed a parser with (`Tests/Fuzz/regressions/<target>/`), fed to
/// the same target again: each must come back, and a map file must be refused with a place.
@Suite struct FuzzRegressionTests {
    /// This file is Tests/MeshpadCoreTests/Support/FuzzRegressionTests.swift.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Fuzz/regressions").standardized

    static var cases: [(FuzzTarget, URL)] {
        FuzzTarget.allCases.flatMap { target in
            let folder = directory.appendingPathComponent(target.rawValue)
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            return files.sorted { $0.path < $1.path }.map { (target, $0) }
        }
    }

    @Test func thereAreRegressionsToRun() {
        #expect(Self.cases.count >= 2, "found \(Self.cases.count) under \(Self.directory.path)")
    }

    @Test func everyInputThatOnceCrashedIsNowAnswered() throws {
        for (target, file) in Self.cases {
            let data = try Data(contentsOf: file)
            target.run(data)
            let format: MapFormat? = switch target {
            case .mm: .freeMind
            case .opml: .opml
            case .markdown: .markdown
            case .xmind: .xmind
            case .mermaid: .mermaid
            case .native: .native
            case .replay: nil
            }
            if let format {
                #expect(throws: FormatError.self, "\(file.lastPathComponent)") { try MapFile.decode(data, format: format) }
            }
        }
    }

    @Test func textThatIsNotUTF8IsRefusedWithItsPlace() {
        var bytes = Array("<map version=\"1.0.1\">\n<node TEXT=\"ok\">\n<".utf8)
        bytes += [0xFF, 0xFE]
        bytes += Array("node/></node></map>".utf8)
        do {
            _ = try FreeMindFormat.decode(Data(bytes))
            Issue.record("invalid UTF-8 was read")
        } catch {
            #expect(error.reason == .malformed(line: 3, column: 2, detail: "the text is not valid UTF-8"))
        }
        // Declared in another encoding, the same bytes are that encoding's letters: read.
        var declared = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><map version=\"1.0.1\"><node TEXT=\"caf".utf8)
        declared.append(0xE9)
        declared.append(contentsOf: Array("\"/></map>".utf8))
        #expect((try? FreeMindFormat.decode(declared))?.document.root.text == "café")
    }
}
