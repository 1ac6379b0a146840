import TileditTerminalToolkit
/// A one-line question the renderer asks before an action that needs a
/// value (view-local state): where to move a block, which property to
/// add, which line to go to.
public struct Prompt: Hashable, Sendable {
    /// What the answer is for.
    public enum Kind: Hashable, Sendable {
        /// A position from `firstPosition` (2 when front matter holds
        /// position 1, which nothing moves above) to `blockCount`.
        case moveBlock(firstPosition: Int, blockCount: Int)
        /// A property key.
        case addProperty
        /// A line number from 1.
        case goToLine
    }

    public var kind: Kind
    /// The answer being typed.
    public var field: TextField
    /// Why the answer cannot be used, after a refused Enter.
    public var message: String?

    public init(kind: Kind) {
        self.kind = kind
        field = TextField(accessibilityLabel: Self.question(for: kind))
    }

    /// The sheet's title.
    public var title: String {
        switch kind {
        case .moveBlock: "Move block"
        case .addProperty: "Add property"
        case .goToLine: "Go to line"
        }
    }

    /// The question, also the field's accessibility label.
    public var question: String { Self.question(for: kind) }

    private static func question(for kind: Kind) -> String {
        switch kind {
        case .moveBlock(let first, let count): "New position (\(first)–\(count))"
        case .addProperty: "Property name"
        case .goToLine: "Line number"
        }
    }
}
