import TileditModel

/// Turns a replacement of a whole stretch of text into the smallest set of
/// line replacements that has the same effect (a line diff: longest common
/// subsequence of lines after the common first and last lines are set
/// aside), so an editor applying them moves no cursor and marks no line
/// that did not change.
public enum MinimalEdits {
    /// Above this many line pairs in the differing middle, the middle is replaced whole (time and memory stay bounded).
    public static let maximumCells = 4_000_000

    /// Line edits turning `old` into `new`, in the coordinates of the file
    /// where `old` starts at byte `base`; sorted, not overlapping; empty when equal.
    ///
    /// Lines are compared with their terminators, so a changed line ending is a changed line.
    public static func lineEdits(old: [UInt8], new: [UInt8], base: Int = 0) -> [TextEdit] {
        guard old != new else { return [] }
        let a = lines(of: old)
        let b = lines(of: new)
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        // Pairs of (old line, new line) kept, in order.
        var kept: [(Int, Int)] = []
        if !middleA.isEmpty && !middleB.isEmpty && middleA.count * middleB.count <= maximumCells {
            kept = commonLines(middleA, middleB).map { ($0.0 + prefix, $0.1 + prefix) }
        }
        kept = (0..<prefix).map { ($0, $0) } + kept + (0..<suffix).map { (a.count - suffix + $0, b.count - suffix + $0) }
        kept.append((a.count, b.count))
        var edits: [TextEdit] = []
        var oldLine = 0
        var newLine = 0
        for (keptOld, keptNew) in kept {
            if keptOld > oldLine || keptNew > newLine {
                let start = a.indices.contains(oldLine) ? a[oldLine].startIndex : old.count
                let end = keptOld < a.count ? a[keptOld].startIndex : old.count
                let replacement = b[newLine..<keptNew].flatMap { $0 }
                edits.append(TextEdit(range: (base + start)..<(base + end), replacement: replacement))
            }
            oldLine = keptOld + 1
            newLine = keptNew + 1
        }
        return edits
    }

    /// The lines of `bytes`, each with its terminator (`\n`; a `\r` before it belongs to the line).
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            result.append(bytes[start...index])
            start = index + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// A longest common subsequence of `a` and `b` as index pairs (dynamic programming).
    private static func commonLines(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [(Int, Int)] {
        let width = b.count + 1
        var table = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i * width + j] = a[i] == b[j] ? table[(i + 1) * width + j + 1] + 1 : Swift.max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var result: [(Int, Int)] = []
        var i = 0
        var j = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                result.append((i, j))
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                i += 1
            } else {
                j += 1
            }
        }
        return result
    }
}
