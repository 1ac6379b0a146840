/// A value offered while an item of a list field is typed: one used for
/// the same key somewhere in the workspace, with how many documents use it.
public struct ListValueCompletion: Equatable, Sendable, Identifiable {
    /// The value as written in the documents.
    public var value: String
    /// How many documents of the workspace list it under the key.
    public var uses: Int

    /// A completion of `value`, used by `uses` documents.
    public init(value: String, uses: Int) {
        self.value = value
        self.uses = uses
    }

    /// The value: unique among the completions of one key.
    public var id: String { value }
}
