import MeshpadCore

/// What a PDF written holds.
public struct PDFSummary: Sendable {
    public var pages: Int
    public var warnings: [String]
}

/// PDF export through cairo. Placeholder until the cairo painter lands (issue 31).
public enum PDFWriter {
    public static func write(_ document: Document, theme: Theme, options: PDFOptions, mapFolder: String?,
                             to path: String) throws(PlatformError) -> PDFSummary {
        throw PlatformError.pngWrite(path: path, detail: "PDF is not written yet")
    }
}
