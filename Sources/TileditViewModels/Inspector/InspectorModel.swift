import Foundation
import Observation
import TileditModel

/// The inspector of the selected block: a typed form for a tile or the
/// front matter, a text area for prose and raw blocks.
///
/// It stores only what the user typed (drafts); fields, their messages and
/// whether a change can be applied are derived from the document and the
/// drafts on every read. Only valid changes are applied, through the
/// editor's `perform` closure, one undoable change per commit.
@Observable @MainActor
public final class InspectorModel {
    /// What the inspector shows.
    public enum Subject: Equatable, Sendable {
        case nothing
        case tile(BlockID)
        case frontMatter(BlockID)
        /// Prose or a raw block: edited as text.
        case text(BlockID)
    }

    /// What the inspector shows.
    public private(set) var subject: Subject = .nothing
    /// Typed text by key, for fields the user changed and did not apply.
    public private(set) var drafts: [String: String] = [:]
    /// Keys the user is adding that the schema does not list.
    public private(set) var addedKeys: [String] = []
    /// The text area's content while the user edits prose, else `nil`.
    public private(set) var textDraft: String?
    /// Why the last change was refused, until the next change.
    public private(set) var refusal: ViewError?

    @ObservationIgnored private let document: @MainActor () -> MarkdownDocument?
    @ObservationIgnored private let perform: @MainActor (DocumentOperation) -> EditError?

    /// - Parameters:
    ///   - document: the editor's current document.
    ///   - perform: applies an operation as one undoable change; returns why
    ///     it was refused, or `nil`.
    public init(document: @escaping @MainActor () -> MarkdownDocument?, perform: @escaping @MainActor (DocumentOperation) -> EditError?) {
        self.document = document
        self.perform = perform
    }

    // MARK: Derived state

    /// The block shown, if it still exists.
    public var block: Block? {
        guard let id = subjectID, let document = document() else { return nil }
        return document.block(id: id)
    }

    /// The tile type of a tile subject.
    public var tileType: String? { block?.kind.tile?.type }

    /// The fields of a tile or the front matter: every schema property (in
    /// canonical order), then the unknown ones written in the block, then
    /// keys being added.
    public var fields: [InspectorField] {
        guard let block, let document = document() else { return [] }
        switch block.kind {
        case .tile(let tile):
            return tileFields(tile, document: document)
        case .frontMatter(let frontMatter):
            return frontMatterFields(frontMatter)
        default:
            return []
        }
    }

    /// The field named `key`.
    public func field(_ key: String) -> InspectorField? { fields.first { $0.key == key } }

    /// Whether some field has an edit not applied yet.
    public var hasUnappliedEdits: Bool { !drafts.isEmpty || textDraft != nil && textDraft != originalText }

    /// The block's text, for the text area.
    public var originalText: String? {
        guard case .text = subject, let block, let document = document() else { return nil }
        return document.text(of: block)
    }

    /// Problems of the block shown.
    public var diagnostics: [Diagnostic] { block?.diagnostics ?? [] }

    private var subjectID: BlockID? {
        switch subject {
        case .nothing: nil
        case .tile(let id), .frontMatter(let id), .text(let id): id
        }
    }

    // MARK: Actions

    /// Shows `block` (called by the editor when the selection changes).
    /// Drafts of another block are dropped.
    public func show(_ block: Block?) {
        let next: Subject
        switch block?.kind {
        case .none: next = .nothing
        case .tile?: next = .tile(block?.id ?? BlockID(rawValue: 0))
        case .frontMatter(let frontMatter)?: next = frontMatter.source == nil ? .frontMatter(block?.id ?? BlockID(rawValue: 0)) : .text(block?.id ?? BlockID(rawValue: 0))
        default: next = .text(block?.id ?? BlockID(rawValue: 0))
        }
        guard next != subject else { return }
        subject = next
        drafts = [:]
        addedKeys = []
        textDraft = nil
        refusal = nil
    }

    /// The user typed in a field.
    public func onChangedField(_ key: String, text: String) {
        refusal = nil
        if let original = fields.first(where: { $0.key == key })?.original, original == text, !addedKeys.contains(key) {
            drafts[key] = nil
        } else {
            drafts[key] = text
        }
    }

    /// The user confirmed a field (Enter). Applies it when valid.
    ///
    /// - Returns: whether the change was applied (or there was nothing to apply).
    @discardableResult
    public func onCommittedField(_ key: String) -> Bool {
        guard let field = field(key) else { return false }
        guard field.isEdited || (addedKeys.contains(key) && !field.isPresent) else {
            drafts[key] = nil
            return true
        }
        if let message = field.message {
            refusal = ViewError(message)
            return false
        }
        let operation: DocumentOperation
        switch subject {
        case .tile(let id):
            operation = .setTileProperty(id, key: key, value: tileValue(for: field))
        case .frontMatter:
            if field.input == .list && block?.kind.frontMatter?.dialect == .yaml && (block?.kind.frontMatter?.field(key)?.node?.items != nil || !field.isPresent) {
                operation = .setFrontMatterList(key: key, items: items(field.draft))
            } else {
                operation = .setFrontMatterField(key: key, value: field.draft)
            }
        default:
            return false
        }
        if let error = perform(operation) {
            refusal = ViewError(error.message)
            return false
        }
        drafts[key] = nil
        addedKeys.removeAll { $0 == key }
        refusal = nil
        return true
    }

    /// The user abandoned their typing in a field (Escape).
    public func onRevertedField(_ key: String) {
        drafts[key] = nil
        addedKeys.removeAll { $0 == key }
        refusal = nil
    }

    /// The user asked to add a property the schema does not list.
    public func onTappedAddProperty(_ key: String) {
        let trimmed = key.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        if fields.contains(where: { $0.key == trimmed }) { return }
        addedKeys.append(trimmed)
        drafts[trimmed] = ""
    }

    /// The user removed a property or front-matter key.
    public func onTappedRemoveField(_ key: String) {
        let operation: DocumentOperation
        switch subject {
        case .tile(let id): operation = .removeTileProperty(id, key: key)
        case .frontMatter: operation = .removeFrontMatterField(key: key)
        default: return
        }
        drafts[key] = nil
        if let error = perform(operation) { refusal = ViewError(error.message) } else { refusal = nil }
    }

    /// The user typed in the text area.
    public func onChangedText(_ text: String) {
        refusal = nil
        textDraft = text == originalText ? nil : text
    }

    /// The user confirmed the text area. Empty text deletes the block.
    @discardableResult
    public func onCommittedText() -> Bool {
        guard case .text(let id) = subject, let text = textDraft else { return true }
        if let error = perform(.replaceBlockText(id, text: text)) {
            refusal = ViewError(error.message)
            return false
        }
        textDraft = nil
        refusal = nil
        return true
    }

    /// The user abandoned their text edit.
    public func onRevertedText() {
        textDraft = nil
        refusal = nil
    }

    /// The editor applied a change to `block`'s identity or replaced it
    /// (e.g. prose split into two blocks): follow the new identity.
    func follow(_ id: BlockID) {
        switch subject {
        case .tile: subject = .tile(id)
        case .frontMatter: subject = .frontMatter(id)
        case .text: subject = .text(id)
        case .nothing: break
        }
    }

    // MARK: Fields

    private func tileFields(_ tile: Tile, document: MarkdownDocument) -> [InspectorField] {
        let schema = document.catalog.schema(for: tile.type)
        var keys: [String] = ["id"]
        if schema != nil || tile.property("mode") != nil { keys.append("mode") }
        keys += schema?.properties.filter(\.isRequired).map(\.key) ?? []
        keys += schema?.properties.filter { !$0.isRequired }.map(\.key) ?? []
        for property in tile.properties where !keys.contains(property.key) { keys.append(property.key) }
        for key in addedKeys where !keys.contains(key) { keys.append(key) }
        if tile.form == .mermaidShorthand { keys = ["definition"] }
        return keys.map { key in
            let known = schema?.property(key) ?? (key == "id" ? TileCatalog.idProperty : key == "mode" ? TileCatalog.modeProperty : nil)
            let property = tile.property(key)
            let original = property.map { displayText($0.value) } ?? ""
            let draft = drafts[key] ?? original
            // A chart's `series.NAME` properties are numbers, though no
            // schema entry names them one by one.
            let isSeries = known == nil && key.hasPrefix("series.") && schema?.knows(key) == true
            let kind = known?.kind ?? (isSeries ? .numberList : nil)
            var message = kind.flatMap { $0.problem(with: value(draft, kind: $0, existing: property?.value), key: key) }
            if key == "id", message == nil, !draft.isEmpty, draft != tile.id, document.containsTileID(draft) {
                message = "tile id `\(draft)` is already used in this document"
            }
            if message == nil, known?.isRequired == true, draft.isEmpty, drafts[key] != nil {
                message = "tile `\(tile.type)` needs `\(key)`"
            }
            if message == nil, drafts[key] != nil, let problem = writeProblem(key: key, draft: draft, kind: kind, existing: property?.value) {
                message = problem
            }
            return InspectorField(
                key: key, summary: known?.summary ?? (key.hasPrefix("series.") && schema?.knows(key) == true ? "A data series" : "Unknown property"),
                hint: kind?.hint ?? (key.hasPrefix("series.") ? TilePropertyKind.numberList.hint : "text"),
                input: input(for: kind, key: key, existing: property?.value),
                isRequired: known?.isRequired ?? false, isKnown: known != nil || schema?.knows(key) == true,
                isPresent: property != nil, original: original, draft: draft, message: message)
        }
    }

    private func frontMatterFields(_ frontMatter: FrontMatter) -> [InspectorField] {
        let schema = FrontMatterSchema.tiledown
        var keys = frontMatter.fields.map(\.key)
        if frontMatter.dialect == .tiledown {
            for field in schema.fields where !keys.contains(field.key) { keys.append(field.key) }
        }
        for key in addedKeys where !keys.contains(key) { keys.append(key) }
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }.map { key in
            let existing = frontMatter.field(key)
            let known = schema.field(key)
            let isList = existing?.node?.items != nil || (known?.kind == .list && frontMatter.dialect == .yaml && existing == nil)
            let original = existing.map { field in
                field.node?.items.map { $0.compactMap(\.scalar?.value).joined(separator: ", ") } ?? field.value
            } ?? ""
            let draft = drafts[key] ?? original
            var message = drafts[key] == nil ? nil : schema.problem(with: draft, for: key)
            if message == nil, drafts[key] != nil, frontMatter.dialect == .tiledown, draft.contains("\n") {
                message = "Tiledown front matter values are one line"
            }
            if message == nil, drafts[key] != nil, frontMatter.dialect == .tiledown, draft != draft.trimmingCharacters(in: .whitespaces) {
                message = "values are trimmed; remove the spaces at the start and end"
            }
            if message == nil, drafts[key] != nil, existing?.node.map({ $0.scalar == nil && $0.items == nil }) == true {
                message = "`\(key)` is a nested mapping; edit the YAML as text"
            }
            let input: InspectorField.Input = isList || known?.kind == .list ? .list : known?.kind == .boolean ? .toggle : .line
            return InspectorField(
                key: key, summary: known?.summary ?? "Front matter key", hint: known?.kind.hint ?? "text", input: input,
                isRequired: false, isKnown: known != nil, isPresent: existing != nil,
                original: original, draft: draft, message: message)
        }
    }

    private func displayText(_ value: TileValue) -> String {
        switch value {
        case .list(let items): items.joined(separator: ", ")
        case .text(let text), .literal(let text): text
        }
    }

    private func input(for kind: TilePropertyKind?, key: String, existing: TileValue?) -> InspectorField.Input {
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

    private func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The value to write: lists stay lists, multi-line text becomes a literal.
    private func value(_ draft: String, kind: TilePropertyKind?, existing: TileValue?) -> TileValue {
        if case .list? = existing { return .list(items(draft)) }
        if draft.contains("\n") { return .literal(draft) }
        return .text(draft)
    }

    private func tileValue(for field: InspectorField) -> TileValue {
        guard case .tile = subject, let tile = block?.kind.tile else { return .text(field.draft) }
        return value(field.draft, kind: nil, existing: tile.value(field.key))
    }

    /// Whether the tile grammar can hold the draft (leading spaces, …).
    private func writeProblem(key: String, draft: String, kind: TilePropertyKind?, existing: TileValue?) -> String? {
        let candidate = value(draft, kind: kind, existing: existing)
        do {
            _ = try TileWriter.propertyText(key: key, value: candidate, lineEnding: .lf)
            return nil
        } catch {
            return error.message
        }
    }
}
