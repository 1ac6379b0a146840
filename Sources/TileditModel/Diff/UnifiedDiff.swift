/// Unified diff text (the format of `diff -u` and `git diff`): a `--- a/path`
/// and `+++ b/path` header, then hunks `@@ -start,count +start,count @@`
/// with changed lines (`-`, `+`) and up to `context` unchanged lines (` `)
/// around them; hunks whose context would touch or overlap are joined.
///
/// Line numbers count from 1; a hunk that holds no line of one side gives
/// that side's start as the line before it (`-0,0` for an empty old text).
/// A last line without a line break is followed by
/// `\ No newline at end of file`.
///
/// `hunks(old:new:context:)` gives the same diff as values, for screens that
/// draw removed and added lines in their own colors; `render` writes them
/// as text (the commands' `--check` and `--dry-run`).
public enum UnifiedDiff {
    /// The diff from `old` to `new`, or `""` when they are the same.
    ///
    /// - Parameters:
    ///   - path: the file's path for the header (shown escaped, see
    ///     `VisibleText`, so a line break in a name cannot fake a line).
    ///   - context: unchanged lines kept around each change.
    public static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let hunks = hunks(old: old, new: new, context: context)
        guard !hunks.isEmpty else { return "" }
        // `a/` and `b/` prefix the path as git does; an absolute path keeps one slash.
        let relative = VisibleText.escaped(path.hasPrefix("/") ? String(path.dropFirst()) : path)
        var text = "--- a/\(relative)\n+++ b/\(relative)\n"
        for hunk in hunks {
            text += hunk.header + "\n"
            for line in hunk.lines { text += line.diffText }
        }
        return text
    }

    /// The hunks of the diff from `old` to `new`, in order; empty when the
    /// texts are the same. Lines are compared with their terminators (see
    /// `LineDiff`).
    public static func hunks(old: [UInt8], new: [UInt8], context: Int = 3) -> [DiffHunk] {
        let context = Swift.max(0, context)
        let oldLines = LineDiff.lines(of: old)
        let newLines = LineDiff.lines(of: new)
        let operations = LineDiff.operations(old: oldLines, new: newLines)
        let changes = operations.indices.filter { !operations[$0].isEqual }
        guard let firstChange = changes.first else { return [] }

        var ranges: [Range<Int>] = []
        var start = Swift.max(0, firstChange - context)
        var lastChange = firstChange
        for change in changes.dropFirst() {
            if change - lastChange - 1 <= 2 * context {
                lastChange = change
            } else {
                ranges.append(start..<Swift.min(operations.count, lastChange + 1 + context))
                start = change - context
                lastChange = change
            }
        }
        ranges.append(start..<Swift.min(operations.count, lastChange + 1 + context))

        // Lines of each side before each operation.
        var oldBefore: [Int] = []
        var newBefore: [Int] = []
        var oldCount = 0
        var newCount = 0
        for operation in operations {
            oldBefore.append(oldCount)
            newBefore.append(newCount)
            switch operation {
            case .equal:
                oldCount += 1
                newCount += 1
            case .delete: oldCount += 1
            case .insert: newCount += 1
            }
        }

        return ranges.map { range in
            var lines: [DiffLine] = []
            var oldLength = 0
            var newLength = 0
            for operation in operations[range] {
                switch operation {
                case .equal(let old, let new):
                    lines.append(DiffLine(.context, oldLines[old], oldLine: old + 1, newLine: new + 1))
                    oldLength += 1
                    newLength += 1
                case .delete(let old):
                    lines.append(DiffLine(.removed, oldLines[old], oldLine: old + 1, newLine: nil))
                    oldLength += 1
                case .insert(let new):
                    lines.append(DiffLine(.added, newLines[new], oldLine: nil, newLine: new + 1))
                    newLength += 1
                }
            }
            return DiffHunk(
                oldStart: oldBefore[range.lowerBound] + (oldLength > 0 ? 1 : 0), oldCount: oldLength,
                newStart: newBefore[range.lowerBound] + (newLength > 0 ? 1 : 0), newCount: newLength, lines: lines)
        }
    }
}
