/// A YAML text that libyaml cannot read, located in the parsed text.
public struct YAMLSyntaxError: Error, Sendable, Hashable {
    /// Which rule: `.yamlSyntax`, or a more precise one (`.yamlTabIndentation`,
    /// `.yamlColonInPlainValue`, `.yamlLimit`).
    public var code: DiagnosticCode
    /// A message that says what to change.
    public var message: String
    /// Byte offset of the problem in the parsed text.
    public var offset: Int
    /// Zero-based line of the problem in the parsed text.
    public var line: Int
    /// A fix, when the remedy is obvious (edits in the parsed text's coordinates).
    public var fix: DiagnosticFix?
    /// Byte offset of what libyaml was reading when it stopped (its context
    /// mark: the start of a simple key, a flow collection, a block scalar),
    /// when it gave one.
    public var contextOffset: Int?

    public init(code: DiagnosticCode, message: String, offset: Int, line: Int, fix: DiagnosticFix? = nil, contextOffset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.line = line
        self.fix = fix
        self.contextOffset = contextOffset
    }
}

/// The documents of a YAML stream and the error that stopped reading, if any.
public struct YAMLParseResult: Sendable, Hashable {
    /// Documents read before any error.
    public var documents: [YAMLDocumentNode]
    /// The first error; reading stops there.
    public var error: YAMLSyntaxError?
    /// Where valid YAML that libyaml 0.2.5 stops at was read past
    /// (`YAMLInputPatches`), each as the edit that lets libyaml read it.
    public var readPast: [TextEdit] = []
}
