/// Rewrites only the changed lines of a block scalar (`|` or `>`, any
/// chomping) when its value changes, so the line breaks the user chose
/// for the untouched text stay where they were (YAML 1.2 §8.1.2, §8.1.3).
///
/// The old content lines are read from the source and folded (or joined,
/// for a literal) as YAML does; that must give the old value, else there
/// is no patch. The value's common start and end with the new one mark the
/// changed text; the source lines holding it are written again from the
/// new value (in the writer's folding, `YAMLBlockScalarWriter`) and the
/// whole scalar folded again must give the new value. The final line
/// breaks (chomping) must be the same: when they differ, or anything is
/// unsure (a line of spaces alone, a tab in the indentation, a first line
/// that would start with a space), there is no patch and the caller
/// writes the whole scalar. Offsets are UTF-8 bytes of `bytes`.
enum YAMLBlockScalarPatch {
    /// A content line: its bytes in the source (line break excluded) and
    /// its text past the indentation, `nil` for an empty line.
    private struct Line {
        var range: Range<Int>
        var text: ArraySlice<UInt8>?
    }

    /// Greatest number of content lines read: a patch is a convenience, the
    /// whole-scalar writer takes over past it.
    static let maximumLines = 100_000

    /// The edit writing `new` in place of the block scalar whose token is
    /// `scalarRange` (header through last content line) and whose value is
    /// `old`, touching only the lines that change; `nil` when it cannot be
    /// done exactly (see the type's notes).
    ///
    /// - Parameters:
    ///   - indent: the content's indentation in spaces (from 1).
    ///   - hasIndentationIndicator: whether the header gives the indentation;
    ///     without it a first line starting with a space would change it.
    static func edit(
        _ bytes: [UInt8], scalarRange: Range<Int>, style: YAMLScalar.Style, indent: Int, hasIndentationIndicator: Bool,
        old: String, new: String, lineEnding: LineEnding
    ) -> TextEdit? {
        guard indent >= 1, style == .literal || style == .folded, YAMLBlockScalarWriter.problem(with: new) == nil else { return nil }
        let folded = style == .folded
        let (oldBody, oldBreaks) = body(of: old)
        let (newBody, newBreaks) = body(of: new)
        guard oldBreaks == newBreaks, !oldBody.isEmpty, !newBody.isEmpty, oldBody != newBody else { return nil }
        guard var lines = contentLines(bytes, scalarRange: scalarRange, indent: indent) else { return nil }
        while let last = lines.last, last.text == nil { lines.removeLast() }
        let (oldFolded, spans) = fold(lines.map(\.text), folded: folded)
        guard oldFolded == oldBody else { return nil }
        let textLines = lines.indices.filter { lines[$0].text != nil }
        guard let firstText = textLines.first, let lastText = textLines.last else { return nil }
        // The changed text of the old value: `prefix..<(count - suffix)`.
        var prefix = 0
        let limit = Swift.min(oldBody.count, newBody.count)
        while prefix < limit && oldBody[prefix] == newBody[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < limit - prefix && oldBody[oldBody.count - 1 - suffix] == newBody[newBody.count - 1 - suffix] { suffix += 1 }
        let changedEnd = oldBody.count - suffix
        let first = textLines.last { (spans[$0]?.lowerBound ?? Int.max) <= prefix } ?? firstText
        let last = textLines.first { (spans[$0]?.upperBound ?? -1) >= changedEnd } ?? lastText
        guard first <= last, let firstSpan = spans[first], let lastSpan = spans[last] else { return nil }
        let segmentStart = firstSpan.lowerBound
        let segmentEnd = newBody.count - (oldBody.count - lastSpan.upperBound)
        guard segmentStart <= segmentEnd, segmentEnd <= newBody.count else { return nil }
        let written = unfold(Array(newBody[segmentStart..<segmentEnd]), folded: folded)
        guard !written.isEmpty else { return nil }
        let texts = lines[..<first].map(\.text) + written.map { $0.isEmpty ? nil : ArraySlice($0) } + lines[(last + 1)...].map(\.text)
        guard texts.last.map({ $0 != nil }) == true else { return nil }
        if !hasIndentationIndicator, let opening = texts.first(where: { $0 != nil }) ?? nil, opening.first.map(Byte.isSpaceOrTab) ?? true {
            return nil
        }
        guard fold(texts, folded: folded).value == newBody else { return nil }
        let spaces = [UInt8](repeating: Byte.space, count: indent)
        var replacement: [UInt8] = []
        for (index, line) in written.enumerated() {
            if index > 0 { replacement += lineEnding.bytes }
            if !line.isEmpty { replacement += spaces + line }
        }
        return TextEdit(range: lines[first].range.lowerBound..<lines[last].range.upperBound, replacement: replacement)
    }

    /// The value without its final line breaks, and their number.
    private static func body(of value: String) -> (body: [UInt8], breaks: Int) {
        var bytes = Array(value.utf8)
        var breaks = 0
        while bytes.last == Byte.newline {
            bytes.removeLast()
            breaks += 1
        }
        return (bytes, breaks)
    }

    /// The lines after the header line up to the end of the token, `nil`
    /// when one of them cannot be read for sure.
    private static func contentLines(_ bytes: [UInt8], scalarRange: Range<Int>, indent: Int) -> [Line]? {
        let scanner = YAMLSourceScanner(bytes: bytes)
        let end = Swift.min(scalarRange.upperBound, bytes.count)
        var start = scanner.lineEndIncludingBreak(of: scalarRange.lowerBound)
        var lines: [Line] = []
        while start < end {
            guard lines.count < maximumLines else { return nil }
            let lineEnd = scanner.lineEnd(of: start)
            let line = bytes[start..<lineEnd]
            if line.allSatisfy({ $0 == Byte.space }) && line.count <= indent {
                lines.append(Line(range: start..<lineEnd, text: nil))
            } else {
                guard line.count > indent, line.prefix(indent).allSatisfy({ $0 == Byte.space }) else { return nil }
                let text = line.dropFirst(indent)
                // Spaces alone past the indentation: content or not depends on what follows.
                guard !text.allSatisfy(Byte.isSpaceOrTab) else { return nil }
                lines.append(Line(range: start..<lineEnd, text: text))
            }
            let next = scanner.lineEndIncludingBreak(of: start)
            guard next > start else { break }
            start = next
        }
        return lines
    }

    /// The value YAML reads from content lines (final line breaks aside)
    /// and where each text line's text is in it.
    private static func fold(_ lines: [ArraySlice<UInt8>?], folded: Bool) -> (value: [UInt8], spans: [Range<Int>?]) {
        var value: [UInt8] = []
        var spans: [Range<Int>?] = []
        var previous: ArraySlice<UInt8>?
        var empties = 0
        for line in lines {
            guard let text = line else {
                empties += 1
                spans.append(nil)
                continue
            }
            if let previous {
                let joins = folded && !isMoreIndented(previous) && !isMoreIndented(text)
                if joins && empties == 0 {
                    value.append(Byte.space)
                } else {
                    value += [UInt8](repeating: Byte.newline, count: joins ? empties : empties + 1)
                }
            } else {
                value += [UInt8](repeating: Byte.newline, count: empties)
            }
            spans.append(value.count..<(value.count + text.count))
            value += text
            previous = text
            empties = 0
        }
        return (value, spans)
    }

    /// Lines that fold back into `text` (empty arrays are empty lines).
    private static func unfold(_ text: [UInt8], folded: Bool) -> [[UInt8]] {
        let parts = text.split(separator: Byte.newline, omittingEmptySubsequences: false).map(Array.init)
        guard folded else { return parts }
        var lines: [[UInt8]] = []
        var previous: [UInt8]?
        var empties = 0
        for part in parts {
            if part.isEmpty {
                empties += 1
                continue
            }
            if let previous, !isMoreIndented(previous[...]), !isMoreIndented(part[...]) { empties += 1 }
            lines += [[UInt8]](repeating: [], count: empties) + [part]
            previous = part
            empties = 0
        }
        return lines + [[UInt8]](repeating: [], count: empties)
    }

    private static func isMoreIndented(_ line: ArraySlice<UInt8>) -> Bool {
        line.first.map(Byte.isSpaceOrTab) ?? false
    }
}
