import Foundation

/// Printing: the map drawn as a PDF and handed to the system's print service (CUPS, through its
/// `lp` and `lpstat` commands). The session decides what is printed and says what became of it;
/// the app runs the commands, and `PrintQueue` reads what they answer.
extension Session {
    /// The job for `printer`: the map as the screen shows it (what a filter shows, only), titled
    /// by the map's name.
    mutating func printEffect(to printer: String) -> Effect {
        let document = filteredForExport(workspace.document)
        let title = files.file.path.map { ($0 as NSString).lastPathComponent } ?? FileFlow.name(forRoot: document.root.text)
        workspace.show(Banner(message: "Sending the map to \(printer)…", actions: []))
        return .print(document, title: title, printer: printer, options: workspace.panels.pdfOptions)
    }
}

/// What CUPS's commands answer, read: the printers `lpstat -a` lists and the job `lp` made.
public enum PrintQueue {
    /// Printer names from `lpstat -a` ("Office accepting requests since …"), in its order;
    /// lines of other shapes (a locale's words, warnings) are left out.
    public static func printers(fromLpstat output: String) -> [String] {
        var names: [String] = []
        for line in output.split(whereSeparator: \.isNewline) {
            let words = line.split(separator: " ", maxSplits: 1)
            guard let name = words.first, words.count == 2, !name.hasSuffix(":") else { continue }
            let printer = String(name)
            if !names.contains(printer) { names.append(printer) }
        }
        return names
    }

    /// The job id from `lp`'s answer ("request id is Office-12 (1 file(s))"), or its whole answer.
    public static func job(fromLp output: String) -> String {
        let trimmed = output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let range = trimmed.range(of: "request id is ") else { return trimmed }
        let rest = trimmed[range.upperBound...]
        return String(rest.prefix { !$0.isWhitespace })
    }

    /// The system's default printer from `lpstat -d` ("system default destination: Office"),
    /// nil when there is none.
    public static func defaultPrinter(fromLpstat output: String) -> String? {
        for line in output.split(whereSeparator: \.isNewline) {
            guard let colon = line.lastIndex(of: ":"), line.lowercased().contains("default destination") else { continue }
            let name = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty && !name.contains(" ") { return name }
        }
        return nil
    }

    /// How long the print service's commands may take to answer before Meshpad stops waiting.
    public static let patienceSeconds = 10.0

    /// What to say when the print service took the question and never answered.
    public static let unanswered = unanswered(seconds: patienceSeconds)

    public static func unanswered(seconds: Double) -> String {
        "The print service did not answer within \(Int(seconds)) seconds. Save a PDF to print it elsewhere."
    }

    /// What to say when there is no print service: the PDF is offered instead.
    public static let missing = "This computer has no print service (CUPS's lp and lpstat are not installed). Save a PDF to print it elsewhere."

    /// What to say when the print service is there but does not answer.
    public static func unreachable(_ detail: String) -> String {
        var said = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        if said.hasPrefix("lpstat: ") { said.removeFirst("lpstat: ".count) }
        // A failed call's errno can read "Success"; it says nothing.
        if said.caseInsensitiveCompare("success") == .orderedSame { said = "" }
        if !said.isEmpty && !said.hasSuffix(".") { said += "." }
        return "The print service did not answer" + (said.isEmpty ? "." : " (\(said))") + " Save a PDF to print it elsewhere."
    }
}
