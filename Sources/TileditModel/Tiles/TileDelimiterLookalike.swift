/// A line that would open or close a tile but for characters that do not
/// show or only look like a space (U+00A0 after `callout`, U+200B before
/// `:::`; `YAMLInvisibleCharacters.isSuspicious`): Tiledit reads it as
/// written (not a tile line, or a tile of another type), so it says why,
/// with a fix that removes them (one that looks like a space becomes a space).
enum TileDelimiterLookalike {
    /// The warning for `line` (buffer coordinates), or `nil` when the line
    /// reads the same without those characters. Constant work for a line
    /// that starts with neither `:` nor such a character; linear otherwise.
    static func diagnostic(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan, trimmed: Range<Int>) -> BlockDiagnostic? {
        guard !trimmed.isEmpty else { return nil }
        let lead = buffer[trimmed.lowerBound]
        if lead == Byte.colon, let extra = extraColons(buffer, line: line, trimmed: trimmed) { return extra }
        if lead == Byte.colon {
            guard buffer[trimmed].contains(where: { $0 >= 0x80 }) else { return nil }
        } else {
            guard lead >= 0xC2, let (scalar, _) = scalar(buffer, at: trimmed.lowerBound, end: trimmed.upperBound),
                  YAMLInvisibleCharacters.isSuspicious(scalar) else { return nil }
        }
        var cleaned: [UInt8] = []
        var edits: [TextEdit] = []
        var names: [String] = []
        var index = trimmed.lowerBound
        while index < trimmed.upperBound {
            if buffer[index] >= 0xC2, let (scalar, width) = scalar(buffer, at: index, end: trimmed.upperBound),
               YAMLInvisibleCharacters.isSuspicious(scalar) {
                let replacement: [UInt8] = YAMLInvisibleCharacters.kind(scalar) == .space ? [Byte.space] : []
                cleaned += replacement
                edits.append(TextEdit(range: index..<(index + width), replacement: replacement))
                let name = YAMLInvisibleCharacters.name(scalar)
                if !names.contains(name) { names.append(name) }
                index += width
            } else {
                cleaned.append(buffer[index])
                index += 1
            }
        }
        guard !edits.isEmpty else { return nil }
        let meant: String? = cleaned.withUnsafeBufferPointer { clean in
            let span = clean.trimmed(LineSpan(start: 0, contentEnd: clean.count, end: clean.count))
            if TileParser.isClosing(clean, trimmed: span) { return ":::" }
            guard let opening = TileParser.opening(clean, trimmed: span) else { return nil }
            return opening == TileParser.opening(buffer, trimmed: trimmed) ? nil : clean.string(span)
        }
        guard let meant else { return nil }
        return BlockDiagnostic(
            .warning, .tileDelimiterLookalike,
            "this line looks like `\(meant)` but holds \(names.joined(separator: " and ")) (it does not show or only looks like a space), so it is not read as `\(meant)`",
            range: trimmed.lowerBound..<line.contentEnd,
            fix: DiagnosticFix(title: "Remove the characters that do not show", edits: edits))
    }

    /// The warning for a tile opening written with more than three colons
    /// (`::::tile callout`): a container directive named `tile` to
    /// CommonMark directive readers and to Tiledit (`ContainerDirectiveReader`),
    /// kept as written, so no tile is read; a tile opens with exactly
    /// `:::tile`. No fix: the closing line would have to change with it.
    private static func extraColons(_ buffer: UnsafeBufferPointer<UInt8>, line: LineSpan, trimmed: Range<Int>) -> BlockDiagnostic? {
        var index = trimmed.lowerBound
        while index < trimmed.upperBound && buffer[index] == Byte.colon { index += 1 }
        let colons = index - trimmed.lowerBound
        let rest = index..<trimmed.upperBound
        guard colons > 3, buffer.hasPrefix(rest, "tile"),
              rest.count == 4 || buffer[index + 4] == Byte.space || buffer[index + 4] == Byte.tab else { return nil }
        let meant = ":::" + buffer.string(rest)
        return BlockDiagnostic(
            .warning, .tileDelimiterLookalike,
            "this line looks like `\(meant)` but opens with \(colons) colons, so it is read as a directive named `tile`, not a tile; a tile opens with exactly `:::tile` and closes with `:::`",
            range: trimmed.lowerBound..<line.contentEnd)
    }

    /// The scalar starting at `index` and its width in bytes.
    private static func scalar(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> (Unicode.Scalar, Int)? {
        let lead = buffer[index]
        let width = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        guard index + width <= end else { return nil }
        var iterator = buffer[index..<(index + width)].makeIterator()
        var decoder = Unicode.UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, width)
    }
}
