import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a crash, a full disk or a vanished directory never leaves a truncated
/// or empty file where a good one was.
///
/// The bytes go to a temporary file in the same directory, which is fsynced and renamed over the
/// target (rename is atomic within a filesystem), then the directory is fsynced so the rename
/// itself survives a power cut. The previous version is kept as `FILE~` (a hard link, made
/// before the rename, so the target exists at every moment). The file keeps its permissions.
public enum AtomicFile {
    /// The system calls the writer uses, replaceable so tests can inject a full disk or a
    /// refused open without needing root to make a real one.
    public struct SystemCalls: Sendable {
        public var open: @Sendable (String, Int32, mode_t) -> Int32
        public var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
        public var fsync: @Sendable (Int32) -> Int32

        public static let live = SystemCalls(
            open: { path, flags, mode in Glibc.open(path, flags, mode) },
            write: { fd, bytes, count in Glibc.write(fd, bytes, count) },
            fsync: { fd in Glibc.fsync(fd) }
        )
    }

    public static func backupPath(for path: String) -> String { path + "~" }

    /// Replaces `path` with `data`, or throws and leaves `path` exactly as it was.
    public static func write(_ data: Data, to path: String, keepBackup: Bool = true, calls: SystemCalls = .live) throws(FormatError) {
        func fail(_ what: String, _ code: Int32 = errno) -> FormatError {
            FormatError(path: path, format: "file", reason: .unwritable(detail: "\(what): \(String(cString: strerror(code)))"))
        }
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var existing = stat()
        let exists = stat(path, &existing) == 0
        if exists && (existing.st_mode & S_IFMT) == S_IFDIR { throw fail("it is a directory", EISDIR) }
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644

        let temporary = "\(directory)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = calls.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw fail("cannot create a file in \(directory)") }
        var failure: FormatError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = calls.write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = fail("writing failed")
                    return
                }
                if written == 0 {
                    failure = fail("writing failed", ENOSPC)
                    return
                }
                offset += written
            }
        }
        if failure == nil, calls.fsync(fd) != 0 { failure = fail("flushing to disk failed") }
        if exists, failure == nil { fchmod(fd, mode) }
        if close(fd) != 0, failure == nil { failure = fail("closing failed") }
        if let failure {
            unlink(temporary)
            throw failure
        }

        if keepBackup && exists {
            let backup = backupPath(for: path)
            let staging = backup + ".\(getpid()).tmp"
            unlink(staging)
            // why: a hard link keeps the old version without ever removing the target; where links
            // are not allowed (some network and FAT filesystems) the backup is skipped, not the save.
            if link(path, staging) == 0 {
                if rename(staging, backup) != 0 { unlink(staging) }
            }
        }
        guard rename(temporary, path) == 0 else {
            let error = fail("replacing the file failed")
            unlink(temporary)
            throw error
        }
        let directoryFD = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            _ = calls.fsync(directoryFD)
            close(directoryFD)
        }
    }
}
