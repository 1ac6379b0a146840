import TileditModel

/// The typed field editing the selected scalar: what the user is typing,
/// the type it is read as, and whether it is valid, checked on every
/// keystroke. In `tiledown.yml` the value is Tiledown's raw text, checked
/// against its key's rule (`SiteConfigurationSchema`), and a key with a
/// closed set of values offers them as choices.
public struct YAMLScalarField: Sendable, Hashable {
    /// The scalar being edited.
    public var id: YAMLNodeID
    /// The type the text is read as (from the scalar as written, or chosen).
    public var type: YAMLValueType
    /// The text as typed.
    public var text: String
    /// The value as it is in the file, as the field shows it.
    public var original: String
    /// Why `text` cannot be applied, or `nil`.
    public var problem: String?
    /// How the value is typed: on one line or several, and whether a
    /// block scalar's final line break is added back (`value`).
    public var editable = YAMLEditableText(text: "")
    /// In `tiledown.yml`: the key and what its value may be (`nil` for a
    /// key Tiledown does not know, and in other YAML files).
    public var siteKey: String?
    public var siteKind: SiteConfigurationValueKind?
    /// Whether the type is the one the text reads as written plain: for a
    /// null, until the user chooses a type (a null takes the type of its
    /// new text, as `YAMLScalarWriter.intent` writes it).
    public var typeFollowsText = false

    /// Values offered as choices: the key's closed set in `tiledown.yml`,
    /// else the type's (booleans, nulls).
    public var choices: [String] { siteKind?.choices ?? (isSiteConfiguration ? [] : type.choices) }

    /// Whether the field edits a value of `tiledown.yml` (raw text; the type does not change).
    public var isSiteConfiguration: Bool { siteKey != nil }

    /// Whether the text differs from the file and can be applied.
    public var canApply: Bool { problem == nil && text != original }

    /// Whether the value is typed on one line; a value of several lines
    /// (a block scalar, a quoted value over several lines) is typed in a
    /// text area.
    public var isSingleLine: Bool { !editable.isMultiline && !text.utf8.contains { $0 == 0x0A || $0 == 0x0D } }

    /// The value the text stands for (a block scalar's final line break added back).
    public var value: String { editable.value(of: text) }

    /// The type `step` places along `YAMLValueType.allCases` from this
    /// field's type, wrapping around.
    public func steppedType(by step: Int) -> YAMLValueType {
        let types = YAMLValueType.allCases
        let index = types.firstIndex(of: type) ?? 0
        return types[((index + step % types.count) % types.count + types.count) % types.count]
    }

    /// The choice `step` places from the text among `choices` (wrapping;
    /// the first or last when the text is none of them); `nil` without choices.
    public func steppedChoice(by step: Int) -> String? {
        guard !choices.isEmpty else { return nil }
        guard let index = choices.firstIndex(of: text) else { return step < 0 ? choices.last : choices.first }
        return choices[((index + step % choices.count) % choices.count + choices.count) % choices.count]
    }

    /// For a boolean, the other value (`true` for anything but `true`);
    /// `nil` for any other type.
    public var toggledBoolean: String? {
        let isBoolean = siteKind.map { $0 == .boolean } ?? (!isSiteConfiguration && type == .boolean)
        return isBoolean ? (text == "true" ? "false" : "true") : nil
    }

    /// Why `text` cannot be the value: the site key's rule, else the type's.
    func problem(with text: String) -> String? {
        if let siteKey { return siteKind?.problem(with: text, key: siteKey)?.message }
        return type.problem(with: text)
    }

    /// The user typed: the text is `text`, checked.
    mutating func typed(_ text: String) {
        self.text = text
        if typeFollowsText { type = YAMLValueType.takenByNull(text) }
        problem = problem(with: text)
    }

    /// The user chose `type`: the text is checked against it (the type of
    /// a `tiledown.yml` value is always text).
    mutating func chose(_ type: YAMLValueType) {
        guard !isSiteConfiguration else { return }
        self.type = type
        typeFollowsText = false
        problem = problem(with: text)
    }
}
