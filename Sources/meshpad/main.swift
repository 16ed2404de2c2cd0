import Foundation
import MeshpadCore
import MeshpadPlatform

/// Exit statuses: 0 done, 1 the operation failed, 2 the command line was wrong.
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case usage = 2
}

@MainActor
func loadMap(_ source: MapSource) -> Document {
    switch source {
    case .sample:
        return .sample()
    case .procedural(let nodeCount, let seed):
        return .procedural(nodeCount: nodeCount, seed: seed)
    case .file(let path):
        // why: file formats arrive with the files issue; until then say so plainly instead of
        // pretending the file was read.
        Log.notice("opening files is not supported yet (\(path) was not read); showing the sample map")
        return .sample()
    }
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
    switch invocation {
    case .help:
        print(Invocation.usage)
    case .version:
        print("meshpad \(Invocation.appVersion)")
    case .render(let source, let output, let size):
        do {
            try HeadlessRender.render(loadMap(source), size: size, to: output)
        } catch {
            Log.error(error.description)
            return .failure
        }
    case .replay(let script, let map, let size, let dump, let screenshot):
        do {
            try ReplayRunner.run(scriptPath: script, document: loadMap(map), size: size, dumpPath: dump, screenshotPath: screenshot)
        } catch {
            Log.error(error.description)
            return .failure
        }
    case .open(let source, let windowSize, let record):
        do {
            let session = try SDLSession(headless: false)
            let app = try App(document: loadMap(source), options: App.Options(windowSize: windowSize, recordPath: record))
            app.run()
            withExtendedLifetime(session) {}
        } catch {
            Log.error(error.description)
            return .failure
        }
    }
    return .success
}

exit(MainActor.assumeIsolated { main() }.rawValue)
