/// One line of a text being merged: its bytes without the terminator, and
/// the terminator as written (`\n`, `\r\n`, `\r`, or empty for a last line
/// without a line break).
public struct MergeLine: Sendable, Hashable {
    /// The line's bytes, without the terminator.
    public var content: [UInt8]
    /// The terminator as written; empty only for a last line without one.
    public var terminator: [UInt8]

    public init(content: [UInt8], terminator: [UInt8]) {
        self.content = content
        self.terminator = terminator
    }

    /// The line as text (bytes that are not UTF-8 shown as U+FFFD).
    public var text: String { String(decoding: content, as: UTF8.self) }

    /// What decides whether two lines are the same: the content, and
    /// whether the line ends the text without a line break (so adding a
    /// final line break is a change), not which terminator it has.
    struct Key: Hashable {
        var content: [UInt8]
        var isUnterminated: Bool
    }

    var key: Key { Key(content: content, isUnterminated: terminator.isEmpty) }

    /// A text cut into lines: whether it starts with a UTF-8 byte order
    /// mark (not part of the first line), its line ending (from its first
    /// line break; `nil` without any) and its lines.
    struct SplitText {
        var hasByteOrderMark: Bool
        var lineEnding: LineEnding?
        var lines: [MergeLine]
    }

    /// `bytes` cut into lines at `\n`, `\r\n` and lone `\r`.
    static func split(_ bytes: [UInt8]) -> SplitText {
        let hasMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        let start = hasMark ? 3 : 0
        var lines: [MergeLine] = []
        var lineStart = start
        var index = start
        var ending: LineEnding?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                let isPair = byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A
                let end = index + (isPair ? 2 : 1)
                if ending == nil { ending = isPair ? .crlf : (byte == 0x0A ? .lf : .cr) }
                lines.append(MergeLine(content: Array(bytes[lineStart..<index]), terminator: Array(bytes[index..<end])))
                lineStart = end
                index = end
            } else {
                index += 1
            }
        }
        if lineStart < bytes.count { lines.append(MergeLine(content: Array(bytes[lineStart...]), terminator: [])) }
        return SplitText(hasByteOrderMark: hasMark, lineEnding: ending, lines: lines)
    }
}
