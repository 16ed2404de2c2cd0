import Foundation
import MeshpadCore
import MeshpadPlatform

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
}

/// Loads the map a command names. `creating`: a FILE that does not exist yet is a new map that
/// will be saved there (opening the app); for the verbs it is an error.
func open(_ source: MapSource, creating: Bool) throws(FormatError) -> Opened {
    switch source {
    case .sample:
        return Opened(document: .sample(), file: nil, warnings: [])
    case .procedural(let nodeCount, let seed):
        return Opened(document: .procedural(nodeCount: nodeCount, seed: seed), file: nil, warnings: [])
    case .file(let path):
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        if creating && !FileManager.default.fileExists(atPath: absolute) {
            let name = ((absolute as NSString).lastPathComponent as NSString).deletingPathExtension
            // A new map is a mind map that keeps itself tidy, as in Freeplane and Minder.
            var fresh = Document(rootText: name)
            fresh.setLayoutMode(.tree)
            return Opened(document: fresh,
                          file: DocumentFile(path: absolute, format: MapFormat(path: absolute) ?? .native, savedRevision: 0),
                          warnings: [])
        }
        let loaded = try MapFile.read(absolute)
        return Opened(document: loaded.document, file: DocumentFile(path: absolute, format: loaded.format, savedRevision: 0),
                      warnings: loaded.warnings)
    }
}

/// The window's options: the config file read, the settings decided by `LaunchSettings`, the
/// kiosk's attract script loaded.
func launchOptions(windowSize: PixelSize, record: String?, appearance: Appearance, mode: LaunchMode) throws(LaunchError) -> App.Options {
    let configPath = mode.configPath ?? Config.standardPath()
    let config: Config
    do {
        config = try Config.load(path: configPath, mustExist: mode.configPath != nil)
    } catch {
        throw LaunchError(error.description)
    }
    config.warnings.forEach { Log.notice($0) }
    let choicesPath = Choices.standardPath()
    let settings = try LaunchSettings.resolve(config: config, appearance: appearance, mode: mode,
                                              choices: Choices.load(from: choicesPath), configPath: configPath)

    var options = App.Options.interactive(windowSize: windowSize, recordPath: record)
    options.theme = settings.theme
    options.uiScale = settings.uiScale
    options.keyboard = settings.keyboard
    options.gestures = settings.gestures
    options.zoomClamp = settings.zoomClamp
    options.readOnly = settings.readOnly
    let store = settings.autosaveDirectory.map(RecoveryStore.init(directory:)) ?? RecoveryStore.standard()
    options.recovery = settings.autosavesForRecovery ? store : nil
    if !settings.keepsRecentFiles { options.recentFilesPath = nil }
    options.choicesPath = mode.kiosk ? nil : choicesPath
    if let kiosk = settings.kiosk {
        let attract: [ReplayEvent]
        do {
            attract = try kiosk.attractScript.map(ReplayRunner.loadScript) ?? []
        } catch {
            throw LaunchError(error.description)
        }
        options.kiosk = KioskMode(lock: kiosk.lock, idleResetSeconds: kiosk.idleResetSeconds, attract: attract, autosave: store)
    }
    return options
}

@MainActor
func main() -> ExitStatus {
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
            try HeadlessRender.render(opened.document, size: size, fit: fit, theme: appearance.theme, live: appearance.liveFarViews, to: output)
        case .convert(let input, let output, let scale, let appearance):
            do {
                let warnings = try Converter.convert(input: input, output: output, scale: scale, theme: appearance.theme)
                warnings.forEach { Log.notice($0) }
            } catch .usage(let message) {
                Log.error(message)
                return .usage
            } catch {
                Log.error(error.description)
                return .failure
            }
        case .bench(let nodeCounts, let frames, let size, let accelerated):
            var options = Bench.Options()
            if !nodeCounts.isEmpty { options.nodeCounts = nodeCounts }
            options.frames = frames
            options.size = size
            options.software = !accelerated
            let results = try Bench.run(options)
            print("Meshpad bench — \(options.software ? "software" : "accelerated") renderer, \(size.width)x\(size.height), \(frames) frames a scenario; frame = update + render + present")
            print(Bench.table(results))
            print(Bench.editingTable(try Bench.runEditing(options)))
            print(Bench.json(results, options: options))
        case .soak(let source, let events, let seed, let size):
            let opened = try open(source, creating: false)
            FileHandle.standardOutput.write(Data("Meshpad soak — \(events) random inputs, seed \(seed), \(size.width)x\(size.height), checked every 1000\n".utf8))
            let result = try Soak.run(events: events, seed: seed, document: opened.document, size: size) { line in
                // why: unbuffered, so a long soak's progress shows as it goes, even into a file.
                FileHandle.standardOutput.write(Data((line + "\n").utf8))
            }
            print(String(format: "%d events in %.1f s, %d checks, %d nodes at the end", result.events, result.seconds, result.checks, result.nodesAtEnd))
            print(String(format: "RSS %.1f MiB at start; after warming up (%d events) %.1f MiB, %.1f MiB without label textures; "
                         + "at the end %.1f MiB, %.1f MiB without label textures; peak %.1f MiB",
                         result.rssStartMiB, max(1000, events / 10), result.rssWarmMiB, result.rssWarmSettledMiB,
                         result.rssEndMiB, result.rssEndSettledMiB, result.rssPeakMiB))
            print(String(format: "growth since warming up: %+.1f MiB (limit %.0f MiB from 200000 events)", result.growthMiB, Soak.growthLimitMiB))
            if !result.problems.isEmpty {
                result.problems.forEach { Log.error($0) }
                return .failure
            }
            print("clean")
        case .replay(let request):
            let opened = try open(request.map, creating: false)
            try ReplayRunner.run(scriptPath: request.script, document: opened.document, file: opened.file, size: request.size,
                                 dumpPath: request.dump, screenshotPath: request.screenshot,
                                 realtime: request.realtime, autosave: request.autosave, appearance: request.appearance)
        case .open(let source, let windowSize, let record, let appearance, let mode):
            let options: App.Options
            do {
                options = try launchOptions(windowSize: windowSize, record: record, appearance: appearance, mode: mode)
            } catch {
                Log.error(error.description)
                return .failure
            }
            let opened = try open(source, creating: !mode.readOnly)
            let session = try SDLSession(headless: false, kiosk: mode.kiosk)
            let app = try App(document: opened.document, file: opened.file, warnings: opened.warnings, options: options)
            app.run()
            withExtendedLifetime(session) {}
        }
    } catch let error as FormatError {
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
