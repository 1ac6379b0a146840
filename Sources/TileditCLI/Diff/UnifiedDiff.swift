import TileditModel

/// Unified diff text (the format of `diff -u` and `git diff`): a `--- a/path`
/// and `+++ b/path` header, then hunks `@@ -start,count +start,count @@`
/// with changed lines (`-`, `+`) and up to `context` unchanged lines (` `)
/// around them; hunks whose context would touch or overlap are joined.
///
/// Line numbers count from 1; a hunk that holds no line of one side gives
/// that side's start as the line before it (`-0,0` for an empty old text).
/// A last line without a line break is followed by
/// `\ No newline at end of file`.
enum UnifiedDiff {
    /// The diff from `old` to `new`, or `""` when they are the same.
    static func render(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let oldLines = LineDiff.lines(of: old)
        let newLines = LineDiff.lines(of: new)
        let operations = LineDiff.operations(old: oldLines, new: newLines)
        let changes = operations.indices.filter { !operations[$0].isEqual }
        guard let firstChange = changes.first else { return "" }

        var hunks: [Range<Int>] = []
        var start = Swift.max(0, firstChange - context)
        var lastChange = firstChange
        for change in changes.dropFirst() {
            if change - lastChange - 1 <= 2 * context {
                lastChange = change
            } else {
                hunks.append(start..<Swift.min(operations.count, lastChange + 1 + context))
                start = change - context
                lastChange = change
            }
        }
        hunks.append(start..<Swift.min(operations.count, lastChange + 1 + context))

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

        // `a/` and `b/` prefix the path as git does; an absolute path keeps one slash.
        // The path shown escaped (`VisibleText`): a line break in it cannot fake a header line.
        let relative = VisibleText.escaped(path.hasPrefix("/") ? String(path.dropFirst()) : path)
        var text = "--- a/\(relative)\n+++ b/\(relative)\n"
        for hunk in hunks {
            var body = ""
            var oldLength = 0
            var newLength = 0
            for operation in operations[hunk] {
                switch operation {
                case .equal(let line, _):
                    body += diffLine(" ", oldLines[line])
                    oldLength += 1
                    newLength += 1
                case .delete(let line):
                    body += diffLine("-", oldLines[line])
                    oldLength += 1
                case .insert(let line):
                    body += diffLine("+", newLines[line])
                    newLength += 1
                }
            }
            let oldStart = oldBefore[hunk.lowerBound] + (oldLength > 0 ? 1 : 0)
            let newStart = newBefore[hunk.lowerBound] + (newLength > 0 ? 1 : 0)
            text += "@@ -\(oldStart),\(oldLength) +\(newStart),\(newLength) @@\n" + body
        }
        return text
    }

    private static func diffLine(_ marker: String, _ line: ArraySlice<UInt8>) -> String {
        let text = marker + String(decoding: line, as: UTF8.self)
        if line.last == 0x0A { return text }
        // A line ended by a lone CR still takes a line of the diff.
        return line.last == 0x0D ? text + "\n" : text + "\n\\ No newline at end of file\n"
    }
}
