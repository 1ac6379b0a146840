/// One entry of a folder listing (`.` and `..` excluded).
public struct FolderEntry: Sendable, Hashable {
    /// The entry's name (one path component).
    public var name: String
    /// Its kind, not following a symbolic link.
    public var kind: FileStatus.Kind

    public init(name: String, kind: FileStatus.Kind) {
        self.name = name
        self.kind = kind
    }
}
