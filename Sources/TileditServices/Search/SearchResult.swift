/// One document that matches a query, at its best-matching place.
public struct SearchResult: Sendable, Hashable {
    /// Path relative to the workspace root.
    public var path: String
    /// The document's title.
    public var title: String
    /// Where the best match is.
    public var zone: SearchZone
    /// Line of the match, from 1 (the editor finds its block when the
    /// result is opened).
    public var line: Int
    /// The matched line, trimmed, at most about 80 characters around the
    /// match (`…` where it was cut); for a match in the title, the title.
    public var snippet: String

    public init(path: String, title: String, zone: SearchZone, line: Int, snippet: String) {
        self.path = path
        self.title = title
        self.zone = zone
        self.line = line
        self.snippet = snippet
    }
}
