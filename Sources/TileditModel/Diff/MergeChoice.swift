/// How a `MergeConflict` is settled.
public enum MergeChoice: Sendable, Hashable, CaseIterable {
    /// The editor's lines.
    case ours
    /// The lines on disk.
    case theirs
    /// The editor's lines, then the lines on disk.
    case both
}
