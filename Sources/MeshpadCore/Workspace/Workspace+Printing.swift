import Foundation

/// Paper: the PDF dialog (page size, orientation, one page, tiled or an outline, notes), the
/// print dialog over the system's printers, and the sheet picker of a file with several maps.
/// Each is finger-sized chips in a dialog; what is chosen is carried out by the app.
extension Workspace {
    /// Export ▸ PDF…: the options first, then the file browser.
    mutating func askPDFOptions() {
        present(pdfDialog(panels.pdfOptions))
    }

    /// Print…: the app asks the system for its printers, then `showPrintDialog` shows them.
    mutating func askToPrint() -> [Request] {
        commitEditing()
        // Said at once: a print server on the network can take seconds to answer.
        show(Banner(message: Self.lookingForPrinters, actions: []))
        return [.listPrinters]
    }

    static let lookingForPrinters = "Looking for printers…"

    /// The print dialog: the PDF's options and a chip per printer; with no printers, or no print
    /// service at all (`problem`), it says so and offers the PDF instead.
    public mutating func showPrintDialog(printers: [String], problem: String?) {
        if panels.banner?.message == Self.lookingForPrinters { panels.banner = nil }
        // The answer can take seconds; a dialog opened meanwhile (a note being written, Quit's
        // question) is never swept away by it.
        if let open = panels.dialog, !Self.isPaperDialog(open) {
            return show(Banner(message: "The printers answered; tap Print… again when you are ready", expiresAt: nil))
        }
        // The printer used last, else the system's default (the app lists it first).
        let chosen = panels.printer.flatMap { printers.contains($0) ? $0 : nil } ?? printers.first
        present(printDialog(panels.pdfOptions, printers: printers, chosen: chosen, problem: problem))
    }

    static func isPaperDialog(_ dialog: Dialog) -> Bool {
        switch dialog.kind {
        case .pdfOptions, .print: return true
        default: return false
        }
    }

    func pdfDialog(_ options: PDFOptions) -> Dialog {
        var dialog = Dialog(kind: .pdfOptions(options), title: "Export a PDF")
        dialog.choiceRows = Self.optionRows(options)
        dialog.message = Self.optionsSummary(options)
        return dialog
    }

    func printDialog(_ options: PDFOptions, printers: [String], chosen: String?, problem: String?) -> Dialog {
        var dialog = Dialog(kind: .print(options, printers: printers, chosen: chosen), title: "Print the map")
        var rows = Self.optionRows(options)
        let chips = printers.prefix(9).map { Dialog.Choice($0, .option("printer:" + $0), isOn: $0 == chosen) }
        rows += stride(from: 0, to: chips.count, by: 3).map { Array(chips[$0..<min($0 + 3, chips.count)]) }
        dialog.choiceRows = rows
        if let problem {
            dialog.message = problem
        } else if printers.isEmpty {
            dialog.message = "No printer is set up on this computer. Save a PDF to print it elsewhere."
        } else {
            dialog.message = "To \(chosen ?? "the printer"): " + Self.optionsSummary(options)
        }
        return dialog
    }

    /// The options as chips, the chosen ones lit: paper, orientation, layout, notes.
    static func optionRows(_ options: PDFOptions) -> [[Dialog.Choice]] {
        [
            [Dialog.Choice("A4", .option("paper:a4"), isOn: options.paper == .a4),
             Dialog.Choice("Letter", .option("paper:letter"), isOn: options.paper == .letter)],
            [Dialog.Choice("Portrait", .option("orientation:portrait"), isOn: options.orientation == .portrait),
             Dialog.Choice("Landscape", .option("orientation:landscape"), isOn: options.orientation == .landscape)],
            [Dialog.Choice("One page", .option("layout:one"), isOn: options.layout == .onePage),
             Dialog.Choice("Tiled pages", .option("layout:tiled"), isOn: options.layout == .tiled),
             Dialog.Choice("Outline", .option("layout:outline"), isOn: options.layout == .outline)],
            [Dialog.Choice("Notes", .option("notes"), isOn: options.notes)],
        ]
    }

    /// One line saying what the PDF will be, under the chips.
    static func optionsSummary(_ options: PDFOptions) -> String {
        let paper = (options.paper == .a4 ? "A4" : "Letter") + (options.orientation == .portrait ? " portrait" : " landscape")
        let notes = options.notes ? "with notes" : "without notes"
        switch options.layout {
        case .onePage: return "The whole map on one \(paper) page, \(notes)."
        case .tiled: return "The map at full size over \(paper) pages that overlap a little, numbered, \(notes)."
        case .outline: return "The map as an indented outline on \(paper) pages, \(notes)."
        }
    }

    /// A chip of the PDF or print dialog was tapped: the option changes and the dialog shows it.
    mutating func choosePaperOption(_ key: String, _ dialog: Dialog) {
        var options: PDFOptions
        var printers: [String] = []
        var chosen: String?
        switch dialog.kind {
        case .pdfOptions(let current): options = current
        case .print(let current, let list, let printer):
            options = current
            printers = list
            chosen = printer
        default: return
        }
        switch key {
        case "paper:a4": options.paper = .a4
        case "paper:letter": options.paper = .letter
        case "orientation:portrait": options.orientation = .portrait
        case "orientation:landscape": options.orientation = .landscape
        case "layout:one": options.layout = .onePage
        case "layout:tiled": options.layout = .tiled
        case "layout:outline": options.layout = .outline
        case "notes": options.notes.toggle()
        default:
            if key.hasPrefix("printer:") { chosen = String(key.dropFirst("printer:".count)) }
        }
        panels.pdfOptions = options
        if case .print = dialog.kind {
            panels.printer = chosen
            present(printDialog(options, printers: printers, chosen: chosen, problem: printers.isEmpty ? dialog.message : nil))
        } else {
            present(pdfDialog(options))
        }
    }

    /// The PDF or print dialog's buttons: the file browser for a PDF, or the job to the printer.
    mutating func finishPaperDialog(_ dialog: Dialog, _ action: Dialog.Action) -> [Request] {
        present(nil)
        switch (dialog.kind, action) {
        case (.pdfOptions(let options), .confirm), (.print(let options, _, _), .save):
            panels.pdfOptions = options
            return [.export(.pdf)]
        case (.print(let options, _, let printer?), .confirm):
            panels.pdfOptions = options
            return [.print(printer: printer)]
        default:
            return []
        }
    }

    // MARK: - Sheets

    /// A file holds several maps (an XMind workbook's sheets): a chip for each, to open one.
    public mutating func askSheet(of path: String, titles: [String]) {
        let name = (path as NSString).lastPathComponent
        var dialog = Dialog(kind: .chooseSheet(path: path, titles: titles), title: "Which sheet of “\(name)”?")
        dialog.choiceRows = titles.enumerated().prefix(24).map { index, title in
            [Dialog.Choice(title.isEmpty ? "Sheet \(index + 1)" : title, .option("sheet:\(index)"))]
        }
        dialog.message = "It holds \(titles.count) maps. Tap the one to open."
        present(dialog)
    }

    mutating func chooseSheet(_ key: String, _ dialog: Dialog) -> [Request] {
        guard case .chooseSheet(let path, _) = dialog.kind, key.hasPrefix("sheet:"),
              let index = Int(key.dropFirst("sheet:".count)) else { return [] }
        present(nil)
        return [.openSheet(path: path, sheet: index)]
    }
}
