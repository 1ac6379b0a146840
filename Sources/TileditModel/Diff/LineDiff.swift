/// A line diff between two texts (Myers' O(ND) algorithm, "An O(ND)
/// Difference Algorithm and Its Variations", 1986), after the common first
/// and last lines are set aside.
///
/// Lines are compared with their terminators, so a line that gains or loses
/// its `\n`, or changes from CRLF to LF, differs.
public enum LineDiff {
    /// One step of an edit script, with 0-based line numbers.
    public enum Operation: Sendable, Hashable {
        /// The line is in both texts.
        case equal(old: Int, new: Int)
        /// The old text's line is removed.
        case delete(old: Int)
        /// The new text's line is added.
        case insert(new: Int)

        public var isEqual: Bool {
            if case .equal = self { return true }
            return false
        }
    }

    /// The lines of `bytes`, each with its terminator (`\n`, `\r\n` or a
    /// lone `\r`, as CommonMark reads lines); the last line has none when
    /// the text does not end with a line break.
    public static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || (byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                lines.append(bytes[start...index])
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// A shortest edit script from `old` to `new`, deletions before
    /// insertions where they meet.
    ///
    /// - Parameter maximumDistance: beyond this many inserted and deleted
    ///   lines (between the common first and last lines) the script stops
    ///   looking for a shortest one and replaces the whole differing middle,
    ///   so time and memory stay bounded.
    public static func operations(old: [ArraySlice<UInt8>], new: [ArraySlice<UInt8>], maximumDistance: Int = 4096) -> [Operation] {
        // Lines as numbers: comparing numbers is cheaper than comparing bytes.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        let a = old.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        let b = new.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        return operations(old: a, new: b, maximumDistance: maximumDistance)
    }

    /// A shortest edit script between two sequences of line numbers (equal
    /// numbers are equal lines), as `operations(old:new:maximumDistance:)`
    /// gives for lines: for callers that decide themselves which lines are
    /// equal (the three-way merge compares lines without their terminators).
    public static func operations(old a: [Int], new b: [Int], maximumDistance: Int = 4096) -> [Operation] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }

        var result: [Operation] = (0..<prefix).map { .equal(old: $0, new: $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        let middle = shortestScript(middleA, middleB, maximumDistance: maximumDistance)
            ?? (middleA.indices.map { .delete(old: $0) } + middleB.indices.map { .insert(new: $0) })
        for operation in middle {
            switch operation {
            case .equal(let oldLine, let newLine): result.append(.equal(old: oldLine + prefix, new: newLine + prefix))
            case .delete(let oldLine): result.append(.delete(old: oldLine + prefix))
            case .insert(let newLine): result.append(.insert(new: newLine + prefix))
            }
        }
        for offset in 0..<suffix {
            result.append(.equal(old: a.count - suffix + offset, new: b.count - suffix + offset))
        }
        return result
    }

    /// Myers' greedy forward search with the furthest-reaching points of
    /// every round kept for the walk back; `nil` past `maximumDistance`.
    private static func shortestScript(_ a: [Int], _ b: [Int], maximumDistance: Int) -> [Operation]? {
        let n = a.count
        let m = b.count
        if n == 0 || m == 0 {
            return a.indices.map { .delete(old: $0) } + b.indices.map { .insert(new: $0) }
        }
        let limit = Swift.min(n + m, maximumDistance)
        let offset = limit + 1
        // v[k + offset]: the furthest x reached on diagonal k (x - y == k).
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // rounds[d]: v for diagonals -(d + 1)...(d + 1) before round d.
        var rounds: [[Int]] = []
        var finished = false
        for d in 0...limit {
            rounds.append(Array(v[(offset - d - 1)...(offset + d + 1)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    finished = true
                    break
                }
            }
            if finished { break }
        }
        guard finished else { return nil }

        var script: [Operation] = []
        var x = n
        var y = m
        for d in stride(from: rounds.count - 1, through: 0, by: -1) {
            let round = rounds[d]
            func furthest(_ k: Int) -> Int { round[k + d + 1] }
            let k = x - y
            let previousK = k == -d || (k != d && furthest(k - 1) < furthest(k + 1)) ? k + 1 : k - 1
            let previousX = d == 0 ? 0 : furthest(previousK)
            let previousY = d == 0 ? 0 : previousX - previousK
            while x > previousX && y > previousY {
                x -= 1
                y -= 1
                script.append(.equal(old: x, new: y))
            }
            if d > 0 {
                if x == previousX {
                    script.append(.insert(new: y - 1))
                } else {
                    script.append(.delete(old: x - 1))
                }
            }
            x = previousX
            y = previousY
        }
        return script.reversed()
    }
}
