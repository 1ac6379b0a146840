/// A document as the search index holds it.
struct IndexedDocument: Sendable {
    /// A piece of a document that terms point at: the title, one front
    /// matter field, one block, or one line of a YAML file.
    struct Unit: Sendable {
        var zone: SearchZone
        var blockIndex: Int?
        /// File line of the first line of `text`, from 1.
        var firstLine: Int
        /// The source lines shown in snippets.
        var text: String
        /// The front matter key or tile type the unit holds, if any.
        var key: String?
    }

    var path: String
    var title: String
    /// Tags as written.
    var tags: [String]
    var isDraft: Bool
    var tileTypes: Set<String>
    var units: [Unit]
    /// The distinct terms of the document (to remove its postings).
    var terms: [String]
}
