/// Which side a merged line comes from.
public enum MergeSide: Sendable, Hashable {
    /// The editor's text.
    case ours
    /// The file on disk.
    case theirs
    /// Both sides made the same change.
    case both
}
