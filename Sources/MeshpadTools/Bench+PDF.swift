import Foundation
import MeshpadCore
import MeshpadSDL

extension Bench {
    /// A large map printed: how many A4 pages a map of `nodes` nodes tiles over at full size, and
    /// how long writing that PDF takes.
    public struct PDFTimes: Sendable {
        public var nodes: Int
        public var pages: Int
        /// Median of `runs` writes, from the measured map to the finished file.
        public var milliseconds: Double
        public var bytes: Int
        public var runs: Int
    }

    /// The map size of the PDF line (issue 31: a 10,000-node map tiled stays feasible).
    public static let pdfNodes = 10_000

    /// Writes the procedural map of `nodes` nodes, measured with the real label font as the app
    /// shows it, as a tiled A4 PDF `runs` times (a temporary file, removed) and keeps the median.
    public static func runPDF(nodes: Int = pdfNodes, runs: Int = 3) throws(PlatformError) -> PDFTimes {
        let session = try SDLSession(headless: true)
        return try withExtendedLifetime(session) { () throws(PlatformError) -> PDFTimes in
            let fonts = try LabelFonts(theme: .standard)
            var document = Document.procedural(nodeCount: nodes, seed: 7)
            document.prepareForDisplay(with: fonts.sizing, layout: Theme.standard.treeLayout)
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-bench-\(getpid()).pdf").path
            defer { unlink(path) }
            var times: [Double] = [], pages = 0
            for _ in 0..<max(runs, 1) {
                let start = App.now()
                pages = try PDFWriter.write(document, theme: .standard, options: PDFOptions(layout: .tiled), mapFolder: nil, to: path).pages
                times.append((App.now() - start) * 1000)
            }
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return PDFTimes(nodes: nodes, pages: pages, milliseconds: times.sorted()[times.count / 2], bytes: bytes, runs: times.count)
        }
    }

    /// `PDF 10,000 nodes tiled: 84 pages in 2310 ms (A4 portrait, median of 3; 5.1 MB)`.
    public static func pdfLine(_ times: PDFTimes) -> String {
        String(format: "PDF %@ nodes tiled: %d pages in %.0f ms (A4 portrait, median of %d; %.1f MB)",
               times.nodes.grouped, times.pages, times.milliseconds, times.runs, Double(times.bytes) / 1_048_576)
    }
}
