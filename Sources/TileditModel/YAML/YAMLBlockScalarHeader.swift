/// The first line of a block scalar as written (YAML 1.2 §8.1.1): the
/// style indicator (`|` literal, `>` folded), the chomping indicator, the
/// indentation indicator, and what follows them on the line (spaces and a
/// comment), which an edit keeps.
public struct YAMLBlockScalarHeader: Sendable, Hashable {
    /// What becomes of the final line breaks (YAML 1.2 §8.1.1.2).
    public enum Chomping: Sendable, Hashable {
        /// `-`: no final line break.
        case strip
        /// No indicator: one final line break.
        case clip
        /// `+`: every final line break, empty lines after the text included.
        case keep

        /// The indicator as written (empty for `clip`).
        var indicator: String {
            switch self {
            case .strip: "-"
            case .clip: ""
            case .keep: "+"
            }
        }
    }

    /// `.literal` or `.folded`.
    public var style: YAMLScalar.Style
    public var chomping: Chomping
    /// The indentation indicator (1 to 9), when written: the content's
    /// indentation, in spaces past its parent's.
    public var indentation: Int?
    /// The bytes after the indicators up to the end of the line (spaces
    /// and a comment), as written.
    public var rest: [UInt8]

    public init(style: YAMLScalar.Style, chomping: Chomping, indentation: Int?, rest: [UInt8] = []) {
        self.style = style
        self.chomping = chomping
        self.indentation = indentation
        self.rest = rest
    }

    /// The header of the block scalar whose `|` or `>` is at `offset` in
    /// `bytes`; `nil` when no block scalar header starts there.
    public init?(reading bytes: [UInt8], at offset: Int) {
        guard offset >= 0, offset < bytes.count, bytes[offset] == Byte.pipe || bytes[offset] == 0x3E else { return nil }
        style = bytes[offset] == Byte.pipe ? .literal : .folded
        var chomping: Chomping?
        var indentation: Int?
        var index = offset + 1
        // The two indicators, in either order, each at most once.
        while index < bytes.count {
            let byte = bytes[index]
            if chomping == nil && (byte == 0x2B || byte == Byte.hyphen) {
                chomping = byte == 0x2B ? .keep : .strip
            } else if indentation == nil && byte >= 0x31 && byte <= 0x39 {
                indentation = Int(byte - 0x30)
            } else {
                break
            }
            index += 1
        }
        var end = index
        while end < bytes.count && !LineEnding.isLineBreak(bytes[end]) { end += 1 }
        self.chomping = chomping ?? .clip
        self.indentation = indentation
        rest = Array(bytes[index..<end])
        // After the indicators only spaces, tabs and a comment may follow.
        if let first = rest.first, !Byte.isSpaceOrTab(first) { return nil }
    }

    /// The header as written: style, indentation, chomping, then `rest`.
    public var text: String {
        (style == .folded ? ">" : "|") + (indentation.map(String.init) ?? "") + chomping.indicator + String(decoding: rest, as: UTF8.self)
    }
}
