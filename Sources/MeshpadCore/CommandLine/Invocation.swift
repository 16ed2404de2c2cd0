/// Where the map to show comes from.
public enum MapSource: Equatable, Sendable {
    case sample
    case procedural(nodeCount: Int, seed: UInt64)
    case file(path: String)
    /// A map kept in PostgreSQL and edited by several screens at once (`--db URL --shared NAME`).
    case shared(SharedMapName)
}

/// A shared map: the database it lives in and its name there.
public struct SharedMapName: Equatable, Sendable {
    public var address: DatabaseAddress
    public var name: String

    public init(address: DatabaseAddress, name: String) {
        self.address = address
        self.name = name
    }
}

/// A pixel size given as `WxH` on the command line.
public struct PixelSize: Equatable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `1280x800`; nil for anything else, or sizes outside 1…16384.
    public init?(parsing text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...16384).contains(w), (1...16384).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    public static let defaultWindow = PixelSize(width: 1280, height: 800)
}

/// A usage mistake on the command line; its description says what was wrong and how to fix it.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

/// How maps are drawn: the theme, and a UI scale for screens whose DPI is reported wrong.
public struct Appearance: Equatable, Sendable {
    /// A theme's name (checked when parsed); nil for the standard theme.
    public var themeName: String?
    /// Draw everything this many times bigger than the display's own scale says (1…4); nil is 1.
    public var uiScale: Double?
    /// `--live`: far views drawn live rather than from the overview's tiles (to compare the two).
    public var liveFarViews = false

    public init(themeName: String? = nil, uiScale: Double? = nil, liveFarViews: Bool = false) {
        self.themeName = themeName
        self.uiScale = uiScale
        self.liveFarViews = liveFarViews
    }

    public var theme: Theme { themeName.flatMap(Theme.named) ?? .standard }
}

/// How the interactive app is locked down, and where its settings come from.
public struct LaunchMode: Equatable, Sendable {
    /// `--read-only`: view, pan, zoom, fold and search only.
    public var readOnly = false
    /// `--kiosk`: fullscreen, no quitting or files without the PIN, reset when idle.
    public var kiosk = false
    /// `--attract SCRIPT.jsonl`: the kiosk's idle demo (instead of the config's).
    public var attractScript: String?
    /// `--config FILE` instead of `$XDG_CONFIG_HOME/meshpad/config.json`.
    public var configPath: String?
    /// A map was named on the command line (a file, `--sample`, `--procedural`, `--shared`): the
    /// config's shared map does not replace it.
    public var mapGiven: Bool

    public init(readOnly: Bool = false, kiosk: Bool = false, attractScript: String? = nil, configPath: String? = nil,
                mapGiven: Bool = false) {
        self.readOnly = readOnly
        self.kiosk = kiosk
        self.attractScript = attractScript
        self.configPath = configPath
        self.mapGiven = mapGiven
    }

    /// The map a window opens: the one given, else the config's shared map (a classroom panel or
    /// kiosk set up by its config alone), else the sample.
    public func source(_ given: MapSource, config: Config) -> MapSource {
        guard !mapGiven, let shared = config.sharedMap else { return given }
        return .shared(shared)
    }
}

/// What `meshpad replay` was asked to do.
public struct ReplayRequest: Equatable, Sendable {
    public var script: String
    public var map: MapSource
    public var size: PixelSize
    public var dump: String?
    public var screenshot: String?
    /// Deliver events at their wall-clock times instead of on a simulated clock.
    public var realtime: Bool
    /// Autosave and restore recovery files as the interactive app does (crash tests).
    public var autosave: Bool
    public var appearance: Appearance

    public init(script: String, map: MapSource = .sample, size: PixelSize = .defaultWindow, dump: String? = nil,
                screenshot: String? = nil, realtime: Bool = false, autosave: Bool = false, appearance: Appearance = Appearance()) {
        self.appearance = appearance
        self.script = script
        self.map = map
        self.size = size
        self.dump = dump
        self.screenshot = screenshot
        self.realtime = realtime
        self.autosave = autosave
    }
}

/// What the user asked `meshpad` to do, parsed from its arguments (without the program name).
public enum Invocation: Equatable, Sendable {
    case help
    case version
    /// The key table, in Markdown (the guide's, generated from the action table).
    case keys
    /// The interactive app; `record` names a file that receives every input event as a replay script.
    case open(MapSource, windowSize: PixelSize, record: String?, appearance: Appearance = Appearance(), mode: LaunchMode = LaunchMode())
    /// `fit`: frame the whole map at any zoom the clamp allows; otherwise the app's opening view
    /// (the whole map at 100 % or less).
    case render(MapSource, output: String, size: PixelSize, fit: Bool, appearance: Appearance = Appearance())
    case replay(ReplayRequest)
    /// Between every pair of formats by extension; `scale` for PNG output, `pdf` for PDF output;
    /// `sheet` the map of a file holding several (an XMind workbook's sheets), from 0.
    case convert(input: String, output: String, scale: Double, appearance: Appearance = Appearance(), pdf: PDFOptions = PDFOptions(),
                 sheet: Int? = nil)
    /// `nodeCounts` empty means the defaults (1k, 10k, 100k, 1M).
    case bench(nodeCounts: [Int], frames: Int, size: PixelSize, accelerated: Bool, app: Bool)
    /// The real app on `events` random inputs from `seed`, checked every 1,000.
    case soak(MapSource, events: Int, seed: UInt64, size: PixelSize)
    /// `meshpad bench --db URL`: the collaboration line (latency between screens, opening a large shared map).
    case benchShared(DatabaseAddress, nodes: Int)
    /// `meshpad db init URL`: create or upgrade the shared-map tables.
    case databaseInit(DatabaseAddress)
    /// `meshpad share MAP --db URL [--name NAME]`: put a map into the database as a shared map.
    case share(file: String, as: SharedMapName)
    /// `meshpad convert --db URL --shared NAME OUT`: a snapshot of a shared map written to a file.
    case convertShared(SharedMapName, output: String, scale: Double, appearance: Appearance = Appearance(), pdf: PDFOptions = PDFOptions())

    public static let appVersion = "0.1.0"

    /// What a command line does: open the window (no verb), or one of the verbs.
    enum Verb: String, CaseIterable, Sendable {
        case open, render, replay, convert, bench, soak, db, share

        /// The verb a command line's first word names; `open` is no word (`meshpad open` opens a file called open).
        init?(word: String) {
            guard word != Verb.open.rawValue, let verb = Verb(rawValue: word) else { return nil }
            self = verb
        }

        /// How errors name it: `meshpad render`, or `opening a map`.
        var phrase: String { self == .open ? "opening a map" : "meshpad \(rawValue)" }
    }

    /// Reads the options as `OptionSpec.all` declares them, then makes sense of them for the verb.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        for option in OptionSpec.all {
            if case .answer(let answer) = option.argument, option.names.contains(where: arguments.contains) { return answer }
        }
        var rest = arguments[...]
        let verb = rest.first.flatMap(Verb.init(word:)) ?? .open
        if verb != .open { rest = rest.dropFirst() }

        var values = OptionValues()
        var positional: [String] = []
        while let argument = rest.popFirst() {
            guard let option = OptionSpec.named(argument) else {
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(argument)' (see meshpad --help)")
                }
                positional.append(argument)
                continue
            }
            values.given.insert(option.name)
            switch option.argument {
            case .flag(let set):
                set(&values)
            case .value(_, let expected, let set):
                guard let text = rest.popFirst() else { throw UsageError("\(argument) needs a value (see meshpad --help)") }
                guard set(&values, text) else { throw UsageError("\(argument) \(expected); got '\(text)'") }
            case .answer:
                break // answered above, before anything else was read
            }
        }
        // why: for a window --scale multiplies the UI; only convert's pixels per map unit may go past 4.
        if verb != .convert, let scale = values.scale, !(1...4).contains(scale) {
            throw UsageError("--scale for a window is from 1 to 4 (how many times bigger to draw); got '\(scale)'")
        }
        let misplaced = OptionSpec.all.filter { values.given.contains($0.name) && !$0.verbs.contains(verb) }.map(\.name)
        if let first = misplaced.sorted().first {
            throw UsageError("\(first) does not go with \(verb.phrase) (see meshpad --help)")
        }
        return try invocation(verb, values, positional: positional)
    }

    /// The PDF's options go only with a `.pdf` output, and one layout at a time.
    private static func checkPDFOptions(_ values: OptionValues, output: String) throws(UsageError) {
        let named = ["--paper", "--landscape", "--one-page", "--tiled", "--outline", "--no-notes"].filter(values.given.contains)
        if let first = named.first, MapFormat(path: output) != .pdf {
            throw UsageError("\(first) is for a PDF: name the output file.pdf (got '\(output)')")
        }
        if values.pdfLayouts.count > 1 {
            throw UsageError("choose one layout for the PDF: \(values.pdfLayouts.joined(separator: " or "))")
        }
    }

    /// The verb's invocation from its options and its other arguments (files, scripts).
    private static func invocation(_ verb: Verb, _ values: OptionValues, positional: [String]) throws(UsageError) -> Invocation {
        let appearance = Appearance(themeName: values.themeName, uiScale: verb == .convert ? nil : values.scale, liveFarViews: values.live)
        switch verb {
        case .render:
            guard let output = positional.last else {
                throw UsageError("render needs an output file: meshpad render --sample OUT.png")
            }
            let source = try source(values, files: Array(positional.dropLast()), required: true)
            return .render(source, output: output, size: values.size, fit: values.fit, appearance: appearance)
        case .bench where values.db != nil:
            guard positional.isEmpty, let db = values.db else { throw UsageError("bench --db takes only options: meshpad bench --db URL") }
            return .benchShared(DatabaseAddress(db), nodes: values.benchNodes.max() ?? 100_000)
        case .bench:
            guard positional.isEmpty, !values.sample, values.nodeCount == nil else {
                throw UsageError("bench takes only options: meshpad bench --nodes 100000")
            }
            return .bench(nodeCounts: values.benchNodes, frames: values.benchFrames, size: values.size, accelerated: values.accelerated,
                          app: values.benchApp)
        case .convert where values.shared != nil:
            guard positional.count == 1, !values.sample, values.nodeCount == nil, let shared = try sharedMap(values) else {
                throw UsageError("convert of a shared map needs one output file: meshpad convert --db URL --shared NAME map.meshpad")
            }
            guard values.sheet == nil else { throw UsageError("--sheet picks a sheet of a file; a shared map is one map") }
            try checkPDFOptions(values, output: positional[0])
            return .convertShared(shared, output: positional[0], scale: values.scale ?? 1, appearance: appearance, pdf: values.pdf)
        case .db:
            guard positional.count == 2, positional[0] == "init" else {
                throw UsageError("db needs what to do and the database: meshpad db init postgresql://user@host/dbname")
            }
            return .databaseInit(DatabaseAddress(positional[1]))
        case .share:
            guard positional.count == 1, !values.sample, values.nodeCount == nil else {
                throw UsageError("share needs one map file: meshpad share MAP.meshpad --db URL [--name NAME]")
            }
            guard let db = values.db else { throw UsageError("share needs the database: --db postgresql://user@host/dbname") }
            let name = values.shareName ?? Self.mapName(ofFile: positional[0])
            guard !name.isEmpty else { throw UsageError("share needs a name for the map: --name NAME") }
            return .share(file: positional[0], as: SharedMapName(address: DatabaseAddress(db), name: name))
        case .convert:
            guard positional.count == 2, !values.sample, values.nodeCount == nil else {
                throw UsageError("convert needs an input and an output file: meshpad convert map.mm map.meshpad")
            }
            try checkPDFOptions(values, output: positional[1])
            return .convert(input: positional[0], output: positional[1], scale: values.scale ?? 1, appearance: appearance, pdf: values.pdf,
                            sheet: values.sheet.map { $0 - 1 })
        case .soak:
            guard positional.isEmpty else { throw UsageError("soak takes only options: meshpad soak --events 1000000 --seed 7") }
            let source = try source(values, files: values.map.map { [$0] } ?? [], required: false)
            // why: --seed is the stream's seed; a procedural map takes the same one.
            return .soak(source, events: values.soakEvents, seed: values.seed, size: values.size)
        case .replay:
            guard positional.count == 1, let script = positional.first else {
                throw UsageError("replay needs one script: meshpad replay SCRIPT.jsonl [--dump STATE.json]")
            }
            let source = try source(values, files: values.map.map { [$0] } ?? [], required: false)
            return .replay(ReplayRequest(script: script, map: source, size: values.size, dump: values.dump, screenshot: values.screenshot,
                                         realtime: values.realtime, autosave: values.autosave, appearance: appearance))
        case .open:
            let source = try source(values, files: positional, required: false)
            if values.attract != nil && !values.kiosk {
                throw UsageError("--attract plays while a kiosk is idle: add --kiosk")
            }
            let mapGiven = values.sample || values.nodeCount != nil || !positional.isEmpty || values.shared != nil
            let mode = LaunchMode(readOnly: values.readOnly, kiosk: values.kiosk, attractScript: values.attract, configPath: values.config,
                                  mapGiven: mapGiven)
            return .open(source, windowSize: values.size, record: values.record, appearance: appearance, mode: mode)
        }
    }

    private static func source(_ values: OptionValues, files: [String], required: Bool) throws(UsageError) -> MapSource {
        let shared = try sharedMap(values)
        let chosen = (values.sample ? 1 : 0) + (values.nodeCount == nil ? 0 : 1) + files.count + (shared == nil ? 0 : 1)
        if chosen > 1 {
            throw UsageError("give one map: --sample, --procedural N, --db URL --shared NAME or a single FILE")
        }
        if let shared { return .shared(shared) }
        if let nodeCount = values.nodeCount { return .procedural(nodeCount: nodeCount, seed: values.seed) }
        if let file = files.first { return .file(path: file) }
        if required && !values.sample {
            throw UsageError("render needs a map: --sample, --procedural N or FILE, then OUT.png")
        }
        return .sample
    }

    /// The shared map `--db URL --shared NAME` names; nil without `--shared`. One without the other is refused.
    private static func sharedMap(_ values: OptionValues) throws(UsageError) -> SharedMapName? {
        switch (values.db, values.shared) {
        case (let db?, let name?):
            guard !name.isEmpty else { throw UsageError("--shared needs the map's name; got ''") }
            return SharedMapName(address: DatabaseAddress(db), name: name)
        case (nil, nil):
            return nil
        case (nil, _?):
            throw UsageError("--shared NAME needs the database it is in: add --db postgresql://user@host/dbname")
        case (_?, nil):
            throw UsageError("--db URL needs the shared map to open: add --shared NAME")
        }
    }

    /// A shared map's default name: the file's name without folder or extension (`plans/Trip.mm` → `Trip`).
    static func mapName(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
        return String(file[..<dot])
    }
}
