/// One replacement in a file's bytes: the bytes in `range` become
/// `replacement`.
///
/// `range` is measured in UTF-8 bytes from the start of the file (a byte
/// order mark counts). An insertion has an empty range; a deletion has an
/// empty replacement.
public struct TextEdit: Sendable, Hashable {
    /// Byte range replaced, in the coordinates of the text the edit applies to.
    public var range: Range<Int>
    /// The new bytes (UTF-8).
    public var replacement: [UInt8]

    public init(range: Range<Int>, replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    public init(range: Range<Int>, replacement: String) {
        self.init(range: range, replacement: Array(replacement.utf8))
    }

    /// Change in length this edit causes, in bytes.
    public var delta: Int { replacement.count - range.count }

    /// Applies non-overlapping `edits` (any order) to `bytes`.
    ///
    /// - Precondition: ranges lie inside `bytes` and do not overlap.
    public static func apply(_ edits: [TextEdit], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            result.replaceSubrange(edit.range, with: edit.replacement)
        }
        return result
    }

    /// The edits that undo `edits` once they have been applied.
    ///
    /// - Parameters:
    ///   - edits: non-overlapping edits, in the coordinates of `original`.
    ///   - original: a function that returns the original bytes of a range.
    /// - Returns: edits in the coordinates of the edited text that restore
    ///   the original bytes, sorted by position.
    public static func inverses(of edits: [TextEdit], original: (Range<Int>) -> [UInt8]) -> [TextEdit] {
        var shift = 0
        var result: [TextEdit] = []
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            let start = edit.range.lowerBound + shift
            result.append(TextEdit(range: start..<(start + edit.replacement.count), replacement: original(edit.range)))
            shift += edit.delta
        }
        return result
    }
}
