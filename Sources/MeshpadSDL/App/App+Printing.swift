import Foundation
import Synchronization
import MeshpadCore

/// Carrying out paper: PDF export through `PDFWriter` and the system's printers through CUPS's
/// `lp` and `lpstat`. The session decided what;
/// this runs it and reports what became of it.
extension App {
    /// Draws the PDF off the loop (a 10,000-node map tiled takes seconds); the outcome is
    /// reported when it is written (`takeArrivals`).
    func exportPDF(_ document: Document, to path: String, options: PDFOptions) {
        let theme = canvas.painter.scene.theme, folder = session.pictureFolder
        paperWriter.start(waking: wakeEvent) {
            do throws(PlatformError) {
                let summary = try PDFWriter.write(document, theme: theme, options: options, mapFolder: folder, to: path)
                return .exported(path: path, warnings: summary.warnings)
            } catch {
                return .exportFailed(path: path, reason: error.description)
            }
        }
    }

    /// `lpstat -a`, the printers taking jobs, the system's default first (`lpstat -d`), asked
    /// off the loop: a print server that takes the connection and never answers would otherwise
    /// hold the window still until `lpstat` gives up, minutes later. CUPS not installed, or not
    /// answering, is said in words the print dialog shows.
    func listPrinters() {
        guard let lpstat = Self.findProgram("lpstat"), Self.findProgram("lp") != nil else {
            return report(.printers([], problem: PrintQueue.missing))
        }
        paperWriter.start(waking: wakeEvent) { Self.printers(lpstat) }
    }

    nonisolated private static func printers(_ lpstat: String) -> PaperOutcome {
        let answer = runWaiting(lpstat, ["-a"], seconds: PrintQueue.patienceSeconds)
        if answer.timedOut { return .printers([], problem: PrintQueue.unanswered) }
        if answer.status != 0 && answer.output.isEmpty {
            // "No destinations added." comes with a failing status: no printers, not no service.
            let said = answer.error.trimmingCharacters(in: .whitespacesAndNewlines)
            if said.localizedCaseInsensitiveContains("no destinations") { return .printers([], problem: nil) }
            return .printers([], problem: PrintQueue.unreachable(said))
        }
        var names = PrintQueue.printers(fromLpstat: answer.output)
        let chosen = runWaiting(lpstat, ["-d"], seconds: PrintQueue.patienceSeconds)
        if let standard = PrintQueue.defaultPrinter(fromLpstat: chosen.output), let at = names.firstIndex(of: standard) {
            names.insert(names.remove(at: at), at: 0)
        }
        return .printers(names, problem: nil)
    }

    /// Draws the map as a PDF in a private temporary folder and hands it to `lp`, off the loop;
    /// the file is removed once `lp` has spooled it (it copies the file before it answers).
    func print(_ document: Document, title: String, printer: String, options: PDFOptions) {
        guard let lp = Self.findProgram("lp") else { return report(.printFailed(printer: printer, reason: PrintQueue.missing)) }
        let theme = canvas.painter.scene.theme, folder = session.pictureFolder
        paperWriter.start(waking: wakeEvent) {
            Self.print(document, title: title, printer: printer, options: options, theme: theme, mapFolder: folder, lp: lp)
        }
    }

    nonisolated private static func print(_ document: Document, title: String, printer: String, options: PDFOptions, theme: Theme,
                                          mapFolder: String?, lp: String) -> PaperOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-print-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return .printFailed(printer: printer, reason: "no room for the PDF to print: \(error.localizedDescription)")
        }
        let pdf = folder.appendingPathComponent("map.pdf").path
        do throws(PlatformError) {
            _ = try PDFWriter.write(document, theme: theme, options: options, mapFolder: mapFolder, to: pdf)
        } catch {
            return .printFailed(printer: printer, reason: error.description)
        }
        // One argument each, never a shell's words: a printer or title cannot run anything.
        // Spooling a big PDF takes longer than a question: a minute.
        let patience = PrintQueue.patienceSeconds * 6
        let answer = runWaiting(lp, ["-d", printer, "-t", title, "--", pdf], seconds: patience)
        if answer.timedOut { return .printFailed(printer: printer, reason: PrintQueue.unanswered(seconds: patience)) }
        guard answer.status == 0 else {
            let said = answer.error.trimmingCharacters(in: .whitespacesAndNewlines)
            return .printFailed(printer: printer, reason: said.isEmpty ? "lp ended with status \(answer.status)" : said)
        }
        return .printed(printer: printer, job: PrintQueue.job(fromLp: answer.output))
    }

    /// Runs a program to its end, with what it wrote; after `seconds` it is stopped and the
    /// answer says it timed out.
    nonisolated static func runWaiting(_ program: String, _ arguments: [String], seconds: Double = 60)
        -> (status: Int32, output: String, error: String, timedOut: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do {
            try process.run()
        } catch {
            return (-1, "", error.localizedDescription, false)
        }
        let stopped = Mutex(false)
        let watchdog = DispatchWorkItem {
            guard process.isRunning else { return }
            stopped.withLock { $0 = true }
            // why: SIGKILL, not terminate()'s SIGTERM: a child started from a dispatch queue's
            // thread inherits its blocked signals, and would hold a SIGTERM pending for good.
            kill(process.processIdentifier, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: watchdog)
        // Read before waiting: a full pipe would otherwise stop the program forever.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self),
                stopped.withLock { $0 })
    }
}

/// Draws PDFs and hands them to the printer off the loop, one at a time, keeping what became of
/// each for the loop to report (`App.takeArrivals`).
public final class PaperWriter: Sendable {
    private let queue = DispatchQueue(label: "meshpad.paper")
    private let done = Mutex<[PaperOutcome]>([])
    /// Jobs started whose outcome the loop has not taken yet.
    private let pending = Mutex(0)

    /// Runs `job` after those before it; the loop is woken when it is done.
    func start(waking wakeEvent: UInt32, _ job: @escaping @Sendable () -> PaperOutcome) {
        pending.withLock { $0 += 1 }
        queue.async { [self] in
            let outcome = job()
            done.withLock { $0.append(outcome) }
            App.wake(wakeEvent)
        }
    }

    /// What finished since the last call, in the order it finished.
    func take() -> [Session.Outcome] {
        let finished = done.withLock { finished in
            defer { finished = [] }
            return finished
        }
        pending.withLock { $0 -= finished.count }
        return finished.map(\.outcome)
    }

    /// Whether a job is under way or its outcome not yet taken: a replay waits for it, so a
    /// script's next tap finds the dialog the job brings, as a person would wait for it.
    public var hasWork: Bool { pending.withLock { $0 > 0 } }

    /// Blocks until every job started is done.
    public func waitUntilIdle() {
        queue.sync {}
    }
}

/// What became of a PDF or a print job, handed from the paper queue to the loop.
enum PaperOutcome: Sendable {
    case exported(path: String, warnings: [String])
    case exportFailed(path: String, reason: String)
    case printed(printer: String, job: String)
    case printFailed(printer: String, reason: String)
    case printers([String], problem: String?)

    var outcome: Session.Outcome {
        switch self {
        case .exported(let path, let warnings): return .exported(path: path, warnings: warnings)
        case .exportFailed(let path, let reason): return .exportFailed(path: path, reason: reason)
        case .printed(let printer, let job): return .printed(printer: printer, job: job)
        case .printFailed(let printer, let reason): return .printFailed(printer: printer, reason: reason)
        case .printers(let names, let problem): return .printers(names, problem: problem)
        }
    }
}
