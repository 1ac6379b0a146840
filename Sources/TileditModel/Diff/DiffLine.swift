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

    /// The line as a unified diff writes it: marker, the line's text with
    /// what a terminal would act on escaped (`VisibleText`, TABs kept, as
    /// every text output of the commands shows what comes from a file),
    /// then its line break as in the file (a CR just before the LF cannot
    /// move what is shown; a lone CR, which could, is followed by an LF
    /// so it takes a line of the diff), and `\ No newline at end of file`
    /// after a last line without one.
    public var diffText: String {
        let text = kind.marker + VisibleText.escaped(self.text, keepingTabs: true)
        if bytes.last == 0x0A { return text + (bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D ? "\r\n" : "\n") }
        return bytes.last == 0x0D ? text + "\r\n" : text + "\n\\ No newline at end of file\n"
    }
}
