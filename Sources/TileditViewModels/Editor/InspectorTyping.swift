import TileditModel

/// What a Markdown editor does for its inspector: an inspector action
/// that changes the text is applied as one undoable change through
/// `BlockEdits` and its outcome handed back to the inspector; every
/// keystroke is an unsaved edit the session journals; the text of a
/// prose block goes to an outside editor and comes back.
@MainActor
final class InspectorTyping {
    private let inspector: InspectorModel
    private let edits: BlockEdits
    private let session: DocumentSession

    init(inspector: InspectorModel, edits: BlockEdits, session: DocumentSession) {
        self.inspector = inspector
        self.edits = edits
        self.session = session
    }

    /// Carries out `action`: typing stays pending; an operation the
    /// inspector returns is applied, and the inspector told whether it was
    /// refused (then the typing stays, with the reason).
    func perform(_ action: InspectorAction) {
        if let operation = inspector.handle(action) {
            var refusal: EditError?
            do {
                try edits.apply(operation)
            } catch {
                refusal = error
            }
            inspector.finish(action, refusal: refusal)
        }
        // A note naming values a save left out goes with the last of them.
        if edits.notesLast == .whilePendingValues && !inspector.hasPendingValues { edits.notes = [] }
        // Typing is an unsaved edit from the first key: the journal follows it.
        session.pendingValuesChanged()
    }

    /// Carries out a list field's `action`: a change to its items is
    /// applied as one undoable change, and the inspector told whether it
    /// was refused.
    func performList(_ action: InspectorListAction) {
        guard let operation = inspector.handleList(action) else { return }
        var refusal: EditError?
        do {
            try edits.apply(operation)
        } catch {
            refusal = error
        }
        inspector.finishList(action, refusal: refusal)
    }

    /// Throws the typing of `target` away (asking first is the editor's).
    func discard(_ target: InspectorEditing) {
        switch target {
        case .field(let key): perform(.discardedField(key))
        case .text: perform(.discardedText)
        case .newParagraph: perform(.discardedNewParagraph)
        }
    }

    /// Applies every value typed into the selected block: its text, or
    /// each edited field as if confirmed with Enter.
    ///
    /// - Returns: whether nothing typed is left (a value that is not
    ///   valid stays, with its message).
    func applyAll() -> Bool {
        if inspector.newParagraph != nil { perform(.leftNewParagraph) }
        guard !inspector.subjectPending.isEmpty else { return inspector.newParagraph == nil }
        if case .text = inspector.subject {
            perform(.leftText)
        } else {
            for field in inspector.fields where field.isEdited { perform(.committedField(field.key)) }
        }
        return inspector.subjectPending.isEmpty && inspector.newParagraph == nil
    }

    /// The selected block's text for an outside editor, or why not as the
    /// note (tiles and front matter have a form; with nothing selected,
    /// nothing is said).
    func externalEdit() -> ExternalEdit? {
        if let edit = inspector.externalEdit { return edit }
        switch inspector.subject {
        case .frontMatter: edits.notes = ["Only prose blocks open in $EDITOR; front matter has a form"]
        case .tile: edits.notes = ["Only prose blocks open in $EDITOR; tiles have a form"]
        case .text, .nothing: break
        }
        return nil
    }

    /// The outside editor gave back `text` for `edit`: the block is
    /// selected and its text applied as one undoable change (nothing when
    /// unchanged); a note says so when the block is gone.
    func applyExternal(_ edit: ExternalEdit, text: String) {
        guard edits.document.value?.index(of: edit.block) != nil else {
            edits.notes = ["The block is gone; the text from $EDITOR was not applied"]
            return
        }
        edits.selectByUser(edit.block)
        perform(.changedText(edit.text(afterEditing: text)))
        perform(.leftText)
    }
}
