/// Plans edits on YAML text so that only the edited node's bytes change:
/// comments, key order, quoting and anchors elsewhere survive (DESIGN.md
/// section 4). Aliases are never expanded; a `<<` merge key is resolved
/// for lookups only.
///
/// Offsets are UTF-8 bytes in the coordinates of `text`, the same as the
/// node ranges of `root`.
struct YAMLEditor {
    /// The YAML text (or a larger text holding it).
    let text: [UInt8]
    /// The root node, `nil` for an empty document.
    let root: YAMLNode?
    /// Where a first key goes when the document is empty.
    let emptyInsertionPoint: Int
    /// The line ending of new lines.
    let lineEnding: LineEnding
    /// File line (from 1) of offset 0 of `text`, for notes.
    let firstLine: Int
    /// Which readers written strings must survive.
    var readers: YAMLScalarWriter.Readers = .anyYAML

    /// Greatest number of alias or merge hops followed while resolving a path.
    static let maximumHops = 64

    /// Edits that set the scalar at `path` to `value` (typed text), adding
    /// the key to its mapping when absent.
    ///
    /// - Returns: the edits and notes for the user.
    /// - Throws: `EditError.pathNotFound` when the path leads through an
    ///   alias, a missing parent or a non-scalar; `.invalidValue` when the
    ///   value cannot be written.
    func setScalar(at path: YAMLPath, to value: String) throws(EditError) -> (edits: [TextEdit], notes: [String]) {
        guard let last = path.components.last else { throw .pathNotFound(message: "empty path") }
        guard let root else {
            guard path.components.count == 1, case .key(let key) = last else {
                throw .pathNotFound(message: "the document is empty; `\(path)` does not exist")
            }
            let line = try keyLine(key: key, value: value, indent: "", intent: YAMLScalarWriter.intent(for: value, replacing: nil))
            return ([TextEdit(range: emptyInsertionPoint..<emptyInsertionPoint, replacement: line + lineEnding.string)], [])
        }
        let parentPath = Array(path.components.dropLast())
        let (parent, parentInFlow, parentAnchors) = try resolve(parentPath, from: root)
        var notes = anchorNotes(parentAnchors)
        switch (last, parent.content) {
        case (.key(let key), .mapping(let pairs)):
            if let pair = pairs.first(where: { $0.key.scalar?.value == key }) {
                if pair.value.anchor != nil { notes = anchorNotes(parentAnchors + [pair.value.anchor].compactMap { $0 }) }
                let edit = try replaceValue(pair.value, keyNode: pair.key, inFlow: parent.collectionStyle == .flow || parentInFlow, value: value)
                return ([edit], notes)
            }
            return ([try addKey(key, value: value, to: parent, inFlow: parentInFlow)], notes)
        case (.index(let index), .sequence(let items)):
            guard index < items.count else { throw .pathNotFound(message: "`\(YAMLPath(parentPath))` has \(items.count) items; there is no item \(index)") }
            let item = items[index]
            return ([try replaceValue(item, keyNode: nil, inFlow: parent.collectionStyle == .flow || parentInFlow, value: value)], notes)
        case (.index(let index), .mapping):
            return try setScalar(at: YAMLPath(parentPath + [.key(String(index))]), to: value)
        default:
            throw .pathNotFound(message: "`\(YAMLPath(parentPath))` is \(parent.kindDescription), not a mapping")
        }
    }

    /// Edits that append `item` to the sequence at `path` (created as a flow
    /// list `[item]` when the key is absent).
    func appendItem(at path: YAMLPath, item: String) throws(EditError) -> [TextEdit] {
        guard let root, let last = path.components.last else {
            guard case .key(let key)? = path.components.last, path.components.count == 1 else { throw .pathNotFound(message: "empty path") }
            let line = "\(keyText(key)): [\(try flowItem(item))]" + lineEnding.string
            return [TextEdit(range: emptyInsertionPoint..<emptyInsertionPoint, replacement: line)]
        }
        let (parent, parentInFlow, _) = try resolve(Array(path.components.dropLast()), from: root)
        let target: YAMLNode
        switch (last, parent.content) {
        case (.key(let key), .mapping(let pairs)):
            guard let pair = pairs.first(where: { $0.key.scalar?.value == key }) else {
                guard parent.collectionStyle == .block else { throw .pathNotFound(message: "`\(path)` does not exist") }
                let edit = try addRawKey(key, valueText: "[\(try flowItem(item))]", to: parent)
                return [edit]
            }
            if let scalar = pair.value.scalar, scalar.isEmptyPlain {
                return [insertAfterColon(of: pair.key, text: "[\(try flowItem(item))]")]
            }
            target = pair.value
        case (.index(let index), .sequence(let items)) where index < items.count:
            target = items[index]
        default:
            throw .pathNotFound(message: "`\(path)` does not exist")
        }
        guard case .sequence(let items) = target.content else {
            throw .pathNotFound(message: "`\(path)` is \(target.kindDescription), not a list")
        }
        if target.collectionStyle == .flow || parentInFlow {
            let close = target.range.upperBound - 1
            guard close >= target.range.lowerBound, text[close] == Byte.closeBracket else {
                throw .pathNotFound(message: "`\(path)` is not a flow list that can be extended")
            }
            let written = try flowItem(item)
            let insertion = items.isEmpty ? written : ", " + written
            let at = items.last?.range.upperBound ?? close
            return [TextEdit(range: at..<at, replacement: insertion)]
        }
        guard let lastItem = items.last else { throw .pathNotFound(message: "`\(path)` is an empty list") }
        let dash = dashOffset(before: lastItem.range.lowerBound)
        let indent = String(decoding: text[lineStart(of: dash)..<dash], as: UTF8.self)
        let intent = YAMLScalarWriter.Intent.text(item)
        guard let written = YAMLScalarWriter.singleLine(intent, style: .plain, readers: readers) else {
            throw .invalidValue(message: "a list item cannot span lines here")
        }
        let end = lineEnd(of: lastItem.range.upperBound)
        let line = "\(indent)- \(written)"
        return [insertLine(line, at: end)]
    }

    /// Edits that set the value at `path` to a list: the existing list's
    /// items are rewritten in its own style; a new or scalar value becomes a
    /// flow list.
    func setList(at path: YAMLPath, items: [String]) throws(EditError) -> [TextEdit] {
        guard let root, case .key(let key)? = path.components.last else {
            guard case .key(let key)? = path.components.last, path.components.count == 1 else { throw .pathNotFound(message: "empty path") }
            let line = "\(keyText(key)): [\(try items.map(flowItem).joined(separator: ", "))]" + lineEnding.string
            return [TextEdit(range: emptyInsertionPoint..<emptyInsertionPoint, replacement: line)]
        }
        let (parent, _, _) = try resolve(Array(path.components.dropLast()), from: root)
        guard case .mapping(let pairs) = parent.content else { throw .pathNotFound(message: "`\(path)` does not exist") }
        let flow = "[\(try items.map(flowItem).joined(separator: ", "))]"
        guard let pair = pairs.first(where: { $0.key.scalar?.value == key }) else {
            return [try addRawKey(key, valueText: flow, to: parent)]
        }
        if case .sequence(let old) = pair.value.content, !old.isEmpty, !items.isEmpty {
            return try updateSequence(pair.value, items: old, to: items)
        }
        if case .sequence(let old) = pair.value.content, pair.value.collectionStyle == .block, let first = old.first {
            let dash = dashOffset(before: first.range.lowerBound)
            let start = lineStart(of: dash)
            let indent = String(decoding: text[start..<dash], as: UTF8.self)
            var lines = ""
            for item in items {
                guard let written = YAMLScalarWriter.singleLine(.text(item), style: .plain, readers: readers) else {
                    throw .invalidValue(message: "a list item cannot span lines here")
                }
                lines += "\(indent)- \(written)" + lineEnding.string
            }
            let end = lineEndIncludingTerminator(of: pair.value.range.upperBound)
            if items.isEmpty {
                // An empty list: `key: []`, the item lines removed.
                let colonEnd = colonOffset(after: pair.key.range.upperBound) + 1
                return [TextEdit(range: colonEnd..<lineEnd(of: colonEnd), replacement: " []"),
                        TextEdit(range: start..<end, replacement: [])]
            }
            return [TextEdit(range: start..<end, replacement: lines)]
        }
        if let scalar = pair.value.scalar, scalar.isEmptyPlain {
            return [insertAfterColon(of: pair.key, text: flow)]
        }
        return [TextEdit(range: pair.value.range, replacement: flow)]
    }

    /// Edits that turn the sequence `sequence` (items `old`) into `items`,
    /// touching only what changed: items equal at the start and at the end
    /// are left as written (style, quotes, comments); a changed item keeps
    /// its style when the count stays; added items are written plain after
    /// the last kept one; removed items lose their lines (block) or their
    /// text and separator (flow).
    ///
    /// - Throws: `.invalidValue` when an old item holds a comma or is not a
    ///   single value: a comma-separated field cannot show such a list.
    private func updateSequence(_ sequence: YAMLNode, items old: [YAMLNode], to items: [String]) throws(EditError) -> [TextEdit] {
        let values = old.map { $0.scalar?.value }
        if values.contains(where: { $0 == nil || $0?.contains(",") == true }) {
            throw .invalidValue(message: "an item of this list holds a comma or is not a single value, which a comma-separated field cannot show; edit the YAML as text")
        }
        var prefix = 0
        while prefix < Swift.min(old.count, items.count) && values[prefix] == items[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < Swift.min(old.count, items.count) - prefix && values[old.count - 1 - suffix] == items[items.count - 1 - suffix] { suffix += 1 }
        let removed = Array(old[prefix..<(old.count - suffix)])
        let added = Array(items[prefix..<(items.count - suffix)])
        if removed.isEmpty && added.isEmpty { return [] }
        let inFlow = sequence.collectionStyle == .flow
        if removed.count == added.count {
            var edits: [TextEdit] = []
            for (node, value) in zip(removed, added) { edits.append(try replaceValue(node, keyNode: nil, inFlow: inFlow, value: value)) }
            return edits
        }
        if inFlow {
            let written = try added.map(flowItem).joined(separator: ", ")
            if let first = removed.first, let last = removed.last {
                if added.isEmpty {
                    // The items and one separator: the one before them, else the one after.
                    if prefix > 0 { return [TextEdit(range: old[prefix - 1].range.upperBound..<last.range.upperBound, replacement: [])] }
                    let next = old[prefix + removed.count].range.lowerBound
                    return [TextEdit(range: first.range.lowerBound..<next, replacement: [])]
                }
                return [TextEdit(range: first.range.lowerBound..<last.range.upperBound, replacement: Array(written.utf8))]
            }
            if prefix > 0 { return [TextEdit(range: old[prefix - 1].range.upperBound..<old[prefix - 1].range.upperBound, replacement: Array((", " + written).utf8))] }
            return [TextEdit(range: old[0].range.lowerBound..<old[0].range.lowerBound, replacement: Array((written + ", ").utf8))]
        }
        let firstDash = dashOffset(before: old[0].range.lowerBound)
        let indent = String(decoding: text[lineStart(of: firstDash)..<firstDash], as: UTF8.self)
        var lines = ""
        for item in added {
            guard let written = YAMLScalarWriter.singleLine(.text(item), style: .plain, readers: readers) else {
                throw .invalidValue(message: "a list item cannot span lines here")
            }
            lines += "\(indent)- \(written)" + lineEnding.string
        }
        if let first = removed.first, let last = removed.last {
            let start = lineStart(of: dashOffset(before: first.range.lowerBound))
            return [TextEdit(range: start..<lineEndIncludingTerminator(of: last.range.upperBound), replacement: Array(lines.utf8))]
        }
        let at = prefix > 0 ? lineEndIncludingTerminator(of: old[prefix - 1].range.upperBound) : lineStart(of: firstDash)
        return [TextEdit(range: at..<at, replacement: Array(lines.utf8))]
    }

    /// Edits that remove the pair at `path` (its lines, for block mappings).
    func removeKey(at path: YAMLPath) throws(EditError) -> [TextEdit] {
        guard let root, case .key(let key)? = path.components.last else { throw .pathNotFound(message: "`\(path)` does not exist") }
        let (parent, _, _) = try resolve(Array(path.components.dropLast()), from: root)
        guard case .mapping(let pairs) = parent.content, let index = pairs.firstIndex(where: { $0.key.scalar?.value == key }) else {
            throw .pathNotFound(message: "`\(path)` does not exist")
        }
        let pair = pairs[index]
        if parent.collectionStyle == .flow {
            let start = index == 0 ? pair.key.range.lowerBound : pairs[index - 1].value.range.upperBound
            let end = index == 0 && pairs.count > 1 ? pairs[1].key.range.lowerBound : pair.value.range.upperBound
            return [TextEdit(range: start..<end, replacement: [])]
        }
        let start = lineStart(of: pair.key.range.lowerBound)
        let end = lineEndIncludingTerminator(of: Swift.max(pair.value.range.upperBound, pair.key.range.upperBound))
        return [TextEdit(range: start..<end, replacement: [])]
    }

    // MARK: Resolution

    /// Follows `path` from `node`: returns the node, whether it sits in a
    /// flow collection, and the anchors on the way (the node's own included).
    private func resolve(_ path: [YAMLPathComponent], from node: YAMLNode) throws(EditError) -> (YAMLNode, Bool, [String]) {
        var current = node
        var inFlow = false
        var anchors: [String] = current.anchor.map { [$0] } ?? []
        var walked: [YAMLPathComponent] = []
        for component in path {
            if case .alias(let name) = current.content {
                throw .pathNotFound(message: "`\(YAMLPath(walked))` is an alias of `&\(name)`; edit the anchored node instead")
            }
            inFlow = inFlow || current.collectionStyle == .flow
            var next: YAMLNode?
            switch (component, current.content) {
            case (.key(let key), .mapping):
                next = lookup(key, in: current, hops: 0)?.node
                if let found = lookup(key, in: current, hops: 0), found.merged {
                    throw .pathNotFound(message: "`\(YAMLPath(walked + [component]))` comes from a merged anchor; set a key of it to override it here")
                }
            case (.index(let index), .sequence(let items)):
                next = index < items.count ? items[index] : nil
            case (.index(let index), .mapping):
                next = lookup(String(index), in: current, hops: 0)?.node
            default:
                next = nil
            }
            walked.append(component)
            guard let found = next else {
                throw .pathNotFound(message: "`\(YAMLPath(walked))` does not exist")
            }
            if case .alias(let name) = found.content {
                throw .pathNotFound(message: "`\(YAMLPath(walked))` is an alias of `&\(name)`; edit the anchored node instead")
            }
            if let anchor = found.anchor { anchors.append(anchor) }
            current = found
        }
        return (current, inFlow, anchors)
    }

    /// The value for `key` in `mapping`: an explicit pair, or one from a
    /// `<<` merge (bounded by `maximumHops`).
    private func lookup(_ key: String, in mapping: YAMLNode, hops: Int) -> (node: YAMLNode, merged: Bool)? {
        guard hops < Self.maximumHops, let pairs = mapping.pairs else { return nil }
        if let pair = pairs.first(where: { $0.key.scalar?.value == key }) { return (pair.value, hops > 0) }
        for pair in pairs where pair.key.scalar?.value == "<<" && pair.key.scalar?.style == .plain {
            let sources: [YAMLNode] = pair.value.items ?? [pair.value]
            for source in sources {
                guard case .alias(let name) = source.content, let anchored = anchoredNode(name) else { continue }
                if let found = lookup(key, in: anchored, hops: hops + 1) { return (found.node, true) }
            }
        }
        return nil
    }

    /// The node carrying `&name` (the last one, as aliases refer to the most recent anchor).
    private func anchoredNode(_ name: String) -> YAMLNode? {
        guard let root else { return nil }
        var found: YAMLNode?
        visit(root) { node in
            if node.anchor == name { found = node }
        }
        return found
    }

    private func visit(_ node: YAMLNode, _ body: (YAMLNode) -> Void) {
        var stack = [node]
        while let current = stack.popLast() {
            body(current)
            switch current.content {
            case .mapping(let pairs):
                for pair in pairs.reversed() {
                    stack.append(pair.value)
                    stack.append(pair.key)
                }
            case .sequence(let items):
                stack.append(contentsOf: items.reversed())
            case .scalar, .alias:
                break
            }
        }
    }

    private func anchorNotes(_ anchors: [String]) -> [String] {
        guard let root else { return [] }
        var notes: [String] = []
        for anchor in Set(anchors).sorted() {
            var lines: [Int] = []
            visit(root) { node in
                if case .alias(let name) = node.content, name == anchor { lines.append(line(of: node.range.lowerBound)) }
            }
            if !lines.isEmpty {
                let places = lines.count == 1 ? "1 other place uses" : "\(lines.count) other places use"
                notes.append("\(places) the anchor `\(anchor)` (line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", "))) and will see this change")
            }
        }
        return notes
    }

    // MARK: Writing

    private func replaceValue(_ node: YAMLNode, keyNode: YAMLNode?, inFlow: Bool, value: String) throws(EditError) -> TextEdit {
        guard let scalar = node.scalar else {
            throw .pathNotFound(message: "the value is \(node.kindDescription), not a single value")
        }
        let intent = YAMLScalarWriter.intent(for: value, replacing: scalar)
        if scalar.isEmptyPlain {
            guard let keyNode else {
                let dash = dashOffset(before: Swift.max(node.range.lowerBound, 1))
                let written = try writtenScalar(intent, style: .plain, inFlow: inFlow, indent: indentation(at: dash) + "  ")
                return TextEdit(range: (dash + 1)..<(dash + 1), replacement: " " + written)
            }
            let written = try writtenScalar(intent, style: .plain, inFlow: inFlow, indent: indentation(at: keyNode.range.lowerBound) + "  ")
            return insertAfterColon(of: keyNode, text: written)
        }
        let indentBase = keyNode.map { indentation(at: $0.range.lowerBound) } ?? indentation(at: node.range.lowerBound)
        var contentIndent = indentBase + "  "
        if scalar.style == .literal || scalar.style == .folded {
            // Keep the block scalar's own indentation.
            let firstContent = lineEnd(of: scalar.range.lowerBound) + (lineEnding == .crlf ? 2 : 1)
            if firstContent < scalar.range.upperBound {
                var index = firstContent
                while index < scalar.range.upperBound && text[index] == Byte.space { index += 1 }
                if index > firstContent { contentIndent = String(repeating: " ", count: index - firstContent) }
            }
        }
        let written = try writtenScalar(intent, style: scalar.style, inFlow: inFlow, indent: contentIndent)
        return TextEdit(range: scalar.range, replacement: written)
    }

    private func writtenScalar(_ intent: YAMLScalarWriter.Intent, style: YAMLScalar.Style, inFlow: Bool, indent: String) throws(EditError) -> String {
        if let line = YAMLScalarWriter.singleLine(intent, style: style, inFlow: inFlow, readers: readers) {
            if style == .literal && !inFlow, let block = YAMLScalarWriter.blockLiteral(intent.text, indent: indent, lineEnding: lineEnding) {
                return block
            }
            return line
        }
        if !inFlow, let block = YAMLScalarWriter.blockLiteral(intent.text, indent: indent, lineEnding: lineEnding) {
            return block
        }
        return YAMLScalarWriter.doubleQuoted(intent.text)
    }

    private func keyText(_ key: String) -> String {
        YAMLScalarWriter.isSafePlain(key, readers: readers) ? key : YAMLScalarWriter.doubleQuoted(key)
    }

    private func keyLine(key: String, value: String, indent: String, intent: YAMLScalarWriter.Intent) throws(EditError) -> String {
        let written = try writtenScalar(intent, style: .plain, inFlow: false, indent: indent + "  ")
        return "\(indent)\(keyText(key)): \(written)"
    }

    private func flowItem(_ item: String) throws(EditError) -> String {
        guard let written = YAMLScalarWriter.singleLine(.text(item), style: .plain, inFlow: true, readers: readers) else {
            return YAMLScalarWriter.doubleQuoted(item)
        }
        return written
    }

    private func addKey(_ key: String, value: String, to mapping: YAMLNode, inFlow: Bool) throws(EditError) -> TextEdit {
        let intent = YAMLScalarWriter.intent(for: value, replacing: nil)
        if mapping.collectionStyle == .flow || inFlow {
            let written = try writtenScalar(intent, style: .plain, inFlow: true, indent: "")
            return try addRawKey(key, valueText: written, to: mapping)
        }
        let indent = mapping.pairs?.first.map { indentation(at: $0.key.range.lowerBound) } ?? ""
        let line = try keyLine(key: key, value: value, indent: indent, intent: intent)
        guard let lastPair = mapping.pairs?.last else {
            return insertLine(line, at: lineEnd(of: mapping.range.lowerBound))
        }
        return insertLine(line, at: lineEnd(of: Swift.max(lastPair.value.range.upperBound, lastPair.key.range.upperBound)))
    }

    private func addRawKey(_ key: String, valueText: String, to mapping: YAMLNode) throws(EditError) -> TextEdit {
        if mapping.collectionStyle == .flow {
            let close = mapping.range.upperBound - 1
            guard close >= mapping.range.lowerBound, text[close] == 0x7D else { throw .pathNotFound(message: "the mapping cannot be extended") }
            let entry = "\(keyText(key)): \(valueText)"
            if let last = mapping.pairs?.last {
                let at = last.value.range.upperBound
                return TextEdit(range: at..<at, replacement: ", " + entry)
            }
            return TextEdit(range: close..<close, replacement: entry)
        }
        let indent = mapping.pairs?.first.map { indentation(at: $0.key.range.lowerBound) } ?? ""
        let line = "\(indent)\(keyText(key)): \(valueText)"
        let anchor = mapping.pairs?.last.map { Swift.max($0.value.range.upperBound, $0.key.range.upperBound) } ?? mapping.range.lowerBound
        return insertLine(line, at: lineEnd(of: anchor))
    }

    /// Inserts `line` as a new line after the line ending at `lineEnd`.
    private func insertLine(_ line: String, at lineEnd: Int) -> TextEdit {
        if lineEnd < text.count {
            // After the existing terminator.
            let isCRLF = text[lineEnd] == Byte.carriageReturn && lineEnd + 1 < text.count && text[lineEnd + 1] == Byte.newline
            let next = isCRLF ? lineEnd + 2 : lineEnd + 1
            let at = Swift.min(next, text.count)
            return TextEdit(range: at..<at, replacement: line + lineEnding.string)
        }
        return TextEdit(range: lineEnd..<lineEnd, replacement: lineEnding.string + line)
    }

    private func insertAfterColon(of keyNode: YAMLNode, text written: String) -> TextEdit {
        let colon = colonOffset(after: keyNode.range.upperBound)
        let end = lineEnd(of: colon)
        // Keep a trailing comment after the empty value.
        var insertionEnd = colon + 1
        while insertionEnd < end && Byte.isSpaceOrTab(text[insertionEnd]) && !(insertionEnd + 1 < end && text[insertionEnd + 1] == Byte.hash) {
            insertionEnd += 1
        }
        if insertionEnd < end && text[insertionEnd] == Byte.hash {
            return TextEdit(range: (colon + 1)..<(colon + 1), replacement: " " + written + " ")
        }
        return TextEdit(range: (colon + 1)..<Swift.max(colon + 1, insertionEnd), replacement: " " + written)
    }

    private func colonOffset(after offset: Int) -> Int {
        var index = offset
        while index < text.count && text[index] != Byte.colon && !LineEnding.isLineBreak(text[index]) { index += 1 }
        return index < text.count && text[index] == Byte.colon ? index : offset
    }

    private func dashOffset(before offset: Int) -> Int {
        var index = Swift.min(offset, text.count) - 1
        while index > 0 && text[index] != Byte.hyphen && !LineEnding.isLineBreak(text[index]) { index -= 1 }
        return Swift.max(index, 0)
    }

    private func lineStart(of offset: Int) -> Int {
        var index = Swift.min(offset, text.count)
        while index > 0 && !LineEnding.isLineBreak(text[index - 1]) { index -= 1 }
        return index
    }

    /// Offset of the end of the line holding `offset` (before `\r\n`, `\n` or `\r`).
    private func lineEnd(of offset: Int) -> Int {
        var index = Swift.min(offset, text.count)
        while index < text.count && text[index] != Byte.newline && text[index] != Byte.carriageReturn { index += 1 }
        return index
    }

    private func lineEndIncludingTerminator(of offset: Int) -> Int {
        var index = lineEnd(of: offset)
        if index < text.count && text[index] == Byte.carriageReturn { index += 1 }
        if index < text.count && text[index] == Byte.newline { index += 1 }
        return index
    }

    private func indentation(at offset: Int) -> String {
        let start = lineStart(of: offset)
        var index = start
        while index < offset && text[index] == Byte.space { index += 1 }
        return String(repeating: " ", count: index - start)
    }

    private func line(of offset: Int) -> Int {
        let count = LineEnding.lineBreakCount(in: text[0..<Swift.min(offset, text.count)])
        return firstLine + count
    }
}
