/// What the user is typing into in the inspector (`InspectorModel.editing`).
public enum InspectorEditing: Equatable, Sendable {
    /// The field `key` of the subject.
    case field(String)
    /// The subject's text.
    case text
    /// A new paragraph's text (`InspectorModel.newParagraph`), typed
    /// before the paragraph is in the document.
    case newParagraph
}
