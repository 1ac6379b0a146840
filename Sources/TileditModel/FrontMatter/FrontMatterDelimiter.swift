/// How a line compares with a front-matter delimiter (`---`, `...`, `+++`):
/// exactly the marker, or the marker with characters around it that other
/// tools drop or that do not show (ARCHITECTURE.md, "The Tiledown format":
/// only the exact line is a delimiter; a look-alike gets a warning and a fix).
enum FrontMatterDelimiter {
    /// What a look-alike line holds besides its marker.
    struct Extras: Equatable {
        /// Byte ranges (buffer coordinates, ascending, not touching) that
        /// deleted leave the marker alone on its line; empty when the line
        /// is exactly the marker.
        var ranges: [Range<Int>]
        /// What they are, for a message: `trailing whitespace`,
        /// `U+00A0 NO-BREAK SPACE`, `a comment`, joined with "and".
        var description: String
        /// Whether they are only spaces and tabs after the marker.
        var isTrailingWhitespaceOnly: Bool

        /// Whether the line is exactly the marker.
        var isExact: Bool { ranges.isEmpty }
    }

    /// The extras of `line` around `marker`, or `nil` when the line is not
    /// the marker with only these around it: spaces and tabs before or
    /// after it, characters that do not show or only look like a space
    /// (`YAMLInvisibleCharacters.isSuspicious`: U+00A0, U+200B, U+FEFF, …)
    /// anywhere outside it, and a `#` comment after a space or tab (YAML
    /// allows `--- # comment`). Linear in the line.
    static func extras(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan, marker: StaticString) -> Extras? {
        let length = marker.utf8CodeUnitCount
        var ranges: [Range<Int>] = []
        var kinds: [String] = []
        func add(_ range: Range<Int>, _ kind: String) {
            if let last = ranges.last, last.upperBound == range.lowerBound {
                ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
            } else {
                ranges.append(range)
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        var index = line.start
        // Before the marker: indentation and characters that do not show.
        while index < line.contentEnd {
            if Byte.isSpaceOrTab(buffer[index]) {
                add(index..<(index + 1), "leading whitespace")
                index += 1
            } else if let (scalar, width) = suspiciousScalar(buffer, at: index, end: line.contentEnd) {
                add(index..<(index + width), YAMLInvisibleCharacters.name(scalar))
                index += width
            } else {
                break
            }
        }
        guard index + length <= line.contentEnd, buffer.matches(index..<(index + length), marker) else { return nil }
        index += length
        var onlyTrailingWhitespace = ranges.isEmpty
        var sawSpace = false
        while index < line.contentEnd {
            if Byte.isSpaceOrTab(buffer[index]) {
                add(index..<(index + 1), "trailing whitespace")
                sawSpace = true
                index += 1
            } else if let (scalar, width) = suspiciousScalar(buffer, at: index, end: line.contentEnd) {
                add(index..<(index + width), YAMLInvisibleCharacters.name(scalar))
                onlyTrailingWhitespace = false
                // A no-break space separates a comment as a space does to a reader.
                sawSpace = true
                index += width
            } else if buffer[index] == Byte.hash && sawSpace {
                // The space before a comment is part of it, to a reader.
                if kinds.last == "trailing whitespace" { kinds.removeLast() }
                add(index..<line.contentEnd, "a comment")
                onlyTrailingWhitespace = false
                index = line.contentEnd
            } else {
                return nil
            }
        }
        return Extras(ranges: ranges, description: kinds.joined(separator: " and "), isTrailingWhitespaceOnly: onlyTrailingWhitespace && !ranges.isEmpty)
    }

    /// The extras of `line` for the first of `markers` it looks like.
    static func extras(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan, markers: [StaticString]) -> (marker: StaticString, extras: Extras)? {
        for marker in markers {
            if let found = extras(buffer, line: line, marker: marker) { return (marker, found) }
        }
        return nil
    }

    /// The number of dashes of `line` when it is three or more `-` and
    /// nothing else but trailing spaces and tabs (`----`, a thematic break
    /// to CommonMark), else `nil`. Linear in the line.
    static func dashCount(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan) -> Int? {
        var index = line.start
        while index < line.contentEnd && buffer[index] == Byte.hyphen { index += 1 }
        let count = index - line.start
        guard count >= 3 else { return nil }
        while index < line.contentEnd && Byte.isSpaceOrTab(buffer[index]) { index += 1 }
        return index == line.contentEnd ? count : nil
    }

    /// The scalar starting at `index` and its width in bytes, when it is
    /// one that does not show or only looks like a space.
    private static func suspiciousScalar(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let lead = buffer[index]
        guard lead >= 0xC2 else { return nil }
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= end else { return nil }
        var iterator = buffer[index..<(index + width)].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), YAMLInvisibleCharacters.isSuspicious(scalar) else { return nil }
        return (scalar, width)
    }
}
