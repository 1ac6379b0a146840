/// Where in a document a search term matched; results rank by it.
public enum SearchZone: Int, Sendable, Hashable, Comparable, Codable {
    /// The document's title.
    case title = 0
    /// A front matter value (or, in a YAML file, nothing: those are body).
    case frontMatter = 1
    /// Prose, tile property values, raw blocks, YAML lines.
    case body = 2

    public static func < (lhs: SearchZone, rhs: SearchZone) -> Bool { lhs.rawValue < rhs.rawValue }
}
