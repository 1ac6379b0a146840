import TileditModel

/// The typed field editing the selected scalar: what the user is typing,
/// the type it is read as, and whether it is valid, checked on every keystroke.
public struct YAMLScalarField: Sendable, Hashable {
    /// The scalar being edited.
    public var id: YAMLNodeID
    /// The type the text is read as (from the scalar as written, or chosen).
    public var type: YAMLValueType
    /// The text as typed.
    public var text: String
    /// The value as it is in the file.
    public var original: String
    /// Why `text` cannot be applied, or `nil`.
    public var problem: String?

    /// Values offered as choices (booleans, nulls).
    public var choices: [String] { type.choices }

    /// Whether the text differs from the file and can be applied.
    public var canApply: Bool { problem == nil && text != original }
}
