/// Where the map to show comes from.
public enum MapSource: Equatable, Sendable {
    case sample
    case procedural(nodeCount: Int, seed: UInt64)
    case file(path: String)
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

    public init(themeName: String? = nil, uiScale: Double? = nil) {
        self.themeName = themeName
        self.uiScale = uiScale
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

    public init(readOnly: Bool = false, kiosk: Bool = false, attractScript: String? = nil, configPath: String? = nil) {
        self.readOnly = readOnly
        self.kiosk = kiosk
        self.attractScript = attractScript
        self.configPath = configPath
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
    /// The interactive app; `record` names a file that receives every input event as a replay script.
    case open(MapSource, windowSize: PixelSize, record: String?, appearance: Appearance = Appearance(), mode: LaunchMode = LaunchMode())
    /// `fit`: frame the whole map at any zoom the clamp allows; otherwise the app's opening view
    /// (the whole map at 100 % or less).
    case render(MapSource, output: String, size: PixelSize, fit: Bool, appearance: Appearance = Appearance())
    case replay(ReplayRequest)
    /// Between every pair of formats by extension; `scale` for PNG output.
    case convert(input: String, output: String, scale: Double, appearance: Appearance = Appearance())
    /// `nodeCounts` empty means the defaults (1k, 10k, 100k).
    case bench(nodeCounts: [Int], frames: Int, size: PixelSize, accelerated: Bool)
    /// The real app on `events` random inputs from `seed`, checked every 1,000.
    case soak(MapSource, events: Int, seed: UInt64, size: PixelSize)

    public static let appVersion = "0.1.0"

    public static let usage = """
        usage: meshpad [FILE] [--size WxH] [--theme T] [--scale S] [--record SESSION.jsonl]
                       [--read-only] [--kiosk [--attract SCRIPT.jsonl]] [--config CONFIG.json]
               meshpad --procedural N [--seed S] [--size WxH] [--theme T] [--scale S] [--record SESSION.jsonl]
               meshpad render (--sample | --procedural N [--seed S] | FILE) OUT.png [--size WxH] [--fit] [--theme T]
               meshpad convert IN OUT [--scale S] [--theme T]
               meshpad bench [--nodes N] [--frames F] [--size WxH] [--renderer software|accelerated]
               meshpad soak [--events N] [--seed S] [--map FILE | --sample | --procedural N] [--size WxH]
               meshpad replay SCRIPT.jsonl [--map FILE | --sample | --procedural N [--seed S]]
                              [--size WxH] [--dump STATE.json] [--screenshot OUT.png] [--realtime] [--autosave]
                              [--theme T] [--scale S]
               meshpad --help | --version

        Opens a mind map in a window: the built-in sample map, a file, or a random map of N nodes
        (the same map for the same seed). `render` draws the map headless, with no display, and
        writes a PNG. `convert` turns a map into another format, chosen by the extensions:
        .meshpad, .mm (FreeMind/Freeplane), .opml, .md (Markdown), and .svg or .png (export only).
        `replay` runs the app headless on a recorded or written script of input events, lets
        every animation settle, then writes the state as JSON and/or a screenshot.

        options:
          --procedural N   a random map of N nodes (1…1000000)
          --seed S         seed for --procedural (default 1)
          --size WxH       window or image size in pixels (default 1280x800)
          --sample         the built-in sample map (the default when no map is given)
          --record FILE    write every input event to FILE as a replay script
          --map FILE       the map a replay starts from
          --dump FILE      replay: write the final state as JSON
          --screenshot F   replay: write the final frame as PNG
          --realtime       replay: deliver events at their real times
          --autosave       replay: autosave and restore recovery files like the app
          --read-only      window: view, pan, zoom, fold and search only; nothing is changed or saved
          --kiosk          window: fullscreen for unattended screens; leaving needs the PIN from the
                           config (after its exit chord, or a 3 s press in the top-left corner);
                           visitors' maps are autosaved, and the map resets when idle
          --attract F      kiosk: play replay script F in a loop while idle
          --config F       read settings from F instead of $XDG_CONFIG_HOME/meshpad/config.json
          --fit            render: fit the whole map, zooming in if it is small
          --theme T        light (default), dark, high-contrast or classic
          --scale S        window: draw everything S times bigger (1 to 4), for screens that report
                           the wrong DPI; convert to PNG: pixels per map unit (default 1)
          --nodes N        bench: map size (repeatable; default 1000, 10000 and 100000)
          --frames F       bench: frames per scenario (default 120)
          --renderer R     bench: software (default) or accelerated
          --events N       soak: how many random inputs (default 100000)
          -h, --help       show this help
          --version        show the version
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var rest = arguments[...]
        if rest.contains("--help") || rest.contains("-h") { return .help }
        if rest.contains("--version") { return .version }
        let verb = ["render", "replay", "convert", "bench", "soak"].contains(rest.first ?? "") ? rest.first : nil
        if verb != nil { rest = rest.dropFirst() }

        var size = PixelSize.defaultWindow
        var nodeCount: Int?
        var seed: UInt64 = 1
        var sampleFlag = false
        var flags: Set<String> = []
        var scale = 1.0
        var benchNodes: [Int] = []
        var benchFrames = 120
        var accelerated = false
        var soakEvents = 100_000
        var named: [String: String] = [:]
        var positional: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--size":
                let value = try value(after: argument, in: &rest)
                guard let parsed = PixelSize(parsing: value) else {
                    throw UsageError("--size wants WIDTHxHEIGHT in pixels, like 1280x800; got '\(value)'")
                }
                size = parsed
            case "--procedural":
                nodeCount = try wholeNumber(after: argument, in: &rest, from: 1...1_000_000, called: "a node count")
            case "--seed":
                let value = try value(after: argument, in: &rest)
                guard let s = UInt64(value) else {
                    throw UsageError("--seed wants a non-negative whole number; got '\(value)'")
                }
                seed = s
            case "--sample":
                sampleFlag = true
            case "--nodes":
                benchNodes.append(try wholeNumber(after: argument, in: &rest, from: 1...1_000_000, called: "a node count"))
                flags.insert(argument)
            case "--frames":
                benchFrames = try wholeNumber(after: argument, in: &rest, from: 10...100_000, called: "a number")
                flags.insert(argument)
            case "--renderer":
                let value = try value(after: argument, in: &rest)
                guard value == "software" || value == "accelerated" else {
                    throw UsageError("--renderer is software or accelerated; got '\(value)'")
                }
                accelerated = value == "accelerated"
                flags.insert(argument)
            case "--events":
                soakEvents = try wholeNumber(after: argument, in: &rest, from: 1...100_000_000, called: "a count")
                flags.insert(argument)
            case "--fit", "--realtime", "--autosave", "--read-only", "--kiosk":
                flags.insert(argument)
            case "--scale":
                let value = try value(after: argument, in: &rest)
                guard let s = Double(value), s.isFinite, s > 0, s <= 16 else {
                    throw UsageError("--scale wants a number above 0 and at most 16; got '\(value)'")
                }
                scale = s
                flags.insert(argument)
            case "--theme":
                let value = try value(after: argument, in: &rest)
                guard Theme.named(value) != nil else {
                    throw UsageError("--theme is one of \(Theme.all.map(\.name).joined(separator: ", ")); got '\(value)'")
                }
                named[argument] = value
            case "--record", "--map", "--dump", "--screenshot", "--attract", "--config":
                named[argument] = try value(after: argument, in: &rest)
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    throw UsageError("unknown option '\(argument)' (see meshpad --help)")
                }
                positional.append(argument)
            }
        }
        let allowed: Set<String> = switch verb {
        case "render": ["--fit", "--theme"]
        case "replay": ["--map", "--dump", "--screenshot", "--realtime", "--autosave", "--theme", "--scale"]
        case "convert": ["--scale", "--theme"]
        case "bench": ["--nodes", "--frames", "--renderer"]
        case "soak": ["--events", "--map"]
        default: ["--record", "--theme", "--scale", "--read-only", "--kiosk", "--attract", "--config"]
        }
        if verb != "convert", flags.contains("--scale"), !(1...4).contains(scale) {
            throw UsageError("--scale for a window is from 1 to 4 (how many times bigger to draw); got '\(scale)'")
        }
        let appearance = Appearance(themeName: named["--theme"], uiScale: verb != "convert" && flags.contains("--scale") ? scale : nil)
        if let misplaced = (Array(named.keys) + Array(flags)).sorted().first(where: { !allowed.contains($0) }) {
            throw UsageError("\(misplaced) does not go with \(verb.map { "meshpad \($0)" } ?? "opening a map") (see meshpad --help)")
        }

        switch verb {
        case "render":
            guard let output = positional.last else {
                throw UsageError("render needs an output file: meshpad render --sample OUT.png")
            }
            let source = try source(sample: sampleFlag, nodeCount: nodeCount, seed: seed,
                                    files: Array(positional.dropLast()), required: true)
            return .render(source, output: output, size: size, fit: flags.contains("--fit"), appearance: appearance)
        case "bench":
            guard positional.isEmpty, !sampleFlag, nodeCount == nil else {
                throw UsageError("bench takes only options: meshpad bench --nodes 100000")
            }
            return .bench(nodeCounts: benchNodes, frames: benchFrames, size: size, accelerated: accelerated)
        case "convert":
            guard positional.count == 2, !sampleFlag, nodeCount == nil else {
                throw UsageError("convert needs an input and an output file: meshpad convert map.mm map.meshpad")
            }
            return .convert(input: positional[0], output: positional[1], scale: scale, appearance: appearance)
        case "soak":
            let files = named["--map"].map { [$0] } ?? []
            guard positional.isEmpty else { throw UsageError("soak takes only options: meshpad soak --events 1000000 --seed 7") }
            let source = try source(sample: sampleFlag, nodeCount: nodeCount, seed: seed, files: files, required: false)
            // why: --seed is the stream's seed; a procedural map takes the same one.
            return .soak(source, events: soakEvents, seed: seed, size: size)
        case "replay":
            guard positional.count == 1, let script = positional.first else {
                throw UsageError("replay needs one script: meshpad replay SCRIPT.jsonl [--dump STATE.json]")
            }
            let files = named["--map"].map { [$0] } ?? []
            let source = try source(sample: sampleFlag, nodeCount: nodeCount, seed: seed, files: files, required: false)
            return .replay(ReplayRequest(script: script, map: source, size: size, dump: named["--dump"], screenshot: named["--screenshot"],
                                         realtime: flags.contains("--realtime"), autosave: flags.contains("--autosave"),
                                         appearance: appearance))
        default:
            let source = try source(sample: sampleFlag, nodeCount: nodeCount, seed: seed, files: positional, required: false)
            if named["--attract"] != nil && !flags.contains("--kiosk") {
                throw UsageError("--attract plays while a kiosk is idle: add --kiosk")
            }
            let mode = LaunchMode(readOnly: flags.contains("--read-only"), kiosk: flags.contains("--kiosk"),
                                  attractScript: named["--attract"], configPath: named["--config"])
            return .open(source, windowSize: size, record: named["--record"], appearance: appearance, mode: mode)
        }
    }

    private static func value(after option: String, in rest: inout ArraySlice<String>) throws(UsageError) -> String {
        guard let value = rest.popFirst() else { throw UsageError("\(option) needs a value (see meshpad --help)") }
        return value
    }

    /// The whole number after `option`, within `range`; the error calls it `name`.
    private static func wholeNumber(after option: String, in rest: inout ArraySlice<String>, from range: ClosedRange<Int>,
                                    called name: String) throws(UsageError) -> Int {
        let value = try value(after: option, in: &rest)
        guard let n = Int(value), range.contains(n) else {
            throw UsageError("\(option) wants \(name) from \(range.lowerBound) to \(range.upperBound); got '\(value)'")
        }
        return n
    }

    private static func source(sample: Bool, nodeCount: Int?, seed: UInt64, files: [String], required: Bool) throws(UsageError) -> MapSource {
        let chosen = (sample ? 1 : 0) + (nodeCount == nil ? 0 : 1) + files.count
        if chosen > 1 {
            throw UsageError("give one map: --sample, --procedural N or a single FILE")
        }
        if let nodeCount { return .procedural(nodeCount: nodeCount, seed: seed) }
        if let file = files.first { return .file(path: file) }
        if required && !sample {
            throw UsageError("render needs a map: --sample, --procedural N or FILE, then OUT.png")
        }
        return .sample
    }
}
