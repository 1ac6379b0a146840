/// Edit distance between short words (keys, allowed values), to
/// suggest the word a typo meant.
enum EditDistance {
    /// Words longer than this are not compared (suggestions are for typos in keys).
    static let maximumLength = 64

    /// The number of single-character insertions, deletions, substitutions
    /// and swaps of two neighbors (the optimal string alignment distance;
    /// Unicode scalars, case ignored) that turn `a` into `b`; `nil` when
    /// either is longer than `maximumLength`.
    static func distance(_ a: String, _ b: String) -> Int? {
        let left = Array(a.lowercased().unicodeScalars)
        let right = Array(b.lowercased().unicodeScalars)
        guard left.count <= maximumLength, right.count <= maximumLength else { return nil }
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        let width = right.count + 1
        // table[i * width + j]: distance between left's first i and right's first j scalars.
        var table = [Int](repeating: 0, count: (left.count + 1) * width)
        for i in 0...left.count { table[i * width] = i }
        for j in 0...right.count { table[j] = j }
        for i in 1...left.count {
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var best = Swift.min(table[(i - 1) * width + j] + 1, table[i * width + j - 1] + 1, table[(i - 1) * width + j - 1] + cost)
                if i > 1 && j > 1 && left[i - 1] == right[j - 2] && left[i - 2] == right[j - 1] {
                    best = Swift.min(best, table[(i - 2) * width + j - 2] + 1)
                }
                table[i * width + j] = best
            }
        }
        return table[left.count * width + right.count]
    }

    /// The candidate nearest to `word`, when it is near enough to be a typo:
    /// at most a third of the word's length away (at least 1, at most 3).
    /// Ties go to the earlier candidate.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = Swift.min(3, Swift.max(1, word.unicodeScalars.count / 3))
        var best: (word: String, distance: Int)?
        for candidate in candidates where candidate != word {
            guard let distance = distance(word, candidate), distance <= limit else { continue }
            if let current = best, current.distance <= distance { continue }
            best = (candidate, distance)
        }
        return best?.word
    }
}
