import Foundation
import Observation
import TileditModel

/// The inspector of the selected block: a typed form for a tile or the
/// front matter, a text area for prose and raw blocks.
///
/// It keeps what the user typed and has not applied (pending values, by
/// block, kept when the selection moves) and what they are typing into.
/// Fields, their messages and whether a value can be applied are derived
/// from the document and the pending values on every read. An action that
/// would change the text returns the operation; the editor applies it and
/// reports back with `finish(_:refusal:)` (ARCHITECTURE.md, "View models").
@Observable @MainActor
public final class InspectorModel {
    /// What the inspector shows.
    public enum Subject: Equatable, Sendable {
        case nothing
        case tile(BlockID)
        case frontMatter(BlockID)
        /// Prose or a raw block: edited as text.
        case text(BlockID)

        /// The block shown.
        public var blockID: BlockID? {
            switch self {
            case .nothing: nil
            case .tile(let id), .frontMatter(let id), .text(let id): id
            }
        }
    }

    /// What the user is typing into.
    public enum Editing: Equatable, Sendable {
        /// The field `key` of the subject.
        case field(String)
        /// The subject's text.
        case text
    }

    /// What the user did in the inspector.
    public enum Action: Equatable, Sendable {
        /// Started typing into the field (Enter on it).
        case beganEditingField(String)
        /// Typed: the field now holds `text`.
        case changedField(String, text: String)
        /// Confirmed the field (Enter): applied when valid, else it stays open.
        case committedField(String)
        /// Left the field by any other key: applied when valid, else the
        /// value stays pending with its message.
        case leftField(String)
        /// Threw the typing of the field away (after confirming).
        case discardedField(String)
        /// Flipped a true/false field.
        case toggledField(String)
        /// Stepped a choice field's value by `by` places (wrapping).
        case steppedChoice(String, by: Int)
        /// Removed the property (or, for a key being added, the key).
        case removedField(String)
        /// Started adding a property the schema does not list.
        case addedProperty(String)
        /// Started typing into the text.
        case beganEditingText
        /// Typed: the text area now holds `text` (editable form).
        case changedText(String)
        /// Left the text area (any key): its text is applied.
        case leftText
        /// Threw the typed text away (after confirming).
        case discardedText
    }

    /// What the inspector shows.
    public private(set) var subject: Subject = .nothing
    /// What the user is typing into, if anything.
    public private(set) var editing: Editing?
    /// Values typed and not applied, by block.
    public private(set) var pending: [BlockID: PendingBlockValues] = [:]
    /// Why the last change was refused, until the next change.
    public private(set) var refusal: ViewError?
    /// The editor's document, as of its last change.
    public private(set) var document: MarkdownDocument?

    public init() {}

    // MARK: Derived state

    /// The block shown, if it still exists.
    public var block: Block? { subject.blockID.flatMap { document?.block(id: $0) } }

    /// The tile type of a tile subject.
    public var tileType: String? { block?.kind.tile?.type }

    /// The pending values of the block shown.
    public var subjectPending: PendingBlockValues { subject.blockID.flatMap { pending[$0] } ?? PendingBlockValues() }

    /// The fields of a tile or the front matter (see `InspectorForm`).
    public var fields: [InspectorField] { form?.fields ?? [] }

    /// The field named `key`.
    public func field(_ key: String) -> InspectorField? { fields.first { $0.key == key } }

    /// The block's text in the editable form, for the text area.
    public var originalText: String? {
        guard case .text = subject, let block, let document else { return nil }
        return document.editableText(of: block)
    }

    /// The text area's content: the pending text, else the block's.
    public var text: String? { subjectPending.text ?? originalText }

    /// Whether any block has a value typed and not applied.
    public var hasPendingValues: Bool { pending.values.contains { !$0.isEmpty } }

    /// Problems of the block shown.
    public var diagnostics: [Diagnostic] { block?.diagnostics ?? [] }

    private var form: InspectorForm? {
        guard let block, let document else { return nil }
        return InspectorForm(document: document, block: block, pending: subjectPending)
    }

    // MARK: Following the editor

    /// The editor's document or selection changed: show `selection`.
    /// Pending values stay with their blocks; those of blocks gone are dropped.
    func update(document: MarkdownDocument?, selection: BlockID?) {
        self.document = document
        for id in pending.keys where document?.index(of: id) == nil { pending[id] = nil }
        let block = selection.flatMap { document?.block(id: $0) }
        let next: Subject
        switch block?.kind {
        case nil: next = .nothing
        case .tile?: next = .tile(block?.id ?? BlockID(rawValue: 0))
        case .frontMatter(let frontMatter)?: next = frontMatter.source == nil ? .frontMatter(block?.id ?? BlockID(rawValue: 0)) : .text(block?.id ?? BlockID(rawValue: 0))
        default: next = .text(block?.id ?? BlockID(rawValue: 0))
        }
        guard next != subject else { return }
        subject = next
        editing = nil
        refusal = nil
    }

    /// Puts pending values back (recovered from the journal).
    func restore(_ values: [BlockID: PendingBlockValues]) {
        pending = values.filter { !$0.value.isEmpty }
    }

    /// Drops every pending value (the edits were discarded).
    func clearPending() {
        pending = [:]
        editing = nil
        refusal = nil
    }

    // MARK: Actions

    /// Handles `action` and returns the operation the editor must apply
    /// for it, if any; the editor then calls `finish(_:refusal:)`.
    func handle(_ action: Action) -> DocumentOperation? {
        guard let id = subject.blockID else { return nil }
        refusal = nil
        switch action {
        case .beganEditingField(let key):
            guard field(key) != nil else { return nil }
            editing = .field(key)
        case .changedField(let key, let text):
            let isAdded = subjectPending.addedKeys.contains(key)
            update(id) { $0.fields[key] = text == field(key)?.original && !isAdded ? nil : text }
        case .committedField(let key), .leftField(let key):
            if case .leftField = action, editing == .field(key) { editing = nil }
            guard let field = field(key) else { return nil }
            guard field.isEdited || (subjectPending.addedKeys.contains(key) && !field.isPresent) else {
                update(id) { $0.drop(key) }
                if case .committedField = action { editing = nil }
                return nil
            }
            if let message = field.message {
                // Enter stays in the field; leaving keeps the value pending, its message beside it.
                if case .committedField = action { refusal = ViewError(message) }
                return nil
            }
            return form?.operation(writing: field)
        case .discardedField(let key):
            update(id) { $0.drop(key) }
            if editing == .field(key) { editing = nil }
        case .toggledField(let key):
            guard let field = field(key), field.input == .toggle else { return nil }
            update(id) { $0.fields[key] = BooleanWord.toggled(field.draft) }
            return self.field(key).flatMap { form?.operation(writing: $0) }
        case .steppedChoice(let key, let step):
            guard let field = field(key), case .choice(let words) = field.input, !words.isEmpty else { return nil }
            let current = words.firstIndex(of: field.draft)
            let next = current.map { (($0 + step) % words.count + words.count) % words.count } ?? (step > 0 ? 0 : words.count - 1)
            update(id) { $0.fields[key] = words[next] }
            return self.field(key).flatMap { form?.operation(writing: $0) }
        case .removedField(let key):
            update(id) { $0.drop(key) }
            if editing == .field(key) { editing = nil }
            guard field(key)?.isPresent == true else { return nil }
            return form?.operation(removing: key)
        case .addedProperty(let key):
            let trimmed = key.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, field(trimmed) == nil else { return nil }
            update(id) {
                $0.addedKeys.append(trimmed)
                $0.fields[trimmed] = ""
            }
            editing = .field(trimmed)
        case .beganEditingText:
            guard case .text = subject else { return nil }
            editing = .text
        case .changedText(let text):
            guard case .text = subject else { return nil }
            update(id) { $0.text = text == originalText ? nil : text }
        case .leftText:
            if editing == .text { editing = nil }
            guard case .text = subject, let text = subjectPending.text else { return nil }
            return .replaceBlockText(id, text: text)
        case .discardedText:
            update(id) { $0.text = nil }
            if editing == .text { editing = nil }
        }
        return nil
    }

    /// The editor applied the operation `handle(action)` returned
    /// (`refusal == nil`), or refused it: the typing is dropped once
    /// written, and kept, with the reason, when refused.
    func finish(_ action: Action, refusal error: EditError?) {
        guard let id = subject.blockID else { return }
        if let error {
            refusal = ViewError(error.message)
            return
        }
        refusal = nil
        switch action {
        case .committedField(let key), .leftField(let key), .toggledField(let key), .steppedChoice(let key, _):
            update(id) { $0.drop(key) }
            if case .committedField = action, editing == .field(key) { editing = nil }
        case .leftText:
            update(id) { $0.text = nil }
        case .removedField, .beganEditingField, .changedField, .discardedField, .addedProperty, .beganEditingText, .changedText, .discardedText:
            break
        }
    }

    private func update(_ id: BlockID, _ change: (inout PendingBlockValues) -> Void) {
        var values = pending[id] ?? PendingBlockValues()
        change(&values)
        pending[id] = values.isEmpty ? nil : values
    }
}
