/// Why a workspace could not be read.
public enum WorkspaceError: Error, Sendable, Hashable {
    /// Nothing is at the path.
    case missing(path: String)
    /// The workspace root is a file, not a folder.
    case notAFolder(path: String)
    /// The path is not a Markdown or YAML document.
    case notADocument(path: String)
    /// The file is not inside the workspace root.
    case outsideWorkspace(path: String, root: String)
    /// The folder or file cannot be read (permissions, I/O).
    case unreadable(path: String, reason: String)

    /// A sentence that names the path and says what to do.
    public var message: String {
        switch self {
        case .missing(let path): "\(path) does not exist; check the path."
        case .notAFolder(let path): "\(path) is a file; open its folder as a workspace, or open the file on its own."
        case .notADocument(let path): "\(path) is not a Markdown (.md, .markdown) or YAML (.yml, .yaml) file."
        case .outsideWorkspace(let path, let root): "\(path) is not inside the workspace \(root)."
        case .unreadable(let path, let reason): "\(path) cannot be read: \(reason)."
        }
    }
}
