/// What a key did to an editing widget, so the renderer knows whether to
/// forward a text change to its view model.
public enum EditOutcome: Hashable, Sendable {
    /// The text changed (the cursor may have moved too).
    case edited
    /// Only the cursor or the scroll position moved.
    case moved
    /// The key means nothing to the widget; the screen may use it.
    case ignored
}
