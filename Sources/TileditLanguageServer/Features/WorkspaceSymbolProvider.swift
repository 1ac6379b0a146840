import Foundation
import TileditServices

/// `workspace/symbol`: the workspace search index's results for the query
/// (see `SearchQuery`: words, `"phrases"`, `tag:`, `type:`, `draft:`), each
/// at its best-matching line.
enum WorkspaceSymbolProvider {
    static let limit = 100

    static func symbols(_ context: RequestContext, _ params: JSON) async throws -> JSON {
        let query = params["query"]?.string ?? ""
        guard !query.trimmingSpaces().isEmpty else { return .array([]) }
        let knowledge = await context.workspace()
        try ResponseError.checkCancellation()
        guard let root = knowledge.root, let index = knowledge.searchIndex else { return .array([]) }
        return .array(index.search(query, limit: limit).map { result in
            let line = Swift.max(0, result.line - 1)
            let name = result.zone == .title || result.snippet.isEmpty ? result.title : "\(result.title): \(result.snippet)"
            let position = LSPPosition(line: line, character: 0)
            return .object([
                ("name", .string(name)),
                ("kind", .int(result.blockIndex == nil && result.zone == .title ? SymbolProvider.Kind.file.rawValue : SymbolProvider.Kind.string.rawValue)),
                ("containerName", .string(result.path)),
                ("location", LSPConversion.location(uri: root.appendingPathComponent(result.path).absoluteString,
                                                    range: LSPRange(start: position, end: position))),
            ])
        })
    }
}
