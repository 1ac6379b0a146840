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

    /// Whether the value is typed on one line (a value of several lines
    /// is edited with `tiledit set` for now).
    public var isSingleLine: Bool { !text.utf8.contains { $0 == 0x0A || $0 == 0x0D } }

    /// The type `step` places along `YAMLValueType.allCases` from this
    /// field's type, wrapping around.
    public func steppedType(by step: Int) -> YAMLValueType {
        let types = YAMLValueType.allCases
        let index = types.firstIndex(of: type) ?? 0
        return types[((index + step % types.count) % types.count + types.count) % types.count]
    }

    /// For a boolean, the other value (`true` for anything but `true`);
    /// `nil` for any other type.
    public var toggledBoolean: String? {
        type == .boolean ? (text == "true" ? "false" : "true") : nil
    }

    /// The user typed: the text is `text`, checked against the type.
    mutating func typed(_ text: String) {
        self.text = text
        problem = type.problem(with: text)
    }

    /// The user chose `type`: the text is checked against it.
    mutating func chose(_ type: YAMLValueType) {
        self.type = type
        problem = type.problem(with: text)
    }
}
