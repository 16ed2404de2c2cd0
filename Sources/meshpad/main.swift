import Foundation
import MeshpadCore
import MeshpadPostgres
import MeshpadSDL
import MeshpadTools

/// Exit statuses: 0 done, 1 the operation failed, 2 the command line was wrong.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

/// A map to start with, where it came from, and what its import could not bring over.
struct Opened {
    var document: Document
    var file: DocumentFile?
    var warnings: [String]
    /// A shared map's session and the map as opened, for the verbs that edit it live (the
    /// window, replay), and the database it lives in.
    var sharing: (session: SharedSession, opened: SharedMapOpened)? = nil
    var sharedMaps: PostgresSharedMaps? = nil

    /// The map, handed over: this no longer holds it, so whoever takes it is its only owner
    /// and its first change copies nothing.
    mutating func takeDocument() -> Document {
        defer { document = Document(rootText: "") }
        return document
    }
}

/// Loads the map a command names. `creating`: a FILE that does not exist yet is a new map that
/// will be saved there (opening the app); for the verbs it is an error.
///
/// `sizing`: a map file is measured with it as it is read (see `App.Options.labelFonts`).
func open(_ source: MapSource, creating: Bool, journal: Bool = false, sizing: NodeSizing? = nil) throws -> Opened {
    switch source {
    case .shared(let shared):
        let journals = journal ? SharedJournals(store: RecoveryStore.standard(), map: shared) : nil
        let opened: SharedMapOpening.Opened
        do {
            opened = try SharedMapOpening.openOnlineOrOffline(shared, journals: journals)
        } catch {
            let kept = journals?.abandoned().reduce(0) { $0 + ((try? $1.read())?.count ?? 0) } ?? 0
            if kept > 0 {
                Log.notice("\(kept) change(s) made while offline are kept in \(journals?.store.directory ?? "") and will be sent when the map opens again")
            }
            throw error
        }
        return Opened(document: opened.document, file: nil, warnings: [],
                      sharing: (SharedSession(name: shared.name, opened: opened, journals: journals), opened),
                      sharedMaps: PostgresSharedMaps(address: shared.address))
    case .sample:
        return Opened(document: .sample(), file: nil, warnings: [])
    case .procedural(let nodeCount, let seed):
        return Opened(document: .procedural(nodeCount: nodeCount, seed: seed), file: nil, warnings: [])
    case .file(let path):
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if creating && !FileManager.default.fileExists(atPath: absolute) {
            let name = ((absolute as NSString).lastPathComponent as NSString).deletingPathExtension
            // A new map is a mind map that keeps itself tidy, as in Freeplane and Minder.
            return Opened(document: Document(rootText: name, layoutMode: .tree),
                          file: DocumentFile(path: absolute, format: MapFormat(path: absolute) ?? .native, savedRevision: 0),
                          warnings: [])
        }
        let loaded = try MapFile.read(absolute, sizing: sizing)
        return Opened(document: loaded.document, file: DocumentFile(path: absolute, format: loaded.format, savedRevision: 0),
                      warnings: loaded.warnings)
    }
}

/// Opens the map a window (or a replay standing in for one) shows. A shared map that cannot be
/// opened is not the end: a stand-in map with its name comes back, with why, for the window to
/// say so and try again (a kiosk or a classroom panel has nobody at a terminal to read stderr).
func openOrAwait(_ source: MapSource, creating: Bool, journal: Bool, sizing: NodeSizing? = nil) throws
    -> (opened: Opened, unavailable: (name: String, reason: String)?) {
    do {
        return (try open(source, creating: creating, journal: journal, sizing: sizing), nil)
    } catch let error as SharedMapError {
        guard case .shared(let shared) = source else { throw error }
        Log.error(error.description)
        return (Opened(document: Document(rootText: shared.name), file: nil, warnings: [],
                       sharedMaps: PostgresSharedMaps(address: shared.address)), (shared.name, error.description))
    }
}

/// The window's options: the config file read, the settings decided by `LaunchSettings`, the
/// kiosk's attract script loaded.
func launchOptions(windowSize: PixelSize, record: String?, appearance: Appearance, mode: LaunchMode) throws(LaunchError)
    -> (options: App.Options, config: Config) {
    let configPath = mode.configPath ?? Config.standardPath()
    let config: Config
    do {
        config = try Config.load(path: configPath, mustExist: mode.configPath != nil)
    } catch {
        throw LaunchError(error.description)
    }
    config.warnings.forEach { Log.notice($0) }
    let choicesPath = Choices.standardPath()
    let choices = Choices.load(from: choicesPath)
    let settings = try LaunchSettings.resolve(config: config, appearance: appearance, mode: mode,
                                              choices: choices, configPath: configPath)

    var options = App.Options.interactive(windowSize: windowSize, recordPath: record)
    options.theme = settings.theme
    options.uiScale = settings.uiScale
    options.keyboard = settings.keyboard
    options.pointer = settings.pointer
    options.gestures = settings.gestures
    options.zoomClamp = settings.zoomClamp
    options.readOnly = settings.readOnly
    let store = settings.autosaveDirectory.map(RecoveryStore.init(directory:)) ?? RecoveryStore.standard()
    options.recovery = settings.autosavesForRecovery ? store : nil
    if !settings.keepsRecentFiles { options.recentFilesPath = nil }
    options.choicesPath = mode.kiosk ? nil : choicesPath
    if !mode.kiosk { options.savedFilters = choices.filters ?? [] }
    if let kiosk = settings.kiosk {
        let attract: [ReplayEvent]
        do {
            attract = try kiosk.attractScript.map(ReplayRunner.loadScript) ?? []
        } catch {
            throw LaunchError(error.description)
        }
        options.kiosk = KioskMode(lock: kiosk.lock, idleResetSeconds: kiosk.idleResetSeconds, attract: attract, autosave: store,
                                  presentSeconds: kiosk.presentSeconds)
    }
    return (options, config)
}

/// Runs a conversion and reports its warnings; the exit status when it failed (2 for a
/// command-line mistake, 1 for the operation), nil when it succeeded.
@MainActor
func converting(_ conversion: () throws(ConversionError) -> [String]) -> ExitStatus? {
    do {
        try conversion().forEach { Log.notice($0) }
        return nil
    } catch .usage(let message) {
        Log.error(message)
        return .usage
    } catch {
        Log.error(error.description)
        return .failure
    }
}

@MainActor
func main() -> ExitStatus {
    var startup = StartupTimeline()
    let invocation: Invocation
    do {
        invocation = try Invocation.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        Log.error(error.description)
        return .usage
    }
    do {
        switch invocation {
        case .keys:
            print(ActionTable.keyTable(markdown: true))
        case .help:
            print(Invocation.usage)
        case .version:
            print("meshpad \(Invocation.appVersion)")
        case .render(let source, let output, let size, let fit, let appearance):
            let opened = try open(source, creating: false)
            opened.warnings.forEach { Log.notice($0) }
            try HeadlessRender.render(opened.document, size: size, fit: fit, theme: appearance.theme, live: appearance.liveFarViews,
                                      mapFolder: opened.file?.path.map { ($0 as NSString).deletingLastPathComponent }, to: output)
        case .convert(let input, let output, let scale, let appearance, let pdf, let sheet):
            if let failed = converting({ () throws(ConversionError) in
                try Converter.convert(input: input, output: output, scale: scale, theme: appearance.theme, pdf: pdf, sheet: sheet)
            }) { return failed }
        case .bench(let nodeCounts, let frames, let size, let accelerated, let app):
            var options = Bench.Options()
            if !nodeCounts.isEmpty { options.nodeCounts = nodeCounts }
            options.frames = frames
            options.size = size
            options.software = !accelerated
            let results = try Bench.run(options)
            print("Meshpad bench — \(options.software ? "software" : "accelerated") renderer, \(size.width)x\(size.height), \(frames) frames a scenario; frame = update + render + present")
            print(Bench.table(results))
            print(Bench.editingTable(try Bench.runEditing(options)))
            if options.nodeCounts.contains(Bench.pdfNodes) { print(Bench.pdfLine(try Bench.runPDF())) }
            if app { print(Bench.appTable(try Bench.runApp(size: size))) }
            print(Bench.json(results, options: options))
        case .soak(let source, let events, let seed, let size):
            let opened = try open(source, creating: false)
            FileHandle.standardOutput.write(Data("Meshpad soak — \(events) random inputs, seed \(seed), \(size.width)x\(size.height), checked every 1000\n".utf8))
            let result = try Soak.run(events: events, seed: seed, document: opened.document, size: size) { line in
                // why: unbuffered, so a long soak's progress shows as it goes, even into a file.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            print(String(format: "%d events in %.1f s, %d checks, %d nodes at the end", result.events, result.seconds, result.checks, result.nodesAtEnd))
            print(String(format: "RSS %.1f MiB at start; after warming up (%d events) %.1f MiB, %.1f MiB without caches; "
                         + "at the end %.1f MiB, %.1f MiB without caches; peak %.1f MiB",
                         result.rssStartMiB, Soak.warmUpEvents(for: events), result.rssWarmMiB, result.rssWarmSettledMiB,
                         result.rssEndMiB, result.rssEndSettledMiB, result.rssPeakMiB))
            print(String(format: "heap in use without caches: %.1f MiB after warming up, %.1f MiB at the end",
                         result.heapWarmSettledMiB, result.heapEndSettledMiB))
            print(String(format: "growth since warming up: %+.1f MiB (limit %.0f MiB from %d events)", result.growthMiB, Soak.growthLimitMiB,
                         Soak.growthJudgedFromEvents))
            if !result.problems.isEmpty {
                result.problems.forEach { Log.error($0) }
                return .failure
            }
            print("clean")
        case .replay(let request):
            // why: a replay that autosaves stands in for the app in crash tests, journal included.
            let (opened, unavailable) = try openOrAwait(request.map, creating: false, journal: request.autosave)
            try ReplayRunner.run(scriptPath: request.script, document: opened.document, file: opened.file, size: request.size,
                                 dumpPath: request.dump, screenshotPath: request.screenshot,
                                 realtime: request.realtime, autosave: request.autosave, appearance: request.appearance,
                                 sharing: opened.sharing, sharedMaps: opened.sharedMaps, unavailableShared: unavailable)
        case .benchShared(let address, let nodes):
            print("Meshpad bench — shared maps on \(address.redacted)")
            SharedBench.lines(try SharedBench.run(address, nodes: nodes)).forEach { print($0) }
        case .databaseInit(let address):
            let result = try SharedMapDatabase(address: address).initialize()
            switch result.found {
            case nil: print("created Meshpad's tables (schema version \(result.now)) in \(address.redacted)")
            case result.now?: print("Meshpad's tables in \(address.redacted) are already at schema version \(result.now)")
            case let found?: print("upgraded Meshpad's tables in \(address.redacted) from schema version \(found) to \(result.now)")
            }
        case .share(let file, let shared):
            let opened = try open(.file(path: file), creating: false)
            opened.warnings.forEach { Log.notice($0) }
            // why: a .mm, OPML or Markdown map has no positions; shared unlaid, every screen would
            // open it with all its nodes on one spot.
            let laidOut = try Converter.prepared(opened.document)
            try SharedMapStore(connection: try PGConnection(shared.address)).share(laidOut, as: shared.name)
            print("shared '\(file)' as '\(shared.name)' in \(shared.address.redacted): open it with meshpad --db URL --shared \(shared.name)")
        case .convertShared(let shared, let output, let scale, let appearance, let pdf):
            let opened = try open(.shared(shared), creating: false)
            if let failed = converting({ () throws(ConversionError) in
                try Converter.convert(MapFile.Loaded(document: opened.document, format: .native, warnings: []),
                                      mapFolder: FileManager.default.currentDirectoryPath, output: output,
                                      scale: scale, theme: appearance.theme, pdf: pdf)
            }) { return failed }
        case .open(let source, let windowSize, let record, let appearance, let mode):
            let options: App.Options, config: Config
            do {
                (options, config) = try launchOptions(windowSize: windowSize, record: record, appearance: appearance, mode: mode)
            } catch {
                Log.error(error.description)
                return .failure
            }
            let session: SDLSession, app: App
            // why: the map as read is handed to the app (`takeDocument`), not shared with it: a
            // reference kept here would make the app's first change copy every node (31 MiB and
            // ~20 ms at 100k nodes), and for the whole run if it outlived the app's start.
            do {
                session = try SDLSession(headless: false, kiosk: mode.kiosk)
                // why: with the fonts open before the map is read, a big .mm is measured on a
                // second core while it is read; before the window, so a map that cannot be read
                // is reported without a window flashing up.
                let fonts = try LabelFonts(theme: options.theme)
                startup.mark("SDL and fonts")
                var (opened, unavailable) = try openOrAwait(mode.source(source, config: config), creating: !mode.readOnly,
                                                            journal: !mode.readOnly, sizing: fonts.sizing)
                startup.mark("read")
                var shownWith = options
                shownWith.unavailableShared = unavailable
                if let unavailable {
                    shownWith.title = "Meshpad — \(unavailable.name) (shared)"
                    shownWith.recovery = nil
                }
                shownWith.startup = startup
                shownWith.labelFonts = fonts
                shownWith.sharedMaps = (config.sharedDatabase ?? opened.sharedMaps?.address).map(PostgresSharedMaps.init(address:))
                // why: the map waited for is in its own database, whatever the Open dialog lists.
                if unavailable != nil, let own = opened.sharedMaps { shownWith.sharedMaps = own }
                shownWith.personName = config.personName
                shownWith.keepsSharedJournal = !mode.readOnly
                if var sharing = opened.sharing {
                    if let name = config.personName { sharing.session.personName = name }
                    // why: the shared map's own database connects it, whatever the Open dialog lists.
                    if let own = opened.sharedMaps { shownWith.sharedMaps = own }
                    shownWith.sharing = sharing
                    shownWith.title = "Meshpad — \(sharing.session.name) (shared)"
                    // why: the server keeps a shared map; a recovery file of it would offer a stale copy as a file.
                    shownWith.recovery = nil
                }
                let document = opened.takeDocument()
                app = try App(document: consume document, file: opened.file, warnings: opened.warnings, options: shownWith)
            }
            app.run()
            app.stopSharing()
            withExtendedLifetime(session) {}
        }
    } catch let error as FormatError {
        Log.error(error.description)
        return .failure
    } catch let error as SharedMapError {
        Log.error(error.description)
        return .failure
    } catch let error as PlatformError {
        Log.error(error.description)
        return .failure
    } catch {
        Log.error("\(error)")
        return .failure
    }
    return .success
}

exit(MainActor.assumeIsolated { main() }.rawValue)
