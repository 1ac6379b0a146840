/// Edit intents on a Markdown document (ARCHITECTURE.md, "The editing model"): each becomes
/// text edits confined to the affected blocks, written in the file's own
/// conventions (line ending, indentation, quote style), applied through
/// `replace`, and checked by reading the result back.
extension MarkdownDocument {
    /// Performs `operation`.
    ///
    /// - Returns: the edits applied and their inverse, for undo.
    /// - Throws: `EditError` when the operation cannot be done without
    ///   writing something that reads back differently; the document is
    ///   then unchanged.
    @discardableResult
    public mutating func perform(_ operation: DocumentOperation) throws(EditError) -> DocumentChange {
        let plan = try planned(operation)
        guard !plan.edits.isEmpty else {
            return DocumentChange(edits: [], inverse: [], blocks: Replacement(updated: [], removed: [], inserted: []), focus: plan.focus, notes: plan.notes)
        }
        let snapshot = storage
        let inverse = TextEdit.inverses(of: plan.edits, original: { snapshot[$0] })
        let blocks = apply(plan.edits, preferredIDs: plan.keptIdentities)
        let focus = plan.focus ?? plan.keptIdentities.first ?? blocks.inserted.first ?? blocks.updated.first
        if let check = plan.check, let problem = check(self, focus, blocks) {
            apply(inverse, preferredIDs: blocks.removed + plan.keptIdentities)
            throw problem
        }
        return DocumentChange(
            edits: plan.edits, inverse: inverse, blocks: blocks, focus: focus, notes: plan.notes, keptIdentities: plan.keptIdentities)
    }

    /// Applies a change's inverse (undo).
    ///
    /// - Returns: the block to select.
    @discardableResult
    public mutating func undo(_ change: DocumentChange) -> BlockID? {
        let result = apply(change.inverse, preferredIDs: change.blocks.removed + change.keptIdentities)
        if let focus = change.focus, index(of: focus) != nil { return focus }
        return result.inserted.first ?? result.updated.first
    }

    /// Applies a change again after it was undone (redo).
    ///
    /// - Returns: the block to select.
    @discardableResult
    public mutating func redo(_ change: DocumentChange) -> BlockID? {
        let result = apply(change.edits, preferredIDs: change.blocks.inserted + change.keptIdentities)
        if let focus = change.focus, index(of: focus) != nil { return focus }
        return result.inserted.first ?? result.updated.first
    }

    // MARK: Planning

    private struct Plan {
        var edits: [TextEdit]
        var focus: BlockID?
        var notes: [String] = []
        /// Identities to keep for blocks the edits write again (a moved block).
        var keptIdentities: [BlockID] = []
        /// Reads the result back; returns the error to throw when it differs.
        var check: (@Sendable (MarkdownDocument, BlockID?, Replacement) -> EditError?)?
    }

    private func planned(_ operation: DocumentOperation) throws(EditError) -> Plan {
        switch operation {
        case .setTileProperty(let id, let key, let value):
            return try planSetTileProperty(id, key: key, value: value)
        case .removeTileProperty(let id, let key):
            let (index, tile) = try tileBlock(id)
            guard tile.form != .mermaidShorthand else {
                throw .invalidValue(message: "a `:::mermaid` block holds only its diagram")
            }
            guard let property = tile.property(key) else { return Plan(edits: [], focus: id) }
            let start = range(at: index).lowerBound
            return Plan(edits: [TextEdit(range: shifted(property.span, by: start), replacement: [])], focus: id)
        case .setFrontMatterField(let key, let value):
            return try planFrontMatter(key: key) { editor throws(EditError) in
                // A date stays a date, as in YAML files; a key of Tiledown's own has its rule, checked after.
                if FrontMatterSchema.tiledown.field(key) == nil, let problem = editor.timestampProblem(key: key, value: value) {
                    throw .invalidValue(message: problem)
                }
                // The schema decides the written style of a typed field's valid value: plain (`draft: true`).
                return try editor.setScalar(at: YAMLPath([.key(key)]), to: value, plain: FrontMatterSchema.tiledown.writesPlain(value, for: key))
            } flat: { frontMatter, start throws(EditError) in
                try flatSet(frontMatter, blockStart: start, key: key, value: value)
            } create: { dialect throws(EditError) in
                try newFieldLine(key: key, value: value, dialect: dialect)
            } check: { frontMatter in
                frontMatter[key]?.hasSameBytes(as: value) == true ? nil : .invalidValue(message: "`\(key)` would not read back as the text given")
            }
        case .setFrontMatterValue(let path, let value) where path.components.count == 1:
            return try planned(.setFrontMatterField(key: path.description, value: value))
        case .setFrontMatterValue(let path, let value):
            let key = path.description
            return try planFrontMatter(key: key) { editor throws(EditError) in
                try editor.setScalar(at: path, to: value)
            } flat: { frontMatter, start throws(EditError) in
                try flatSet(frontMatter, blockStart: start, key: key, value: value)
            } create: { _ throws(EditError) in
                throw .pathNotFound(message: "the file has no front matter, so \(path.displayText) does not exist")
            } check: { frontMatter in
                let read = frontMatter.dialect == .tiledown ? frontMatter[key] : frontMatter.yamlRoot?.node(at: path)?.scalar?.value
                return read?.hasSameBytes(as: value) == true ? nil : .invalidValue(message: "\(path.displayText) would not read back as the text given")
            }
        case .setFrontMatterList(let key, let items):
            return try planFrontMatter(key: key) { editor throws(EditError) in
                (try editor.setList(at: YAMLPath([.key(key)]), items: items), [])
            } flat: { frontMatter, start throws(EditError) in
                try flatSet(frontMatter, blockStart: start, key: key, value: items.joined(separator: ", "))
            } create: { dialect throws(EditError) in
                dialect == .tiledown ? "\(key): \(items.joined(separator: ", "))" : nil
            } check: { _ in nil }
        case .appendFrontMatterListItem(let key, let item):
            return try planFrontMatter(key: key) { editor throws(EditError) in
                (try editor.appendItem(at: YAMLPath([.key(key)]), item: item), [])
            } flat: { frontMatter, start throws(EditError) in
                let current = frontMatter[key] ?? ""
                return try flatSet(frontMatter, blockStart: start, key: key, value: current.isEmpty ? item : current + ", " + item)
            } create: { dialect throws(EditError) in
                dialect == .tiledown ? "\(key): \(item)" : nil
            } check: { _ in nil }
        case .moveFrontMatterListItem(let key, let index, let offset):
            return try plannedItemEdit(key: key, index: index, offset: offset)
        case .removeFrontMatterListItem(let key, let index):
            return try plannedItemEdit(key: key, index: index, offset: nil)
        case .removeFrontMatterField(let key):
            guard let frontMatter, let first = blockCount > 0 ? id(at: 0) : nil else { return Plan(edits: [], focus: nil) }
            let start = range(at: 0).lowerBound
            if let problem = frontMatter.problem { throw .frontMatterUnavailable(message: problem) }
            switch frontMatter.dialect {
            case .tiledown:
                let matching = frontMatter.fields.filter { $0.key.hasSameBytes(as: key) }
                if matching.count > 1 {
                    let lines = matching.map { firstLine(at: 0) + $0.lineOffset }
                    throw .invalidValue(message: "`\(key)` is written \(matching.count) times (lines \(YAMLEditor.list(lines))); remove the others before editing it")
                }
                guard let field = matching.first else { return Plan(edits: [], focus: first) }
                let lines = lineRange(containing: start + field.keySpan.lowerBound)
                // The comment lines right above the field are its own (YAMLSourceScanner.leadingCommentStart).
                let comments = YAMLSourceScanner(bytes: storage[range(at: 0)]).leadingCommentStart(ofLineAt: lines.lowerBound - start, after: 0)
                return Plan(edits: [TextEdit(range: (start + comments)..<lines.upperBound, replacement: [])], focus: first)
            case .yaml:
                let editor = yamlEditor(frontMatter, blockIndex: 0)
                let edits = try editor.removeKey(at: YAMLPath([.key(key)]))
                return Plan(edits: edits.map { shiftedEdit($0, by: start) }, focus: first)
            }
        case .insertTile(let type, let index):
            return try planInsertTile(type: type, at: index)
        case .insertText(let text, let index):
            let bytes = normalizedBlockText(text)
            guard !bytes.isEmpty else { return Plan(edits: [], focus: nil) }
            return Plan(edits: [insertionEdit(bytes, atBoundary: clampedBoundary(index))], focus: nil)
        case .deleteBlock(let id):
            guard let index = index(of: id) else { throw .blockNotFound(id) }
            return Plan(edits: [removalEdit(at: index)], focus: nil, check: deletionCheck(at: index))
        case .moveBlock(let id, let target):
            return try planMove(id, to: target)
        case .duplicateBlock(let id):
            return try planDuplicate(id)
        case .replaceBlockText(let id, let text):
            guard let index = index(of: id) else { throw .blockNotFound(id) }
            // Text given back unchanged (the editable form, say) is no edit,
            // even in a block whose own line endings are mixed.
            if Self.editableForm(text) == editableText(of: block(at: index)) { return Plan(edits: [], focus: id) }
            let bytes = normalizedBlockText(text, lineEnding: ownLineEnding(at: index))
            if bytes.allSatisfy(Byte.isWhitespace) {
                return Plan(edits: [removalEdit(at: index)], focus: nil)
            }
            let blockRange = range(at: index)
            // The block keeps its own final line break (or, ending the file, none).
            let replacement = Self.replacingFinalLineBreak(of: bytes, with: Self.finalLineBreak(of: storage[blockRange]))
            // The same bytes: no edit.
            if replacement == storage[blockRange] { return Plan(edits: [], focus: id) }
            return Plan(edits: [TextEdit(range: blockRange, replacement: replacement)], focus: id)
        }
    }

    // MARK: Tiles

    private func tileBlock(_ id: BlockID) throws(EditError) -> (Int, Tile) {
        guard let index = index(of: id) else { throw .blockNotFound(id) }
        switch kind(at: index) {
        case .tile(let tile):
            return (index, tile)
        case .raw(.tile):
            let message = block(at: index).diagnostics.first { $0.severity == .error }?.message ?? "the tile does not follow the tile grammar"
            throw .unreadableBlock(message: message)
        case let other:
            throw .wrongBlockKind(expected: "a tile", found: other.displayName)
        }
    }

    private func planSetTileProperty(_ id: BlockID, key: String, value: TileValue) throws(EditError) -> Plan {
        let (index, tile) = try tileBlock(id)
        let start = range(at: index).lowerBound
        // Lines written into a tile end as the tile's own do (its first
        // line break): in a file whose line endings are mixed, a tile pasted
        // with CRLF into an LF file keeps CRLF, as a replaced block does.
        let lineEnding = ownLineEnding(at: index)
        let normalized = TileWriter.normalized(value)
        if key == "id" {
            let newID = normalized.text
            if newID != tile.id && containsTileID(newID) { throw .duplicateTileID(newID) }
        }
        let check: @Sendable (MarkdownDocument, BlockID?, Replacement) -> EditError? = { document, _, _ in
            guard let tile = document.block(id: id)?.kind.tile, let written = tile.value(key) else {
                return .invalidValue(message: "`\(key)` would not read back as the value given")
            }
            let same: Bool
            switch normalized {
            case .list(let items): same = written.items == items || (items.isEmpty && written.isEmpty)
            default: same = written.text == normalized.text
            }
            return same ? nil : .invalidValue(message: "`\(key)` would not read back as the value given")
        }
        if tile.form == .mermaidShorthand {
            guard key == "definition" else {
                throw .invalidValue(message: "a `:::mermaid` block holds only its diagram; change it to `:::tile mermaid` to add `\(key)`")
            }
            let body = tile.property("definition")?.span ?? tile.openingSpan.upperBound..<tile.openingSpan.upperBound
            var text = ""
            for line in normalized.text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.trimmingSpaces() == ":::" {
                    throw .invalidValue(message: "a line `:::` would close the diagram early")
                }
                text += line + lineEnding.string
            }
            return Plan(edits: [TextEdit(range: shifted(body, by: start), replacement: text)], focus: id, check: check)
        }
        let schema = catalog.schema(for: tile.type)
        if let property = tile.property(key) {
            if case .text(let newText) = normalized, case .text(let oldText) = property.value, !oldText.isEmpty, !newText.isEmpty,
               newText == newText.trimmingSpaces(), !["|", ">", ">-", ">+", "|-", "|+"].contains(newText) {
                return Plan(edits: [TextEdit(range: shifted(property.valueSpan, by: start), replacement: newText)], focus: id, check: check)
            }
            let indent = leadingWhitespace(at: start + property.span.lowerBound)
            var continuation: String?
            switch (property.value, normalized) {
            case (.literal, .literal), (.list, .list): continuation = property.continuationIndent
            default: continuation = nil
            }
            if case .literal = property.value, continuation == nil, case .text = normalized { continuation = property.continuationIndent }
            var preferLiteral = false
            if case .literal = property.value { preferLiteral = true }
            let text = try TileWriter.propertyText(
                key: key, value: normalized, indent: indent,
                continuationIndent: continuation.flatMap { $0.isEmpty ? nil : String($0.dropFirst(indent.count)) } ?? continuation,
                preferLiteral: preferLiteral, lineEnding: lineEnding)
            // The property's last line keeps its own line break.
            let span = shifted(property.span, by: start)
            let replacement = Self.replacingFinalLineBreak(of: Array(text.utf8), with: Self.finalLineBreak(of: storage[span]))
            return Plan(edits: [TextEdit(range: span, replacement: replacement)], focus: id, check: check)
        }
        let rank = schema?.canonicalRank(of: key) ?? (key == "id" ? 0 : key == "mode" ? 1 : Int.max)
        let before = tile.properties.first { (schema?.canonicalRank(of: $0.key) ?? ($0.key == "id" ? 0 : $0.key == "mode" ? 1 : Int.max)) > rank }
        let position = before?.span.lowerBound ?? tile.closingSpan.lowerBound
        let listIndent = tile.properties.first { if case .list = $0.value { return true } else { return false } }?.continuationIndent
        // A new line is indented as its neighbours: a tile indented as a
        // whole (in a list item, in an unclosed tile's literal) keeps its
        // lines inside the indentation that makes it a tile there.
        let neighbour = (before ?? tile.properties.last).map { start + $0.span.lowerBound } ?? (start + tile.closingSpan.lowerBound)
        let text = try TileWriter.propertyText(
            key: key, value: normalized, indent: leadingWhitespace(at: neighbour), continuationIndent: listIndent, lineEnding: lineEnding)
        return Plan(edits: [TextEdit(range: (start + position)..<(start + position), replacement: text)], focus: id, check: check)
    }

    private func planInsertTile(type: String, at index: Int) throws(EditError) -> Plan {
        guard let schema = catalog.schema(for: type) else { throw .unknownTileType(type) }
        var properties: [(key: String, value: TileValue)] = [("id", .text(uniqueTileID(base: type)))]
        for property in schema.properties {
            if let template = property.template { properties.append((property.key, template)) }
        }
        if type == "chart" { properties.append(TileCatalog.chartSeriesTemplate) }
        let text = try TileWriter.canonicalText(type: type, properties: properties, schema: schema, lineEnding: lineEnding)
        let boundary = clampedBoundary(index)
        return Plan(edits: [insertionEdit(Array(text.utf8), atBoundary: boundary)], focus: nil) { document, focus, _ in
            guard let focus, case .tile(let tile)? = document.block(id: focus)?.kind, tile.type == type else {
                return .wouldChangeStructure(message: "the new tile would not read back as a tile here")
            }
            return nil
        }
    }

    /// `base-N` with the smallest N ≥ 1 no tile uses (`callout-1`, `callout-2`, …).
    public func uniqueTileID(base: String) -> String {
        let stem = TileValidator.kebabCased(base).isEmpty ? "tile" : TileValidator.kebabCased(base)
        var number = 1
        while containsTileID("\(stem)-\(number)") { number += 1 }
        return "\(stem)-\(number)"
    }

    private func planDuplicate(_ id: BlockID) throws(EditError) -> Plan {
        guard let index = index(of: id) else { throw .blockNotFound(id) }
        if case .frontMatter = kind(at: index) { throw .wrongBlockKind(expected: "a block other than front matter", found: "front matter") }
        let blockRange = range(at: index)
        var text = storage[blockRange]
        if case .tile(let tile) = kind(at: index), let property = tile.property("id"), let old = tile.id {
            var base = old
            if let dash = old.lastIndex(of: "-"), Int(old[old.index(after: dash)...]) != nil { base = String(old[..<dash]) }
            var number = 2
            while containsTileID("\(base)-\(number)") { number += 1 }
            text.replaceSubrange(property.valueSpan, with: Array("\(base)-\(number)".utf8))
        }
        if !(text.last.map(LineEnding.isLineBreak) ?? false) { text += lineEnding.bytes }
        let duplicatedKind = kind(at: index)
        let original = storage[blockRange]
        let copy = text
        let count = blockCount
        // The copy must stand as a block of its own: a list, a block quote or
        // a paragraph written next to its original can join it (one block
        // twice as long), which is no duplicate.
        return Plan(edits: [insertionEdit(text, atBoundary: index + 1)], focus: nil) { document, _, _ in
            guard document.blockCount == count + 1, index + 1 < document.blockCount else {
                return .wouldChangeStructure(message: "the copy would join the block it copies; add a block between them first")
            }
            let placed = document.block(at: index + 1)
            var placedText = document.bytes(of: placed)
            if !(placedText.last.map(LineEnding.isLineBreak) ?? false) { placedText += document.lineEnding.bytes }
            // The original, no longer last, may gain the line break the file's end lacked.
            let kept = document.block(at: index)
            guard placed.kind.displayName == duplicatedKind.displayName, placedText == copy,
                  kept.kind.displayName == duplicatedKind.displayName,
                  Self.replacingFinalLineBreak(of: document.bytes(of: kept), with: []) == Self.replacingFinalLineBreak(of: original, with: []) else {
                return .wouldChangeStructure(message: "the copy would join the block it copies; add a block between them first")
            }
            return nil
        }
    }

    /// Reads a deletion back: the blocks on either side of the deleted one
    /// stay what they were (two lists, or indented code, around it would
    /// otherwise join into one block, a change to blocks nobody touched).
    private func deletionCheck(at index: Int) -> (@Sendable (MarkdownDocument, BlockID?, Replacement) -> EditError?) {
        let count = blockCount
        let before = index > 0 ? (kind(at: index - 1), storage[range(at: index - 1)]) : nil
        let after = index + 1 < count ? (kind(at: index + 1), storage[range(at: index + 1)]) : nil
        return { document, _, _ in
            let joined = EditError.wouldChangeStructure(
                message: "the blocks before and after it would join into one; edit its text instead, or delete one of them too")
            guard document.blockCount == count - 1 else { return joined }
            if let (kind, bytes) = before {
                let kept = document.block(at: index - 1)
                // The block before may lose its line break, to end as the file did
                // (a tile's parse then differs by that break, not its kind).
                let keptBytes = document.bytes(of: kept)
                let sameKind = keptBytes == bytes ? kept.kind == kind : kept.kind.displayName == kind.displayName
                guard sameKind, bytes.starts(with: keptBytes) else { return joined }
            }
            if let (kind, bytes) = after, index < document.blockCount {
                let kept = document.block(at: index)
                guard kept.kind == kind, document.bytes(of: kept) == bytes else { return joined }
            }
            return nil
        }
    }

    private func planMove(_ id: BlockID, to target: Int) throws(EditError) -> Plan {
        guard let index = index(of: id) else { throw .blockNotFound(id) }
        if case .frontMatter = kind(at: index) { throw .wrongBlockKind(expected: "a block other than front matter", found: "front matter") }
        let lowest = frontMatter != nil ? 1 : 0
        let destination = Swift.max(lowest, Swift.min(target, blockCount - 1))
        guard destination != index else { return Plan(edits: [], focus: id) }
        let boundary = destination < index ? destination : destination + 1
        var text = storage[range(at: index)]
        if !(text.last.map(LineEnding.isLineBreak) ?? false) { text += lineEnding.bytes }
        let movedKind = kind(at: index)
        let movedText = text
        let count = blockCount
        let edits = [removalEdit(at: index), insertionEdit(text, atBoundary: boundary, ignoring: index)]
        return Plan(edits: edits, focus: nil, keptIdentities: [id]) { document, focus, _ in
            guard document.blockCount == count, destination < document.blockCount else {
                return .wouldChangeStructure(message: "the block would join the blocks next to it there; put it elsewhere or add a block between them")
            }
            let placed = document.block(at: destination)
            var placedText = document.bytes(of: placed)
            if !(placedText.last.map(LineEnding.isLineBreak) ?? false) { placedText += document.lineEnding.bytes }
            // Same kind by name: a tile's parse records its own spans, which
            // differ by the line break when it moves to or from the file's end.
            guard placed.kind.displayName == movedKind.displayName, placedText == movedText else {
                return .wouldChangeStructure(message: "the block would join the blocks next to it there; put it elsewhere or add a block between them")
            }
            return nil
        }
    }

    // MARK: Front matter

    private func planFrontMatter(
        key: String,
        yaml: (YAMLEditor) throws(EditError) -> (edits: [TextEdit], notes: [String]),
        flat: (FrontMatter, Int) throws(EditError) -> [TextEdit],
        create: (FrontMatterDialect) throws(EditError) -> String?,
        check: @escaping @Sendable (FrontMatter) -> EditError?
    ) throws(EditError) -> Plan {
        let verify: @Sendable (MarkdownDocument, BlockID?, Replacement) -> EditError? = { document, _, _ in
            guard let frontMatter = document.frontMatter else { return .invalidValue(message: "the front matter would not read back") }
            return check(frontMatter)
        }
        guard let frontMatter else {
            if blockCount > 0, let lookalike = block(at: 0).diagnostics.first(where: { Self.lookalikeCodes.contains($0.code) }) {
                throw .frontMatterUnavailable(message: lookalike.message)
            }
            guard let line = try create(dialect) else {
                throw .frontMatterUnavailable(message: "the file has no front matter")
            }
            let eol = lineEnding.string
            let at = hasByteOrderMark ? 3 : 0
            let hasBody = storage.count > at
            let text = "---\(eol)\(line)\(eol)---\(eol)" + (hasBody ? eol : "")
            return Plan(edits: [TextEdit(range: at..<at, replacement: text)], focus: nil, check: verify)
        }
        if let problem = frontMatter.problem { throw .frontMatterUnavailable(message: problem) }
        let start = range(at: 0).lowerBound
        let focus = id(at: 0)
        switch frontMatter.dialect {
        case .tiledown:
            return Plan(edits: try flat(frontMatter, start), focus: focus, check: verify)
        case .yaml:
            let (edits, notes) = try yaml(yamlEditor(frontMatter, blockIndex: 0))
            return Plan(edits: edits.map { shiftedEdit($0, by: start) }, focus: focus, notes: notes, check: verify)
        }
    }

    private func plannedItemEdit(key: String, index: Int, offset: Int?) throws(EditError) -> Plan {
        let edit = try frontMatterItemEdit(key: key, index: index, offset: offset)
        let expected = edit.expected
        let check: @Sendable (MarkdownDocument, BlockID?, Replacement) -> EditError? = { document, _, _ in
            Self.frontMatterItems(of: document, key: key, readAs: expected)
        }
        return Plan(edits: edit.edits, focus: id(at: 0), check: check)
    }

    private func yamlEditor(_ frontMatter: FrontMatter, blockIndex: Int) -> YAMLEditor {
        YAMLEditor(
            text: storage[range(at: blockIndex)], root: frontMatter.yamlRoot,
            emptyInsertionPoint: frontMatter.contentSpan.upperBound, lineEnding: lineEnding,
            firstLine: firstLine(at: blockIndex), readers: .frontMatter)
    }

    private func newFieldLine(key: String, value: String, dialect: FrontMatterDialect) throws(EditError) -> String {
        switch dialect {
        case .tiledown:
            try checkFlat(key: key, value: value)
            return "\(key): \(value)"
        case .yaml:
            let editor = YAMLEditor(text: [], root: nil, emptyInsertionPoint: 0, lineEnding: lineEnding, firstLine: 1, readers: .frontMatter)
            let (edits, _) = try editor.setScalar(at: YAMLPath([.key(key)]), to: value, plain: FrontMatterSchema.tiledown.writesPlain(value, for: key))
            var text = String(decoding: edits.first?.replacement ?? [], as: UTF8.self)
            // By scalars: `\r\n` is one `Character`, so `hasSuffix("\n")` would miss it.
            while let last = text.unicodeScalars.last, last == "\n" || last == "\r" { text.unicodeScalars.removeLast() }
            return text
        }
    }

    private func checkFlat(key: String, value: String) throws(EditError) {
        if key.isEmpty || key.utf8.contains(Byte.colon) || key != key.trimmingSpaces() || key.utf8.contains(Byte.newline) || key.utf8.contains(Byte.carriageReturn) {
            throw .invalidValue(message: "`\(key)` cannot be a front matter key")
        }
        if value.utf8.contains(Byte.newline) || value.utf8.contains(Byte.carriageReturn) {
            throw .invalidValue(message: "Tiledown front matter values are one line; `\(key)` cannot span lines")
        }
        if value != value.trimmingSpaces() {
            throw .invalidValue(message: "Tiledown front matter values are trimmed; `\(key)` would read back as `\(value.trimmingSpaces())`")
        }
    }

    private func flatSet(_ frontMatter: FrontMatter, blockStart start: Int, key: String, value: String) throws(EditError) -> [TextEdit] {
        try checkFlat(key: key, value: value)
        let matching = frontMatter.fields.filter { $0.key.hasSameBytes(as: key) }
        if matching.count > 1 {
            let lines = matching.map { firstLine(at: 0) + $0.lineOffset }
            throw .invalidValue(message: "`\(key)` is written \(matching.count) times (lines \(YAMLEditor.list(lines))); remove the others before editing it")
        }
        if let field = matching.last {
            if field.valueSpan.isEmpty || value.isEmpty {
                // `key:` or clearing: rewrite the text after the colon.
                var colon = start + field.keySpan.upperBound
                while colon < storage.count && storage[colon] != Byte.colon { colon += 1 }
                let lineEnd = lineRange(containing: colon).upperBound
                var contentEnd = lineEnd
                while contentEnd > colon + 1 && (storage[contentEnd - 1] == Byte.newline || storage[contentEnd - 1] == Byte.carriageReturn) { contentEnd -= 1 }
                return [TextEdit(range: (colon + 1)..<contentEnd, replacement: value.isEmpty ? "" : " " + value)]
            }
            return [TextEdit(range: shifted(field.valueSpan, by: start), replacement: value)]
        }
        let line = "\(key): \(value)" + lineEnding.string
        if let last = frontMatter.fields.last {
            let after = lineRange(containing: start + last.keySpan.lowerBound).upperBound
            return [TextEdit(range: after..<after, replacement: line)]
        }
        let at = start + frontMatter.closingSpan.lowerBound
        return [TextEdit(range: at..<at, replacement: line)]
    }

    // MARK: Positions

    private func clampedBoundary(_ index: Int) -> Int {
        let lowest = frontMatter != nil ? 1 : 0
        return Swift.max(lowest, Swift.min(index, blockCount))
    }

    /// `text` (user text) with `lineEnding` (the file's by default) and a
    /// final line break.
    private func normalizedBlockText(_ text: String, lineEnding: LineEnding? = nil) -> [UInt8] {
        var normalized = LineEnding.normalizedToLF(text)
        while normalized.hasSuffix("\n\n") { normalized.removeLast() }
        if !normalized.isEmpty && !normalized.hasSuffix("\n") { normalized += "\n" }
        return Array((lineEnding ?? self.lineEnding).applied(to: normalized).utf8)
    }

    /// The line ending the block at `index` is written with (its first line
    /// break), else the file's: in a file whose line endings are mixed, a
    /// replaced block keeps its own.
    private func ownLineEnding(at index: Int) -> LineEnding {
        let bytes = storage[range(at: index)]
        return bytes.contains(where: LineEnding.isLineBreak) ? LineEnding.detect(in: bytes) : lineEnding
    }

    /// An edit inserting `text` (a block ending with a line break) so it
    /// starts before the block now at `boundary` (or at the end), with a
    /// blank line on each side.
    ///
    /// - Parameter ignoring: a block that another edit of the same change removes.
    private func insertionEdit(_ text: [UInt8], atBoundary boundary: Int, ignoring removed: Int? = nil) -> TextEdit {
        let eol = lineEnding.bytes
        if boundary < blockCount {
            let position = range(at: boundary).lowerBound
            // The block that will precede the new one, and whether blank lines part them.
            var previous = boundary - 1
            if previous == removed { previous -= 1 }
            // Front matter ends at its closing line: a block may follow it directly.
            let needsBlankBefore = previous >= 0 && gapAfter(previous) == 0 && kind(at: previous).frontMatter == nil
            return TextEdit(range: position..<position, replacement: separated((needsBlankBefore ? eol : []) + text + eol, at: position))
        }
        let end = storage.count
        var prefix: [UInt8] = []
        var text = text
        if blockCount > 0 {
            if endsWithoutLineBreak {
                prefix += eol
                // The file's end keeps its form: the new last block ends
                // without a line break too, so deleting it gives the bytes back.
                text = Self.replacingFinalLineBreak(of: text, with: [])
            }
            if gapAfter(blockCount - 1) == 0 { prefix += eol }
        }
        return TextEdit(range: end..<end, replacement: separated(prefix + text, at: end))
    }

    /// Whether the file has bytes and the last is no line break.
    private var endsWithoutLineBreak: Bool {
        storage.count > 0 && !LineEnding.isLineBreak(storage[storage.count - 1])
    }

    /// `bytes` to insert at `position`, with a leading `\n` written as `\r`
    /// when a lone `\r` ends the line before (they would join into one `\r\n`).
    private func separated(_ bytes: [UInt8], at position: Int) -> [UInt8] {
        guard position > 0, storage[position - 1] == Byte.carriageReturn, bytes.first == Byte.newline else { return bytes }
        return [Byte.carriageReturn] + bytes.dropFirst()
    }

    private func gapAfter(_ index: Int) -> Int {
        let next = index + 1 < blockCount ? range(at: index + 1).lowerBound : storage.count
        return next - range(at: index).upperBound
    }

    /// An edit removing the block at `index` and the blank lines after it
    /// (for the last block, the blank lines before it, and in a file
    /// without a final line break the one ending the block before, which
    /// becomes the last and so ends as the file did).
    private func removalEdit(at index: Int) -> TextEdit {
        if index + 1 < blockCount {
            return TextEdit(range: range(at: index).lowerBound..<range(at: index + 1).lowerBound, replacement: [])
        }
        if index > 0 {
            let previous = range(at: index - 1)
            let kept = endsWithoutLineBreak ? previous.upperBound - Self.finalLineBreak(of: storage[previous]).count : previous.upperBound
            return TextEdit(range: kept..<storage.count, replacement: [])
        }
        return TextEdit(range: range(at: index).lowerBound..<storage.count, replacement: [])
    }

    private func shifted(_ span: Range<Int>, by offset: Int) -> Range<Int> {
        (span.lowerBound + offset)..<(span.upperBound + offset)
    }

    private func shiftedEdit(_ edit: TextEdit, by offset: Int) -> TextEdit {
        TextEdit(range: shifted(edit.range, by: offset), replacement: edit.replacement)
    }

    /// The whole line holding `offset`, with its terminator (`\n`, `\r\n`
    /// or a lone `\r`).
    private func lineRange(containing offset: Int) -> Range<Int> {
        var start = offset
        while start > 0 && !LineEnding.isLineBreak(storage[start - 1]) { start -= 1 }
        var end = offset
        while end < storage.count && !LineEnding.isLineBreak(storage[end]) { end += 1 }
        if end < storage.count {
            end += storage[end] == Byte.carriageReturn && end + 1 < storage.count && storage[end + 1] == Byte.newline ? 2 : 1
        }
        return start..<end
    }

    private func leadingWhitespace(at offset: Int) -> String {
        var end = offset
        while end < storage.count && Byte.isSpaceOrTab(storage[end]) { end += 1 }
        return storage.string(offset..<end)
    }
}

extension MarkdownDocument {
    /// Applies arbitrary non-overlapping edits (a diagnostic's fix, the
    /// formatter's edits) as one undoable change.
    ///
    /// - Parameters:
    ///   - edits: edits in the coordinates of the current text.
    ///   - focus: the block to select afterwards, if it still exists.
    @discardableResult
    public mutating func perform(edits: [TextEdit], focus: BlockID? = nil) -> DocumentChange {
        guard !edits.isEmpty else {
            return DocumentChange(edits: [], inverse: [], blocks: Replacement(updated: [], removed: [], inserted: []), focus: focus)
        }
        let snapshot = storage
        let inverse = TextEdit.inverses(of: edits, original: { snapshot[$0] })
        let blocks = apply(edits)
        let kept = focus.flatMap { index(of: $0) != nil ? $0 : nil }
        return DocumentChange(edits: edits, inverse: inverse, blocks: blocks, focus: kept ?? blocks.inserted.first ?? blocks.updated.first)
    }
}

extension MarkdownDocument {
    /// The line break `bytes` ends with (`\n`, `\r\n`, `\r`), or none.
    static func finalLineBreak(of bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.last else { return [] }
        if last == Byte.carriageReturn { return [Byte.carriageReturn] }
        guard last == Byte.newline else { return [] }
        return bytes.count >= 2 && bytes[bytes.count - 2] == Byte.carriageReturn ? [Byte.carriageReturn, Byte.newline] : [Byte.newline]
    }

    /// `bytes` with its final line break (if any) replaced by `lineBreak`.
    static func replacingFinalLineBreak(of bytes: [UInt8], with lineBreak: [UInt8]) -> [UInt8] {
        var result = bytes
        while let last = result.last, LineEnding.isLineBreak(last) { result.removeLast() }
        return result + lineBreak
    }
}
