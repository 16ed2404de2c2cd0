import Foundation

/// Mermaid mind maps (being built: issue 31).
public enum MermaidFormat {
    public static func decode(_ data: Data) throws(FormatError) -> FreeMindFormat.Imported {
        throw FormatError(format: "Mermaid", reason: .unknownFormat(detail: "Mermaid files are not read yet"))
    }

    public static func encode(_ document: Document) -> (data: Data, warnings: [String]) { (Data(), []) }

    public static func mindmapSource(inMarkdown text: String) -> String? { nil }
}
