/// The requests the server answers, by method name, each over a snapshot
/// of the server's state (`RequestContext`).
enum RequestHandlers {
    typealias Handler = @Sendable (RequestContext, JSON) async throws -> JSON

    static func handler(for method: String) -> Handler? {
        switch method {
        case "textDocument/completion": { context, params in try await CompletionProvider.completion(context, params) }
        case "textDocument/hover": { context, params in try HoverProvider.hover(context, params) }
        case "textDocument/codeAction": { context, params in try CodeActionProvider.codeActions(context, params) }
        case "textDocument/formatting": { context, params in try FormattingProvider.formatting(context, params) }
        case "textDocument/rangeFormatting": { context, params in try FormattingProvider.rangeFormatting(context, params) }
        case "textDocument/documentSymbol": { context, params in try SymbolProvider.documentSymbols(context, params) }
        case "textDocument/foldingRange": { context, params in try FoldingProvider.foldingRanges(context, params) }
        case "textDocument/definition": { context, params in try DefinitionProvider.definition(context, params) }
        case "workspace/symbol": { context, params in try await WorkspaceSymbolProvider.symbols(context, params) }
        default: nil
        }
    }
}
