import Foundation
import Testing

/// poppler-utils' tools (`pdftotext`, `pdfinfo`, `pdffonts`, `pdfimages`): a PDF read back as
/// a person's PDF reader reads it. Missing, they fail the test with what installs them: a PDF
/// test must not pass by skipping.
package enum Poppler {
    /// What `tool ARGUMENTS` writes to standard output.
    package static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let path = try #require(ChildProcess.installed(tool),
                                "\(tool) is not installed: `make test` installs poppler-utils (apt-get install poppler-utils)")
        return try ChildProcess.output(of: path, arguments, environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
    }

    /// A PDF's page count, as `pdfinfo` reads it.
    package static func pages(ofPDF path: String) throws -> Int {
        let line = try run("pdfinfo", [path]).split(whereSeparator: \.isNewline).first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }
}
