import Foundation
import MeshpadCore

/// Carrying out paper: PDF export through `PDFWriter`, the system's printers through CUPS's
/// `lp` and `lpstat`, and the sheets of a file holding several maps. The session decided what;
/// this runs it and reports what became of it.
extension App {
    func exportPDF(_ document: Document, to path: String, options: PDFOptions) {
        do {
            let summary = try PDFWriter.write(document, theme: canvas.painter.scene.theme, options: options,
                                              mapFolder: session.pictureFolder, to: path)
            report(.exported(path: path, warnings: summary.warnings))
        } catch {
            report(.exportFailed(path: path, reason: error.description))
        }
    }

    /// `lpstat -a`: the printers taking jobs. CUPS not installed, or not answering, is said in
    /// words the print dialog shows.
    func listPrinters() {
        guard let lpstat = Self.findProgram("lpstat"), Self.findProgram("lp") != nil else {
            return report(.printers([], problem: PrintQueue.missing))
        }
        let answer = Self.runWaiting(lpstat, ["-a"])
        if answer.status != 0 && answer.output.isEmpty {
            // "No destinations added." comes with a failing status: no printers, not no service.
            let said = answer.error.trimmingCharacters(in: .whitespacesAndNewlines)
            if said.localizedCaseInsensitiveContains("no destinations") { return report(.printers([], problem: nil)) }
            return report(.printers([], problem: PrintQueue.unreachable(said)))
        }
        report(.printers(PrintQueue.printers(fromLpstat: answer.output), problem: nil))
    }

    /// Draws the map as a PDF in a private temporary folder and hands it to `lp`; the file is
    /// removed once `lp` has spooled it (it copies the file before it answers).
    func print(_ document: Document, title: String, printer: String, options: PDFOptions) {
        guard let lp = Self.findProgram("lp") else { return report(.printFailed(printer: printer, reason: PrintQueue.missing)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-print-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            return report(.printFailed(printer: printer, reason: "no room for the PDF to print: \(error.localizedDescription)"))
        }
        let pdf = folder.appendingPathComponent("map.pdf").path
        do {
            _ = try PDFWriter.write(document, theme: canvas.painter.scene.theme, options: options, mapFolder: session.pictureFolder, to: pdf)
        } catch {
            return report(.printFailed(printer: printer, reason: error.description))
        }
        // One argument each, never a shell's words: a printer or title cannot run anything.
        let answer = Self.runWaiting(lp, ["-d", printer, "-t", title, "--", pdf])
        guard answer.status == 0 else {
            let said = answer.error.trimmingCharacters(in: .whitespacesAndNewlines)
            return report(.printFailed(printer: printer, reason: said.isEmpty ? "lp ended with status \(answer.status)" : said))
        }
        report(.printed(printer: printer, job: PrintQueue.job(fromLp: answer.output)))
    }

    /// Opening a file: a workbook of several maps asks which first; any other is read.
    func read(_ path: String, sheet: Int?) {
        if sheet == nil, MapFormat(path: path) == .xmind || (MapFormat(path: path) == nil && Self.startsAsZip(path)) {
            if let data = try? Data(contentsOf: URL(fileURLWithPath: path)), let titles = try? XMindFormat.sheets(in: data), titles.count > 1 {
                return report(.sheets(path: path, titles: titles))
            }
        }
        do {
            let loaded = try readForDisplay(path, sheet: sheet)
            autosaveWriter.waitUntilIdle()
            report(.opened(loaded, path: path))
        } catch {
            report(.readFailed(path: path, reason: error.description))
        }
    }

    private static func startsAsZip(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        return ZipArchive.looksLikeZip((try? handle.read(upToCount: 4)) ?? Data())
    }

    /// Runs a program to its end, with what it wrote. CUPS's commands answer at once, or fail
    /// at once when the service is down, so the loop waits for them.
    static func runWaiting(_ program: String, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
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
            return (-1, "", error.localizedDescription)
        }
        // Read before waiting: a full pipe would otherwise stop the program forever.
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }
}
