import Foundation

/// A throwaway CUPS print server for one test: `cupsd` with its own configuration, spool and
/// logs in a temporary folder, listening on 127.0.0.1 at a free port, with one virtual PDF
/// printer (Debian's cups-pdf), stopped and deleted when the value goes.
///
/// A program reaches it through `CUPS_SERVER` (`environment`). cups-pdf's backend is root's
/// alone (mode 0700), so the server runs as root, and cups-pdf writes each job as a PDF in the
/// `PDF` folder of the home of whoever printed (`printedFiles`). Starting fails loudly with the
/// server's log: a print test must not pass by skipping.
package final class TestPrintServer: @unchecked Sendable {
    // why: @unchecked — every stored property is a `let`; the methods only run commands.
    package let folder: String
    package let port: Int
    package let printer = "MeshpadPDF"
    private let server: Process
    /// Where cups-pdf puts this user's jobs, and what was there before the server started.
    private let outputFolder: String
    private let before: Set<String>

    package init() throws {
        guard getuid() == 0 else {
            throw PrintServerError(message: "the print test runs CUPS's PDF printer, whose backend only root may run: run `make test` as root (CI does)")
        }
        for program in ["cupsd", "lpadmin", "lp", "lpstat"] where Self.find(program) == nil {
            throw PrintServerError(message: "\(program) is missing: `make test` installs cups, cups-client and printer-driver-cups-pdf")
        }
        let ppd = "/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd"
        guard FileManager.default.fileExists(atPath: ppd), FileManager.default.fileExists(atPath: "/usr/lib/cups/backend/cups-pdf") else {
            throw PrintServerError(message: "cups-pdf is missing: `make test` installs printer-driver-cups-pdf")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-cups-\(UUID().uuidString)").path
        self.folder = folder
        for sub in ["conf", "spool", "cache", "state", "log", "tmp"] {
            try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
        }
        // cupsd hands jobs to filters as `lp`: they must reach the spool through the folder, and
        // write their temporary files (pdftops does) in its TempDir, as /var/spool/cups/tmp allows.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: folder + "/tmp")
        let port = try TestCluster.freePort()
        self.port = port
        try """
        Listen 127.0.0.1:\(port)
        LogLevel info
        WebInterface No
        PreserveJobFiles Yes
        Browsing No
        DefaultAuthType None
        <Location />
          Order allow,deny
          Allow all
        </Location>
        <Location /admin>
          Order allow,deny
          Allow all
        </Location>
        <Policy default>
          <Limit All>
            Order deny,allow
          </Limit>
        </Policy>
        """.write(toFile: folder + "/conf/cupsd.conf", atomically: true, encoding: .utf8)
        try """
        ServerRoot \(folder)/conf
        RequestRoot \(folder)/spool
        CacheDir \(folder)/cache
        StateDir \(folder)/state
        TempDir \(folder)/tmp
        AccessLog \(folder)/log/access_log
        ErrorLog \(folder)/log/error_log
        PageLog \(folder)/log/page_log
        ServerBin /usr/lib/cups
        DataDir /usr/share/cups
        FileDevice No
        User lp
        Group lp
        SystemGroup root
        """.write(toFile: folder + "/conf/cups-files.conf", atomically: true, encoding: .utf8)
        let home = FileManager.default.homeDirectory(forUser: NSUserName())?.path ?? "/root"
        outputFolder = home + "/PDF"
        before = Set((try? FileManager.default.contentsOfDirectory(atPath: home + "/PDF")) ?? [])

        server = Process()
        server.executableURL = URL(fileURLWithPath: Self.find("cupsd") ?? "/usr/sbin/cupsd")
        server.arguments = ["-f", "-c", folder + "/conf/cupsd.conf", "-s", folder + "/conf/cups-files.conf"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        // Started with no signals blocked, so it hears SIGTERM when stopped (see ChildProcess).
        try ChildProcess.runWithNoSignalsBlocked(server)
        // Ready once it answers (lpstat fails while nothing listens).
        let deadline = Date(timeIntervalSinceNow: 20)
        var ready = false
        while Date() < deadline {
            if server.isRunning == false { break }
            let answer = try Self.run("lpstat", ["-r"], environment: environment)
            if answer.output.contains("is running") { ready = true; break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        guard ready else {
            stop()
            throw PrintServerError(message: "cupsd did not start:\n\(log)")
        }
        let added = try Self.run("lpadmin", ["-p", printer, "-E", "-v", "cups-pdf:/", "-P", ppd], environment: environment)
        guard added.status == 0 else {
            stop()
            throw PrintServerError(message: "lpadmin could not add the PDF printer: \(added.error)\n\(log)")
        }
    }

    deinit { stop() }

    /// The environment a program needs to print here, on top of the test's own.
    package var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CUPS_SERVER"] = "127.0.0.1:\(port)"
        return environment
    }

    /// The server's error log so far.
    package var log: String { (try? String(contentsOfFile: folder + "/log/error_log", encoding: .utf8)) ?? "(no log)" }

    /// PDFs cups-pdf wrote since the server started, oldest first.
    package var printedFiles: [String] {
        let now = (try? FileManager.default.contentsOfDirectory(atPath: outputFolder)) ?? []
        return now.filter { !before.contains($0) && $0.hasSuffix(".pdf") }.sorted().map { outputFolder + "/" + $0 }
    }

    /// The documents jobs were sent with, as the spool keeps them (`PreserveJobFiles`), oldest
    /// first: what the program printing handed over, before the printer's filters. (cups-pdf's
    /// own output has its text turned into outlines by Ghostscript, so words are read from these.)
    package var spooledFiles: [String] {
        let spool = folder + "/spool"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []
        return names.filter { $0.hasPrefix("d") }.sorted().map { spool + "/" + $0 }
    }

    /// Waits for the printed PDF of job `job` ("MeshpadPDF-3"); its path, or nil after `seconds`.
    package func waitForPrinted(seconds: Double) -> String? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if let file = printedFiles.last, let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int, size > 0,
               (try? Self.run("lpstat", ["-o"], environment: environment))?.output.isEmpty ?? false {
                return file
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return nil
    }

    /// Stops the server and removes its folder and what it printed.
    package func stop() {
        if server.isRunning {
            server.terminate()
            let deadline = Date(timeIntervalSinceNow: 5)
            while server.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if server.isRunning { kill(server.processIdentifier, SIGKILL) }
            server.waitUntilExit()
        }
        for file in printedFiles { try? FileManager.default.removeItem(atPath: file) }
        try? FileManager.default.removeItem(atPath: folder)
    }

    package static func run(_ program: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: find(program) ?? program)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    private static func find(_ program: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/sbin:/sbin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

package struct PrintServerError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
