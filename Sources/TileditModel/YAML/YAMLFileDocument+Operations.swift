/// The YAML operations (`YAMLOperation`), planned and checked here for
/// every front end: `tiledit set`, the language server and both editors
/// (ARCHITECTURE.md, "The editing model"). Each plans byte edits touching
/// only the nodes involved, applies them, parses again and keeps the
/// result only when the file still reads, has no error it did not have,
/// and reads back as meant; otherwise the file is unchanged and the
/// refusal says why.
extension YAMLFileDocument {
    /// Performs `operation` on document `document` (from 0; the flat
    /// dialect has one).
    ///
    /// - Returns: the edits made, their inverse and notes for the user
    ///   (other places that read an anchored value); no edits when the file
    ///   already holds what was asked.
    /// - Throws: `EditError` when the path leads nowhere the operation can
    ///   go (through an alias, to a key written twice, past the end of a
    ///   sequence), the value cannot be written to read back exactly, the
    ///   file cannot be read, or the edit would leave an error; the file is
    ///   then unchanged.
    @discardableResult
    public mutating func perform(_ operation: YAMLOperation, document: Int = 0) throws(EditError) -> Change {
        switch dialect {
        case .flat: try performFlat(operation)
        case .yaml: try performYAML(operation, document: document)
        }
    }

    // MARK: YAML

    private mutating func performYAML(_ operation: YAMLOperation, document: Int) throws(EditError) -> Change {
        if case .setScalar(let path, let value, let type) = operation {
            // Planned apart: the planner and the editor hold the bytes and the
            // tree, which the edit then changes in place (ARCHITECTURE.md, "Scale").
            let planned = try scalarPlans(value, as: type, at: path, document: document)
            return try keepFirst(planned.plans, notes: planned.notes, refusingNewErrors: true, check: planned.check)
        }
        let editor = try editor(document: document)
        let planner = YAMLSourcePlanner(bytes: bytes, lineEnding: lineEnding)
        switch operation {
        case .setScalar:
            // Planned and kept above.
            throw .invalidValue(message: "the value cannot be written here")
        case .addKey(let mappingPath, let key, let value):
            let mapping = try locate(mappingPath, document: document).node
            guard let pairs = mapping.pairs else { throw .pathNotFound(message: "\(mappingPath.displayText) is \(mapping.kindDescription), not a mapping") }
            guard !key.isEmpty else { throw .invalidValue(message: "a key cannot be empty") }
            guard YAMLKey.indexes(of: key, in: pairs).isEmpty else { throw .invalidValue(message: "`\(key)` is already a key of this mapping") }
            let path = YAMLPath(mappingPath.components + [.key(key)])
            let (plans, notes) = if let value { try editor.setScalarPlans(at: path, to: value) } else {
                ([try editor.addKeyWithoutValue(key, to: mappingPath)], [String]())
            }
            return try keepFirst(plans, notes: notes, refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                guard let after = file.node(at: mappingPath, document: document)?.pairs, after.count == pairs.count + 1,
                      after.last?.key.scalar?.value.hasSameBytes(as: key) == true else { return .invalidValue(message: "the key would not read back as given") }
                guard Self.pairsReadAsSame(Array(after.dropLast()), pairs) else {
                    return .wouldChangeStructure(message: "adding the key would change the values before it")
                }
                guard let value else { return file.readsBackAsNull(at: path, document: document) }
                return file.readsBack(value, at: path, document: document)
            }
        case .renameKey(let path, let name):
            let found = try locate(path, document: document)
            guard let key = found.key, let pairs = found.parent?.pairs, let index = found.index else {
                throw .pathNotFound(message: "\(path.displayText) is not a key of a mapping")
            }
            guard !name.isEmpty else { throw .invalidValue(message: "a key cannot be empty") }
            if key.scalar?.value.hasSameBytes(as: name) == true { return Change(edits: [], inverse: [], notes: []) }
            guard YAMLKey.indexes(of: name, in: pairs).isEmpty else { throw .invalidValue(message: "`\(name)` is already a key of this mapping") }
            guard let edit = planner.renameKey(key, to: name, inFlow: found.inFlow) else {
                throw .invalidValue(message: "this key is not a single value; rename it in the source")
            }
            let parentPath = YAMLPath(Array(path.components.dropLast()))
            return try keepFirst([[edit]], notes: [], refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                let renamed = file.node(at: parentPath, document: document)?.pairs
                return renamed?.count == pairs.count && renamed?[index].key.scalar?.value.hasSameBytes(as: name) == true
                    ? nil : .invalidValue(message: "the key would not read back as `\(name)`")
            }
        case .removeKey(let path):
            let found = try locate(path, document: document)
            guard found.key != nil, let count = found.parent?.pairs?.count else { throw .pathNotFound(message: "\(path.displayText) is not a key of a mapping") }
            let parentPath = YAMLPath(Array(path.components.dropLast()))
            let kept = (found.parent?.pairs ?? []).enumerated().filter { $0.offset != found.index }.map(\.element)
            return try keepFirst([try editor.removeKey(at: path)], notes: [], refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                guard let after = file.node(at: parentPath, document: document)?.pairs, after.count == count - 1,
                      Self.pairsReadAsSame(after, kept) else {
                    return .wouldChangeStructure(message: "removing the key would change more than the key")
                }
                return nil
            }
        case .appendItem(let path, let item):
            let before = node(at: path, document: document)?.items ?? []
            return try keepFirst([try editor.appendItem(at: path, item: item)], notes: [], refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                let items = file.node(at: path, document: document)?.items
                guard items?.count == before.count + 1, let added = items?.last else { return .invalidValue(message: "the item would not read back as given") }
                guard items.map({ Array($0.dropLast()).readAsSameValues(as: before) }) == true else {
                    return .wouldChangeStructure(message: "adding the item would change the items before it")
                }
                guard let item else { return Self.isNull(added) ? nil : .invalidValue(message: "the item would not read back as a null") }
                return added.scalar?.value.hasSameBytes(as: item) == true ? nil : .invalidValue(message: "the item would not read back as given")
            }
        case .removeItem(let path):
            let (items, index, flow, parentPath) = try item(at: path, document: document)
            guard let removal = planner.removeItem(items, index, flow: flow) else {
                throw .invalidValue(message: "this item shares its line with another; remove it in the source")
            }
            var kept = items
            kept.remove(at: index)
            return try keepFirst([removal], notes: [], refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                return file.node(at: parentPath, document: document)?.items?.readAsSameValues(as: kept) == true
                    ? nil : .wouldChangeStructure(message: "removing the item would change more than the item")
            }
        case .moveItem(let path, let offset):
            return try moveItem(at: path, by: offset, document: document, planner: planner)
        case .moveKey(let path, let offset):
            return try moveKey(at: path, by: offset, document: document, planner: planner)
        case .duplicateItem(let path):
            let (items, index, flow, parentPath) = try item(at: path, document: document)
            guard let copy = planner.duplicateItem(items, index, flow: flow) else {
                throw .invalidValue(message: "this item shares its line with another; duplicate it in the source")
            }
            var expected = items
            expected.insert(items[index], at: index + 1)
            return try keepFirst([copy], notes: [], refusingNewErrors: true) { file in
                if let problem = file.unreadable(path) { return problem }
                // The copy has no anchor (a second `&name` would take over the aliases).
                guard var after = file.node(at: parentPath, document: document)?.items, after.count == expected.count else {
                    return .wouldChangeStructure(message: "the copy would change the sequence")
                }
                if items[index].anchor != nil { after[index + 1].anchor = items[index].anchor }
                return after.readAsSameValues(as: expected) ? nil : .wouldChangeStructure(message: "the copy would change the sequence")
            }
        }
    }

    private mutating func moveItem(at path: YAMLPath, by offset: Int, document: Int, planner: YAMLSourcePlanner) throws(EditError) -> Change {
        let (items, index, flow, parentPath) = try item(at: path, document: document)
        guard offset == -1 || offset == 1 else { throw .invalidValue(message: "items move one place at a time") }
        let target = index + offset
        guard target >= 0, target < items.count else { throw .invalidValue(message: offset < 0 ? "the item is first already" : "the item is last already") }
        let low = Swift.min(index, target)
        guard let swap = planner.swapItems(items, low, flow: flow), let lowSpan = planner.itemSpan(items, low, flow: flow),
              let highSpan = planner.itemSpan(items, low + 1, flow: flow) else {
            throw .invalidValue(message: "these items share a line; move them in the source")
        }
        let lowText = Array(bytes[lowSpan])
        let highText = Array(bytes[highSpan])
        return try keepFirst([swap], notes: [], refusingNewErrors: true) { file in
            if let problem = file.unreadable(path) { return problem }
            let moved = EditError.wouldChangeStructure(message: "moving the item would change the sequence")
            guard let after = file.node(at: parentPath, document: document)?.items, after.count == items.count else { return moved }
            let check = YAMLSourcePlanner(bytes: file.bytes, lineEnding: file.lineEnding)
            guard let newLow = check.itemSpan(after, low, flow: flow), let newHigh = check.itemSpan(after, low + 1, flow: flow),
                  Array(file.bytes[newLow]) == highText, Array(file.bytes[newHigh]) == lowText else { return moved }
            var expected = items
            expected.swapAt(low, low + 1)
            return after.readAsSameValues(as: expected) ? nil : moved
        }
    }

    private mutating func moveKey(at path: YAMLPath, by offset: Int, document: Int, planner: YAMLSourcePlanner) throws(EditError) -> Change {
        let found = try locate(path, document: document)
        guard let parent = found.parent, let pairs = parent.pairs, let index = found.index else {
            throw .pathNotFound(message: "\(path.displayText) is not a key of a mapping")
        }
        guard offset == -1 || offset == 1 else { throw .invalidValue(message: "keys move one place at a time") }
        guard parent.collectionStyle == .block, !found.inFlow else { throw .invalidValue(message: "this key is in a flow mapping; move it in the source") }
        let target = index + offset
        guard target >= 0, target < pairs.count else { throw .invalidValue(message: offset < 0 ? "the key is first already" : "the key is last already") }
        let low = Swift.min(index, target)
        guard let swap = planner.swapPairs(pairs, low) else { throw .invalidValue(message: "these keys share a line; move them in the source") }
        let parentPath = YAMLPath(Array(path.components.dropLast()))
        var expected = pairs
        expected.swapAt(low, low + 1)
        return try keepFirst([swap], notes: [], refusingNewErrors: true) { file in
            if let problem = file.unreadable(path) { return problem }
            guard let after = file.node(at: parentPath, document: document)?.pairs, Self.pairsReadAsSame(after, expected) else {
                return .wouldChangeStructure(message: "moving the key would change the mapping")
            }
            return nil
        }
    }

    // MARK: Tiledown's flat dialect

    private mutating func performFlat(_ operation: YAMLOperation) throws(EditError) -> Change {
        switch operation {
        case .setScalar(let path, let value, _):
            return try setValue(at: path, to: value, document: 0, refusingNewErrors: true)
        case .addKey(_, let key, let value):
            if let problem = Self.flatKeyProblem(key) { throw .invalidValue(message: problem) }
            guard try flatField(key) == nil else { throw .invalidValue(message: "`\(key)` is already a key of this file") }
            return try setValue(at: YAMLPath([.key(key)]), to: value ?? "", document: 0, refusingNewErrors: true)
        case .renameKey(let path, let name):
            guard let field = try flatField(path.description) else { throw .pathNotFound(message: "`\(path)` does not exist") }
            if let problem = Self.flatKeyProblem(name) { throw .invalidValue(message: problem) }
            if field.key.hasSameBytes(as: name) { return Change(edits: [], inverse: [], notes: []) }
            guard try flatField(name) == nil else { throw .invalidValue(message: "`\(name)` is already a key of this file") }
            return try keepFirst([[TextEdit(range: field.keySpan, replacement: name)]], notes: [], refusingNewErrors: true) { file in
                file.fields.contains { $0.key.hasSameBytes(as: name) && $0.value.hasSameBytes(as: field.value) }
                    ? nil : .invalidValue(message: "the key would not read back as `\(name)`")
            }
        case .removeKey(let path):
            // Removing a key can leave `newsletter.username` missing: refused as any new error.
            guard let field = try flatField(path.description) else { throw .pathNotFound(message: "`\(path)` does not exist") }
            return try keepFirst([[TextEdit(range: fieldLines(containing: field.keySpan.lowerBound), replacement: [])]], notes: [], refusingNewErrors: true) { _ in nil }
        case .moveKey:
            throw .invalidValue(message: "the lines of \(SiteConfigurationSchema.fileNames[0]) are moved in the source")
        case .appendItem, .removeItem, .moveItem, .duplicateItem:
            throw .invalidValue(message: "\(SiteConfigurationSchema.fileNames[0]) holds `key: value` lines; it has no lists")
        }
    }

    /// Why `key` cannot be a key of Tiledown's flat lines, or `nil`.
    static func flatKeyProblem(_ key: String) -> String? {
        if key.isEmpty { return "a key cannot be empty" }
        if key.contains(":") { return "a key cannot hold `:`, which ends it" }
        if key.utf8.contains(Byte.newline) || key.utf8.contains(Byte.carriageReturn) { return "a key is one line" }
        if key != key.trimmingSpaces() { return "a key cannot start or end with a space" }
        if key.hasPrefix("#") { return "a key cannot start with `#`, which makes the line a comment" }
        return nil
    }

    // MARK: Finding nodes

    /// A node found by path, with what surrounds it.
    struct Located {
        var node: YAMLNode
        /// The key, when the node is a mapping's value.
        var key: YAMLNode?
        /// The collection holding the node; `nil` for a document's root.
        var parent: YAMLNode?
        /// The node's position in its parent.
        var index: Int?
        /// Whether a flow collection holds the node.
        var inFlow: Bool
    }

    /// The node at `path`, following explicit keys (compared by bytes) and indexes.
    ///
    /// - Throws: `.pathNotFound` naming the first step that leads nowhere
    ///   or through an alias; `.invalidValue` for a key written twice.
    func locate(_ path: YAMLPath, document: Int) throws(EditError) -> Located {
        guard document >= 0, document < documents.count, let root = documents[document].root else {
            throw .pathNotFound(message: "\(path.displayText) does not exist")
        }
        var found = Located(node: root, key: nil, parent: nil, index: nil, inFlow: false)
        var walked: [YAMLPathComponent] = []
        for component in path.components {
            walked.append(component)
            let here = YAMLPath(walked)
            if case .alias(let name) = found.node.content {
                throw .pathNotFound(message: "\(YAMLPath(walked.dropLast()).displayText) is an alias of `&\(name)`; edit the anchored node instead")
            }
            let inFlow = found.inFlow || found.node.collectionStyle == .flow
            switch (component, found.node.content) {
            case (.key(let key), .mapping(let pairs)):
                found = try pair(key, in: pairs, parent: found.node, inFlow: inFlow, path: here)
            case (.index(let index), .sequence(let items)):
                guard index >= 0, index < items.count else { throw .pathNotFound(message: "\(YAMLPath(walked.dropLast()).displayText) has \(items.count) items; there is no item \(index)") }
                found = Located(node: items[index], key: nil, parent: found.node, index: index, inFlow: inFlow)
            case (.index(let index), .mapping(let pairs)):
                found = try pair(String(index), in: pairs, parent: found.node, inFlow: inFlow, path: here)
            default:
                throw .pathNotFound(message: "\(here.displayText) does not exist")
            }
        }
        return found
    }

    private func pair(_ key: String, in pairs: [YAMLPair], parent: YAMLNode, inFlow: Bool, path: YAMLPath) throws(EditError) -> Located {
        let indexes = YAMLKey.indexes(of: key, in: pairs)
        guard let index = indexes.first else { throw .pathNotFound(message: "\(path.displayText) does not exist") }
        guard indexes.count == 1 else {
            let lines = indexes.map { location(of: pairs[$0].key.range.lowerBound).line }
            throw .invalidValue(message: YAMLKey.refusal(of: path.displayText, found: indexes, in: pairs, lines: lines))
        }
        return Located(node: pairs[index].value, key: pairs[index].key, parent: parent, index: index, inFlow: inFlow)
    }

    /// The sequence holding the item at `path`, the item's index, whether
    /// the sequence is a flow one, and the sequence's path.
    private func item(at path: YAMLPath, document: Int) throws(EditError) -> (items: [YAMLNode], index: Int, flow: Bool, parentPath: YAMLPath) {
        let found = try locate(path, document: document)
        guard let parent = found.parent, let items = parent.items, let index = found.index else {
            throw .pathNotFound(message: "\(path.displayText) is not an item of a sequence")
        }
        return (items, index, parent.collectionStyle == .flow, YAMLPath(Array(path.components.dropLast())))
    }

    /// Whether each pair's key and value read as the same as the pair at
    /// the same place in `other`, with as many pairs.
    static func pairsReadAsSame(_ pairs: [YAMLPair], _ other: [YAMLPair]) -> Bool {
        pairs.count == other.count && zip(pairs, other).allSatisfy { $0.key.readsAsSameValue(as: $1.key) && $0.value.readsAsSameValue(as: $1.value) }
    }

    /// `nil` when the node at `path` reads back as a null with no tag or
    /// anchor (a key added without a value), else the refusal.
    func readsBackAsNull(at path: YAMLPath, document: Int) -> EditError? {
        node(at: path, document: document).map(Self.isNull) == true ? nil : .invalidValue(message: "\(path.displayText) would not read back as a key with no value")
    }

    /// Whether `node` is a plain null (empty, `~` or `null`) with no tag or anchor.
    static func isNull(_ node: YAMLNode) -> Bool {
        guard let scalar = node.scalar, node.tag == nil, node.anchor == nil else { return false }
        return scalar.style == .plain && YAMLValueType(scalar) == .null
    }

    /// `nil` when the scalar at `path` reads back as `value`, else the refusal.
    func readsBack(_ value: String, at path: YAMLPath, document: Int) -> EditError? {
        node(at: path, document: document)?.scalar?.value.hasSameBytes(as: value) == true
            ? nil : .invalidValue(message: "\(path.displayText) would not read back as the text given")
    }
}

extension YAMLScalar {
    /// Whether the scalar is a literal or folded block scalar.
    var isBlock: Bool { style == .literal || style == .folded }
}
