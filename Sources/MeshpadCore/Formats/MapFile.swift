import Foundation

/// The file formats Meshpad reads and writes, chosen by extension, then by content.
public enum MapFormat: String, CaseIterable, Sendable {
    case native = "meshpad"
    case freeMind = "mm"
    case opml
    case markdown = "md"
    case xmind
    case mermaid = "mmd"
    case svg
    case png
    case pdf

    /// Its name on the format chooser of Save as and Export.
    public var chooserLabel: String {
        switch self {
        case .native: return "Meshpad"
        case .freeMind: return "Freeplane .mm"
        case .opml: return "OPML"
        case .markdown: return "Markdown"
        case .xmind: return "XMind"
        case .mermaid: return "Mermaid"
        case .svg: return "SVG picture"
        case .png: return "PNG picture"
        case .pdf: return "PDF"
        }
    }

    /// The format a path's extension names, if any.
    public init?(path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "meshpad", "json": self = .native
        case "mm": self = .freeMind
        case "opml": self = .opml
        case "md", "markdown": self = .markdown
        case "xmind": self = .xmind
        case "mmd", "mermaid": self = .mermaid
        case "svg": self = .svg
        case "png": self = .png
        case "pdf": self = .pdf
        default: return nil
        }
    }

    /// Guesses a map format from the first bytes: JSON, `<map`, `<opml`, else Markdown if it has headings or bullets.
    public static func sniff(_ data: Data) -> MapFormat? {
        if ZipArchive.looksLikeZip(data) { return .xmind }
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = head.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.first == "{" { return .native }
        if trimmed.first == "<" {
            if head.contains("<map") { return .freeMind }
            if head.contains("<opml") { return .opml }
            return nil
        }
        let lines = head.split(separator: "\n")
        // Mermaid: after front matter and %% comments, the first line says `mindmap`.
        if MermaidFormat.beginsAsMindMap(head) { return .mermaid }
        if lines.contains(where: { MarkdownFormat.headingLevel(String($0)) != nil || MarkdownFormat.bullet(String($0)) != nil }) {
            return .markdown
        }
        return nil
    }

    public var canBeOpened: Bool { self != .svg && self != .png && self != .pdf }

    public var displayName: String {
        switch self {
        case .native: return "Meshpad"
        case .freeMind: return "FreeMind"
        case .opml: return "OPML"
        case .markdown: return "Markdown"
        case .xmind: return "XMind"
        case .mermaid: return "Mermaid"
        case .svg: return "SVG"
        case .png: return "PNG"
        case .pdf: return "PDF"
        }
    }
}

/// Reading and encoding map files, with the checks every input gets.
public enum MapFile {
    /// Files bigger than this are refused before they are read: no map is that big, and reading
    /// one would take the memory the user's work needs.
    public static let sizeLimit = 256 << 20

    public struct Loaded {
        public var document: Document
        public var format: MapFormat
        public var warnings: [String]

        public init(document: Document, format: MapFormat, warnings: [String]) {
            self.document = document
            self.format = format
            self.warnings = warnings
        }
    }

    /// Reads and parses a map. Errors name the file (and the line and column where there is one).
    /// With `sizing`, the map comes back measured (see `decode(_:format:sizing:)`).
    public static func read(_ path: String, sizing: NodeSizing? = nil, sheet: Int? = nil) throws(FormatError) -> Loaded {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw FormatError(path: path, format: "map", reason: .unreadable(detail: "no such file, or no permission to see it"))
        }
        if (attributes[.type] as? FileAttributeType) == .typeDirectory {
            throw FormatError(path: path, format: "map", reason: .unreadable(detail: "it is a directory"))
        }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= sizeLimit else {
            throw FormatError(path: path, format: "map", reason: .tooLarge(bytes: size, limit: sizeLimit))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FormatError(path: path, format: "map", reason: .unreadable(detail: error.localizedDescription))
        }
        do {
            return try decode(data, format: MapFormat(path: path), sizing: sizing, sheet: sheet)
        } catch {
            throw error.at(path)
        }
    }

    /// Parses bytes in `format`, or in the sniffed format when nil. With `sizing`, the map comes
    /// back measured, as `measureAll(with:)` would leave it: a `.meshpad` is measured as it is
    /// read, before its indexes are built, so a 100k-node map is filed once, not twice; a `.mm`
    /// is measured on a second thread while it is read.
    public static func decode(_ data: Data, format: MapFormat?, sizing: NodeSizing? = nil, sheet: Int? = nil) throws(FormatError) -> Loaded {
        guard data.count <= sizeLimit else {
            throw FormatError(format: "map", reason: .tooLarge(bytes: data.count, limit: sizeLimit))
        }
        guard let chosen = (format?.canBeOpened == true ? format : nil) ?? sniff(data, asked: format) else {
            throw FormatError(format: "map", reason: .unknownFormat(detail: "not a map Meshpad can read (.meshpad, .mm, .opml, .md, .xmind, .mmd)"))
        }
        var loaded: Loaded
        switch chosen {
        case .native:
            return Loaded(document: try NativeFormat.decode(data, sizing: sizing), format: .native, warnings: [])
        case .freeMind:
            let imported = try FreeMindFormat.decode(data, sizing: sizing)
            loaded = Loaded(document: imported.document, format: .freeMind, warnings: imported.warnings)
        case .opml:
            let imported = try OPMLFormat.decode(data)
            loaded = Loaded(document: imported.document, format: .opml, warnings: imported.warnings)
        case .markdown:
            // A Markdown file whose Mermaid fence is a mind map is that mind map (Obsidian and
            // GitHub show it so); the words around the fence are not the map.
            if MermaidFormat.mindmapSource(inMarkdown: String(decoding: data, as: UTF8.self)) != nil {
                // The reader finds the fence itself, so an error's line is the Markdown file's.
                let imported = try MermaidFormat.decode(data)
                loaded = Loaded(document: imported.document, format: .mermaid,
                                warnings: ["the Mermaid mind map in this Markdown file was opened; the text around it is not part of the map"] + imported.warnings)
            } else {
                do {
                    let imported = try MarkdownFormat.decode(data)
                    loaded = Loaded(document: imported.document, format: .markdown, warnings: imported.warnings)
                } catch {
                    // A note that meant a Mermaid mind map (a `mindmap` line) but got its fence
                    // wrong is told what Mermaid's reader makes of it, by line.
                    let text = String(decoding: data.prefix(1 << 20), as: UTF8.self)
                    guard text.split(whereSeparator: \.isNewline).contains(where: { $0.trimmingCharacters(in: .whitespaces) == "mindmap" }) else { throw error }
                    _ = try MermaidFormat.decode(data)
                    throw error
                }
            }
        case .xmind:
            // An XMind 8 file cannot be written back whole: the file flow then never saves over
            // it (it asks for a file of its own).
            let (imported, whole) = try XMindFormat.decodeTellingWhole(data, sheet: sheet)
            loaded = Loaded(document: imported.document, format: whole ? .xmind : .native,
                            warnings: imported.warnings + (whole ? [] : ["an XMind 8 file: saving asks for a new file, so this one stays as it is"]))
        case .mermaid:
            let imported = try MermaidFormat.decode(data)
            loaded = Loaded(document: imported.document, format: .mermaid, warnings: imported.warnings)
        case .svg, .png, .pdf:
            throw FormatError(format: chosen.displayName, reason: .unknownFormat(detail: "\(chosen.displayName) is an export format; Meshpad cannot open it"))
        }
        if let sizing {
            // Folds first: a fold that hides nodes re-files them, and they are filed again when measured.
            loaded.document.settleFolds()
            if chosen == .freeMind {
                // Measured as it was read, but for what changed after (clones) or shows a picture.
                loaded.document.measureUnmeasured(with: sizing)
            } else {
                loaded.document.measureAll(with: sizing)
            }
        }
        return loaded
    }

    private static func sniff(_ data: Data, asked: MapFormat?) -> MapFormat? {
        if let asked, !asked.canBeOpened { return nil }
        return MapFormat.sniff(data)
    }

    /// Encodes a map in a text format. `.png` is the platform's (it needs the renderer).
    public static func encode(_ document: Document, as format: MapFormat, theme: Theme = .standard) throws(FormatError) -> (data: Data, warnings: [String]) {
        switch format {
        case .native:
            do {
                return (try NativeFormat.encode(document), [])
            } catch {
                throw FormatError(format: "Meshpad", reason: .unwritable(detail: "\(error)"))
            }
        case .freeMind:
            return (FreeMindFormat.encode(document), [])
        case .opml:
            return OPMLFormat.encode(document)
        case .markdown:
            return MarkdownFormat.encode(document)
        case .xmind:
            return try XMindFormat.encode(document)
        case .mermaid:
            return MermaidFormat.encode(document)
        case .svg:
            return (SVGExport.encode(document, theme: theme), [])
        case .png, .pdf:
            throw FormatError(format: format.displayName, reason: .unknownFormat(detail: "\(format.displayName) is drawn by the renderer, not encoded here"))
        }
    }
}
