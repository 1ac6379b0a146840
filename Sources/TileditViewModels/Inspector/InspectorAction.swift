/// What the user did in the inspector, sent through
/// `DocumentEditorModel.onInspector(_:)`.
public enum InspectorAction: Equatable, Sendable {
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
    /// Flipped a true/false field, keeping its words (`yes`/`no`, `on`/`off`, …).
    case toggledField(String)
    /// Stepped a choice field's value by `by` places (wrapping).
    case steppedChoice(String, by: Int)
    /// Removed the property (or, for a key being added, the key).
    case removedField(String)
    /// Started adding a property the schema does not list; the new field
    /// is selected and open for its value.
    case addedProperty(String)
    /// Started typing into the text.
    case beganEditingText
    /// Typed: the text area now holds `text` (editable form).
    case changedText(String)
    /// Left the text area (any key): its text is applied.
    case leftText
    /// Threw the typed text away (after confirming).
    case discardedText
    /// Started a new paragraph at position `at` (from 0): its text area
    /// opens empty, and nothing is in the document yet.
    case beganNewParagraph(at: Int)
    /// Typed: the new paragraph's text area now holds `text`.
    case changedNewParagraph(String)
    /// Left the new paragraph's text area: with text, the paragraph is
    /// inserted (one undoable change); empty, it never was.
    case leftNewParagraph
    /// Threw the new paragraph's typing away (after confirming).
    case discardedNewParagraph
}
