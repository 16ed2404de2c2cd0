import Foundation
import MeshpadCore
import Testing

/// A throwaway PostgreSQL cluster for one test: `initdb` in a temporary folder, listening on
/// 127.0.0.1 only at a free port, stopped and deleted when the value goes.
///
/// Postgres refuses to run as root, so as root (CI, this machine) it runs as the `postgres`
/// user Debian's package makes, through `runuser`, with the folder handed to it. The superuser
/// is `meshpad` with a password and SCRAM over TCP, so tests exercise a real password (and
/// check it is never shown). Starting fails loudly, with the server's log: a test that needs a
/// database must not pass by skipping.
package final class TestCluster: @unchecked Sendable {
    // why: @unchecked — every stored property is a `let`; stop() only runs commands.
    package let folder: String
    package let port: Int
    package let password = "pw-7Hq!secret"
    private let binaries: String
    private let runAs: String?

    package init() throws {
        let binaries = try Self.findBinaries(), runAs: String? = getuid() == 0 ? "postgres" : nil
        self.binaries = binaries
        self.runAs = runAs
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-pg-\(UUID().uuidString)").path
        self.folder = folder
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try password.write(toFile: folder + "/pw", atomically: true, encoding: .utf8)
        if let runAs { try Self.run("/bin/chown", ["-R", runAs, folder]) }
        try Self.run(binaries, runAs, "initdb", ["-D", folder + "/data", "-U", "meshpad", "--pwfile=\(folder)/pw", "--auth-local=trust",
                           "--auth-host=scram-sha-256", "-E", "UTF8", "--no-sync", "--no-instructions"])
        port = try Self.start(folder: folder) { program, arguments in try Self.run(binaries, runAs, program, arguments) }
    }

    /// Starts the server at a free port (tried three times: another program may take the port
    /// between finding it and binding it) and returns the port.
    private static func start(folder: String, run: (String, [String]) throws -> String) throws -> Int {
        var lastError: Error?
        for _ in 0..<3 {
            let candidate = try freePort()
            do {
                try start(folder: folder, port: candidate, run: run)
                return candidate
            } catch {
                lastError = error
            }
        }
        let log = (try? String(contentsOfFile: folder + "/log", encoding: .utf8)) ?? "(no log)"
        throw ClusterError(message: "PostgreSQL did not start: \(lastError.map { "\($0)" } ?? "")\n\(log)")
    }

    private static func start(folder: String, port: Int, run: (String, [String]) throws -> String) throws {
        _ = try run("pg_ctl", ["-D", folder + "/data", "-l", folder + "/log", "-w", "-t", "30", "-o",
                               "-c listen_addresses=127.0.0.1 -p \(port) -k \(folder) -c fsync=off -c max_connections=60",
                               "start"])
    }

    /// Stops the server as an administrator or a power cut would (every connection dropped at once).
    package func stop() throws {
        try Self.run(binaries, runAs, "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// Starts the stopped server again on its port.
    package func restart() throws {
        let binaries = binaries, runAs = runAs
        try Self.start(folder: folder, port: port) { program, arguments in try Self.run(binaries, runAs, program, arguments) }
    }

    deinit {
        _ = try? Self.run(binaries, runAs, "pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The superuser's address, password included (as a person would type it).
    package var address: DatabaseAddress { DatabaseAddress("postgresql://meshpad:\(password)@127.0.0.1:\(port)/postgres") }

    /// The address of `database`, for `user` with `password` (nil: none).
    package func address(user: String, password: String?, database: String = "postgres") -> DatabaseAddress {
        let secret = password.map { ":" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) } ?? ""
        return DatabaseAddress("postgresql://\(user)\(secret)@127.0.0.1:\(port)/\(database)")
    }

    package struct ClusterError: Error, CustomStringConvertible {
        let message: String
        package var description: String { message }
    }

    /// Runs one of the server's programs as the cluster's user.
    @discardableResult
    private static func run(_ binaries: String, _ runAs: String?, _ program: String, _ arguments: [String]) throws -> String {
        if let runAs {
            return try run("/usr/sbin/runuser", ["-u", runAs, "--", binaries + "/" + program] + arguments)
        }
        return try run(binaries + "/" + program, arguments)
    }

    /// Runs a program to its end and returns what it printed; throws with it when it fails.
    ///
    /// why: posix_spawn and waitpid rather than Foundation's Process, whose exit monitoring
    /// never saw `runuser` end under the test runner (whose threads block SIGCHLD), so a test
    /// hung on a zombie. The child gets an empty signal mask, as a shell would give it, and
    /// writes to a file, not a pipe: the server pg_ctl starts keeps its output open.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-pg-out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw ClusterError(message: "could not start \(executable): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // why: WIFEXITED/WEXITSTATUS are macros; an exit is a zero low byte, its code the next one.
        let exitedCleanly = status & 0x7f == 0 && (status >> 8) & 0xff == 0
        guard exitedCleanly else {
            throw ClusterError(message: "\(executable) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    /// The newest installed server's programs (Debian: /usr/lib/postgresql/<major>/bin).
    private static func findBinaries() throws -> String {
        let root = "/usr/lib/postgresql"
        let majors = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).compactMap(Int.init).sorted()
        guard let newest = majors.last, FileManager.default.isExecutableFile(atPath: "\(root)/\(newest)/bin/initdb") else {
            throw ClusterError(message: "no PostgreSQL server under \(root): `make test` installs it (apt-get install postgresql)")
        }
        return "\(root)/\(newest)/bin"
    }

    /// A TCP port nothing listens on now: bound to port 0 and let go.
    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClusterError(message: "socket() failed: \(errno)") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw ClusterError(message: "could not find a free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
