import Foundation

/// Writes diagnostics to standard error, prefixed with the program name.
///
/// SDL_Log is variadic and does not import into Swift; this is the one place that prints.
public enum Log {
    public static func error(_ message: String) {
        write("meshpad: \(message)\n")
    }

    public static func notice(_ message: String) {
        write("meshpad: \(message)\n")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
