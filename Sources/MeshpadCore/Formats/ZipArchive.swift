import CZip
import Foundation

/// A ZIP archive held in memory, read and written through libzip, with the limits a file from
/// anywhere needs.
///
/// Reading takes every entry at once (an XMind file is a few small entries and its pictures), so
/// a hostile archive is refused whole before any of it is used: an entry name that climbs out
/// (`../`) or starts at the root, more entries than a map has, or more inflated bytes than
/// `Limits.inflatedBytes` — counted as the bytes come out, never trusted from the archive's own
/// header, which a ZIP bomb lies in. Nothing is ever extracted to disk.
public struct ZipArchive: Sendable {
    /// How much an archive may hold once inflated.
    public struct Limits: Sendable {
        public var entries: Int
        public var inflatedBytes: Int

        public init(entries: Int = 20_000, inflatedBytes: Int = 512 << 20) {
            self.entries = entries
            self.inflatedBytes = inflatedBytes
        }
    }

    /// Entry names in the archive's order (directories left out).
    public let names: [String]
    private let contents: [String: Data]

    public init(entries: [(name: String, data: Data)]) {
        names = entries.map(\.name)
        contents = Dictionary(entries.map { ($0.name, $0.data) }, uniquingKeysWith: { first, _ in first })
    }

    /// The bytes of the entry `name`, if the archive has it.
    public func data(_ name: String) -> Data? { contents[name] }

    /// Whether `data` starts as a ZIP archive does (a local file header, or an empty archive's end record).
    public static func looksLikeZip(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(4))
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// Reads a whole archive. `format` names the file's kind in errors ("XMind").
    public static func read(_ data: Data, format: String, limits: Limits = Limits()) throws(FormatError) -> ZipArchive {
        func refuse(_ detail: String) -> FormatError {
            FormatError(format: format, reason: .malformed(line: 0, column: 0, detail: detail))
        }
        guard data.count > 0 else { throw refuse("the file is empty, not a ZIP archive") }
        // libzip reads from its own copy: the source must outlive the archive, and Data's storage
        // cannot be lent past a closure.
        guard let buffer = malloc(data.count) else { throw refuse("no memory to read it") }
        data.withUnsafeBytes { raw in
            if let base = raw.baseAddress { memcpy(buffer, base, data.count) }
        }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // freep = 1: the source frees the copy when it is done with it.
        guard let source = zip_source_buffer_create(buffer, zip_uint64_t(data.count), 1, &error) else {
            free(buffer)
            throw refuse("cannot read the archive (\(message(&error)))")
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
            zip_source_free(source)
            // A file cut short has lost the directory at its end, so libzip sees no archive at all.
            throw refuse("not a ZIP archive, or one damaged or cut short (libzip: \(message(&error)))")
        }
        defer { zip_discard(archive) }
        let count = zip_get_num_entries(archive, 0)
        guard count >= 0 else { throw refuse("not a readable ZIP archive") }
        guard count <= Int64(limits.entries) else {
            throw refuse("refused: \(count) entries is over the limit of \(limits.entries)")
        }
        var entries: [(name: String, data: Data)] = []
        var total = 0
        for index in 0..<zip_uint64_t(count) {
            guard let rawName = zip_get_name(archive, index, zip_flags_t(ZIP_FL_ENC_GUESS)) else {
                throw refuse("entry \(index) has no readable name")
            }
            let name = String(cString: rawName)
            if name.hasSuffix("/") { continue }
            guard isSafe(name) else {
                throw refuse("refused: the entry name “\(name)” points outside the archive")
            }
            guard let file = zip_fopen_index(archive, index, 0) else {
                throw refuse("cannot open the entry “\(name)”: \(String(cString: zip_strerror(archive)))")
            }
            defer { zip_fclose(file) }
            var bytes = Data()
            var chunk = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let got = chunk.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress, zip_uint64_t($0.count)) }
                if got < 0 {
                    throw refuse("the entry “\(name)” is damaged or cut short: \(String(cString: zip_file_strerror(file)))")
                }
                if got == 0 { break }
                total += Int(got)
                guard total <= limits.inflatedBytes else {
                    throw refuse("refused: it inflates to more than \(limits.inflatedBytes >> 20) MiB (a ZIP bomb, or not a map)")
                }
                bytes.append(contentsOf: chunk[0..<Int(got)])
            }
            entries.append((name, bytes))
        }
        return ZipArchive(entries: entries)
    }

    /// An archive of `entries`, in that order, deflated (a name ending in `.png`, `.jpg` or
    /// `.jpeg` is stored as it is: it would not shrink).
    public static func write(_ entries: [(name: String, data: Data)], format: String) throws(FormatError) -> Data {
        func failed(_ detail: String) -> FormatError {
            FormatError(format: format, reason: .unwritable(detail: detail))
        }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let target = zip_source_buffer_create(nil, 0, 0, &error) else {
            throw failed("cannot make an archive (\(message(&error)))")
        }
        guard let archive = zip_open_from_source(target, ZIP_TRUNCATE, &error) else {
            zip_source_free(target)
            throw failed("cannot make an archive (\(message(&error)))")
        }
        // Kept past zip_close, which would otherwise free it with the archive: the bytes are read from it.
        zip_source_keep(target)
        defer { zip_source_free(target) }
        for entry in entries {
            guard let copy = malloc(max(1, entry.data.count)) else {
                zip_discard(archive)
                throw failed("no memory for “\(entry.name)”")
            }
            entry.data.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(copy, base, entry.data.count) }
            }
            guard let source = zip_source_buffer(archive, copy, zip_uint64_t(entry.data.count), 1) else {
                free(copy)
                zip_discard(archive)
                throw failed("cannot add “\(entry.name)”")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE))
            guard index >= 0 else {
                zip_source_free(source)
                let detail = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw failed("cannot add “\(entry.name)”: \(detail)")
            }
            let lower = entry.name.lowercased()
            if lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
                zip_set_file_compression(archive, zip_uint64_t(index), ZIP_CM_STORE, 0)
            }
        }
        guard zip_close(archive) == 0 else {
            let detail = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw failed(detail)
        }
        guard zip_source_open(target) == 0 else { throw failed("cannot read the archive back") }
        defer { zip_source_close(target) }
        var out = Data()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let got = chunk.withUnsafeMutableBytes { zip_source_read(target, $0.baseAddress, zip_uint64_t($0.count)) }
            if got < 0 { throw failed("cannot read the archive back") }
            if got == 0 { break }
            out.append(contentsOf: chunk[0..<Int(got)])
        }
        return out
    }

    /// A relative name that stays inside the archive: no root, drive or `..` step.
    static func isSafe(_ name: String) -> Bool {
        if name.isEmpty || name.hasPrefix("/") || name.hasPrefix("\\") { return false }
        if name.count >= 2, name.dropFirst().first == ":" { return false }
        let steps = name.split(whereSeparator: { $0 == "/" || $0 == "\\" })
        return !steps.contains("..") && !name.contains("\0")
    }

    private static func message(_ error: inout zip_error_t) -> String {
        guard let text = zip_error_strerror(&error) else { return "unknown error" }
        return String(cString: text)
    }
}
