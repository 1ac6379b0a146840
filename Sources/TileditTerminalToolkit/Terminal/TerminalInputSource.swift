/// Where a started `Terminal` gets its input: the descriptor of standard
/// input, the read end of the pipe a SIGWINCH writes to, and the escape
/// delay. Plain values, so a `KeyReader` can poll them on its own thread.
public struct TerminalInputSource: Sendable, Hashable {
    /// Standard input (raw bytes from the terminal).
    public var inputDescriptor: Int32
    /// Readable when the terminal was resized; drained by the reader.
    public var signalDescriptor: Int32
    /// How long a lone ESC waits for the rest of a sequence.
    public var escapeDelay: Duration

    public init(inputDescriptor: Int32, signalDescriptor: Int32, escapeDelay: Duration) {
        self.inputDescriptor = inputDescriptor
        self.signalDescriptor = signalDescriptor
        self.escapeDelay = escapeDelay
    }
}
