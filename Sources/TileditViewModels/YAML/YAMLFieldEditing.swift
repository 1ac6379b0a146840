import TileditModel

/// The typed field of the selected scalar as the user types into it and
/// it is written into the file: typing begins on a value (on one line, or
/// in a text area for a value of several lines) and ends when the value
/// is written, left or thrown away. The value (a block scalar's final line
/// break added back) goes to the model's `.setScalar` operation with the
/// field's type, or, in `tiledown.yml`, as Tiledown's raw text; the model
/// keeps the value's style and refuses, with the reason, what it cannot
/// write exactly. A boolean's other value and a closed set's next choice
/// are written at once.
@MainActor
struct YAMLFieldEditing {
    let edits: YAMLFileEdits

    /// Enter on the selection: a collapsed mapping or sequence expands; a
    /// value begins typing.
    func begin() {
        guard let index = edits.selectedRow, let row = edits.row(at: index) else { return }
        if row.isExpanded == false { return edits.expandSelection() }
        if edits.field != nil { edits.isTyping = true }
    }

    /// Writes the field's text into the file; typing ends when it is written.
    ///
    /// - Returns: whether the file changed; when not, `field.problem` or
    ///   `notes` says why (an unchanged value changes nothing).
    func commit() -> Bool {
        guard let current = edits.field else { return false }
        if let problem = current.problem(with: current.text) {
            edits.field?.problem = problem
            return false
        }
        let written = edits.resolve(current.id)?.node.scalar
        let typeChanged = !current.isSiteConfiguration && current.type != written.map(YAMLValueType.init)
        guard current.text != current.original || typeChanged else { return false }
        guard edits.file.value != nil, written != nil else { return refuse("the value is no longer in the file") }
        // No copy of the file is kept past this line: the edit changes its bytes in place.
        guard let path = edits.file.value.flatMap({ YAMLNodeLocator(file: $0).path(of: current.id) }) else {
            return refuse("a key on the way to this value is not a plain key or appears twice; edit it in the source")
        }
        let operation = YAMLOperation.setScalar(path, value: current.value, type: current.isSiteConfiguration ? nil : current.type)
        guard edits.perform(operation, document: current.id.document, select: current.id) else { return refuse(nil) }
        edits.isTyping = false
        return true
    }

    /// Leaving the field by any key but Enter: a valid changed value is
    /// written; an invalid one stays in the field with its message.
    func leave() {
        if edits.field?.canApply == true { _ = commit() }
        edits.isTyping = false
    }

    /// The typing is thrown away: the field shows the value in the file again.
    func discard() {
        if let original = edits.field?.original { edits.typed(original) }
        edits.isTyping = false
    }

    /// Writes `text` as the field's value at once (a choice, a boolean's other value).
    func write(_ text: String) -> Bool {
        edits.field?.typed(text)
        return commit()
    }

    /// `←`/`→` outside the field: the next of a closed set of values in
    /// `tiledown.yml` (written at once), else the next type.
    func step(by step: Int) {
        guard let field = edits.field else { return }
        guard field.isSiteConfiguration else { return edits.field?.chose(field.steppedType(by: step)) ?? () }
        guard let choice = field.steppedChoice(by: step) else {
            edits.notes = ["`\(field.siteKey ?? "")` takes text: Enter types it"]
            return
        }
        _ = write(choice)
    }

    /// A refusal: the note (or `message`) becomes the field's problem too.
    private func refuse(_ message: String?) -> Bool {
        if let message { edits.notes = [message] }
        if let note = edits.notes.first { edits.field?.problem = note }
        return false
    }
}
