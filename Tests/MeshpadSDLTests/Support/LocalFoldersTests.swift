import Foundation
import Testing
import MeshpadCore
import MeshpadTestRigs
@testable import MeshpadSDL

/// Listing a folder for the file browser from this machine's disk (`LocalFolders`): what shows,
/// in what order, and what a folder that cannot be read or a name that is not plain text does.
@Suite struct LocalFoldersTests {
    /// A folder with maps, other files, hidden entries and folders in mixed case.
    static func mixedFolder() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        for folder in ["b", "A", ".hidden", "map 10", "map 2"] { try scratch.folder(folder) }
        for file in ["z.mm", "Y.meshpad", "notes.txt", "a.MD", "x.markdown", "p.opml", ".secret.mm", "pic.png", "README"] {
            try scratch.file(file)
        }
        return scratch
    }

    @Test(arguments: [
        (FolderListing.mapExtensions, ["A", "b", "map 2", "map 10", "a.MD", "p.opml", "x.markdown", "Y.meshpad", "z.mm"]),
        (["png"], ["A", "b", "map 2", "map 10", "pic.png"]),
        (["mm"], ["A", "b", "map 2", "map 10", "z.mm"]),
    ] as [(Set<String>, [String])])
    func foldersComeFirstThenTheWantedFilesEachSortedAsAPersonReads(extensions: Set<String>, expected: [String]) throws {
        let scratch = try Self.mixedFolder()
        let listing = try FolderListing.read(scratch.path, extensions: extensions, from: LocalFolders())
        #expect(listing.entries.map(\.displayName) == expected)
        #expect(listing.entries.prefix(4).allSatisfy { $0.isFolder } && !listing.entries.dropFirst(4).contains { $0.isFolder })
    }

    @Test func aLinkToAFolderIsAFolderAndALinkToNowhereIsLeftOut() throws {
        let scratch = try ScratchFolder()
        let target = try scratch.folder("real")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("shortcut"), withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("gone.mm"), withDestinationPath: scratch.path("nothing"))
        let listing = try FolderListing.read(scratch.path, extensions: FolderListing.mapExtensions, from: LocalFolders())
        #expect(listing.entries.map(\.displayName) == ["real", "shortcut"])
        #expect(listing.entries.allSatisfy { $0.isFolder })
    }

    // MARK: - Odd names

    @Test(arguments: [
        ("two\nlines.mm", "two↵lines.mm"),
        ("cr\r\nlf.mm", "cr↵↵lf.mm"),
        ("tab\there.mm", "tab�here.mm"),
        ("bell\u{7}.mm", "bell�.mm"),
        ("del\u{7F}.mm", "del�.mm"),
        ("c1\u{85}x.mm", "c1↵x.mm"),
        ("日本語 😀.mm", "日本語 😀.mm"),
    ])
    func namesWithControlCharactersShowAMarkAndKeepTheirRealName(name: String, shown: String) throws {
        let scratch = try ScratchFolder()
        try scratch.file(name)
        let entry = try #require(try FolderListing.read(scratch.path, extensions: ["mm"], from: LocalFolders()).entries.first)
        #expect(entry.displayName == shown)
        #expect(entry.name == name, "the path is made from the real name")
    }

    @Test func theLongestNameTheSystemAllowsIsListedWhole() throws {
        let scratch = try ScratchFolder()
        // why: 255 bytes is NAME_MAX on Linux filesystems; a 300-character name cannot exist (see makeFolder's test).
        let name = String(repeating: "long", count: 62) + "x.mm"
        #expect(name.utf8.count == 252)
        try scratch.file(name)
        let entry = try #require(try FolderListing.read(scratch.path, extensions: ["mm"], from: LocalFolders()).entries.first)
        #expect(entry.name == name && entry.displayName == name)
    }

    @Test func aNameThatIsNotUTF8IsShownWithMarksAndKeptAsBytes() throws {
        let scratch = try ScratchFolder()
        let bytes: [UInt8] = [0x66, 0xFF, 0xFE, 0x2E, 0x6D, 0x6D]   // "f", two bytes no UTF-8 has, ".mm"
        try #require(scratch.file(rawName: bytes))
        let entry = try #require(try FolderListing.read(scratch.path, extensions: ["mm"], from: LocalFolders()).entries.first)
        #expect(entry.rawName == bytes)
        #expect(entry.name == nil, "no text names this file")
        #expect(entry.displayName == "f��.mm")
    }

    // MARK: - Folders that cannot be read

    @Test func aFolderThatDoesNotExistSaysSo() throws {
        let scratch = try ScratchFolder()
        let missing = scratch.path("gone")
        #expect(throws: FolderError.unreadable(folder: missing, reason: "no such folder")) {
            try FolderListing.read(missing, extensions: FolderListing.mapExtensions, from: LocalFolders())
        }
        #expect(FolderError.unreadable(folder: missing, reason: "no such folder").description == "Cannot read \(missing): no such folder")
    }

    @Test func aFileIsNotAFolder() throws {
        let scratch = try ScratchFolder()
        let file = try scratch.file("plan.mm")
        #expect(throws: FolderError.unreadable(folder: file, reason: "it is a file, not a folder")) {
            try FolderListing.read(file, extensions: FolderListing.mapExtensions, from: LocalFolders())
        }
    }

    @Test func aReasonNamesTheFolderOnOneLine() {
        // As root, permissions are not enforced, so a refused folder cannot be made here; the
        // words for it are checked instead.
        #expect(FolderError.unreadable(folder: "/x", reason: FolderError.reason(EACCES)).description == "Cannot read /x: permission denied")
        #expect(FolderError.unreadable(folder: "/a\nb", reason: "no such folder").description == "Cannot read /a↵b: no such folder")
    }

    // MARK: - Making a folder

    @Test func aNewFolderIsMadeWithTheSpacesAroundItsNameDropped() throws {
        let scratch = try ScratchFolder()
        let made = try FolderListing.makeFolder(named: "  Trips 2026 ", in: scratch.path, with: LocalFolders())
        #expect(made == scratch.path("Trips 2026"))
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: made, isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test(arguments: [
        ("", "Type a name for the new folder"),
        ("   ", "Type a name for the new folder"),
        ("a/b", "A folder’s name cannot have “/” in it"),
        ("..", "“..” is not a name a folder can have"),
        ("nul\u{0}here", "A folder’s name cannot have control characters in it"),
        ("taken", "Cannot make “taken”: it is already there"),
        (String(repeating: "x", count: 300), "Cannot make “\(String(repeating: "x", count: 300))”: the name is too long"),
    ])
    func aFolderThatCannotBeMadeSaysWhy(name: String, reason: String) throws {
        let scratch = try ScratchFolder()
        try scratch.folder("taken")
        let before = try FileManager.default.contentsOfDirectory(atPath: scratch.path)
        let error = #expect(throws: FolderError.self) { try FolderListing.makeFolder(named: name, in: scratch.path, with: LocalFolders()) }
        #expect(error?.description == reason)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == before, "nothing was made")
    }
}
