import Foundation

/// A workspace session's state (`AppModel.session`): closed, opening,
/// open at its root, or failed with the reason.
public enum WorkspaceSession: Equatable, Sendable {
    case closed
    case opening(path: String)
    case open(root: URL)
    case failed(ViewError)

    public var root: URL? {
        if case .open(let root) = self { return root }
        return nil
    }
}
