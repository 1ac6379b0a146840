import Foundation
import TileditModel

/// Plans the edits the YAML editing model has no operation for (rename a
/// key, write a typed scalar, remove, move and duplicate sequence items)
/// from the file's bytes and node ranges, and reads the comments next to a
/// node. Offsets are UTF-8 bytes of the file.
///
/// Plans only touch the bytes of the nodes involved; the caller applies
/// them, parses again and keeps the result only when it reads back as
/// meant (see `YAMLDocumentModel`), so a plan that would break the file is
/// refused, never written.
struct YAMLSourceEdits {
    let bytes: [UInt8]
    let lineEnding: LineEnding

    // MARK: Scalars and keys

    /// Replaces the scalar token of `node` with `text` written as is (a
    /// plain typed value or an already quoted string); an empty plain scalar
    /// gets `text` after its key's colon or its item's dash.
    ///
    /// - Returns: the plans to try in turn: for an empty plain scalar, whose
    ///   range may lie past its line (libyaml marks the next token), after
    ///   its indicator first, then in its range.
    func replaceScalar(_ node: YAMLNode, key: YAMLNode?, with text: String) -> [TextEdit] {
        guard let scalar = node.scalar else { return [] }
        let inRange = scalar.range.isEmpty ? [] : [TextEdit(range: scalar.range, replacement: text)]
        if !scalar.isEmptyPlain { return inRange }
        return [afterIndicator(node, key: key, with: text)].compactMap { $0 } + inRange
    }

    private func afterIndicator(_ node: YAMLNode, key: YAMLNode?, with text: String) -> TextEdit? {
        if let key {
            let colon = indicator(0x3A, after: key.range.upperBound)
            guard let colon else { return nil }
            return TextEdit(range: (colon + 1)..<(colon + 1), replacement: " " + text)
        }
        guard let dash = dashBefore(node.range.lowerBound) else { return nil }
        return TextEdit(range: (dash + 1)..<(dash + 1), replacement: " " + text)
    }

    /// Replaces the key scalar `key` with `name`, in the key's own style when
    /// that style can hold it, otherwise plain when safe, otherwise double quoted.
    func renameKey(_ key: YAMLNode, to name: String, inFlow: Bool) -> TextEdit? {
        guard let scalar = key.scalar, !scalar.range.isEmpty, scalar.style != .literal, scalar.style != .folded else { return nil }
        let written = YAMLScalarWriter.singleLine(.text(name), style: scalar.style, inFlow: inFlow)
            ?? (YAMLScalarWriter.isSafePlain(name, inFlow: inFlow) ? name : YAMLScalarWriter.doubleQuoted(name))
        return TextEdit(range: scalar.range, replacement: written)
    }

    // MARK: Sequence items

    /// The bytes an item occupies: in a block sequence its whole lines from
    /// the dash through its last line (line break excluded); in a flow
    /// sequence the item with its anchor or tag. `nil` when the item shares
    /// a line with another item or its dash cannot be found.
    func itemSpan(_ items: [YAMLNode], _ index: Int, flow: Bool) -> Range<Int>? {
        guard index >= 0, index < items.count else { return nil }
        let item = items[index]
        if flow {
            var start = item.range.lowerBound
            // Take in `&anchor` or `!tag` written before the node.
            var scan = start
            while scan > 0 {
                let byte = bytes[scan - 1]
                if byte == 0x2C || byte == 0x5B || byte == 0x0A || byte == 0x0D { break }
                scan -= 1
            }
            while scan < start && (bytes[scan] == 0x20 || bytes[scan] == 0x09) { scan += 1 }
            start = scan
            return start..<item.range.upperBound
        }
        guard let dash = dashBefore(item.range.lowerBound) else { return nil }
        let start = lineStart(of: dash)
        guard bytes[start..<dash].allSatisfy({ $0 == 0x20 }) else { return nil }
        let lastByte = item.range.isEmpty ? item.range.lowerBound : item.range.upperBound - 1
        let end = lineEnd(of: Swift.max(lastByte, dash))
        if index + 1 < items.count, let next = dashBefore(items[index + 1].range.lowerBound), next < end { return nil }
        return start..<end
    }

    /// Edits removing item `index`.
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
            guard let dash = dashBefore(items[0].range.lowerBound) else { return nil }
            let indent = String(repeating: " ", count: dash - span.lowerBound + 2)
            return [TextEdit(range: span, replacement: indent + "[]")]
        }
        let end = lineEndIncludingBreak(of: span.upperBound)
        if end == span.upperBound, span.lowerBound > 0 {
            // The last line of a file without a final line break: take the break before it.
            var start = span.lowerBound - 1
            if start > 0 && bytes[start] == 0x0A && bytes[start - 1] == 0x0D { start -= 1 }
            return [TextEdit(range: start..<span.upperBound, replacement: [])]
        }
        return [TextEdit(range: span.lowerBound..<end, replacement: [])]
    }

    /// Edits swapping items `index` and `index + 1`.
    func swapItems(_ items: [YAMLNode], _ index: Int, flow: Bool) -> [TextEdit]? {
        guard let first = itemSpan(items, index, flow: flow), let second = itemSpan(items, index + 1, flow: flow) else { return nil }
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
            if let at = firstIndex(of: written, in: copy) {
                var end = at + written.count
                while end < copy.count && (copy[end] == 0x20 || copy[end] == 0x09) { end += 1 }
                copy.removeSubrange(at..<end)
            }
        }
        if flow { return [TextEdit(range: span.upperBound..<span.upperBound, replacement: Array(", ".utf8) + copy)] }
        return [TextEdit(range: span.upperBound..<span.upperBound, replacement: lineEnding.bytes + copy)]
    }

    // MARK: Comments

    /// The comments next to a node starting at `start` (a key or a dash):
    /// the comment lines right above its line, then the comment after
    /// `end` on the same line when only blanks come between.
    func comments(start: Int, end: Int?) -> [String] {
        var found: [String] = []
        var lineBegin = lineStart(of: start)
        var above: [String] = []
        while lineBegin > 0 {
            var previousEnd = lineBegin - 1
            if previousEnd > 0 && bytes[previousEnd] == 0x0A && bytes[previousEnd - 1] == 0x0D { previousEnd -= 1 }
            let previousStart = lineStart(of: previousEnd)
            var index = previousStart
            while index < previousEnd && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            guard index < previousEnd, bytes[index] == 0x23 else { break }
            above.append(commentText(from: index, to: previousEnd))
            lineBegin = previousStart
        }
        found += above.reversed()
        if let end, end <= bytes.count {
            var index = end
            while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
            if index < bytes.count, bytes[index] == 0x23, index > end || index == 0 || bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 {
                found.append(commentText(from: index, to: lineEnd(of: index)))
            }
        }
        return found
    }

    private func commentText(from hash: Int, to end: Int) -> String {
        String(decoding: bytes[(hash + 1)..<Swift.max(hash + 1, end)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
    }

    // MARK: Scanning

    /// The offset of `indicator` after `offset` on the same line, past blanks only.
    func indicator(_ indicator: UInt8, after offset: Int) -> Int? {
        var index = offset
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        if index < bytes.count && (bytes[index] == 0x22 || bytes[index] == 0x27) { index += 1 }
        while index < bytes.count && (bytes[index] == 0x20 || bytes[index] == 0x09) { index += 1 }
        return index < bytes.count && bytes[index] == indicator ? index : nil
    }

    /// The `-` of the item starting at `offset`, on its line, before any anchor or tag.
    func dashBefore(_ offset: Int) -> Int? {
        var index = Swift.min(offset, bytes.count) - 1
        while index >= 0 && !LineEnding.isLineBreak(bytes[index]) {
            if bytes[index] == 0x2D && (index + 1 == bytes.count || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 || LineEnding.isLineBreak(bytes[index + 1])) {
                return index
            }
            index -= 1
        }
        return nil
    }

    func lineStart(of offset: Int) -> Int {
        var index = Swift.min(Swift.max(offset, 0), bytes.count)
        while index > 0 && !LineEnding.isLineBreak(bytes[index - 1]) { index -= 1 }
        return index
    }

    func lineEnd(of offset: Int) -> Int {
        var index = Swift.min(Swift.max(offset, 0), bytes.count)
        while index < bytes.count && !LineEnding.isLineBreak(bytes[index]) { index += 1 }
        return index
    }

    func lineEndIncludingBreak(of offset: Int) -> Int {
        var index = lineEnd(of: offset)
        if index < bytes.count && bytes[index] == 0x0D { index += 1 }
        if index < bytes.count && bytes[index] == 0x0A { index += 1 }
        return index
    }

    private func firstIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
