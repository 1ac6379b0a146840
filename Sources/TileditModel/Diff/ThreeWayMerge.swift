/// A three-way merge by lines, in the manner of `diff3` (ARCHITECTURE.md,
/// "Merging a conflict"): `ours` (the editor's text) and `theirs` (the
/// file as it is on disk now) are each compared with `base` (the text both
/// started from, as loaded or last saved), and the texts are cut into
/// regions at the base lines neither side changed.
///
/// - A region only one side changed takes that side's lines; a region both
///   sides changed the same way takes those lines once. These are applied
///   together, without asking.
/// - A region both sides changed differently is a `MergeConflict`, settled
///   by a `MergeChoice` (`result(choosing:)`). Changes touch when no
///   unchanged base line lies between them, as in `diff3`: an insertion
///   right next to the other side's edit is a conflict.
///
/// Lines end at `\n`, `\r\n` or a lone `\r` and are compared without their
/// terminators, so a side that only changed line endings does not make
/// every line a conflict. The result's byte order mark and line ending are
/// merged like a line: each side's own (its first line break decides) where
/// it kept the base's, else the side that changed it (ours when both did).
/// A line is written with its own terminator when its side uses the
/// result's line ending, else with the result's; so a file's own line
/// ending and mark stay unless a side changed them, and lines nobody
/// touched keep their bytes. A side equal to `base` byte for byte gives
/// the other side exactly.
///
/// Time and memory are those of two `LineDiff`s (bounded by their
/// `maximumDistance`: past it the differing middle is one region).
public struct ThreeWayMerge: Sendable, Hashable {
    /// A stretch of the merged text.
    public enum Region: Sendable, Hashable {
        /// Lines no side changed (taken from ours).
        case unchanged(lineCount: Int)
        /// A change of one side, or the same change of both, taken as is.
        case applied(MergeSide, lineCount: Int)
        /// Both sides changed these lines differently; `index` into `conflicts`.
        case conflict(index: Int)
    }

    /// The regions in text order.
    public private(set) var regions: [Region] = []
    /// The conflicts in text order.
    public private(set) var conflicts: [MergeConflict] = []

    /// Every region's lines: `pieces[i]` holds region `i`'s lines (for a
    /// conflict, none: they are in `conflicts`).
    private var pieces: [[MergeLine]] = []
    /// The result's byte order mark, line ending, and which sides already use that line ending.
    private var hasByteOrderMark = false
    private var lineEnding = LineEnding.lf
    private var oursUsesResultEnding = true
    private var theirsUsesResultEnding = true
    /// The whole result when one side is `base` byte for byte.
    private var shortcut: [UInt8]?

    /// Merges `ours` and `theirs`, both changed from `base` (UTF-8 bytes).
    public init(base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        if ours == theirs {
            shortcut = ours
            if ours != base { regions = [.applied(.both, lineCount: MergeLine.split(ours).lines.count)] }
            return
        }
        if ours == base {
            shortcut = theirs
            regions = [.applied(.theirs, lineCount: MergeLine.split(theirs).lines.count)]
            return
        }
        if theirs == base {
            shortcut = ours
            regions = [.applied(.ours, lineCount: MergeLine.split(ours).lines.count)]
            return
        }
        let baseText = MergeLine.split(base)
        let oursText = MergeLine.split(ours)
        let theirsText = MergeLine.split(theirs)
        hasByteOrderMark = Self.merged(baseText.hasByteOrderMark, oursText.hasByteOrderMark, theirsText.hasByteOrderMark)
        // A text without any line break keeps the base's line ending.
        let baseEnding = baseText.lineEnding ?? oursText.lineEnding ?? theirsText.lineEnding ?? .lf
        let oursEnding = oursText.lineEnding ?? baseEnding
        let theirsEnding = theirsText.lineEnding ?? baseEnding
        lineEnding = Self.merged(baseEnding, oursEnding, theirsEnding)
        oursUsesResultEnding = oursEnding == lineEnding
        theirsUsesResultEnding = theirsEnding == lineEnding
        cut(base: baseText.lines, ours: oursText.lines, theirs: theirsText.lines)
    }

    /// A file-wide property (byte order mark, line ending) merged like a line.
    private static func merged<Value: Equatable>(_ base: Value, _ ours: Value, _ theirs: Value) -> Value {
        ours == base ? theirs : ours
    }

    /// How many regions took a change of each side without asking.
    public var appliedChanges: (ours: Int, theirs: Int) {
        var counts = (ours: 0, theirs: 0)
        for region in regions {
            guard case .applied(let side, _) = region else { continue }
            switch side {
            case .ours: counts.ours += 1
            case .theirs: counts.theirs += 1
            case .both:
                counts.ours += 1
                counts.theirs += 1
            }
        }
        return counts
    }

    /// The merged text with `choices[i]` settling `conflicts[i]`; a
    /// conflict without a choice (fewer choices than conflicts) keeps ours.
    public func result(choosing choices: [MergeChoice]) -> [UInt8] {
        if let shortcut { return shortcut }
        var lines: [(line: MergeLine, side: MergeSide)] = []
        for (index, region) in regions.enumerated() {
            switch region {
            case .unchanged:
                lines += pieces[index].map { ($0, .ours) }
            case .applied(let side, _):
                lines += pieces[index].map { ($0, side) }
            case .conflict(let conflictIndex):
                let conflict = conflicts[conflictIndex]
                let choice = choices.indices.contains(conflictIndex) ? choices[conflictIndex] : .ours
                if choice != .theirs { lines += conflict.oursLines.map { ($0, .ours) } }
                if choice != .ours { lines += conflict.theirsLines.map { ($0, .theirs) } }
            }
        }
        var bytes: [UInt8] = hasByteOrderMark ? [0xEF, 0xBB, 0xBF] : []
        for (position, entry) in lines.enumerated() {
            bytes += entry.line.content
            let isLast = position == lines.count - 1
            guard !(isLast && entry.line.terminator.isEmpty) else { continue }
            let ownEnding = switch entry.side {
            case .ours, .both: oursUsesResultEnding
            case .theirs: theirsUsesResultEnding
            }
            bytes += ownEnding && !entry.line.terminator.isEmpty ? entry.line.terminator : lineEnding.bytes
        }
        return bytes
    }

    /// The merged text when there is no conflict, else `nil`.
    public var resultWithoutConflicts: [UInt8]? { conflicts.isEmpty ? result(choosing: []) : nil }

    // MARK: Cutting into regions

    private mutating func cut(base: [MergeLine], ours: [MergeLine], theirs: [MergeLine]) {
        var numbers: [MergeLine.Key: Int] = [:]
        func number(_ line: MergeLine) -> Int {
            if let known = numbers[line.key] { return known }
            numbers[line.key] = numbers.count
            return numbers.count - 1
        }
        let baseNumbers = base.map(number)
        let oursMatch = Self.matches(baseNumbers, ours.map(number), count: base.count)
        let theirsMatch = Self.matches(baseNumbers, theirs.map(number), count: base.count)

        var i = 0, j = 0, k = 0
        while i < base.count || j < ours.count || k < theirs.count {
            // Lines unchanged on both sides.
            let stableStart = i
            while i < base.count && oursMatch[i] == j && theirsMatch[i] == k {
                i += 1
                j += 1
                k += 1
            }
            if i > stableStart { append(.unchanged(lineCount: i - stableStart), Array(ours[(j - (i - stableStart))..<j])) }
            guard i < base.count || j < ours.count || k < theirs.count else { break }
            // Up to the next base line both sides kept.
            var next = i
            while next < base.count && (oursMatch[next] == nil || theirsMatch[next] == nil) { next += 1 }
            let oursEnd = next < base.count ? oursMatch[next] ?? ours.count : ours.count
            let theirsEnd = next < base.count ? theirsMatch[next] ?? theirs.count : theirs.count
            let baseChunk = Array(base[i..<next])
            let oursChunk = Array(ours[j..<Swift.max(j, oursEnd)])
            let theirsChunk = Array(theirs[k..<Swift.max(k, theirsEnd)])
            let oursChanged = oursChunk.map(\.key) != baseChunk.map(\.key)
            let theirsChanged = theirsChunk.map(\.key) != baseChunk.map(\.key)
            if !oursChanged {
                append(.applied(.theirs, lineCount: theirsChunk.count), theirsChunk)
            } else if !theirsChanged {
                append(.applied(.ours, lineCount: oursChunk.count), oursChunk)
            } else if oursChunk.map(\.key) == theirsChunk.map(\.key) {
                append(.applied(.both, lineCount: oursChunk.count), oursChunk)
            } else {
                conflicts.append(MergeConflict(
                    baseLines: baseChunk, oursLines: oursChunk, theirsLines: theirsChunk,
                    baseStart: i + 1, oursStart: j + 1, theirsStart: k + 1))
                append(.conflict(index: conflicts.count - 1), [])
            }
            i = next
            j = Swift.max(j, oursEnd)
            k = Swift.max(k, theirsEnd)
        }
    }

    private mutating func append(_ region: Region, _ lines: [MergeLine]) {
        regions.append(region)
        pieces.append(lines)
    }

    /// For each base line, the line of `other` it is kept as (`nil` when
    /// the other side changed or removed it).
    private static func matches(_ base: [Int], _ other: [Int], count: Int) -> [Int?] {
        var result = [Int?](repeating: nil, count: count)
        for operation in LineDiff.operations(old: base, new: other) {
            if case .equal(let old, let new) = operation, old < count { result[old] = new }
        }
        return result
    }
}
