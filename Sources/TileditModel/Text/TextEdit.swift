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

    /// Applies non-overlapping `edits` (any order) to `bytes` in place: an
    /// array no other copy shares is not copied, only the bytes after each
    /// edit moved (and the array grown when it has no room).
    ///
    /// - Precondition: ranges lie inside `bytes` and do not overlap.
    public static func splice(_ edits: [TextEdit], into bytes: inout [UInt8]) {
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: edit.replacement)
        }
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

    /// The one edit that turns `old` into `new`: the bytes between their
    /// common start and common end (kept whole: neither inside a UTF-8
    /// sequence nor between the `\r` and `\n` of a line break); `nil`
    /// when they are the same.
    public static func difference(from old: [UInt8], to new: [UInt8]) -> TextEdit? {
        guard old != new else { return nil }
        var prefix = 0
        let shorter = Swift.min(old.count, new.count)
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0 && (isContinuation(old, prefix) || isContinuation(new, prefix) || splitsLineBreak(old, prefix) || splitsLineBreak(new, prefix)) {
            prefix -= 1
        }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        while suffix > 0 && (isContinuation(old, old.count - suffix) || isContinuation(new, new.count - suffix)
            || splitsLineBreak(old, old.count - suffix) || splitsLineBreak(new, new.count - suffix)) {
            suffix -= 1
        }
        return TextEdit(range: prefix..<(old.count - suffix), replacement: Array(new[prefix..<(new.count - suffix)]))
    }

    /// Whether the byte at `index` continues a UTF-8 sequence (a cut there splits it).
    private static func isContinuation(_ bytes: [UInt8], _ index: Int) -> Bool {
        index < bytes.count && bytes[index] & 0xC0 == 0x80
    }

    /// Whether a cut at `index` falls between a `\r` and its `\n`.
    private static func splitsLineBreak(_ bytes: [UInt8], _ index: Int) -> Bool {
        index > 0 && index < bytes.count && bytes[index - 1] == 0x0D && bytes[index] == 0x0A
    }
}
