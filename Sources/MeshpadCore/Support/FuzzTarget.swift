import Foundation

/// What the fuzzers feed: each parser, from any bytes to the end of what opening a file does.
///
/// Every target must return for any input — an error is a fine answer — and never crash, hang
/// or run out of memory. `make fuzz` runs them under libFuzzer (`Tests/Fuzz/FuzzMain.swift`);
/// `FuzzRegressionTests` runs every input that once crashed one, so a fix stays fixed.
public enum FuzzTarget: String, CaseIterable, Sendable {
    case native, mm, opml, markdown, xmind, mermaid, replay

    /// Parses `data`; if it is a map, does what opening it does (sizing, laying out, folds,
    /// hit tests) and writes it back.
    public func run(_ data: Data) {
        switch self {
        case .native:
            guard let document = try? NativeFormat.decode(data) else { return }
            exercise(document)
            _ = try? NativeFormat.encode(document)
        case .mm:
            guard let imported = try? MapFile.decode(data, format: .freeMind) else { return }
            exercise(imported.document)
        case .opml:
            guard let imported = try? MapFile.decode(data, format: .opml) else { return }
            exercise(imported.document)
        case .markdown:
            guard let imported = try? MapFile.decode(data, format: .markdown) else { return }
            exercise(imported.document)
        case .xmind:
            guard let imported = try? MapFile.decode(data, format: .xmind) else { return }
            exercise(imported.document)
            _ = try? XMindFormat.encode(imported.document)
        case .mermaid:
            guard let imported = try? MapFile.decode(data, format: .mermaid) else { return }
            exercise(imported.document)
            _ = MermaidFormat.encode(imported.document)
        case .replay:
            guard let events = try? ReplayEvent.parseScript(String(decoding: data, as: UTF8.self)) else { return }
            for event in events { _ = event.jsonLine }
        }
    }

    private func exercise(_ document: Document) {
        var document = document
        document.prepareForDisplay(with: NodeSizing(measurer: FixedAdvanceMeasurer()))
        _ = document.topmostNode(at: document.bounds.center, margin: 4)
        _ = FreeMindFormat.encode(document)
        _ = OPMLFormat.encode(document)
        _ = MarkdownFormat.encode(document)
    }
}
