import Foundation
import Testing
@testable import MeshpadCore
#if canImport(Glibc)
import Glibc
#endif

@Suite struct AtomicFileTests {
    @Test func writesANewFileAndReplacesAnOldOneKeepingABackup() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.meshpad").path
        try AtomicFile.write(Data("one".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one")
        #expect(!FileManager.default.fileExists(atPath: path + "~"), "no backup of nothing")
        chmod(path, 0o600)
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try String(contentsOfFile: path + "~", encoding: .utf8) == "one")
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600, "the file keeps its permissions")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["map.meshpad", "map.meshpad~"], "no temporary files are left")
    }

    @Test func aFullDiskLeavesTheOriginalUntouched() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.mm").path
        try AtomicFile.write(Data("precious".utf8), to: path)
        var calls = AtomicFile.SystemCalls.live
        // The disk fills after 4 bytes.
        calls.write = { fd, bytes, count in
            var offset = lseek(fd, 0, SEEK_CUR)
            if offset >= 4 { errno = ENOSPC; return -1 }
            offset = 0
            return Glibc.write(fd, bytes, min(count, 4))
        }
        do {
            try AtomicFile.write(Data(String(repeating: "new data ", count: 100).utf8), to: path, calls: calls)
            Issue.record("a write to a full disk reported success")
        } catch {
            #expect(error.description.contains("No space left on device"), "\(error)")
            #expect(error.description.contains(path))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["map.mm"])
    }

    @Test func aRefusedOpenIsAClearErrorAndChangesNothing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.mm").path
        try AtomicFile.write(Data("precious".utf8), to: path)
        var calls = AtomicFile.SystemCalls.live
        calls.open = { _, _, _ in errno = EROFS; return -1 }
        #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: path, calls: calls) }
        do { try AtomicFile.write(Data("x".utf8), to: path, calls: calls) } catch {
            #expect(error.description.contains("Read-only file system"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }

    @Test func aDirectoryThatIsGoneOrIsAFileIsAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: directory.appendingPathComponent("gone/map.mm").path) }
        let file = directory.appendingPathComponent("plain")
        try Data("f".utf8).write(to: file)
        #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: file.appendingPathComponent("map.mm").path) }
        #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: directory.path) }
    }

    @Test func aReadOnlyDirectoryIsAnErrorWhereTheSystemEnforcesIt() throws {
        if getuid() == 0 {
            // why: root ignores directory permissions (CI runs as root); the kernel refuses a new
            // file in /proc even to root, so a file there stands in for one in a read-only folder.
            let path = "/proc/self/cmdline"
            let before = FileManager.default.contents(atPath: path)
            #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: path) }
            #expect(FileManager.default.contents(atPath: path) == before, "the file is untouched")
            return
        }
        let directory = try temporaryDirectory()
        defer { chmod(directory.path, 0o755); try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("map.mm").path
        try AtomicFile.write(Data("precious".utf8), to: path)
        chmod(directory.path, 0o555)
        #expect(throws: FormatError.self) { try AtomicFile.write(Data("x".utf8), to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }
}

@Suite struct RecoveryTests {
    @Test func theRecoveryLivesUnderXDGDataHome() {
        let store = RecoveryStore.standard(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
        #expect(store.directory == "/data/meshpad/recovery")
        #expect(RecoveryStore.standard(environment: ["HOME": "/home/u"]).directory == "/home/u/.local/share/meshpad/recovery")
        #expect(RecoveryStore.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).directory
                == "/home/u/.local/share/meshpad/recovery", "XDG says relative paths are ignored")
    }

    @Test func eachDocumentHasItsOwnRecoveryFile() {
        let store = RecoveryStore(directory: "/r")
        let a = store.recoveryPath(for: "/maps/plan.mm"), b = store.recoveryPath(for: "/other/plan.mm")
        #expect(a != b)
        #expect(a.hasPrefix("/r/plan-") && a.hasSuffix(".meshpad"))
        #expect(store.recoveryPath(for: "/maps/plan.mm") == a, "stable")
        #expect(store.recoveryPath(for: nil) == "/r/untitled.meshpad")
    }

    @Test func aRecoveryNewerThanItsDocumentIsPendingUntilDiscarded() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = RecoveryStore(directory: directory.appendingPathComponent("recovery").path)
        let documentPath = directory.appendingPathComponent("plan.meshpad").path
        try AtomicFile.write(try NativeFormat.encode(.sample()), to: documentPath)
        #expect(store.pending(for: documentPath) == nil)
        var changed = Document.sample()
        changed.moveNode(changed.rootID, to: Vec2(5, 5))
        // The file system's clock may be coarse: make the document clearly older.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: documentPath)
        try store.save(changed, for: documentPath)
        let pending = try #require(store.pending(for: documentPath))
        let recovered = try NativeFormat.decode(Data(contentsOf: URL(fileURLWithPath: pending.path)))
        #expect(recovered.root.position == Vec2(5, 5))
        // Saving the document makes it newer than the recovery.
        try AtomicFile.write(try NativeFormat.encode(changed), to: documentPath)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: documentPath)
        #expect(store.pending(for: documentPath) == nil)
        store.discard(for: documentPath)
        #expect(!FileManager.default.fileExists(atPath: pending.path))
    }

    @Test func autosaveWritesWithinTheDelayEvenDuringEndlessChanges() {
        var schedule = AutosaveSchedule(delaySeconds: 0.5, writtenRevision: 0)
        let unchanged = schedule.isDue(revision: 0, at: 0)
        #expect(!unchanged)
        #expect(schedule.deadline == nil)
        var writes: [Double] = []
        var revision: UInt64 = 0
        var time = 0.0
        while time < 3 {
            revision += 1
            if schedule.isDue(revision: revision, at: time) {
                writes.append(time)
                schedule.markWritten(revision)
            }
            time += 0.01
        }
        #expect(writes.count >= 5, "a long drag is written about twice a second")
        #expect(zip(writes, writes.dropFirst()).allSatisfy { $1 - $0 <= 0.52 })
        schedule.markWritten(revision)
        let afterWrite = schedule.isDue(revision: revision, at: 11)
        #expect(!afterWrite, "nothing new to write")
        let first = schedule.isDue(revision: revision + 1, at: 12)
        #expect(!first, "a new change waits for the delay")
        #expect(schedule.deadline == 12.5)
        let later = schedule.isDue(revision: revision + 1, at: 12.5)
        #expect(later)
    }
}
