import Foundation
import MeshpadCore

/// Links from nodes to the world outside the map, opened by the desktop's program for them.
extension App {
    /// Where a link leads: a URL as it is; a file path relative to the map's folder (FreeMind
    /// writes links to neighbouring files that way), `~` expanded.
    nonisolated static func linkTarget(_ link: String, mapPath: String?) -> String {
        if link.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return link }
        let folder = mapPath.map { ($0 as NSString).deletingLastPathComponent } ?? FileManager.default.currentDirectoryPath
        return FileFlow.absolute(link, in: folder)
    }

    /// Hands the link to `xdg-open` (the link is one argument, never a shell's words) and does
    /// not wait for it; says so if it cannot be started.
    func openExternally(_ link: String) {
        let target = Self.linkTarget(link, mapPath: file.path)
        guard let opener = Self.findProgram("xdg-open") else {
            workspace.show(Banner(message: "Could not open \(target): xdg-open is not installed (Debian: xdg-utils)",
                                  isError: true, expiresAt: time + FileFlow.warningSeconds))
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [target]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            workspace.show(Banner(message: "Opening \(target)", expiresAt: time + FileFlow.noticeSeconds))
        } catch {
            workspace.show(Banner(message: "Could not open \(target): \(error.localizedDescription)",
                                  isError: true, expiresAt: time + FileFlow.warningSeconds))
        }
    }

    /// A program's path, found on `$PATH` as a shell would.
    nonisolated static func findProgram(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
