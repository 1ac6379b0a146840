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
    public typealias Subject = InspectorSubject
    /// What the user is typing into.
    public typealias Editing = InspectorEditing
    /// What the user did in the inspector.
    public typealias Action = InspectorAction

    /// What the inspector shows.
    public private(set) var subject: Subject = .nothing
    /// What the user is typing into, if anything.
    public private(set) var editing: Editing?
    /// Values typed and not applied, by block.
    public private(set) var pending: [BlockID: PendingBlockValues] = [:]
    /// Why the last change was refused, until the next change.
    public internal(set) var refusal: ViewError?
    /// A new paragraph being typed (`o`), not in the document yet.
    public private(set) var newParagraph: NewParagraph?
    /// The editor's document, as of its last change.
    public private(set) var document: MarkdownDocument?
    /// The list field opened as a list, if any (`onList`, in
    /// `InspectorModel+List.swift`).
    public internal(set) var list: InspectorListField?
    /// The values used for a key across the workspace, with how many
    /// documents use each (given by the app from its document list), for
    /// a list item's completions.
    @ObservationIgnored var valuesInUse: @MainActor (String) -> [String: Int] = { _ in [:] }
    /// Position of the selected field as the user moved it (read through
    /// `selectedFieldIndex`, which keeps it within the fields).
    private var fieldSelection = 0

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

    /// Position of the selected field in `fields`, `nil` when there are none.
    public var selectedFieldIndex: Int? {
        let count = fields.count
        return count == 0 ? nil : Swift.min(fieldSelection, count - 1)
    }

    /// The selected field (the one keys act on), `nil` when there are none.
    public var selectedField: InspectorField? {
        let fields = fields
        return fields.isEmpty ? nil : fields[Swift.min(fieldSelection, fields.count - 1)]
    }

    /// The subject's text for an editor outside Tiledit, `nil` unless the
    /// subject is a prose or raw block (tiles and front matter have a form).
    public var externalEdit: ExternalEdit? {
        guard case .text(let id) = subject, let text else { return nil }
        return ExternalEdit(block: id, text: text)
    }

    /// Whether throwing away the typing of `target` loses something, so
    /// the user is asked first (otherwise the field or text just closes).
    public func losesTyping(discarding target: Editing) -> Bool {
        let pending = subjectPending
        switch target {
        case .field(let key): return pending.fields[key] != nil || pending.addedKeys.contains(key)
        case .text: return pending.text != nil
        case .newParagraph: return newParagraph?.hasText == true
        }
    }

    /// The block's text in the editable form, for the text area.
    public var originalText: String? {
        guard case .text = subject, let block, let document else { return nil }
        return document.editableText(of: block)
    }

    /// The text area's content: the pending text, else the block's.
    public var text: String? { subjectPending.text ?? originalText }

    /// Whether any block has a value typed and not applied.
    public var hasPendingValues: Bool { pending.values.contains { !$0.isEmpty } || newParagraph?.hasText == true }

    /// Problems of the block shown.
    public var diagnostics: [Diagnostic] { block?.diagnostics ?? [] }

    var form: InspectorForm? {
        guard let block, let document else { return nil }
        return InspectorForm(document: document, block: block, pending: subjectPending)
    }

    // MARK: Following the editor

    /// The editor's document or selection changed: show `selection`.
    /// Pending values stay with their blocks; those of blocks gone are dropped.
    func update(document: MarkdownDocument?, selection: BlockID?) {
        self.document = document
        for id in pending.keys where document?.index(of: id) == nil { pending[id] = nil }
        let next = Subject(selection.flatMap { document?.block(id: $0) })
        guard next != subject else { return followList() }
        subject = next
        list = nil
        // A new paragraph being typed stays open: it belongs to no block.
        if editing != .newParagraph { editing = nil }
        refusal = nil
    }

    /// Puts pending values back (recovered from the journal), and a new
    /// paragraph being typed, open again.
    func restore(_ values: [BlockID: PendingBlockValues], newParagraph draft: NewParagraph? = nil) {
        pending = values.filter { !$0.value.isEmpty }
        if let draft, draft.hasText {
            newParagraph = draft
            editing = .newParagraph
        }
    }

    /// Drops every pending value (the edits were discarded).
    func clearPending() {
        pending = [:]
        newParagraph = nil
        editing = nil
        refusal = nil
    }

    /// Opens the subject's form for typing on its first field that needs a
    /// value (its value has a message, or it is required and empty), else
    /// on its first field; nothing for a subject without fields.
    func openForm() {
        let fields = fields
        guard !fields.isEmpty else { return }
        let index = fields.firstIndex { $0.message != nil || ($0.isRequired && $0.draft.isEmpty) } ?? 0
        fieldSelection = index
        editing = .field(fields[index].key)
    }

    // MARK: Actions

    /// The user moved the field selection `offset` fields (any offset; it
    /// stays within the fields).
    public func onMovedFieldSelection(by offset: Int) {
        if let moved = ListPosition.moved(selectedFieldIndex ?? 0, by: offset, count: fields.count) { fieldSelection = moved }
    }

    /// Handles `action` and returns the operation the editor must apply
    /// for it, if any; the editor then calls `finish(_:refusal:)`.
    func handle(_ action: Action) -> DocumentOperation? {
        if let step = handleNewParagraph(action) { return step.operation }
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
            update(id) { $0.fields[key] = field.toggled }
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
            if let index = fields.firstIndex(where: { $0.key == trimmed }) { fieldSelection = index }
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
        case .beganNewParagraph, .changedNewParagraph, .leftNewParagraph, .discardedNewParagraph:
            break
        }
        return nil
    }

    /// The new paragraph's actions (`NewParagraph.step`; they need no
    /// subject: an empty document gets its first paragraph so); `nil` for
    /// any other action.
    private func handleNewParagraph(_ action: Action) -> (operation: DocumentOperation?, Void)? {
        guard let step = NewParagraph.step(newParagraph, typing: editing == .newParagraph, action) else { return nil }
        if case .beganNewParagraph = action { refusal = nil }
        newParagraph = step.draft
        if step.typing { editing = .newParagraph } else if editing == .newParagraph { editing = nil }
        return (step.operation, ())
    }

    /// The editor applied the operation `handle(action)` returned
    /// (`refusal == nil`), or refused it: the typing is dropped once
    /// written, and kept, with the reason, when refused.
    func finish(_ action: Action, refusal error: EditError?) {
        if case .leftNewParagraph = action {
            // Inserted, or refused: the typing stays, open, with the reason.
            if let error {
                refusal = ViewError(error.message)
                editing = .newParagraph
            } else {
                newParagraph = nil
            }
            return
        }
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
        case .removedField, .beganEditingField, .changedField, .discardedField, .addedProperty, .beganEditingText, .changedText, .discardedText,
             .beganNewParagraph, .changedNewParagraph, .leftNewParagraph, .discardedNewParagraph:
            break
        }
    }

    private func update(_ id: BlockID, _ change: (inout PendingBlockValues) -> Void) {
        var values = pending[id] ?? PendingBlockValues()
        change(&values)
        pending[id] = values.isEmpty ? nil : values
    }
}
