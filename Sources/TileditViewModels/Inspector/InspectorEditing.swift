/// What the user is typing into in the inspector (`InspectorModel.editing`).
public enum InspectorEditing: Equatable, Sendable {
    /// The field `key` of the subject.
    case field(String)
    /// The subject's text.
    case text
}
