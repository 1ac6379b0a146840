import TileditModel

/// Model values as LSP 3.17 JSON: diagnostics, text edits, locations.
enum LSPConversion {
    /// `DiagnosticSeverity`: 1 error, 2 warning, 3 information.
    static func severity(_ severity: Diagnostic.Severity) -> Int {
        switch severity {
        case .error: 1
        case .warning: 2
        case .info: 3
        }
    }

    /// A `Diagnostic`: range, severity, code (the rule's name), source `tiledit`, message.
    static func diagnostic(_ diagnostic: Diagnostic, in document: OpenDocument, encoding: PositionEncoding) -> JSON {
        .object([
            ("range", document.range(of: diagnostic.range, encoding: encoding).json),
            ("severity", .int(severity(diagnostic.severity))),
            ("code", .string(diagnostic.code.rawValue)),
            ("source", .string("tiledit")),
            ("message", .string(diagnostic.message)),
        ])
    }

    /// A `TextEdit` for a model edit (byte range, bytes).
    static func textEdit(_ edit: TextEdit, in document: OpenDocument, encoding: PositionEncoding) -> JSON {
        .object([
            ("range", document.range(of: edit.range, encoding: encoding).json),
            ("newText", .string(String(decoding: edit.replacement, as: UTF8.self))),
        ])
    }

    /// A `WorkspaceEdit` changing one document.
    static func workspaceEdit(_ edits: [TextEdit], in document: OpenDocument, encoding: PositionEncoding) -> JSON {
        .object([("changes", .object([(document.uri, .array(edits.map { textEdit($0, in: document, encoding: encoding) }))]))])
    }

    /// A `Location`.
    static func location(uri: String, range: LSPRange) -> JSON {
        .object([("uri", .string(uri)), ("range", range.json)])
    }

    /// `MarkupContent` in Markdown.
    static func markdown(_ text: String) -> JSON {
        .object([("kind", .string("markdown")), ("value", .string(text))])
    }
}
