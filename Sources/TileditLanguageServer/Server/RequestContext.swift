import Foundation
import TileditModel
import TileditServices

/// What a request handler works with: a snapshot of the open documents and
/// of what the server knows about the workspace, taken when the request
/// arrived (later changes do not reach a running request).
struct RequestContext: Sendable {
    var documents: [String: OpenDocument]
    var encoding: PositionEncoding
    var fileSystem: FileSystem
    /// What the server knows of the workspace, once its first scan is done.
    var workspace: @Sendable () async -> WorkspaceKnowledge

    /// The open document named by `params.textDocument.uri`.
    func document(_ params: JSON) throws(ResponseError) -> OpenDocument {
        guard let uri = params["textDocument"]?["uri"]?.string else { throw .invalidParams("`textDocument.uri` is missing") }
        guard let document = documents[uri] else { throw .invalidParams("`\(uri)` is not open") }
        return document
    }

    /// `params.position` as a byte offset in `document`.
    func offset(_ params: JSON, in document: OpenDocument) throws(ResponseError) -> Int {
        guard let position = LSPPosition(json: params["position"]) else { throw .invalidParams("`position` is missing") }
        return document.offset(of: position, encoding: encoding)
    }
}

/// What the server knows about the workspace folder: its root, the tags
/// its documents use and its search index (built in the background after
/// `initialized`, updated as documents are saved).
struct WorkspaceKnowledge: Sendable {
    /// The workspace folder, when the client named one.
    var root: URL?
    /// Tags used by the workspace's documents, by path (relative to `root`).
    var tagsByPath: [String: [String]] = [:]
    /// The search index, once built.
    var searchIndex: SearchIndex?

    /// Every tag in use, sorted, each once (case kept as first written).
    func tags(including extra: [String] = []) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for tag in tagsByPath.keys.sorted().flatMap({ tagsByPath[$0] ?? [] }) + extra where seen.insert(tag.lowercased()).inserted {
            result.append(tag)
        }
        return result.sorted { $0.lowercased() < $1.lowercased() }
    }

    /// The path of `url` relative to the root, when it lies inside it.
    func relativePath(of url: URL) -> String? {
        guard let root else { return nil }
        let rootPath = root.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        let prefix = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }
}
