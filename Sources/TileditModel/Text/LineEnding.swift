/// The line terminator a file uses, detected from its first line break.
///
/// New text written by an edit follows the file's own convention
/// (DESIGN.md section 3): a CRLF file never receives a bare LF.
public enum LineEnding: String, Sendable, Equatable, Codable {
    /// `\n` (0x0A).
    case lf
    /// `\r\n` (0x0D 0x0A).
    case crlf

    /// The terminator's bytes.
    public var bytes: [UInt8] { self == .lf ? [0x0A] : [0x0D, 0x0A] }

    /// The terminator as a string.
    public var string: String { self == .lf ? "\n" : "\r\n" }

    /// Detects the convention from the first line break in `bytes`.
    ///
    /// - Returns: `.crlf` when the first `\n` is preceded by `\r`, otherwise
    ///   `.lf` (also for text without any line break).
    public static func detect<C: Collection>(in bytes: C) -> LineEnding where C.Element == UInt8, C.Index == Int {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return .lf }
        return newline > bytes.startIndex && bytes[newline - 1] == 0x0D ? .crlf : .lf
    }
}
