/// What the user typed for one block and has not applied to the text: a
/// value per field, keys being added, the block's text. Kept when the
/// selection moves to another block, saved in the recovery journal, and
/// counted as an unsaved edit, so no typing is ever lost.
public struct PendingBlockValues: Equatable, Sendable {
    /// Typed text by field key.
    public var fields: [String: String] = [:]
    /// Keys the user is adding, in the order added.
    public var addedKeys: [String] = []
    /// The block's text as typed (editable form), when it differs from the block's.
    public var text: String?

    public init(fields: [String: String] = [:], addedKeys: [String] = [], text: String? = nil) {
        self.fields = fields
        self.addedKeys = addedKeys
        self.text = text
    }

    /// Whether nothing is pending.
    public var isEmpty: Bool { fields.isEmpty && addedKeys.isEmpty && text == nil }

    /// Drops the typing of `key` (and the key itself when it was being added).
    mutating func drop(_ key: String) {
        fields[key] = nil
        addedKeys.removeAll { $0 == key }
    }
}
