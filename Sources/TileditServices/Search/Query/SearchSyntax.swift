/// The query language, described once for every place that shows it: the
/// help overlay, the empty search box and document filter, `tiledit search
/// --help`.
public enum SearchSyntax {
    /// One form of the language and what it finds.
    public struct Form: Sendable, Hashable {
        /// What is typed, e.g. `tag:NAME`.
        public var example: String
        /// What it finds, one sentence.
        public var meaning: String
    }

    /// One line for an empty search box or filter.
    public static let hint = "words  \"a phrase\"  tag:NAME  type:TILE  draft:true|false"

    /// Every form, in the order to show them.
    public static let forms: [Form] = [
        Form(example: "words", meaning: "every word, in any case, with or without accents (cafe finds café); the last word as you type it (diag finds diagram)"),
        Form(example: "日本語", meaning: "Chinese, Japanese and Korean words inside longer runs of text"),
        Form(example: "\"a phrase\"", meaning: "the words next to each other, in this order"),
        Form(example: "tag:NAME", meaning: "documents with this tag (tag:\"two words\")"),
        Form(example: "type:TILE", meaning: "documents with a tile of this type (type:chart also finds a fenced chart)"),
        Form(example: "draft:true", meaning: "drafts only; draft:false leaves drafts out"),
    ]
}
