/// What the server offers (`InitializeResult.capabilities`, LSP 3.17).
enum ServerCapabilities {
    /// Code action kinds the server returns.
    static let codeActionKinds = ["quickfix", "refactor.insert", "refactor.rewrite"]

    static func json(encoding: PositionEncoding) -> JSON {
        .object([
            ("positionEncoding", .string(encoding.rawValue)),
            // Incremental changes; open, close and save are wanted.
            ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2)), ("save", .object([("includeText", .bool(false))]))])),
            ("completionProvider", .object([("triggerCharacters", .array([" ", ":", ",", "."].map(JSON.string))), ("resolveProvider", .bool(false))])),
            ("hoverProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array(codeActionKinds.map(JSON.string)))])),
            ("documentFormattingProvider", .bool(true)),
            ("documentRangeFormattingProvider", .bool(true)),
            ("documentSymbolProvider", .bool(true)),
            ("foldingRangeProvider", .bool(true)),
            ("workspaceSymbolProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
        ])
    }
}
