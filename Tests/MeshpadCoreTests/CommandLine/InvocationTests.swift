import Testing
@testable import MeshpadCore

@Suite struct InvocationTests {
    @Test func noArgumentsOpensTheSample() throws {
        #expect(try Invocation.parse([]) == .open(.sample, windowSize: .defaultWindow, record: nil))
    }

    @Test func aFileArgumentOpensThatFile() throws {
        #expect(try Invocation.parse(["map.mm"]) == .open(.file(path: "map.mm"), windowSize: .defaultWindow, record: nil, mode: LaunchMode(mapGiven: true)))
    }

    @Test func proceduralTakesACountAndASeed() throws {
        #expect(try Invocation.parse(["--procedural", "500", "--seed", "9"])
                == .open(.procedural(nodeCount: 500, seed: 9), windowSize: .defaultWindow, record: nil, mode: LaunchMode(mapGiven: true)))
        #expect(try Invocation.parse(["--procedural", "5"]) == .open(.procedural(nodeCount: 5, seed: 1), windowSize: .defaultWindow, record: nil, mode: LaunchMode(mapGiven: true)))
    }

    @Test func renderTakesASourceAnOutputAndASize() throws {
        #expect(try Invocation.parse(["render", "--sample", "out.png", "--size", "640x480"])
                == .render(.sample, output: "out.png", size: PixelSize(width: 640, height: 480), fit: false))
        #expect(try Invocation.parse(["render", "--procedural", "500", "out.png"])
                == .render(.procedural(nodeCount: 500, seed: 1), output: "out.png", size: .defaultWindow, fit: false))
        #expect(try Invocation.parse(["render", "in.meshpad", "out.png", "--fit"])
                == .render(.file(path: "in.meshpad"), output: "out.png", size: .defaultWindow, fit: true))
    }

    @Test func recordGoesWithOpening() throws {
        #expect(try Invocation.parse(["--record", "s.jsonl"]) == .open(.sample, windowSize: .defaultWindow, record: "s.jsonl"))
        #expect(throws: UsageError.self) { try Invocation.parse(["render", "--sample", "o.png", "--record", "s.jsonl"]) }
    }

    @Test func replayTakesAScriptAMapAndOutputs() throws {
        #expect(try Invocation.parse(["replay", "s.jsonl", "--procedural", "50", "--dump", "d.json", "--screenshot", "x.png", "--size", "640x480"])
                == .replay(ReplayRequest(script: "s.jsonl", map: .procedural(nodeCount: 50, seed: 1), size: PixelSize(width: 640, height: 480),
                                         dump: "d.json", screenshot: "x.png")))
        #expect(try Invocation.parse(["replay", "s.jsonl", "--map", "m.mm", "--realtime", "--autosave"])
                == .replay(ReplayRequest(script: "s.jsonl", map: .file(path: "m.mm"), realtime: true, autosave: true)))
        #expect(try Invocation.parse(["replay", "s.jsonl"]) == .replay(ReplayRequest(script: "s.jsonl")))
        #expect(throws: UsageError.self) { try Invocation.parse(["replay"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["replay", "a.jsonl", "b.jsonl"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["--dump", "d.json"]) }
    }

    @Test func convertTakesTwoFilesAndAScale() throws {
        #expect(try Invocation.parse(["convert", "a.mm", "b.meshpad"]) == .convert(input: "a.mm", output: "b.meshpad", scale: 1))
        #expect(try Invocation.parse(["convert", "a.mm", "b.png", "--scale", "2"]) == .convert(input: "a.mm", output: "b.png", scale: 2))
        #expect(throws: UsageError.self) { try Invocation.parse(["convert", "a.mm"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["convert", "a.mm", "b.md", "--scale", "0"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["render", "--sample", "o.png", "--scale", "2"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["--fit"]) }
    }

    @Test func themeAndScaleGoWithTheWindowAndThePictures() throws {
        #expect(try Invocation.parse(["map.mm", "--theme", "dark", "--scale", "2"])
                == .open(.file(path: "map.mm"), windowSize: .defaultWindow, record: nil, appearance: Appearance(themeName: "dark", uiScale: 2),
                         mode: LaunchMode(mapGiven: true)))
        #expect(try Invocation.parse(["render", "--sample", "out.png", "--theme", "high-contrast"])
                == .render(.sample, output: "out.png", size: .defaultWindow, fit: false, appearance: Appearance(themeName: "high-contrast")))
        #expect(try Invocation.parse(["convert", "a.mm", "b.png", "--scale", "8", "--theme", "classic"])
                == .convert(input: "a.mm", output: "b.png", scale: 8, appearance: Appearance(themeName: "classic")))
        #expect(throws: UsageError.self) { try Invocation.parse(["--theme", "sepia"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["--scale", "9"]) }
        #expect(throws: UsageError.self) { try Invocation.parse(["bench", "--theme", "dark"]) }
        #expect(Appearance().theme == .standard)
    }

    @Test func helpAndVersion() throws {
        #expect(try Invocation.parse(["--help"]) == .help)
        #expect(try Invocation.parse(["render", "-h"]) == .help)
        #expect(try Invocation.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        ["--bogus"],
        ["--procedural"],
        ["--procedural", "zero"],
        ["--procedural", "0"],
        ["--size", "12x"],
        ["--size", "0x100"],
        ["--seed", "-1"],
        ["a.mm", "b.mm"],
        ["--sample", "--procedural", "3"],
        ["render"],
        ["render", "out.png"],
    ])
    func mistakesAreUsageErrorsThatSayWhatIsWrong(arguments: [String]) {
        #expect(throws: UsageError.self) { try Invocation.parse(arguments) }
        do {
            _ = try Invocation.parse(arguments)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }

    @Test func sizeParsing() {
        #expect(PixelSize(parsing: "1280x800") == PixelSize(width: 1280, height: 800))
        #expect(PixelSize(parsing: "1280X800") == PixelSize(width: 1280, height: 800))
        #expect(PixelSize(parsing: "1280x") == nil)
        #expect(PixelSize(parsing: "99999x10") == nil)
    }

    // MARK: The option table

    @Test(arguments: OptionSpec.all.map(\.name))
    func everyOptionIsInTheHelp(name: String) throws {
        let option = try #require(OptionSpec.named(name))
        let parts = Invocation.usage.components(separatedBy: "\noptions:\n")
        try #require(parts.count == 2)
        let (synopsis, options) = (parts[0], parts[1])
        #expect(synopsis.contains(name), "the synopsis never shows \(name)")
        let entry = options.split(separator: "\n").first { line in
            line.hasPrefix("  -") && line.split(separator: " ").prefix(2).contains { $0 == name || $0 == name + "," }
        }
        let firstLine = try #require(option.help.split(separator: "\n").first)
        #expect(entry?.hasSuffix(firstLine) == true, "options: has no line for \(name) with its help")
    }

    /// A command line each verb takes as it is, to add one option to.
    static let plainCommandLines: [Invocation.Verb: [String]] = [
        .open: [], .render: ["--sample", "out.png"], .replay: ["s.jsonl"], .convert: ["a.mm", "b.md"], .bench: [], .soak: [],
        .db: ["init", "postgresql://h/d"], .share: ["m.meshpad", "--db", "postgresql://h/d"],
    ]
    /// A value each option takes, so that only where it stands can be wrong.
    static let goodValues = [
        "--procedural": "5", "--seed": "3", "--size": "640x480", "--record": "s.jsonl", "--map": "m.mm", "--dump": "d.json",
        "--screenshot": "x.png", "--attract": "tour.jsonl", "--config": "c.json", "--theme": "dark", "--scale": "2",
        "--nodes": "1000", "--frames": "60", "--renderer": "accelerated", "--events": "500",
        "--db": "postgresql://h/d", "--shared": "wall", "--name": "wall", "--paper": "letter", "--sheet": "2",
    ]

    static let misplacedOptions = OptionSpec.all.flatMap { option in
        Invocation.Verb.allCases.filter { !option.verbs.contains($0) }.map { (option.name, $0) }
    }

    @Test(arguments: misplacedOptions)
    func anOptionTheVerbDoesNotTakeIsRefusedByName(name: String, verb: Invocation.Verb) throws {
        let option = try #require(OptionSpec.named(name))
        let plain = (verb == .open ? [] : [verb.rawValue]) + (Self.plainCommandLines[verb] ?? [])
        _ = try Invocation.parse(plain)
        var arguments = plain + [name]
        if case .value = option.argument { arguments.append(try #require(Self.goodValues[name], "no good value for \(name)")) }
        let saidAbout = verb == .open ? "opening a map" : "meshpad \(verb.rawValue)"
        #expect(throws: UsageError("\(name) does not go with \(saidAbout) (see meshpad --help)")) { try Invocation.parse(arguments) }
    }

    @Test func noTwoOptionsShareAName() {
        let names = OptionSpec.all.flatMap(\.names)
        #expect(Set(names).count == names.count)
    }
}

/// The shared-map verbs and options: `db init`, `share`, and `--db URL --shared NAME` in place of a map.
@Suite struct SharedMapInvocationTests {
    let url = "postgresql://ann@school/maps"

    @Test func dbInitTakesTheDatabase() throws {
        #expect(try Invocation.parse(["db", "init", url]) == .databaseInit(DatabaseAddress(url)))
        #expect(throws: UsageError.self) { try Invocation.parse(["db", url]) }
    }

    @Test func shareNamesTheMapAfterItsFileUnlessTold() throws {
        #expect(try Invocation.parse(["share", "plans/Trip.mm", "--db", url])
                == .share(file: "plans/Trip.mm", as: SharedMapName(address: DatabaseAddress(url), name: "Trip")))
        #expect(try Invocation.parse(["share", "Trip.mm", "--db", url, "--name", "class 4b"])
                == .share(file: "Trip.mm", as: SharedMapName(address: DatabaseAddress(url), name: "class 4b")))
        #expect(throws: UsageError("share needs the database: --db postgresql://user@host/dbname")) {
            try Invocation.parse(["share", "Trip.mm"])
        }
    }

    @Test func aSharedMapStandsWhereAMapWould() throws {
        let shared = MapSource.shared(SharedMapName(address: DatabaseAddress(url), name: "wall"))
        #expect(try Invocation.parse(["--db", url, "--shared", "wall"]) == .open(shared, windowSize: .defaultWindow, record: nil, mode: LaunchMode(mapGiven: true)))
        guard case .replay(let request) = try Invocation.parse(["replay", "s.jsonl", "--db", url, "--shared", "wall"]) else {
            Issue.record("not a replay")
            return
        }
        #expect(request.map == shared)
        #expect(try Invocation.parse(["convert", "--db", url, "--shared", "wall", "out.meshpad"])
                == .convertShared(SharedMapName(address: DatabaseAddress(url), name: "wall"), output: "out.meshpad", scale: 1))
    }

    @Test func oneWithoutTheOtherIsRefusedWithWhatIsMissing() {
        #expect(throws: UsageError("--db URL needs the shared map to open: add --shared NAME")) { try Invocation.parse(["--db", url]) }
        #expect(throws: UsageError("--shared NAME needs the database it is in: add --db postgresql://user@host/dbname")) {
            try Invocation.parse(["--shared", "wall"])
        }
        #expect(throws: UsageError("give one map: --sample, --procedural N, --db URL --shared NAME or a single FILE")) {
            try Invocation.parse(["map.mm", "--db", url, "--shared", "wall"])
        }
        #expect(throws: UsageError("--name does not go with opening a map (see meshpad --help)")) {
            try Invocation.parse(["--name", "x"])
        }
    }
}
