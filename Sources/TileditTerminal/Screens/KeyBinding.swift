import TileditTerminalToolkit
/// One line of the key map: the keys, how the help overlay writes them,
/// and the command they give in a scope. A binding without a command is a
/// note for the help overlay (keys a text field reads itself).
public struct KeyBinding: Hashable, Sendable {
    /// The keys that give the command.
    public var keys: [KeyEvent]
    /// The keys as the help overlay writes them, e.g. `K, Alt-↑`.
    public var keyLabel: String
    /// The command, or `nil` for a note.
    public var command: Command?
    /// Where the binding applies.
    public var scope: KeyScope
    /// What the keys do: the command's label, or the note's text.
    public var label: String

    public init(_ scope: KeyScope, _ keys: [KeyEvent], _ keyLabel: String, _ command: Command) {
        self.scope = scope
        self.keys = keys
        self.keyLabel = keyLabel
        self.command = command
        label = command.label
    }

    /// A note: keys a widget reads itself, listed for the help overlay.
    public init(_ scope: KeyScope, note keyLabel: String, _ label: String) {
        self.scope = scope
        keys = []
        self.keyLabel = keyLabel
        command = nil
        self.label = label
    }
}
