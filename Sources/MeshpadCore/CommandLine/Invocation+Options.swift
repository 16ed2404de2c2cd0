/// One command-line option, declared once: its help line, the verbs that take it, and how its
/// value is read. `Invocation.usage` lists the options from `all`, `Invocation.parse` reads them
/// with it and refuses an option the verb does not take.
struct OptionSpec: Sendable {
    /// What follows the option's name, and what it sets in `OptionValues`.
    enum Argument: Sendable {
        /// Nothing follows: `--fit`.
        case flag(@Sendable (inout OptionValues) -> Void)
        /// A value follows, shown in the help as `placeholder`. `set` returns false for a value it
        /// cannot take; the error is the option's name, `expected`, then the value:
        /// `--frames` `wants a number from 10 to 100000` `; got '5'`.
        case value(placeholder: String, expected: String, set: @Sendable (inout OptionValues, String) -> Bool)
        /// Answered before anything else is read, wherever it stands (`--help`, `--version`).
        case answer(Invocation)
    }

    /// The name the option is known by in errors and in `OptionValues.given`: `--help`.
    let name: String
    /// The same option in one letter: `-h`.
    let shortName: String?
    /// The help text; a line break continues it under the first line.
    let help: String
    /// The verbs (and `open`, no verb) the option goes with; any other refuses it by name.
    let verbs: Set<Invocation.Verb>
    let argument: Argument

    var names: [String] { [name] + (shortName.map { [$0] } ?? []) }

    static let everyVerb = Set(Invocation.Verb.allCases)

    static func named(_ argument: String) -> OptionSpec? {
        all.first { $0.names.contains(argument) }
    }
}

/// What the options on a command line said, before the verb makes sense of them.
struct OptionValues {
    /// The names of the options given, for refusing those the verb does not take.
    var given: Set<String> = []
    var size = PixelSize.defaultWindow
    var nodeCount: Int?
    var seed: UInt64 = 1
    var sample = false
    var scale: Double?
    var themeName: String?
    var record: String?
    var map: String?
    var dump: String?
    var screenshot: String?
    var realtime = false
    var autosave = false
    var readOnly = false
    var kiosk = false
    var attract: String?
    var config: String?
    var fit = false
    var live = false
    var benchNodes: [Int] = []
    var benchFrames = 120
    var accelerated = false
    var benchApp = false
    var soakEvents = 100_000
    var db: String?
    var shared: String?
    var shareName: String?
    /// convert to PDF: the paper and layout (`--paper`, `--landscape`, `--tiled`, `--no-notes`…).
    var pdf = PDFOptions()
    /// The layouts named (`--one-page`, `--tiled`, `--outline`): more than one is refused.
    var pdfLayouts: [String] = []
    /// convert: the sheet of a workbook, 1-based as people count them.
    var sheet: Int?
}

extension OptionSpec {
    /// Every option, in the order the help lists them.
    static let all: [OptionSpec] = [
        // why: a map source or a size is never refused by name: bench and convert, which take no
        // map, say so in their own words, and --size and --seed are ignored where they mean nothing.
        wholeNumber("--procedural", "N", help: "a random map of N nodes (1…1000000)",
                    verbs: everyVerb, called: "a node count", in: 1...1_000_000) { $0.nodeCount = $1 },
        value("--seed", "S", help: "seed for --procedural (default 1)", verbs: everyVerb,
              expected: "wants a non-negative whole number") { values, text in
            guard let seed = UInt64(text) else { return false }
            values.seed = seed
            return true
        },
        value("--size", "WxH", help: "window or image size in pixels (default 1280x800)", verbs: everyVerb,
              expected: "wants WIDTHxHEIGHT in pixels, like 1280x800") { values, text in
            guard let size = PixelSize(parsing: text) else { return false }
            values.size = size
            return true
        },
        flag("--sample", help: "the built-in sample map (the default when no map is given)", verbs: everyVerb) { $0.sample = true },
        path("--record", "FILE", help: "write every input event to FILE as a replay script", verbs: [.open]) { $0.record = $1 },
        path("--db", "URL", help: """
            the PostgreSQL database of shared maps, as libpq takes it
            (postgresql://user@host/dbname; ~/.pgpass and sslmode are honoured)
            """, verbs: [.open, .render, .replay, .convert, .share, .bench]) { $0.db = $1 },
        path("--shared", "NAME", help: "the shared map called NAME in the --db database, live",
             verbs: [.open, .render, .replay, .convert]) { $0.shared = $1 },
        path("--name", "NAME", help: "share: the name the map gets in the database (default: the file's name)",
             verbs: [.share]) { $0.shareName = $1 },
        path("--map", "FILE", help: "the map a replay starts from", verbs: [.replay, .soak]) { $0.map = $1 },
        path("--dump", "FILE", help: "replay: write the final state as JSON", verbs: [.replay]) { $0.dump = $1 },
        path("--screenshot", "F", help: "replay: write the final frame as PNG", verbs: [.replay]) { $0.screenshot = $1 },
        flag("--realtime", help: "replay: deliver events at their real times", verbs: [.replay]) { $0.realtime = true },
        flag("--autosave", help: "replay: autosave and restore recovery files like the app", verbs: [.replay]) { $0.autosave = true },
        flag("--read-only", help: "window: view, pan, zoom, fold and search only; nothing is changed or saved",
             verbs: [.open]) { $0.readOnly = true },
        flag("--kiosk", help: """
            window: fullscreen for unattended screens; leaving needs the PIN from the
            config (after its exit chord, or a 3 s press in the top-left corner);
            visitors' maps are autosaved, and the map resets when idle
            """, verbs: [.open]) { $0.kiosk = true },
        path("--attract", "F", help: "kiosk: play replay script F in a loop while idle", verbs: [.open]) { $0.attract = $1 },
        path("--config", "F", help: "read settings from F instead of $XDG_CONFIG_HOME/meshpad/config.json",
             verbs: [.open]) { $0.config = $1 },
        flag("--fit", help: "render: fit the whole map, zooming in if it is small", verbs: [.render]) { $0.fit = true },
        flag("--live", help: "render, replay: draw far views live, not from the cached overview (to compare)",
             verbs: [.render, .replay]) { $0.live = true },
        value("--theme", "T", help: "light (default), dark, high-contrast or classic", verbs: [.open, .render, .replay, .convert],
              expected: "is one of \(Theme.all.map(\.name).joined(separator: ", "))") { values, text in
            guard Theme.named(text) != nil else { return false }
            values.themeName = text
            return true
        },
        value("--scale", "S", help: """
            window: draw everything S times bigger (1 to 4), for screens that report
            the wrong DPI; convert to PNG: pixels per map unit (default 1)
            """, verbs: [.open, .replay, .convert], expected: "wants a number above 0 and at most 16") { values, text in
            // why: 16 bounds convert's PNG; a window's 1…4 is checked once the verb is known.
            guard let scale = Double(text), scale.isFinite, scale > 0, scale <= 16 else { return false }
            values.scale = scale
            return true
        },
        value("--paper", "P", help: "convert to PDF: a4 (default) or letter", verbs: [.convert],
              expected: "is a4 or letter") { values, text in
            guard let paper = PDFOptions.Paper(rawValue: text.lowercased()) else { return false }
            values.pdf.paper = paper
            return true
        },
        flag("--landscape", help: "convert to PDF: pages wider than tall", verbs: [.convert]) { $0.pdf.orientation = .landscape },
        flag("--one-page", help: "convert to PDF: the whole map on one page, scaled down to fit (default)", verbs: [.convert]) {
            $0.pdf.layout = .onePage
            $0.pdfLayouts.append("--one-page")
        },
        flag("--tiled", help: "convert to PDF: the map at full size over numbered pages that overlap a little",
             verbs: [.convert]) {
            $0.pdf.layout = .tiled
            $0.pdfLayouts.append("--tiled")
        },
        flag("--outline", help: "convert to PDF: the map as an indented document, notes under their nodes", verbs: [.convert]) {
            $0.pdf.layout = .outline
            $0.pdfLayouts.append("--outline")
        },
        flag("--no-notes", help: "convert to PDF: leave the notes out of the outline", verbs: [.convert]) { $0.pdf.notes = false },
        wholeNumber("--sheet", "N", help: "convert: the Nth sheet of a file holding several maps (XMind; default 1)",
                    verbs: [.convert], called: "a sheet number", in: 1...10_000) { $0.sheet = $1 },
        wholeNumber("--nodes", "N", help: "bench: map size (repeatable; default 1000, 10000, 100000 and 1000000)",
                    verbs: [.bench], called: "a node count", in: 1...1_000_000) { $0.benchNodes.append($1) },
        wholeNumber("--frames", "F", help: "bench: frames per scenario (default 120)",
                    verbs: [.bench], called: "a number", in: 10...100_000) { $0.benchFrames = $1 },
        value("--renderer", "R", help: "bench: software (default) or accelerated", verbs: [.bench],
              expected: "is software or accelerated") { values, text in
            guard text == "software" || text == "accelerated" else { return false }
            values.accelerated = text == "accelerated"
            return true
        },
        flag("--app", help: """
            bench: also time the real app in a window (needs a display, e.g. Xvfb): start to
            first frame and resident memory, for the sample, a 10k and a 100k .mm map
            """, verbs: [.bench]) { $0.benchApp = true },
        wholeNumber("--events", "N", help: "soak: how many random inputs (default 100000)",
                    verbs: [.soak], called: "a count", in: 1...100_000_000) { $0.soakEvents = $1 },
        OptionSpec(name: "--help", shortName: "-h", help: "show this help", verbs: everyVerb, argument: .answer(.help)),
        OptionSpec(name: "--version", shortName: nil, help: "show the version", verbs: everyVerb, argument: .answer(.version)),
        OptionSpec(name: "--keys", shortName: nil, help: "print the key table in Markdown, as the guide (docs/GUIDE.md) has it", verbs: everyVerb,
                   argument: .answer(.keys)),
    ]

    private static func flag(_ name: String, help: String, verbs: Set<Invocation.Verb>,
                             set: @escaping @Sendable (inout OptionValues) -> Void) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, help: help, verbs: verbs, argument: .flag(set))
    }

    private static func value(_ name: String, _ placeholder: String, help: String, verbs: Set<Invocation.Verb>, expected: String,
                              set: @escaping @Sendable (inout OptionValues, String) -> Bool) -> OptionSpec {
        OptionSpec(name: name, shortName: nil, help: help, verbs: verbs, argument: .value(placeholder: placeholder, expected: expected, set: set))
    }

    /// A file name or path: any text is taken, so no error ever shows `expected`.
    private static func path(_ name: String, _ placeholder: String, help: String, verbs: Set<Invocation.Verb>,
                             set: @escaping @Sendable (inout OptionValues, String) -> Void) -> OptionSpec {
        value(name, placeholder, help: help, verbs: verbs, expected: "") { values, text in
            set(&values, text)
            return true
        }
    }

    /// A whole number within `range`; the error calls it `called`: `wants a count from 1 to 100000000`.
    private static func wholeNumber(_ name: String, _ placeholder: String, help: String, verbs: Set<Invocation.Verb>,
                                    called: String, in range: ClosedRange<Int>,
                                    set: @escaping @Sendable (inout OptionValues, Int) -> Void) -> OptionSpec {
        value(name, placeholder, help: help, verbs: verbs,
              expected: "wants \(called) from \(range.lowerBound) to \(range.upperBound)") { values, text in
            guard let number = Int(text), range.contains(number) else { return false }
            set(&values, number)
            return true
        }
    }
}
