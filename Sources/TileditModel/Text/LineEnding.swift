import Foundation

/// The line terminator a file uses, detected from its first line break.
///
/// CommonMark (section 2.1) and cmark-gfm end a line at `\n`, at `\r\n` and
/// at a `\r` not followed by `\n`; Tiledit reads lines the same way. New text
/// written by an edit follows the file's own convention (ARCHITECTURE.md,
/// "The editing model"): a CRLF file never receives a bare LF, a CR-only file never
/// receives an LF.
public enum LineEnding: String, Sendable, Equatable, Codable {
    /// `\n` (0x0A).
    case lf
    /// `\r\n` (0x0D 0x0A).
    case crlf
    /// `\r` alone (0x0D), as classic Mac OS wrote it.
    case cr

    /// The terminator's bytes.
    public var bytes: [UInt8] {
        switch self {
        case .lf: [0x0A]
        case .crlf: [0x0D, 0x0A]
        case .cr: [0x0D]
        }
    }

    /// The terminator as a string.
    public var string: String {
        switch self {
        case .lf: "\n"
        case .crlf: "\r\n"
        case .cr: "\r"
        }
    }

    /// Detects the convention from the first line break in `bytes`.
    ///
    /// - Returns: `.crlf` when the first line break is `\r\n`, `.cr` when it
    ///   is a `\r` not followed by `\n`, otherwise `.lf` (also for text
    ///   without any line break).
    public static func detect<C: Collection>(in bytes: C) -> LineEnding where C.Element == UInt8, C.Index == Int {
        guard let first = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return .lf }
        if bytes[first] == 0x0A { return .lf }
        let next = first + 1
        return next < bytes.endIndex && bytes[next] == 0x0A ? .crlf : .cr
    }

    /// Whether `byte` ends a line (`\n` or `\r`).
    @inline(__always)
    public static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// Number of lines `bytes` holds past its first: its line breaks, with
    /// `\r\n` counted once.
    public static func lineBreakCount<C: Collection>(in bytes: C) -> Int where C.Element == UInt8 {
        var count = 0
        var previousWasCR = false
        for byte in bytes {
            if byte == 0x0D {
                count += 1
                previousWasCR = true
            } else {
                if byte == 0x0A && !previousWasCR { count += 1 }
                previousWasCR = false
            }
        }
        return count
    }

    /// The lines of `text`, without their line breaks (`\n`, `\r\n` or a
    /// lone `\r`); a final line break gives a last, empty line.
    public static func lines(of text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }

    /// `text` with every line break (`\r\n`, `\r`, `\n`) written as `\n`.
    public static func normalizedToLF(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacingCRLF()
    }

    /// `text` (whose line breaks are `\n`) with every `\n` written as this
    /// line ending.
    public func applied(to text: String) -> String {
        self == .lf ? text : text.replacingOccurrences(of: "\n", with: string)
    }
}
