/// Plans the byte edits of the YAML operations `YAMLEditor` has no plan
/// for: a scalar token written as given, a key renamed, sequence items
/// removed, swapped and duplicated. Plans touch only the bytes of the nodes
/// involved (an item's whole lines in a block sequence); the caller
/// applies them, parses again and keeps the result only when it reads back
/// as meant (`YAMLFileDocument.perform(_:document:)`). Offsets are UTF-8
/// bytes of `bytes`.
struct YAMLSourcePlanner {
    let bytes: [UInt8]
    let lineEnding: LineEnding

    private var scanner: YAMLSourceScanner { YAMLSourceScanner(bytes: bytes) }

    // MARK: Scalars and keys

    /// Replaces the scalar token of `node` with `text` written as is (a
    /// plain typed value or an already quoted string); an empty plain
    /// scalar gets `text` after its key's colon or its item's dash.
    ///
    /// - Returns: the plans to try in turn: for an empty plain scalar, whose
    ///   range may lie past its line (libyaml marks the next token), after
    ///   its indicator first, then in its range.
    func replaceScalar(_ node: YAMLNode, key: YAMLNode?, with text: String) -> [[TextEdit]] {
        guard let scalar = node.scalar else { return [] }
        let inRange = scalar.range.isEmpty ? [] : [[TextEdit(range: scalar.range, replacement: text)]]
        if !scalar.isEmptyPlain { return inRange }
        return [afterIndicator(node, key: key, with: text)].compactMap { $0.map { [$0] } } + inRange
    }

    private func afterIndicator(_ node: YAMLNode, key: YAMLNode?, with text: String) -> TextEdit? {
        if let key {
            guard let colon = scanner.indicator(Byte.colon, after: key.range.upperBound) else {
                // A flow key written alone (`{a: 1, key}`) gets its `:` and value.
                var next = key.range.upperBound
                while next < bytes.count && Byte.isSpaceOrTab(bytes[next]) { next += 1 }
                guard !key.range.isEmpty, next < bytes.count, bytes[next] == 0x2C || bytes[next] == 0x7D else { return nil }
                return TextEdit(range: key.range.upperBound..<key.range.upperBound, replacement: ": " + text)
            }
            return TextEdit(range: (colon + 1)..<(colon + 1), replacement: " " + text)
        }
        guard let dash = scanner.dashBefore(node.range.lowerBound) else { return nil }
        return TextEdit(range: (dash + 1)..<(dash + 1), replacement: " " + text)
    }

    /// Replaces the key scalar `key` with `name`, in the key's own style
    /// when that style can hold it, otherwise plain when safe, otherwise
    /// double quoted; `nil` when the key is not a scalar of one line.
    func renameKey(_ key: YAMLNode, to name: String, inFlow: Bool) -> TextEdit? {
        guard let scalar = key.scalar, !scalar.range.isEmpty, scalar.style != .literal, scalar.style != .folded else { return nil }
        let written = YAMLScalarWriter.singleLine(.text(name), style: scalar.style, inFlow: inFlow)
            ?? (YAMLScalarWriter.isSafePlain(name, inFlow: inFlow) ? name : YAMLScalarWriter.doubleQuoted(name))
        return TextEdit(range: scalar.range, replacement: written)
    }

    // MARK: Sequence items

    /// The bytes an item occupies: in a block sequence its whole lines from
    /// the comment lines right above its dash (`YAMLSourceScanner.leadingCommentStart`)
    /// through its last line (line break excluded); in a flow
    /// sequence the item with its anchor or tag. `nil` when the item shares
    /// a line with another item or its dash cannot be found.
    func itemSpan(_ items: [YAMLNode], _ index: Int, flow: Bool) -> Range<Int>? {
        guard index >= 0, index < items.count else { return nil }
        let item = items[index]
        if flow {
            let start = item.range.lowerBound
            // Take in `&anchor` or `!tag` written before the node.
            var scan = Swift.min(start, bytes.count)
            while scan > 0 {
                let byte = bytes[scan - 1]
                if byte == 0x2C || byte == Byte.openBracket || LineEnding.isLineBreak(byte) { break }
                scan -= 1
            }
            while scan < start && Byte.isSpaceOrTab(bytes[scan]) { scan += 1 }
            return scan..<Swift.max(scan, item.range.upperBound)
        }
        guard let dash = scanner.dashBefore(item.range.lowerBound) else { return nil }
        let dashLine = scanner.lineStart(of: dash)
        guard bytes[dashLine..<dash].allSatisfy({ $0 == Byte.space }) else { return nil }
        // The comment lines right above the dash are the item's: they go where it goes.
        let start = scanner.leadingCommentStart(ofLineAt: dashLine, after: index > 0 ? scanner.commentBound(after: items[index - 1]) : 0)
        let lastByte = item.range.isEmpty ? item.range.lowerBound : item.range.upperBound - 1
        var end = scanner.lineEnd(of: Swift.max(lastByte, dash))
        if index + 1 < items.count, let next = scanner.dashBefore(items[index + 1].range.lowerBound), next < end { return nil }
        if scanner.keepsTrailingLines(item) { end = scanner.endOfBlankLines(after: end) }
        return start..<end
    }

    /// Edits removing item `index`; `nil` when its bytes cannot be told apart.
    func removeItem(_ items: [YAMLNode], _ index: Int, flow: Bool) -> [TextEdit]? {
        guard let span = itemSpan(items, index, flow: flow) else { return nil }
        if flow {
            if items.count == 1 { return [TextEdit(range: span, replacement: [])] }
            if index + 1 < items.count, let next = itemSpan(items, index + 1, flow: true) {
                return [TextEdit(range: span.lowerBound..<next.lowerBound, replacement: [])]
            }
            guard let previous = itemSpan(items, index - 1, flow: true) else { return nil }
            return [TextEdit(range: previous.upperBound..<span.upperBound, replacement: [])]
        }
        if items.count == 1 {
            // The only item: the sequence becomes an empty flow sequence, one step in.
            guard let dash = scanner.dashBefore(items[0].range.lowerBound) else { return nil }
            // Counted from the dash's line: the span may start at comment lines above it.
            let indent = String(repeating: " ", count: dash - scanner.lineStart(of: dash) + 2)
            return [TextEdit(range: span, replacement: indent + "[]")]
        }
        var end = scanner.lineEndIncludingBreak(of: span.upperBound)
        if index > 0, scanner.keepsTrailingLines(items[index - 1]), end < bytes.count {
            // The blank lines after the item would join the kept scalar before it: they go with the item.
            end = scanner.lineEndIncludingBreak(of: scanner.endOfBlankLines(after: span.upperBound))
        }
        if end == span.upperBound, span.lowerBound > 0 {
            // The last line of a file without a final line break: take the break before it.
            var start = span.lowerBound - 1
            if start > 0 && bytes[start] == Byte.newline && bytes[start - 1] == Byte.carriageReturn { start -= 1 }
            return [TextEdit(range: start..<span.upperBound, replacement: [])]
        }
        return [TextEdit(range: span.lowerBound..<end, replacement: [])]
    }

    /// Edits swapping items `index` and `index + 1`; the lines between
    /// them stay between them. When either ends in a keep-chomped scalar,
    /// whose value takes the blank lines after it, each item goes with the
    /// blank lines after it, so no value gains or loses any.
    func swapItems(_ items: [YAMLNode], _ index: Int, flow: Bool) -> [TextEdit]? {
        guard var first = itemSpan(items, index, flow: flow), var second = itemSpan(items, index + 1, flow: flow) else { return nil }
        if !flow, scanner.keepsTrailingLines(items[index]) || scanner.keepsTrailingLines(items[index + 1]) {
            first = first.lowerBound..<scanner.endOfBlankLines(after: first.upperBound)
            second = second.lowerBound..<scanner.endOfBlankLines(after: second.upperBound)
        }
        return [
            TextEdit(range: first, replacement: Array(bytes[second])),
            TextEdit(range: second, replacement: Array(bytes[first])),
        ]
    }

    // MARK: Mapping pairs

    /// The bytes pair `index` of a block mapping occupies: its whole lines
    /// from the comment lines right above its key through its value's last
    /// line (line break excluded), with the blank lines a keep-chomped value
    /// owns. `nil` when its key does not start its line (`? key`, a pair
    /// after a `-`) or it shares a line with the next pair.
    func pairSpan(_ pairs: [YAMLPair], _ index: Int) -> Range<Int>? {
        guard index >= 0, index < pairs.count else { return nil }
        let pair = pairs[index]
        let keyStart = Swift.min(pair.key.range.lowerBound, bytes.count)
        let keyLine = scanner.lineStart(of: keyStart)
        guard bytes[keyLine..<keyStart].allSatisfy({ $0 == Byte.space }) else { return nil }
        let start = scanner.leadingCommentStart(ofLineAt: keyLine, after: index > 0 ? scanner.commentBound(after: pairs[index - 1].value) : 0)
        let empty = pair.value.scalar?.isEmptyPlain == true && pair.value.anchor == nil && pair.value.tag == nil
        let lastByte = empty || pair.value.range.isEmpty ? pair.key.range.upperBound : pair.value.range.upperBound - 1
        var end = scanner.lineEnd(of: Swift.max(lastByte, pair.key.range.upperBound))
        if index + 1 < pairs.count, pairs[index + 1].key.range.lowerBound <= end { return nil }
        if scanner.keepsTrailingLines(pair.value) { end = scanner.endOfBlankLines(after: end) }
        return start..<end
    }

    /// Edits swapping pairs `index` and `index + 1` of a block mapping; the
    /// lines between them stay between them.
    func swapPairs(_ pairs: [YAMLPair], _ index: Int) -> [TextEdit]? {
        guard let first = pairSpan(pairs, index), let second = pairSpan(pairs, index + 1), first.upperBound < second.lowerBound else { return nil }
        return [
            TextEdit(range: first, replacement: Array(bytes[second])),
            TextEdit(range: second, replacement: Array(bytes[first])),
        ]
    }

    /// Edits inserting a copy of item `index` right after it (an anchor in
    /// the copy is dropped, since a second `&name` would take over the aliases).
    func duplicateItem(_ items: [YAMLNode], _ index: Int, flow: Bool) -> [TextEdit]? {
        guard let span = itemSpan(items, index, flow: flow) else { return nil }
        var copy = Array(bytes[span])
        if let anchor = items[index].anchor {
            let written = Array("&\(anchor)".utf8)
            if let at = Self.firstIndex(of: written, in: copy) {
                var end = at + written.count
                while end < copy.count && Byte.isSpaceOrTab(copy[end]) { end += 1 }
                copy.removeSubrange(at..<end)
            }
        }
        if flow { return [TextEdit(range: span.upperBound..<span.upperBound, replacement: Array(", ".utf8) + copy)] }
        return [TextEdit(range: span.upperBound..<span.upperBound, replacement: lineEnding.bytes + copy)]
    }

    private static func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
