import TileditTerminalToolkit
/// The panes of the editor, in Tab order: documents, blocks, inspector,
/// preview. Wide terminals show them all; narrow ones one at a time.
public enum Pane: Int, CaseIterable, Hashable, Sendable {
    case documents
    case blocks
    case inspector
    case preview

    /// The pane's accessibility label (titles, breadcrumb, status line, help).
    public var label: String {
        switch self {
        case .documents: "Documents"
        case .blocks: "Blocks"
        case .inspector: "Inspector"
        case .preview: "Preview"
        }
    }

    /// The next pane in Tab order (wrapping).
    public var next: Pane { Pane(rawValue: (rawValue + 1) % Self.allCases.count) ?? .documents }

    /// The previous pane in Tab order (wrapping).
    public var previous: Pane { Pane(rawValue: (rawValue + Self.allCases.count - 1) % Self.allCases.count) ?? .documents }
}
