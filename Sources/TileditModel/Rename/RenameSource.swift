/// A Markdown document of the workspace as a rename reads it: its path
/// (relative to the workspace, before the move), its bytes and how its
/// front matter is read.
public struct RenameSource: Sendable, Hashable {
    /// Relative to the workspace, `/`-separated, before the move.
    public var path: String
    /// The file's bytes (UTF-8).
    public var bytes: [UInt8]
    /// How its front matter is read.
    public var dialect: FrontMatterDialect

    public init(path: String, bytes: [UInt8], dialect: FrontMatterDialect) {
        self.path = path
        self.bytes = bytes
        self.dialect = dialect
    }
}
