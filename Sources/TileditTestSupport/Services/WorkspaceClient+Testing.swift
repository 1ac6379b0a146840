import Foundation
import Testing
import TileditServices

extension WorkspaceClient {
    /// A client whose every closure records an issue and throws `UnimplementedError`.
    public static var unimplemented: WorkspaceClient {
        WorkspaceClient(
            discover: { _ in
                Issue.record("WorkspaceClient.discover was called unexpectedly")
                throw UnimplementedError("WorkspaceClient.discover")
            },
            summarize: { _, _ in
                Issue.record("WorkspaceClient.summarize was called unexpectedly")
                throw UnimplementedError("WorkspaceClient.summarize")
            }
        )
    }

    /// A client that discovers `workspace` for any root and summarizes from
    /// its documents (an unlisted path records an issue and throws).
    public static func constant(_ workspace: Workspace) -> WorkspaceClient {
        WorkspaceClient(
            discover: { _ in workspace },
            summarize: { url, _ in
                if let summary = workspace.documents.first(where: { workspace.url(of: $0.path).path == url.path }) { return summary }
                Issue.record("WorkspaceClient.summarize was called for an unlisted \(url.path)")
                throw UnimplementedError("WorkspaceClient.summarize")
            }
        )
    }

    /// A client whose discovery fails with `error`.
    public static func failing(_ error: WorkspaceError) -> WorkspaceClient {
        WorkspaceClient(discover: { _ in throw error }, summarize: { _, _ in throw error })
    }
}
