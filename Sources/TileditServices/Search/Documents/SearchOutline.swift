/// What search knows about a document besides its words: the title the
/// results show, and what the `tag:`, `type:` and `draft:` filters read.
struct SearchOutline: Sendable, Equatable {
    /// Front matter `title`, else the first heading's text, else the file
    /// name (`DocumentMetadata`); a YAML file's top-level `title`.
    var title: String
    /// Line of the title (1 for a title from the file name).
    var titleLine: Int
    /// Whether the title is the file name (no field, no heading).
    var isTitleFromFileName: Bool
    /// Front matter `tags`, in order.
    var tags: [String] = []
    /// Front matter `draft` is true.
    var isDraft = false
    /// Tile types, each once, in order of first appearance (a fenced chart
    /// or diagram counts as `chart` or `mermaid`).
    var tileTypes: [String] = []
    /// Line of the `tags` field.
    var tagsLine: Int?
    /// Line of the `draft` field.
    var draftLine: Int?
    /// Line of the first tile of each type.
    var tileTypeLines: [String: Int] = [:]

    /// Records a tile (or fenced chart or diagram) of `type` at `line`.
    mutating func addTile(_ type: String, line: Int) {
        guard tileTypeLines[type] == nil else { return }
        tileTypeLines[type] = line
        tileTypes.append(type)
    }
}
