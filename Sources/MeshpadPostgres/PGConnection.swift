import CLibPQ
import Foundation
import MeshpadCore

/// One connection to PostgreSQL through libpq: statements with parameters, LISTEN/NOTIFY, and
/// errors that never show a password.
///
/// The address goes to libpq as given (`PQconnectdb`), so `~/.pgpass`, `PGPASSWORD` and
/// `sslmode` work as libpq documents them. Every error is a `SharedMapError` naming the address
/// redacted and with the password scrubbed from the server's words. Not `Sendable`: one thread
/// owns a connection (the shared map's network thread, or a command-line verb).
public final class PGConnection {
    private let handle: OpaquePointer
    public let address: DatabaseAddress

    /// One row of a result: the columns as text (libpq's text format), nil for NULL.
    public typealias Row = [String?]

    /// A notification received on a channel this connection listens to.
    public struct Notification: Equatable, Sendable {
        public var channel: String
        public var payload: String
    }

    public init(_ address: DatabaseAddress) throws(SharedMapError) {
        self.address = address
        guard let handle = PQconnectdb(address.connectionString) else {
            throw .unreachable(address: address.redacted, detail: "libpq could not allocate a connection")
        }
        guard PQstatus(handle) == CONNECTION_OK else {
            let detail = address.scrub(Self.message(PQerrorMessage(handle)))
            PQfinish(handle)
            throw .unreachable(address: address.redacted, detail: detail)
        }
        self.handle = handle
        // why: a server's notices ("relation already exists, skipping") would go to stderr unasked.
        PQsetNoticeProcessor(handle, { _, _ in }, nil)
    }

    deinit { PQfinish(handle) }

    public var isConnected: Bool { PQstatus(handle) == CONNECTION_OK }

    /// The socket, for waiting on notifications with `poll`.
    public var socket: Int32 { PQsocket(handle) }

    /// Runs `sql` with `$1…` bound to `parameters` (text, nil for NULL) and returns its rows.
    /// `doing` names the work in an error: "reading map 'class'".
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = [], doing: String) throws(SharedMapError) -> [Row] {
        let result = Self.withCStrings(parameters) { values in
            PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        guard let result else { throw failure(doing: doing, detail: Self.message(PQerrorMessage(handle))) }
        defer { PQclear(result) }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            break
        default:
            throw failure(doing: doing, detail: Self.message(PQresultErrorMessage(result)), state: Self.sqlState(result))
        }
        let rows = Int(PQntuples(result)), columns = Int(PQnfields(result))
        var table: [Row] = []
        table.reserveCapacity(rows)
        for r in 0..<rows {
            var row: Row = []
            row.reserveCapacity(columns)
            for c in 0..<columns {
                if PQgetisnull(result, Int32(r), Int32(c)) != 0 {
                    row.append(nil)
                } else if let value = PQgetvalue(result, Int32(r), Int32(c)) {
                    row.append(String(cString: value))
                } else {
                    row.append(nil)
                }
            }
            table.append(row)
        }
        return table
    }

    /// Several statements with no parameters, as one string (a migration), in libpq's simple protocol.
    public func executeScript(_ sql: String, doing: String) throws(SharedMapError) {
        guard let result = PQexec(handle, sql) else { throw failure(doing: doing, detail: Self.message(PQerrorMessage(handle))) }
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw failure(doing: doing, detail: Self.message(PQresultErrorMessage(result)))
        }
    }

    /// Runs `body` inside BEGIN … COMMIT; anything thrown rolls it back.
    public func inTransaction<T>(doing: String, _ body: () throws(SharedMapError) -> T) throws(SharedMapError) -> T {
        try execute("BEGIN", doing: doing)
        do {
            let value = try body()
            try execute("COMMIT", doing: doing)
            return value
        } catch {
            _ = try? execute("ROLLBACK", doing: doing)
            throw error
        }
    }

    /// Starts receiving notifications on `channel` (a name Meshpad made: letters, digits, '_').
    public func listen(_ channel: String) throws(SharedMapError) {
        try execute("LISTEN \(channel)", doing: "listening for changes")
    }

    /// Reads what the server sent and returns the notifications it held, without blocking.
    public func takeNotifications() throws(SharedMapError) -> [Notification] {
        guard PQconsumeInput(handle) != 0 else {
            throw .lost(address: address.redacted, detail: address.scrub(Self.message(PQerrorMessage(handle))))
        }
        var found: [Notification] = []
        while let notify = PQnotifies(handle) {
            found.append(Notification(channel: String(cString: notify.pointee.relname),
                                      payload: String(cString: notify.pointee.extra)))
            PQfreemem(notify)
        }
        return found
    }

    /// Waits until the server sends something, `wake` is readable, or `seconds` pass.
    /// True when the server's socket is readable.
    public func waitForInput(seconds: Double, orReadable wake: Int32? = nil) -> Bool {
        var fds = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
        if let wake { fds.append(pollfd(fd: wake, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&fds, nfds_t(fds.count), Int32(max(0, seconds * 1000)))
        return ready > 0 && fds[0].revents != 0
    }

    private func failure(doing: String, detail: String, state: String? = nil) -> SharedMapError {
        let scrubbed = address.scrub(detail)
        if PQstatus(handle) != CONNECTION_OK { return .lost(address: address.redacted, detail: scrubbed) }
        // why: 42501 is insufficient_privilege: a role that may read but not write. Trying again
        // cannot help, so it is told apart from a failure worth retrying.
        if state == "42501" { return .notPermitted(address: address.redacted, doing: doing, detail: scrubbed) }
        return .failed(address: address.redacted, doing: doing, detail: scrubbed)
    }

    /// The SQLSTATE code of a failed result ("42501"), if the server gave one.
    private static func sqlState(_ result: OpaquePointer) -> String? {
        // why: PG_DIAG_SQLSTATE is the character 'C' in libpq's headers.
        PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
    }

    /// libpq's message on one line: without its "ERROR:  " prefix, and its line breaks and tabs
    /// (a connection failure's hint comes as "\n\tIs the server running…") made single spaces,
    /// as a banner or a status line shows it.
    static func message(_ text: UnsafePointer<CChar>?) -> String {
        guard let text else { return "no message" }
        var message = String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["ERROR:  ", "FATAL:  "] where message.hasPrefix(prefix) { message.removeFirst(prefix.count) }
        return message.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The parameters as C strings for the duration of `body`.
    private static func withCStrings<T>(_ values: [String?], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies: [UnsafeMutablePointer<CChar>?] = values.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
