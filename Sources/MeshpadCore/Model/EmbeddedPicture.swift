import Foundation

/// A picture file's bytes kept inside the map, so a `.meshpad` moved or mailed without its
/// pictures still shows them.
///
/// A map keeps them by the path its nodes give (`Document.embeddedPictures`), beside the path,
/// never instead of it: a picture found on disk is shown and saved from there; the bytes are
/// shown only when the path leads nowhere. The core never decodes them; the platform's picture
/// cache does, as it decodes files.
public struct EmbeddedPicture: Equatable, Sendable {
    /// The file's own name when it was read (`cat.png`): its extension tells SDL2_image the
    /// format of pictures without a signature (TGA), and it is the name the picture is written
    /// out under when a map that names pictures by path (`.mm`) is saved without the file.
    public let name: String
    /// The file's bytes, as they were on disk.
    public let bytes: Data

    /// `name` must be a plain file name (`isFileName`); the format refuses any other.
    public init(name: String, bytes: Data) {
        self.name = name
        self.bytes = bytes
    }

    /// The file's extension in capitals (`PNG`, `TGA`): the type SDL2_image is told.
    public var typeHint: String { (name as NSString).pathExtension.uppercased() }

    /// A name that can only be a file in one folder: no `/`, not `.` or `..`, no NUL, at most
    /// 255 bytes. A doctored map must not make Meshpad write a picture anywhere else.
    public static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.count <= 255
            && !name.utf8.contains(UInt8(ascii: "/")) && !name.utf8.contains(0)
    }
}
