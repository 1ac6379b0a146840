/// How an editor shows a scalar for typing, and how what is typed becomes
/// its value again: a block scalar's final line break belongs to its
/// chomping (clip or keep) rather than to the text, as a Markdown block
/// keeps its own line ending, so it is not shown and is added back.
public struct YAMLEditableText: Sendable, Hashable {
    /// The text shown for typing.
    public var text: String
    /// Whether the value's final line break is the block scalar's own: it
    /// is not in `text` and `value(of:)` adds it back.
    public var keepsFinalLineBreak: Bool
    /// Whether the value is typed on several lines: a block scalar, a
    /// value holding a line break, or a scalar written over several lines.
    public var isMultiline: Bool

    public init(text: String, keepsFinalLineBreak: Bool = false, isMultiline: Bool = false) {
        self.text = text
        self.keepsFinalLineBreak = keepsFinalLineBreak
        self.isMultiline = isMultiline
    }

    /// The value `typed` stands for: `typed`, with the block scalar's final
    /// line break when it keeps one.
    public func value(of typed: String) -> String {
        keepsFinalLineBreak ? typed + "\n" : typed
    }
}

extension YAMLFileDocument {
    /// How `scalar` (a scalar of this file, range in its bytes) is typed
    /// into (see `YAMLEditableText`). Values of Tiledown's flat lines are
    /// one line.
    public func editableText(of scalar: YAMLScalar) -> YAMLEditableText {
        guard dialect == .yaml else { return YAMLEditableText(text: scalar.value) }
        if scalar.isBlock {
            let header = YAMLBlockScalarHeader(reading: bytes, at: scalar.range.lowerBound)
            let owned = header.map { $0.chomping != .strip } ?? false && scalar.value.utf8.last == Byte.newline
            // The last scalar is the line break (a `\r\n` would be one `Character`).
            let text = owned ? String(String.UnicodeScalarView(scalar.value.unicodeScalars.dropLast())) : scalar.value
            return YAMLEditableText(text: text, keepsFinalLineBreak: owned, isMultiline: true)
        }
        let lower = Swift.min(Swift.max(scalar.range.lowerBound, 0), bytes.count)
        let upper = Swift.min(Swift.max(scalar.range.upperBound, lower), bytes.count)
        let spansLines = bytes[lower..<upper].contains(where: LineEnding.isLineBreak)
        let breaks = scalar.value.utf8.contains(Byte.newline) || scalar.value.utf8.contains(Byte.carriageReturn)
        return YAMLEditableText(text: scalar.value, isMultiline: spansLines || breaks)
    }
}
