import Foundation
import MeshpadTestRigs
import Testing
@testable import MeshpadCore

/// Mermaid mind maps read as Mermaid draws them (the tree, the shapes, icons, line breaks) and
/// written so that Mermaid draws the same and Meshpad reads back the same tree, texts and shapes;
/// what is not a mind map, or is hostile, is refused in words that say where and why.
@Suite struct MermaidFormatTests {
    static func read(_ text: String) throws -> Document {
        try MermaidFormat.decode(Data(text.utf8)).document
    }

    /// The error reading `text` gives, nil if it was read.
    static func refusal(_ text: String) -> FormatError? {
        refusal(Data(text.utf8))
    }

    static func refusal(_ data: Data) -> FormatError? {
        do {
            _ = try MermaidFormat.decode(data)
            return nil
        } catch {
            return error
        }
    }

    /// The map written and read again.
    static func reread(_ document: Document) throws -> Document {
        try MermaidFormat.decode(MermaidFormat.encode(document).data).document
    }

    /// Everything a Mermaid mind map holds, node by node in tree order: depth and text, outline,
    /// kept Mermaid line, icons, emphasis.
    static func content(_ document: Document) -> [String] {
        let children = document.childrenByParent()
        var result: [String] = []
        var stack: [(NodeID, Int)] = [(document.rootID, 0)]
        while let (id, depth) = stack.popLast() {
            guard let node = document.node(id) else { continue }
            let style = node.style
            result.append("\(depth) \(node.text.debugDescription) \(style.shape.map(\.rawValue) ?? "-") \(node.sourceID ?? "-") "
                + "\(node.icons) \(style.bold ? "b" : "")\(style.italic ? "i" : "")")
            for kid in (children[id] ?? []).reversed() { stack.append((kid, depth + 1)) }
        }
        return result
    }

    static func text(_ document: Document, _ text: String) throws -> Node {
        try #require(document.nodes.first { $0.text == text }, "no node \(text.debugDescription)")
    }

    static func parentText(_ document: Document, of text: String) throws -> String? {
        let id = try Self.text(document, text).id
        return document.parent(of: id).flatMap { document.node($0)?.text }
    }

    // MARK: - Shapes

    @Test(arguments: [
        ("root[A square]", "A square", NodeShape.roundedBox, "root[]"),
        ("root(Rounded)", "Rounded", .roundedBox, "root()"),
        ("root((Circle))", "Circle", .ellipse, "root(())"),
        ("root))Bang((", "Bang", .ellipse, "root))(("),
        ("root)Cloud(", "Cloud", .ellipse, "root)("),
        ("root{{Hexagon}}", "Hexagon", .roundedBox, "root{{}}"),
        ("[No id]", "No id", .roundedBox, "[]"),
    ] as [(String, String, NodeShape, String)])
    func everyShapeShowsAsTheNearestOutlineAndIsKept(line: String, text: String, shape: NodeShape, kept: String) throws {
        let document = try Self.read("mindmap\n  \(line)\n    child\n")
        let root = try #require(document.node(document.rootID))
        #expect(root.text == text)
        #expect(root.style.shape == shape)
        #expect(root.sourceID == kept)
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == "mindmap\n  \(line)\n    child\n")
    }

    @Test func aPlainNodeIsItsTextInTheThemesOutline() throws {
        let document = try Self.read("mindmap\n  root\n    Just words here\n")
        #expect(outline(document) == ["root", "  Just words here"])
        #expect(document.nodes.allSatisfy { $0.style.shape == nil && $0.sourceID == nil })
    }

    @Test func aShapeChangedInMeshpadWinsOverTheKeptOne() throws {
        var document = try Self.read("mindmap\n  root))Boom((\n    b[Box]\n")
        document.modify(nodeID(document, "Box")) { $0.style.shape = .ellipse }
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == "mindmap\n  root))Boom((\n    b((Box))\n")
    }

    @Test func meshpadsOutlinesAreWrittenAsTheNearestMermaidShapes() throws {
        var document = Document(rootText: "Plan")
        let a = document.addChild(of: document.rootID, text: "oval", at: .zero) ?? document.rootID
        let b = document.addChild(of: document.rootID, text: "box", at: .zero) ?? document.rootID
        document.addChild(of: b, text: "theme's", at: .zero)
        document.modify(a) { $0.style.shape = .ellipse }
        document.modify(b) { $0.style.shape = .roundedBox }
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == "mindmap\n  Plan\n    ((oval))\n    (box)\n      theme's\n")
        #expect(Self.content(try Self.reread(document)) == Self.content(try Self.reread(Self.reread(document))))
        #expect(try Self.reread(document).node(nodeID(document, "oval"))?.style.shape == .ellipse)
    }

    // MARK: - Text

    @Test func quotedTextsMayHoldBrackets() throws {
        let document = try Self.read("""
        mindmap
          root((Deep learning))
            MLP["Multi-Layer perceptron (MLP) or (FCN)"]
            ))"O(1) - Constant"((
            )"a [b] {c}"(
        """)
        #expect(outline(document) == ["Deep learning", "  Multi-Layer perceptron (MLP) or (FCN)", "  O(1) - Constant", "  a [b] {c}"])
        #expect(try Self.text(document, "Multi-Layer perceptron (MLP) or (FCN)").sourceID == "MLP[]")
    }

    @Test func bracketsInsideAShapeAreReadAsItsText() throws {
        // Mermaid itself stumbles over these; the shape's own delimiters at the line's ends decide.
        let document = try Self.read("mindmap\n  ((The Toolkit))\n    ))O(n log n) - Log-Linear((\n    (f(x))\n")
        #expect(outline(document) == ["The Toolkit", "  O(n log n) - Log-Linear", "  f(x)"])
    }

    @Test func anIdBeforeBracketsIsTheNodesIdAsInMermaid() throws {
        // Mermaid draws `BIO (Baseline Overheid)` as a rounded node reading "Baseline Overheid".
        let document = try Self.read("mindmap\n  root\n    BIO (Baseline Overheid)\n")
        let node = try Self.text(document, "Baseline Overheid")
        #expect(node.sourceID == "BIO()" && node.style.shape == .roundedBox)
    }

    @Test func markdownStringsMayRunOverSeveralLines() throws {
        let document = try Self.read("""
        mindmap
            id1["`**Root** with
        a second line
        Unicode works too: 🤓`"]
              id2["`The dog in **the** hog... a *very long text* that wraps to a new line`"]
              id3[Regular labels still works]
              b["`**All bold**`"]
        """)
        #expect(outline(document) == [
            "**Root** with\na second line\nUnicode works too: 🤓",
            "  The dog in **the** hog... a *very long text* that wraps to a new line",
            "  Regular labels still works",
            "  All bold",
        ])
        #expect(try Self.text(document, "All bold").style.bold)
    }

    @Test(arguments: [
        ("**Bold words**", "Bold words", true, false),
        ("*Slanted*", "Slanted", false, true),
        ("***Both***", "Both", true, true),
        ("**a** and **b**", "**a** and **b**", false, false),
        ("2 * 3 * 4", "2 * 3 * 4", false, false),
    ] as [(String, String, Bool, Bool)])
    func aLabelAllInEmphasisIsBoldOrItalic(written: String, text: String, bold: Bool, italic: Bool) throws {
        let document = try Self.read("mindmap\n  root\n    \(written)\n")
        let node = try Self.text(document, text)
        #expect(node.style.bold == bold && node.style.italic == italic)
        #expect(Self.content(try Self.reread(document)) == Self.content(document))
    }

    @Test func breaksAndWrittenBackslashNBreakLines() throws {
        let document = try Self.read(#"""
        mindmap
          root((논술 마스터\nEssay Master))
            one<br>two<br/>three<BR />four
            ["quoted<br>break"]
        """#)
        #expect(outline(document) == ["논술 마스터\nEssay Master", "  one\ntwo\nthree\nfour", "  quoted\nbreak"])
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written.contains("root((논술 마스터<br>Essay Master))"))
        #expect(written.contains("    one<br>two<br>three<br>four\n"))
        #expect(Self.content(try Self.reread(document)) == Self.content(document))
    }

    @Test func entityCodesAreDecoded() throws {
        let document = try Self.read("mindmap\n  root\n    A #quot;quote#quot; #40;and#41; #9829; #amp; #unknown;\n")
        #expect(outline(document) == ["root", "  A \"quote\" (and) ♥ & #unknown;"])
    }

    /// Texts that would read back as something else if written as they are.
    static let trickyTexts = [
        "f(x) = [a] + {b}", "He said \"hi\"", "C# #1; #quot;", "a <br> literal", "C:\\new\\notes", "*starred*", "**not bold**",
        ":::not a class", "::icon(fa fa-not)", "%% not a comment", "mindmap tips", "Mindmaps", "  spaced  ", "", "two\nlines",
        "`backtick", "\"quoted\"", "end)", "((", "tab\tinside", "emoji 🧮 and ⚙️",
    ]

    @Test(arguments: trickyTexts)
    func anyTextIsWrittenSoItReadsBackTheSame(text: String) throws {
        var document = Document(rootText: text)
        let plain = document.addChild(of: document.rootID, text: text, at: .zero) ?? document.rootID
        for shape in [NodeShape.ellipse, .roundedBox] {
            let child = document.addChild(of: plain, text: text, at: .zero) ?? document.rootID
            document.modify(child) { $0.style.shape = shape }
        }
        let bold = document.addChild(of: plain, text: text, at: .zero) ?? document.rootID
        document.modify(bold) { $0.style.bold = true }
        let again = try Self.reread(document)
        let expected = text.allSatisfy(\.isWhitespace) ? "" : text
        #expect(again.nodes.map(\.text) == Array(repeating: expected, count: 5))
        #expect(again.nodes.map(\.style.shape) == [nil, nil, .ellipse, .roundedBox, nil])
        #expect(again.nodes.map(\.style.bold) == [false, false, false, false, !expected.isEmpty])
    }

    // MARK: - Tree

    @Test func aNodesParentIsTheNearestLineAboveIndentedLess() throws {
        // Levels 0, 4, 2, 3: "c" hangs under "b" (indented 2), not under "a" (4).
        let document = try Self.read("mindmap\nroot\n    a\n  b\n   c\n")
        #expect(outline(document) == ["root", "  a", "  b", "    c"])
    }

    @Test func tabsAndSpacesEachCountOneAsInMermaid() throws {
        let document = try Self.read("mindmap\n\troot\n\t\tchild\n\t  grandchild\n \tsibling\n")
        #expect(outline(document) == ["root", "  child", "    grandchild", "  sibling"])
    }

    @Test func mixedStepsOfIndentationKeepTheirNesting() throws {
        let document = try Self.read("mindmap\n  root\n    A\n        A1\n            A1a\n        A2\n    B\n")
        #expect(outline(document) == ["root", "  A", "    A1", "      A1a", "    A2", "  B"])
    }

    @Test func aSecondRootIsRefusedNamingItsLine() throws {
        let error = try #require(Self.refusal("mindmap\n  root\n    child\n  other root\n"))
        guard case .malformed(let line, let column, let detail) = error.reason else {
            Issue.record("expected the line, got \(error)")
            return
        }
        #expect(line == 4 && column == 3)
        #expect(detail.contains("`other root` is not indented under the root `root` (line 2)"))
        #expect(error.description.hasPrefix("Mermaid:4:3: not a valid Mermaid file: "))
    }

    @Test func theRootMayStandOnTheMindmapLine() throws {
        let document = try Self.read("mindmap root((Plan))\n  child\n")
        #expect(outline(document) == ["Plan", "  child"])
    }

    // MARK: - Icons, classes, comments, front matter

    @Test func iconsMeshpadHasShowAsItsOwnAndTheRestAreKept() throws {
        let document = try Self.read("""
        mindmap
          root((Ideas))
            ::icon(fa fa-lightbulb)
            Law
              ::icon( fa   fa-gavel )
            Done
              ::icon(fa fa-check-square)
        """)
        #expect(try Self.text(document, "Ideas").icons == ["idea"])
        #expect(try Self.text(document, "Law").icons == ["fa fa-gavel"])
        #expect(try Self.text(document, "Done").task == .done)
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == "mindmap\n  root((Ideas))\n    ::icon(fa fa-lightbulb)\n    Law\n      ::icon(fa fa-gavel)\n"
            + "    Done\n      ::icon(fa fa-check-square)\n")
    }

    @Test func classesAreKeptForWritingBack() throws {
        let document = try Self.read("mindmap\n  Root\n    A[A]\n    :::urgent large\n    B\n    :::quiet\n")
        #expect(try Self.text(document, "A").sourceID == "A[] :::urgent large")
        #expect(try Self.text(document, "B").sourceID == ":::quiet")
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == "mindmap\n  Root\n    A[A]\n      :::urgent large\n    B\n      :::quiet\n")
    }

    @Test func commentsAndFrontMatterAreSkipped() throws {
        let document = try Self.read("""
        ---
        title: Reading list
        config:
          theme: forest
        ---
        %%{init: {'theme': 'dark'}}%%
        mindmap
          %% the root
          root((Books)) %% a note to self
            Fiction

            %%   indented comment
            Poetry
        """)
        #expect(outline(document) == ["Books", "  Fiction", "  Poetry"])
    }

    @Test func frontMatterNeverClosedIsRefused() throws {
        let error = try #require(Self.refusal("---\ntitle: x\nmindmap\n  root\n"))
        #expect(error.reason == .malformed(line: 1, column: 1, detail: "the front matter begun by `---` on line 1 is never closed by a `---` line"))
    }

    @Test func aDecorationBeforeAnyNodeIsLeftOutWithAWarning() throws {
        let imported = try MermaidFormat.decode(Data("mindmap\n  ::icon(fa fa-book)\n  root\n".utf8))
        #expect(outline(imported.document) == ["root"])
        #expect(imported.warnings == ["line 2: the icon `fa fa-book` stands before any node and was left out"])
    }

    // MARK: - Markdown

    static let markdown = """
    # Notes

    ```mermaid
    graph TD
      A --> B
    ```

    Some words.

    ~~~ mermaid
    %% the plan
    mindmap
      root((Plan))
        Goals
    ~~~

    ```mermaid
    mindmap
      second
    ```
    """

    @Test func theFirstMermaidFenceThatIsAMindMapIsFound() throws {
        #expect(MermaidFormat.mindmapSource(inMarkdown: Self.markdown) == "%% the plan\nmindmap\n  root((Plan))\n    Goals\n")
        #expect(MermaidFormat.mindmapSource(inMarkdown: "# Title\n\n```mermaid\ngraph TD\n```\n") == nil)
        #expect(MermaidFormat.mindmapSource(inMarkdown: "```python\nmindmap\n```\n") == nil)
        #expect(MermaidFormat.mindmapSource(inMarkdown: "mermaid\nmindmap\n  root\n") == nil)
        #expect(MermaidFormat.mindmapSource(inMarkdown: "````mermaid\nmindmap\n  a\n```\n  b\n````\n") == "mindmap\n  a\n```\n  b\n")
        #expect(MermaidFormat.mindmapSource(inMarkdown: "```{mermaid}\r\nmindmap\r\n  a\r\n```\r\n") == "mindmap\r\n  a\r\n")
    }

    @Test func markdownWithAMindMapFenceReadsAsTheMindMap() throws {
        let document = try Self.read(Self.markdown)
        #expect(outline(document) == ["Plan", "  Goals"])
        let error = try #require(Self.refusal("# Notes\n\n```mermaid\nmindmap\n  root\n  other\n```\n"))
        #expect(error.reason.isMalformed(line: 6), "lines are counted in the Markdown file: \(error)")
    }

    // MARK: - Not a mind map

    @Test(arguments: [
        ("graph TD\n  A --> B\n", "line 1 begins a Mermaid `graph` diagram, not a `mindmap`; only mind maps open as maps"),
        ("%% c\nsequenceDiagram\n  A->>B: hi\n", "line 2 begins a Mermaid `sequenceDiagram` diagram, not a `mindmap`; only mind maps open as maps"),
        ("", "the file is empty: a Mermaid mind map begins with the line `mindmap`"),
        ("  \n%% only a comment\n", "the file is empty: a Mermaid mind map begins with the line `mindmap`"),
        ("mindmap\n\n%% nothing\n", "the `mindmap` on line 1 has no nodes under it"),
        ("# Notes\n```mermaid\nmindmap\n```\n", "the `mindmap` on line 3 has no nodes under it"),
        ("```mermaid\npie\n```\n", "the Markdown holds no ```mermaid block that is a `mindmap`"),
    ])
    func whatIsNoMindMapIsRefusedSayingWhat(text: String, detail: String) throws {
        let error = try #require(Self.refusal(text))
        #expect(error.reason == .notAMap(detail: detail))
    }

    @Test(arguments: [
        ("root((x))\nmindmap\n  a\n", 1, 1, "a Mermaid mind map begins with the line `mindmap`, but this line is `root((x))`"),
        ("mindmap\n  root[open\n", 2, 7, "the node opens with `[` but its line does not end with `]`; a text with brackets in it is quoted: `[\"…\"]`"),
        ("mindmap\n  root{x}\n", 2, 7, "a single `{` begins no shape: a hexagon is written `{{text}}`, and a text with braces in it is quoted: `[\"{text}\"]`"),
        ("mindmap\n  root[\"never closed\n  child\n", 2, 7, "the quoted text begun here is never closed with `\"`"),
    ] as [(String, Int, Int, String)])
    func aSyntaxErrorNamesItsLineAndColumn(text: String, line: Int, column: Int, detail: String) throws {
        let error = try #require(Self.refusal(text))
        #expect(error.reason == .malformed(line: line, column: column, detail: detail))
    }

    @Test func notUTF8IsRefused() throws {
        let error = try #require(Self.refusal(Data([0x6D, 0x69, 0x6E, 0x64, 0x6D, 0x61, 0x70, 0x0A, 0x20, 0xFF, 0xFE])))
        #expect(error.reason == .malformed(line: 0, column: 0, detail: "the file is not UTF-8 text"))
    }

    // MARK: - Hostile input

    @Test func nulBytesAreRefusedNamingWhere() throws {
        let error = try #require(Self.refusal("mindmap\n  root\u{0}x\n"))
        #expect(error.reason == .malformed(line: 2, column: 7, detail: "it holds a NUL byte, so it is binary data, not Mermaid text"))
    }

    @Test func nestingDeeperThanAThousandLevelsIsRefused() throws {
        // Each line indented one more than the one before: 5,000 lines (12 MB) would nest 5,000 deep.
        var text = "mindmap\n"
        for depth in 0..<5_000 { text += String(repeating: " ", count: depth) + "n\(depth)\n" }
        let error = try #require(Self.refusal(text))
        guard case .malformed(let line, _, let detail) = error.reason else {
            Issue.record("expected the line, got \(error)")
            return
        }
        #expect(line == 1_003, "the root is line 2, the node a thousand and one levels under it line 1,003")
        #expect(detail.contains("more than 1,000 levels deep"))
    }

    @Test func aThousandLevelsOpenAndWriteBack() throws {
        var text = "mindmap\n"
        for depth in 0...1_000 { text += String(repeating: " ", count: depth) + "n\(depth)\n" }
        let document = try Self.read(text)
        #expect(document.nodeCount == 1_001)
        let deepest = try Self.text(document, "n1000")
        var depth = 0
        var id = deepest.id
        while let parent = document.parent(of: id) { depth += 1; id = parent }
        #expect(depth == 1_000)
        #expect(try Self.reread(document).nodeCount == 1_001)
    }

    @Test func manyLinesOfNodesOpen() throws {
        // 200,000 lines in a sawtooth of indentation 1 to 50 deep.
        var text = "mindmap\nroot\n"
        for k in 0..<200_000 { text += String(repeating: " ", count: 1 + k % 50) + "n\n" }
        let document = try Self.read(text)
        #expect(document.nodeCount == 200_001)
    }

    @Test func aTenMegabyteLineIsRefused() throws {
        let line = String(repeating: "x", count: 10 << 20)
        for text in ["mindmap\n  " + line + "\n", line, "mindmap\n  root[\"" + line + "\"]\n"] {
            let error = try #require(Self.refusal(text))
            guard case .malformed(_, _, let detail) = error.reason else {
                Issue.record("expected the line, got \(error)")
                continue
            }
            #expect(detail.contains("bytes long; a line of a Mermaid mind map is at most 100,000"))
        }
    }

    @Test func aQuoteNeverClosedStopsAfterAThousandLines() throws {
        let text = "mindmap\n  root[\"open\n" + String(repeating: "more words\n", count: 200_000) + "\"]\n"
        let error = try #require(Self.refusal(text))
        #expect(error.reason == .malformed(line: 2, column: 7, detail: "the quoted text begun here is never closed with `\"`"))
    }

    @Test func windowsLineEndingsReadAsLineBreaks() throws {
        let document = try Self.read("mindmap\r\n  root[CRLF lines]\r\n    child\r\n  \r\n    other\r\n")
        #expect(outline(document) == ["CRLF lines", "  child", "  other"])
    }

    @Test(arguments: [
        ("mindmap\n  root\n", true), ("%% made by hand\n\nMindMap\n  root\n", true), ("---\ntitle: x\n---\nmindmap\n", true),
        ("# Title\n- mindmap\n", false), ("graph TD\n", false), ("mindmaps\n", false), ("", false),
    ])
    func aMindMapIsToldByItsFirstLines(text: String, isMindMap: Bool) {
        #expect(MermaidFormat.beginsAsMindMap(text) == isMindMap)
    }

    /// The fuzz corpus's seeds (`Tests/Fuzz/corpus/mermaid`).
    static let seeds: [URL] = {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus/mermaid").standardized
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }()

    @Test func theFuzzSeedsAreMindMapsThatRoundTrip() throws {
        #expect(Self.seeds.count >= 5)
        for seed in Self.seeds {
            let data = try Data(contentsOf: seed)
            let document = try MermaidFormat.decode(data).document
            #expect(document.nodeCount >= 3, "\(seed.lastPathComponent)")
            #expect(Self.content(try Self.reread(document)) == Self.content(document), "\(seed.lastPathComponent)")
            FuzzTarget.mermaid.run(data)
        }
    }

    @Test func hostileInputEndsInAnAnswer() {
        let inputs = ["mindmap\n" + String(repeating: "((", count: 50_000), "mindmap\n  a\n" + String(repeating: "\t", count: 90_000) + "b",
                      "mindmap\n  [\"`" + String(repeating: "*", count: 90_000), String(repeating: "mindmap\n", count: 100_000),
                      "mindmap\n  " + String(repeating: "#9;", count: 30_000), "mindmap\n  a\n" + String(repeating: " b\n c\n", count: 50_000)]
        for input in inputs {
            FuzzTarget.mermaid.run(Data(input.utf8))
            // Each is an answer: a map, or an error that says where.
            do {
                let map = try Self.read(input)
                #expect(map.nodeCount >= 1)
            } catch {
                #expect("\(error)".contains("Mermaid"), "\(error)")
            }
        }
    }

    // MARK: - Writing

    @Test func writingSaysWhatMermaidHasNoPlaceFor() throws {
        let (data, warnings) = MermaidFormat.encode(detailedMap())
        #expect(warnings.contains("Mermaid has no free links: 1 link was left out"))
        #expect(warnings.contains("Mermaid has no notes: the notes of 1 node were left out"))
        #expect(warnings.contains("Mermaid mind maps have no links: the links of 1 node were left out"))
        #expect(warnings.contains("Mermaid takes colours from its theme: the colours, text sizes, branch lines and clouds of 1 node were left out"))
        #expect(warnings.contains("Mermaid has no folds: 1 folded node is written unfolded"))
        let again = try MermaidFormat.decode(data).document
        #expect(outline(again) == outline(detailedMap()))
        // The icons `yes` and `idea` have Font Awesome twins; bold is kept.
        #expect(try Self.text(again, "Goals & <risks>").icons == ["yes", "idea"])
        #expect(try Self.text(again, "Goals & <risks>").style.bold)
    }

    @Test func iconsWithNoFontAwesomeTwinAreNamedInTheWarnings() {
        var document = Document(rootText: "root")
        document.modify(document.rootID) { $0.icons = ["emoji-1F600", "penguin", "wizard", "licq"] }
        let (data, warnings) = MermaidFormat.encode(document)
        #expect(String(decoding: data, as: UTF8.self) == "mindmap\n  root\n    ::icon(fa fa-linux)\n    ::icon(fa fa-magic)\n")
        #expect(warnings == ["Mermaid shows Font Awesome icons: 2 icons with no match there were left out"])
    }

    @Test func aMapWithFreeStandingNodesWritesItsTreeAndSaysSo() {
        var document = Document(rootText: "root")
        document.addNode(text: "floating", at: Vec2(300, 300))
        let (data, warnings) = MermaidFormat.encode(document)
        #expect(String(decoding: data, as: UTF8.self) == "mindmap\n  root\n")
        #expect(warnings == ["Mermaid holds one tree: 1 free-standing node (and what hangs under them) left out"])
    }

    @Test func everyShapeIdIconAndClassRoundTrips() throws {
        let source = """
        mindmap
          root((Everything))
            ::icon(fa fa-book)
            sq[Square]
              :::a b
              [Square without id]
            (Rounded)
              ::icon(fa fa-lightbulb)
              ((Circle))
                ))Bang((
                  )Cloud(
                    {{Hexagon}}
            **Bold plain**
              c1((*Italic circle*))
            Two<br>lines
        """
        let document = try Self.read(source)
        let written = String(decoding: MermaidFormat.encode(document).data, as: UTF8.self)
        #expect(written == source + "\n")
        #expect(Self.content(try Self.reread(document)) == Self.content(document))
    }
}

extension FormatError.Reason {
    func isMalformed(line expected: Int) -> Bool {
        if case .malformed(let line, _, _) = self { return line == expected }
        return false
    }
}

/// Every Mermaid file in `../shared/maps/real/mermaid` read in place, with the content its README
/// describes; the malformed one refused, naming its first line.
@Suite struct RealMermaidMapTests {
    static let folder = sharedMaps.appendingPathComponent("real/mermaid")

    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    /// Nodes (the README's count: node lines after `mindmap`), the root's text and outline, and
    /// texts the file holds.
    static let expected: [String: (nodes: Int, root: String, shape: NodeShape?, texts: [String])] = [
        "abhishekgiri04-codevault-math-bang-root-emoji.mmd": (26, "🧮 Math for DSA", .ellipse,
                                                              ["⚙️ Modular Arithmetic", "GCD & LCM", "Pascal's Triangle", "Sieve Algorithms"]),
        "amitkverma-deeplearning-practice-pytorch.mermaid": (30, "deeplearning", .ellipse,
                                                             ["Multi-Layer perceptron (MLP) or (FCN)", "Convolutional Neural Networks (CNN)",
                                                              "Kernel or filter", "Classification", "Xavier Normal"]),
        "maester365-eidsca-ap04-hexagon-empty-branches.mmd": (5, "MITRE ATT&CK", .roundedBox,
                                                             ["Tactic", "TA0003 - Persistence - Persistence", "Mitigation", "Technique"]),
        "mwest2020-nextcloud-haalbaarheid-icons.mmd": (21, "Haalbaarheid Nextcloud", .ellipse,
                                                       ["1. Juridische Haalbaarheid", "Security & Privacy by Design", "CLOUD Act vs. Schrems II",
                                                        "Baseline Overheid", "Kotter's 8 Stappen"]),
        "richard-kim-ai-essay-master2-korean-backslash-n.mmd": (105, "논술 마스터\nEssay Master", .ellipse,
                                                                ["학습자 경험", "교사 승인형 AI 첨삭", "React Tailwind UI", "알림과 푸시 설정"]),
    ]

    static func path(_ file: String) -> URL { folder.appendingPathComponent(file) }

    @Test(.needsSharedMaps) func theFolderHoldsTheMapsTheREADMEDescribes() {
        #expect(Set(Self.files) == Set(Self.expected.keys).union(["akhil324-dsa-mindmaps-toolkit-overview-MALFORMED.md"]),
                "a new map in the folder needs its expectations here")
    }

    @Test(.needsSharedMaps, arguments: files.filter { !$0.contains("-MALFORMED.") })
    func opensWithItsContent(file: String) throws {
        let expected = try #require(Self.expected[file])
        let loaded = try MapFile.read(Self.path(file).path)
        let document = loaded.document
        #expect(loaded.format == .mermaid && loaded.warnings.isEmpty)
        #expect(document.nodeCount == expected.nodes)
        let root = try #require(document.node(document.rootID))
        #expect(root.text == expected.root)
        #expect(root.style.shape == expected.shape)
        for text in expected.texts { #expect(document.nodes.contains { $0.text == text }, "no node \(text.debugDescription)") }
        #expect(document.nodes.allSatisfy { $0.id == document.rootID || document.parent(of: $0.id) != nil })
        // Written and read again: the same tree, texts, shapes, icons and emphasis.
        #expect(MermaidFormatTests.content(try MermaidFormatTests.reread(document)) == MermaidFormatTests.content(document))
    }

    @Test(.needsSharedMaps) func theRootsShapesAreTheFilesOwn() throws {
        func root(_ file: String) throws -> Node? {
            let document = try MapFile.read(Self.path(file).path).document
            return document.node(document.rootID)
        }
        #expect(try root("abhishekgiri04-codevault-math-bang-root-emoji.mmd")?.sourceID == "root))((")
        #expect(try root("maester365-eidsca-ap04-hexagon-empty-branches.mmd")?.sourceID == "root{{}}")
        #expect(try root("amitkverma-deeplearning-practice-pytorch.mermaid")?.sourceID == "root(())")
    }

    @Test(.needsSharedMaps) func theThesisMapShowsItsIconsAndBoldBranches() throws {
        let document = try MapFile.read(Self.path("mwest2020-nextcloud-haalbaarheid-icons.mmd").path).document
        #expect(document.nodes.reduce(0) { $0 + $1.icons.count } == 12)
        #expect(document.node(document.rootID)?.icons == ["fa fa-cloud"])
        #expect(try MermaidFormatTests.text(document, "Security & Privacy by Design").icons == ["fa fa-lock"])
        #expect(try MermaidFormatTests.text(document, "AVG-Conformiteit").icons == ["button_ok"])
        let bold = document.nodes.filter(\.style.bold).map(\.text).sorted()
        #expect(bold == ["1. Juridische Haalbaarheid", "2. Technische Robuustheid", "3. Organisatorische Adoptie"])
        // `Normenkaders (Operationalisering)` is, as Mermaid draws it, the rounded node "Operationalisering".
        #expect(try MermaidFormatTests.parentText(document, of: "Baseline Overheid") == "Operationalisering")
    }

    @Test(.needsSharedMaps) func theKoreanMapNestsFiveLevels() throws {
        let document = try MapFile.read(Self.path("richard-kim-ai-essay-master2-korean-backslash-n.mmd").path).document
        #expect(document.children(of: document.rootID).count == 6)
        #expect(try MermaidFormatTests.parentText(document, of: "초등") == "과정별 커리큘럼")
        #expect(outline(document).map { $0.prefix { $0 == " " }.count / 2 }.max() == 3)
    }

    @Test(.needsSharedMaps) func theMixedIndentationMapNestsAsMermaidReadsIt() throws {
        let document = try MapFile.read(Self.path("amitkverma-deeplearning-practice-pytorch.mermaid").path).document
        #expect(try MermaidFormatTests.parentText(document, of: "Kaiming Normal") == "Weight Initialization")
        #expect(try MermaidFormatTests.parentText(document, of: "Kernel or filter") == "Conv")
        #expect(try MermaidFormatTests.parentText(document, of: "Adam") == "Optimizers")
        #expect(try MermaidFormatTests.text(document, "Kernel or filter").sourceID == "Kernel[]")
    }

    @Test(.needsSharedMaps) func theMalformedMapIsRefusedNamingItsFirstLine() throws {
        let file = Self.path("akhil324-dsa-mindmaps-toolkit-overview-MALFORMED.md")
        let data = try Data(contentsOf: file)
        #expect(MermaidFormat.mindmapSource(inMarkdown: String(decoding: data, as: UTF8.self)) == nil)
        do {
            _ = try MermaidFormat.decode(data)
            Issue.record("the malformed map was read")
        } catch {
            let named = error.at(file.path)
            #expect(error.reason.isMalformed(line: 1))
            #expect(named.description.hasPrefix("\(file.path):1:1: not a valid Mermaid file: the bare word `mermaid` stands where"))
            #expect(named.description.contains("```mermaid"))
        }
    }
}

/// A Mermaid map saved in other formats: its kept shape lines never become their node IDs.
@Suite struct MermaidElsewhereTests {
    @Test func aMermaidMapSavedAsFreeplaneAndXMindHasPlainIDs() throws {
        let document = try MermaidFormatTests.read("mindmap\n  root((Trip))\n    A[Tickets]\n    B))Visa((\n")
        #expect(document.nodes.contains { $0.sourceID?.contains("((") == true }, "the shape is kept")
        let mm = String(decoding: FreeMindFormat.encode(document), as: UTF8.self)
        let ids = mm.components(separatedBy: "ID=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids.count == 3 && ids.allSatisfy { FreeMindFormat.isIDToken(String($0), letterFirst: true) }, "\(ids)")
        #expect(try FreeMindFormat.decode(Data(mm.utf8)).document.nodes.map(\.text).sorted() == ["Tickets", "Trip", "Visa"])
        let xmind = try ZipArchive.read(try XMindFormat.encode(document).data, format: "XMind")
        let content = String(decoding: try #require(xmind.data("content.json")), as: UTF8.self)
        #expect(!content.contains("((") && !content.contains("[]"), "\(content)")
    }
}

extension MermaidElsewhereTests {
    /// A Markdown note meant as a Mermaid mind map, its fence written wrong, is told what
    /// Mermaid's reader makes of it, not that it has no headings.
    @Test func aMarkdownNoteWithABrokenMermaidFenceSaysWhatIsWrong() {
        let text = "mermaid\nmindmap\n  root((Plans))\n    A\n"
        do {
            _ = try MapFile.decode(Data(text.utf8), format: .markdown)
            Issue.record("a broken fence opened")
        } catch {
            #expect(error.description.contains("Mermaid") && error.description.contains(":1:"), "\(error)")
        }
    }
}
