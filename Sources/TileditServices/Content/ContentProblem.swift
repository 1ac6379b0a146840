import TileditModel

/// Why a file's bytes cannot be opened as text (ARCHITECTURE.md, "Safety": the
/// editor never writes bytes it did not understand).
public enum ContentProblem: Sendable, Hashable {
    /// The file is larger than the limit (bytes).
    case tooLarge(size: Int, limit: Int)
    /// A NUL byte at `offset` (bytes from the start of the file) within the
    /// first `ContentCheck.binaryProbeLength` bytes, which is at `location`
    /// (line from 1, column in Unicode scalars from 1).
    case binary(offset: Int, location: SourceLocation)
    /// The bytes are not UTF-8: the first bad sequence starts at `offset`
    /// (bytes from the start of the file), which is at `location` (line from
    /// 1, column in Unicode scalars from 1).
    case invalidUTF8(offset: Int, location: SourceLocation)
    /// The file could not be read at all (permissions, an I/O error).
    case unreadable(reason: String)

    /// A sentence naming `path` and saying what is wrong and what to do.
    public func message(path: String) -> String {
        switch self {
        case .tooLarge(let size, let limit):
            "\(path) is \(Self.megabytes(size)) MB; Tiledit opens files up to \(Self.megabytes(limit)) MB. Split the file or edit it in another program."
        case .binary(let offset, let location):
            "\(path) looks like a binary file (a NUL byte at line \(location.line), column \(location.column), byte \(offset)); Tiledit edits only text files."
        case .invalidUTF8(let offset, let location):
            "\(path) is not valid UTF-8 at line \(location.line), column \(location.column) (byte \(offset)); convert the file to UTF-8 to edit it."
        case .unreadable(let reason):
            "\(path) cannot be read: \(reason)."
        }
    }

    /// A short phrase for lists ("binary", "not UTF-8", …).
    public var shortDescription: String {
        switch self {
        case .tooLarge: "too large"
        case .binary: "binary"
        case .invalidUTF8: "not UTF-8"
        case .unreadable: "unreadable"
        }
    }

    private static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + 512 * 1024) / (1024 * 1024)
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
