/// One document that matches a query, at its best-matching place.
public struct SearchResult: Sendable, Hashable {
    /// Path relative to the workspace root.
    public var path: String
    /// The document's title.
    public var title: String
    /// Where the best match is.
    public var zone: SearchZone
    /// Index of the matched block (from 0); `nil` for a YAML file or a title
    /// taken from the file name.
    public var blockIndex: Int?
    /// Line of the match, from 1.
    public var line: Int
    /// The matched line, trimmed, at most about 80 characters around the
    /// match (`…` where it was cut).
    public var snippet: String

    public init(path: String, title: String, zone: SearchZone, blockIndex: Int?, line: Int, snippet: String) {
        self.path = path
        self.title = title
        self.zone = zone
        self.blockIndex = blockIndex
        self.line = line
        self.snippet = snippet
    }
}
