import Foundation
import MeshpadCore

/// A scratch folder for one test, removed when the test ends.
package final class ScratchFolder {
    package let path: String

    package init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("meshpad-folders-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// `name`'s path inside the folder.
    package func path(_ name: String) -> String { FolderListing.joined(path, name) }

    @discardableResult
    package func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        return path(name)
    }

    @discardableResult
    package func file(_ name: String, _ data: Data = Data()) throws -> String {
        try data.write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// A file whose name is `bytes` exactly, made with the system call: FileManager takes only text.
    package func file(rawName bytes: [UInt8]) -> Bool {
        let full = Array(path.utf8) + [UInt8(ascii: "/")] + bytes
        let fd = open(full.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY | O_EXCL, 0o644)
        guard fd >= 0 else { return false }
        close(fd)
        return true
    }
}

/// This machine's folders as a test reads them: through `FileManager`, names as text. The
/// platform's `LocalFolders` reads them with `readdir` (a name that is not UTF-8 kept as its
/// bytes) and is tested in the SDL backend's tests.
package struct DiskFolders: FolderAccess {
    package init() {}

    package func entries(of folder: String) throws(FolderError) -> [FolderAccessEntry] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw .unreadable(folder: folder, reason: FolderError.reason(ENOENT))
        }
        guard isFolder.boolValue else { throw .unreadable(folder: folder, reason: FolderError.reason(ENOTDIR)) }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw .unreadable(folder: folder, reason: FolderError.reason(EACCES))
        }
        return names.map { name in
            let path = FolderListing.joined(folder, name)
            let attributes = try? FileManager.default.attributesOfItem(atPath: (path as NSString).resolvingSymlinksInPath)
            let type = attributes?[.type] as? FileAttributeType
            let kind: FolderAccessEntry.Kind = type == .typeDirectory ? .folder : type == .typeRegular ? .file : .other
            return FolderAccessEntry(rawName: Array(name.utf8), kind: kind, size: (attributes?[.size] as? NSNumber)?.int64Value,
                                     modified: (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970)
        }
    }

    package func makeFolder(at path: String, named name: String) throws(FolderError) {
        guard mkdir(path, 0o755) == 0 else { throw .cannotMake(name: name, reason: FolderError.reason(errno)) }
    }
}
