import TileditModel

/// One field of the inspector: a tile property or a front-matter key, with
/// the text the user is typing.
public struct InspectorField: Equatable, Sendable, Identifiable {
    /// How the field is edited.
    public enum Input: Equatable, Sendable {
        /// One line of text.
        case line
        /// Text that may span lines.
        case multiline
        /// true/false.
        case toggle
        /// One of these words.
        case choice([String])
        /// Items separated by commas.
        case list
    }

    /// The property or front-matter key.
    public var key: String
    /// What the key means (from the schema), or "Unknown property".
    public var summary: String
    /// What the value accepts, e.g. "a whole number from 240 to 720".
    public var hint: String
    /// How the field is edited.
    public var input: Input
    /// Whether the schema requires it.
    public var isRequired: Bool
    /// Whether the schema knows the key.
    public var isKnown: Bool
    /// Whether the key is written in the document now.
    public var isPresent: Bool
    /// The value in the document, as text (lists joined with `, `).
    public var original: String
    /// The text the user is typing (equal to `original` until they type).
    public var draft: String
    /// Why `draft` cannot be applied, or `nil` when it can (derived by the
    /// inspector from the draft, never stored separately).
    public var message: String?
    /// The whole numbers the schema allows, for a field that takes one
    /// (a chart's `height`, 240 to 720): a renderer may offer a spin
    /// button stepping within them. `nil` for any other field. What is
    /// typed outside them is still typed, and refused by `message`.
    public var wholeNumberRange: ClosedRange<Int>? = nil
    /// The value's items as the document has them, for a `.list` field
    /// (the list editor's rows, `InspectorListField`); empty for any other.
    public var items: [String] = []
    /// Why the value cannot be edited as a field (a YAML mapping, a list
    /// whose items are not all plain values), or `nil` when it can. Such a
    /// field shows its value (`original`, `FrontMatterField.outline`: one line
    /// a key or item, nested levels indented) and is edited as text in the document.
    public var readOnlyReason: String? = nil
    /// Whether a toggle writes `true` and `false` only: in YAML front
    /// matter, where YAML 1.2 reads `yes`, `no`, `on` and `off` as text.
    /// Elsewhere (tiles, Tiledown's flat front matter) it flips the word
    /// the value uses (`BooleanWord.toggled`).
    public var togglesCoreBooleans = false

    public var id: String { key }

    /// The line a renderer shows under the field: "accepts " and `hint`, or
    /// `readOnlyReason` for a value edited as text in the document.
    public var guidance: String { readOnlyReason ?? "accepts \(hint)" }

    /// Whether the field's control takes typing: not for a read-only value.
    public var isEditable: Bool { readOnlyReason == nil }

    /// What the toggle writes next: the other value of `draft`.
    public var toggled: String {
        togglesCoreBooleans ? (isOn ? "false" : "true") : BooleanWord.toggled(draft)
    }

    /// Whether the user changed the text and has not applied it.
    public var isEdited: Bool { draft != original }

    /// Whether a toggle shows on: its draft is a true word (`true`, `yes`,
    /// `on`, `1`, any case; `BooleanWord`).
    public var isOn: Bool { BooleanWord.isTrue(draft) }

    /// Whether removing means something: the key is written, or typing
    /// for it is pending.
    public var canRemove: Bool { isPresent || isEdited }
}
