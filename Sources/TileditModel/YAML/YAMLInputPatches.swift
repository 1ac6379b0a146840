import CYAML

/// Byte changes to the text handed to libyaml where libyaml 0.2.5 rejects
/// valid YAML whose reading the change keeps, and how to move libyaml's
/// positions in the changed text back to the original one.
///
/// Two kinds, each made only where libyaml stops at the tab concerned (so
/// text libyaml reads is never changed); the first is found before libyaml
/// reads (`prescanned`), kept when the reading shows it was needed
/// (`holds(in:)`), the second after each stop:
/// - a block scalar with no indentation indicator whose first line holding
///   text has a tab after its indentation (`k: |` then `  \tx`): YAML 1.2
///   §8.1.1.1 makes the indentation that line's spaces and the tab content,
///   libyaml stops at the tab. The indicator libyaml would have detected is
///   inserted after `|` or `>` (`|2`), which reads the same value.
/// - a tab in the whitespace before a comment at the start of a line
///   (`\t# note`; §6.6, a comment may follow any separating white space),
///   replaced by a space, which is also only separation there.
struct YAMLInputPatches {
    /// One change: `replacement` inserted before, or put in place of, the
    /// original byte at `offset`.
    struct Patch {
        var offset: Int
        var replacement: UInt8
        var inserts: Bool
    }

    /// Retries at most this many times, so a file of many such lines stays
    /// linear enough; beyond, libyaml's error is reported.
    static let maximumPatches = 1024

    private(set) var patches: [Patch] = []

    var isEmpty: Bool { patches.isEmpty }

    /// Adds `patch`, keeping patches ordered by offset.
    mutating func add(_ patch: Patch) {
        let index = patches.firstIndex { $0.offset > patch.offset } ?? patches.count
        patches.insert(patch, at: index)
    }

    /// `bytes` (from `start`) with every patch applied.
    func applied(to bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count - start + patches.count)
        var position = start
        for patch in patches where patch.offset >= start {
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position..<patch.offset]))
            result.append(patch.replacement)
            position = patch.inserts ? patch.offset : patch.offset + 1
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[position...]))
        return result
    }

    /// The patch that lets libyaml read past the error it stopped at in the
    /// original `bytes`, if that error is one of the two kinds.
    ///
    /// - Parameters:
    ///   - tab: the original byte offset of the tab libyaml stopped at.
    ///   - header: the original byte offset of the block scalar's `|` or
    ///     `>` when libyaml was scanning one.
    ///   - parentIndent: libyaml's indentation of the enclosing block
    ///     collection (-1 at the top level).
    static func patch(in bytes: UnsafeBufferPointer<UInt8>, tab: Int, header: Int?, parentIndent: Int) -> Patch? {
        guard tab < bytes.count, bytes[tab] == Byte.tab else { return nil }
        var lineStart = tab
        while lineStart > 0 && bytes[lineStart - 1] != Byte.newline && bytes[lineStart - 1] != Byte.carriageReturn { lineStart -= 1 }
        if let header, let insertion = indicatorInsertion(in: bytes, tab: tab, lineStart: lineStart, header: header, parentIndent: parentIndent) {
            return insertion
        }
        // A comment line: only white space before the tab and up to `#`.
        guard (lineStart..<tab).allSatisfy({ Byte.isSpaceOrTab(bytes[$0]) }) else { return nil }
        var position = tab
        while position < bytes.count && Byte.isSpaceOrTab(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: "#") else { return nil }
        if let header {
            // In a block scalar the line, with spaces only, must still be less
            // indented than its content, or the comment would become content.
            guard let indentation = contentIndentation(in: bytes, header: header, before: lineStart), position - lineStart < indentation else { return nil }
        }
        return Patch(offset: tab, replacement: Byte.space, inserts: false)
    }

    // MARK: Found before libyaml reads

    /// The indicators `patch(in:tab:header:parentIndent:)` would insert
    /// after libyaml stopped at each tab-led block scalar, found in one pass
    /// over `bytes` before it reads them: for each `|` or `>` with no
    /// indentation indicator that ends its line (spaces or a comment
    /// aside) and whose first line holding text has a tab after its
    /// spaces, the enclosing collection's indentation read from the
    /// header's line (`key: |` the key's column, `- |` the dash's, `--- |`
    /// none). A guess: a `|` in a quoted scalar or a comment, or a header
    /// on a line of its own, may be taken wrongly or left out, which
    /// `holds(in:)` finds after the parse.
    static func prescanned(_ bytes: UnsafeBufferPointer<UInt8>) -> YAMLInputPatches {
        var found = YAMLInputPatches()
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.newline || byte == Byte.carriageReturn {
                lineStart = index + 1
            } else if (byte == Byte.pipe || byte == UInt8(ascii: ">")) && (index == lineStart || Byte.isSpaceOrTab(bytes[index - 1])),
                      let patch = prescannedPatch(in: bytes, header: index, lineStart: lineStart) {
                found.patches.append(patch)
                if found.patches.count > maximumPatches { return YAMLInputPatches() }
            }
            index += 1
        }
        return found
    }

    /// The patch for the block scalar header at `header` on the line from
    /// `lineStart`, when it ends its line and its first line holding text is tab-led.
    private static func prescannedPatch(in bytes: UnsafeBufferPointer<UInt8>, header: Int, lineStart: Int) -> Patch? {
        var position = header + 1
        if position < bytes.count && (bytes[position] == Byte.hyphen || bytes[position] == Byte.plus) { position += 1 }
        while position < bytes.count && Byte.isSpaceOrTab(bytes[position]) { position += 1 }
        let endsLine = position >= bytes.count || bytes[position] == Byte.newline || bytes[position] == Byte.carriageReturn
            || (bytes[position] == Byte.hash && position > header + 1 && Byte.isSpaceOrTab(bytes[position - 1]))
        guard endsLine, let parentIndent = enclosingIndent(in: bytes, header: header, lineStart: lineStart) else { return nil }
        // The first line below holding more than spaces.
        while position < bytes.count && bytes[position] != Byte.newline && bytes[position] != Byte.carriageReturn { position += 1 }
        while position < bytes.count {
            if bytes[position] == Byte.carriageReturn { position += 1 }
            if position < bytes.count && bytes[position] == Byte.newline { position += 1 }
            let start = position
            while position < bytes.count && bytes[position] == Byte.space { position += 1 }
            guard position < bytes.count else { return nil }
            if bytes[position] == Byte.tab {
                return indicatorInsertion(in: bytes, tab: position, lineStart: start, header: header, parentIndent: parentIndent)
            }
            guard bytes[position] == Byte.newline || bytes[position] == Byte.carriageReturn else { return nil }
        }
        return nil
    }

    /// The indentation of the block collection holding the scalar whose
    /// header is at `header`, read from the header's line: the column of
    /// the key the header follows (`key: |`), else of the last `-`, `?` or
    /// `:` before it (`- |`); -1 after `---`; `nil` when the line does not say.
    private static func enclosingIndent(in bytes: UnsafeBufferPointer<UInt8>, header: Int, lineStart: Int) -> Int? {
        if header - lineStart >= 3 && bytes[lineStart] == Byte.hyphen && bytes[lineStart + 1] == Byte.hyphen && bytes[lineStart + 2] == Byte.hyphen {
            return -1
        }
        var position = lineStart
        var indicator: Int?
        while true {
            while position < header && bytes[position] == Byte.space { position += 1 }
            guard position + 1 < header, [Byte.hyphen, UInt8(ascii: "?"), Byte.colon].contains(bytes[position]),
                  Byte.isSpaceOrTab(bytes[position + 1]) else { break }
            indicator = position - lineStart
            position += 1
        }
        // A key before the header: a `: ` between it and the header.
        var scan = position
        while scan + 1 < header {
            if bytes[scan] == Byte.colon && Byte.isSpaceOrTab(bytes[scan + 1]) { return position - lineStart }
            scan += 1
        }
        return indicator
    }

    /// Whether every patch holds in `documents`, the reading of the text
    /// patched: each indicator inserted belongs to a block scalar whose
    /// content starts with the tab it was for (after its empty lines), so
    /// the indentation is that line's spaces, as libyaml stopping there
    /// would have made it.
    func holds(in documents: [YAMLDocumentNode]) -> Bool {
        var tabLed = Set<Int>()
        var stack = documents.compactMap(\.root)
        while let node = stack.popLast() {
            switch node.content {
            case .scalar(let scalar):
                if scalar.style == .literal || scalar.style == .folded, scalar.value.utf8.first(where: { $0 != Byte.newline }) == Byte.tab {
                    tabLed.insert(scalar.range.lowerBound)
                }
            case .mapping(let pairs):
                for pair in pairs { stack.append(pair.key); stack.append(pair.value) }
            case .sequence(let items):
                stack.append(contentsOf: items)
            case .alias:
                break
            }
        }
        return patches.allSatisfy { $0.inserts && tabLed.contains($0.offset - 1) }
    }

    /// The spaces before the first line holding text after the block scalar
    /// header at `header` and before `limit`; `nil` when there is none.
    private static func contentIndentation(in bytes: UnsafeBufferPointer<UInt8>, header: Int, before limit: Int) -> Int? {
        var position = header
        while position < limit && bytes[position] != Byte.newline && bytes[position] != Byte.carriageReturn { position += 1 }
        while position < limit {
            while position < limit && (bytes[position] == Byte.newline || bytes[position] == Byte.carriageReturn) { position += 1 }
            let start = position
            while position < limit && bytes[position] == Byte.space { position += 1 }
            if position < limit && bytes[position] != Byte.newline && bytes[position] != Byte.carriageReturn { return position - start }
        }
        return nil
    }

    /// The indentation indicator for a block scalar at `header` whose first
    /// line holding text is the tab's, when its spaces (more than the
    /// parent's indentation, at most 9 more) are the indentation and no
    /// empty line before holds more spaces (YAML 1.2 §8.1.1.1).
    private static func indicatorInsertion(
        in bytes: UnsafeBufferPointer<UInt8>, tab: Int, lineStart: Int, header: Int, parentIndent: Int
    ) -> Patch? {
        guard header < lineStart, bytes[header] == UInt8(ascii: "|") || bytes[header] == UInt8(ascii: ">") else { return nil }
        guard (lineStart..<tab).allSatisfy({ bytes[$0] == Byte.space }) else { return nil }
        // The header holds no indicator yet: `|`, `|-`, `|+` then space, comment or line end.
        var position = header + 1
        if position < bytes.count && (bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+")) { position += 1 }
        guard position >= bytes.count || !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else { return nil }
        let spaces = tab - lineStart
        let increment = spaces - Swift.max(parentIndent, 0)
        guard (1...9).contains(increment) else { return nil }
        // Lines between the header's and the tab's: empty, none longer than the indentation.
        var lineEnd = header
        while lineEnd < lineStart && bytes[lineEnd] != Byte.newline && bytes[lineEnd] != Byte.carriageReturn { lineEnd += 1 }
        var emptyStart = lineEnd
        while emptyStart < lineStart {
            while emptyStart < lineStart && (bytes[emptyStart] == Byte.newline || bytes[emptyStart] == Byte.carriageReturn) { emptyStart += 1 }
            var end = emptyStart
            while end < lineStart && bytes[end] == Byte.space { end += 1 }
            guard end - emptyStart <= spaces else { return nil }
            guard end == lineStart || bytes[end] == Byte.newline || bytes[end] == Byte.carriageReturn else { return nil }
            emptyStart = end
        }
        return Patch(offset: header + 1, replacement: UInt8(ascii: "0") + UInt8(increment), inserts: true)
    }
}
