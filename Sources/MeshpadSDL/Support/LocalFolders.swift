import Foundation
import Glibc
import MeshpadCore

/// This machine's folders, as the file browser reads and makes them: `readdir`, `fstatat` and
/// `mkdir`, not `FileManager`, which turns a name whose bytes are not UTF-8 into text with `�`
/// in it (and a path made from that text names nothing).
public struct LocalFolders: FolderAccess {
    public init() {}

    public func entries(of folder: String) throws(FolderError) -> [FolderAccessEntry] {
        guard let directory = opendir(folder) else { throw .unreadable(folder: folder, reason: FolderError.reason(errno)) }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [FolderAccessEntry] = []
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 { throw .unreadable(folder: folder, reason: FolderError.reason(errno)) }
                break
            }
            var nameBytes = entry.pointee.d_name
            // why: d_name is a fixed C array one longer than the longest name, so it always ends in a NUL.
            let raw = withUnsafeBytes(of: &nameBytes) { Array($0.prefix { $0 != 0 }) }
            guard !raw.isEmpty, raw != [UInt8(ascii: ".")], raw != [UInt8(ascii: "."), UInt8(ascii: ".")] else { continue }
            var info = stat()
            // Follows symbolic links, so a link to a folder is a folder; a link to nowhere is neither.
            let terminated = raw.map { CChar(bitPattern: $0) } + [0]
            guard fstatat(descriptor, terminated, &info, 0) == 0 else {
                entries.append(FolderAccessEntry(rawName: raw, kind: .other))
                continue
            }
            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
            switch info.st_mode & S_IFMT {
            case S_IFDIR: entries.append(FolderAccessEntry(rawName: raw, kind: .folder, modified: modified))
            case S_IFREG: entries.append(FolderAccessEntry(rawName: raw, kind: .file, size: Int64(info.st_size), modified: modified))
            default: entries.append(FolderAccessEntry(rawName: raw, kind: .other))
            }
        }
        return entries
    }

    public func makeFolder(at path: String, named name: String) throws(FolderError) {
        guard mkdir(path, 0o755) == 0 else { throw .cannotMake(name: name, reason: FolderError.reason(errno)) }
    }
}
