/// Plans edits on YAML text so that only the edited node's bytes change:
/// comments, key order, quoting and anchors elsewhere survive (ARCHITECTURE.md,
/// "The Tiledown format"). Aliases are never expanded; a `<<` merge key is resolved
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
    /// The value keeps the old one's style, and its anchor and tag; a tag
    /// is kept only while the value satisfies it (`YAMLTagRule`).
    ///
    /// - Returns: the edits (none when the value is already `value`) and
    ///   notes for the user (other places that read an anchored value).
    /// - Throws: `EditError.pathNotFound` when the path leads through an
    ///   alias, a missing parent or a non-scalar; `.invalidValue` when the
    ///   value cannot be written, its tag does not allow it, or the key is
    ///   written twice in its mapping.
    ///
    /// - Parameter plain: the value is a typed field's valid value that its
    ///   schema writes plain (`FrontMatterSchema.writesPlain`): written
    ///   plain, as its type, whatever the old value's style or type was.
    func setScalar(at path: YAMLPath, to value: String, plain: Bool = false) throws(EditError) -> (edits: [TextEdit], notes: [String]) {
        let planned = try setScalarPlans(at: path, to: value, plain: plain)
        return (planned.plans.first ?? [], planned.notes)
    }

    /// Whether `root`, a document's root, is the null of a document with
    /// no content: an empty plain scalar without tag or anchor.
    static func isEmptyDocument(_ root: YAMLNode) -> Bool {
        root.scalar?.isEmptyPlain == true && root.tag == nil && root.anchor == nil
    }

    /// The plans that set the scalar at `path` to `value`, best first (as
    /// `setScalar(at:to:)`): a block scalar may be written as planned or,
    /// when its folding would not read back, as a literal block. The caller
    /// keeps the first plan that reads back as `value`.
    ///
    /// - Returns: the plans (one empty plan when the value is already
    ///   `value`) and the notes of the edit.
    /// - Throws: as `setScalar(at:to:)`.
    func setScalarPlans(at path: YAMLPath, to value: String, plain: Bool = false) throws(EditError) -> (plans: [[TextEdit]], notes: [String]) {
        guard let last = path.components.last else {
            // The empty path: the document's root, when it is a scalar.
            guard let root, root.scalar != nil else { throw .pathNotFound(message: "the document has no single value at its root") }
            let plans = try replaceValue(
                root, keyNode: nil, nextKey: nil, parent: root, inFlow: false, value: value, name: "the document", isRoot: true, plain: plain)
            let changes = plans.contains { !$0.isEmpty }
            return (plans.isEmpty ? [[]] : plans, changes ? anchorNotes(root.anchor.map { [($0, root.range.lowerBound)] } ?? []) : [])
        }
        // A document with no content (`---` alone, the empty one after a
        // last `---`) is a null to readers: a key is added to it as to an
        // empty file, not refused as a scalar.
        guard let root = root.flatMap({ Self.isEmptyDocument($0) ? nil : $0 }) else {
            guard path.components.count == 1, case .key(let key) = last else {
                throw .pathNotFound(message: "the document is empty; \(path.displayText) does not exist")
            }
            let line = try keyLine(key: key, value: value, indent: "", intent: YAMLScalarWriter.intent(for: value, replacing: nil))
            return ([[TextEdit(range: emptyInsertionPoint..<emptyInsertionPoint, replacement: line + lineEnding.string)]], [])
        }
        let parentPath = Array(path.components.dropLast())
        let resolved: (YAMLNode, Bool, [AnchorSite])
        do throws(EditError) {
            resolved = try resolve(parentPath, from: root)
        } catch {
            throw withDottedKeyHint(error, path: path)
        }
        let (parent, parentInFlow, parentAnchors) = resolved
        var anchors = parentAnchors
        let edits: [[TextEdit]]
        switch (last, parent.content) {
        case (.key(let key), .mapping(let pairs)):
            if let index = try pairIndex(key, in: pairs, path: path) {
                let pair = pairs[index]
                if case .alias(let name) = pair.value.content {
                    throw .pathNotFound(message: "\(path.displayText) is an alias of `&\(name)`; edit the anchored node instead")
                }
                if let anchor = pair.value.anchor { anchors.append((anchor, pair.value.range.lowerBound)) }
                let next = index + 1 < pairs.count ? pairs[index + 1] : nil
                edits = try replaceValue(
                    pair.value, keyNode: pair.key, nextKey: next?.key, parent: parent,
                    inFlow: parent.collectionStyle == .flow || parentInFlow, value: value, name: path.description, plain: plain)
            } else {
                edits = [[try addKey(key, value: value, to: parent, inFlow: parentInFlow)]]
            }
        case (.index(let index), .sequence(let items)):
            guard index < items.count else { throw .pathNotFound(message: "\(YAMLPath(parentPath).displayText) has \(items.count) items; there is no item \(index)") }
            let item = items[index]
            if case .alias(let name) = item.content {
                throw .pathNotFound(message: "\(path.displayText) is an alias of `&\(name)`; edit the anchored node instead")
            }
            if let anchor = item.anchor { anchors.append((anchor, item.range.lowerBound)) }
            edits = try replaceValue(
                item, keyNode: nil, nextKey: nil, parent: parent, inFlow: parent.collectionStyle == .flow || parentInFlow,
                value: value, name: path.description, plain: plain)
        case (.index(let index), .mapping):
            return try setScalarPlans(at: YAMLPath(parentPath + [.key(String(index))]), to: value, plain: plain)
        default:
            throw .pathNotFound(message: "\(YAMLPath(parentPath).displayText) is \(parent.kindDescription), not a mapping")
        }
        let changes = edits.contains { !$0.isEmpty }
        return (edits.isEmpty ? [[]] : edits, changes ? anchorNotes(anchors) : [])
    }

    /// The index of the pair whose key has exactly the bytes of `key`
    /// (`YAMLKey`), `nil` when there is none.
    ///
    /// - Throws: `.invalidValue` when the key is written more than once: a
    ///   reader keeps only one of them, so which one an edit means is not defined.
    private func pairIndex(_ key: String, in pairs: [YAMLPair], path: YAMLPath) throws(EditError) -> Int? {
        let found = YAMLKey.indexes(of: key, in: pairs)
        guard found.count > 1 else { return found.first }
        let lines = lines(of: found.map { pairs[$0].key.range.lowerBound })
        throw .invalidValue(message: YAMLKey.refusal(of: path.displayText, found: found, in: pairs, lines: lines))
    }

    /// `1, 2 and 3`.
    static func list(_ numbers: [Int]) -> String {
        let words = numbers.map(String.init)
        guard words.count > 1, let last = words.last else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Edits that append `item` to the sequence at `path` (created as a flow
    /// list `[item]` when the key is absent). A `nil` item is a null: `-`
    /// alone in a block sequence, `null` in a flow one (`nullFlowItem`).
    func appendItem(at path: YAMLPath, item: String?) throws(EditError) -> [TextEdit] {
        let flowText = try item.map(flowItem) ?? Self.nullFlowItem
        if let root, path.components.isEmpty {
            return try append(item, flowText: flowText, to: root, inFlow: false, path: path)
        }
        guard let root, let last = path.components.last else {
            guard case .key(let key)? = path.components.last, path.components.count == 1 else { throw .pathNotFound(message: "empty path") }
            let line = "\(keyText(key)): [\(flowText)]" + lineEnding.string
            return [TextEdit(range: emptyInsertionPoint..<emptyInsertionPoint, replacement: line)]
        }
        let (parent, parentInFlow, _) = try resolve(Array(path.components.dropLast()), from: root)
        let target: YAMLNode
        switch (last, parent.content) {
        case (.key(let key), .mapping(let pairs)):
            guard let index = try pairIndex(key, in: pairs, path: path) else {
                guard parent.collectionStyle == .block else { throw .pathNotFound(message: "\(path.displayText) does not exist") }
                let edit = try addRawKey(key, valueText: "[\(flowText)]", to: parent)
                return [edit]
            }
            let pair = pairs[index]
            if let tag = pair.value.tag {
                throw .invalidValue(message: "\(path.displayText) is tagged `\(YAMLTagRule.displayName(tag))`; edit the YAML as text to make it a list")
            }
            if let scalar = pair.value.scalar, scalar.isEmptyPlain {
                let flow = "[\(flowText)]"
                let next = index + 1 < pairs.count ? pairs[index + 1].key : nil
                return try emptyValueEdits(pair.value, keyNode: pair.key, nextKey: next, inFlow: parentInFlow || parent.collectionStyle == .flow) { _, _ in flow }
            }
            target = pair.value
        case (.index(let index), .sequence(let items)) where index < items.count:
            target = items[index]
        default:
            throw .pathNotFound(message: "\(path.displayText) does not exist")
        }
        return try append(item, flowText: flowText, to: target, inFlow: parentInFlow, path: path)
    }

    /// Edits that append `item` (written `flowText` in a flow sequence) to
    /// the sequence `target` at `path`.
    private func append(_ item: String?, flowText: String, to target: YAMLNode, inFlow parentInFlow: Bool, path: YAMLPath) throws(EditError) -> [TextEdit] {
        guard case .sequence(let items) = target.content else {
            throw .pathNotFound(message: "\(path.displayText) is \(target.kindDescription), not a list")
        }
        if target.collectionStyle == .flow || parentInFlow {
            let close = target.range.upperBound - 1
            guard close >= target.range.lowerBound, text[close] == Byte.closeBracket else {
                throw .pathNotFound(message: "\(path.displayText) is not a flow list that can be extended")
            }
            let insertion = items.isEmpty ? flowText : ", " + flowText
            let at = items.last?.range.upperBound ?? close
            return [TextEdit(range: at..<at, replacement: insertion)]
        }
        guard let lastItem = items.last else { throw .pathNotFound(message: "\(path.displayText) is an empty list") }
        let dash = dashOffset(before: lastItem.range.lowerBound)
        let indent = String(decoding: text[lineStart(of: dash)..<dash], as: UTF8.self)
        // An empty last item (`-` alone) ends at its dash's line, not where libyaml marks it.
        let lastIsEmpty = lastItem.scalar?.isEmptyPlain == true && lastItem.anchor == nil && lastItem.tag == nil
        let end = YAMLSourceScanner(bytes: text).endKeepingLines(of: lastItem, lineEnd: lineEnd(of: lastIsEmpty ? dash : lastItem.range.upperBound))
        guard let item else { return [insertLine("\(indent)-", at: end)] }
        let intent = YAMLScalarWriter.Intent.text(item)
        guard let written = YAMLScalarWriter.singleLine(intent, style: .plain, readers: readers) else {
            throw .invalidValue(message: "a list item cannot span lines here")
        }
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
        guard case .mapping(let pairs) = parent.content else { throw .pathNotFound(message: "\(path.displayText) does not exist") }
        let flow = "[\(try items.map(flowItem).joined(separator: ", "))]"
        guard let index = try pairIndex(key, in: pairs, path: path) else {
            return [try addRawKey(key, valueText: flow, to: parent)]
        }
        let pair = pairs[index]
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
                guard let colon = valueIndicator(after: pair.key, before: pair.value.range.lowerBound, inFlow: false) else {
                    throw .invalidValue(message: "\(path.displayText) has no `:` to write `[]` after; edit the YAML as text")
                }
                let colonEnd = colon + 1
                return [TextEdit(range: colonEnd..<lineEnd(of: colonEnd), replacement: " []"),
                        TextEdit(range: start..<end, replacement: [])]
            }
            return [TextEdit(range: start..<end, replacement: lines)]
        }
        if let scalar = pair.value.scalar, scalar.isEmptyPlain, pair.value.tag == nil {
            let next = index + 1 < pairs.count ? pairs[index + 1].key : nil
            return try emptyValueEdits(pair.value, keyNode: pair.key, nextKey: next, inFlow: parent.collectionStyle == .flow) { _, _ in flow }
        }
        if pair.value.tag != nil {
            throw .invalidValue(message: "\(path.displayText) is tagged `\(YAMLTagRule.displayName(pair.value.tag ?? ""))`; edit the YAML as text to make it a list")
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
        func same(_ oldIndex: Int, _ newIndex: Int) -> Bool { values[oldIndex]?.hasSameBytes(as: items[newIndex]) ?? false }
        while prefix < Swift.min(old.count, items.count) && same(prefix, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < Swift.min(old.count, items.count) - prefix && same(old.count - 1 - suffix, items.count - 1 - suffix) { suffix += 1 }
        let removed = Array(old[prefix..<(old.count - suffix)])
        let added = Array(items[prefix..<(items.count - suffix)])
        if removed.isEmpty && added.isEmpty { return [] }
        let inFlow = sequence.collectionStyle == .flow
        if removed.count == added.count {
            var edits: [TextEdit] = []
            for (node, value) in zip(removed, added) {
                edits += try replaceValue(node, keyNode: nil, nextKey: nil, parent: sequence, inFlow: inFlow, value: value, name: "an item").first ?? []
            }
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

    /// Edits that remove the pair at `path` (its lines, for block mappings,
    /// with the comment lines right above it; a header comment stays).
    func removeKey(at path: YAMLPath) throws(EditError) -> [TextEdit] {
        guard let root, case .key(let key)? = path.components.last else { throw .pathNotFound(message: "\(path.displayText) does not exist") }
        let (parent, _, _) = try resolve(Array(path.components.dropLast()), from: root)
        guard case .mapping(let pairs) = parent.content, let index = try pairIndex(key, in: pairs, path: path) else {
            throw .pathNotFound(message: "\(path.displayText) does not exist")
        }
        let pair = pairs[index]
        if parent.collectionStyle == .flow {
            let start = index == 0 ? pair.key.range.lowerBound : pairs[index - 1].value.range.upperBound
            let end = index == 0 && pairs.count > 1 ? pairs[1].key.range.lowerBound : pair.value.range.upperBound
            return [TextEdit(range: start..<end, replacement: [])]
        }
        let scanner = YAMLSourceScanner(bytes: text)
        // The comment lines right above the key are the pair's: they go with it.
        let start = scanner.leadingCommentStart(
            ofLineAt: lineStart(of: pair.key.range.lowerBound), after: index > 0 ? scanner.commentBound(after: pairs[index - 1].value) : 0)
        var end = lineEndIncludingTerminator(of: Swift.max(pair.value.range.upperBound, pair.key.range.upperBound))
        if index > 0, scanner.keepsTrailingLines(pairs[index - 1].value), end < text.count {
            // Blank lines left after the pair would join the kept scalar before it: they go with the pair.
            end = scanner.lineEndIncludingBreak(of: scanner.endOfBlankLines(after: lineEnd(of: Swift.max(pair.value.range.upperBound, pair.key.range.upperBound))))
        }
        return [TextEdit(range: start..<end, replacement: [])]
    }

    // MARK: Resolution

    /// Follows `path` from `node`: returns the node, whether it sits in a
    /// flow collection, and the anchors on the way (the node's own included).
    func resolve(_ path: [YAMLPathComponent], from node: YAMLNode) throws(EditError) -> (YAMLNode, Bool, [YAMLEditor.AnchorSite]) {
        var current = node
        var inFlow = false
        var anchors: [AnchorSite] = current.anchor.map { [($0, current.range.lowerBound)] } ?? []
        var walked: [YAMLPathComponent] = []
        for component in path {
            if case .alias(let name) = current.content {
                throw .pathNotFound(message: "\(YAMLPath(walked).displayText) is an alias of `&\(name)`; edit the anchored node instead")
            }
            inFlow = inFlow || current.collectionStyle == .flow
            var next: YAMLNode?
            switch (component, current.content) {
            case (.key(let key), .mapping):
                if let found = try lookup(key, in: current, path: YAMLPath(walked + [component]), hops: 0) {
                    if found.merged {
                        throw .pathNotFound(message: "\(YAMLPath(walked + [component]).displayText) comes from a merged anchor; set a key of it to override it here")
                    }
                    next = found.node
                }
            case (.index(let index), .sequence(let items)):
                next = index < items.count ? items[index] : nil
            case (.index(let index), .mapping):
                next = try lookup(String(index), in: current, path: YAMLPath(walked + [component]), hops: 0)?.node
            default:
                next = nil
            }
            walked.append(component)
            guard let found = next else {
                throw .pathNotFound(message: "\(YAMLPath(walked).displayText) does not exist")
            }
            if case .alias(let name) = found.content {
                throw .pathNotFound(message: "\(YAMLPath(walked).displayText) is an alias of `&\(name)`; edit the anchored node instead")
            }
            if let anchor = found.anchor { anchors.append((anchor, found.range.lowerBound)) }
            current = found
        }
        return (current, inFlow, anchors)
    }

    /// The value for `key` in `mapping`: an explicit pair (keys compared by
    /// their bytes), or one from a `<<` merge (bounded by `maximumHops`).
    private func lookup(_ key: String, in mapping: YAMLNode, path: YAMLPath, hops: Int) throws(EditError) -> (node: YAMLNode, merged: Bool)? {
        guard hops < Self.maximumHops, let pairs = mapping.pairs else { return nil }
        if let index = try pairIndex(key, in: pairs, path: path) { return (pairs[index].value, hops > 0) }
        for pair in pairs where YAMLKey.matches(pair.key, "<<") && pair.key.scalar?.style == .plain {
            let sources: [YAMLNode] = pair.value.items ?? [pair.value]
            for source in sources {
                guard case .alias(let name) = source.content, let anchored = anchoredNode(name) else { continue }
                if let found = try lookup(key, in: anchored, path: path, hops: hops + 1) { return (found.node, true) }
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
        var visited = 0
        defer { ParseWorkCounter.current?.add(visited) }
        while let current = stack.popLast() {
            visited += 1
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

    /// Why `value` cannot replace the top-level `key`'s value, a date
    /// (`YAMLScalarWriter.timestampProblem`); `nil` when it can.
    func timestampProblem(key: String, value: String) -> String? {
        guard let pair = root?.pairs?.last(where: { $0.key.scalar?.value.hasSameBytes(as: key) == true }), pair.value.tag == nil else { return nil }
        return YAMLScalarWriter.timestampProblem(for: value, replacing: pair.value.scalar, name: key)
    }

    /// The notes of an edit of the node at `path`: for each anchor on the
    /// way to it (its own included) that aliases use, their lines.
    func anchorNotes(at path: YAMLPath) -> [String] {
        guard let root, let (_, _, anchors) = try? resolve(path.components, from: root) else { return [] }
        return anchorNotes(anchors)
    }

    /// An anchor on the way to an edited node: its name and the start of
    /// the node that carries it.
    typealias AnchorSite = (name: String, offset: Int)

    /// For each of `anchors` that aliases use, a note naming their lines:
    /// the aliases after the anchored node and before the next anchor of
    /// the same name (an alias refers to the most recent preceding anchor,
    /// YAML 1.2 section 7.1). One walk of the tree and one pass over the
    /// text, whatever the number of anchors and aliases.
    private func anchorNotes(_ anchors: [AnchorSite]) -> [String] {
        guard let root, !anchors.isEmpty else { return [] }
        var wanted: [String: Set<Int>] = [:]
        for anchor in anchors { wanted[anchor.name, default: []].insert(anchor.offset) }
        var uses: [String: [Int]] = [:]
        // The node each name's anchor is on, the walk being in text order.
        var inForce: [String: Int] = [:]
        visit(root) { node in
            if case .alias(let name) = node.content, let anchored = inForce[name], wanted[name]?.contains(anchored) == true {
                uses[name, default: []].append(node.range.lowerBound)
            }
            if let anchor = node.anchor { inForce[anchor] = node.range.lowerBound }
        }
        var notes: [String] = []
        for anchor in wanted.keys.sorted() {
            guard let offsets = uses[anchor] else { continue }
            let places = offsets.count == 1 ? "1 other place uses" : "\(offsets.count) other places use"
            // Each line once (a flow sequence may hold many aliases), and a
            // few of them: the note is one line of the status bar.
            let lines = Array(Set(lines(of: offsets))).sorted()
            let shown = lines.prefix(8).map(String.init).joined(separator: ", ") + (lines.count > 8 ? " …" : "")
            notes.append("\(places) the anchor `\(anchor)` (line\(lines.count == 1 ? "" : "s") \(shown)) and will see this change")
        }
        return notes
    }

    // MARK: Writing

    /// The `tag:yaml.org,2002:set` tag: a mapping whose values are all empty.
    private static let setTag = YAMLTagRule.prefix + "set"

    /// Edits that write `value` in place of the scalar `node`.
    ///
    /// - Parameters:
    ///   - keyNode: the node's key (`nil` for a sequence item).
    ///   - nextKey: the key of the pair after the node's, if any.
    ///   - parent: the mapping or sequence holding the node.
    ///   - name: the node's path, for messages.
    private func replaceValue(
        _ node: YAMLNode, keyNode: YAMLNode?, nextKey: YAMLNode?, parent: YAMLNode, inFlow: Bool, value: String, name: String, isRoot: Bool = false,
        plain: Bool = false
    ) throws(EditError) -> [[TextEdit]] {
        guard let scalar = node.scalar else {
            // Say how to reach a single value inside it (the path syntax of `tiledit set`).
            let inside = node.items != nil ? "; set one item by its index from 0 (`\(name).0`)"
                : node.pairs != nil ? "; set one of its keys (`\(name).KEY`)" : ""
            throw .pathNotFound(message: "`\(name)` is \(node.kindDescription), not a single value" + inside)
        }
        if let tag = node.tag, let problem = YAMLTagRule.problem(value: value, tag: tag, name: name) {
            throw .invalidValue(message: problem)
        }
        if parent.tag == Self.setTag && !["", "~", "null", "Null", "NULL"].contains(value) {
            throw .invalidValue(message: "`\(name)` is a member of a `!!set`, whose values are always empty")
        }
        // A tag fixes the type: only YAML's syntax decides how to write it.
        let typeFixed = node.tag != nil
        // A typed field's valid value is written plain, whatever the old style (`"true"` to `false`).
        let writesPlain = plain && !typeFixed
        if scalar.value.hasSameBytes(as: value) && (!writesPlain || scalar.style == .plain) { return [] }
        let intent = typeFixed ? YAMLScalarWriter.Intent.text(value)
            : writesPlain ? .typed(value) : YAMLScalarWriter.intent(for: value, replacing: scalar)
        let style = writesPlain ? YAMLScalar.Style.plain : scalar.style
        if !writesPlain, scalar.style == .literal || scalar.style == .folded, !inFlow, let header = YAMLBlockScalarHeader(reading: text, at: scalar.range.lowerBound) {
            return try blockPlans(node, scalar: scalar, header: header, keyNode: keyNode, value: value, isRoot: isRoot)
        }
        guard scalar.isEmptyPlain else {
            var contentIndent = columnIndent(at: keyNode?.range.lowerBound ?? dashOffset(before: node.range.lowerBound)) + "  "
            var range = scalar.range
            let spacesBelow = spaceOnlyLines(after: range.upperBound)
            if scalar.style == .literal || scalar.style == .folded {
                if let own = blockContentIndent(scalar.range) { contentIndent = own }
                // Lines of spaces below a block scalar belong to it: they go with it.
                if let end = spacesBelow { range = range.lowerBound..<end }
            }
            let spansLines = text[Swift.min(range.lowerBound, text.count)..<Swift.min(range.upperBound, text.count)].contains(where: LineEnding.isLineBreak)
            var written = try writtenScalar(
                intent, style: style, inFlow: inFlow, indent: contentIndent, typeFixed: typeFixed,
                canBlock: !writesPlain && !inFlow && endsItsLine(scalar.range.upperBound) && (spacesBelow == nil || range.upperBound != scalar.range.upperBound),
                spansLines: spansLines)
            if style == .doubleQuoted, written.utf8.first == Byte.quote, range.upperBound <= text.count,
               let kept = YAMLDoubleQuotedPatch.rewrite(token: text[range], old: scalar.value, new: value) {
                // The escapes the user wrote stay for the characters that do not change.
                written = kept
            }
            // `&a:b`: libyaml ends the anchor at `:`, the value starts right after it.
            if node.anchor != nil || node.tag != nil, range.lowerBound > 0, !Byte.isWhitespace(text[range.lowerBound - 1]) {
                written = " " + written
            }
            return [[TextEdit(range: range, replacement: written)]]
        }
        return [try emptyValueEdits(node, keyNode: keyNode, nextKey: nextKey, inFlow: inFlow) { indent, canBlock throws(EditError) in
            try writtenScalar(intent, style: .plain, inFlow: inFlow, indent: indent, typeFixed: typeFixed, canBlock: canBlock)
        }]
    }

    /// Plans writing `value` in place of the block scalar `node`: first its
    /// changed lines alone (`YAMLBlockScalarPatch`), then the whole block
    /// scalar in its style (`YAMLBlockScalarWriter`: indicators and the
    /// header's comment kept where they can hold the text), then, for a
    /// folded one, as a literal block.
    ///
    /// - Throws: `.invalidValue` when a block scalar cannot hold `value`.
    private func blockPlans(
        _ node: YAMLNode, scalar: YAMLScalar, header: YAMLBlockScalarHeader, keyNode: YAMLNode?, value: String, isRoot: Bool
    ) throws(EditError) -> [[TextEdit]] {
        // A document's root counts its indentation from column 0.
        let parentColumn = isRoot ? 0 : columnIndent(at: keyNode?.range.lowerBound ?? dashOffset(before: node.range.lowerBound)).count
        var range = scalar.range
        // Lines of spaces below a block scalar belong to it: they go with it.
        if let end = spaceOnlyLines(after: range.upperBound) { range = range.lowerBound..<end }
        let following = emptyLines(after: range.upperBound)
        var plans: [[TextEdit]] = []
        // First the changed lines alone, the others kept as the user broke them.
        let indent = header.indentation.map { parentColumn + $0 } ?? blockContentIndent(scalar.range)?.count
        if let indent, let patch = YAMLBlockScalarPatch.edit(
            text, scalarRange: scalar.range, style: header.style, indent: indent, hasIndentationIndicator: header.indentation != nil,
            old: scalar.value, new: value, lineEnding: lineEnding) {
            plans.append([patch])
        }
        for style in header.style == .folded ? [YAMLScalar.Style.folded, .literal] : [.literal] {
            var planned = header
            planned.style = style
            let written = try YAMLBlockScalarWriter.write(
                value, header: planned, contentIndent: blockContentIndent(scalar.range)?.count, parentColumn: parentColumn,
                followingEmptyLines: following.count, atEndOfText: range.upperBound >= text.count, lineEnding: lineEnding)
            let replaced = written.takesFollowingEmptyLines && following.count > 0 ? range.lowerBound..<following.end : range
            var replacement = written.text
            // `&a:b`: libyaml ends the anchor at `:`, the value starts right after it.
            if node.anchor != nil || node.tag != nil, replaced.lowerBound > 0, !Byte.isWhitespace(text[replaced.lowerBound - 1]) {
                replacement = " " + replacement
            }
            plans.append([TextEdit(range: replaced, replacement: replacement)])
        }
        return plans
    }

    /// The empty lines (a line break alone) right after the line ending
    /// at `offset`, and the offset of the last one's line break (`offset`
    /// when there are none): replacing up to it leaves that line break
    /// after the replacement.
    private func emptyLines(after offset: Int) -> (count: Int, end: Int) {
        var position = lineEndIncludingTerminator(of: offset)
        var count = 0
        var end = offset
        while position < text.count && LineEnding.isLineBreak(text[position]) {
            count += 1
            end = position
            position = lineEndIncludingTerminator(of: position)
        }
        return (count, end)
    }

    /// Edits that give the empty value `node` a text: after its anchor or
    /// tag, after its key's `:`, after a `- `, a `:` and the text after a
    /// flow key written alone (`{a, b}`), or a new `: text` line for an
    /// explicit key written without one (`? key`).
    ///
    /// - Parameter written: the text for an indentation of block lines and
    ///   whether a block scalar may be written there.
    private func emptyValueEdits(
        _ node: YAMLNode, keyNode: YAMLNode?, nextKey: YAMLNode?, inFlow: Bool,
        written: (_ indent: String, _ canBlock: Bool) throws(EditError) -> String
    ) throws(EditError) -> [TextEdit] {
        if node.anchor != nil || node.tag != nil {
            let at = node.range.lowerBound
            let indent = columnIndent(at: keyNode?.range.lowerBound ?? dashOffset(before: at)) + "  "
            return [TextEdit(range: at..<at, replacement: " " + (try written(indent, canBlock(at: at, inFlow: inFlow))))]
        }
        guard let keyNode else {
            let dash = dashOffset(before: Swift.max(node.range.lowerBound, 1))
            let text = try written(columnIndent(at: dash) + "  ", canBlock(at: dash + 1, inFlow: inFlow))
            return [TextEdit(range: (dash + 1)..<(dash + 1), replacement: " " + text)]
        }
        if let colon = valueIndicator(after: keyNode, before: nextKey?.range.lowerBound ?? text.count, inFlow: inFlow) {
            let text = try written(columnIndent(at: keyNode.range.lowerBound) + "  ", canBlock(at: colon + 1, inFlow: inFlow))
            return [insertAfterColon(colon, text: text)]
        }
        if inFlow {
            // `{a, b}`: the key gets its `:` and value.
            let at = keyNode.range.upperBound
            return [TextEdit(range: at..<at, replacement: (keyNode.range.isEmpty ? " : " : ": ") + (try written("", false)))]
        }
        // `? key` with no `: value` line: one is added below the key, at the `?`.
        let question = explicitKeyIndicator(before: keyNode.range.lowerBound)
        let indent = columnIndent(at: question)
        let keyEnd = lineEnd(of: Swift.max(keyNode.range.upperBound, question + 1))
        let line = "\(indent): " + (try written(indent + "  ", spaceOnlyLines(after: keyEnd) == nil))
        return [insertLine(line, at: keyEnd)]
    }

    /// The text of a scalar: in `style` when it can hold the value (a block
    /// scalar only where `canBlock`, i.e. nothing follows on its last
    /// line), else plain or quoted on one line, else a literal block, else
    /// double-quoted with escapes.
    private func writtenScalar(
        _ intent: YAMLScalarWriter.Intent, style: YAMLScalar.Style, inFlow: Bool, indent: String, typeFixed: Bool = false, canBlock: Bool,
        spansLines: Bool = false
    ) throws(EditError) -> String {
        let text = intent.text
        // A quoted value of several lines stays quoted, over several lines when it was.
        if style == .singleQuoted || style == .doubleQuoted, text.utf8.contains(Byte.newline),
           let quoted = YAMLScalarWriter.quotedLines(text, style: style, indent: indent, lineEnding: lineEnding, keepsLines: spansLines && !inFlow) {
            return quoted
        }
        if style == .singleQuoted, text.utf8.contains(Byte.newline) { return YAMLScalarWriter.doubleQuoted(text) }
        if canBlock && style == .folded, let block = YAMLScalarWriter.blockFolded(text, indent: indent, lineEnding: lineEnding) {
            return block
        }
        if canBlock && style == .literal, let block = YAMLScalarWriter.blockLiteral(text, indent: indent, lineEnding: lineEnding) {
            return block
        }
        if let line = YAMLScalarWriter.singleLine(intent, style: style, inFlow: inFlow, readers: readers, typeFixed: typeFixed) {
            return line
        }
        if canBlock, let block = YAMLScalarWriter.blockLiteral(text, indent: indent, lineEnding: lineEnding) {
            return block
        }
        return YAMLScalarWriter.doubleQuoted(text)
    }

    /// The indentation of a block scalar's first line holding text, when it
    /// has one (lines of spaces before it do not set the indentation,
    /// YAML 1.2 §8.1.1.1).
    private func blockContentIndent(_ range: Range<Int>) -> String? {
        var lineStart = lineEnd(of: range.lowerBound)
        while lineStart < range.upperBound {
            if text[lineStart] == Byte.carriageReturn { lineStart += 1 }
            if lineStart < text.count && text[lineStart] == Byte.newline { lineStart += 1 }
            var indentEnd = lineStart
            while indentEnd < range.upperBound && text[indentEnd] == Byte.space { indentEnd += 1 }
            var textStart = indentEnd
            while textStart < range.upperBound && Byte.isSpaceOrTab(text[textStart]) { textStart += 1 }
            guard textStart < range.upperBound else { return nil }
            if text[textStart] != Byte.newline && text[textStart] != Byte.carriageReturn {
                return indentEnd > lineStart ? String(repeating: " ", count: indentEnd - lineStart) : nil
            }
            lineStart = textStart
        }
        return nil
    }

    /// Whether a block scalar can be written at `offset`: outside flow
    /// collections, with nothing after it on its line (spaces aside) and no
    /// line of spaces below it, which it would take as content.
    private func canBlock(at offset: Int, inFlow: Bool) -> Bool {
        !inFlow && endsItsLine(offset, allowingSpaces: true) && spaceOnlyLines(after: offset) == nil
    }

    /// The end of the last line holding only spaces or tabs among the blank
    /// lines right below the line of `offset`, `nil` when none of them holds
    /// any (a block scalar takes such lines as part of it).
    private func spaceOnlyLines(after offset: Int) -> Int? {
        var position = lineEnd(of: offset)
        var found: Int?
        while position < text.count {
            if text[position] == Byte.carriageReturn { position += 1 }
            if position < text.count && text[position] == Byte.newline { position += 1 }
            let start = position
            while position < text.count && Byte.isSpaceOrTab(text[position]) { position += 1 }
            let atLineEnd = position >= text.count || text[position] == Byte.newline || text[position] == Byte.carriageReturn
            guard atLineEnd else { break }
            if position > start { found = position }
            if position >= text.count { break }
        }
        return found
    }

    /// Whether the text at `offset` is the end of its line (a line break or
    /// the end of the text follows; with `allowingSpaces`, after spaces and
    /// tabs), so a block scalar written there keeps nothing after it on its line.
    private func endsItsLine(_ offset: Int, allowingSpaces: Bool = false) -> Bool {
        var index = offset
        if allowingSpaces {
            while index < text.count && Byte.isSpaceOrTab(text[index]) { index += 1 }
        }
        return index >= text.count || text[index] == Byte.newline || text[index] == Byte.carriageReturn
    }

    /// Spaces as wide as the line up to `offset` (in Unicode scalars): the
    /// column of a key or `-`, as the indentation of lines under it.
    private func columnIndent(at offset: Int) -> String {
        let start = lineStart(of: offset)
        var count = 0
        for index in start..<Swift.min(offset, text.count) where text[index] & 0xC0 != 0x80 { count += 1 }
        return String(repeating: " ", count: count)
    }

    /// The `:` that starts `keyNode`'s value, when it is written: the first
    /// character after the key, past spaces, line breaks and comments, and
    /// before `limit` (the next key).
    private func valueIndicator(after keyNode: YAMLNode, before limit: Int, inFlow: Bool) -> Int? {
        var index = keyNode.range.upperBound
        let end = Swift.min(limit, text.count)
        while index < end {
            let byte = text[index]
            if Byte.isWhitespace(byte) {
                index += 1
            } else if byte == Byte.hash && (index == 0 || Byte.isWhitespace(text[index - 1])) {
                while index < end && text[index] != Byte.newline { index += 1 }
            } else {
                return byte == Byte.colon ? index : nil
            }
        }
        return nil
    }

    /// The `?` of an explicit key starting before `offset` on its line.
    private func explicitKeyIndicator(before offset: Int) -> Int {
        var index = Swift.min(offset, text.count) - 1
        while index >= 0 && text[index] != Byte.newline {
            if text[index] == 0x3F && (index + 1 >= text.count || Byte.isWhitespace(text[index + 1])) { return index }
            index -= 1
        }
        return lineStart(of: offset)
    }

    /// `key` as written in a mapping: plain when safe there, else double
    /// quoted. In a flow mapping `,[]{}` end a plain key too (`{a,b: 1}` is
    /// two keys), as `YAMLSourcePlanner.renameKey` knows.
    private func keyText(_ key: String, inFlow: Bool = false) -> String {
        YAMLScalarWriter.isSafePlain(key, inFlow: inFlow, readers: readers) ? key : YAMLScalarWriter.doubleQuoted(key)
    }

    private func keyLine(key: String, value: String, indent: String, intent: YAMLScalarWriter.Intent) throws(EditError) -> String {
        let written = try writtenScalar(intent, style: .plain, inFlow: false, indent: indent + "  ", canBlock: true)
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
            let written = try writtenScalar(intent, style: .plain, inFlow: true, indent: "", canBlock: false)
            return try addRawKey(key, valueText: written, to: mapping)
        }
        let indent = mapping.pairs?.first.map { columnIndent(at: $0.key.range.lowerBound) } ?? ""
        let line = try keyLine(key: key, value: value, indent: indent, intent: intent)
        guard let lastPair = mapping.pairs?.last else {
            return insertLine(line, at: lineEnd(of: mapping.range.lowerBound))
        }
        return insertLine(line, at: YAMLSourceScanner(bytes: text).endKeepingLines(of: lastPair.value, lineEnd: lineEnd(of: pairEnd(lastPair))))
    }

    /// Where a pair's text ends: its value's end, or its key's when the
    /// value is empty (an empty value may be placed at the next line).
    private func pairEnd(_ pair: YAMLPair) -> Int {
        let empty = pair.value.scalar?.isEmptyPlain == true && pair.value.anchor == nil && pair.value.tag == nil
        return empty ? pair.key.range.upperBound : Swift.max(pair.value.range.upperBound, pair.key.range.upperBound)
    }

    /// The edit adding `key` with the value written `valueText` (empty: no
    /// value, `key:`) after the last pair of `mapping`.
    func addRawKey(_ key: String, valueText: String, to mapping: YAMLNode) throws(EditError) -> TextEdit {
        if mapping.collectionStyle == .flow {
            let close = mapping.range.upperBound - 1
            guard close >= mapping.range.lowerBound, text[close] == 0x7D else { throw .pathNotFound(message: "the mapping cannot be extended") }
            // No value: the key alone (`{a: 1, key}`); libyaml 0.2.5 refuses `key:}`.
            let entry = keyText(key, inFlow: true) + (valueText.isEmpty ? "" : ": " + valueText)
            if let last = mapping.pairs?.last {
                let at = last.value.range.upperBound
                return TextEdit(range: at..<at, replacement: ", " + entry)
            }
            return TextEdit(range: close..<close, replacement: entry)
        }
        let indent = mapping.pairs?.first.map { columnIndent(at: $0.key.range.lowerBound) } ?? ""
        let line = indent + keyText(key) + (valueText.isEmpty ? ":" : ": " + valueText)
        let anchor = mapping.pairs?.last.map(pairEnd) ?? mapping.range.lowerBound
        let end = mapping.pairs?.last.map { YAMLSourceScanner(bytes: text).endKeepingLines(of: $0.value, lineEnd: lineEnd(of: anchor)) }
        return insertLine(line, at: end ?? lineEnd(of: anchor))
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

    /// Writes `written` after the `:` at `colon`, keeping a trailing comment
    /// and the spaces before it as written.
    private func insertAfterColon(_ colon: Int, text written: String) -> TextEdit {
        let end = lineEnd(of: colon)
        var insertionEnd = colon + 1
        while insertionEnd < end && Byte.isSpaceOrTab(text[insertionEnd]) { insertionEnd += 1 }
        if insertionEnd < end && text[insertionEnd] == Byte.hash {
            // A trailing comment stays, and so do the spaces the user put before it.
            return TextEdit(range: (colon + 1)..<(colon + 1), replacement: " " + written + (insertionEnd > colon + 1 ? "" : " "))
        }
        return TextEdit(range: (colon + 1)..<insertionEnd, replacement: " " + written)
    }

    private func dashOffset(before offset: Int) -> Int {
        var index = Swift.min(offset, text.count) - 1
        guard index > 0 else { return 0 }
        while index > 0 && text[index] != Byte.hyphen && !LineEnding.isLineBreak(text[index]) { index -= 1 }
        return index
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

    /// The file lines (from `firstLine`) of `offsets`, in their order, from
    /// one pass over the text.
    private func lines(of offsets: [Int]) -> [Int] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [Int](repeating: firstLine, count: offsets.count)
        var line = firstLine
        var position = 0
        for index in order {
            let target = Swift.min(offsets[index], text.count)
            while position < target {
                // LF, CRLF and a lone CR each end one line.
                if text[position] == Byte.newline || (text[position] == Byte.carriageReturn
                    && (position + 1 >= text.count || text[position + 1] != Byte.newline)) { line += 1 }
                position += 1
            }
            result[index] = line
        }
        ParseWorkCounter.current?.add(position + offsets.count)
        return result
    }
}
