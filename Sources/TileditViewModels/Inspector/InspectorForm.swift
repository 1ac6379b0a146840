import Foundation
import TileditModel

/// The fields of a tile or front-matter block with what the user typed for
/// it: every schema property (in canonical order), then the unknown ones
/// written in the block, then keys being added; each with the message that
/// says why its typed value cannot be applied. A pure function of the
/// document, the block and the pending values.
struct InspectorForm {
    var document: MarkdownDocument
    var block: Block
    var pending: PendingBlockValues

    /// The fields; empty for a block that has no form.
    var fields: [InspectorField] {
        switch block.kind {
        case .tile(let tile): tileFields(tile)
        case .frontMatter(let frontMatter): frontMatterFields(frontMatter)
        default: []
        }
    }

    /// The operation that writes `field`'s typed value.
    func operation(writing field: InspectorField) -> DocumentOperation? {
        switch block.kind {
        case .tile(let tile):
            return .setTileProperty(block.id, key: field.key, value: Self.value(field.draft, existing: tile.value(field.key)))
        case .frontMatter(let frontMatter):
            if field.input == .list && frontMatter.dialect == .yaml && (frontMatter.field(field.key)?.node?.items != nil || !field.isPresent) {
                return .setFrontMatterList(key: field.key, items: Self.items(field.draft))
            }
            return .setFrontMatterField(key: field.key, value: field.draft)
        default:
            return nil
        }
    }

    /// The operation that writes `items` as the list `key` (the list
    /// editor's): a front-matter list keeps its style, flow or block, and
    /// the items it keeps as written; a tile's list is its `- item` lines.
    func operation(writingItems items: [String], key: String) -> DocumentOperation? {
        switch block.kind {
        case .tile: .setTileProperty(block.id, key: key, value: .list(items))
        case .frontMatter: .setFrontMatterList(key: key, items: items)
        default: nil
        }
    }

    /// The operation moving item `index` (from 0) of the list `key` by
    /// `offset` with its own bytes (quotes, comment), as the YAML tree
    /// moves items; `nil` where the list is written whole (a tile's list,
    /// Tiledown's `flat` front matter), whose items have no bytes of their own.
    func operation(movingItem index: Int, by offset: Int, key: String, flat: Bool) -> DocumentOperation? {
        guard case .frontMatter = block.kind, !flat else { return nil }
        return .moveFrontMatterListItem(key: key, index: index, by: offset)
    }

    /// The operation removing item `index` (from 0) of the list `key`, its
    /// own bytes only; `nil` where the list is written whole (see above).
    func operation(removingItem index: Int, key: String, flat: Bool) -> DocumentOperation? {
        guard case .frontMatter = block.kind, !flat else { return nil }
        return .removeFrontMatterListItem(key: key, index: index)
    }

    /// The operation that removes `key` from the block.
    func operation(removing key: String) -> DocumentOperation? {
        switch block.kind {
        case .tile: .removeTileProperty(block.id, key: key)
        case .frontMatter: .removeFrontMatterField(key: key)
        default: nil
        }
    }

    // MARK: Tiles

    private func tileFields(_ tile: Tile) -> [InspectorField] {
        let schema = document.catalog.schema(for: tile.type)
        var keys: [String] = ["id"]
        if schema != nil || tile.property("mode") != nil { keys.append("mode") }
        keys += schema?.properties.filter(\.isRequired).map(\.key) ?? []
        keys += schema?.properties.filter { !$0.isRequired }.map(\.key) ?? []
        for property in tile.properties where !keys.contains(property.key) { keys.append(property.key) }
        for key in pending.addedKeys where !keys.contains(key) { keys.append(key) }
        if tile.form == .mermaidShorthand { keys = ["definition"] }
        return keys.map { key in
            let known = schema?.property(key) ?? (key == "id" ? TileCatalog.idProperty : key == "mode" ? TileCatalog.modeProperty : nil)
            let property = tile.property(key)
            let original = property.map { Self.displayText($0.value) } ?? ""
            let typed = pending.fields[key]
            let draft = typed ?? original
            // A chart's `series.NAME` properties are numbers, though no
            // schema entry names them one by one.
            let isSeries = known == nil && key.hasPrefix("series.") && schema?.knows(key) == true
            let kind = known?.kind ?? (isSeries ? .numberList : nil)
            var message = kind.flatMap { $0.problem(with: Self.value(draft, existing: property?.value), key: key) }
            if key == "id", message == nil, !draft.isEmpty, draft != tile.id, document.containsTileID(draft) {
                message = "tile id `\(draft)` is already used in this document"
            }
            if message == nil, known?.isRequired == true, draft.isEmpty, typed != nil {
                message = "tile `\(tile.type)` needs `\(key)`"
            }
            if message == nil, typed != nil, let problem = Self.writeProblem(key: key, draft: draft, existing: property?.value) {
                message = problem
            }
            var range: ClosedRange<Int>?
            if case .integer(let allowed)? = kind { range = allowed }
            return InspectorField(
                key: key, summary: known?.summary ?? (key.hasPrefix("series.") && schema?.knows(key) == true ? "A data series" : "Unknown property"),
                hint: kind?.hint ?? (key.hasPrefix("series.") ? TilePropertyKind.numberList.hint : "text"),
                input: Self.input(for: kind, existing: property?.value),
                isRequired: known?.isRequired ?? false, isKnown: known != nil || schema?.knows(key) == true,
                isPresent: property != nil, original: original, draft: draft, message: message, wholeNumberRange: range,
                items: Self.input(for: kind, existing: property?.value) == .list ? Self.listItems(property?.value) : [])
        }
    }

    // MARK: Front matter

    private func frontMatterFields(_ frontMatter: FrontMatter) -> [InspectorField] {
        let schema = FrontMatterSchema.tiledown
        var keys = frontMatter.fields.map(\.key)
        if frontMatter.dialect == .tiledown {
            for field in schema.fields where !keys.contains(field.key) { keys.append(field.key) }
        }
        for key in pending.addedKeys where !keys.contains(key) { keys.append(key) }
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }.map { key in
            let existing = frontMatter.field(key)
            let known = schema.field(key)
            let readOnlyReason = existing.flatMap(Self.nestedReason)
            let isList = readOnlyReason == nil
                && (existing?.node?.items != nil || (known?.kind == .list && frontMatter.dialect == .yaml && existing == nil))
            let original = existing.map { field in
                readOnlyReason != nil ? field.outline
                    : field.node?.items.map { $0.compactMap(\.scalar?.value).joined(separator: ", ") } ?? field.value
            } ?? ""
            let typed = pending.fields[key]
            let draft = typed ?? original
            var message = typed == nil ? nil : schema.problem(with: draft, for: key, dialect: frontMatter.dialect)
            if message == nil, typed != nil, frontMatter.dialect == .tiledown, draft.contains("\n") {
                message = "Tiledown front matter values are one line"
            }
            if message == nil, typed != nil, frontMatter.dialect == .tiledown, draft != draft.trimmingCharacters(in: .whitespaces) {
                message = "values are trimmed; remove the spaces at the start and end"
            }
            if message == nil, typed != nil, let readOnlyReason {
                message = readOnlyReason
            }
            let input: InspectorField.Input = readOnlyReason != nil ? .multiline
                : isList || known?.kind == .list ? .list
                : known?.kind == .boolean ? .toggle
                : Self.spansLines(existing, original: original, dialect: frontMatter.dialect) ? .multiline : .line
            let items = existing.map { field in field.node?.items.map { $0.compactMap(\.scalar?.value) } ?? Self.items(field.value) } ?? []
            var field = InspectorField(
                key: key, summary: known?.summary ?? "Front matter key", hint: schema.hint(for: key, dialect: frontMatter.dialect) ?? "text", input: input,
                isRequired: false, isKnown: known != nil, isPresent: existing != nil,
                original: original, draft: draft, message: message, items: input == .list ? items : [], readOnlyReason: readOnlyReason)
            field.togglesCoreBooleans = frontMatter.dialect == .yaml
            return field
        }
    }

    /// Why a YAML front-matter value cannot be a field: a mapping
    /// (`author:` with `name:` and `url:` under it) or a list holding
    /// anything but plain values (`links:` with `- title: x`); `nil` otherwise.
    private static func nestedReason(_ field: FrontMatterField) -> String? {
        guard let node = field.node else { return nil }
        if case .mapping = node.content {
            return "`\(field.key)` is a nested mapping; edit the YAML as text"
        }
        if let items = node.items, items.contains(where: { $0.scalar == nil }) {
            return "`\(field.key)` is a list of mappings or lists; edit the YAML as text"
        }
        return nil
    }

    /// Whether a YAML front-matter value is text of several lines (a
    /// literal or folded block scalar, or a quoted scalar holding a line
    /// break): it is typed in a text area, since a one-line field would
    /// lose its line breaks. Tiledown's flat front matter is one line a value.
    private static func spansLines(_ existing: FrontMatterField?, original: String, dialect: FrontMatterDialect) -> Bool {
        guard dialect == .yaml, let existing else { return false }
        if let style = existing.node?.scalar?.style, style == .literal || style == .folded { return true }
        return existing.node?.scalar != nil && original.contains(where: \.isNewline)
    }

    // MARK: Values

    private static func displayText(_ value: TileValue) -> String {
        switch value {
        case .list(let items): items.joined(separator: ", ")
        case .text(let text), .literal(let text): text
        }
    }

    private static func input(for kind: TilePropertyKind?, existing: TileValue?) -> InspectorField.Input {
        switch kind {
        case .multilineText?: return .multiline
        case .boolean?: return .toggle
        case .choice(let words)?: return .choice(words)
        case .list?: return .list
        default:
            if case .literal? = existing { return .multiline }
            if case .list? = existing { return .list }
            return .line
        }
    }

    /// The items of a tile value shown as a list: a list's, else the
    /// comma-separated parts of its text.
    private static func listItems(_ value: TileValue?) -> [String] {
        switch value {
        case .list(let items)?: items
        case .text(let text)?, .literal(let text)?: items(text)
        case nil: []
        }
    }

    static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The value to write: lists stay lists, multi-line text becomes a literal.
    static func value(_ draft: String, existing: TileValue?) -> TileValue {
        if case .list? = existing { return .list(items(draft)) }
        if draft.contains("\n") { return .literal(draft) }
        return .text(draft)
    }

    /// Whether the tile grammar can hold the draft (leading spaces, …).
    private static func writeProblem(key: String, draft: String, existing: TileValue?) -> String? {
        do {
            _ = try TileWriter.propertyText(key: key, value: value(draft, existing: existing), lineEnding: .lf)
            return nil
        } catch {
            return error.message
        }
    }
}
