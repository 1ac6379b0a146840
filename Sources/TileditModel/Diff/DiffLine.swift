/// One line of a diff hunk.
public struct DiffLine: Sendable, Hashable {
    /// Whether the line is on both sides, only the old one or only the new one.
    public enum Kind: Sendable, Hashable {
        case context, removed, added

        /// The marker a unified diff writes before the line (` `, `-`, `+`).
        public var marker: String {
            switch self {
            case .context: " "
            case .removed: "-"
            case .added: "+"
            }
        }
    }

    /// On both sides, or only the old or the new one.
    public var kind: Kind
    /// The line's bytes with its terminator, as in the file.
    public var bytes: [UInt8]
    /// Its number on the old side (from 1), `nil` for an added line.
    public var oldLine: Int?
    /// Its number on the new side (from 1), `nil` for a removed line.
    public var newLine: Int?

    public init(_ kind: Kind, _ bytes: ArraySlice<UInt8>, oldLine: Int?, newLine: Int?) {
        self.kind = kind
        self.bytes = Array(bytes)
        self.oldLine = oldLine
        self.newLine = newLine
    }

    /// The line's text without its terminator (bytes that are not UTF-8
    /// shown as U+FFFD).
    public var text: String {
        var end = bytes.count
        if end > 0 && bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0 && bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// Whether the line has no terminator (the file's last line without a line break).
    public var endsWithoutLineBreak: Bool { !(bytes.last.map(LineEnding.isLineBreak) ?? false) }

    /// The line as a unified diff writes it: marker, bytes, and
    /// `\ No newline at end of file` after a last line without a break.
    public var diffText: String {
        let text = kind.marker + String(decoding: bytes, as: UTF8.self)
        if bytes.last == 0x0A { return text }
        // A line ended by a lone CR still takes a line of the diff.
        return bytes.last == 0x0D ? text + "\n" : text + "\n\\ No newline at end of file\n"
    }
}
