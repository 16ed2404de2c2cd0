import Foundation

/// XMind files (being built: issue 31).
public enum XMindFormat {
    public static func decode(_ data: Data, sheet: Int? = nil) throws(FormatError) -> FreeMindFormat.Imported {
        throw FormatError(format: "XMind", reason: .unknownFormat(detail: "XMind files are not read yet"))
    }

    public static func sheets(in data: Data) throws(FormatError) -> [String] { [] }

    public static func encode(_ document: Document) throws(FormatError) -> (data: Data, warnings: [String]) {
        throw FormatError(format: "XMind", reason: .unwritable(detail: "XMind files are not written yet"))
    }
}
